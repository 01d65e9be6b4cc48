package bench

import (
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// status is Signals.Status as the command gives it: 128 plus the
// signal's number.
func status(sig os.Signal) int { return 128 + int(sig.(syscall.Signal)) }

// syncWriter is a strings.Builder safe for the writes of several goroutines.
type syncWriter struct {
	mu sync.Mutex
	b  strings.Builder
}

// Write appends p under the lock.
func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// String returns what was written so far.
func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// TestWatchInterrupts checks the two interrupts: the first stops the run,
// the second exits at once with the signal's status.
func TestWatchInterrupts(t *testing.T) {
	sig := make(chan os.Signal) // unbuffered: a send returns once received
	done := make(chan struct{})
	stopped := make(chan struct{})
	exited := make(chan int, 1)
	var stderr syncWriter
	returned := make(chan struct{})
	sigs := Signals{Name: "minesweeper bench", C: sig, Exit: func(code int) { exited <- code }, Status: status}
	go func() {
		sigs.Watch(done, func(error) { close(stopped) }, &stderr, false)
		close(returned)
	}()
	sig <- os.Interrupt
	<-stopped
	select {
	case code := <-exited:
		t.Errorf("exit(%d) after one interrupt; want none", code)
	default:
	}
	sig <- os.Interrupt
	if code := <-exited; code != status(os.Interrupt) {
		t.Errorf("exit(%d) after two interrupts; want exit(%d)", code, status(os.Interrupt))
	}
	if want := "minesweeper bench: stopped again; quitting without a report\n"; stderr.String() != want {
		t.Errorf("stderr %q after two interrupts; want %q", stderr.String(), want)
	}
	<-returned
	close(done)

	// Without an interrupt, it returns when done is closed.
	done = make(chan struct{})
	returned = make(chan struct{})
	go func() {
		sigs := Signals{Name: "minesweeper bench", C: sig, Exit: func(int) { t.Error("exit called without an interrupt") }, Status: status}
		sigs.Watch(done, func(error) { t.Error("stop called without an interrupt") }, &stderr, false)
		close(returned)
	}()
	close(done)
	<-returned
}

//go:build unix

package ui

import (
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
)

// startPlayOn runs playOn on s in the background and returns when the loop
// runs, so that signals sent from then on are caught. The result arrives on
// the returned channel.
func startPlayOn(t *testing.T, s tcell.Screen, cfg Config, esc term.Rescue) <-chan outcome {
	t.Helper()
	cfg.Tick = -1
	ready := make(chan struct{})
	var once sync.Once
	cfg.Now = func() time.Time {
		once.Do(func() { close(ready) }) // the first frame: the signals are caught
		return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := playOnScreen(s, cfg, esc)
		done <- outcome{res, err}
	}()
	select {
	case <-ready:
	case o := <-done:
		t.Fatalf("playOn ended at once: %v", o.err)
	}
	return done
}

// waitOutcome returns what playOn returned, failing the test after 5 s.
func waitOutcome(t *testing.T, done <-chan outcome, what string) outcome {
	t.Helper()
	select {
	case o := <-done:
		return o
	case <-testwait.After(t):
		t.Fatalf("%s did not end the game", what)
	}
	return outcome{}
}

// TestSignalQuits checks that each quitting signal ends the game cleanly
// and is reported, so that the program exits with 128 plus its number.
func TestSignalQuits(t *testing.T) {
	for _, tt := range []struct {
		sig  syscall.Signal
		want int
	}{
		{syscall.SIGTERM, 143},
		{syscall.SIGHUP, 129},
		{syscall.SIGINT, 130},
		{syscall.SIGQUIT, 131},
	} {
		t.Run(tt.sig.String(), func(t *testing.T) {
			s := tcell.NewSimulationScreen("UTF-8")
			done := startPlayOn(t, s, asciiCfg(t, small), noRescue(t))
			if err := syscall.Kill(os.Getpid(), tt.sig); err != nil {
				t.Fatal(err)
			}
			o := waitOutcome(t, done, tt.sig.String())
			if o.err != nil || o.res.Signal != tt.sig {
				t.Errorf("playOn = signal %v, %v; want %v, nil", o.res.Signal, o.err, tt.sig)
			}
			if got := term.SignalStatus(o.res.Signal); got != tt.want {
				t.Errorf("SignalStatus(%v) = %d; want %d", tt.sig, got, tt.want)
			}
		})
	}
}

// stuckScreen is a screen whose Fini hangs until released, as tcell's does
// when its input reader is stuck.
type stuckScreen struct {
	tcell.SimulationScreen
	finiStarted chan struct{}
	release     chan struct{}
}

func (s *stuckScreen) Fini() {
	close(s.finiStarted)
	<-s.release
	s.SimulationScreen.Fini()
}

// TestSecondSignalRescues checks that a second signal while the screen
// cannot close restores the terminal first, then exits at once with the
// signal's status.
func TestSecondSignalRescues(t *testing.T) {
	s := &stuckScreen{tcell.NewSimulationScreen("UTF-8"), make(chan struct{}), make(chan struct{})}
	var mu sync.Mutex
	var calls []string
	exited := make(chan int, 1)
	esc := term.Rescue{
		Restore: func() { mu.Lock(); calls = append(calls, "restore"); mu.Unlock() },
		Exit: func(code int) {
			mu.Lock()
			calls = append(calls, "exit")
			mu.Unlock()
			exited <- code
		},
	}
	done := startPlayOn(t, s, asciiCfg(t, small), esc)
	defer func() {
		close(s.release)
		waitOutcome(t, done, "releasing the screen")
	}()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-s.finiStarted:
	case <-testwait.After(t):
		t.Fatal("SIGTERM did not end the loop")
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exited:
		if code != 130 {
			t.Errorf("exit(%d) after a second signal, SIGINT; want exit(130)", code)
		}
	case <-testwait.After(t):
		t.Fatal("a second signal did not exit while the screen hung")
	}
	mu.Lock()
	defer mu.Unlock()
	if len(calls) < 2 || calls[0] != "restore" || calls[1] != "exit" {
		t.Errorf("calls = %v; want restore, then exit", calls)
	}
}

// TestStuckFiniRestores checks that a screen that cannot close within
// finiLimit does not hold the game: the terminal is restored without it,
// and the game returns as usual.
func TestStuckFiniRestores(t *testing.T) {
	s := &stuckScreen{tcell.NewSimulationScreen("UTF-8"), make(chan struct{}), make(chan struct{})}
	defer close(s.release)
	restored := make(chan struct{}, 1)
	esc := term.Rescue{
		Restore: func() { restored <- struct{}{} },
		Exit:    func(code int) { t.Errorf("exit(%d) called", code) },
	}
	done := startPlayOn(t, s, asciiCfg(t, small), esc)
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	o := waitOutcome(t, done, "SIGTERM with a stuck screen")
	if o.err != nil || o.res.Signal != syscall.SIGTERM {
		t.Errorf("playOn = signal %v, %v; want SIGTERM, nil", o.res.Signal, o.err)
	}
	select {
	case <-restored:
	default:
		t.Error("the terminal was not restored when the screen could not close")
	}
}

// TestStopSignalSuspends checks that SIGTSTP from outside (kill -TSTP)
// suspends the game as Ctrl-Z does: the screen is released, the process
// stopped (here: Config.Suspend), and the game comes back paused.
func TestStopSignalSuspends(t *testing.T) {
	s := tcell.NewSimulationScreen("UTF-8")
	cfg := asciiCfg(t, small)
	suspended := make(chan struct{}, 1)
	cfg.Suspend = func() { suspended <- struct{}{} }
	cfg.Start.Clicks = []board.Point{{X: 4, Y: 0}} // a started game, so that it pauses
	done := startPlayOn(t, s, cfg, noRescue(t))
	if err := syscall.Kill(os.Getpid(), syscall.SIGTSTP); err != nil {
		t.Fatal(err)
	}
	select {
	case <-suspended:
	case <-testwait.After(t):
		t.Fatal("SIGTSTP did not suspend the game")
	}
	paused := make(chan string, 1)
	for s.PostEvent(tcell.NewEventInterrupt(func() {
		cells, _, _ := s.GetContents()
		var text []rune
		for _, c := range cells {
			text = append(text, c.Runes...)
		}
		paused <- string(text)
	})) != nil {
		time.Sleep(time.Millisecond)
	}
	if text := <-paused; !strings.Contains(text, "[ paused ]") {
		t.Errorf("the screen after SIGTSTP is %q; want the header paused", text)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waitOutcome(t, done, "SIGTERM")
}

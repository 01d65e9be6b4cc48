package serve

import (
	"bytes"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// testClock is a settable clock for Config.Now.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func newTestClock() *testClock { return &testClock{t: time.Now()} }

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// waitGoroutines waits until no more than base goroutines run, or fails
// the test with their stacks.
func waitGoroutines(t *testing.T, base int) {
	t.Helper()
	deadline := testwait.Limit(t)
	for runtime.NumGoroutine() > base {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines, %d before the session:\n%s", runtime.NumGoroutine(), base, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(time.Millisecond)
	}
}

// waitSessions waits until the server has n sessions.
func waitSessions(t *testing.T, ts *testServer, n int) {
	t.Helper()
	deadline := testwait.Limit(t)
	for ts.Sessions() != n {
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions by the test's deadline; want %d", ts.Sessions(), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// A byte that is not UTF-8 (a Latin-1 é) froze the game: tcell's input
// goroutine spun on it for ever, and no key after it was read.
func TestInvalidUTF8(t *testing.T) {
	ts := startServer(t, Config{})
	tm := open(t, ts.dial(t, nil), 80, 24)
	tm.waitFor("q quit")
	tm.send("\xe9")
	tm.send("q")
	if got := tm.wait(); got != 0 {
		t.Errorf("exit status %d; want 0", got)
	}
}

// A session whose client has gone stops all its work, whatever the client
// sent last: its goroutines end and none is left spinning.
func TestClientGone(t *testing.T) {
	tests := []struct {
		name string
		sent string
	}{
		{"nothing", ""},
		{"invalid UTF-8", "\xe9x\xe9\xe9\xe9"},
		{"an escape sequence never ended", "\x1b[1;2;3"},
		{"a control string never ended", "\x1b]52;c;"},
		{"zeros", string(make([]byte, 64<<10))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := startServer(t, Config{})
			base := runtime.NumGoroutine()
			c, err := ts.tryDial(nil)
			if err != nil {
				t.Fatal(err)
			}
			tm := open(t, c, 80, 24)
			tm.waitFor("q quit")
			if tt.sent != "" {
				tm.send(tt.sent)
			}
			c.Close()
			waitSessions(t, ts, 0)
			waitGoroutines(t, base)
			checkIdle(t)
		})
	}
}

// A mebibyte pasted costs the server the budget's keys, the rest dropped
// with a line to the player; the q typed after it is answered. It took
// 269 s and the q was lost.
func TestPasteThenQuit(t *testing.T) {
	clk := newTestClock()
	ts := startServer(t, Config{Now: clk.now, Limits: limits(func(l *Limits) { l.Handshake = 0 })})
	tm := open(t, ts.dial(t, nil), 80, 24)
	tm.waitFor("q quit")
	const size = 1 << 20
	tm.send(string(bytes.Repeat([]byte("x"), size))) // no key of the game
	tm.waitFor(fmt.Sprintf("%d ignored", size-inputBurst))
	clk.advance(time.Second)
	tm.send("q")
	if got := tm.wait(); got != 0 {
		t.Errorf("exit status %d; want 0", got)
	}
}

// inputBurst and inputRate are ui's: the keys a session takes at once,
// and a second after.
const (
	inputBurst = 240
	inputRate  = 60
)

// RFC 4254 says zero dimensions MUST be ignored: a client that sends 0x0
// (ssh -tt with a pipe for its input) is drawn on 80x24, and a window
// change with a zero keeps the size (the sizes themselves: host's
// TestZeroSize).
func TestZeroSize(t *testing.T) {
	ts := startServer(t, Config{})
	tm := open(t, ts.dial(t, nil), 0, 0)
	tm.waitFor("q quit")
	if err := tm.sess.WindowChange(0, 0); err != nil {
		t.Fatal(err)
	}
	if err := tm.sess.WindowChange(30, 100); err != nil {
		t.Fatal(err)
	}
	tm.waitFor("\x1b[30;") // the footer, on the new last row
	tm.send("q")
	if got := tm.wait(); got != 0 {
		t.Errorf("exit status %d; want 0", got)
	}
}

package serve

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"golang.org/x/crypto/ssh"
)

// A window change redraws the game at the terminal's new size.
func TestResize(t *testing.T) {
	ts := startServer(t, Config{})
	tm := open(t, ts.dial(t, nil), 80, 24)
	tm.waitFor("q quit")
	if strings.Contains(tm.output(), "\x1b[40;") {
		t.Fatalf("row 40 drawn on a terminal of 24 rows")
	}
	if err := tm.sess.WindowChange(40, 100); err != nil {
		t.Fatal(err)
	}
	tm.waitFor("\x1b[40;") // the footer, on the new last row
	tm.send("q")
	tm.wait()
}

// A client that stops reading holds neither the other sessions nor the
// server: while the server's write to it waits, another player's keys
// are drawn, each awaited as a state; and its connection is closed once
// a write has waited Limits.Stall. Neither part decides anything by how
// long a key took: the first has a Stall longer than the test, and ends
// the stalled client itself; the second waits for the close.
//
// Under the race detector filling a connection's window takes a minute:
// make test runs it again without.
func TestStalledClient(t *testing.T) {
	if raceEnabled {
		t.Skip("too slow under the race detector; make test runs it without")
	}
	t.Run("others play on", func(t *testing.T) {
		ts := startServer(t, Config{Limits: limits(func(l *Limits) { l.Stall = time.Hour })})
		player := open(t, ts.dial(t, nil), 80, 24)
		player.waitFor("q quit")
		c := stallClient(t, ts)
		if !testwait.Until(t, writeWaits) {
			t.Fatalf("no write of the server waits for the stalled client by the test's deadline")
		}
		for keys := range 5 {
			before := len(player.output())
			player.send("lh"[keys%2 : keys%2+1])
			if !testwait.Until(t, func() bool { return len(player.output()) > before }) {
				t.Fatalf("key %d: no frame by the test's deadline while another client stalls", keys)
			}
		}
		// A write to it waits still (a write may end and the next begin:
		// the state is awaited, not sampled).
		if !testwait.Until(t, writeWaits) {
			t.Errorf("the stalled client's write no longer waits: the keys were not drawn during a stall")
		}
		c.Close()
		if !testwait.Until(t, func() bool { return ts.Sessions() == 1 }) {
			t.Errorf("%d sessions after the stalled client left, want 1", ts.Sessions())
		}
		player.send("q")
		if got := player.wait(); got != 0 {
			t.Errorf("exit status %d, want 0", got)
		}
	})
	t.Run("closed", func(t *testing.T) {
		ts := startServer(t, Config{Limits: limits(func(l *Limits) { l.Stall = time.Second })})
		stallClient(t, ts)
		closed := func() bool { return strings.Contains(ts.logs.String(), "closed: the client read nothing for 1s") }
		if !testwait.Until(t, closed) {
			t.Fatalf("the stalled connection was not closed by the test's deadline")
		}
		if !testwait.Until(t, func() bool { return ts.Sessions() == 0 }) {
			t.Errorf("%d sessions after the stalled client's connection was closed, want 0", ts.Sessions())
		}
	})
}

// stallClient connects to ts with a large terminal whose output it never
// reads, and asks for redraws until the server's writes wait.
func stallClient(t *testing.T, ts *testServer) *ssh.Client {
	t.Helper()
	return stall(t, ts, "")
}

// stall is stallClient running command, or the game for "".
func stall(t *testing.T, ts *testServer, command string) *ssh.Client {
	t.Helper()
	return stallAs(t, ts, nil, command)
}

// stallAs is stall as the player of key (a guest for nil).
func stallAs(t *testing.T, ts *testServer, key ssh.Signer, command string) *ssh.Client {
	t.Helper()
	c := ts.dial(t, key)
	stalled, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	// Neither is read: the channel's window, which its output and its
	// errors share, fills and stays full (a client that read the errors
	// would open the window by as much again, and the stalled writes
	// would go on).
	if _, err := stalled.StdoutPipe(); err != nil {
		t.Fatal(err)
	}
	if _, err := stalled.StderrPipe(); err != nil {
		t.Fatal(err)
	}
	in, err := stalled.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := stalled.RequestPty("xterm-256color", 200, 400, nil); err != nil {
		t.Fatal(err)
	}
	start := stalled.Shell
	if command != "" {
		start = func() error { return stalled.Start(command) }
	}
	if err := start(); err != nil {
		t.Fatal(err)
	}
	// Redraws of a large screen, until the writes wait.
	go func() {
		for range 2000 {
			if _, err := io.WriteString(in, "\x0c"); err != nil {
				return
			}
		}
	}()
	return c
}

// writeWaits reports whether a write of the server to a client waits for
// the client to read (SSH's window is full): a state the goroutines'
// stacks show.
func writeWaits() bool {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "(*stallWriter).Write") && strings.Contains(g, "(*window).reserve") {
			return true
		}
	}
	return false
}

// A terminal of any size the client claims is drawn on, at most
// host.MaxColumns by host.MaxRows: a million columns would be terabytes of cells.
// Each size has a connection of its own: a connection has one game at a
// time, and a size that fails must not fail the others. The sizes play at
// once, each waiting for its screens.
//
// Under the race detector it plays the first size alone: each draws the
// largest screen, 1.4 s of CPU there; make test plays them all without
// it (NORACE_TESTS), and TestResize and TestZeroSize change sizes under it.
func TestTerminalSizes(t *testing.T) {
	ts := startServer(t, Config{})
	sizes := [][2]int{{1_000_000, 1_000_000}, {0, 0}, {1, 1}, {host.MaxColumns + 1, 24}}
	if raceEnabled {
		sizes = sizes[:1]
	}
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			tm := open(t, ts.dial(t, nil), size[0], size[1])
			if size[0] >= 80 {
				tm.waitFor("q quit")
			} else {
				tm.waitDrawn() // whatever fits
			}
			if err := tm.sess.WindowChange(1<<31-1, 1<<31-1); err != nil {
				t.Fatal(err)
			}
			tm.send("q")
			if got := tm.wait(); got != 0 {
				t.Errorf("exit status %d, want 0", got)
			}
		})
	}
}

package serve

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/testwait"
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
// server: its connection is closed once a write has waited Limits.Stall.
//
// Under the race detector filling a connection's window takes a minute:
// make test runs it again without.
func TestStalledClient(t *testing.T) {
	if raceEnabled {
		t.Skip("too slow under the race detector; make test runs it without")
	}
	ts := startServer(t, Config{Limits: limits(func(l *Limits) { l.Stall = time.Second })})
	c := ts.dial(t, nil)
	stalled, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out, err := stalled.StdoutPipe() // never read: the window fills
	if err != nil {
		t.Fatal(err)
	}
	_ = out
	in, err := stalled.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := stalled.RequestPty("xterm-256color", 200, 400, nil); err != nil {
		t.Fatal(err)
	}
	if err := stalled.Shell(); err != nil {
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

	player := open(t, ts.dial(t, nil), 80, 24)
	player.waitFor("q quit")
	// The player's keys are drawn at once until the stalled connection
	// is closed, and after.
	closed := func() bool { return strings.Contains(ts.logs.String(), "closed: the client read nothing for 1s") }
	limit := testwait.Limit(t)
	keys := 0
	for after := 0; after < 5; keys++ {
		if closed() {
			after++
		}
		if time.Now().After(limit) {
			t.Fatalf("the stalled connection was not closed by the test's deadline")
		}
		before := len(player.output())
		// A player's pace, under the input budget (inputRate keys a
		// second): a key past it would be dropped, and the q at the end
		// with it.
		time.Sleep(time.Second / (inputRate / 2))
		start := time.Now()
		player.send("lh"[keys%2 : keys%2+1])
		for len(player.output()) == before {
			if time.Since(start) > time.Second {
				t.Fatalf("key %d: no frame in a second while another client stalls", keys)
			}
			time.Sleep(time.Millisecond)
		}
	}
	if !testwait.Until(t, func() bool { return ts.Sessions() == 1 }) {
		t.Errorf("%d sessions after the stalled client's connection was closed, want 1", ts.Sessions())
	}
	player.send("q")
	if got := player.wait(); got != 0 {
		t.Errorf("exit status %d, want 0", got)
	}
}

// A terminal of any size the client claims is drawn on, at most
// maxColumns by maxRows: a million columns would be terabytes of cells.
// Each size has a connection of its own: a connection has one game at a
// time, and a size that fails must not fail the others.
func TestTerminalSizes(t *testing.T) {
	ts := startServer(t, Config{})
	for _, size := range [][2]int{{1_000_000, 1_000_000}, {0, 0}, {1, 1}, {maxColumns + 1, 24}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
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

package serve

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/store/storetest"
)

// TestDiskFull ends a player's game on a full disk (a small file system
// filled, which needs root to mount): the player reads that games cannot
// be kept right now and that this one is kept for later, never a path or
// SQLite's error; the log says what happened; the game waits in the data
// directory and is kept at the player's next session.
func TestDiskFull(t *testing.T) {
	ctx := context.Background()
	dir := storetest.Mount(t, "2m")
	p, err := store.OpenPlayers(context.Background(), dir, "", func(msg string) { t.Errorf("store: %s", msg) })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() }) // after the shutdown, a cleanup registered later
	ts := startServer(t, Config{Players: p})
	key := testKey(t)

	tm := open(t, ts.dial(t, key), 80, 24)
	tm.waitFor("Choose a display name")
	tm.send("Ann\r")
	tm.waitFor("playing as Ann")
	filler := storetest.Fill(t, dir, 64<<10)
	tm.send("aa") // the solver plays the game to its end
	tm.waitFor("[ You ")
	tm.send("q")
	if got := tm.wait(); got != 0 {
		t.Errorf("exit status %d, want 0", got)
	}
	out := tm.output()
	if want := "games cannot be kept right now (the disk is full): the game is kept for later"; !strings.Contains(out, want) {
		t.Errorf("the player was not told %q: %q", want, tail(out))
	}
	for _, not := range []string{dir, "(13)", "SQLITE", "I/O"} {
		if strings.Contains(out, not) {
			t.Errorf("the player was shown %q: %q", not, tail(out))
		}
	}
	if logs := ts.logs.String(); !strings.Contains(logs, "the disk is full ("+dir+")") {
		t.Errorf("the log does not say the disk of %s is full:\n%s", dir, logs)
	}

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	tm = open(t, ts.dial(t, key), 80, 24)
	tm.waitFor("playing as Ann")
	tm.send("q")
	tm.wait()
	if n, err := p.Player(host.Fingerprint(key)).Count(ctx); n != 1 || err != nil {
		t.Errorf("the player's records after the next session: %d games (%v), want 1", n, err)
	}
}

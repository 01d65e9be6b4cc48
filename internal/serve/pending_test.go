package serve

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/store"
)

// TestDiskFull ends a player's game on a full disk (a small file system
// filled, which needs root to mount): the player reads that games cannot
// be kept right now and that this one is kept for later, never a path or
// SQLite's error; the log says what happened; the game waits in the data
// directory and is kept at the player's next session.
func TestDiskFull(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small file system to fill (needs root): mount: %v: %s", err, bytes.TrimSpace(out))
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", "-l", dir).CombinedOutput(); err != nil {
			t.Errorf("umount -l %s: %v: %s", dir, err, bytes.TrimSpace(out))
		}
	})
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
	filler := filepath.Join(dir, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	for err == nil {
		_, err = f.Write(make([]byte, 64<<10))
	}
	f.Close()
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
	if n, err := p.Player(Fingerprint(key)).Count(ctx); n != 1 || err != nil {
		t.Errorf("the player's records after the next session: %d games (%v), want 1", n, err)
	}
}

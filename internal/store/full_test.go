package store

import (
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/store/storetest"
)

// fullMount mounts a small file system at a new directory, lets fill put
// the store in it, then fills what room is left; it skips the test where
// it cannot mount (it needs root).
func fullMount(t *testing.T, fill func(dir string)) string {
	t.Helper()
	dir := storetest.Mount(t, "4m")
	fill(dir)
	storetest.Fill(t, dir, 4096)
	return dir
}

// TestFullDiskOpen opens the records on a full disk, where SQLite cannot
// make the WAL's shared memory file: they are read, with one warning
// that says the disk is full, and a game kept is refused saying so, never
// "disk I/O error".
func TestFullDiskOpen(t *testing.T) {
	games := benchGames(30)
	dir := fullMount(t, func(dir string) {
		d, err := Open(dir, procNoWarning(t))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.AppendAll(ctx, games); err != nil {
			t.Fatal(err)
		}
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
	})
	full := func(msg string) bool {
		return strings.Contains(msg, "the disk is full ("+dir+")") && !strings.Contains(msg, "I/O")
	}
	w := new(warnings)
	d, err := Open(dir, w.warn)
	if err != nil {
		t.Fatalf("Open(a full disk) = %v", err)
	}
	defer d.Close()
	if msgs := w.all(); len(msgs) != 1 || !full(msgs[0]) {
		t.Errorf("warnings %q; want one saying the disk of %s is full", msgs, dir)
	}
	if n, err := d.Count(ctx); n != int64(len(games)) || err != nil {
		t.Errorf("Count() = %d, %v; want %d", n, err, len(games))
	}
	if latest, err := d.Latest(ctx, 0, false); len(latest) != len(games) || err != nil {
		t.Errorf("Latest(0) = %d games, %v; want %d", len(latest), err, len(games))
	}
	if _, err := d.Append(ctx, testGame(99)); err == nil || !full(err.Error()) {
		t.Errorf("Append on a full disk = %v; want an error saying the disk of %s is full", err, dir)
	}
}

package store

import (
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/store/storetest"
)

// readOnlyMount mounts a small file system at a new directory, lets
// fill put the store in it, and mounts it again read-only; it skips the
// test where it cannot mount (it needs root).
func readOnlyMount(t *testing.T, fill func(dir string)) string {
	t.Helper()
	dir := storetest.Mount(t, "8m")
	fill(dir)
	storetest.ReadOnly(t, dir)
	return dir
}

// TestReadOnlyMount reads the records of a read-only file system: the
// statistics and the history are there, and a game kept is refused
// saying the records cannot be written.
func TestReadOnlyMount(t *testing.T) {
	games := benchGames(30)
	dir := readOnlyMount(t, func(dir string) {
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
	w := new(warnings)
	d, err := Open(dir, w.warn)
	if err != nil {
		t.Fatalf("Open(a read-only mount) = %v", err)
	}
	defer d.Close()
	if msgs := w.all(); len(msgs) != 1 || !strings.Contains(msgs[0], "no game is kept") {
		t.Errorf("warnings %q; want one saying no game is kept", msgs)
	}
	if n, err := d.Count(ctx); n != int64(len(games)) || err != nil {
		t.Errorf("Count() = %d, %v; want %d", n, err, len(games))
	}
	if latest, err := d.Latest(ctx, 0, false); len(latest) != len(games) || err != nil {
		t.Errorf("Latest(0) = %d games, %v; want %d", len(latest), err, len(games))
	}
	stats, err := d.Stats(ctx, nil)
	played := 0
	for _, s := range stats {
		played += s.Played
	}
	if played != len(games) || err != nil {
		t.Errorf("Stats(nil) = %d games played, %v; want %d", played, err, len(games))
	}
	if _, err := d.Append(ctx, testGame(99)); err == nil || !strings.Contains(err.Error(), "cannot be written") {
		t.Errorf("Append on a read-only mount = %v; want an error saying the records cannot be written", err)
	}
}

package store

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// readOnlyMount mounts a small file system at a new directory, lets
// fill put the store in it, and mounts it again read-only; it skips the
// test where it cannot mount (it needs root).
func readOnlyMount(t *testing.T, fill func(dir string)) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "ro")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a file system (needs root): mount: %v: %s", err, bytes.TrimSpace(out))
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", "-l", dir).CombinedOutput(); err != nil {
			t.Errorf("umount -l %s: %v: %s", dir, err, bytes.TrimSpace(out))
		}
	})
	fill(dir)
	if out, err := exec.Command("mount", "-o", "remount,ro", dir).CombinedOutput(); err != nil {
		t.Fatalf("mount -o remount,ro %s: %v: %s", dir, err, bytes.TrimSpace(out))
	}
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

package store

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fullMount mounts a small file system at a new directory, lets fill put
// the store in it, then fills what room is left; it skips the test where
// it cannot mount (it needs root).
func fullMount(t *testing.T, fill func(dir string)) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "full")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a file system (needs root): mount: %v: %s", err, bytes.TrimSpace(out))
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", "-l", dir).CombinedOutput(); err != nil {
			t.Errorf("umount -l %s: %v: %s", dir, err, bytes.TrimSpace(out))
		}
	})
	fill(dir)
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	block := make([]byte, 4096)
	for {
		if _, err := f.Write(block); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
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

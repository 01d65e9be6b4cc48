package storetest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// Mount mounts a new file system of its own in memory (tmpfs) of size
// bytes, as mount's size option writes it ("2m"), at a new directory, and
// unmounts it when t ends; it skips t where it cannot mount (it needs
// root). The tests of a full disk and a read-only one use it.
func Mount(t testing.TB, size string) string {
	t.Helper()
	// t.TempDir's removal is a cleanup registered first, so it runs
	// after the unmount.
	dir := filepath.Join(t.TempDir(), "mnt")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small file system (needs root): mount: %v: %s", err, bytes.TrimSpace(out))
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", "-l", dir).CombinedOutput(); err != nil {
			t.Errorf("umount -l %s: %v: %s", dir, err, bytes.TrimSpace(out))
		}
	})
	return dir
}

// ReadOnly mounts the file system Mount made at dir again, read-only.
func ReadOnly(t testing.TB, dir string) {
	t.Helper()
	if out, err := exec.Command("mount", "-o", "remount,ro", dir).CombinedOutput(); err != nil {
		t.Fatalf("mount -o remount,ro %s: %v: %s", dir, err, bytes.TrimSpace(out))
	}
}

// Fill fills the file system of dir with a new file, written block bytes
// at a time until the disk is full, and returns the file's path: less
// than block bytes are left, and removing the file frees the room again.
func Fill(t testing.TB, dir string, block int) string {
	t.Helper()
	filler := filepath.Join(dir, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, block)
	for {
		if _, err := f.Write(buf); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return filler
		}
	}
}

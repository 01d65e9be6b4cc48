package dirlock

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestTake checks that the lock is one holder's at a time: a second Take
// is refused, naming the holder, until the first lets it go.
func TestTake(t *testing.T) {
	dir := t.TempDir()
	first, err := Take(dir, "lock")
	if err != nil {
		t.Fatalf("Take() = %v; want the lock", err)
	}
	_, err = Take(dir, "lock")
	if !errors.Is(err, ErrHeld) {
		t.Fatalf("a second Take() = %v; want %v", err, ErrHeld)
	}
	if want := fmt.Sprintf("(process %d)", os.Getpid()); !strings.Contains(err.Error(), want) {
		t.Errorf("a second Take() = %q; want the holder %q named", err, want)
	}
	if other, err := Take(dir, "other"); err != nil {
		t.Errorf("Take() of another name = %v; want it", err)
	} else {
		other.Unlock()
	}
	if err := first.Unlock(); err != nil {
		t.Fatalf("Unlock() = %v", err)
	}
	again, err := Take(dir, "lock")
	if err != nil {
		t.Fatalf("Take() after Unlock = %v; want the lock", err)
	}
	again.Unlock()
}

// TestTakeNoDirectory checks that a directory that cannot hold the file
// is an error of its own, not ErrHeld.
func TestTakeNoDirectory(t *testing.T) {
	_, err := Take(t.TempDir()+"/missing", "lock")
	if err == nil || errors.Is(err, ErrHeld) {
		t.Errorf("Take() in a missing directory = %v; want an error other than %v", err, ErrHeld)
	}
}

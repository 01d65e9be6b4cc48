//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestE2EKeysFile plays the 5x4 board of TestE2E in a real terminal with
// keys rebound from a file (-keys): o opens and x flags, the keys they
// replace do nothing, the footer says the keys as bound, and the game is
// won with them.
func TestE2EKeysFile(t *testing.T) {
	t.Parallel()
	dir, bin := e2eBinary(t)
	rec := filepath.Join(dir, "small.txt")
	if err := os.WriteFile(rec, []byte("4 5 2 0\n0 0\n3 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	keys := filepath.Join(dir, "keys.conf")
	if err := os.WriteFile(keys, []byte("# a player's own keys\nopen = o\nmark = x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tm := startTmux(t, bin, "-ascii", "-keys", keys, "-board", rec)
	tm.waitFor("[ playing ]")
	tm.waitFor("o open")
	tm.waitFor("x flag")
	// The default keys of open and flag do nothing; x, after them, flags
	// the cell: once its flag shows, the keys before it were read.
	tm.keys("$", "Enter", "Space", "f", "x")
	board := tm.waitUntil("a flag", func(screen string) bool { return strings.Contains(boardLines(screen), "F") })
	if strings.Count(board, "#") != 19 || strings.Count(board, "F") != 1 {
		t.Fatalf("the board after Enter, Space and f, unbound, then x:\n%s\nwant it closed but for x's flag", board)
	}
	tm.keys("x") // the flag taken back
	tm.waitUntil("no flag", func(screen string) bool { return !strings.Contains(boardLines(screen), "F") })
	tm.keys("o")
	tm.waitFor("|    1 # # |") // row 3 after the flood
	tm.keys("j", "j", "j", "h", "x")
	tm.waitFor("|    1 F # |")
	tm.keys("k", "l", "o") // chord on the 1 at (4,2)
	tm.waitFor("[ You win ]")
	tm.keys("q")
	tm.checkExit("You win")
}

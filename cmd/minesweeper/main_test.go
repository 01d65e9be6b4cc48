package main

import (
	"fmt"
	"os"
	"testing"
)

// TestMain points MINESWEEPER_HOME at a directory of the tests' own, so
// that no test reads or writes the player's history, settings or saved
// games; tests that need a state directory of their own set it again.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "minesweeper-test-home-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("MINESWEEPER_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/clidoc"
)

// manFile is the checked-in man page, which make man writes.
var manFile = "minesweeper.6"

// TestManPage regenerates the man page and fails if the checked-in copy
// differs: run make man (go test -run TestManPage -update) after changing
// a command, a flag or a key.
func TestManPage(t *testing.T) {
	var b bytes.Buffer
	clidoc.WriteManPage(&b, manPage())
	if *update {
		if err := os.MkdirAll(filepath.Dir(manFile), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(manFile, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(manFile)
	if err != nil {
		t.Fatalf("%v (run make man)", err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("%s differs from the man page the tables make: run make man", manFile)
	}
	for _, part := range []string{".TH MINESWEEPER 6", "\\-first\\-click", ".SS completion", "Ctrl\\-Z", "left click", ".B \"race [CODE]\"", ".B \"watch [NAME]\""} {
		if !strings.Contains(b.String(), part) {
			t.Errorf("the man page lacks %q", part)
		}
	}
}

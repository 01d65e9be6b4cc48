package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/local"
)

// TestKeysFileErrors checks that a keys file that cannot be used stops
// the game and the daily board before any screen, with one line naming
// the file and the line, and the usage status. Standard input is no
// terminal: the game would refuse to start after the keys are read.
func TestKeysFileErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.conf")
	if err := os.WriteFile(bad, []byte("# mine\nopen = space\nflag = f\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(filepath.Join(home, local.KeysFileName), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		home string // MINESWEEPER_HOME, "" for the tests' own
		want string
	}{
		{[]string{"-keys", bad}, "", "minesweeper: " + bad + `:3: unknown action "flag" (the actions are listed in the README)` + "\n"},
		{[]string{"daily", "-keys", bad}, "", "minesweeper daily: " + bad + `:3: unknown action "flag" (the actions are listed in the README)` + "\n"},
		{[]string{"-keys", filepath.Join(dir, "none.conf")}, "", "minesweeper: " + filepath.Join(dir, "none.conf") + ": no such file or directory\n"},
		{nil, home, "minesweeper: " + filepath.Join(home, local.KeysFileName) + ": is a directory\n"},
	}
	for _, tt := range tests {
		if tt.home != "" {
			t.Setenv("MINESWEEPER_HOME", tt.home)
		}
		var stdout, stderr strings.Builder
		code := run(tt.args, strings.NewReader(""), &stdout, &stderr)
		if code != exitUsage || stderr.String() != tt.want {
			t.Errorf("run(%q) = %d, stderr %q; want %d, %q", tt.args, code, stderr.String(), exitUsage, tt.want)
		}
	}
}

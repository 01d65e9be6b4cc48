package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/clidoc"
)

// TestCompletionGolden checks each shell's script against its golden file
// under testdata/completion (go test -update rewrites them).
func TestCompletionGolden(t *testing.T) {
	for _, shell := range clidoc.ShellNames() {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"completion", shell}, &bytes.Buffer{}, &stdout, &stderr); code != exitOK {
			t.Fatalf("run(completion %s) = %d; want 0 (stderr %q)", shell, code, stderr.String())
		}
		checkGolden(t, filepath.Join("testdata", "completion", shell+".golden"), stdout.Bytes(), "minesweeper completion "+shell)
	}
}

// TestCompletionSpecs checks that the scripts' data come from the tables:
// every command, and the flags whose values or files are completed.
func TestCompletionSpecs(t *testing.T) {
	specs := docCommands()
	if got, want := len(specs), len(commands())+1; got != want {
		t.Fatalf("docCommands() has %d commands; want %d (the game and commands())", got, want)
	}
	find := func(cmd, name string) clidoc.Flag {
		for _, s := range specs {
			if s.Name != cmd {
				continue
			}
			for _, f := range s.Flags {
				if f.Name == name {
					return f
				}
			}
		}
		t.Errorf("command %q has no flag -%s", cmd, name)
		return clidoc.Flag{}
	}
	tests := []struct {
		cmd, flag  string
		wantValues []string
		file, dir  bool
		value      bool
	}{
		{"", "level", []string{"beginner", "intermediate", "expert"}, false, false, true},
		{"", "theme", []string{"default", "colour-blind", "mono"}, false, false, true},
		{"", "first-click", []string{"unsafe", "safe", "opening"}, false, false, true},
		{"", "board", nil, true, false, true},
		{"", "ascii", nil, false, false, false},
		{"", "version", nil, false, false, false},
		{"daily", "level", []string{"beginner", "intermediate", "expert"}, false, false, true},
		{"bench", "first-click", []string{"unsafe", "safe", "opening"}, false, false, true},
		{"serve", "data", nil, false, true, true},
		{"history", "n", nil, false, false, true},
	}
	for _, tt := range tests {
		f := find(tt.cmd, tt.flag)
		if !slices.Equal(f.Values, tt.wantValues) || f.File != tt.file || f.Dir != tt.dir || f.Value != tt.value {
			t.Errorf("command %q -%s: values %q, file %v, dir %v, value %v; want %q, %v, %v, %v",
				tt.cmd, tt.flag, f.Values, f.File, f.Dir, f.Value, tt.wantValues, tt.file, tt.dir, tt.value)
		}
	}
}

func TestCompletionUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"completion"}, "minesweeper completion: which shell? (want bash, zsh, fish)\n"},
		{[]string{"completion", "tcsh"}, "minesweeper completion: unknown shell \"tcsh\" (want bash, zsh, fish)\n"},
		{[]string{"completion", "bash", "zsh"}, "minesweeper completion: unexpected argument \"zsh\" (want one shell)\n"},
		{[]string{"completion", "-x"}, "minesweeper completion: flag provided but not defined: -x\n"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, &bytes.Buffer{}, &stdout, &stderr)
		if code != exitUsage || stdout.Len() != 0 || stderr.String() != tt.want {
			t.Errorf("run(%q) = %d, stdout %q, stderr %q; want %d, nothing, %q", tt.args, code, stdout.String(), stderr.String(), exitUsage, tt.want)
		}
	}
}

// TestCompletionBash sources the bash script in bash and runs its
// function on command lines, checking what it offers.
func TestCompletionBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skipf("bash not found: %v", err)
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "minesweeper.bash")
	var out bytes.Buffer
	clidoc.WriteBash(&out, docCommands())
	if err := os.WriteFile(script, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "game.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		words string // the command line, as COMP_WORDS; the last word is completed
		want  []string
	}{
		{"minesweeper -le", []string{"-level"}},
		{"minesweeper -level ex", []string{"expert"}},
		{"minesweeper -theme ''", []string{"default", "colour-blind", "mono"}},
		{"minesweeper -first-click s", []string{"safe"}},
		{"minesweeper rep", []string{"replay"}},
		{"minesweeper daily -l", []string{"-level"}},
		{"minesweeper -board ga", []string{"game.txt"}},
		{"minesweeper replay ga", []string{"game.txt"}},
		{"minesweeper completion z", []string{"zsh"}},
		{"minesweeper -width ''", nil},
	}
	for _, tt := range tests {
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", `source "$1"
COMP_WORDS=(`+tt.words+`)
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
_minesweeper
printf '%s\n' "${COMPREPLY[@]}"`, "bash", script)
		cmd.Dir = dir
		got, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("completing %q: %v\n%s", tt.words, err, got)
			continue
		}
		lines := strings.Fields(string(got))
		if !slices.Equal(lines, tt.want) {
			t.Errorf("completing %q = %q; want %q", tt.words, lines, tt.want)
		}
	}
}

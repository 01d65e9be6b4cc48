package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// binDir is where the tests build the binary they run (see e2eBinary):
// the directory that MINESWEEPER_TEST_BIN names, kept between runs, or
// else a new one removed when they end.
var binDir string

// binEnv names the environment variable that holds a directory kept
// between runs for the binary the tests build: make test sets it, and go
// build, finding the binary there up to date, does not link it again
// (three seconds of CPU).
const binEnv = "MINESWEEPER_TEST_BIN"

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
	keep := os.Getenv(binEnv)
	if keep != "" {
		binDir, err = keep, os.MkdirAll(keep, 0o755)
	} else {
		binDir, err = os.MkdirTemp("", "minesweeper-test-bin-")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	if keep == "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// TestFlagsAreOurs checks that no command defines a flag with one of the
// flag package's own values that can refuse a value (a number, a boolean,
// a duration, a func), whose errors flagvalue.Parse could not word: a flag
// that can refuse a value is defined with package flagvalue, or is a value
// of ours that embeds flagvalue.Refusal.
func TestFlagsAreOurs(t *testing.T) {
	theirs := map[string]bool{}
	for _, m := range []string{"Bool", "Int", "Int64", "Uint", "Uint64", "Float64", "Duration", "Func", "BoolFunc", "TextVar"} {
		theirs[m], theirs[m+"Var"] = true, true
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !theirs[sel.Sel.Name] {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && (x.Name == "fs" || x.Name == "flag") {
				t.Errorf("%v: %s.%s defines a flag whose bad value flagvalue.Parse cannot word; define it with package flagvalue", fset.Position(call.Pos()), x.Name, sel.Sel.Name)
			}
			return true
		})
	}
}

func TestRunPlayErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("2 2 1 0\n5 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.txt")
	if err := os.WriteFile(good, []byte("2 2 1 0\n1 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string // a part of the one line on stderr
	}{
		{"bad level", []string{"-level", "godlike"}, exitUsage, `minesweeper: -level: unknown level "godlike"`},
		{"too many mines", []string{"-width", "3", "-height", "3", "-mines", "9"}, exitUsage, "minesweeper: -mines: 9 mines on 3x3"},
		{"missing board file", []string{"-board", filepath.Join(dir, "nope.txt")}, exitUsage, "minesweeper: -board: "},
		{"malformed board file", []string{"-board", bad}, exitUsage, "minesweeper: -board: " + bad + ": line 2"},
		{"board with level", []string{"-board", bad, "-level", "expert"}, exitUsage, "cannot be combined with -level"},
		{"not a number", []string{"-width", "x"}, exitUsage, `minesweeper: -width: "x" is not a valid number`},
		{"bad question", []string{"-question=maybe"}, exitUsage, "minesweeper: "},
		{"unknown flag", []string{"-colour"}, exitUsage, "minesweeper: flag provided but not defined: -colour"},
		{"stray argument", []string{"-ascii", "extra"}, exitUsage, `minesweeper: unexpected argument "extra"`},
		{"not a terminal", []string{"-seed", "1"}, exitFailure, "minesweeper: the game needs a terminal"},
		{"unknown theme", []string{"-theme", "pink"}, exitUsage, `minesweeper: -theme: unknown theme "pink": want default, colour-blind or mono`},
		{"resume and new", []string{"-resume", "-new"}, exitUsage, "minesweeper: -resume and -new: choose one"},
		{"resume a board file", []string{"-resume", "-board", good}, exitUsage, "minesweeper: -board: a board file is played from its start"},
		{"resume a seed", []string{"-resume", "-seed", "3"}, exitUsage, "minesweeper: -resume: cannot be combined with -seed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := runPlay(tt.args, &bytes.Buffer{}, &stdout, &stderr)
			if code != tt.code {
				t.Errorf("runPlay(%q) = %d; want %d", tt.args, code, tt.code)
			}
			if got := stderr.String(); !strings.Contains(got, tt.want) || strings.Count(got, "\n") != 1 {
				t.Errorf("runPlay(%q) stderr = %q; want one line containing %q", tt.args, got, tt.want)
			}
			if stdout.Len() != 0 {
				t.Errorf("runPlay(%q) stdout = %q; want nothing", tt.args, stdout.String())
			}
		})
	}
}

func TestRunPlayNotTerminalFile(t *testing.T) {
	// A regular file is an *os.File but not a terminal.
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stderr bytes.Buffer
	if code := runPlay(nil, f, f, &stderr); code != exitFailure {
		t.Errorf("runPlay on a file = %d; want %d (stderr %q)", code, exitFailure, stderr.String())
	}
}

func TestRunPlayHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := runPlay([]string{"-h"}, &bytes.Buffer{}, &stdout, &stderr); code != exitOK {
		t.Errorf("runPlay(-h) = %d; want 0", code)
	}
	for _, want := range []string{"-ascii", "-question", "-board", "-seed"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("usage lacks %s:\n%s", want, stdout.String())
		}
	}
}

// TestCommandsHelp checks that every command's -h prints its usage, its
// text from help/NAME.txt first, on stdout with exit status 0.
func TestCommandsHelp(t *testing.T) {
	var names [][]string
	for _, c := range commands() {
		names = append(names, []string{c.name})
	}
	names = append(names, []string{"bench", "merge"})
	for _, name := range names {
		var stdout, stderr strings.Builder
		args := append(slices.Clone(name), "-h")
		code := run(args, strings.NewReader(""), &stdout, &stderr)
		want := "Usage: minesweeper " + strings.Join(name, " ")
		if code != exitOK || !strings.HasPrefix(stdout.String(), want) || stderr.Len() != 0 {
			t.Errorf("run(%q) = %d, stdout %.40q, stderr %q; want %d, %q..., none", args, code, stdout.String(), stderr.String(), exitOK, want)
		}
	}
}

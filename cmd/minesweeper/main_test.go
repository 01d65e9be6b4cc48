package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// binDir is where the tests build the binary they run (see e2eBinary),
// removed when they end.
var binDir string

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
	if binDir, err = os.MkdirTemp("", "minesweeper-test-bin-"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.RemoveAll(binDir)
	os.Exit(code)
}

func TestResolve(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(good, []byte("4 5 1 2\n1 2\n3 0\n0 2\n"), 0o644)
	os.WriteFile(bad, []byte("4 5 1 2\n1 9\n"), 0o644)
	bom := filepath.Join(dir, "bom.txt")
	os.WriteFile(bom, []byte("\uFEFF4 5 1 2\r\n1 2\r\n3 0\r\n0 2\r\n"), 0o644)

	tests := []struct {
		name    string
		args    []string
		want    boardConfig // Seed and Record are checked separately
		wantErr string
	}{
		{"no-guess", []string{"-no-guess", "-level", "expert"}, boardConfig{Settings: board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}, Level: "expert"}, ""},
		{"no-guess at the densest", []string{"-no-guess", "-mines", "32"}, boardConfig{Settings: board.Settings{Width: 9, Height: 9, Mines: 32, Rule: board.Opening, NoGuess: true}, Level: "custom"}, ""},
		{"default", nil, boardConfig{Settings: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, Level: "beginner"}, ""},
		{"intermediate", []string{"-level", "intermediate"}, boardConfig{Settings: board.Settings{Width: 16, Height: 16, Mines: 40, Rule: board.Opening}, Level: "intermediate"}, ""},
		{"expert", []string{"-level", "expert", "-first-click", "safe"}, boardConfig{Settings: board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Safe}, Level: "expert"}, ""},
		{"size without mines takes a sixth", []string{"-width", "12", "-height", "10"}, boardConfig{Settings: board.Settings{Width: 12, Height: 10, Mines: 20, Rule: board.Opening}, Level: "custom"}, ""},
		{"width only keeps the level's height", []string{"-level", "expert", "-width", "20"}, boardConfig{Settings: board.Settings{Width: 20, Height: 16, Mines: 53, Rule: board.Opening}, Level: "custom"}, ""},
		{"mines only keeps the level's size", []string{"-mines", "30"}, boardConfig{Settings: board.Settings{Width: 9, Height: 9, Mines: 30, Rule: board.Opening}, Level: "custom"}, ""},
		{"zero mines", []string{"-mines", "0"}, boardConfig{Settings: board.Settings{Width: 9, Height: 9, Mines: 0, Rule: board.Opening}, Level: "custom"}, ""},
		{"most mines for opening", []string{"-mines", "72"}, boardConfig{Settings: board.Settings{Width: 9, Height: 9, Mines: 72, Rule: board.Opening}, Level: "custom"}, ""},
		{"most mines for unsafe", []string{"-mines", "81", "-first-click", "unsafe"}, boardConfig{Settings: board.Settings{Width: 9, Height: 9, Mines: 81, Rule: board.Unsafe}, Level: "custom"}, ""},
		{"board file", []string{"-board", good}, boardConfig{Settings: board.Settings{Width: 5, Height: 4, Mines: 1, Rule: board.Opening}, Level: "custom", File: good}, ""},
		{"board file with a byte order mark", []string{"-board", bom}, boardConfig{Settings: board.Settings{Width: 5, Height: 4, Mines: 1, Rule: board.Opening}, Level: "custom", File: bom}, ""},
		{"decimal with a leading zero", []string{"-width", "010", "-height", "+09", "-mines", "007"}, boardConfig{Settings: board.Settings{Width: 10, Height: 9, Mines: 7, Rule: board.Opening}, Level: "custom"}, ""},

		{"unknown level", []string{"-level", "hard"}, boardConfig{}, `-level: unknown level "hard" (want beginner, intermediate or expert)`},
		{"unknown rule", []string{"-first-click", "lucky"}, boardConfig{}, `-first-click: unknown first-click rule "lucky" (want unsafe, safe or opening)`},
		{"width zero", []string{"-width", "0"}, boardConfig{}, "-width: 0 is below 1"},
		{"height negative", []string{"-height", "-3"}, boardConfig{}, "-height: -3 is below 1"},
		{"too large", []string{"-width", "100000", "-height", "100000"}, boardConfig{}, "-width, -height: board is larger than 268435456 cells (got 100000x100000)"},
		{"too many mines for opening", []string{"-mines", "73"}, boardConfig{}, "-mines: 73 mines on 9x9 with the opening first click: want 0 to 72"},
		{"too many mines for safe", []string{"-mines", "81", "-first-click", "safe"}, boardConfig{}, "-mines: 81 mines on 9x9 with the safe first click: want 0 to 80"},
		{"negative mines", []string{"-mines", "-1"}, boardConfig{}, "-mines: -1 mines on 9x9 with the opening first click: want 0 to 72"},
		{"one mine too many", []string{"-width", "1", "-height", "1", "-mines", "1"}, boardConfig{}, "-mines: 1 mine on 1x1 with the opening first click: want 0 to 0"},
		{"empty file name", []string{"-board", ""}, boardConfig{}, "-board: empty file name"},
		{"directory", []string{"-board", dir}, boardConfig{}, "-board: " + dir + ": is a directory"},
		{"missing file", []string{"-board", filepath.Join(dir, "none.txt")}, boardConfig{}, "-board: " + filepath.Join(dir, "none.txt") + ": no such file or directory"},
		{"malformed file", []string{"-board", bad}, boardConfig{}, "-board: " + bad + ": line 2: mine 1 of 1: column 9 is off the board (0 to 4)"},
		{"file with a size", []string{"-board", good, "-width", "3"}, boardConfig{}, "-board: cannot be combined with -width (the file fixes the board)"},
		{"file with no-guess", []string{"-board", good, "-no-guess"}, boardConfig{}, "-board: cannot be combined with -no-guess (the file fixes the board)"},
		{"no-guess too dense", []string{"-no-guess", "-mines", "33"}, boardConfig{}, "-no-guess: too many mines for a no-guess board: 9x9 holds at most 32 mines (39.5%) without a guess, not 33"},
		{"no-guess with a safe first click", []string{"-no-guess", "-first-click", "safe"}, boardConfig{}, "-no-guess: a no-guess board needs the opening first click, not safe"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			bf := addBoardFlags(fs, true)
			if err := fs.Parse(tt.args); err != nil {
				t.Fatalf("Parse(%q) = %v", tt.args, err)
			}
			got, err := bf.resolve()
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("resolve(%q) error = %v; want %q", tt.args, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("resolve(%q) error = %v", tt.args, err)
			}
			if (got.Record != nil) != (tt.want.File != "") {
				t.Errorf("resolve(%q).Record = %v; want one exactly when -board is given", tt.args, got.Record)
			}
			if (got.Layout != nil) != tt.want.NoGuess {
				t.Errorf("resolve(%q).Layout set = %v; want a layout exactly for -no-guess", tt.args, got.Layout != nil)
			}
			got.Seed, got.Record, got.Layout = 0, nil, nil
			if got.Settings != tt.want.Settings || got.Level != tt.want.Level || got.File != tt.want.File {
				t.Errorf("resolve(%q) = %+v; want %+v", tt.args, got, tt.want)
			}
		})
	}
}

func TestResolveSeed(t *testing.T) {
	tests := []struct {
		arg  string
		want uint64
	}{{"0", 0}, {"010", 10}, {"18446744073709551615", 1<<64 - 1}}
	for _, tt := range tests {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		bf := addBoardFlags(fs, false)
		if err := fs.Parse([]string{"-seed", tt.arg}); err != nil {
			t.Fatal(err)
		}
		cfg, err := bf.resolve()
		if err != nil || cfg.Seed != tt.want {
			t.Errorf("resolve(-seed %s) = seed %d, %v; want seed %d kept as given", tt.arg, cfg.Seed, err, tt.want)
		}
	}
}

// TestResolveEndlessFile reads /dev/zero as a -board file: it must end with
// an error naming the file, not read on forever: a device is refused
// before anything is read.
func TestResolveEndlessFile(t *testing.T) {
	const name = "/dev/zero"
	if _, err := os.Stat(name); err != nil {
		t.Skipf("no %s: %v", name, err)
	}
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	bf := addBoardFlags(fs, true)
	if err := fs.Parse([]string{"-board", name}); err != nil {
		t.Fatal(err)
	}
	got := make(chan error, 1)
	go func() {
		_, err := bf.resolve()
		got <- err
	}()
	const want = "-board: /dev/zero: is a device, not a regular file"
	select {
	case err := <-got:
		if err == nil || err.Error() != want {
			t.Errorf("resolve(-board %s) error = %v; want %q", name, err, want)
		}
	case <-testwait.After(t):
		// A guard, not a measure: the reading has no end.
		t.Fatalf("resolve(-board %s) still reading at the test's deadline", name)
	}
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

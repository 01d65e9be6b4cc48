package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/mbf"
	"github.com/minesweeper-go/minesweeper/internal/noguess"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// TestRunJudge drives "minesweeper judge" through run: the exit status and
// both streams. The judge's output itself is pinned by internal/judge's
// golden tests.
func TestRunJudge(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		stdin      string
		code       int
		stdout     string
		stderrLine string
	}{
		{"win", nil, "5 5 1 1\n0 0\n4 4\n", exitOK,
			"-1 1 0 0 0\n1 1 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\nYou win\n", ""},
		{"lose", nil, "4 5 1 2\n1 2\n3 0\n1 2\n", exitOK,
			"0 1 -1 1 0\n0 1 -1 1 0\n0 1 1 1 0\n0 0 0 0 0\n\nYou lose\n", ""},
		{"not an integer", nil, "4 5 1 2\n1 2\n3 0\n1 x\n", exitFailure, "",
			`minesweeper judge: line 4: click 2 of 2 (column): not an integer: "x"`},
		{"empty", nil, "", exitFailure, "",
			`minesweeper judge: empty input: want a record "rows columns mines clicks"`},
		{"ends early", nil, "4 5 1 2\n1 2\n3 0\n", exitFailure, "",
			"minesweeper judge: line 3: input ends early: want click 2 of 2 (row and column)"},
		{"byte order mark", nil, "\uFEFF5 5 1 1\n0 0\n4 4\n", exitOK,
			"-1 1 0 0 0\n1 1 0 0 0\n0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0\nYou win\n", ""},
		{"NULs", nil, strings.Repeat("\x00", 100), exitFailure, "",
			`minesweeper judge: line 1: the number of rows: not an integer: "` + strings.Repeat(`\x00`, 64) + `"...`},
		{"too many mines for one cell", nil, "1 1 2 0\n", exitFailure, "",
			"minesweeper judge: line 1: 2 mines do not fit in 1 cell"},
		{"bad flag", []string{"-x"}, "", exitUsage, "",
			"minesweeper judge: flag provided but not defined: -x"},
		{"stray argument", []string{"file.txt"}, "", exitUsage, "",
			`minesweeper judge: unexpected argument "file.txt"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			code := run(append([]string{"judge"}, tt.args...), strings.NewReader(tt.stdin), &stdout, &stderr)
			if code != tt.code {
				t.Errorf("exit status = %d; want %d", code, tt.code)
			}
			if stdout.String() != tt.stdout {
				t.Errorf("stdout = %q; want %q", stdout.String(), tt.stdout)
			}
			wantErr := ""
			if tt.stderrLine != "" {
				wantErr = tt.stderrLine + "\n"
			}
			if stderr.String() != wantErr {
				t.Errorf("stderr = %q; want %q", stderr.String(), wantErr)
			}
		})
	}
}

func TestRunJudgeHelp(t *testing.T) {
	var stdout, stderr strings.Builder
	if code := run([]string{"judge", "-h"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Errorf("judge -h: exit status %d; want 0", code)
	}
	if !strings.HasPrefix(stdout.String(), "Usage: minesweeper judge") || stderr.Len() != 0 {
		t.Errorf("judge -h: stdout %q, stderr %q; want usage on stdout only", stdout.String(), stderr.String())
	}
}

func TestRunUnknownCommand(t *testing.T) {
	var stdout, stderr strings.Builder
	code := run([]string{"frobnicate"}, strings.NewReader(""), &stdout, &stderr)
	want := "minesweeper: unknown command \"frobnicate\" (run minesweeper -h for the list)\n"
	if code != exitUsage || stderr.String() != want || stdout.Len() != 0 {
		t.Errorf("run(frobnicate) = %d, stdout %q, stderr %q; want %d, \"\", %q", code, stdout.String(), stderr.String(), exitUsage, want)
	}
}

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// checkGolden compares got, the output of what, with the golden file
// golden, which -update rewrites.
func checkGolden(t *testing.T, golden string, got []byte, what string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s:\n%s\nwant (%s):\n%s", what, got, golden, want)
	}
}

// TestSolveGolden feeds each testdata/solve/*.in to "minesweeper solve" and
// compares stdout, stderr and the exit status with the .golden file beside
// it. The requests in the inputs have exactly one safe cell, so any sound
// solver gives the same answers. Run with -update to rewrite the files.
func TestSolveGolden(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join("testdata", "solve", "*.in"))
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no inputs under testdata/solve: %v", err)
	}
	for _, in := range inputs {
		name := strings.TrimSuffix(filepath.Base(in), ".in")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			code := run([]string{"solve"}, bytes.NewReader(data), &stdout, &stderr)
			got := fmt.Sprintf("-- stdout --\n%s-- stderr --\n%s-- exit --\n%d\n", stdout.String(), stderr.String(), code)
			stdout.Reset()
			stderr.Reset()
			code = run([]string{"solve"}, bytes.NewReader(data), &stdout, &stderr)
			again := fmt.Sprintf("-- stdout --\n%s-- stderr --\n%s-- exit --\n%d\n", stdout.String(), stderr.String(), code)
			if again != got {
				t.Fatalf("solve < %s gave different results on two runs:\n%s\nthen\n%s", in, got, again)
			}
			checkGolden(t, strings.TrimSuffix(in, ".in")+".golden", []byte(got), "solve < "+in)
		})
	}
}

func TestSolveHelpAndFlags(t *testing.T) {
	var stdout, stderr strings.Builder
	if code := run([]string{"solve", "-h"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Errorf("solve -h: exit status %d; want 0", code)
	}
	if !strings.HasPrefix(stdout.String(), "Usage: minesweeper solve") || stderr.Len() != 0 {
		t.Errorf("solve -h: stdout %q, stderr %q; want usage on stdout only", stdout.String(), stderr.String())
	}
	stdout.Reset()
	code := run([]string{"solve", "-x"}, strings.NewReader(""), &stdout, &stderr)
	if want := "minesweeper solve: flag provided but not defined: -x\n"; code != exitUsage || stderr.String() != want {
		t.Errorf("solve -x = %d, stderr %q; want %d, %q", code, stderr.String(), exitUsage, want)
	}
}

// genCases are flag sets whose output is pinned by the golden file
// testdata/gen/<name>.golden. Each golden file is a record the game plays
// with -board and judge replays.
var genCases = []struct {
	name string
	args []string
}{
	{"beginner", []string{"-seed", "1"}},
	{"expert-start", []string{"-level", "expert", "-seed", "7", "-start", "8,15"}},
	{"no-guess-expert", []string{"-no-guess", "-level", "expert", "-seed", "3"}},
	// The start click is a mine here, as the unsafe rule allows.
	{"unsafe", []string{"-first-click", "unsafe", "-level", "intermediate", "-seed", "2"}},
	{"safe", []string{"-first-click", "safe", "-seed", "4", "-start", "0,0"}},
	{"custom", []string{"-width", "12", "-height", "7", "-mines", "20", "-seed", "11"}},
}

// genOut runs "minesweeper gen args" and returns its stdout, failing the test
// unless it exits 0 with nothing on stderr.
func genOut(t *testing.T, args ...string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(append([]string{"gen"}, args...), strings.NewReader(""), &stdout, &stderr); code != exitOK || stderr.Len() != 0 {
		t.Fatalf("gen %v: exit status %d, stderr %q; want 0, none", args, code, stderr.String())
	}
	return stdout.Bytes()
}

// genRecord runs "minesweeper gen args" and reads its output as a record
// with exactly one click.
func genRecord(t *testing.T, args ...string) *record.Record {
	t.Helper()
	out := genOut(t, args...)
	rec, err := record.Read(bytes.NewReader(out))
	if err != nil {
		t.Fatalf("gen %v: the output does not read as a record: %v\n%s", args, err, out)
	}
	if len(rec.Clicks) != 1 {
		t.Fatalf("gen %v: %d clicks; want 1", args, len(rec.Clicks))
	}
	return rec
}

// TestGenGolden compares gen's output for each of genCases with its golden
// file, and checks that two runs give the same output. Run with -update to
// rewrite the files.
func TestGenGolden(t *testing.T) {
	for _, tt := range genCases {
		t.Run(tt.name, func(t *testing.T) {
			got := genOut(t, tt.args...)
			if again := genOut(t, tt.args...); !bytes.Equal(again, got) {
				t.Fatalf("gen %v gave different boards on two runs:\n%s\nthen\n%s", tt.args, got, again)
			}
			checkGolden(t, filepath.Join("testdata", "gen", tt.name+".golden"), got, fmt.Sprintf("gen %v", tt.args))
		})
	}
}

// TestGenSeeds checks that different seeds give different boards, and that
// the default start cell changes with the seed rather than being one fixed
// cell.
func TestGenSeeds(t *testing.T) {
	const seeds = 20
	boards := map[string]uint64{}
	starts := map[board.Point]bool{}
	corner := true
	for seed := uint64(1); seed <= seeds; seed++ {
		out := genOut(t, "-seed", fmt.Sprint(seed))
		if prev, ok := boards[string(out)]; ok {
			t.Errorf("gen -seed %d wrote the board of -seed %d:\n%s", seed, prev, out)
		}
		boards[string(out)] = seed
		rec, err := record.Read(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("gen -seed %d: %v", seed, err)
		}
		p := rec.Clicks[0]
		starts[p] = true
		if (p.X != 0 && p.X != 8) || (p.Y != 0 && p.Y != 8) {
			corner = false
		}
	}
	if len(starts) < seeds/2 || corner {
		t.Errorf("gen -seed 1 to %d: the default start took %d cells, all corners %v; want at least %d cells, not all corners",
			seeds, len(starts), corner, seeds/2)
	}
}

// TestGenRecord checks that gen's output reads as a record of the board
// its flags describe, is written as record.Write writes it, and that the
// judge replays it; and that the start click keeps the first-click rule:
// no mine on it under safe, none around it either under opening.
func TestGenRecord(t *testing.T) {
	tests := []struct {
		args              []string
		rows, cols, mines int
		rule              board.FirstClick
	}{
		{[]string{"-seed", "1"}, 9, 9, 10, board.Opening},
		{[]string{"-seed", "5", "-level", "intermediate"}, 16, 16, 40, board.Opening},
		{[]string{"-seed", "7", "-level", "expert", "-start", "8,15"}, 16, 30, 99, board.Opening},
		{[]string{"-seed", "3", "-level", "expert", "-no-guess"}, 16, 30, 99, board.Opening},
		{[]string{"-seed", "9", "-level", "expert", "-start", "0,29"}, 16, 30, 99, board.Opening},
		{[]string{"-seed", "2", "-first-click", "safe", "-mines", "80"}, 9, 9, 80, board.Safe},
		{[]string{"-seed", "2", "-first-click", "unsafe", "-level", "intermediate"}, 16, 16, 40, board.Unsafe},
		{[]string{"-seed", "11", "-width", "12", "-height", "7", "-mines", "20"}, 7, 12, 20, board.Opening},
		{[]string{"-seed", "4", "-width", "1", "-height", "5", "-mines", "2"}, 5, 1, 2, board.Opening},
		{[]string{"-seed", "6", "-width", "40", "-height", "1", "-mines", "0"}, 1, 40, 0, board.Opening},
	}
	for _, tt := range tests {
		out := genOut(t, tt.args...)
		rec, err := record.Read(bytes.NewReader(out))
		if err != nil || len(rec.Clicks) != 1 {
			t.Fatalf("gen %v: %v, want a record with one click:\n%s", tt.args, err, out)
		}
		if rec.Rows != tt.rows || rec.Cols != tt.cols || len(rec.Mines) != tt.mines {
			t.Errorf("gen %v: %d rows, %d columns, %s; want %d, %d, %d",
				tt.args, rec.Rows, rec.Cols, record.Count(len(rec.Mines), "mine"), tt.rows, tt.cols, tt.mines)
		}
		var again bytes.Buffer
		if err := record.Write(&again, rec); err != nil || !bytes.Equal(again.Bytes(), out) {
			t.Errorf("gen %v: record.Write of the record read back = %q, %v; want %q", tt.args, again.String(), err, out)
		}
		start := rec.Clicks[0]
		for _, m := range rec.Mines {
			dx, dy := m.X-start.X, m.Y-start.Y
			if tt.rule == board.Safe && m == start ||
				tt.rule == board.Opening && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 {
				t.Errorf("gen %v: mine at row %d, column %d, by the start click at row %d, column %d under the %s rule",
					tt.args, m.Y, m.X, start.Y, start.X, tt.rule)
			}
		}
		var stdout, stderr strings.Builder
		if code := run([]string{"judge"}, bytes.NewReader(out), &stdout, &stderr); code != exitOK || stderr.Len() != 0 {
			t.Errorf("gen %v | judge: exit status %d, stderr %q; want 0, none", tt.args, code, stderr.String())
		}
		if tt.rule != board.Unsafe && strings.Contains(stdout.String(), "You lose") {
			t.Errorf("gen %v | judge: the start click loses under the %s rule:\n%s", tt.args, tt.rule, stdout.String())
		}
	}
}

// TestGenIsTheGamesBoard checks that gen writes the board the game lays
// for the same seed when its first click is the start click: a board from
// board.NewRandom with board.NewRand(seed), as the game makes it, opened
// at the start click. The default start is checked the same way, with the
// click gen chose.
func TestGenIsTheGamesBoard(t *testing.T) {
	tests := []struct {
		seed  uint64
		args  []string // the board flags, without -seed and -start
		start string   // -start; "" for the default
		s     board.Settings
	}{
		{1, nil, "4,4", board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}},
		{1, nil, "", board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}},
		{7, []string{"-level", "expert"}, "8,15", board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}},
		{8, []string{"-level", "expert"}, "", board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}},
		{5, []string{"-level", "intermediate", "-first-click", "safe"}, "15,0", board.Settings{Width: 16, Height: 16, Mines: 40, Rule: board.Safe}},
		{2, []string{"-level", "intermediate", "-first-click", "unsafe"}, "", board.Settings{Width: 16, Height: 16, Mines: 40, Rule: board.Unsafe}},
		{11, []string{"-width", "12", "-height", "7", "-mines", "20"}, "6,11", board.Settings{Width: 12, Height: 7, Mines: 20, Rule: board.Opening}},
		{3, []string{"-level", "expert", "-no-guess"}, "0,0", board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}},
		{4, []string{"-level", "expert", "-no-guess"}, "", board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}},
	}
	for _, tt := range tests {
		args := append(slices.Clone(tt.args), "-seed", fmt.Sprint(tt.seed))
		if tt.start != "" {
			args = append(args, "-start", tt.start)
		}
		rec := genRecord(t, args...)
		start := rec.Clicks[0]
		if tt.start != "" {
			if got := fmt.Sprintf("%d,%d", start.Y, start.X); got != tt.start {
				t.Errorf("gen %v: start click %s; want %s", args, got, tt.start)
			}
		}
		var lay board.Layout
		if tt.s.NoGuess {
			lay = noguess.Layout
		}
		b, err := board.NewRandom(tt.s, lay, board.NewRand(tt.seed))
		if err != nil {
			t.Fatalf("NewRandom(%v): %v", tt.s, err)
		}
		if _, err := b.Reveal(start); err != nil {
			t.Fatalf("Reveal(%v) on %v: %v", start, tt.s, err)
		}
		if got, want := rec.Mines, b.Layout(); !slices.Equal(got, want) {
			t.Errorf("gen %v: mines %v; want the game's %v", args, got, want)
		}
	}
}

// TestGenErrors checks that bad flags end gen with exit status 2, one line
// on stderr and nothing on stdout.
func TestGenErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-start", "3,x"}, `minesweeper gen: -start: "3,x" is not ROW,COL`},
		{[]string{"-start", "3"}, `minesweeper gen: -start: "3" is not ROW,COL`},
		{[]string{"-start", "1,2,3"}, `minesweeper gen: -start: "1,2,3" is not ROW,COL`},
		{[]string{"-start", "0x1,2"}, `minesweeper gen: -start: "0x1,2" is not ROW,COL`},
		{[]string{"-start", "99999999999999999999,1"}, `minesweeper gen: -start: "99999999999999999999,1" is out of range`},
		{[]string{"-start"}, "minesweeper gen: flag needs an argument: -start"},
		{[]string{"-start", "9,0"}, "minesweeper gen: -start: row 9 is off the 9-row board (0 to 8)"},
		{[]string{"-start", "-1,0"}, "minesweeper gen: -start: row -1 is off the 9-row board (0 to 8)"},
		{[]string{"-level", "expert", "-start", "20,0"}, "minesweeper gen: -start: row 20 is off the 16-row board (0 to 15)"},
		{[]string{"-level", "expert", "-start", "0,30"}, "minesweeper gen: -start: column 30 is off the 30-column board (0 to 29)"},
		{[]string{"-width", "1", "-height", "1", "-mines", "0", "-start", "0,1"}, "minesweeper gen: -start: column 1 is off the 1-column board (0 to 0)"},
		{[]string{"-x"}, "minesweeper gen: flag provided but not defined: -x"},
		{[]string{"-board", "game.txt"}, "minesweeper gen: flag provided but not defined: -board"},
		{[]string{"extra"}, `minesweeper gen: unexpected argument "extra"`},
		{[]string{"-seed", "-1"}, `minesweeper gen: -seed: "-1" is not a valid number`},
		{[]string{"-mines", "79"}, "minesweeper gen: -mines: 79 mines on 9x9 with the opening first click: want 0 to 72"},
		{[]string{"-no-guess", "-first-click", "safe"}, "minesweeper gen: -no-guess: a no-guess board needs the opening first click, not safe"},
		{[]string{"-no-guess", "-level", "expert", "-mines", "470"}, "minesweeper gen: -no-guess: " + noguess.Check(board.Settings{
			Width: 30, Height: 16, Mines: 470, Rule: board.Opening, NoGuess: true}).Error()},
	}
	for _, tt := range tests {
		var stdout, stderr strings.Builder
		code := run(append([]string{"gen"}, tt.args...), strings.NewReader(""), &stdout, &stderr)
		if code != exitUsage || stderr.String() != tt.want+"\n" || stdout.Len() != 0 {
			t.Errorf("gen %v = %d, stdout %q, stderr %q; want %d, none, %q", tt.args, code, stdout.String(), stderr.String(), exitUsage, tt.want)
		}
	}
}

// TestGenWriteError checks that a closed stdout ends gen with status 1 and
// one line.
func TestGenWriteError(t *testing.T) {
	var stderr strings.Builder
	code := run([]string{"gen", "-seed", "1"}, strings.NewReader(""), failingWriter{}, &stderr)
	if code != exitFailure || !strings.HasPrefix(stderr.String(), "minesweeper gen: ") || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("gen to a failing stdout = %d, stderr %q; want %d and one line", code, stderr.String(), exitFailure)
	}
}

func TestGenHelp(t *testing.T) {
	var stdout, stderr strings.Builder
	if code := run([]string{"gen", "-h"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Errorf("gen -h: exit status %d; want 0", code)
	}
	out := stdout.String()
	if !strings.HasPrefix(out, "Usage: minesweeper gen") || stderr.Len() != 0 {
		t.Errorf("gen -h: stdout %q, stderr %q; want usage on stdout only", out, stderr.String())
	}
	for _, name := range []string{"-start", "-seed", "-level", "-first-click", "-no-guess"} {
		if !strings.Contains(out, name) {
			t.Errorf("gen -h does not mention %s", name)
		}
	}
	if strings.Contains(out, "\n  -board") {
		t.Errorf("gen -h mentions -board, which gen does not take:\n%s", out)
	}

	stdout.Reset()
	if code := run([]string{"-h"}, strings.NewReader(""), &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "minesweeper gen [flags]") {
		t.Errorf("minesweeper -h = %d, stdout %q; want 0 and a line for gen", code, stdout.String())
	}
}

// TestGenFormat checks that gen -format mbf writes the mines that gen
// writes as a record for the same flags.
func TestGenFormat(t *testing.T) {
	for _, tt := range genCases {
		t.Run(tt.name, func(t *testing.T) {
			want := genRecord(t, tt.args...)
			if got := genOut(t, append([]string{"-format", "record"}, tt.args...)...); !bytes.Equal(got, genOut(t, tt.args...)) {
				t.Errorf("gen -format record %v differs from gen %v", tt.args, tt.args)
			}
			out := genOut(t, append([]string{"-format", "mbf"}, tt.args...)...)
			rec, err := mbf.Read(bytes.NewReader(out))
			if err != nil {
				t.Fatalf("gen -format mbf %v: the output does not read as MBF: %v", tt.args, err)
			}
			if rec.Cols != want.Cols || rec.Rows != want.Rows || !slices.Equal(rec.Mines, want.Mines) {
				t.Errorf("gen -format mbf %v = %dx%d %v; want %dx%d %v", tt.args, rec.Cols, rec.Rows, rec.Mines, want.Cols, want.Rows, want.Mines)
			}
		})
	}
}

func TestGenFormatErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-format", "json"}, `minesweeper gen: -format: unknown format "json" (want record or mbf)`},
		{[]string{"-format", ""}, `minesweeper gen: -format: unknown format "" (want record or mbf)`},
		{[]string{"-format", "mbf", "-width", "256", "-height", "2", "-mines", "1"}, "minesweeper gen: -format mbf: a 256x2 board does not fit: MBF holds at most 255x255"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"gen"}, tt.args...), strings.NewReader(""), &stdout, &stderr)
		if got := strings.TrimSuffix(stderr.String(), "\n"); code != exitUsage || got != tt.want || stdout.Len() != 0 {
			t.Errorf("gen %q = %d, stderr %q, stdout %q; want %d, %q, nothing", tt.args, code, got, stdout.String(), exitUsage, tt.want)
		}
	}
	// The largest board MBF holds is written.
	out := genOut(t, "-format", "mbf", "-width", "255", "-height", "255", "-mines", "65000", "-seed", "1", "-first-click", "safe")
	if rec, err := mbf.Read(bytes.NewReader(out)); err != nil || len(rec.Mines) != 65000 {
		t.Errorf("gen -format mbf 255x255 with 65000 mines: %v", err)
	}

	var stdout, stderr bytes.Buffer
	if code := run([]string{"gen", "-h"}, strings.NewReader(""), &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "-format") {
		t.Errorf("gen -h = %d; want 0 and a mention of -format:\n%s", code, stdout.String())
	}
}

// failingWriter is a stdout that is closed.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

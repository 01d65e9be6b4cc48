package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/bench"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/endless"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/mbf"
	"github.com/minesweeper-go/minesweeper/internal/noguess"
	"github.com/minesweeper-go/minesweeper/internal/protocol"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/solver"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
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

// TestSolveFirstMoves asks for the first move on fresh boards under each
// rule: any closed cell on the board will do.
func TestSolveFirstMoves(t *testing.T) {
	var in bytes.Buffer
	sizes := []struct{ rows, cols, mines int }{{9, 9, 10}, {16, 30, 99}, {20, 20, 50}, {1, 2, 0}, {3, 1, 2}}
	var reqs []*protocol.Request
	for _, sz := range sizes {
		for _, rule := range []board.FirstClick{board.Unsafe, board.Safe, board.Opening} {
			if sz.mines > board.MaxMines(sz.cols, sz.rows, rule) {
				continue
			}
			req := &protocol.Request{Rows: sz.rows, Cols: sz.cols, Mines: sz.mines, Rule: rule,
				Tiles: make([]board.Tile, sz.rows*sz.cols)}
			for i := range req.Tiles {
				req.Tiles[i] = board.TileClosed
			}
			if err := protocol.WriteRequest(&in, req); err != nil {
				t.Fatal(err)
			}
			reqs = append(reqs, req)
		}
	}
	var stdout, stderr strings.Builder
	if code := run([]string{"solve"}, &in, &stdout, &stderr); code != exitOK || stderr.Len() != 0 {
		t.Fatalf("solve: exit status %d, stderr %q; want 0, none", code, stderr.String())
	}
	answers := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(answers) != len(reqs) {
		t.Fatalf("%d answers to %d requests: %q", len(answers), len(reqs), stdout.String())
	}
	for k, req := range reqs {
		var i, j int
		if n, err := fmt.Sscanf(answers[k], "%d %d", &i, &j); n != 2 || err != nil {
			t.Errorf("answer %q: want \"row column\"", answers[k])
			continue
		}
		if i < 0 || i >= req.Rows || j < 0 || j >= req.Cols {
			t.Errorf("first move on %dx%d (%s) = %d %d; want a cell on the board", req.Rows, req.Cols, req.Rule, i, j)
		}
	}
}

// TestSolveOverPipe plays whole games against "minesweeper solve" over
// pipes, the way another program would: it writes one request, reads the
// answer, opens that cell, and only then writes the next request. A solver
// that waited for more input or buffered its answer would hang here.
func TestSolveOverPipe(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var stderr bytes.Buffer
	exit := make(chan int, 1)
	go func() {
		exit <- run([]string{"solve"}, inR, outW, &stderr)
		outW.Close()
	}()
	answers := bufio.NewReader(outR)

	type answer struct {
		line string
		err  error
	}
	ask := func(req *protocol.Request) (board.Point, error) {
		// Write from another goroutine: the pipe blocks until read.
		go func() {
			if err := protocol.WriteRequest(inW, req); err != nil {
				t.Errorf("writing the request: %v", err)
			}
		}()
		got := make(chan answer, 1)
		go func() {
			line, err := answers.ReadString('\n')
			got <- answer{line, err}
		}()
		select {
		case a := <-got:
			if a.err != nil {
				return board.Point{}, fmt.Errorf("reading the answer: %v (stderr %q)", a.err, stderr.String())
			}
			var p board.Point
			if n, err := fmt.Sscanf(a.line, "%d %d\n", &p.Y, &p.X); n != 2 || err != nil {
				return board.Point{}, fmt.Errorf("answer %q: want \"row column\"", a.line)
			}
			return p, nil
		case <-testwait.After(t): // an answer not flushed never comes
			return board.Point{}, fmt.Errorf("no answer by the test's deadline: the answer was not flushed")
		}
	}

	games := []struct {
		w, h, mines int
		rule        board.FirstClick
	}{{9, 9, 10, board.Opening}, {8, 8, 10, board.Safe}, {20, 20, 50, board.Unsafe}}
	var tiles []board.Tile
	for g, game := range games {
		b, err := board.NewRandom(board.Settings{Width: game.w, Height: game.h, Mines: game.mines, Rule: game.rule}, nil, rand.New(rand.NewPCG(7, uint64(g))))
		if err != nil {
			t.Fatal(err)
		}
		for moves := 0; b.Status() == board.Playing; moves++ {
			if moves > game.w*game.h {
				t.Fatalf("game %d: still playing after %d moves", g, moves)
			}
			tiles = b.Tiles(tiles)
			p, err := ask(&protocol.Request{Rows: game.h, Cols: game.w, Mines: game.mines, Rule: game.rule, Tiles: tiles})
			if err != nil {
				t.Fatalf("game %d, move %d: %v", g, moves, err)
			}
			if _, err := b.Reveal(p); err != nil {
				t.Fatalf("game %d, move %d: opening %v: %v\n%s", g, moves, p, err, b)
			}
		}
	}
	inW.Close()
	if code := <-exit; code != exitOK || stderr.Len() != 0 {
		t.Errorf("solve at the end of input: exit status %d, stderr %q; want 0, none", code, stderr.String())
	}
}

// TestSolveWriteError checks that a closed stdout ends the run with status 1.
func TestSolveWriteError(t *testing.T) {
	var stderr strings.Builder
	code := run([]string{"solve"}, strings.NewReader("1 3 1\n1 -1 -1\n"), failingWriter{}, &stderr)
	if code != exitFailure || !strings.HasPrefix(stderr.String(), "minesweeper solve: ") || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("solve to a failing stdout = %d, stderr %q; want %d and one line", code, stderr.String(), exitFailure)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

// TestSolveEndlessLine feeds "minesweeper solve" lines that never end, as
// "solve < /dev/zero" does: it must stop with one clear line on stderr and
// status 1 after reading a bounded part of the input, in bounded memory
// (runtime.MemStats.TotalAlloc, which counts every byte allocated).
func TestSolveEndlessLine(t *testing.T) {
	tests := []struct {
		name, prefix, pattern, want string
	}{
		{"NULs", "", "\x00", `minesweeper solve: line 1: line is longer than 1024 bytes: want a request header "rows columns mines [rule]" or an empty line`},
		{"a runaway row", "1 3 1\n", "-1 ", "minesweeper solve: line 2: row 1 of 1 is longer than 1048 bytes, too long for 3 numbers"},
		{"NULs after a request", "1 3 1\n1 -1 -1\n\n", "\x00", `minesweeper solve: line 4: line is longer than 1024 bytes: want a request header "rows columns mines [rule]" or an empty line`},
	}
	const limit = 256 << 20
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := &endless.Reader{Pattern: []byte(tt.pattern), Limit: limit}
			var stdout, stderr strings.Builder
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			code := run([]string{"solve"}, io.MultiReader(strings.NewReader(tt.prefix), in), &stdout, &stderr)
			runtime.ReadMemStats(&after)
			if code != exitFailure || stderr.String() != tt.want+"\n" {
				t.Errorf("solve < %q then endless %q = %d, stderr %q; want %d, %q", tt.prefix, tt.pattern, code, stderr.String(), exitFailure, tt.want)
			}
			if in.N > 64<<10 {
				t.Errorf("solve read %d bytes of the endless input; want at most %d", in.N, 64<<10)
			}
			// The solver's first answer allocates too; the input, nothing
			// near the megabytes an unbounded line buffer takes.
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
				t.Errorf("solve allocated %d bytes; want at most %d", alloc, 4<<20)
			}
		})
	}
}

// TestSolveInconsistent sends views that no layout of mines fits but that
// the protocol accepts: "minesweeper solve" must answer the requests before
// one, then name its header's line on standard error and stop with status
// 1, answering nothing more.
func TestSolveInconsistent(t *testing.T) {
	const first = "1 3 1\n1 -1 -1\n\n" // answered "0 2"
	const after = "\n1 3 1\n1 -1 -1\n" // never read
	tests := []struct {
		name, in, stdout string
		line             int
	}{
		{"a 0 beside a 1 with no room for its mine", "2 2 1\n1 -1\n0 -1\n", "", 1},
		{"after an answer", first + "2 2 1\n1 -1\n0 -1\n", "0 2\n", 4},
		{"after an answer and blank lines", first + "\n\n2 2 1 safe\n1 -1\n0 -1\n", "0 2\n", 6},
		{"fewer mines than the numbers need", first + "1 6 1 opening\n-1 1 -1 -1 1 -1\n", "0 2\n", 4},
		// One mine fits: the 0 keeps two of the three closed cells free.
		{"more mines than the numbers allow", first + first + "3 3 2\n-1 -1 -1\n1 1 0\n0 0 0\n", "0 2\n0 2\n", 7},
		// The 1s hold 3 mines in the row above them, the row beyond it 8.
		{"more mines than a larger view allows", "4 8 12\n" + strings.Repeat(strings.Repeat("-1 ", 8)+"\n", 2) +
			strings.Repeat("1 ", 8) + "\n" + strings.Repeat("0 ", 8) + "\n", "", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr strings.Builder
			code := run([]string{"solve"}, strings.NewReader(tt.in+after), &stdout, &stderr)
			want := fmt.Sprintf("minesweeper solve: line %d: no layout of mines fits this view\n", tt.line)
			if code != exitFailure || stdout.String() != tt.stdout || stderr.String() != want {
				t.Errorf("solve < %q = %d, stdout %q, stderr %q; want %d, %q, %q", tt.in, code, stdout.String(), stderr.String(), exitFailure, tt.stdout, want)
			}
		})
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

// gen runs "minesweeper gen args" and returns its stdout, failing the test
// unless it exits 0 with nothing on stderr.
func gen(t *testing.T, args ...string) []byte {
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
	out := gen(t, args...)
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
			got := gen(t, tt.args...)
			if again := gen(t, tt.args...); !bytes.Equal(again, got) {
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
		out := gen(t, "-seed", fmt.Sprint(seed))
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
		out := gen(t, tt.args...)
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

// TestGenNoGuessWins plays -no-guess boards with the bench's player from
// their start click: logic alone must clear each one.
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestGenNoGuessWins(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, slow under -race: run without it, in make test's second pass")
	}
	levels := [][]string{
		{"-level", "beginner"},
		{"-level", "intermediate"},
		{"-level", "expert"},
		{"-width", "30", "-height", "16", "-mines", "170"},
	}
	for _, lv := range levels {
		for seed := 1; seed <= 5; seed++ {
			args := append(slices.Clone(lv), "-no-guess", "-seed", fmt.Sprint(seed))
			rec := genRecord(t, args...)
			b, err := rec.Board()
			if err != nil {
				t.Fatalf("gen %v: %v", args, err)
			}
			if _, err := b.Reveal(rec.Clicks[0]); err != nil {
				t.Fatalf("gen %v: opening the start click: %v", args, err)
			}
			g, err := bench.Play(context.Background(), b, solver.New(solver.Options{Rule: board.Opening}), b.Width()*b.Height(), nil)
			if err != nil {
				t.Fatalf("gen %v: playing: %v", args, err)
			}
			if g.Status != board.Won {
				t.Errorf("gen %v: the solver's game ended %v with %d safe cells left; want won\n%v", args, g.Status, b.SafeLeft(), b)
			}
		}
	}
}

// TestStartFlag checks how -start reads its value before the board is
// known: two decimal numbers and one comma, nothing else. A value it
// refuses is kept for flagvalue.Parse to word.
func TestStartFlag(t *testing.T) {
	tests := []struct {
		in       string
		row, col int
		err      error
	}{
		{"3,4", 3, 4, nil},
		{"0,0", 0, 0, nil},
		{"010,03", 10, 3, nil},
		{"-1,2", -1, 2, nil}, // off every board: cell says so
		{"+1,2", 1, 2, nil},
		{"3,x", 0, 0, errNotCell},
		{"3", 0, 0, errNotCell},
		{"", 0, 0, errNotCell},
		{",", 0, 0, errNotCell},
		{"3,", 0, 0, errNotCell},
		{",4", 0, 0, errNotCell},
		{"1,2,3", 0, 0, errNotCell},
		{"0x10,2", 0, 0, errNotCell},
		{"1_0,2", 0, 0, errNotCell},
		{" 1,2", 0, 0, errNotCell},
		{"1, 2", 0, 0, errNotCell},
		{"1.5,2", 0, 0, errNotCell},
		{"1;2", 0, 0, errNotCell},
		{"99999999999999999999,1", 0, 0, flagvalue.ErrOutOfRange},
		{"99999999999999999999,x", 0, 0, errNotCell},
	}
	for _, tt := range tests {
		var f startFlag
		err := f.Set(tt.in)
		switch {
		case tt.err != nil:
			if err != tt.err || f.set {
				t.Errorf("Set(%q) = %v, set %v; want %v, unset", tt.in, err, f.set, tt.err)
			}
			if r := f.Refused(); r == nil || r.Value != tt.in || r.Err != tt.err {
				t.Errorf("Set(%q) refused %+v; want %q refused for %v", tt.in, r, tt.in, tt.err)
			}
		case err != nil || f.row != tt.row || f.col != tt.col || !f.set:
			t.Errorf("Set(%q) = %v, row %d, column %d; want nil, %d, %d", tt.in, err, f.row, f.col, tt.row, tt.col)
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
			if got := gen(t, append([]string{"-format", "record"}, tt.args...)...); !bytes.Equal(got, gen(t, tt.args...)) {
				t.Errorf("gen -format record %v differs from gen %v", tt.args, tt.args)
			}
			out := gen(t, append([]string{"-format", "mbf"}, tt.args...)...)
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
	out := gen(t, "-format", "mbf", "-width", "255", "-height", "255", "-mines", "65000", "-seed", "1", "-first-click", "safe")
	if rec, err := mbf.Read(bytes.NewReader(out)); err != nil || len(rec.Mines) != 65000 {
		t.Errorf("gen -format mbf 255x255 with 65000 mines: %v", err)
	}

	var stdout, stderr bytes.Buffer
	if code := run([]string{"gen", "-h"}, strings.NewReader(""), &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "-format") {
		t.Errorf("gen -h = %d; want 0 and a mention of -format:\n%s", code, stdout.String())
	}
}

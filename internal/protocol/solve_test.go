package protocol

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/endless"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// TestSolveFirstMoves asks for the first move on fresh boards under each
// rule: any closed cell on the board will do.
func TestSolveFirstMoves(t *testing.T) {
	var in bytes.Buffer
	sizes := []struct{ rows, cols, mines int }{{9, 9, 10}, {16, 30, 99}, {20, 20, 50}, {1, 2, 0}, {3, 1, 2}}
	var reqs []*Request
	for _, sz := range sizes {
		for _, rule := range []board.FirstClick{board.Unsafe, board.Safe, board.Opening} {
			if sz.mines > board.MaxMines(sz.cols, sz.rows, rule) {
				continue
			}
			req := &Request{Rows: sz.rows, Cols: sz.cols, Mines: sz.mines, Rule: rule,
				Tiles: make([]board.Tile, sz.rows*sz.cols)}
			for i := range req.Tiles {
				req.Tiles[i] = board.TileClosed
			}
			if err := WriteRequest(&in, req); err != nil {
				t.Fatal(err)
			}
			reqs = append(reqs, req)
		}
	}
	var stdout strings.Builder
	if err := Solve(&in, &stdout); err != nil {
		t.Fatalf("Solve: %v; want none", err)
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

// TestSolveOverPipe plays whole games against Solve over
// pipes, the way another program would: it writes one request, reads the
// answer, opens that cell, and only then writes the next request. A solver
// that waited for more input or buffered its answer would hang here.
func TestSolveOverPipe(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	exit := make(chan error, 1)
	go func() {
		exit <- Solve(inR, outW)
		outW.Close()
	}()
	answers := bufio.NewReader(outR)

	type answer struct {
		line string
		err  error
	}
	ask := func(req *Request) (board.Point, error) {
		// Write from another goroutine: the pipe blocks until read.
		go func() {
			if err := WriteRequest(inW, req); err != nil {
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
				return board.Point{}, fmt.Errorf("reading the answer: %v", a.err)
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
			p, err := ask(&Request{Rows: game.h, Cols: game.w, Mines: game.mines, Rule: game.rule, Tiles: tiles})
			if err != nil {
				t.Fatalf("game %d, move %d: %v", g, moves, err)
			}
			if _, err := b.Reveal(p); err != nil {
				t.Fatalf("game %d, move %d: opening %v: %v\n%s", g, moves, p, err, b)
			}
		}
	}
	inW.Close()
	if err := <-exit; err != nil {
		t.Errorf("Solve at the end of input = %v; want nil", err)
	}
}

// TestSolveWriteError checks that a closed output ends the run with its
// error.
func TestSolveWriteError(t *testing.T) {
	err := Solve(strings.NewReader("1 3 1\n1 -1 -1\n"), failingWriter{})
	if !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("Solve to a failing writer = %v; want %v", err, io.ErrClosedPipe)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

// TestSolveEndlessLine feeds Solve lines that never end, as
// "minesweeper solve < /dev/zero" does: it must stop with one clear error
// after reading a bounded part of the input, in bounded memory
// (runtime.MemStats.TotalAlloc, which counts every byte allocated).
func TestSolveEndlessLine(t *testing.T) {
	tests := []struct {
		name, prefix, pattern, want string
	}{
		{"NULs", "", "\x00", `line 1: line is longer than 1024 bytes: want a request header "rows columns mines [rule]" or an empty line`},
		{"a runaway row", "1 3 1\n", "-1 ", "line 2: row 1 of 1 is longer than 1048 bytes, too long for 3 numbers"},
		{"NULs after a request", "1 3 1\n1 -1 -1\n\n", "\x00", `line 4: line is longer than 1024 bytes: want a request header "rows columns mines [rule]" or an empty line`},
	}
	const limit = 256 << 20
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := &endless.Reader{Pattern: []byte(tt.pattern), Limit: limit}
			var stdout strings.Builder
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			err := Solve(io.MultiReader(strings.NewReader(tt.prefix), in), &stdout)
			runtime.ReadMemStats(&after)
			if err == nil || err.Error() != tt.want {
				t.Errorf("Solve(%q then endless %q) = %v; want %q", tt.prefix, tt.pattern, err, tt.want)
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
// the protocol accepts: Solve must answer the requests before one, then
// stop with an error that names its header's line, answering nothing more.
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
			var stdout strings.Builder
			err := Solve(strings.NewReader(tt.in+after), &stdout)
			want := fmt.Sprintf("line %d: no layout of mines fits this view", tt.line)
			if err == nil || err.Error() != want || stdout.String() != tt.stdout {
				t.Errorf("Solve(%q) = %v, output %q; want %q, %q", tt.in, err, stdout.String(), want, tt.stdout)
			}
		})
	}
}

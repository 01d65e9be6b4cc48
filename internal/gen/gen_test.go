package gen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/bench"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/noguess"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// TestStart checks the start click: the cell asked for, on the board, or
// the one drawn from the seed.
func TestStart(t *testing.T) {
	tests := []struct {
		at   *board.Point
		want board.Point
		err  string
	}{
		{&board.Point{X: 29, Y: 15}, board.Point{X: 29, Y: 15}, ""},
		{&board.Point{X: 0, Y: 0}, board.Point{X: 0, Y: 0}, ""},
		{nil, board.StartCell(30, 16, 7), ""},
		{&board.Point{X: 3, Y: 16}, board.Point{}, "row 16 is off the 16-row board (0 to 15)"},
		{&board.Point{X: 3, Y: -1}, board.Point{}, "row -1 is off the 16-row board (0 to 15)"},
		{&board.Point{X: 30, Y: 0}, board.Point{}, "column 30 is off the 30-column board (0 to 29)"},
	}
	for _, tt := range tests {
		got, err := Start(30, 16, 7, tt.at)
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if got != tt.want || gotErr != tt.err {
			t.Errorf("Start(30, 16, 7, %v) = %v, %q; want %v, %q", tt.at, got, gotErr, tt.want, tt.err)
		}
	}
}

// failingWriter is an output that is closed.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("closed") }

// TestWrite checks the two formats, each the whole board or nothing.
func TestWrite(t *testing.T) {
	rec := &record.Record{Rows: 2, Cols: 3, Mines: []board.Point{{X: 2, Y: 1}}, Clicks: []board.Point{{X: 0, Y: 0}}}
	for _, tt := range []struct {
		format, want string
	}{
		{Record, "2 3 1 1\n1 2\n0 0\n"},
		{MBF, "\x03\x02\x00\x01\x02\x01"},
	} {
		var out bytes.Buffer
		if err := Write(&out, rec, tt.format); err != nil || out.String() != tt.want {
			t.Errorf("Write(%s) = %q, %v; want %q", tt.format, out.String(), err, tt.want)
		}
		if err := Write(failingWriter{}, rec, tt.format); err == nil || err.Error() != "writing the board: closed" {
			t.Errorf("Write(%s) to a closed output = %v; want writing the board: closed", tt.format, err)
		}
	}
}

// TestGenNoGuessWins plays no-guess boards with the bench's player from
// their start click: logic alone must clear each one.
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestGenNoGuessWins(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, slow under -race: run without it, in make test's second pass")
	}
	for _, s := range []board.Settings{
		{Width: 9, Height: 9, Mines: 10},
		{Width: 16, Height: 16, Mines: 40},
		{Width: 30, Height: 16, Mines: 99},
		{Width: 30, Height: 16, Mines: 170},
	} {
		s.Rule, s.NoGuess = board.Opening, true
		for seed := uint64(1); seed <= 5; seed++ {
			first, err := Start(s.Width, s.Height, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := Board(s, noguess.Layout, seed, first)
			what := fmt.Sprintf("Board(%v, seed %d)", s, seed)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			b, err := rec.Board()
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if _, err := b.Reveal(rec.Clicks[0]); err != nil {
				t.Fatalf("%s: opening the start click: %v", what, err)
			}
			g, err := bench.Play(context.Background(), b, solver.New(solver.Options{Rule: board.Opening}), b.Width()*b.Height(), nil)
			if err != nil {
				t.Fatalf("%s: playing: %v", what, err)
			}
			if g.Status != board.Won {
				t.Errorf("%s: the solver's game ended %v with %d safe cells left; want won\n%v", what, g.Status, b.SafeLeft(), b)
			}
		}
	}
}

// TestDaily checks the daily boards gen -daily writes, public and a
// server's, and why it refuses the others.
func TestDaily(t *testing.T) {
	const date, level = "2026-11-25", "expert"
	secret := strings.Repeat("ab", 32)
	s, err := daily.ParseSecret(secret)
	if err != nil {
		t.Fatal(err)
	}
	commit := daily.Commitment(date, level, s)
	public, _ := daily.Of(date, level)
	server, _ := daily.OfSecret(date, level, s)
	tests := []struct {
		secret, commitment string
		want               daily.Board
		err                string
		isCommitment       bool // the error is daily.ErrCommitment
	}{
		{"", "", public, "", false},
		{secret, "", server, "", false},
		{secret, commit, server, "", false},
		{"", commit, daily.Board{}, "-commitment: only with -secret", false},
		{"abc", "", daily.Board{}, "-secret: " + daily.ErrSecret.Error(), false},
		{secret, daily.Commitment(date, "beginner", s), daily.Board{}, "-commitment: the secret does not match the commitment: its commitment for 2026-11-25, expert is " + commit, true},
	}
	for _, tt := range tests {
		b, err := Daily(date, level, tt.secret, tt.commitment)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.err || errors.Is(err, daily.ErrCommitment) != tt.isCommitment || b.Seed != tt.want.Seed || b.Commitment != tt.want.Commitment {
			t.Errorf("Daily(%q, %q) = seed %d, %q; want seed %d, %q (ErrCommitment %v)", tt.secret, tt.commitment, b.Seed, got, tt.want.Seed, tt.err, tt.isCommitment)
		}
	}
}

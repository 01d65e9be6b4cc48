package history

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
)

// checkedGame returns a game of the log on a 9x9 board with 10 mines, with
// each number in range, changed by change.
func checkedGame(change func(*Game)) Game {
	g := Game{
		V:       Version,
		Date:    time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC),
		Board:   board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening},
		Level:   "beginner",
		Seed:    42,
		Layout:  []Cell{{0, 0}, {8, 8}, {3, 4}, {4, 3}, {0, 8}, {8, 0}, {1, 7}, {7, 1}, {2, 6}, {6, 2}},
		Result:  "won",
		TimeMS:  12340,
		ThreeBV: 30,
		Clicks:  41,
		First:   &Cell{4, 4},
		Ends:    1,
		Moves: []Move{
			{game.Move{Action: game.Open, At: board.Point{X: 4, Y: 4}}, 0},
			{game.Move{Action: game.Toggle, At: board.Point{X: 0, Y: 0}}, 850},
			{game.Move{Action: game.Odds, At: board.Point{}}, 900},
		},
	}
	if change != nil {
		change(&g)
	}
	return g
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name    string
		change  func(*Game)
		wantErr string // "" for none
	}{
		{"a game in range", nil, ""},
		{"the longest time", func(g *Game) { g.TimeMS = MaxTimeMS }, ""},
		{"no time", func(g *Game) { g.TimeMS = 0 }, ""},
		{"any seed", func(g *Game) { g.Seed, g.Sum = math.MaxUint64, math.MaxUint64 }, ""},
		{"no layout, no first opening, no moves", func(g *Game) { g.Layout, g.First, g.Moves = nil, nil, nil }, ""},
		{"a 3BV of every cell", func(g *Game) { g.ThreeBV = 81 }, ""},
		{"a move before the first opening", func(g *Game) { g.Moves[0].At = -MaxTimeMS }, ""},
		{"the most clicks", func(g *Game) { g.Clicks, g.Ends = MaxClicks, MaxClicks }, ""},
		{"figures in range", func(g *Game) {
			g.Opens, g.Chords, g.Flags, g.Wasted = 30, 5, 6, 6
			g.Openings, g.Islands, g.Solved, g.ZiNi = 4, 7, 30, 25
		}, ""},
		{"the most clicks of each kind", func(g *Game) { g.Clicks, g.Opens, g.Chords, g.Flags, g.Wasted = MaxClicks, MaxClicks-2, 1, 1, 1 }, ""},

		{"no board", func(g *Game) { g.Board = board.Settings{} }, `no board (want "board":"WIDTHxHEIGHTnMINES RULE")`},
		{"a board too large", func(g *Game) { g.Board.Width, g.Board.Height = 1<<20, 1<<20 }, `board "1048576x1048576n10 opening": board is larger than 268435456 cells (got 1048576x1048576)`},
		{"time_ms 2^63-1", func(g *Game) { g.TimeMS = math.MaxInt64 }, "time_ms 9223372036854775807 is out of range (0 to 3162240000000, a hundred years)"},
		{"time_ms past a hundred years", func(g *Game) { g.TimeMS = MaxTimeMS + 1 }, "time_ms 3162240000001 is out of range (0 to 3162240000000, a hundred years)"},
		{"time_ms below 0", func(g *Game) { g.TimeMS = -1 }, "time_ms -1 is out of range (0 to 3162240000000, a hundred years)"},
		{"time_ms -2^63", func(g *Game) { g.TimeMS = math.MinInt64 }, "time_ms -9223372036854775808 is out of range (0 to 3162240000000, a hundred years)"},
		{"3bv below 0", func(g *Game) { g.ThreeBV = -1 }, "3bv -1 is out of range (0 to 81, the board's cells)"},
		{"3bv over the cells", func(g *Game) { g.ThreeBV = 82 }, "3bv 82 is out of range (0 to 81, the board's cells)"},
		{"clicks below 0", func(g *Game) { g.Clicks = math.MinInt32 }, "clicks -2147483648 is out of range (0 to 2147483647)"},
		{"ends below 0", func(g *Game) { g.Ends = -1 }, "ends -1 is out of range (0 to 2147483647)"},
		{"opens below 0", func(g *Game) { g.Opens = -1 }, "opens -1 is out of range (0 to 2147483647)"},
		{"chords over the most", func(g *Game) { g.Chords = MaxClicks + 1 }, "chords 2147483648 is out of range (0 to 2147483647)"},
		{"flags below 0", func(g *Game) { g.Flags = math.MinInt32 }, "flags -2147483648 is out of range (0 to 2147483647)"},
		{"wasted below 0", func(g *Game) { g.Wasted = -1 }, "wasted -1 is out of range (0 to 2147483647)"},
		{"more clicks by kind than clicks", func(g *Game) { g.Opens, g.Chords, g.Flags = 40, 1, 1 }, "opens, chords, flags and the solver's moves make 42, more than the 41 clicks"},
		{"the most of each kind, more than the clicks", func(g *Game) { g.Opens, g.Chords, g.Flags = MaxClicks, MaxClicks, MaxClicks },
			"opens, chords, flags and the solver's moves make 6442450941, more than the 41 clicks"},
		{"more wasted than marks", func(g *Game) { g.Flags, g.Wasted = 2, 3 }, "wasted 3 is more than the 2 flags"},
		{"openings over the cells", func(g *Game) { g.Openings = 82 }, "openings 82 is out of range (0 to 81, the board's cells)"},
		{"islands below 0", func(g *Game) { g.Islands = -1 }, "islands -1 is out of range (0 to 81, the board's cells)"},
		{"3bv_solved below 0", func(g *Game) { g.Solved = -1 }, "3bv_solved -1 is out of range (0 to 81, the board's cells)"},
		{"zini over the cells", func(g *Game) { g.ZiNi = 1 << 40 }, "zini 1099511627776 is out of range (0 to 81, the board's cells)"},
		{"more solved than the 3BV", func(g *Game) { g.Solved = 31 }, "3bv_solved 31 is more than the 3bv 30"},
		{"a mine off the board", func(g *Game) { g.Layout[2] = Cell{9, 0} }, "layout: mine 3 of 10: column 9 is off the board (0 to 8)"},
		{"a mine at a negative row", func(g *Game) { g.Layout[0] = Cell{0, -1 << 40} }, "layout: mine 1 of 10: row -1099511627776 is off the board (0 to 8)"},
		{"more mines than cells", func(g *Game) { g.Layout = make([]Cell, 82) }, "layout: 82 mines do not fit in 81 cells"},
		{"a first opening off the board", func(g *Game) { g.First = &Cell{4, 9} }, "first opening: row 9 is off the board (0 to 8)"},
		{"a move off the board", func(g *Game) { g.Moves[1].Move.At.X = -1 }, "move 2 of 3 (F-1,0): column -1 is off the board (0 to 8)"},
		{"a move's time 2^63-1", func(g *Game) { g.Moves[2].At = math.MaxInt64 }, "move 3 of 3 (P0,0): time 9223372036854775807 is out of range (-3162240000000 to 3162240000000)"},
		{"a move's time -2^63", func(g *Game) { g.Moves[0].At = math.MinInt64 }, "move 1 of 3 (O4,4): time -9223372036854775808 is out of range (-3162240000000 to 3162240000000)"},
	}
	for _, tt := range tests {
		g := checkedGame(tt.change)
		err := g.Check()
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("%s: Check() = %v; want nil", tt.name, err)
		case tt.wantErr != "" && (err == nil || err.Error() != tt.wantErr):
			t.Errorf("%s: Check() = %v; want %q", tt.name, err, tt.wantErr)
		case err != nil && strings.Contains(err.Error(), "\n"):
			t.Errorf("%s: Check() = %q; want one line", tt.name, err)
		}
	}
}

// TestCheckOffBoard checks that a cell off the board is an error whose
// cause is board.ErrOutOfBounds, as the game's own checks give it.
func TestCheckOffBoard(t *testing.T) {
	g := checkedGame(func(g *Game) { g.First = &Cell{-1, 0} })
	if err := g.Check(); !errors.Is(err, board.ErrOutOfBounds) {
		t.Errorf("Check() = %v; want one whose cause is board.ErrOutOfBounds", err)
	}
}

// TestCheckOldLines checks that the games of lines the log holds, old
// versions' among them, are in range.
func TestCheckOldLines(t *testing.T) {
	for _, tt := range oldLines {
		g, _, err := DecodeLine([]byte(tt.line))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Check(); err != nil {
			t.Errorf("DecodeLine(%s).Check() = %v; want nil", tt.line, err)
		}
	}
}

// TestCheckedTime checks that a game that Check lets through keeps its time
// when it is made a time.Duration, as the game and its statistics make it.
func TestCheckedTime(t *testing.T) {
	for _, ms := range []int64{0, 1, 12340, MaxTimeMS} {
		g := checkedGame(func(g *Game) { g.TimeMS = ms })
		if err := g.Check(); err != nil {
			t.Fatal(err)
		}
		if got := time.Duration(g.TimeMS) * time.Millisecond; got.Milliseconds() != ms {
			t.Errorf("time.Duration(%d) * time.Millisecond = %v; want %d ms", ms, got, ms)
		}
	}
}

package game

import (
	"math"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// shelf is the board of the tests of a game's numbers: one opening (the
// bottom row, its border the row above) under an island of eight
// isolated numbers around two mines. 3BV 9 (the opening and the eight),
// ZiNi 7 (see board.TestZiNi).
//
//	1 1 2 1 1
//	1 * 2 * 1
//	1 1 2 1 1
//	0 0 0 0 0
const shelf = `
.....
.*.*.
.....
.....
`

// timed is a move and the second after t0 it is made at.
type timed struct {
	s int
	m Move
}

// TestNumbersWonLost pins every number of a won and of a lost game on
// shelf to values counted by hand, and checks that the game keeps its
// figures.
func TestNumbersWonLost(t *testing.T) {
	tests := []struct {
		name  string
		moves []timed
		want  Numbers
		// The ratios, counted by hand.
		speed, ioe, ios, rqp, correct, through, zne float64
		estimated                                   time.Duration
	}{
		{
			name: "won",
			moves: []timed{
				{10, mv(Open, 0, 3)},   // the opening: the clock starts
				{11, mv(Toggle, 1, 1)}, // a flag that stays
				{12, mv(Toggle, 2, 0)}, // a flag on a safe cell...
				{13, mv(Toggle, 2, 0)}, // ...a question mark...
				{14, mv(Toggle, 2, 0)}, // ...none: three wasted clicks
				{15, mv(Open, 0, 1)},
				{16, mv(Chord, 0, 1)}, // opens (0,0) and (1,0)
				{17, mv(Toggle, 3, 1)},
				{18, mv(Open, 2, 1)},
				{19, mv(Chord, 2, 1)}, // opens (2,0) and (3,0)
				{20, mv(Chord, 3, 0)}, // opens (4,0) and (4,1): won
			},
			// 3 opens, 3 chords, 5 marks of which 2 flags stand: 11
			// clicks, 3 wasted, 8 effective.
			want: Numbers{Time: 10 * time.Second, ThreeBV: 9, Clicks: 11, Won: true,
				Figures: Figures{Opens: 3, Chords: 3, Flags: 5, Wasted: 3, Openings: 1, Islands: 1, Solved: 9, ZiNi: 7}},
			speed:   0.9,                // 9 / 10 s
			ioe:     9.0 / 11,           // 3BV per click
			ios:     0.9542425094393249, // log 9 / log 10
			rqp:     100.0 / 9,          // 10² / 9
			correct: 8.0 / 11,           // effective over all clicks
			through: 9.0 / 8,            // 3BV per effective click
			zne:     7.0 / 11,           // ZiNi per click
		},
		{
			// The player opens, the solver plays the rest, a cell a
			// move: its moves are clicks, and no number says more than
			// the clicks did (main said 1 click, 900% efficiency).
			name: "auto-played",
			moves: []timed{
				{10, mv(Open, 0, 3)},
				{11, mv(AutoOpen, 0, 0)}, {11, mv(AutoOpen, 1, 0)}, {12, mv(AutoOpen, 2, 0)},
				{12, mv(AutoOpen, 3, 0)}, {13, mv(AutoOpen, 4, 0)}, {13, mv(AutoOpen, 0, 1)},
				{14, mv(AutoOpen, 2, 1)}, {14, mv(AutoOpen, 4, 1)}, // won
			},
			want: Numbers{Time: 4 * time.Second, ThreeBV: 9, Clicks: 9, Won: true,
				Figures: Figures{Opens: 1, Solver: 8, Openings: 1, Islands: 1, Solved: 9, ZiNi: 7}},
			speed:   9.0 / 4,
			ioe:     1,
			ios:     1.5849625007211563, // log 9 / log 4
			rqp:     16.0 / 9,
			correct: 1,
			through: 1,
			zne:     7.0 / 9,
		},
		{
			name: "lost",
			moves: []timed{
				{10, mv(Open, 0, 3)},   // the opening: solved 1
				{12, mv(Open, 0, 0)},   // a lone 1: solved 2
				{13, mv(Toggle, 4, 0)}, // a wrong flag, standing at the end
				{14, mv(Open, 4, 1)},   // a lone 1: solved 3
				{15, mv(Toggle, 1, 0)}, // a flag and...
				{16, mv(Toggle, 1, 0)}, // ...a question mark: two wasted
				{20, mv(Open, 3, 1)},   // a mine
			},
			// 4 opens, 3 marks of which 1 flag stands: 7 clicks, 2
			// wasted.
			want: Numbers{Time: 10 * time.Second, ThreeBV: 9, Clicks: 7,
				Figures: Figures{Opens: 4, Flags: 3, Wasted: 2, Openings: 1, Islands: 1, Solved: 3, ZiNi: 7}},
			correct:   5.0 / 7,
			estimated: 30 * time.Second, // 10 s × 9 / 3
		},
	}
	for _, tt := range tests {
		g := fixed(t, shelf, true)
		for _, m := range tt.moves {
			apply(t, g, at(m.s), m.m)
		}
		got := g.Numbers(at(99))
		if got != tt.want {
			t.Errorf("%s: Numbers() =\n%+v; want\n%+v", tt.name, got, tt.want)
		}
		for _, r := range []struct {
			name      string
			got, want float64
		}{
			{"Speed", got.Speed(), tt.speed},
			{"Efficiency", got.Efficiency(), tt.ioe},
			{"IOS", got.IOS(), tt.ios},
			{"RQP", got.RQP(), tt.rqp},
			{"Correctness", got.Correctness(), tt.correct},
			{"Throughput", got.Throughput(), tt.through},
			{"ZiNiEfficiency", got.ZiNiEfficiency(), tt.zne},
		} {
			if math.Abs(r.got-r.want) > 1e-12 {
				t.Errorf("%s: %s() = %v; want %v", tt.name, r.name, r.got, r.want)
			}
		}
		if d := got.EstimatedTime(); d != tt.estimated {
			t.Errorf("%s: EstimatedTime() = %v; want %v", tt.name, d, tt.estimated)
		}
		if k := g.Kept(at(99), true); k.Figures != tt.want.Figures || k.ThreeBV != tt.want.ThreeBV {
			t.Errorf("%s: Kept() keeps 3BV %d, %+v; want %d, %+v", tt.name, k.ThreeBV, k.Figures, tt.want.ThreeBV, tt.want.Figures)
		}
	}
}

// TestClickFigures checks the rules of the clicks' kinds on logs, with
// question marks and without: which marks are wasted, that the solver's
// moves on the board are its clicks and its help's events none.
func TestClickFigures(t *testing.T) {
	tests := []struct {
		name      string
		moves     []Move
		questions bool
		want      Figures
	}{
		{"a flag that stays", []Move{mv(Toggle, 1, 1)}, true, Figures{Flags: 1}},
		{"a flag taken off", []Move{mv(Toggle, 1, 1), mv(Toggle, 1, 1)}, false, Figures{Flags: 2, Wasted: 2}},
		{"flag, question mark, none", []Move{mv(Toggle, 1, 1), mv(Toggle, 1, 1), mv(Toggle, 1, 1)}, true, Figures{Flags: 3, Wasted: 3}},
		// Without question marks the third click flags again, and stays.
		{"flag, none, flag", []Move{mv(Toggle, 1, 1), mv(Toggle, 1, 1), mv(Toggle, 1, 1)}, false, Figures{Flags: 3, Wasted: 2}},
		// The solver's flag is its click, not the player's mark; the
		// player's click taking it off is one, wasted.
		{"the solver's flag taken off", []Move{mv(FlagMine, 1, 1), mv(Toggle, 1, 1)}, false, Figures{Flags: 1, Wasted: 1, Solver: 1}},
		{"a question mark the solver flags", []Move{mv(Toggle, 1, 1), mv(Toggle, 1, 1), mv(FlagMine, 1, 1)}, true, Figures{Flags: 2, Wasted: 2, Solver: 1}},
		{"help's events are no click", []Move{mv(Open, 0, 0), mv(Hint, 2, 2), mv(AutoOpen, 3, 3), mv(Odds, 0, 0), mv(Chord, 0, 0)}, true, Figures{Opens: 1, Chords: 1, Solver: 1}},
	}
	for _, tt := range tests {
		var moves []TimedMove
		for _, m := range tt.moves {
			moves = append(moves, TimedMove{Move: m})
		}
		if got := clickFigures(moves, tt.questions); got != tt.want {
			t.Errorf("%s: clickFigures() = %+v; want %+v", tt.name, got, tt.want)
		}
	}
}

// TestNumbersUnknown checks that what is not known is 0: the ratios of a
// game not won, the clicks of a record that did not split them, the
// estimated time of a won game, and the figures of a board over
// LayoutCells.
func TestNumbersUnknown(t *testing.T) {
	split := Figures{Opens: 2, Chords: 1, Flags: 1}
	for _, tt := range []struct {
		name string
		n    Numbers
	}{
		{"lost", Numbers{Time: 5 * time.Second, ThreeBV: 9, Clicks: 4, Figures: split}},
		{"no time", Numbers{ThreeBV: 9, Clicks: 4, Won: true}},
		{"a second", Numbers{Time: time.Second, ThreeBV: 9, Clicks: 4, Won: true}},
		{"no 3BV", Numbers{Time: 5 * time.Second, Clicks: 4, Won: true}},
	} {
		if v := tt.n.IOS(); v != 0 {
			t.Errorf("%s: IOS() = %v; want 0", tt.name, v)
		}
	}
	old := Numbers{Time: 5 * time.Second, ThreeBV: 9, Clicks: 4, Won: true} // kept before the split
	if c, th, e := old.Correctness(), old.Throughput(), old.Effective(); c != 0 || th != 0 || e != 0 || old.Split() {
		t.Errorf("a record without the split: Correctness, Throughput, Effective = %v, %v, %v; want 0", c, th, e)
	}
	won := Numbers{Time: 5 * time.Second, ThreeBV: 9, Clicks: 4, Won: true, Figures: Figures{Solved: 9, ZiNi: 4}}
	if d := won.EstimatedTime(); d != 0 {
		t.Errorf("EstimatedTime() of a win = %v; want 0", d)
	}
	long := Numbers{Time: time.Duration(math.MaxInt64 / 2), ThreeBV: 1000, Figures: Figures{Solved: 1, ZiNi: 10}}
	if d := long.EstimatedTime(); d != math.MaxInt64 {
		t.Errorf("EstimatedTime() beyond the longest Duration = %v; want the longest", d)
	}

	// A board over LayoutCells, all one opening but a mine, lost on the
	// mine: the clicks and the 3BV, no more.
	w := 1 << 11
	cfg := Config{Settings: board.Settings{Width: w, Height: LayoutCells/w + 1, Mines: 1, Rule: board.Unsafe}}
	g, err := NewFixed(cfg, []board.Point{{X: 0, Y: 0}}, "huge.txt", 0)
	if err != nil {
		t.Fatal(err)
	}
	apply(t, g, at(1), mv(Open, 0, 0))
	if n := g.Numbers(at(2)); n.ThreeBV != 1 || n.Figures != (Figures{Opens: 1}) || n.Counted() {
		t.Errorf("Numbers() of a loss on a board over LayoutCells = %+v; want 3BV 1, its click and no more", n)
	}
}

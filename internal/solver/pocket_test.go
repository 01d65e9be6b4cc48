package solver

import (
	"math"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// TestPocketMoveIsBest checks the claim solvePocket rests on: a pocket's
// best move, searched on the pocket alone, is a best move on the whole
// view, by brute force over every layout of the view.
func TestPocketMoveIsBest(t *testing.T) {
	withoutRace(t)
	checked := 0
	for c, g := range guessingViews(t, 41, 1500) {
		v, s := g.v, g.s
		cell, win, ok := s.end.solvePocket(&s.an)
		if !ok {
			continue
		}
		checked++
		if win <= 0 || win >= 1 {
			t.Fatalf("case %d: pocket's chance to win %v; want strictly between 0 and 1 (no cell was safe)\n%s", c, win, viewString(v))
		}
		if got, want := bruteWin(v, cell), bruteWin(v, -1); math.Abs(got-want) > 1e-9 {
			t.Fatalf("case %d: the pocket's move %v wins %v by brute force; the best move wins %v\n%s", c, v.point(cell), got, want, viewString(v))
		}
	}
	if checked < 20 {
		t.Errorf("only %d views with a pocket checked", checked)
	}
	t.Logf("%d views with a pocket checked", checked)
}

// TestPocketFound checks which parts of a view are pockets, on views
// written out: a part next to a closed cell outside it is not, nor is one
// whose mine count varies, and a part enclosed by open cells, the board's
// edge and certain mines is.
func TestPocketFound(t *testing.T) {
	tests := []struct {
		name  string
		view  string
		mines int
		want  bool
	}{
		// Two cells, one mine, told apart by nothing: a pocket (the
		// forced guess takes it first in play).
		{"enclosed pair", "##\n11", 1, true},
		// Eight cells around a 1, the board's edge around them.
		{"eight around a one", "###\n#1#\n###", 1, true},
		// The same eight, but the right ones touch cells next to no
		// number, whose mines they may share with.
		{"touching outside cells", "#####\n#1###\n#####", 3, false},
		// Enclosed, but its numbers allow two mines or three: which it
		// holds depends on the count left for the rest of the board.
		{"varying count", "####\n#12#\n####", 3, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := parseView(t, tt.view, tt.mines)
			s := analysed(t, v)
			_, _, ok := s.end.solvePocket(&s.an)
			if ok != tt.want {
				t.Errorf("solvePocket found a pocket: %v; want %v\n%s", ok, tt.want, viewString(v))
			}
		})
	}
}

// TestWideReps checks which outside cells the wide variant looks at: with
// 30 or more outside cells, those next to the frontier and those with at
// most three closed neighbours, fewest closed neighbours first.
func TestWideReps(t *testing.T) {
	v := parseView(t, `
		1###########
		############
		############
		############
		############
		############`, 10)
	s := analysed(t, v)
	got := s.ahead.wideReps(nil, v, 0.5)
	want := map[board.Point]bool{
		{X: 2, Y: 0}: true, {X: 2, Y: 1}: true, {X: 2, Y: 2}: true, {X: 1, Y: 2}: true, {X: 0, Y: 2}: true, // next to the frontier
		{X: 11, Y: 0}: true, {X: 0, Y: 5}: true, {X: 11, Y: 5}: true, // corners: three closed neighbours
	}
	if len(got) != len(want) {
		t.Fatalf("wideReps gave %d cells; want %d", len(got), len(want))
	}
	last := 0
	for _, c := range got {
		p := v.point(c.i)
		if !want[p] {
			t.Errorf("wideReps gave %v; want only %v", p, want)
		}
		n := closedAround(v.tiles, v.width, v.height, c.i)
		if n < last {
			t.Errorf("wideReps gave %v (%d closed neighbours) after a cell with %d; want fewest first", p, n, last)
		}
		last = n
	}
}

package solver

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

func TestHintText(t *testing.T) {
	tests := []struct {
		name  string
		view  string
		mines int
		near  board.Point
		want  string
	}{
		{"a number whose mine is certain", `
			#1#
			11#`, 1, board.Point{X: 2}, "safe: the 1 at (2,1) already touches the mine at (1,1)"},
		{"every layout of the group", `
			1#
			##
			1#`, 1, board.Point{}, "safe in all 2 layouts of mines that fit the numbers around the 1 at (1,1)"},
		{"the count", `
			1##
			1##`, 1, board.Point{X: 2}, "safe: only 1 mine is left, and the numbers need it elsewhere"},
		{"no safe cell", `
			##
			11`, 1, board.Point{X: 1}, "no safe cell: the best guess is (2,1), 50% mine"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := parseView(t, tt.view, tt.mines)
			h, _, err := New(Options{}).Hint(context.Background(), v, tt.near)
			if err != nil {
				t.Fatal(err)
			}
			if got := h.String(); got != tt.want {
				t.Errorf("Hint(%s) = %q (%+v); want %q", viewString(v), got, h, tt.want)
			}
		})
	}
}

// TestHintString checks the hints' words, their cells as a player reads
// them, counted from 1: Point{3, 6} is (4,7).
func TestHintString(t *testing.T) {
	tests := []struct {
		h    Hint
		want string
	}{
		{Hint{Reason: ByNumber, Number: board.Point{X: 3, Y: 6}, Shows: 2, Mines: []board.Point{{X: 4, Y: 7}, {X: 2, Y: 5}}},
			"safe: the 2 at (4,7) already touches its 2 mines at (5,8) and (3,6)"},
		{Hint{Reason: ByNumber, Number: board.Point{X: 3, Y: 6}, Shows: 3, Mines: []board.Point{{X: 4, Y: 7}, {X: 2, Y: 5}, {X: 2, Y: 6}}},
			"safe: the 3 at (4,7) already touches its 3 mines at (5,8), (3,6) and (3,7)"},
		{Hint{Reason: ByLayouts, Number: board.Point{X: 0, Y: 1}, Shows: 1, Layouts: 1},
			"safe: the one layout of mines that fits the numbers around the 1 at (1,2) leaves it empty"},
		{Hint{Reason: ByLayouts, Number: board.Point{X: 0, Y: 1}, Shows: 3, Layouts: 12},
			"safe in all 12 layouts of mines that fit the numbers around the 3 at (1,2)"},
		{Hint{Reason: ByLayouts, Number: board.Point{X: 0, Y: 1}, Shows: 3, Layouts: 3.4e7},
			"safe in every layout of mines (about 34 million) that fits the numbers around the 3 at (1,2)"},
		{Hint{Reason: ByLayouts, Number: board.Point{X: 0, Y: 1}, Shows: 3, Layouts: 2e12},
			"safe in every layout of mines (more than a billion) that fits the numbers around the 3 at (1,2)"},
		{Hint{Reason: ByCount, Left: 3}, "safe: only 3 mines are left, and the numbers need all 3 elsewhere"},
		{Hint{Reason: ByCount, Left: 0}, "safe: every mine is already certain"},
		{Hint{Reason: Guess, Cell: board.Point{X: 8, Y: 1}, Mine: 0.18}, "no safe cell: the best guess is (9,2), 18% mine"},
		{Hint{Reason: Guess, Cell: board.Point{X: 8, Y: 1}, Mine: 0.001}, "no safe cell: the best guess is (9,2), <1% mine"},
	}
	for _, tt := range tests {
		if got := tt.h.String(); got != tt.want {
			t.Errorf("%+v.String() = %q; want %q", tt.h, got, tt.want)
		}
	}
}

// TestHintSound checks every hint on random small views against every
// layout of mines that fits them: a cell explained as safe is safe in all
// of them, the mines a number is said to touch are mines in all of them
// and as many as it shows, and a guess is a cell least likely to be a
// mine, with its chance.
func TestHintSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 17))
	cases := 400
	if testing.Short() {
		cases = 100
	}
	seen := map[Reason]int{}
	s := New(Options{})
	for c := range cases {
		w, h := 3+rng.IntN(4), 3+rng.IntN(3)
		mines := 1 + rng.IntN(w*h/3)
		v, _ := randomView(t, rng, w, h, mines, 1+rng.IntN(4))
		if closed := closedCells(v); closed > 20 || closed == 0 {
			continue
		}
		prob, _ := bruteProbs(v)
		near := board.Point{X: rng.IntN(w), Y: rng.IntN(h)}
		hint, _, err := s.Hint(context.Background(), v, near)
		if err != nil {
			t.Fatalf("case %d: Hint: %v", c, err)
		}
		seen[hint.Reason]++
		at := func(p board.Point) float64 { return prob[p.Y*w+p.X] }
		fail := func(format string, args ...any) {
			t.Helper()
			t.Errorf("case %d: hint %q (%+v) on\n%s: "+format, append([]any{c, hint.String(), hint, viewString(v)}, args...)...)
		}
		if !v.Closed(hint.Cell) {
			fail("the cell is not closed")
			continue
		}
		if !hint.Safe() {
			lowest := 1.0
			for i, tl := range v.tiles {
				if tl < 0 {
					lowest = min(lowest, prob[i])
				}
			}
			if lowest == 0 {
				fail("a safe cell exists")
			}
			if math.Abs(hint.Mine-at(hint.Cell)) > 1e-9 || math.Abs(hint.Mine-lowest) > 1e-9 {
				fail("chance %v; the cell's is %v and the lowest %v", hint.Mine, at(hint.Cell), lowest)
			}
			continue
		}
		if at(hint.Cell) != 0 {
			fail("the cell holds a mine in some layout (chance %v)", at(hint.Cell))
		}
		switch hint.Reason {
		case ByNumber:
			if n, open := v.Count(hint.Number); !open || n != hint.Shows || len(hint.Mines) != n || !touches(hint.Cell, hint.Number) {
				fail("the number does not show %d mines beside the cell", hint.Shows)
			}
			for _, m := range hint.Mines {
				if at(m) != 1 || !touches(m, hint.Number) {
					fail("%v is not a certain mine beside the number", m)
				}
			}
		case ByLayouts:
			if n, open := v.Count(hint.Number); !open || n != hint.Shows || !touches(hint.Cell, hint.Number) || hint.Layouts < 1 {
				fail("the number or the count of layouts is wrong")
			}
		case ByCount:
			certain := 0
			for i, tl := range v.tiles {
				if tl < 0 && prob[i] == 1 {
					certain++
				}
			}
			if hint.Left != v.Mines()-certain {
				fail("left %d; want %d", hint.Left, v.Mines()-certain)
			}
		}
	}
	for _, r := range []Reason{ByNumber, ByLayouts, Guess} {
		if seen[r] == 0 {
			t.Errorf("no hint had reason %v in %d views: the test does not reach it", r, cases)
		}
	}
}

func TestHintCanceled(t *testing.T) {
	v := parseView(t, "1#\n##\n1#", 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := New(Options{}).Hint(ctx, v, board.Point{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Hint with a canceled context = %v; want context.Canceled", err)
	}
}

// touches reports whether a and b are neighbours.
func touches(a, b board.Point) bool {
	return a != b && abs(a.X-b.X) <= 1 && abs(a.Y-b.Y) <= 1
}

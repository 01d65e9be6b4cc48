package solver

import (
	"math"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// guessingView is a view of guessingViews, analysed by s.
type guessingView struct {
	v *View
	s *Solver
}

// guessingViews returns, of the small views of smallViews(t, seed, want),
// those with at most 14 closed cells, between 2 and 400 layouts and no
// certainly safe cell, as when the solver guesses, each analysed exactly
// by a solver of its own, for checks against brute force.
func guessingViews(t *testing.T, seed uint64, want int) []guessingView {
	var out []guessingView
	for _, v := range smallViews(t, seed, want) {
		if closedCells(v) > 14 {
			continue
		}
		s := New(Options{})
		s.an.resetCache()
		if err := s.an.run(v.width, v.height, v.mines, v.tiles); err != nil || !s.an.exact {
			continue
		}
		if _, n := bruteProbs(v); n > 400 || n < 2 || s.bestSafe(v) >= 0 {
			continue
		}
		out = append(out, guessingView{v, s})
	}
	return out
}

// TestGameTreeMatchesBruteForce checks the endgame search on random small
// views with no certainly safe cell, as when the solver guesses, against
// bruteWin, which shares none of its rules (free safe cells, dead cells,
// pruning): the chance to win it claims is the best over the whole game
// tree, and the cell it returns achieves it.
func TestGameTreeMatchesBruteForce(t *testing.T) {
	withoutRace(t)
	checked := 0
	for c, g := range guessingViews(t, 31, 1500) {
		v, s := g.v, g.s
		cell, win, ok := s.end.solve(&s.an)
		if !ok {
			t.Fatalf("case %d: endgame gave up\n%s", c, viewString(v))
		}
		checked++
		if want := bruteWin(v, -1); math.Abs(win-want) > 1e-9 {
			t.Fatalf("case %d: endgame win = %v; brute force %v\n%s", c, win, want, viewString(v))
		}
		if got := bruteWin(v, cell); math.Abs(got-win) > 1e-9 {
			t.Fatalf("case %d: endgame opens %v, which wins %v by brute force; want its claimed %v\n%s", c, v.point(cell), got, win, viewString(v))
		}
	}
	if checked < 50 {
		t.Errorf("only %d views checked", checked)
	}
	t.Logf("%d views checked", checked)
}

// TestEndgameOpensLivingCell: of two cells as likely to be mines, the
// endgame opens the one whose number may tell something, not the dead one
// whose number is known in advance.
func TestEndgameOpensLivingCell(t *testing.T) {
	// One mine in (0,0) and (0,1), one in (1,2) and (2,2), and (0,2) a
	// mine. Opened safe, (0,0) and (2,2) always show 1; (0,1) and (1,2)
	// show whether the other pair's mine is next to them.
	v := parseView(t, "#10\n#31\n###", 3)
	s := analysed(t, v)
	cell, win, ok := s.end.solve(&s.an)
	if p := v.point(cell); !ok || (p != board.Point{X: 0, Y: 1} && p != board.Point{X: 1, Y: 2}) || math.Abs(win-0.5) > 1e-12 {
		t.Errorf("endgame = %v, %v, %v; want (0,1) or (1,2), 0.5, true", p, win, ok)
	}
	if got := bruteWin(v, 0); math.Abs(got-0.25) > 1e-12 {
		t.Errorf("opening the dead cell (0,0) first wins %v; want 0.25", got)
	}
}

package solver

import (
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// TestMoveWorkBounded plays expert games with a small budget of work for
// the game tree searches and checks that no move's work passes its
// bounds: the searches of one move (the whole board's, then the pockets')
// share the budget, each going over it by one scan of a position at most,
// and the look-ahead's analyses go through at most lookCells cells and one
// analysis more.
func TestMoveWorkBounded(t *testing.T) {
	withoutRace(t)
	const cells = 30 * 16
	for _, tt := range []struct {
		name     string
		rule     board.FirstClick
		treeWork int
	}{
		{"safe, small tree budget", board.Safe, 20_000},
		{"opening, small tree budget", board.Opening, 20_000},
		{"safe, default budget", board.Safe, treeBudget},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := New(Options{Rule: tt.rule})
			s.pockets = true
			s.treeWork = tt.treeWork
			// One scan looks at every layout of a position over its
			// cells; a move searches at most once per component.
			scan := s.end.limit * cells
			searched, over := 0, 0
			playExpertGames(t, s, tt.rule, 91, reseedFor(s, 30), func(g, _ int, _ *View, p board.Point) {
				w := s.work
				if w.tree > 0 {
					searched++
				}
				if w.tree > tt.treeWork {
					over++
				}
				if w.tree > tt.treeWork+scan {
					t.Errorf("game %d, move %v: game tree work %d, want at most %d + one scan (%d)", g, p, w.tree, tt.treeWork, scan)
				}
				if w.cells > lookCells+cells {
					t.Errorf("game %d, move %v: look-ahead went through %d cells, want at most %d", g, p, w.cells, lookCells+cells)
				}
			})
			if searched == 0 {
				t.Errorf("no move searched a game tree in 30 games: the test checks nothing")
			}
			if tt.treeWork < treeBudget && over == 0 {
				t.Errorf("no move reached the small budget of %d: the test checks nothing", tt.treeWork)
			}
			t.Logf("%d moves searched a game tree, %d reached the budget", searched, over)
		})
	}
}

// TestRiskShareBounded plays expert games with a small share of the
// look-ahead's cells for the long-term risk (see riskCells) and checks
// that its analyses stop there, by one analysis at most, and that the
// cells left still weigh the guesses by secondary safety: on large boards,
// where each analysis goes through many cells, the long-term risk must not
// leave the guess to the cell least likely to be a mine.
func TestRiskShareBounded(t *testing.T) {
	withoutRace(t)
	const cells = 30 * 16
	budget := 6 * cells
	s := New(Options{Rule: board.Safe})
	s.ahead.riskBudget = budget
	s.trace = &guessTrace{}
	reached, byRule := 0, map[guessRule]int{}
	playExpertGames(t, s, board.Safe, 92, reseedFor(s, 20), func(g, _ int, _ *View, p board.Point) {
		if got := s.ahead.riskSpent; got > budget+cells {
			t.Errorf("game %d, move %v: the long-term risk went through %d cells, want at most %d + one analysis", g, p, got, budget)
		}
		if s.ahead.riskSpent >= budget {
			reached++
			byRule[s.trace.by]++
		}
	})
	if reached == 0 {
		t.Fatalf("no move reached the long-term risk's share of %d cells: the test checks nothing", budget)
	}
	if byRule[bySecondary] < reached*9/10 {
		t.Errorf("of %d moves that used up the long-term risk's share, %v; want nine in ten or more by secondary safety", reached, byRule)
	}
	t.Logf("%d moves used up the long-term risk's share: %v", reached, byRule)
}

// reseedFor returns a next for playExpertGames that plays games games,
// reseeding s with the number of each.
func reseedFor(s *Solver, games int) func(g int) bool {
	return func(g int) bool {
		s.Reseed(uint64(g))
		return g < games
	}
}

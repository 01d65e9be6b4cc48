package solver

import "github.com/minesweeper-go/minesweeper/internal/board"

// Options configures a Solver. The zero value plays well under the unsafe
// first-click rule.
type Options struct {
	// Rule is the first-click rule in force; it decides the first move.
	Rule board.FirstClick
}

// Solver chooses moves. One Solver serves one goroutine: it reuses buffers
// between calls and is not safe for concurrent use.
type Solver struct {
	opts Options
}

// New returns a Solver with the given options.
func New(opts Options) *Solver {
	return &Solver{opts: opts}
}

// Next returns the closed cell to open next on v. It returns ErrNoMove only
// when v has no closed cell.
func (s *Solver) Next(v *View) (board.Point, error) {
	anyOpen, anyClosed := false, false
	for _, t := range v.tiles {
		if t >= 0 {
			anyOpen = true
		} else {
			anyClosed = true
		}
	}
	if !anyClosed {
		return board.Point{}, ErrNoMove
	}
	if !anyOpen {
		return s.firstMove(v), nil
	}
	a := simpleAnalyze(v)
	if len(a.safe) > 0 {
		return a.safe[0], nil
	}
	best, bp := -1, 2.0
	for i, t := range v.tiles {
		if t < 0 && a.prob[i] < bp {
			best, bp = i, a.prob[i]
		}
	}
	return v.point(best), nil
}

// firstMove returns the opening move on a board with no open cell.
func (s *Solver) firstMove(v *View) board.Point {
	p := board.Point{}
	if s.opts.Rule == board.Opening {
		p = board.Point{X: min(2, v.width-1), Y: min(2, v.height-1)}
	}
	if !v.Closed(p) {
		for i, t := range v.tiles {
			if t < 0 {
				return v.point(i)
			}
		}
	}
	return p
}

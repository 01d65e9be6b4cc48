package solver

import "github.com/minesweeper-go/minesweeper/internal/board"

// Next returns the closed cell to open next on v. It returns ErrNoMove only
// when v has no closed cell; on a view that no layout fits it still returns
// a closed cell.
func (s *Solver) Next(v *View) (board.Point, error) {
	anyOpen, firstClosed := false, -1
	for i, t := range v.tiles {
		if t >= 0 {
			anyOpen = true
		} else if firstClosed < 0 {
			firstClosed = i
		}
	}
	if firstClosed < 0 {
		return board.Point{}, ErrNoMove
	}
	if !anyOpen {
		return s.firstMove(v), nil
	}
	an := &s.an
	an.resetCache()
	if err := an.run(v.width, v.height, v.mines, v.tiles); err != nil {
		return v.point(firstClosed), nil
	}
	if i := s.bestSafe(v); i >= 0 {
		return v.point(i), nil
	}
	return v.point(s.bestGuess(v)), nil
}

// bestSafe returns the certainly safe cell most likely to be a zero, or -1
// when there is none.
func (s *Solver) bestSafe(v *View) int {
	an := &s.an
	best, bestScore := -1, -1.0
	for i, t := range v.tiles {
		if t >= 0 || an.certain[i] != certSafe {
			continue
		}
		if sc := s.zeroChance(v, i); sc > bestScore {
			best, bestScore = i, sc
		}
	}
	return best
}

// zeroChance estimates the chance that safe cell i shows a zero: that all
// its closed neighbours are safe, taken as independent.
func (s *Solver) zeroChance(v *View, i int) float64 {
	an := &s.an
	p := 1.0
	an.nb = an.neighbours(an.nb[:0], i)
	for _, j := range an.nb {
		if v.tiles[j] < 0 {
			p *= 1 - an.prob[j]
		}
	}
	return p
}

// bestGuess returns the closed cell to open when none is certainly safe.
func (s *Solver) bestGuess(v *View) int {
	an := &s.an
	best, bp := -1, 2.0
	for i, t := range v.tiles {
		if t < 0 && an.certain[i] != certMine && an.prob[i] < bp {
			best, bp = i, an.prob[i]
		}
	}
	if best < 0 {
		for i, t := range v.tiles {
			if t < 0 {
				return i
			}
		}
	}
	return best
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

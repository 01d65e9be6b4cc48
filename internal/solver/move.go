package solver

import (
	"cmp"
	"math"
	"slices"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

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
	if an.cache != nil {
		an.cache.advance()
	}
	an.spent, s.look.spent = 0, 0
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

// candidate is a closed cell that might be opened as a guess.
type candidate struct {
	i int
	p float64 // mine probability
}

// maxLookAhead is the most guesses whose outcomes are looked at per move.
const maxLookAhead = 12

// lookWork bounds the work of the look-ahead, in the units of
// analyzer.work; it is enough for maxLookAhead guesses on expert boards.
const lookWork = 1 << 20

// bestGuess returns the closed cell to open when none is certainly safe.
// A 50/50 that no move can resolve is taken at once; with few layouts left
// the game tree is searched exactly; otherwise, among the cells least
// likely to be mines, it plays the one that maximises the chance to survive
// this click and the next (the next being safe for sure, or the least
// likely mine after the revealed number).
func (s *Solver) bestGuess(v *View) int {
	an := &s.an
	cands := s.cands[:0]
	for i, t := range v.tiles {
		if t < 0 && an.certain[i] != certMine {
			cands = append(cands, candidate{i, an.prob[i]})
		}
	}
	s.cands = cands
	if len(cands) == 0 {
		for i, t := range v.tiles {
			if t < 0 {
				return i
			}
		}
	}
	// Frontier cells by probability, then a few outside cells standing
	// for all of them (they share one probability).
	slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(a.p, b.p) })
	if s.opts.NoLookAhead || !an.exact {
		return s.leastRisk(v, cands)
	}
	if i := s.forcedGuess(v); i >= 0 {
		return i
	}
	if !s.opts.NoEndgame && an.fewLayouts(s.end.limit) {
		if cell, _, ok := s.end.solve(an); ok {
			return cell
		}
	}
	pool := s.pool[:0]
	outside := 0
	for _, c := range cands {
		if an.boxOf[c.i] >= 0 {
			pool = append(pool, c)
		} else if outside < 1 {
			outside++
			pool = append(pool, s.outsideReps(v, c.p)...)
		}
	}
	s.pool = pool
	best, bestScore, bestProgress := -1, -1.0, -1.0
	evals := 0
	// On large boards each analysis costs more: look at fewer guesses, so
	// that a move's time stays bounded.
	limit := maxLookAhead
	if s.opts.evals > 0 {
		limit = s.opts.evals
	}
	maxEvals := min(limit, max(2, lookWork/max(an.work, 1)))
	for _, c := range pool {
		weight := 1.0
		if s.opts.riskPow != 0 {
			weight = math.Pow(1-c.p, s.opts.riskPow)
		}
		if (1-c.p)*weight <= bestScore || evals >= maxEvals || s.look.spent > 2*s.look.budget {
			continue
		}
		evals++
		score, progress := s.lookAhead(v, c.i)
		score *= weight
		if score > bestScore+1e-9 || (score > bestScore-1e-9 && progress > bestProgress) {
			best, bestScore, bestProgress = c.i, score, progress
		}
	}
	if best < 0 {
		return s.leastRisk(v, cands)
	}
	return best
}

// forcedGuess returns a cell of a 50/50 that no move can ever resolve, or
// -1: two cells next to the same numbers, holding one mine in every
// layout, whose other closed neighbours are the same or certainly mines
// (never opened, so never telling the two apart). Such a guess must be
// made sooner or later, and making it now may bring information for free.
func (s *Solver) forcedGuess(v *View) int {
	an := &s.an
	if !an.exact {
		return -1
	}
	for bi := range an.boxes {
		bx := &an.boxes[bi]
		if len(bx.cells) != 2 || bx.lo != 1 || bx.hi != 1 {
			continue
		}
		a, b := int(bx.cells[0]), int(bx.cells[1])
		if s.sameClosedAround(v, a, b) {
			return a
		}
	}
	return -1
}

// sameClosedAround reports whether cells a and b have the same closed
// neighbours, apart from each other and from cells certainly mines.
func (s *Solver) sameClosedAround(v *View, a, b int) bool {
	an := &s.an
	// Open cells and certain mines never tell the two apart.
	inert := func(j int32) bool { return v.tiles[j] >= 0 || an.certain[j] == certMine }
	na := an.neighbours(nil, a)
	nb := an.neighbours(nil, b)
	count := func(list []int32, other int) int {
		n := 0
		for _, j := range list {
			if int(j) != other && !inert(j) {
				n++
			}
		}
		return n
	}
	if count(na, b) != count(nb, a) {
		return false
	}
	for _, j := range na {
		if int(j) == b || inert(j) {
			continue
		}
		if !slices.Contains(nb, j) {
			return false
		}
	}
	return true
}

// leastRisk returns the candidate least likely to be a mine; among equals,
// the one with the fewest closed neighbours, most likely to open an area.
// cands must be sorted by probability.
func (s *Solver) leastRisk(v *View, cands []candidate) int {
	best, bestN := cands[0].i, 9
	for _, c := range cands {
		if c.p > cands[0].p+1e-12 {
			break
		}
		if n := s.closedAround(v, c.i); n < bestN {
			best, bestN = c.i, n
		}
	}
	return best
}

// closedAround returns the number of closed cells around cell i.
func (s *Solver) closedAround(v *View, i int) int {
	n := 0
	s.an.nb = s.an.neighbours(s.an.nb[:0], i)
	for _, j := range s.an.nb {
		if v.tiles[j] < 0 {
			n++
		}
	}
	return n
}

// outsideReps returns a few outside cells (next to no number) to stand for
// all of them in the look-ahead: those with the fewest closed neighbours,
// likely zeros, and those next to the frontier, likely to inform it.
func (s *Solver) outsideReps(v *View, p float64) []candidate {
	an := &s.an
	var reps []candidate
	bestN, bestF := 9, -1
	var fewest, touching []int
	perKind := 2
	if s.opts.reps > 0 {
		perKind = s.opts.reps
	}
	for i, t := range v.tiles {
		if t >= 0 || an.boxOf[i] >= 0 || an.certain[i] != certNone {
			continue
		}
		n := s.closedAround(v, i)
		f := 0
		for _, j := range an.nb {
			if an.boxOf[j] >= 0 {
				f++
			}
		}
		switch {
		case n < bestN:
			bestN, fewest = n, append(fewest[:0], i)
		case n == bestN && len(fewest) < perKind:
			fewest = append(fewest, i)
		}
		switch {
		case f > bestF:
			bestF, touching = f, append(touching[:0], i)
		case f == bestF && len(touching) < perKind:
			touching = append(touching, i)
		}
	}
	for _, i := range fewest {
		reps = append(reps, candidate{i, p})
	}
	for _, i := range touching {
		if !slices.Contains(fewest, i) {
			reps = append(reps, candidate{i, p})
		}
	}
	return reps
}

// lookAhead returns, for opening closed cell i, the chance to survive it
// and the next move, and the chance that it leads to a certainly safe
// cell. Each number the cell may show is analysed in turn.
func (s *Solver) lookAhead(v *View, i int) (score, progress float64) {
	an := &s.an
	s.buf = append(s.buf[:0], v.tiles...)
	lo, hi := 0, 0
	an.nb = an.neighbours(an.nb[:0], i)
	for _, j := range an.nb {
		if v.tiles[j] >= 0 {
			continue
		}
		switch an.certain[j] {
		case certMine:
			lo++
			hi++
		case certNone:
			hi++
		}
	}
	for val := lo; val <= hi; val++ {
		if s.look.spent > 2*s.look.budget {
			return 0, 0 // too costly to look at: judged on its risk alone
		}
		s.buf[i] = board.Tile(val)
		if err := s.look.run(v.width, v.height, v.mines, s.buf); err != nil {
			continue
		}
		pv := math.Exp(s.look.logZ - an.logZ)
		if !s.look.exact {
			pv = (1 - an.prob[i]) / float64(hi-lo+1)
		}
		safe, minP := false, 1.0
		for j, t := range s.buf {
			if t >= 0 {
				continue
			}
			switch s.look.certain[j] {
			case certSafe:
				safe = true
			case certNone:
				minP = min(minP, s.look.prob[j])
			}
			if safe {
				break
			}
		}
		if safe {
			score += pv
			progress += pv
		} else if minP < 1 {
			score += pv * (1 - minP)
		} else {
			score += pv // nothing left to open: the game is won
		}
	}
	return score, progress
}

// firstMove returns the opening move on a board with no open cell.
func (s *Solver) firstMove(v *View) board.Point {
	p := board.Point{}
	if s.opts.first != nil {
		p = *s.opts.first
	} else if s.opts.Rule == board.Opening {
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

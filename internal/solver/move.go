package solver

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Next returns the closed cell to open next on v, and Guessed then
// reports whether it was a guess. It returns ErrNoMove when v has no
// closed cell, and ErrInconsistent when no layout of mines fits v: a
// number its closed neighbours cannot satisfy, or more or fewer mines than
// the numbers and the closed cells allow. A game never shows such a view,
// but a caller that reads views from elsewhere may pass one. Either error
// comes with no move, and Guessed then reports false. Next finds every
// such view it can analyse exactly (see Analysis.Exact); on a large board,
// where a part too large to enumerate within Options.NodeBudget is only
// reasoned about, a contradiction there may go unseen and get a move.
func (s *Solver) Next(v *View) (board.Point, error) {
	s.guessed = false
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
		// Every view with no open cell fits: NewView keeps the mines
		// within the cells. Only the unsafe rule may put a mine under the
		// first click.
		s.guessed = s.opts.Rule == board.Unsafe && v.mines > 0
		return s.firstMove(v), nil
	}
	an := &s.an
	if an.cache != nil {
		an.cache.advance()
	}
	an.spent = 0
	s.work = moveWork{}
	s.end.work, s.end.nodes = s.treeWork, 0
	s.ahead.lookSpent, s.ahead.riskSpent = 0, 0
	err := an.run(v.width, v.height, v.mines, v.tiles)
	s.work.nodes += an.spent
	if err != nil {
		return board.Point{}, err // ErrInconsistent; Guessed reports false
	}
	if i := s.bestSafe(v); i >= 0 {
		return v.point(i), nil
	}
	s.guessed = true
	i := s.bestGuess(v)
	s.ahead.resetBudgets() // counts the look-ahead's last work
	s.work.tree = s.treeWork - s.end.work
	s.work.cells = s.ahead.lookSpent
	s.work.nodes += s.end.nodes
	return v.point(i), nil
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
	for j := range board.Neighbours(v.width, v.height, i) {
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

// riskMargin is how much better a chance to survive the next clicks a
// guess must give to be played instead of the safest guess (see
// bestGuess). With 0 the solver would always maximise that chance, with 1
// always play the safest cell. Measured when the chance was that of
// surviving two clicks: on the same 100,000 intermediate games (safe first
// click) 0.01 won 78.5%, against 77.8% and 78.3% for those two, and it kept
// the expert rate, which always playing the safest cell lowers.
const riskMargin = 0.01

// bestGuess returns the closed cell to open when none is certainly safe.
// A 50/50 that no move can resolve is taken at once; with few layouts left
// the game tree is searched exactly. Otherwise it plays the safest guess
// (see safestGuess), unless another cell, though likelier to be a mine,
// gives a chance to survive this click and the next two higher by more than
// riskMargin (see deepGuess). When that look-ahead runs out of budget, it
// compares the chance to survive this click and the next guess: the least
// likely mine after the number shown or, when the number frees one cell,
// after that cell's number too (see lookFrom).
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
	tr := s.trace
	if tr != nil {
		*tr = guessTrace{safest: -1, other: -1}
	}
	if s.opts.NoLookAhead || !an.exact || len(v.tiles) > maxLookBoard {
		tr.decide(byLeastRisk)
		return s.leastRisk(v, cands)
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(a.p, b.p) })
	if i := s.forcedGuess(v); i >= 0 {
		tr.decide(byForced)
		return i
	}
	if !s.opts.NoEndgame && an.fewLayouts(s.end.limit) {
		if cell, _, ok := s.end.solve(an); ok {
			tr.decide(byGameTree)
			return cell
		}
	}
	if s.pockets {
		if cell, _, ok := s.end.solvePocket(an); ok {
			tr.decide(byPocket)
			return cell
		}
	}
	// On large boards each analysis costs more: look at fewer guesses, so
	// that a move's time stays bounded.
	maxEvals := min(maxLookAhead, max(2, lookWork/max(an.work, 1)))
	la := &s.ahead
	la.start()
	la.resetBudgets()
	var pseudo []int
	if la.longTerm {
		pseudo = la.sweepRisks(v)
	}
	if la.secondary || len(pseudo) > 0 {
		if i := la.secondaryGuess(v, cands, pseudo, maxEvals, s.seed); i >= 0 {
			tr.decide(bySecondary)
			s.traceWeighed(v, cands, maxEvals)
			return i
		}
		la.resetBudgets()
	}
	safest, safeScore := la.safestGuess(v, cands, min(maxClasses, 2*maxEvals), s.seed)
	la.resetBudgets()
	other, otherScore, scored := la.survivalGuess(v, cands, maxEvals)
	if tr != nil {
		tr.safest, tr.other = safest, other
	}
	if i, ok := la.deepGuess(v, safest, scored); ok {
		tr.decide(byThreeClicks)
		return i
	}
	switch {
	case other >= 0 && (safest < 0 || otherScore > safeScore+s.ahead.margin):
		tr.decide(byTwoClicks)
		return other
	case safest >= 0:
		tr.decide(bySafest)
		return safest
	}
	tr.decide(byLeastRisk)
	return s.leastRisk(v, cands)
}

// traceWeighed records in the trace, when there is one, the guesses the
// three clicks' look-ahead would have weighed where secondary safety chose:
// the decision study rolls them out beside the choice. Play never calls it.
func (s *Solver) traceWeighed(v *View, cands []candidate, maxEvals int) {
	if s.trace == nil {
		return
	}
	la := &s.ahead
	la.resetBudgets()
	s.trace.safest, _ = la.safestGuess(v, cands, min(maxClasses, 2*maxEvals), s.seed)
	la.resetBudgets()
	s.trace.other, _, _ = la.survivalGuess(v, cands, maxEvals)
}

// guessTrace is how bestGuess chose its last guess, kept when
// Solver.trace is set: the decision study (study_test.go) rolls out the
// guesses the solver weighed.
type guessTrace struct {
	by     guessRule
	safest int // the PSEQ guess (safestGuess), or -1
	other  int // the best chance to survive two clicks (survivalGuess), or -1
}

// decide records the rule that chose the guess; t may be nil.
func (t *guessTrace) decide(by guessRule) {
	if t != nil {
		t.by = by
	}
}

// guessRule is the rule of bestGuess that chose a guess.
type guessRule uint8

// The rules of bestGuess, in the order it tries them.
const (
	byLeastRisk   guessRule = iota // the cell least likely to be a mine, without look-ahead
	byForced                       // a 50/50 no move can resolve
	byGameTree                     // the search of the whole game tree
	byPocket                       // the game tree of a pocket
	byThreeClicks                  // the chance to survive three clicks (deepGuess)
	byTwoClicks                    // the chance to survive two clicks
	bySafest                       // the PSEQ guess
	bySecondary                    // secondary safety (secondaryGuess)
)

// String returns the rule's name.
func (r guessRule) String() string {
	switch r {
	case byLeastRisk:
		return "least risk"
	case byForced:
		return "50/50"
	case byGameTree:
		return "game tree"
	case byPocket:
		return "pocket"
	case byThreeClicks:
		return "three clicks"
	case byTwoClicks:
		return "two clicks"
	case bySafest:
		return "safest"
	case bySecondary:
		return "secondary safety"
	}
	return fmt.Sprintf("guessRule(%d)", uint8(r))
}

// leastRisk returns the candidate least likely to be a mine; among those
// within 1e-12 of it, the one with the fewest closed neighbours, most
// likely to open an area, then the least likely to be a mine, then the
// first. cands may be in the order of their cells or sorted stably by
// probability: the choice is the same, and sorting takes long on large
// boards.
func (s *Solver) leastRisk(v *View, cands []candidate) int {
	minP := math.Inf(1)
	for _, c := range cands {
		if math.IsNaN(c.p) {
			minP = math.NaN() // sorted first by cmp.Compare: all are in
			break
		}
		minP = min(minP, c.p)
	}
	best, bestN, bestP := -1, 9, 0.0
	for _, c := range cands {
		if c.p > minP+1e-12 {
			continue
		}
		n := closedAround(v.tiles, v.width, v.height, c.i)
		if best < 0 || n < bestN || (n == bestN && cmp.Compare(c.p, bestP) < 0) {
			best, bestN, bestP = c.i, n, c.p
		}
	}
	return best
}

// closedAround returns the number of closed cells around cell i of the
// tiles of a width by height board.
func closedAround(tiles []board.Tile, width, height, i int) int {
	n := 0
	for j := range board.Neighbours(width, height, i) {
		if tiles[j] < 0 {
			n++
		}
	}
	return n
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

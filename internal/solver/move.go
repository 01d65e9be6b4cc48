package solver

import (
	"cmp"
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
	if err := an.run(v.width, v.height, v.mines, v.tiles); err != nil {
		return board.Point{}, err // ErrInconsistent; Guessed reports false
	}
	if i := s.bestSafe(v); i >= 0 {
		return v.point(i), nil
	}
	s.guessed = true
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

// scoredGuess is a guess with its chance to survive this click and the
// next.
type scoredGuess struct {
	i     int
	score float64
}

// maxLookAhead is the most guesses whose outcomes are looked at per move
// by each of the two ways of choosing a guess.
const maxLookAhead = 12

// maxClasses is the most look-ahead problems (see signature) among the
// cells least likely to be mines that are looked at per move.
const maxClasses = 32

// lookWork bounds the work of the look-ahead, in the units of
// analyzer.work; it is enough for maxLookAhead guesses on expert boards.
const lookWork = 1 << 20

// deepWidth is how many of the guesses with the best chance to survive two
// clicks also have their chance to survive three looked at, as the safest
// guess does (see deepGuess).
const deepWidth = 4

// deepEvals is the most next guesses looked at per number shown, when the
// chance to survive three clicks is computed (see nextBest).
const deepEvals = 4

// maxDeepLooks bounds the look-aheads two guesses ahead in one move, so
// that a move's time stays bounded; on large boards, where each analysis
// costs more, fewer are allowed: at most deepWork/analyzer.work.
const (
	maxDeepLooks = 64
	deepWork     = 4 * lookWork
)

// lookCells bounds the cells that the look-ahead's analyses go through
// between two resetBudgets (three times a move), since each analysis goes
// through the whole board: some four thousand analyses of an expert
// board, four times the most that 5,000 games took, but few of a large
// one, so that a move's time stays bounded on every board.
const lookCells = 1 << 21

// maxLookBoard is the most cells a board may have for its guesses to be
// looked ahead at: on larger boards the few analyses that lookCells allows
// could not tell the guesses apart, and the safest guess is played.
const maxLookBoard = 1 << 16

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
	if s.opts.NoLookAhead || !an.exact || len(v.tiles) > maxLookBoard {
		return s.leastRisk(v, cands)
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(a.p, b.p) })
	if i := s.forcedGuess(v); i >= 0 {
		return i
	}
	if !s.opts.NoEndgame && an.fewLayouts(s.end.limit) {
		if cell, _, ok := s.end.solve(an); ok {
			return cell
		}
	}
	// On large boards each analysis costs more: look at fewer guesses, so
	// that a move's time stays bounded.
	maxEvals := min(maxLookAhead, max(2, lookWork/max(an.work, 1)))
	clear(s.seen)
	s.resetBudgets()
	safest, safeScore := s.safestGuess(v, cands, min(maxClasses, 2*maxEvals))
	s.resetBudgets()
	other, otherScore := s.survivalGuess(v, cands, maxEvals)
	if i, ok := s.deepGuess(v, safest); ok {
		return i
	}
	switch {
	case other >= 0 && (safest < 0 || otherScore > safeScore+riskMargin):
		return other
	case safest >= 0:
		return safest
	}
	return s.leastRisk(v, cands)
}

// safestGuess returns the guess that Tu et al. call PSEQ, with its chance
// to survive this click and the next, or -1: among the cells least likely
// to be mines, the one most likely to make another cell certainly safe,
// then the one expected to make the most cells safe, then the one whose
// number is least predictable. Cells alike in all three are told apart by
// a hash of the view and the solver's seed (see Reseed), so that one view
// always gets the same move from one seed. Cells whose look-ahead problems
// are the same up to symmetry (see signature) are looked at once; at most
// maxEvals problems are.
func (s *Solver) safestGuess(v *View, cands []candidate, maxEvals int) (int, float64) {
	h := viewHash(v) ^ s.seed
	best, bestTie := -1, uint64(0)
	var b outlook
	for _, c := range cands {
		if c.p > cands[0].p*(1+1e-9)+1e-12 {
			break
		}
		o, ok := s.outlookOf(v, c.i, len(s.seen) < maxEvals && s.look.spent <= 2*s.look.budget)
		if !ok || !o.ok {
			continue
		}
		tie := mix(h ^ uint64(c.i)*0x9e3779b97f4a7c15)
		d := 1
		if best >= 0 {
			d = o.compare(&b)
		}
		if d > 0 || (d == 0 && tie < bestTie) {
			best, bestTie, b = c.i, tie, o
		}
	}
	return best, b.score
}

// survivalGuess returns the guess with the best chance to survive this
// click and the next, with that chance, or -1. It looks at every frontier
// cell, best first, and at a few outside cells standing for all of them
// (they share one probability), at most maxEvals in all.
func (s *Solver) survivalGuess(v *View, cands []candidate, maxEvals int) (int, float64) {
	an := &s.an
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
	s.scored = s.scored[:0]
	best, bestScore, bestProgress := -1, -1.0, -1.0
	evals := 0
	for _, c := range pool {
		if 1-c.p <= bestScore || evals >= maxEvals || s.look.spent > 2*s.look.budget {
			continue
		}
		evals++
		o, _ := s.outlookOf(v, c.i, true)
		if !o.ok {
			continue
		}
		s.scored = append(s.scored, scoredGuess{c.i, o.score})
		if o.score > bestScore+1e-9 || (o.score > bestScore-1e-9 && o.progress > bestProgress) {
			best, bestScore, bestProgress = c.i, o.score, o.progress
		}
	}
	return best, bestScore
}

// deepGuess chooses between the safest guess and the deepWidth guesses
// with the best chance to survive two clicks (scored by survivalGuess) by
// their chance to survive three (see deepScore): it returns the best of
// them when that beats the safest guess by more than riskMargin, and the
// safest guess otherwise. It reports false when there is no safest guess
// or its look-ahead ran out of budget.
//
// Three clicks is the horizon on purpose. Before any zero shows, where
// analyses are cheap, the chance to survive four clicks (this one and the
// next three guesses, each taken among the four safest) was tried in its
// place, scoring the same candidates and then twice as many: on the same
// 40,000 expert games with a safe first click (seeds 11 and 12) the two won
// 75 and 76 games fewer than three clicks did.
func (s *Solver) deepGuess(v *View, safest int) (int, bool) {
	if safest < 0 {
		return -1, false
	}
	s.resetBudgets()
	s.deepLooks = 0
	s.deepLimit = min(maxDeepLooks, deepWork/max(s.an.work, 1))
	base, ok := s.deepScore(v, safest)
	if !ok {
		return -1, false
	}
	scored := s.scored
	slices.SortStableFunc(scored, func(a, b scoredGuess) int { return cmp.Compare(b.score, a.score) })
	best, bestScore := safest, base
	for k, g := range scored {
		if k >= deepWidth {
			break
		}
		if g.i == safest {
			continue
		}
		if sc, ok := s.deepScore(v, g.i); ok && sc > bestScore+1e-12 {
			best, bestScore = g.i, sc
		}
	}
	if bestScore > base+riskMargin {
		return best, true
	}
	return safest, true
}

// resetBudgets starts the node budgets of the look-ahead's analyses, and
// its budget of cells (see lookCells), afresh.
func (s *Solver) resetBudgets() {
	s.look.spent, s.deep.spent, s.after.spent = 0, 0, 0
	s.lookSpent = 0
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
		n := s.closedAround(v.tiles, c.i)
		if best < 0 || n < bestN || (n == bestN && cmp.Compare(c.p, bestP) < 0) {
			best, bestN, bestP = c.i, n, c.p
		}
	}
	return best
}

// closedAround returns the number of closed cells around cell i of the
// given tiles, leaving i's neighbours in s.an.nb.
func (s *Solver) closedAround(tiles []board.Tile, i int) int {
	n := 0
	s.an.nb = s.an.neighbours(s.an.nb[:0], i)
	for _, j := range s.an.nb {
		if tiles[j] < 0 {
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
	const perKind = 2
	for i, t := range v.tiles {
		if t >= 0 || an.boxOf[i] >= 0 || an.certain[i] != certNone {
			continue
		}
		n := s.closedAround(v.tiles, i)
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

// outlook is what opening a closed cell may bring, as the look-ahead sees
// it.
type outlook struct {
	score    float64 // chance to survive this click and the next guess (see lookFrom)
	progress float64 // chance that the number makes another cell certainly safe
	safe     float64 // expected number of cells the number makes certainly safe
	entropy  float64 // entropy, in bits, of the number, given that the cell is safe
	ok       bool    // false when the look-ahead ran out of budget
}

// compare returns 1 when o is the better guess of two equally likely to
// be mines by progress, then safe cells, then entropy, -1 when b is, and
// 0 when they are alike.
func (o *outlook) compare(b *outlook) int {
	for _, f := range [][2]float64{{o.progress, b.progress}, {o.safe, b.safe}, {o.entropy, b.entropy}} {
		tol := 1e-9 * max(1, math.Abs(f[1]))
		switch {
		case f[0] > f[1]+tol:
			return 1
		case f[0] < f[1]-tol:
			return -1
		}
	}
	return 0
}

// lookAhead returns the outlook of opening closed cell i. Each number the
// cell may show is analysed in turn.
func (s *Solver) lookAhead(v *View, i int) outlook {
	return s.lookFrom(&s.an, &s.look, &s.buf, v, v.tiles, i, nil)
}

// lookFrom returns the outlook of opening closed cell i of the view v with
// the given tiles, analysed by par: each number i may show is analysed by
// ch, on a copy of tiles kept in *buf. When each is not nil it is called
// after each number's analysis, with that number's probability and, when
// the number leaves a cell certainly safe or no cell to open, the chance
// to survive what follows without a new guess being chosen (see
// afterSafe), or -1 when a guess must be chosen next.
func (s *Solver) lookFrom(par, ch *analyzer, buf *[]board.Tile, v *View, tiles []board.Tile, i int, each func(pv, sure float64)) outlook {
	*buf = append((*buf)[:0], tiles...)
	b := *buf
	lo, hi := par.valueRange(tiles, i)
	var o outlook
	safeP := 1 - par.prob[i]
	for val := lo; val <= hi; val++ {
		if ch.spent > 2*ch.budget || s.lookSpent >= lookCells {
			return outlook{} // too costly to look at: judged on its risk alone
		}
		b[i] = board.Tile(val)
		s.lookSpent += len(b)
		if err := ch.run(v.width, v.height, v.mines, b); err != nil {
			continue
		}
		pv := math.Exp(ch.logZ - par.logZ)
		if !ch.exact {
			pv = safeP / float64(hi-lo+1)
		}
		if q := pv / safeP; q > 0 {
			o.entropy -= q * math.Log2(q)
		}
		safe, safeCell, minP := ch.closedCells(b)
		o.safe += pv / safeP * float64(safe)
		sure := -1.0
		switch {
		case safe == 1:
			after, ok := s.afterSafe(ch, v, b, safeCell)
			if !ok {
				return outlook{}
			}
			sure = after
			o.progress += pv / safeP
		case safe > 1:
			sure = 1
			o.progress += pv / safeP
		case minP >= 1:
			sure = 1 // nothing left to open: the game is won
		}
		if sure >= 0 {
			o.score += pv * sure
		} else {
			o.score += pv * (1 - minP)
		}
		if each != nil {
			each(pv, sure)
		}
	}
	o.ok = true
	return o
}

// afterSafe returns the chance to survive opening c, the one certainly
// safe cell of the hypothetical view tiles analysed by par, and then the
// next guess when c's number leaves no cell certainly safe: the least
// likely mine. Counting such an outcome as survived outright would favour
// guesses that free one cell and then leave a guess as hard as before. It
// reports false when the look-ahead ran out of budget.
func (s *Solver) afterSafe(par *analyzer, v *View, tiles []board.Tile, c int) (float64, bool) {
	ch := &s.after
	s.afterBuf = append(s.afterBuf[:0], tiles...)
	b := s.afterBuf
	lo, hi := par.valueRange(tiles, c)
	sure := 0.0
	for val := lo; val <= hi; val++ {
		if ch.spent > 2*ch.budget || s.lookSpent >= lookCells {
			return 0, false
		}
		b[c] = board.Tile(val)
		s.lookSpent += len(b)
		if err := ch.run(v.width, v.height, v.mines, b); err != nil {
			continue
		}
		if !ch.exact {
			return 1, true // the numbers cannot be weighed: c is safe, no more
		}
		pv := math.Exp(ch.logZ - par.logZ)
		if safe, _, minP := ch.closedCells(b); safe == 0 && minP < 1 {
			sure += pv * (1 - minP)
		} else {
			sure += pv // a cell to open, or none left: the game is won
		}
	}
	return sure, true
}

// deepScore returns the chance to survive opening closed cell i and the
// next two guesses: for each number i may show that leaves no certainly
// safe cell, the best chance among the next guesses to survive them and
// the one after (see nextBest). It reports false when the look-ahead ran
// out of budget.
func (s *Solver) deepScore(v *View, i int) (float64, bool) {
	score, ok := 0.0, true
	o := s.lookFrom(&s.an, &s.look, &s.buf, v, v.tiles, i, func(pv, sure float64) {
		switch {
		case !ok:
		case sure >= 0:
			score += pv * sure
		default:
			best, good := s.nextBest(v)
			score += pv * best
			ok = ok && good
		}
	})
	return score, ok && o.ok
}

// nextBest returns, for the hypothetical view s.buf analysed by s.look,
// the best chance to survive the next guess and the one after, over its
// frontier cells least likely to be mines and one outside cell (the one
// with the fewest closed neighbours), at most deepEvals of them. A cell's
// chance is at most its chance to be safe, which ends the search early. It
// reports false when the look-ahead ran out of budget.
func (s *Solver) nextBest(v *View) (float64, bool) {
	ch := &s.look
	tiles := s.buf
	cands := s.deepCands[:0]
	out, outN := -1, 9
	for j, t := range tiles {
		if t >= 0 || ch.certain[j] == certMine {
			continue
		}
		if ch.boxOf[j] >= 0 {
			cands = append(cands, candidate{j, ch.prob[j]})
			continue
		}
		if n := s.closedAround(tiles, j); n < outN {
			out, outN = j, n
		}
	}
	if out >= 0 {
		cands = append(cands, candidate{out, ch.prob[out]})
	}
	s.deepCands = cands
	slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(a.p, b.p) })
	best := -1.0
	for k, c := range cands {
		if k >= deepEvals || 1-c.p <= best {
			break
		}
		if s.deepLooks >= s.deepLimit {
			return 0, false
		}
		s.deepLooks++
		o := s.lookFrom(ch, &s.deep, &s.deepBuf, v, tiles, c.i, nil)
		if !o.ok {
			return 0, false
		}
		best = max(best, o.score)
	}
	return max(best, 0), true
}

// outlookOf returns the outlook of opening cell i: the one found earlier in
// this move for a cell with the same signature, or, when compute is set, a
// new one, kept for the rest of the move. It reports false when it has
// neither.
func (s *Solver) outlookOf(v *View, i int, compute bool) (outlook, bool) {
	s.sig = s.signature(s.sig[:0], v, i)
	if o, ok := s.seen[string(s.sig)]; ok {
		return o, true
	}
	if !compute {
		return outlook{}, false
	}
	o := s.lookAhead(v, i)
	s.seen[string(s.sig)] = o
	return o, true
}

// signature appends to dst a key for the look-ahead problem of opening
// cell i: its box (or -1 outside the frontier), its closed neighbours
// outside the frontier, its neighbours certainly mines, and the boxes of
// its other closed neighbours. Cells of one box are interchangeable in
// every layout, and so are cells outside the frontier, so two cells with
// one key have the same numbers with the same chances, each making the
// same cells certain. Only what afterSafe finds may differ, since a cell
// freed next to one may have other neighbours than the one freed next to
// the other; the score of the first stands for both.
func (s *Solver) signature(dst []byte, v *View, i int) []byte {
	an := &s.an
	put := func(x int32) { dst = append(dst, byte(x), byte(x>>8), byte(x>>16), byte(x>>24)) }
	out, mines := int32(0), int32(0)
	boxes := s.sigBoxes[:0]
	an.nb = an.neighbours(an.nb[:0], i)
	for _, j := range an.nb {
		switch {
		case v.tiles[j] >= 0:
		case an.certain[j] == certMine:
			mines++
		case an.boxOf[j] >= 0:
			boxes = append(boxes, an.boxOf[j])
		default:
			out++
		}
	}
	slices.Sort(boxes)
	s.sigBoxes = boxes
	put(an.boxOf[i])
	put(out)
	put(mines)
	for _, b := range boxes {
		put(b)
	}
	return dst
}

// viewHash returns a hash of v's tiles, to break ties among guesses alike
// in every way the solver measures without favouring any part of the board.
func viewHash(v *View) uint64 {
	h := uint64(14695981039346656037) // FNV-1a
	for _, t := range v.tiles {
		h ^= uint64(uint8(t))
		h *= 1099511628211
	}
	return h
}

// mix scrambles the bits of x (the finaliser of SplitMix64).
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
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

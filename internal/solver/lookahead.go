package solver

import (
	"cmp"
	"math"
	"slices"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/splitmix"
)

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

// lookCells bounds the cells that the look-ahead's analyses go through in
// one move, since each analysis goes through the whole board: some four
// thousand analyses of an expert board, four times the most that 10,000
// games took (BenchmarkMoveCPU), but few of a large one, so that a move's
// time stays bounded on every board.
const lookCells = 1 << 21

// maxLookBoard is the most cells a board may have for its guesses to be
// looked ahead at: on larger boards the few analyses that lookCells allows
// could not tell the guesses apart, and the safest guess is played.
const maxLookBoard = 1 << 16

// lookahead looks at what guesses may bring: for each number a guess may
// show, it analyses the view that number would make, and for the best
// guesses the views one guess further. It owns the analysers and the
// buffers of that work, reused from move to move, and reads the analysis
// of the view being played, which the Solver owns.
type lookahead struct {
	an    *analyzer // the analysis of the view being played
	look  analyzer  // analyses of the views one guess ahead
	deep  analyzer  // analyses of views two guesses ahead (see deepScore)
	after analyzer  // analyses after opening a look-ahead's safe cell (see afterSafe)
	cond  analyzer  // analyses of views with cells taken as mines (see minesChance)

	buf        []board.Tile  // the view look analyses
	deepBuf    []board.Tile  // the view deep analyses
	afterBuf   []board.Tile  // the view after analyses
	condBuf    []board.Tile  // the view cond analyses
	pool       []candidate   // the guesses survivalGuess looks at
	deepCands  []candidate   // the next guesses nextBest looks at
	scored     []scoredGuess // the guesses survivalGuess scored
	lookSpent  int           // cells the look-ahead's analyses went through in this move (see lookCells)
	riskSpent  int           // of them, those of the long-term risk's
	riskBudget int           // the most of them: riskCells, or a test's
	deepLooks  int           // look-aheads from deep in this move
	margin     float64       // riskMargin, or a variant's (tests)
	wide       bool          // look at more outside cells (see wideReps); a variant (tests)
	// capped makes secondaryGuess look at no more than twice the move's
	// maxEvals guesses, the outside cells in their place by chance among
	// the frontier's: the rule before it looked at all (a variant, tests).
	capped    bool
	secondary bool      // guess by secondary safety (see secondaryGuess); off in a variant (tests)
	longTerm  bool      // credit guesses with their long-term risk (see riskCredit); off in a variant (tests)
	work      *moveWork // the move's work, to which resetBudgets adds
	deepLimit int       // the most of them allowed in this move

	// The long-term risk's (see ltr.go), in one guessing move.
	forms        map[[3]int]float64 // formChance's chances
	enabler      []float64          // see sweepRisks
	risky        []float64          // see sweepRisks
	shapeMines   []int              // formChance's scratch
	shapeSafes   []int
	shapeMissing []int
	shapeAll     []int

	seen     map[string]outlook // outlooks by signature, in one guessing move
	sig      []byte             // the signature outlookOf looks up
	sigBoxes []int32            // signature's boxes, sorted
}

// init readies la to look ahead from the analyses of an, with an's node
// budget and cache of components.
func (la *lookahead) init(an *analyzer) {
	la.an = an
	la.seen = make(map[string]outlook)
	la.margin = riskMargin
	la.secondary, la.longTerm = true, true
	la.riskBudget = riskCells
	for _, ch := range []*analyzer{&la.look, &la.deep, &la.after, &la.cond} {
		ch.budget, ch.cache = an.budget, an.cache
	}
}

// start readies la for a new guessing move: it forgets the outlooks of
// the last one. Next starts the move's budget of cells (see lookCells).
func (la *lookahead) start() {
	clear(la.seen)
	clear(la.forms)
}

// scoredGuess is a guess with its chance to survive this click and the
// next.
type scoredGuess struct {
	i     int
	score float64
}

// safestGuess returns the guess that Tu et al. call PSEQ, with its chance
// to survive this click and the next, or -1: among the cells least likely
// to be mines, the one most likely to make another cell certainly safe,
// then the one expected to make the most cells safe, then the one whose
// number is least predictable. Cells alike in all three are told apart by
// a hash of the view and seed (see Solver.Reseed), so that one view always
// gets the same move from one seed. Cells whose look-ahead problems are the
// same up to symmetry (see signature) are looked at once; at most maxEvals
// problems are.
func (la *lookahead) safestGuess(v *View, cands []candidate, maxEvals int, seed uint64) (int, float64) {
	h := viewHash(v) ^ seed
	best, bestTie := -1, uint64(0)
	var b outlook
	for _, c := range cands {
		if c.p > cands[0].p*(1+1e-9)+1e-12 {
			break
		}
		o, ok := la.outlookOf(v, c.i, len(la.seen) < maxEvals && la.look.spent <= 2*la.look.budget)
		if !ok || !o.ok {
			continue
		}
		tie := splitmix.Mix(h ^ uint64(c.i)*splitmix.Gamma)
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

// survivalGuess returns the guess with the best chance to survive this
// click and the next, with that chance, or -1, and the guesses it scored,
// which deepGuess chooses from; they are la's until its next call. It looks
// at every frontier cell, best first, and at a few outside cells standing
// for all of them (they share one probability), at most maxEvals in all.
func (la *lookahead) survivalGuess(v *View, cands []candidate, maxEvals int) (int, float64, []scoredGuess) {
	an := la.an
	pool := la.pool[:0]
	outside := 0
	for _, c := range cands {
		if an.boxOf[c.i] >= 0 {
			pool = append(pool, c)
		} else if outside < 1 {
			outside++
			if la.wide {
				pool = la.wideReps(pool, v, c.p)
			} else {
				pool = la.outsideReps(pool, v, c.p)
			}
		}
	}
	la.pool = pool
	scored := la.scored[:0]
	best, bestScore, bestProgress := -1, -1.0, -1.0
	evals := 0
	for _, c := range pool {
		if 1-c.p <= bestScore || evals >= maxEvals || la.look.spent > 2*la.look.budget {
			continue
		}
		evals++
		o, _ := la.outlookOf(v, c.i, true)
		if !o.ok {
			continue
		}
		scored = append(scored, scoredGuess{c.i, o.score})
		if o.score > bestScore+1e-9 || (o.score > bestScore-1e-9 && o.progress > bestProgress) {
			best, bestScore, bestProgress = c.i, o.score, o.progress
		}
	}
	la.scored = scored
	return best, bestScore, scored
}

// deepGuess chooses between the safest guess and the deepWidth guesses of
// scored (see survivalGuess) with the best chance to survive two clicks,
// by their chance to survive three (see deepScore): it returns the best of
// them when that beats the safest guess by more than riskMargin, and the
// safest guess otherwise. It reports false when there is no safest guess
// or its look-ahead ran out of budget. It sorts scored, best first.
//
// Three clicks is the horizon on purpose. Before any zero shows, where
// analyses are cheap, the chance to survive four clicks (this one and the
// next three guesses, each taken among the four safest) was tried in its
// place, scoring the same candidates and then twice as many: on the same
// 40,000 expert games with a safe first click (seeds 11 and 12) the two won
// 75 and 76 games fewer than three clicks did.
func (la *lookahead) deepGuess(v *View, safest int, scored []scoredGuess) (int, bool) {
	if safest < 0 {
		return -1, false
	}
	la.resetBudgets()
	la.deepLooks = 0
	la.deepLimit = min(maxDeepLooks, deepWork/max(la.an.work, 1))
	base, ok := la.deepScore(v, safest)
	if !ok {
		return -1, false
	}
	if la.longTerm {
		base *= la.riskCredit(v, safest)
	}
	slices.SortStableFunc(scored, func(a, b scoredGuess) int { return cmp.Compare(b.score, a.score) })
	best, bestScore := safest, base
	for k, g := range scored {
		if k >= deepWidth {
			break
		}
		if g.i == safest {
			continue
		}
		sc, ok := la.deepScore(v, g.i)
		if ok && la.longTerm {
			sc *= la.riskCredit(v, g.i)
		}
		if ok && sc > bestScore+1e-12 {
			best, bestScore = g.i, sc
		}
	}
	if bestScore > base+la.margin {
		return best, true
	}
	return safest, true
}

// resetBudgets starts the node budgets of the look-ahead's analyses
// afresh, adding the nodes spent to the move's work. The budget of cells
// (see lookCells) is the move's.
func (la *lookahead) resetBudgets() {
	if la.work != nil {
		la.work.nodes += la.look.spent + la.deep.spent + la.after.spent + la.cond.spent
	}
	la.look.spent, la.deep.spent, la.after.spent, la.cond.spent = 0, 0, 0, 0
}

// wideReps appends to dst, with mine probability p, the outside cells
// (next to no number) that DavidNHill's solver looks at: those next to a
// cell of the frontier and those with at most three closed neighbours,
// or every one when there are fewer than 30, fewest closed neighbours
// first.
func (la *lookahead) wideReps(dst []candidate, v *View, p float64) []candidate {
	an := la.an
	start := len(dst)
	all := 0
	for i, t := range v.tiles {
		if t < 0 && an.boxOf[i] < 0 && an.certain[i] == certNone {
			all++
		}
	}
	for i, t := range v.tiles {
		if t >= 0 || an.boxOf[i] >= 0 || an.certain[i] != certNone {
			continue
		}
		n, f := 0, 0
		for j := range board.Neighbours(v.width, v.height, i) {
			if v.tiles[j] < 0 {
				n++
			}
			if an.boxOf[j] >= 0 {
				f++
			}
		}
		if all < 30 || f > 0 || n <= 3 {
			dst = append(dst, candidate{i, p})
		}
	}
	added := dst[start:]
	slices.SortStableFunc(added, func(a, b candidate) int {
		return cmp.Compare(closedAround(v.tiles, v.width, v.height, a.i), closedAround(v.tiles, v.width, v.height, b.i))
	})
	return dst
}

// outsideReps appends to dst, with mine probability p, a few outside cells
// (next to no number) to stand for all of them in the look-ahead: those
// with the fewest closed neighbours, likely zeros, and those with the most
// neighbours on the frontier, likely to inform it.
func (la *lookahead) outsideReps(dst []candidate, v *View, p float64) []candidate {
	an := la.an
	bestN, bestF := 9, -1
	const perKind = 2
	var fewestBuf, touchingBuf [perKind]int
	fewest, touching := fewestBuf[:0], touchingBuf[:0]
	for i, t := range v.tiles {
		if t >= 0 || an.boxOf[i] >= 0 || an.certain[i] != certNone {
			continue
		}
		n, f := 0, 0 // closed neighbours, and those on the frontier
		for j := range board.Neighbours(v.width, v.height, i) {
			if v.tiles[j] < 0 {
				n++
			}
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
		dst = append(dst, candidate{i, p})
	}
	for _, i := range touching {
		if !slices.Contains(fewest, i) {
			dst = append(dst, candidate{i, p})
		}
	}
	return dst
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
func (la *lookahead) lookAhead(v *View, i int) outlook {
	return la.lookFrom(la.an, &la.look, &la.buf, v, v.tiles, i, nil)
}

// lookFrom returns the outlook of opening closed cell i of the view v with
// the given tiles, analysed by par: each number i may show is analysed by
// ch, on a copy of tiles kept in *buf. When each is not nil it is called
// after each number's analysis, with the view that number makes (ch has
// analysed it), that number's probability and, when the number leaves a
// cell certainly safe or no cell to open, the chance to survive what
// follows without a new guess being chosen (see afterSafe), or -1 when a
// guess must be chosen next.
func (la *lookahead) lookFrom(par, ch *analyzer, buf *[]board.Tile, v *View, tiles []board.Tile, i int, each func(next []board.Tile, pv, sure float64)) outlook {
	var o outlook
	safeP := 1 - par.prob[i]
	ok := la.eachNumber(par, ch, buf, v, tiles, i, func(b []board.Tile, pv float64) bool {
		if q := pv / safeP; q > 0 {
			o.entropy -= q * math.Log2(q)
		}
		safe, safeCell, minP := ch.closedCells(b)
		o.safe += pv / safeP * float64(safe)
		sure := -1.0
		switch {
		case safe == 1:
			after, ok := la.afterSafe(ch, v, b, safeCell)
			if !ok {
				return false
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
			each(b, pv, sure)
		}
		return true
	})
	if !ok {
		return outlook{} // too costly to look at: judged on its risk alone
	}
	o.ok = true
	return o
}

// eachNumber analyses, by ch, the view tiles (analysed by par) with closed
// cell i showing each number it may show, on a copy of tiles kept in *buf,
// and calls f with that view and that number's chance, until f returns
// false. It reports false when f did or the look-ahead ran out of budget.
func (la *lookahead) eachNumber(par, ch *analyzer, buf *[]board.Tile, v *View, tiles []board.Tile, i int, f func(b []board.Tile, pv float64) bool) bool {
	*buf = append((*buf)[:0], tiles...)
	b := *buf
	lo, hi := par.valueRange(tiles, i)
	safeP := 1 - par.prob[i]
	for val := lo; val <= hi; val++ {
		if ch.spent > 2*ch.budget || la.lookSpent >= lookCells {
			return false
		}
		b[i] = board.Tile(val)
		la.lookSpent += len(b)
		if err := ch.run(v.width, v.height, v.mines, b); err != nil {
			continue
		}
		pv := math.Exp(ch.logZ - par.logZ)
		if !ch.exact {
			pv = safeP / float64(hi-lo+1)
		}
		if !f(b, pv) {
			return false
		}
	}
	return true
}

// afterSafe returns the chance to survive opening c, the one certainly
// safe cell of the hypothetical view tiles analysed by par, and then the
// next guess when c's number leaves no cell certainly safe: the least
// likely mine. Counting such an outcome as survived outright would favour
// guesses that free one cell and then leave a guess as hard as before. It
// reports false when the look-ahead ran out of budget.
func (la *lookahead) afterSafe(par *analyzer, v *View, tiles []board.Tile, c int) (float64, bool) {
	ch := &la.after
	la.afterBuf = append(la.afterBuf[:0], tiles...)
	b := la.afterBuf
	lo, hi := par.valueRange(tiles, c)
	sure := 0.0
	for val := lo; val <= hi; val++ {
		if ch.spent > 2*ch.budget || la.lookSpent >= lookCells {
			return 0, false
		}
		b[c] = board.Tile(val)
		la.lookSpent += len(b)
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
func (la *lookahead) deepScore(v *View, i int) (float64, bool) {
	score, ok := 0.0, true
	o := la.lookFrom(la.an, &la.look, &la.buf, v, v.tiles, i, func(next []board.Tile, pv, sure float64) {
		switch {
		case !ok:
		case sure >= 0:
			score += pv * sure
		default:
			best, good := la.nextBest(v, next)
			score += pv * best
			ok = ok && good
		}
	})
	return score, ok && o.ok
}

// nextBest returns, for the hypothetical view tiles analysed by la.look,
// the best chance to survive the next guess and the one after, over its
// frontier cells least likely to be mines and one outside cell (the one
// with the fewest closed neighbours), at most deepEvals of them. A cell's
// chance is at most its chance to be safe, which ends the search early. It
// reports false when the look-ahead ran out of budget.
func (la *lookahead) nextBest(v *View, tiles []board.Tile) (float64, bool) {
	ch := &la.look
	cands := la.deepCands[:0]
	out, outN := -1, 9
	for j, t := range tiles {
		if t >= 0 || ch.certain[j] == certMine {
			continue
		}
		if ch.boxOf[j] >= 0 {
			cands = append(cands, candidate{j, ch.prob[j]})
			continue
		}
		if n := closedAround(tiles, v.width, v.height, j); n < outN {
			out, outN = j, n
		}
	}
	if out >= 0 {
		cands = append(cands, candidate{out, ch.prob[out]})
	}
	la.deepCands = cands
	slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(a.p, b.p) })
	best := -1.0
	for k, c := range cands {
		if k >= deepEvals || 1-c.p <= best {
			break
		}
		if la.deepLooks >= la.deepLimit {
			return 0, false
		}
		la.deepLooks++
		o := la.lookFrom(ch, &la.deep, &la.deepBuf, v, tiles, c.i, nil)
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
func (la *lookahead) outlookOf(v *View, i int, compute bool) (outlook, bool) {
	la.sig = la.signature(la.sig[:0], v, i)
	if o, ok := la.seen[string(la.sig)]; ok {
		return o, true
	}
	if !compute {
		return outlook{}, false
	}
	o := la.lookAhead(v, i)
	la.seen[string(la.sig)] = o
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
func (la *lookahead) signature(dst []byte, v *View, i int) []byte {
	an := la.an
	put := func(x int32) { dst = append(dst, byte(x), byte(x>>8), byte(x>>16), byte(x>>24)) }
	out, mines := int32(0), int32(0)
	boxes := la.sigBoxes[:0]
	for j := range board.Neighbours(v.width, v.height, i) {
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
	la.sigBoxes = boxes
	put(an.boxOf[i])
	put(out)
	put(mines)
	for _, b := range boxes {
		put(b)
	}
	return dst
}

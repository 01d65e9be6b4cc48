package solver

import (
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/splitmix"
)

// Secondary safety is the guess key of DavidNHill's solver, the strongest
// published: a guess is worth its chance to be safe, number by number,
// times how safe the view that number makes is, where a view is as safe as
// a blend of its two safest cells, four parts the safest to one part the
// next (a view with two good guesses is worth more than one with one), its
// cells that would tell nothing (dead) left out. The decision study
// (study_test.go) found his guesses worth about a third of a point a game
// over ours, and secondary safety alone worth no more than our three
// clicks: what gains is the credit for long-term risk (see riskCredit).
const (
	// blendFirst and blendSecond weigh the safest cell and the next in a
	// view's blended safety.
	blendFirst, blendSecond = 4, 1
	// secondaryCut is the least share of the best safety a frontier cell
	// needs to be looked at.
	secondaryCut = 0.9
	// outsideCut is the least share of the best safety cells outside the
	// frontier need to be looked at.
	outsideCut = 0.95
	// progressWeight is the small weight of the chance that the number
	// makes another cell certainly safe: it breaks near ties.
	progressWeight = 0.001
)

// secondaryGuess returns the guess with the best secondary safety among
// the cells of pseudo 50/50s when there are any (see sweepRisks), and
// otherwise among the frontier cells nearly as safe as the safest (or, with
// the long-term risk, nearly so with the credit sweepRisks gave them) and,
// when the cells outside the frontier are nearly as safe, those of them
// DavidNHill's solver looks at (see wideReps); or -1 when the look-ahead
// ran out of budget on the first. Like his, it looks at every one of them,
// the frontier's first, for as long as the look-ahead's budget of work
// lasts. (It looked at 24 at most, the outside cells in their place among
// the frontier's by chance, so that they crowded out frontier cells as
// safe: in 18 of the 1,400 positions of the study of seed 4901 it now
// chooses otherwise, each time the cell his solver chooses.)
// With the long-term risk, each is credited (see riskCredit). A dead cell,
// one that may show only one number, is chosen only when every cell looked
// at is dead: opening it tells nothing. Guesses alike in all this are told
// apart as safestGuess tells them apart, by a hash of the view and seed.
// cands are sorted, least likely mine first.
func (la *lookahead) secondaryGuess(v *View, cands []candidate, pseudo []int, maxEvals int, seed uint64) int {
	pool := la.pool[:0]
	for _, c := range pseudo {
		pool = append(pool, candidate{c, la.an.prob[c]})
	}
	if len(pseudo) == 0 {
		pool = la.secondaryPool(pool, v, cands)
	}
	la.pool = pool
	h := viewHash(v) ^ seed
	pick, pickW, pickLiving, pickTie := -1, -1.0, false, uint64(0)
	for evals, c := range pool {
		if la.capped && evals >= 2*maxEvals {
			break
		}
		credit := 1.0
		if la.longTerm {
			credit = la.riskCredit(v, c.i)
		}
		if pickLiving && (1-c.p)*credit < pickW*(1-1e-9) {
			continue // even certain safety after it could not do as well
		}
		w, living, ok := la.secondarySafety(v, c.i)
		if !ok {
			break
		}
		w *= credit
		tie := splitmix.Mix(h ^ uint64(c.i)*splitmix.Gamma)
		d := 1
		if pick >= 0 {
			d = compareSafety(w, living, pickW, pickLiving)
		}
		if d > 0 || (d == 0 && tie < pickTie) {
			pick, pickW, pickLiving, pickTie = c.i, w, living, tie
		}
	}
	return pick
}

// compareSafety compares two guesses by secondary safety: a living cell
// beats a dead one, then the higher safety; within a relative 1e-9 they
// tie (0), as cells alike up to symmetry do.
func compareSafety(w float64, living bool, w2 float64, living2 bool) int {
	switch {
	case living != living2:
		if living {
			return 1
		}
		return -1
	case w > w2*(1+1e-9):
		return 1
	case w < w2*(1-1e-9):
		return -1
	}
	return 0
}

// secondaryPool appends to dst the guesses secondaryGuess looks at when
// there is no pseudo 50/50, from cands, sorted least likely mine first:
// the frontier's, then those outside it.
func (la *lookahead) secondaryPool(dst []candidate, v *View, cands []candidate) []candidate {
	an := la.an
	best := 1 - cands[0].p
	outside := -1.0 // the chance of a mine outside the frontier, if any cell is
	for _, c := range cands {
		switch {
		case an.boxOf[c.i] >= 0:
			if 1-c.p >= secondaryCut*best-1e-12 || la.longTerm && 1-c.p+la.risky[c.i] > secondaryCut*best {
				dst = append(dst, c)
			}
		case outside < 0:
			outside = c.p
			if la.capped && 1-c.p > outsideCut*best {
				dst = la.wideReps(dst, v, c.p) // in their place by chance, as before
			}
		}
	}
	if la.capped {
		return dst
	}
	if outside >= 0 && 1-outside > outsideCut*best {
		dst = la.wideReps(dst, v, outside)
	}
	return dst
}

// secondarySafety returns the secondary safety of opening closed cell i,
// and reports whether i is living (may show more than one number) and
// whether the look-ahead had the budget to look.
func (la *lookahead) secondarySafety(v *View, i int) (w float64, living, ok bool) {
	ch := &la.look
	values, progress := 0, 0.0
	ok = la.eachNumber(la.an, ch, &la.buf, v, v.tiles, i, func(b []board.Tile, pv float64) bool {
		values++
		s1, s2, safe := ch.safestTwo(b)
		if safe > 0 {
			progress += pv
		}
		w += pv * (blendFirst*s1 + blendSecond*s2) / (blendFirst + blendSecond)
		return true
	})
	if !ok {
		return 0, false, false
	}
	return w * (1 + progressWeight*progress), values > 1, true
}

// safestTwo returns, over the closed cells of the view tiles this analyser
// analysed that are not certainly mines and are living (see dead), the
// chances to be safe of the safest and the next safest (1 for a certainly
// safe cell), and how many cells are certainly safe. When every such cell
// is dead, the dead count; a view with no closed cell left is won, and one
// with a single cell counts it twice.
func (an *analyzer) safestTwo(tiles []board.Tile) (s1, s2 float64, safe int) {
	s1, s2 = -1, -1
	anyDead := false
	for j, t := range tiles {
		if t >= 0 || an.certain[j] == certMine {
			continue
		}
		s := 1 - an.prob[j]
		if an.certain[j] == certSafe {
			s = 1
			safe++
		}
		if s <= s2 {
			continue
		}
		if an.dead(tiles, j) {
			anyDead = true
			continue
		}
		if s > s1 {
			s1, s2 = s, s1
		} else {
			s2 = s
		}
	}
	if s1 < 0 && anyDead {
		for j, t := range tiles {
			if t < 0 && an.certain[j] != certMine {
				s := 1 - an.prob[j]
				if an.certain[j] == certSafe {
					s = 1
				}
				if s > s1 {
					s1, s2 = s, s1
				} else if s > s2 {
					s2 = s
				}
			}
		}
	}
	if s1 < 0 {
		return 1, 1, safe
	}
	if s2 < 0 {
		s2 = s1
	}
	return s1, s2, safe
}

// dead reports whether closed cell c of the view tiles this analyser
// analysed would show one number in every layout where it is safe, so that
// opening it tells nothing: when each of its closed neighbours is certain,
// or when those that are not are exactly those of an open number, whose
// mines among them are then fixed. It may miss a dead cell, never calls a
// living one dead.
func (an *analyzer) dead(tiles []board.Tile, c int) bool {
	var uBuf, wBuf [8]int
	u := an.uncertainAround(tiles, c, uBuf[:0])
	if len(u) == 0 {
		return true
	}
	for j := range board.Neighbours(an.w, an.h, u[0]) {
		if tiles[j] < 0 || j == c {
			continue
		}
		w := an.uncertainAround(tiles, j, wBuf[:0])
		if len(w) == len(u) && equalInts(w, u) {
			return true
		}
	}
	return false
}

// uncertainAround appends to dst, in order, the closed neighbours of cell
// i of the view tiles this analyser analysed that are neither certainly
// safe nor certainly mines.
func (an *analyzer) uncertainAround(tiles []board.Tile, i int, dst []int) []int {
	for j := range board.Neighbours(an.w, an.h, i) {
		if tiles[j] < 0 && an.certain[j] == certNone {
			dst = append(dst, j)
		}
	}
	return dst
}

// equalInts reports whether a and b, of one length, hold the same values
// in the same order.
func equalInts(a, b []int) bool {
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

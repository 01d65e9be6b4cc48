package solver

import "math"

// The exact combination of components by mine count takes time and memory
// in proportion to the components times the range of their total mines,
// which grows with the square of the board on boards of many small
// components. It runs only while that cost (see combineCost) is at most
// combinePerCell times the cells, or combineFloor, which every board of up
// to 512 cells stays under whatever its components; past that the
// combination is approximate (see combineApprox). analyzer.combineLimit
// replaces that bound in tests.
const (
	combineFloor   = 1 << 20
	combinePerCell = 4
)

// combine weighs the components' solutions by the number of ways to place
// the remaining mines in the outside cells, and fills prob and certain. It
// combines the components exactly when that is cheap enough, first all of
// them and then, when that costs too much, all but those whose mine count
// is fixed, which only shift the total; past that it estimates.
func (an *analyzer) combine() error {
	an.exact = true
	an.work = len(an.tiles) + 8*len(an.cons)
	outside := an.outside
	exactComps := an.exactComps[:0]
	exactBoxes := an.exactBoxes[:0] // the boxes of each exact component in this view
	for ci, c := range an.comps {
		if c.exact {
			exactComps = append(exactComps, c)
			exactBoxes = append(exactBoxes, an.compList[ci])
		} else {
			an.exact = false
			outside += c.ncells // treated as unconstrained when weighing
		}
	}
	an.exactComps, an.exactBoxes = exactComps, exactBoxes
	limit := an.combineLimit
	if limit == 0 {
		limit = max(combineFloor, combinePerCell*len(an.tiles))
	}
	if combineCost(exactComps, limit) <= limit {
		return an.combineExact(exactComps, exactBoxes, outside, nil, nil, 0)
	}
	shift := an.splitFixed()
	if combineCost(an.varComps, limit) <= limit {
		return an.combineExact(an.varComps, an.varBoxes, outside, an.fixedComps, an.fixedBoxes, shift)
	}
	return an.combineApprox(exactComps, exactBoxes)
}

// splitFixed splits an.exactComps (and an.exactBoxes) into an.varComps,
// whose mine count varies, and an.fixedComps, whose count is the same in
// all their solutions, and returns the sum of those counts.
func (an *analyzer) splitFixed() (shift int) {
	an.varComps, an.varBoxes = an.varComps[:0], an.varBoxes[:0]
	an.fixedComps, an.fixedBoxes = an.fixedComps[:0], an.fixedBoxes[:0]
	for i, c := range an.exactComps {
		if k, ok := fixedCount(c); ok {
			an.fixedComps = append(an.fixedComps, c)
			an.fixedBoxes = append(an.fixedBoxes, an.exactBoxes[i])
			shift += k
		} else {
			an.varComps = append(an.varComps, c)
			an.varBoxes = append(an.varBoxes, an.exactBoxes[i])
		}
	}
	return shift
}

// combineCost returns the cost of combining comps exactly, in entries of
// the tables combineExact builds and reads: its memory is at most that,
// and its time in proportion to it. It stops counting past limit.
func combineCost(comps []*component, limit int) int {
	cost, pre := 0, 1 // pre: the length of pre_i, which is that of R_i
	for _, c := range comps {
		next := pre + len(c.w) - 1
		cost += (pre + next) * len(c.w)
		if cost > limit {
			break
		}
		pre = next
	}
	return cost
}

// fixedCount reports the number of mines of an exact component when it is
// the same in all its solutions.
func fixedCount(c *component) (int, bool) {
	lo, hi := weightRange(c.w)
	return lo, lo >= 0 && lo == hi
}

// weightRange returns the fewest and the most mines of the solutions whose
// weights by mine count are w, or -1 and -1 when there are none.
func weightRange(w []float64) (lo, hi int) {
	lo, hi = -1, -1
	for k, wk := range w {
		if wk > 0 {
			if lo < 0 {
				lo = k
			}
			hi = k
		}
	}
	return lo, hi
}

// combineExact combines by mine count the exact components exactComps,
// whose boxes in this view are exactBoxes, and outside cells next to no
// number (the approximate components' cells among them), and fills prob
// and certain. The exact components fixed, whose boxes are fixedBoxes,
// each hold the same number of mines in all their solutions, shift in
// all: they are left out of the convolutions, which they would only
// shift, and the mines to place are fewer by shift.
func (an *analyzer) combineExact(exactComps []*component, exactBoxes [][]int32, outside int, fixed []*component, fixedBoxes [][]int32, shift int) error {
	ec := exactCombination{an: an, comps: exactComps, mines: an.mines - shift, outside: outside}
	ec.convolve()
	if err := ec.weighOutside(); err != nil {
		return err
	}
	ec.weighLater()
	if err := ec.sum(fixed); err != nil {
		return err
	}
	for i := range exactComps {
		ec.weighBoxes(i, exactBoxes[i])
	}
	an.fillFixed(fixed, fixedBoxes)
	an.fillApprox()
	if an.exact {
		lo, hi := ec.outsideMines()
		an.fillOutside(lo, hi, ec.zOut/(float64(an.outside)*ec.z))
	} else {
		total, _ := ec.totals()
		p := an.approxOutside(total, ec.bw, ec.z, shift)
		an.fillOutside(0, an.outside, min(max(p, estimateMargin), 1-estimateMargin))
	}
	return nil
}

// exactCombination is the state of combineExact's steps. With W_i the
// distribution of component i's mine count and B(m) the ways to put the
// other M-m mines outside, the weight of k mines in component i is
// E_i(k) = sum_a pre_i(a) R_{i+1}(a+k), where pre_i is the convolution of
// the components before i and R_i(x) the sum over the mines y of the
// components from i on of their weight times B(x+y). Both are built in one
// pass each, in time quadratic in the total mine range rather than in that
// times the components. Booleans alongside say which counts are possible
// at all, so that certainties never depend on floating-point underflow.
type exactCombination struct {
	an      *analyzer
	comps   []*component
	mines   int // M: the mines to place in the components and outside
	outside int // the cells outside, the approximate components' among them

	pre, R   [][]float64
	preB, RB [][]bool
	// bw[m] is B(m) relative to e^ref, the largest of them, for the totals
	// m of the components; bwB says which totals are possible.
	bw   []float64
	bwB  []bool
	ref  float64
	z    float64 // the weight of all layouts, relative to e^ref
	zOut float64 // the sum of their weights times their mines outside
}

// convolve builds pre and preB, from the first component to the last.
func (ec *exactCombination) convolve() {
	an := ec.an
	pre := an.preBuf[:0]
	preB := an.preBBuf[:0]
	pre = append(pre, []float64{1})
	preB = append(preB, []bool{true})
	for i, c := range ec.comps {
		pre = append(pre, convolve(pre[i], c.w))
		preB = append(preB, convolveB(preB[i], c.w))
	}
	an.preBuf, an.preBBuf = pre, preB
	ec.pre, ec.preB = pre, preB
}

// totals returns the weights of the components' total mine counts, and
// which totals are possible.
func (ec *exactCombination) totals() ([]float64, []bool) {
	n := len(ec.comps)
	return ec.pre[n], ec.preB[n]
}

// outsideHolds returns the mines left to the outside cells when the
// components hold m in all, and reports whether that is a possible total
// of theirs whose remainder the outside cells can hold.
func (ec *exactCombination) outsideHolds(m int) (r int, ok bool) {
	_, totalB := ec.totals()
	r = ec.mines - m
	return r, r >= 0 && r <= ec.outside && totalB[m]
}

// weighOutside fills bw and bwB with the binomial weights C(outside, M-m)
// relative to the largest feasible, whose logarithm is ref. Only totals
// the components can reach get a weight: the others are never used, and
// their binomials may exceed float64's range relative to ref. With none,
// an exact analysis is ErrInconsistent.
func (ec *exactCombination) weighOutside() error {
	total, _ := ec.totals()
	ec.ref = math.Inf(-1)
	for m := range total {
		if r, ok := ec.outsideHolds(m); ok {
			ec.ref = max(ec.ref, logChoose(ec.outside, r))
		}
	}
	if math.IsInf(ec.ref, -1) {
		if ec.an.exact {
			return ErrInconsistent
		}
		ec.ref = 0
	}
	ec.bw = make([]float64, len(total))
	ec.bwB = make([]bool, len(total))
	for m := range ec.bw {
		if r, ok := ec.outsideHolds(m); ok {
			ec.bw[m] = math.Exp(logChoose(ec.outside, r) - ec.ref)
			ec.bwB[m] = true
		}
	}
	return nil
}

// weighLater builds R and RB, from the last component to the first.
func (ec *exactCombination) weighLater() {
	an, n := ec.an, len(ec.comps)
	R := an.rBuf[:0]
	RB := an.rBBuf[:0]
	for range n + 1 {
		R = append(R, nil)
		RB = append(RB, nil)
	}
	R[n], RB[n] = ec.bw, ec.bwB
	for i := n - 1; i >= 0; i-- {
		R[i], RB[i] = correlate(ec.comps[i].w, R[i+1], RB[i+1])
	}
	an.rBuf, an.rBBuf = R, RB
	ec.R, ec.RB = R, RB
}

// correlate returns r(x), the sum over k of w(k) times next(x+k) for every
// x where all of those are defined, and which x are possible: those where
// some k with a weight meets a possible x+k.
func correlate(w, next []float64, nextB []bool) ([]float64, []bool) {
	size := len(next) - (len(w) - 1)
	r := make([]float64, size)
	rb := make([]bool, size)
	for x := range size {
		sum, ok := 0.0, false
		for k, wk := range w {
			if wk > 0 {
				sum += wk * next[x+k]
				ok = ok || nextB[x+k]
			}
		}
		r[x], rb[x] = sum, ok
	}
	return r, rb
}

// sum fills z and zOut, and logZ from them and the scales of the
// components, fixed among them. With no layout at all, an exact analysis
// is ErrInconsistent.
func (ec *exactCombination) sum(fixed []*component) error {
	an := ec.an
	total, _ := ec.totals()
	for m, t := range total {
		ec.z += t * ec.bw[m]
		ec.zOut += t * ec.bw[m] * float64(ec.mines-m)
	}
	if ec.z <= 0 || !ec.RB[0][0] {
		if an.exact {
			return ErrInconsistent
		}
		ec.z = 1
	}
	an.logZ = ec.ref + math.Log(ec.z)
	for _, c := range ec.comps {
		an.logZ += c.logScale
	}
	for _, c := range fixed {
		k, _ := fixedCount(c)
		an.logZ += c.logScale + math.Log(c.w[k])
	}
	return nil
}

// weighBoxes weighs component i's solutions with k mines by the external
// weight E_i(k) of k mines, in the first cells of its boxes, when some
// layout has them, and then sets the cells of its boxes.
func (ec *exactCombination) weighBoxes(i int, boxes []int32) {
	an, c := ec.an, ec.comps[i]
	an.work += len(c.w)*(len(boxes)+len(ec.pre[i])) + len(ec.R[i])*len(c.w)
	p, pb := ec.pre[i], ec.preB[i]
	next, nextB := ec.R[i+1], ec.RB[i+1]
	for k, wk := range c.w {
		if wk == 0 {
			continue
		}
		e := 0.0
		feasible := false
		for a, pa := range p {
			if pb[a] {
				e += pa * next[a+k]
				feasible = feasible || nextB[a+k]
			}
		}
		if feasible {
			an.weighRow(c, boxes, k, e, 1)
		}
	}
	an.settleBoxes(boxes, ec.z, 0)
}

// outsideMines returns the fewest and the most mines the outside cells
// hold in the layouts weighed.
func (ec *exactCombination) outsideMines() (lo, hi int) {
	lo, hi = ec.outside+1, -1
	total, _ := ec.totals()
	for m := range total {
		if r, ok := ec.outsideHolds(m); ok {
			lo, hi = min(lo, r), max(hi, r)
		}
	}
	return lo, hi
}

// fillFixed sets the cells of the components fixed, whose mine count is
// the same in all their solutions and whose boxes are fixedBoxes: in every
// layout, one of their solutions with that count.
func (an *analyzer) fillFixed(fixed []*component, fixedBoxes [][]int32) {
	for i, c := range fixed {
		k, _ := fixedCount(c)
		boxes := fixedBoxes[i]
		nb := len(boxes)
		an.work += nb
		r := int(c.row[k]) * nb
		for b := range nb {
			bx := &an.boxes[boxes[b]]
			bx.lo, bx.hi = c.lo[r+b], c.hi[r+b]
			an.setBox(bx, c.s[r+b]/c.w[k]/float64(len(bx.cells)), c.lo[r+b] < int8(c.sizes[b]), c.hi[r+b] > 0, 0)
		}
	}
}

// weighRow adds the solutions of component c with k mines, whose boxes in
// this view are boxes, to the first cells of those boxes, as combineExact
// and combineApprox weigh them: their mines times scale divided by div to
// prob, and to certain whether some cell of the box is safe and whether
// some cell is a mine in some of them (someSafe, someMine). It widens each
// box's range of mines to theirs.
func (an *analyzer) weighRow(c *component, boxes []int32, k int, scale, div float64) {
	nb := len(boxes)
	r := int(c.row[k]) * nb
	for b := range nb {
		bx := &an.boxes[boxes[b]]
		first := bx.cells[0]
		an.prob[first] += scale * c.s[r+b] / div
		if c.lo[r+b] < int8(c.sizes[b]) {
			an.certain[first] |= someSafe
		}
		if c.hi[r+b] > 0 {
			an.certain[first] |= someMine
		}
		bx.lo = min(bx.lo, c.lo[r+b])
		bx.hi = max(bx.hi, c.hi[r+b])
	}
}

// settleBoxes sets the cells of boxes from what weighRow collected in
// their first cells: a cell's probability is its box's weighed mines over
// its cells and norm, the weight of all the solutions weighed, kept within
// margin of 0 and 1 unless it is certain.
func (an *analyzer) settleBoxes(boxes []int32, norm, margin float64) {
	for _, id := range boxes {
		bx := &an.boxes[id]
		first := bx.cells[0]
		flags := an.certain[first]
		p := an.prob[first] / (float64(len(bx.cells)) * norm)
		an.setBox(bx, p, flags&someSafe != 0, flags&someMine != 0, margin)
	}
}

// setBox sets the mine probability and certainty of the cells of box bx,
// each a mine with probability p: certainly safe unless canMine, certainly
// mines unless canSafe. The probability of a cell that is not certain is
// kept within margin of 0 and 1.
func (an *analyzer) setBox(bx *box, p float64, canSafe, canMine bool, margin float64) {
	p = min(max(p, margin), 1-margin)
	cert := certNone
	switch {
	case !canMine:
		cert, p = certSafe, 0
	case !canSafe:
		cert, p = certMine, 1
	}
	for _, cell := range bx.cells {
		an.prob[cell] = p
		an.certain[cell] = cert
	}
}

// fillOutside sets the cells next to no number, which hold between lo and
// hi mines in all in the layouts weighed: certainly safe when hi is 0,
// certainly mines when lo is all of them, and otherwise each a mine with
// probability p.
func (an *analyzer) fillOutside(lo, hi int, p float64) {
	an.outProb = 0
	if an.outside == 0 {
		return
	}
	cert := certNone
	switch {
	case hi == 0:
		cert, p = certSafe, 0
	case lo == an.outside:
		cert, p = certMine, 1
	}
	an.outProb = min(max(p, 0), 1)
	for i, t := range an.tiles {
		if t < 0 && an.boxOf[i] < 0 {
			an.prob[i] = an.outProb
			an.certain[i] = cert
		}
	}
}

// fillApprox sets the cells of the approximate components from their own
// estimates and certainties.
func (an *analyzer) fillApprox() {
	for ci, c := range an.comps {
		if c.exact {
			continue
		}
		for b, id := range an.compList[ci] {
			for _, cell := range an.boxes[id].cells {
				an.prob[cell] = c.approx[b]
				an.certain[cell] = c.cert[b]
			}
		}
	}
}

// approxOutside estimates the mine probability of outside cells when some
// components are approximate: their expected mines are taken from their
// estimated probabilities and the rest spread over the outside cells. The
// exact components' totals, shifted by shift mines, have the weights total
// times bw, which sum to z.
func (an *analyzer) approxOutside(total, bw []float64, z float64, shift int) float64 {
	expected := 0.0
	for m, t := range total {
		expected += t * bw[m] * float64(m)
	}
	expected = expected/z + float64(shift)
	for _, c := range an.comps {
		if c.exact {
			continue
		}
		for b, p := range c.approx {
			expected += p * float64(c.sizes[b])
		}
	}
	if an.outside == 0 {
		return 0
	}
	return (float64(an.mines) - expected) / float64(an.outside)
}

// convolveB returns which sums of an index where a is true and one where
// b is positive are possible.
func convolveB(a []bool, b []float64) []bool {
	out := make([]bool, len(a)+len(b)-1)
	for i, x := range a {
		if !x {
			continue
		}
		for j, y := range b {
			if y > 0 {
				out[i+j] = true
			}
		}
	}
	return out
}

// convolve returns the convolution of a and b.
func convolve(a, b []float64) []float64 {
	out := make([]float64, len(a)+len(b)-1)
	for i, x := range a {
		if x == 0 {
			continue
		}
		for j, y := range b {
			out[i+j] += x * y
		}
	}
	return out
}

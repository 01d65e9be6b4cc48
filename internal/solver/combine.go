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
	k := -1
	for j, w := range c.w {
		if w > 0 {
			if k >= 0 {
				return 0, false
			}
			k = j
		}
	}
	return k, k >= 0
}

// combineExact combines by mine count the exact components exactComps,
// whose boxes in this view are exactBoxes, and outside cells next to no
// number (the approximate components' cells among them), and fills prob
// and certain. The exact components fixed, whose boxes are fixedBoxes,
// each hold the same number of mines in all their solutions, shift in
// all: they are left out of the convolutions, which they would only
// shift, and the mines to place are fewer by shift.
func (an *analyzer) combineExact(exactComps []*component, exactBoxes [][]int32, outside int, fixed []*component, fixedBoxes [][]int32, shift int) error {
	M := an.mines - shift
	// With W_i the distribution of component i's mine count and B(m) the
	// ways to put the other M-m mines outside, the weight of k mines in
	// component i is E_i(k) = sum_a pre_i(a) R_{i+1}(a+k), where pre_i is
	// the convolution of the components before i and R_i(x) the sum over
	// the mines y of the components from i on of their weight times
	// B(x+y). Both are built in one pass each, in time quadratic in the
	// total mine range rather than in that times the components. Booleans
	// alongside say which counts are possible at all, so that certainties
	// never depend on floating-point underflow.
	n := len(exactComps)
	pre := an.preBuf[:0]
	preB := an.preBBuf[:0]
	pre = append(pre, []float64{1})
	preB = append(preB, []bool{true})
	for i, c := range exactComps {
		pre = append(pre, convolve(pre[i], c.w))
		preB = append(preB, convolveB(preB[i], c.w))
	}
	an.preBuf, an.preBBuf = pre, preB
	total, totalB := pre[n], preB[n]
	Kt := len(total) - 1
	// Binomial weights C(outside, M-m), relative to the largest feasible.
	ref := math.Inf(-1)
	for m := range total {
		if r := M - m; r >= 0 && r <= outside && totalB[m] {
			ref = max(ref, logChoose(outside, r))
		}
	}
	if math.IsInf(ref, -1) {
		if an.exact {
			return ErrInconsistent
		}
		ref = 0
	}
	bw := make([]float64, Kt+1)
	bwB := make([]bool, Kt+1)
	for m := range bw {
		// Only totals the components can reach get a weight: the others
		// are never used, and their binomials may exceed float64's range
		// relative to ref.
		if r := M - m; r >= 0 && r <= outside && totalB[m] {
			bw[m] = math.Exp(logChoose(outside, r) - ref)
			bwB[m] = true
		}
	}
	R := an.rBuf[:0]
	RB := an.rBBuf[:0]
	for range n + 1 {
		R = append(R, nil)
		RB = append(RB, nil)
	}
	R[n], RB[n] = bw, bwB
	for i := n - 1; i >= 0; i-- {
		w := exactComps[i].w
		next, nextB := R[i+1], RB[i+1]
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
		R[i], RB[i] = r, rb
	}
	an.rBuf, an.rBBuf = R, RB
	z, zOut := 0.0, 0.0
	for m, t := range total {
		z += t * bw[m]
		zOut += t * bw[m] * float64(M-m)
	}
	if z <= 0 || !RB[0][0] {
		if an.exact {
			return ErrInconsistent
		}
		z = 1
	}
	an.logZ = ref + math.Log(z)
	for _, c := range exactComps {
		an.logZ += c.logScale
	}
	for _, c := range fixed {
		k, _ := fixedCount(c)
		an.logZ += c.logScale + math.Log(c.w[k])
	}
	// Per component: external weight of k mines, then box probabilities.
	for i, c := range exactComps {
		boxes := exactBoxes[i]
		nb := len(boxes)
		an.work += len(c.w)*(nb+len(pre[i])) + len(R[i])*len(c.w)
		p, pb := pre[i], preB[i]
		next, nextB := R[i+1], RB[i+1]
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
			if !feasible {
				continue
			}
			r := int(c.row[k]) * nb
			for b := range nb {
				an.prob[an.boxes[boxes[b]].cells[0]] += c.s[r+b] * e
				// certain collects, per box, whether some cell of it was
				// ever safe or ever held a mine in a feasible solution.
				cc := an.boxes[boxes[b]].cells[0]
				if c.lo[r+b] < int8(c.sizes[b]) {
					an.certain[cc] |= someSafe
				}
				if c.hi[r+b] > 0 {
					an.certain[cc] |= someMine
				}
				bx := &an.boxes[boxes[b]]
				bx.lo = min(bx.lo, c.lo[r+b])
				bx.hi = max(bx.hi, c.hi[r+b])
			}
		}
		for b := range nb {
			bx := &an.boxes[boxes[b]]
			first := bx.cells[0]
			p := an.prob[first] / (float64(len(bx.cells)) * z)
			flags := an.certain[first]
			cert := certNone
			switch {
			case flags&someMine == 0:
				cert, p = certSafe, 0
			case flags&someSafe == 0:
				cert, p = certMine, 1
			}
			p = min(max(p, 0), 1)
			for _, cell := range bx.cells {
				an.prob[cell] = p
				an.certain[cell] = cert
			}
		}
	}
	// Components with a fixed mine count: in every layout, one of their
	// solutions with that count.
	for i, c := range fixed {
		k, _ := fixedCount(c)
		boxes := fixedBoxes[i]
		nb := len(boxes)
		an.work += nb
		r := int(c.row[k]) * nb
		for b := range nb {
			bx := &an.boxes[boxes[b]]
			bx.lo, bx.hi = c.lo[r+b], c.hi[r+b]
			an.setBox(bx, c.s[r+b]/c.w[k], c.lo[r+b] < int8(c.sizes[b]), c.hi[r+b] > 0, 0)
		}
	}
	an.fillApprox()
	// Outside cells.
	an.outProb = 0
	outCert := certNone
	if an.outside > 0 {
		if an.exact {
			an.outProb = zOut / (float64(an.outside) * z)
			lo, hi := outside+1, -1
			for m := range total {
				if r := M - m; totalB[m] && r >= 0 && r <= outside {
					lo, hi = min(lo, r), max(hi, r)
				}
			}
			switch {
			case hi == 0:
				outCert, an.outProb = certSafe, 0
			case lo == outside:
				outCert, an.outProb = certMine, 1
			}
		} else {
			// An estimate: never 0 or 1, which would claim a certainty.
			an.outProb = min(max(an.approxOutside(total, bw, z, shift), 1e-6), 1-1e-6)
		}
		an.outProb = min(max(an.outProb, 0), 1)
		for i, t := range an.tiles {
			if t < 0 && an.boxOf[i] < 0 {
				an.prob[i] = an.outProb
				an.certain[i] = outCert
			}
		}
	}
	return nil
}

// setBox sets the mine probability and certainty of the cells of box bx,
// which holds mean mines on average: certainly safe unless canMine,
// certainly mines unless canSafe. The probability of a cell that is not
// certain is kept within margin of 0 and 1.
func (an *analyzer) setBox(bx *box, mean float64, canSafe, canMine bool, margin float64) {
	p := min(max(mean/float64(len(bx.cells)), margin), 1-margin)
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

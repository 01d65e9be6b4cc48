package solver

import "math"

// maxLogOdds bounds the log-odds t of the mine density that weighs the
// components in combineApprox. At e^40 to 1 a component's solutions with
// one mine more or less weigh nothing beside the others, so the bound is
// reached only when the mines to place are at the edge of what the
// components and the outside cells can hold.
const maxLogOdds = 40.0

// estimateMargin keeps the estimated probability of a cell that is not
// certain at least that far from 0 and 1, which would claim a certainty.
const estimateMargin = 1e-6

// combineApprox fills prob and certain when combining the exact components
// comps (whose boxes in this view are compBoxes) by mine count would cost
// too much: each component is weighed on its own. The analysis is then not
// exact.
//
// Certainties remain sound. In every layout a component's mine count lies
// between the fewest and the most mines of its solutions, and between the
// board's mines less the most and the fewest that all the other parts
// (components, approximate components, outside cells) can hold; a box
// safe, or a mine, in every solution with a count in that range is safe,
// or a mine. The outside cells are certain only when such bounds leave
// them no mine or no safe cell.
//
// Probabilities are estimates: a component's solutions with k mines are
// weighed by x^k, as if every cell beyond the component held a mine on its
// own with probability x/(1+x), and the outside cells have that
// probability, with x chosen so that the mines expected in all add up to
// the board's. On large boards, where this runs, it is close to the exact
// weighing by the ways to place the other mines.
func (an *analyzer) combineApprox(comps []*component, compBoxes [][]int32) error {
	an.exact = false
	x := approxCombination{an: an, comps: comps}
	x.bound()
	if err := x.narrow(); err != nil {
		return err
	}
	x.solve()
	for i := range comps {
		x.weighBoxes(i, compBoxes[i])
	}
	an.fillApprox()
	lo, hi := x.outsideMines()
	an.fillOutside(lo, hi, min(max(1/(1+math.Exp(-x.t)), estimateMargin), 1-estimateMargin))
	return nil
}

// approxCombination is the state of combineApprox's steps.
type approxCombination struct {
	an    *analyzer
	comps []*component
	// lo[i] and hi[i] are the fewest and the most mines component i may
	// hold; sumLo and sumHi those of all the parts, the approximate
	// components and the outside cells among them.
	lo, hi       []int
	sumLo, sumHi int
	approxMean   float64 // the mines expected in the approximate components
	// lw holds the logarithms of the weights of the components whose
	// count varies, range by range.
	lw []float64
	t  float64 // the log-odds of the density
}

// bound sets the fewest and the most mines of every part, and the mines
// expected in the approximate components.
func (x *approxCombination) bound() {
	an, n := x.an, len(x.comps)
	x.lo, x.hi = resize(an.kLo, n), resize(an.kHi, n)
	an.kLo, an.kHi = x.lo, x.hi
	x.sumLo, x.sumHi = 0, an.outside
	for _, c := range an.comps {
		if c.exact {
			continue
		}
		for b, size := range c.sizes {
			switch c.cert[b] {
			case certMine:
				x.sumLo += size
				x.sumHi += size
			case certNone:
				x.sumHi += size
			}
			x.approxMean += c.approx[b] * float64(size)
		}
	}
	for i, c := range x.comps {
		x.lo[i], x.hi[i] = weightRange(c.w)
		x.sumLo += x.lo[i]
		x.sumHi += x.hi[i]
	}
}

// narrow narrows each component's range by what the others can hold;
// every round is sound, and a few reach nearly all there is to find. A
// range with no solution in it, or a board's mines the parts cannot hold,
// is ErrInconsistent.
func (x *approxCombination) narrow() error {
	M, lo, hi := x.an.mines, x.lo, x.hi
	for range 4 {
		if M < x.sumLo || M > x.sumHi {
			return ErrInconsistent
		}
		changed := false
		for i, c := range x.comps {
			l := max(lo[i], M-(x.sumHi-hi[i]))
			h := min(hi[i], M-(x.sumLo-lo[i]))
			for l <= h && c.w[l] == 0 {
				l++
			}
			for h >= l && c.w[h] == 0 {
				h--
			}
			if l > h {
				return ErrInconsistent
			}
			if l != lo[i] || h != hi[i] {
				x.sumLo += l - lo[i]
				x.sumHi += h - hi[i]
				lo[i], hi[i] = l, h
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	if M < x.sumLo || M > x.sumHi {
		return ErrInconsistent
	}
	return nil
}

// outsideMines returns the fewest and the most mines the outside cells
// can hold beside what the other parts can.
func (x *approxCombination) outsideMines() (lo, hi int) {
	an := x.an
	return max(0, an.mines-(x.sumHi-an.outside)), min(an.outside, an.mines-x.sumLo)
}

// solve sets t, the log-odds of the density, from the components whose
// count still varies, so that the mines expected in all add up to the
// board's, and logZ from it.
func (x *approxCombination) solve() {
	an, lo, hi := x.an, x.lo, x.hi
	lw := an.logW[:0]
	fixedMines, varLo, varSpan := 0, 0, 0
	for i, c := range x.comps {
		if lo[i] == hi[i] {
			fixedMines += lo[i]
			continue
		}
		varLo += lo[i]
		varSpan += hi[i] - lo[i]
		for k := lo[i]; k <= hi[i]; k++ {
			lw = append(lw, math.Log(c.w[k])) // -Inf when c.w[k] is 0
		}
	}
	an.logW, x.lw = lw, lw
	target := float64(an.mines-fixedMines) - x.approxMean
	x.t = 0
	if len(lw) > 0 || an.outside > 0 {
		x.t = solveLogOdds(x.moments, target, float64(varLo), float64(varSpan+an.outside))
	}
	_, _, logG := x.moments(x.t)
	an.logZ = logG - x.t*target // an estimate: the largest term of the sum
	for i, c := range x.comps {
		an.logZ += c.logScale
		if lo[i] == hi[i] {
			an.logZ += math.Log(c.w[lo[i]])
		}
	}
}

// moments returns the mean and the variance of the mines in the varying
// components and the outside cells when they are weighed with log-odds t,
// and the logarithm of the sum of their weights.
func (x *approxCombination) moments(t float64) (mean, variance, logG float64) {
	an, lo, hi := x.an, x.lo, x.hi
	off := 0
	for i := range x.comps {
		if lo[i] == hi[i] {
			continue
		}
		seg := x.lw[off : off+hi[i]-lo[i]+1]
		off += len(seg)
		top := math.Inf(-1)
		for j, l := range seg {
			top = max(top, l+float64(j)*t)
		}
		var s0, s1, s2 float64
		for j, l := range seg {
			e := math.Exp(l + float64(j)*t - top)
			s0 += e
			s1 += e * float64(j)
			s2 += e * float64(j*j)
		}
		mu := s1 / s0
		mean += float64(lo[i]) + mu
		variance += max(s2/s0-mu*mu, 0)
		logG += top + math.Log(s0) + float64(lo[i])*t
	}
	if an.outside > 0 {
		rho := 1 / (1 + math.Exp(-t))
		mean += float64(an.outside) * rho
		variance += float64(an.outside) * rho * (1 - rho)
		logG += float64(an.outside) * softplus(t)
	}
	an.work += len(x.lw) + 1
	return mean, variance, logG
}

// weighBoxes weighs component i's solutions with k mines, in its range, by
// x^k as combineApprox says, in the first cells of its boxes, and then
// sets the cells of its boxes.
func (x *approxCombination) weighBoxes(i int, boxes []int32) {
	an, c, t := x.an, x.comps[i], x.t
	lo, hi := x.lo[i], x.hi[i]
	an.work += (hi - lo + 1) * (len(boxes) + 1)
	top := math.Inf(-1)
	for k := lo; k <= hi; k++ {
		if c.w[k] > 0 {
			top = max(top, math.Log(c.w[k])+float64(k-lo)*t)
		}
	}
	s0 := 0.0
	for k := lo; k <= hi; k++ {
		if c.w[k] > 0 {
			s0 += math.Exp(math.Log(c.w[k]) + float64(k-lo)*t - top)
		}
	}
	for k := lo; k <= hi; k++ {
		if c.w[k] == 0 {
			continue
		}
		pk := math.Exp(math.Log(c.w[k])+float64(k-lo)*t-top) / s0
		an.weighRow(c, boxes, k, pk, c.w[k])
	}
	an.settleBoxes(boxes, 1, estimateMargin)
}

// solveLogOdds returns the log-odds t, within maxLogOdds of 0, at which
// the mean that moments gives is target: by Newton's method, since the
// mean grows with t and its derivative is the variance, kept within a
// shrinking bracket by bisection. The mean runs from lo (at t = -Inf) to
// lo+span (at +Inf); the first guess spreads the mines evenly over that
// span.
func solveLogOdds(moments func(float64) (mean, variance, logG float64), target, lo, span float64) float64 {
	a, b := -maxLogOdds, maxLogOdds
	if m, _, _ := moments(a); m >= target {
		return a
	}
	if m, _, _ := moments(b); m <= target {
		return b
	}
	rho := min(max((target-lo)/span, 1e-9), 1-1e-9)
	t := min(max(math.Log(rho/(1-rho)), a), b)
	tol := 1e-9 * max(1, math.Abs(target))
	for range 100 {
		mean, variance, _ := moments(t)
		g := mean - target
		if math.Abs(g) <= tol {
			break
		}
		if g < 0 {
			a = t
		} else {
			b = t
		}
		if b-a <= 1e-12 {
			break
		}
		next := t - g/variance
		if !(next > a && next < b) { // also when the variance is 0
			next = (a + b) / 2
		}
		t = next
	}
	return t
}

// softplus returns log(1 + e^t) without overflow.
func softplus(t float64) float64 {
	if t > 0 {
		return t + math.Log1p(math.Exp(-t))
	}
	return math.Log1p(math.Exp(t))
}

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
	ac := approxCombination{an: an, comps: comps}
	ac.bound()
	if err := ac.narrow(); err != nil {
		return err
	}
	ac.solve()
	for i := range comps {
		ac.weighBoxes(i, compBoxes[i])
	}
	an.fillApprox()
	lo, hi := ac.outsideMines()
	an.fillOutside(lo, hi, min(max(1/(1+math.Exp(-ac.t)), estimateMargin), 1-estimateMargin))
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
func (ac *approxCombination) bound() {
	an, n := ac.an, len(ac.comps)
	ac.lo, ac.hi = resize(an.kLo, n), resize(an.kHi, n)
	an.kLo, an.kHi = ac.lo, ac.hi
	ac.sumLo, ac.sumHi = 0, an.outside
	for _, c := range an.comps {
		if c.exact {
			continue
		}
		for b, size := range c.sizes {
			switch c.cert[b] {
			case certMine:
				ac.sumLo += size
				ac.sumHi += size
			case certNone:
				ac.sumHi += size
			}
			ac.approxMean += c.approx[b] * float64(size)
		}
	}
	for i, c := range ac.comps {
		ac.lo[i], ac.hi[i] = weightRange(c.w)
		ac.sumLo += ac.lo[i]
		ac.sumHi += ac.hi[i]
	}
}

// narrow narrows each component's range by what the others can hold;
// every round is sound, and a few reach nearly all there is to find. A
// range with no solution in it, or a board's mines the parts cannot hold,
// is ErrInconsistent.
func (ac *approxCombination) narrow() error {
	M, lo, hi := ac.an.mines, ac.lo, ac.hi
	for range 4 {
		if M < ac.sumLo || M > ac.sumHi {
			return ErrInconsistent
		}
		changed := false
		for i, c := range ac.comps {
			l := max(lo[i], M-(ac.sumHi-hi[i]))
			h := min(hi[i], M-(ac.sumLo-lo[i]))
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
				ac.sumLo += l - lo[i]
				ac.sumHi += h - hi[i]
				lo[i], hi[i] = l, h
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	if M < ac.sumLo || M > ac.sumHi {
		return ErrInconsistent
	}
	return nil
}

// outsideMines returns the fewest and the most mines the outside cells
// can hold beside what the other parts can.
func (ac *approxCombination) outsideMines() (lo, hi int) {
	an := ac.an
	return max(0, an.mines-(ac.sumHi-an.outside)), min(an.outside, an.mines-ac.sumLo)
}

// solve sets t, the log-odds of the density, from the components whose
// count still varies, so that the mines expected in all add up to the
// board's, and logZ from it.
func (ac *approxCombination) solve() {
	an, lo, hi := ac.an, ac.lo, ac.hi
	lw := an.logW[:0]
	fixedMines, varLo, varSpan := 0, 0, 0
	for i, c := range ac.comps {
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
	an.logW, ac.lw = lw, lw
	target := float64(an.mines-fixedMines) - ac.approxMean
	ac.t = 0
	if len(lw) > 0 || an.outside > 0 {
		ac.t = solveLogOdds(ac.moments, target, float64(varLo), float64(varSpan+an.outside))
	}
	_, _, logG := ac.moments(ac.t)
	an.logZ = logG - ac.t*target // an estimate: the largest term of the sum
	for i, c := range ac.comps {
		an.logZ += c.logScale
		if lo[i] == hi[i] {
			an.logZ += math.Log(c.w[lo[i]])
		}
	}
}

// moments returns the mean and the variance of the mines in the varying
// components and the outside cells when they are weighed with log-odds t,
// and the logarithm of the sum of their weights.
func (ac *approxCombination) moments(t float64) (mean, variance, logG float64) {
	an, lo, hi := ac.an, ac.lo, ac.hi
	off := 0
	for i := range ac.comps {
		if lo[i] == hi[i] {
			continue
		}
		seg := ac.lw[off : off+hi[i]-lo[i]+1]
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
	an.work += len(ac.lw) + 1
	return mean, variance, logG
}

// weighBoxes weighs component i's solutions with k mines, k in its range,
// by e^(t k) (combineApprox's x^k) over the sum of those weights, in the
// first cells of its boxes, and then sets the cells of its boxes.
func (ac *approxCombination) weighBoxes(i int, boxes []int32) {
	an, c, t := ac.an, ac.comps[i], ac.t
	lo, hi := ac.lo[i], ac.hi[i]
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

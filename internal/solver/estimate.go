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
	M := an.mines
	n := len(comps)
	lo, hi := resize(an.kLo, n), resize(an.kHi, n)
	an.kLo, an.kHi = lo, hi
	// The fewest and the most mines of every part, and the mines expected
	// in the approximate components.
	sumLo, sumHi := 0, an.outside
	approxMean := 0.0
	for _, c := range an.comps {
		if c.exact {
			continue
		}
		for b, size := range c.sizes {
			switch c.cert[b] {
			case certMine:
				sumLo += size
				sumHi += size
			case certNone:
				sumHi += size
			}
			approxMean += c.approx[b] * float64(size)
		}
	}
	for i, c := range comps {
		lo[i], hi[i] = -1, -1
		for k, w := range c.w {
			if w > 0 {
				if lo[i] < 0 {
					lo[i] = k
				}
				hi[i] = k
			}
		}
		sumLo += lo[i]
		sumHi += hi[i]
	}
	// Narrow each component's range by what the others can hold; every
	// round is sound, and a few reach nearly all there is to find.
	for range 4 {
		if M < sumLo || M > sumHi {
			return ErrInconsistent
		}
		changed := false
		for i, c := range comps {
			l := max(lo[i], M-(sumHi-hi[i]))
			h := min(hi[i], M-(sumLo-lo[i]))
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
				sumLo += l - lo[i]
				sumHi += h - hi[i]
				lo[i], hi[i] = l, h
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	if M < sumLo || M > sumHi {
		return ErrInconsistent
	}
	outLo := max(0, M-(sumHi-an.outside))
	outHi := min(an.outside, M-sumLo)

	// The log-odds t of the density, from the components whose count
	// still varies: lw holds the logarithms of their weights, range by
	// range.
	lw := an.logW[:0]
	fixedMines, varLo, varSpan := 0, 0, 0
	for i, c := range comps {
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
	an.logW = lw
	target := float64(M-fixedMines) - approxMean
	// moments returns the mean and the variance of the mines in the
	// varying components and the outside cells when they are weighed with
	// log-odds t, and the logarithm of the sum of their weights.
	moments := func(t float64) (mean, variance, logG float64) {
		off := 0
		for i := range comps {
			if lo[i] == hi[i] {
				continue
			}
			seg := lw[off : off+hi[i]-lo[i]+1]
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
		an.work += len(lw) + 1
		return mean, variance, logG
	}
	t := 0.0
	if len(lw) > 0 || an.outside > 0 {
		t = solveLogOdds(moments, target, float64(varLo), float64(varSpan+an.outside))
	}
	_, _, logG := moments(t)
	an.logZ = logG - t*target // an estimate: the largest term of the sum
	for i, c := range comps {
		an.logZ += c.logScale
		if lo[i] == hi[i] {
			an.logZ += math.Log(c.w[lo[i]])
		}
	}

	// Box probabilities and certainties, component by component.
	for i, c := range comps {
		boxes := compBoxes[i]
		nb := len(boxes)
		an.work += (hi[i] - lo[i] + 1) * (nb + 1)
		top := math.Inf(-1)
		for k := lo[i]; k <= hi[i]; k++ {
			if c.w[k] > 0 {
				top = max(top, math.Log(c.w[k])+float64(k-lo[i])*t)
			}
		}
		s0 := 0.0
		for k := lo[i]; k <= hi[i]; k++ {
			if c.w[k] > 0 {
				s0 += math.Exp(math.Log(c.w[k]) + float64(k-lo[i])*t - top)
			}
		}
		for k := lo[i]; k <= hi[i]; k++ {
			if c.w[k] == 0 {
				continue
			}
			pk := math.Exp(math.Log(c.w[k])+float64(k-lo[i])*t-top) / s0
			r := int(c.row[k]) * nb
			for b := range nb {
				bx := &an.boxes[boxes[b]]
				first := bx.cells[0]
				an.prob[first] += pk * c.s[r+b] / c.w[k]
				// As in combineExact: whether some cell of the box is safe,
				// and whether some cell is a mine, in some solution.
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
		for b := range nb {
			bx := &an.boxes[boxes[b]]
			first := bx.cells[0]
			flags := an.certain[first]
			an.setBox(bx, an.prob[first], flags&someSafe != 0, flags&someMine != 0, estimateMargin)
		}
	}
	an.fillApprox()

	// Outside cells.
	an.outProb = 0
	if an.outside > 0 {
		outCert := certNone
		switch {
		case outHi == 0:
			outCert = certSafe
		case outLo == an.outside:
			outCert, an.outProb = certMine, 1
		default:
			an.outProb = min(max(1/(1+math.Exp(-t)), estimateMargin), 1-estimateMargin)
		}
		for i, tile := range an.tiles {
			if tile < 0 && an.boxOf[i] < 0 {
				an.prob[i] = an.outProb
				an.certain[i] = outCert
			}
		}
	}
	return nil
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

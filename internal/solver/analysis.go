package solver

import (
	"errors"
	"math"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// ErrInconsistent is returned by Analyze when no layout of mines agrees with
// the view: a number that cannot be satisfied, or a mine count that does not
// fit.
var ErrInconsistent = errors.New("no layout of mines fits the view")

// Analysis is the inference on a view: the probability that each closed
// cell holds a mine, the cells that are certainly safe and those that are
// certainly mines. Safe and Mines are always sound; the probabilities are
// exact when Exact reports so, and estimates otherwise.
type Analysis struct {
	width int
	prob  []float64   // per cell, row-major; 0 for open cells
	cert  []certainty // per cell: certNone, certSafe or certMine
	safe  []board.Point
	mines []board.Point
	exact bool
	logZ  float64 // natural log of the number of layouts (exact analyses)
}

// Prob returns the probability that the closed cell at p holds a mine; it
// is 0 for open cells and points off the board.
func (a *Analysis) Prob(p board.Point) float64 {
	if p.X < 0 || p.X >= a.width || p.Y < 0 {
		return 0
	}
	i := p.Y*a.width + p.X
	if i >= len(a.prob) {
		return 0
	}
	return a.prob[i]
}

// Certain reports whether the closed cell at p is certainly safe, and
// whether it certainly holds a mine; both are false for open cells and
// points off the board.
func (a *Analysis) Certain(p board.Point) (safe, mine bool) {
	if p.X < 0 || p.X >= a.width || p.Y < 0 {
		return false, false
	}
	i := p.Y*a.width + p.X
	if i >= len(a.cert) {
		return false, false
	}
	return a.cert[i] == certSafe, a.cert[i] == certMine
}

// Safe returns the closed cells that are certainly safe, in row-major order.
func (a *Analysis) Safe() []board.Point { return a.safe }

// Mines returns the closed cells that certainly hold a mine, in row-major
// order.
func (a *Analysis) Mines() []board.Point { return a.mines }

// Exact reports whether every probability is exact; when false, some are
// estimates (a part of the board was too large to enumerate within the node
// budget), though Safe and Mines remain certain.
func (a *Analysis) Exact() bool { return a.exact }

// LogLayouts returns the natural logarithm of the number of mine layouts
// that agree with the view, when the analysis is exact.
func (a *Analysis) LogLayouts() float64 { return a.logZ }

// Analyze returns the exact inference on v, using the default node budget.
// It returns ErrInconsistent when no layout fits the view.
func Analyze(v *View) (*Analysis, error) {
	var an analyzer
	an.budget = defaultBudget
	if err := an.run(v.width, v.height, v.mines, v.tiles); err != nil {
		return nil, err
	}
	return an.result(), nil
}

// result copies the analyzer's outcome into a new Analysis.
func (an *analyzer) result() *Analysis {
	a := &Analysis{
		width: an.w,
		prob:  append([]float64(nil), an.prob...),
		cert:  append([]certainty(nil), an.certain...),
		exact: an.exact,
		logZ:  an.logZ,
	}
	for i, t := range an.tiles {
		if t >= 0 {
			continue
		}
		switch an.certain[i] {
		case certSafe:
			a.safe = append(a.safe, board.Point{X: i % an.w, Y: i / an.w})
		case certMine:
			a.mines = append(a.mines, board.Point{X: i % an.w, Y: i / an.w})
		}
	}
	return a
}

// logChoose returns the natural logarithm of the binomial coefficient
// C(n, k), for 0 <= k <= n.
func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// choose9 holds C(n, k) for n, k <= 8. A box (cells next to exactly the
// same numbers) lies around any one of its numbers, so it has at most 8
// cells.
var choose9 = func() (t [9][9]float64) {
	for n := 0; n <= 8; n++ {
		t[n][0] = 1
		for k := 1; k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return t
}()

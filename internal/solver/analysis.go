package solver

import "github.com/minesweeper-go/minesweeper/internal/board"

// Analysis is the inference on a view: the probability that each closed
// cell holds a mine, the cells that are certainly safe and those that are
// certainly mines. The certainties are always sound; the probabilities are
// exact when Exact reports so, and estimates otherwise.
type Analysis struct {
	width int
	prob  []float64 // per cell, row-major; 0 for open cells
	safe  []board.Point
	mines []board.Point
	exact bool
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

// Safe returns the closed cells that are certainly safe, in row-major order.
func (a *Analysis) Safe() []board.Point { return a.safe }

// Mines returns the closed cells that certainly hold a mine, in row-major
// order.
func (a *Analysis) Mines() []board.Point { return a.mines }

// Exact reports whether every probability is exact; when false, some are
// estimates, though Safe and Mines remain certain.
func (a *Analysis) Exact() bool { return a.exact }

// Analyze returns the inference on v.
func Analyze(v *View) (*Analysis, error) {
	return simpleAnalyze(v), nil
}

// simpleAnalyze applies single-number deductions until nothing changes and
// estimates the other probabilities from the densest number around a cell.
func simpleAnalyze(v *View) *Analysis {
	n := v.width * v.height
	const (
		unknown = 0
		safe    = 1
		mine    = 2
	)
	state := make([]uint8, n)
	var nb []int32
	for changed := true; changed; {
		changed = false
		for i, t := range v.tiles {
			if t < 0 {
				continue
			}
			need, free := int(t), 0
			nb = v.neighbours(nb[:0], i)
			for _, j := range nb {
				if v.tiles[j] >= 0 {
					continue
				}
				switch state[j] {
				case mine:
					need--
				case unknown:
					free++
				}
			}
			if free == 0 || (need != 0 && need != free) {
				continue
			}
			to := uint8(safe)
			if need == free {
				to = mine
			}
			for _, j := range nb {
				if v.tiles[j] < 0 && state[j] == unknown {
					state[j] = to
					changed = true
				}
			}
		}
	}
	a := &Analysis{width: v.width, prob: make([]float64, n)}
	closed, known := 0, 0
	for i, t := range v.tiles {
		if t < 0 {
			closed++
			if state[i] == mine {
				known++
			}
		}
	}
	free := closed - known
	density := 0.0
	if free > 0 {
		density = float64(v.mines-known) / float64(free)
		density = min(max(density, 0), 1)
	}
	for i, t := range v.tiles {
		if t >= 0 {
			continue
		}
		switch state[i] {
		case safe:
			a.safe = append(a.safe, v.point(i))
		case mine:
			a.mines = append(a.mines, v.point(i))
			a.prob[i] = 1
		default:
			p := density
			nb = v.neighbours(nb[:0], i)
			for _, j := range nb {
				if v.tiles[j] < 0 {
					continue
				}
				need, cnt := int(v.tiles[j]), 0
				var nb2 []int32
				nb2 = v.neighbours(nb2, int(j))
				for _, k := range nb2 {
					if v.tiles[k] < 0 {
						if state[k] == mine {
							need--
						} else if state[k] == unknown {
							cnt++
						}
					}
				}
				if cnt > 0 {
					p = max(p, float64(need)/float64(cnt))
				}
			}
			a.prob[i] = min(max(p, 0.0001), 0.9999)
		}
	}
	return a
}

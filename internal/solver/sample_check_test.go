package solver

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// TestSamplerUniform draws layouts for small views and checks, against
// every layout listed by brute force, that the sampler counts them all,
// draws only those and draws each as often as any other: a chi-square
// test of the counts at a level no correct sampler fails by chance
// (p < 1e-6, with a fixed seed).
func TestSamplerUniform(t *testing.T) {
	tests := []struct {
		name  string
		view  string
		mines int
	}{
		{"one number, cells around and away", `
			1##
			###
			###`, 2},
		{"two components and cells next to no number", `
			##1##
			11111
			00000
			11111
			#1###`, 4},
		{"a view no layout fits", `
			##1##
			11111
			00000
			11111
			#2###`, 4},
		{"boxes of several cells", `
			#####
			#111#
			#101#
			#111#
			#####`, 4},
		{"a wall of numbers and a far corner", `
			###1#
			##21#
			#21##
			#1###`, 5},
		{"no number at all", `
			###
			#0#`, 0},
	}
	type view struct {
		name string
		v    *View
	}
	var views []view
	for _, tt := range tests {
		views = append(views, view{tt.name, parseView(t, tt.view, tt.mines)})
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for n := range 6 {
		v, _ := randomView(t, rng, 4, 4, 4, 2)
		views = append(views, view{fmt.Sprintf("random %d", n), v})
	}
	for _, tt := range views {
		t.Run(tt.name, func(t *testing.T) {
			v := tt.v
			index := make(map[uint32]int)
			closed := eachLayout(v, func(_ []int, _ []bool, mask uint32) { index[mask] = len(index) })
			s, err := newLayoutSampler(v)
			if len(index) == 0 {
				if !errors.Is(err, ErrInconsistent) {
					t.Errorf("newLayoutSampler of a view no layout fits: error %v; want %v", err, ErrInconsistent)
				}
				return
			}
			if err != nil {
				t.Fatalf("newLayoutSampler: %v", err)
			}
			if got, want := s.logLayouts(), math.Log(float64(len(index))); math.Abs(got-want) > 1e-9 {
				t.Errorf("logLayouts() = %v; want %v (%d layouts)", got, want, len(index))
			}
			at := make(map[int]int) // cell -> place in closed
			for k, c := range closed {
				at[c] = k
			}
			draws := 400 * len(index)
			counts := make([]int, len(index))
			rng := rand.New(rand.NewPCG(1, 2))
			var pts []board.Point
			for range draws {
				pts = s.draw(rng, pts)
				var mask uint32
				for _, p := range pts {
					k, ok := at[p.Y*v.width+p.X]
					if !ok {
						t.Fatalf("draw put a mine on %v, an open cell", p)
					}
					mask |= 1 << k
				}
				x, ok := index[mask]
				if !ok || len(pts) != v.mines {
					t.Fatalf("draw gave %v, a layout that does not fit the view", pts)
				}
				counts[x]++
			}
			chi := 0.0
			e := float64(draws) / float64(len(index))
			for _, c := range counts {
				chi += (float64(c) - e) * (float64(c) - e) / e
			}
			// The chi-square's mean is its degrees of freedom, df; past
			// df + 7 sqrt(2 df) + 25 is beyond p = 1e-6 for any df here.
			df := float64(len(index) - 1)
			if limit := df + 7*math.Sqrt(2*df) + 25; chi > limit {
				t.Errorf("chi-square of %d draws over %d layouts = %.1f; want at most %.1f", draws, len(index), chi, limit)
			}
		})
	}
}

// TestSamplerMarginals checks the sampler against the solver's analysis on
// views of expert games: each cell's share of draws that put a mine there
// is within five standard errors of its probability in the analysis, and
// both count the same layouts.
func TestSamplerMarginals(t *testing.T) {
	views := guessViews(t, 3)
	if len(views) > 6 {
		views = views[:6]
	}
	const draws = 3000
	rng := rand.New(rand.NewPCG(3, 4))
	for n, v := range views {
		a, err := Analyze(v)
		if err != nil {
			t.Fatal(err)
		}
		s, err := newLayoutSampler(v)
		if err != nil {
			t.Fatalf("view %d: newLayoutSampler: %v", n, err)
		}
		if got, want := s.logLayouts(), a.LogLayouts(); math.Abs(got-want) > 1e-6*math.Abs(want)+1e-9 {
			t.Errorf("view %d: logLayouts() = %v; want the analysis's %v", n, got, want)
		}
		hits := make([]int, len(v.tiles))
		var pts []board.Point
		for range draws {
			pts = s.draw(rng, pts)
			for _, p := range pts {
				hits[p.Y*v.width+p.X]++
			}
		}
		for i, tl := range v.tiles {
			p := a.prob[i]
			if tl >= 0 {
				if hits[i] > 0 {
					t.Fatalf("view %d: %d mines drawn on open cell %v", n, hits[i], v.point(i))
				}
				continue
			}
			got := float64(hits[i]) / draws
			se := math.Sqrt(p*(1-p)/draws) + 1e-9
			if math.Abs(got-p) > 5*se {
				t.Errorf("view %d: cell %v drawn a mine %.4f of the time; want %.4f (±%.4f)", n, v.point(i), got, p, 5*se)
			}
		}
	}
}

package solver

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// TestMinesChance checks the chance that a set of cells are all mines,
// counted on a view with the cells taken off the board (minesChance),
// against the share of layouts listed by brute force, for every set of one
// or two closed cells not certainly mines, on views written out and
// random.
func TestMinesChance(t *testing.T) {
	views := []*View{
		parseView(t, `
			1##
			###
			###`, 2),
		parseView(t, `
			##1##
			11111
			00000
			11111
			#1###`, 4),
		parseView(t, `
			#####
			#111#
			#101#
			#111#
			#####`, 4),
		parseView(t, `
			###1#
			##21#
			#21##
			#1###`, 5),
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 8 {
		v, _ := randomView(t, rng, 4, 4, 4, 2)
		views = append(views, v)
	}
	for n, v := range views {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var layouts [][]bool
			closed := eachLayout(v, func(_ []int, grid []bool, _ uint32) { layouts = append(layouts, append([]bool(nil), grid...)) })
			if len(layouts) == 0 {
				t.Skip("no layout fits")
			}
			s := New(Options{})
			if err := s.an.run(v.width, v.height, v.mines, v.tiles); err != nil {
				t.Fatal(err)
			}
			s.ahead.start()
			var sets [][]int
			for a, i := range closed {
				sets = append(sets, []int{i})
				for _, j := range closed[a+1:] {
					sets = append(sets, []int{i, j})
				}
			}
			for _, set := range sets {
				skip := false
				for _, c := range set {
					skip = skip || s.an.certain[c] == certMine
				}
				if skip {
					continue
				}
				want := 0
				for _, grid := range layouts {
					all := true
					for _, c := range set {
						all = all && grid[c]
					}
					if all {
						want++
					}
				}
				resetLook(&s.ahead)
				got, ok := s.ahead.minesChance(v, set)
				if !ok {
					t.Fatalf("minesChance(%v) could not count", set)
				}
				if w := float64(want) / float64(len(layouts)); math.Abs(got-w) > 1e-9 {
					t.Errorf("minesChance(%v) = %v; want %v (%d of %d layouts)", set, got, w, want, len(layouts))
				}
			}
		})
	}
}

// TestFormChanceAndDead checks, on small random views against every
// layout listed by brute force, the chance that each shape's 50/50 forms
// (formChance: its mines mines and its safe cells safe), and that a cell
// called dead shows one number in every layout where it is safe.
func TestFormChanceAndDead(t *testing.T) {
	withoutRace(t)
	deadFound, deadAll := 0, 0
	for c, v := range smallViews(t, 43, 200) {
		var layouts [][]bool
		eachLayout(v, func(_ []int, grid []bool, _ uint32) { layouts = append(layouts, append([]bool(nil), grid...)) })
		if len(layouts) == 0 {
			continue
		}
		s := New(Options{})
		if err := s.an.run(v.width, v.height, v.mines, v.tiles); err != nil {
			t.Fatal(err)
		}
		la := &s.ahead
		la.start()
		for i, tl := range v.tiles {
			if tl >= 0 || s.an.certain[i] == certMine {
				continue
			}
			numbers := map[int]bool{}
			for _, grid := range layouts {
				if grid[i] {
					continue
				}
				n := 0
				for j := range board.Neighbours(v.width, v.height, i) {
					if grid[j] {
						n++
					}
				}
				numbers[n] = true
			}
			if len(numbers) <= 1 {
				deadAll++
			}
			if s.an.dead(v.tiles, i) {
				deadFound++
				if len(numbers) > 1 {
					t.Fatalf("case %d: dead(%v) = true; it shows %d numbers\n%s", c, v.point(i), len(numbers), viewString(v))
				}
			}
		}
		for _, kind := range []shapeKind{shapeAcross, shapeDown, shapeSquare} {
			for x := range v.width {
				for y := range v.height {
					resetLook(la)
					got, _ := la.formChance(v, kind, x, y, maxMissing)
					mines, safes, missing, ok := la.shape(v, kind, x, y, nil, nil, nil)
					want := 0.0
					if ok && len(missing) <= maxMissing {
						n := 0
						for _, grid := range layouts {
							all := true
							for _, m := range append(append([]int(nil), mines...), missing...) {
								all = all && grid[m]
							}
							for _, sf := range safes {
								all = all && !grid[sf]
							}
							if all {
								n++
							}
						}
						want = float64(n) / float64(len(layouts))
					}
					if math.Abs(got-want) > 1e-9 {
						t.Fatalf("case %d: formChance(%v, %d, %d) = %v; want %v\n%s", c, kind, x, y, got, want, viewString(v))
					}
				}
			}
		}
	}
	if deadFound == 0 {
		t.Errorf("dead found no dead cell among %d", deadAll)
	}
	t.Logf("dead found %d of %d dead cells", deadFound, deadAll)
}

// TestSweepRisks checks, on views written out, the pseudo 50/50s that
// sweepRisks finds and the long-term credit of the top left cell
// (riskCredit), where it is given: in both views below, that cell's mine
// chance is 1/2 and the pair across it is walled by the board's edges,
// so a 50/50 forms through it with chance 1/2, and its credit is
// 1 + 0.9 (1/2) / (1/2).
func TestSweepRisks(t *testing.T) {
	tests := []struct {
		name   string
		view   string
		mines  int
		pseudo []board.Point
		credit float64 // of the top left cell; 0: not checked
	}{
		{"two cells walled by the board's edges", `
			##
			11`, 1, []board.Point{{X: 0, Y: 0}, {X: 1, Y: 0}}, 1.9},
		{"a pair with an open wall", `
			1##
			###
			###`, 2, nil, 0},
		{"a square walled at its corners, each by the edge", `
			##
			##`, 2, nil, 1.9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := parseView(t, tt.view, tt.mines)
			s := New(Options{})
			if err := s.an.run(v.width, v.height, v.mines, v.tiles); err != nil {
				t.Fatal(err)
			}
			s.ahead.start()
			var got []board.Point
			for _, c := range s.ahead.sweepRisks(v) {
				got = append(got, v.point(c))
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.pseudo) {
				t.Errorf("sweepRisks() pseudo 50/50 cells = %v; want %v", got, tt.pseudo)
			}
			if tt.credit != 0 {
				if got := s.ahead.riskCredit(v, 0); math.Abs(got-tt.credit) > 1e-9 {
					t.Errorf("riskCredit(top left) = %v; want %v", got, tt.credit)
				}
			}
		})
	}
}

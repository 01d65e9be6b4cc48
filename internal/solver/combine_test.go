package solver

import (
	"math"
	"math/rand/v2"
	"testing"
)

// recombine clears what combining the components filled in after an.run,
// and combines them again with f.
func recombine(an *analyzer, f func() error) error {
	clear(an.prob)
	clear(an.certain)
	for i := range an.boxes {
		an.boxes[i].lo, an.boxes[i].hi = 127, -1
	}
	an.exact = true
	for _, c := range an.comps {
		if !c.exact {
			an.exact = false
		}
	}
	return f()
}

// TestCombineFixedMatchesExact checks that leaving the components whose
// mine count is fixed out of the convolutions, as combine does when
// combining all of them would cost too much, gives what combining all of
// them gives, on expert positions, where combine combines them all.
func TestCombineFixedMatchesExact(t *testing.T) {
	withoutRace(t)
	rng := rand.New(rand.NewPCG(15, 2))
	positions := 400
	if testing.Short() {
		positions = 100
	}
	mixed := 0 // positions with components of both kinds
	for p := range positions {
		v, _ := randomView(t, rng, 30, 16, 99, 1+rng.IntN(40))
		var an analyzer
		an.budget = defaultBudget
		if err := an.run(v.width, v.height, v.mines, v.tiles); err != nil {
			t.Fatalf("position %d: run: %v\n%s", p, err, viewString(v))
		}
		wantProb := append([]float64(nil), an.prob...)
		wantCert := append([]certainty(nil), an.certain...)
		wantBoxes := append([]box(nil), an.boxes...)
		wantLogZ, wantExact := an.logZ, an.exact
		outside := an.outside
		for _, c := range an.comps {
			if !c.exact {
				outside += c.ncells
			}
		}
		err := recombine(&an, func() error {
			shift := an.splitFixed()
			return an.combineExact(an.varComps, an.varBoxes, outside, an.fixedComps, an.fixedBoxes, shift)
		})
		if err != nil {
			t.Fatalf("position %d: combineExact without fixed components: %v\n%s", p, err, viewString(v))
		}
		if len(an.fixedComps) > 0 && len(an.varComps) > 0 {
			mixed++
		}
		if wantExact && math.Abs(an.logZ-wantLogZ) > 1e-9 {
			t.Errorf("position %d: logZ = %v; want %v\n%s", p, an.logZ, wantLogZ, viewString(v))
		}
		for i := range v.tiles {
			if got, want := an.certain[i], wantCert[i]; got != want {
				t.Errorf("position %d: certain at %v = %v; want %v\n%s", p, v.point(i), got, want, viewString(v))
			}
			if got, want := an.prob[i], wantProb[i]; math.Abs(got-want) > 1e-9 {
				t.Errorf("position %d: prob at %v = %v; want %v\n%s", p, v.point(i), got, want, viewString(v))
			}
		}
		for b := range an.boxes {
			if got, want := an.boxes[b], wantBoxes[b]; got.lo != want.lo || got.hi != want.hi {
				t.Errorf("position %d: box %d holds %d to %d mines; want %d to %d\n%s", p, b, got.lo, got.hi, want.lo, want.hi, viewString(v))
			}
		}
	}
	if mixed < positions/4 {
		t.Errorf("%d of %d positions had components of fixed and of varying mine counts; want at least %d", mixed, positions, positions/4)
	}
}

// TestCombineApproxBounds checks the certainties that combineApprox finds
// from the bounds on each part's mines, as exact combination does: a 1-1
// pair holds one mine (in the four cells both 1s touch) or two (one in the
// three cells each touches alone), a lone 1 holds one, and fifteen cells
// touch no number. In the wanted views 's' is certainly safe, 'm'
// certainly a mine.
func TestCombineApproxBounds(t *testing.T) {
	const view = `
		############
		#11###1#####
		############`
	tests := []struct {
		name  string
		mines int
		want  string
	}{
		{"fewest mines", 2, `
			s##ss###ssss
			s11ss#1#ssss
			s##ss###ssss`},
		{"no bound", 3, view},
		{"most mines", 18, `
			#ss#m###mmmm
			#11#m#1#mmmm
			#ss#m###mmmm`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := parseView(t, view, tt.mines)
			want := parseMarks(t, tt.want)
			var an analyzer
			an.budget = defaultBudget
			an.combineLimit = 1 // too little for any exact combination here
			if err := an.run(v.width, v.height, v.mines, v.tiles); err != nil {
				t.Fatalf("run: %v", err)
			}
			if an.exact {
				t.Fatalf("the analysis is exact; want combineApprox's")
			}
			for i, tl := range v.tiles {
				if tl >= 0 {
					continue
				}
				if got := an.certain[i]; got != want[i] {
					t.Errorf("certain at %v = %v; want %v\n%s", v.point(i), got, want[i], viewString(v))
				}
				if p := an.prob[i]; want[i] == certNone && !(p > 0 && p < 1) {
					t.Errorf("prob at %v = %v; want within (0, 1)", v.point(i), p)
				}
			}
		})
	}
}

// parseMarks reads a view of certainties, one line a row: 's' certainly
// safe, 'm' certainly a mine, anything else neither.
func parseMarks(tb testing.TB, text string) []certainty {
	tb.Helper()
	var marks []certainty
	for _, c := range []byte(text) {
		switch c {
		case ' ', '\t', '\n':
		case 's':
			marks = append(marks, certSafe)
		case 'm':
			marks = append(marks, certMine)
		default:
			marks = append(marks, certNone)
		}
	}
	return marks
}

// TestCombineApproxSound checks combineApprox against every layout on
// small boards with a component of a varying mine count: a cell it calls
// safe (a mine) is safe (a mine) in all of them, and a cell it does not
// call certain has a probability strictly between 0 and 1.
func TestCombineApproxSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	cases := 300
	if testing.Short() {
		cases = 60
	}
	for c := 0; c < cases; {
		w, h := 3+rng.IntN(4), 3+rng.IntN(4)
		mines := 1 + rng.IntN(w*h/3)
		v, _ := randomView(t, rng, w, h, mines, 1+rng.IntN(3))
		if n := countClosed(v); n > 20 || n == 0 {
			continue
		}
		var an analyzer
		an.budget = defaultBudget
		an.combineLimit = 1
		if err := an.run(v.width, v.height, v.mines, v.tiles); err != nil {
			t.Fatalf("case %d: run: %v\n%s", c, err, viewString(v))
		}
		if an.exact {
			continue // no component of a varying mine count: combined exactly
		}
		c++
		want, _ := bruteProbs(v)
		for i, tl := range v.tiles {
			if tl >= 0 {
				continue
			}
			p := v.point(i)
			switch got := an.prob[i]; {
			case an.certain[i] == certSafe && want[i] != 0:
				t.Errorf("case %d: %v called safe; its probability is %v\n%s", c, p, want[i], viewString(v))
			case an.certain[i] == certMine && want[i] != 1:
				t.Errorf("case %d: %v called a mine; its probability is %v\n%s", c, p, want[i], viewString(v))
			case an.certain[i] == certNone && !(got > 0 && got < 1):
				t.Errorf("case %d: prob at %v = %v, not certain; want within (0, 1)\n%s", c, p, got, viewString(v))
			}
		}
	}
}

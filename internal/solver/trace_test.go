package solver

import "testing"

// TestGuessTrace checks that a solver with a trace records the rule of
// bestGuess that chose each guess, and the guesses the look-ahead weighed.
func TestGuessTrace(t *testing.T) {
	tests := []struct {
		name  string
		view  string
		mines int
		want  guessRule
	}{
		{"a 50/50 no move resolves", `
			##
			11`, 1, byForced},
		{"few layouts: the game tree", `
			1##
			###
			###`, 2, byGameTree},
		{"many layouts: the look-ahead", `
			1########
			#########
			#########
			#########
			#########
			#########
			#########
			#########
			#########`, 10, bySecondary},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(Options{})
			s.trace = &guessTrace{}
			if _, err := s.Next(parseView(t, tt.view, tt.mines)); err != nil {
				t.Fatal(err)
			}
			if !s.Guessed() || s.trace.by != tt.want {
				t.Errorf("trace says %v (guessed %v); want %v", s.trace.by, s.Guessed(), tt.want)
			}
			lookedAhead := s.trace.safest >= 0 && s.trace.other >= 0
			if lookedAhead != (tt.want == bySecondary) {
				t.Errorf("trace's safest guess %d, two-click guess %d; want them only from the look-ahead", s.trace.safest, s.trace.other)
			}
		})
	}
	for r, want := range map[guessRule]string{byLeastRisk: "least risk", bySafest: "safest", guessRule(99): "guessRule(99)"} {
		if got := r.String(); got != want {
			t.Errorf("guessRule(%d).String() = %q; want %q", uint8(r), got, want)
		}
	}
}

// TestPocketCell checks the decision study's test of a guess in a pocket
// on views written out, as TestPocketFound checks the pockets themselves.
func TestPocketCell(t *testing.T) {
	tests := []struct {
		name  string
		view  string
		mines int
		cell  int
		want  bool
	}{
		{"eight around a one", "###\n#1#\n###", 1, 0, true},
		{"touching outside cells", "#####\n#1###\n#####", 3, 0, false},
		{"a cell next to no number", "#####\n#1###\n#####", 3, 4, false},
		{"varying count", "####\n#12#\n####", 3, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pocketCell(parseView(t, tt.view, tt.mines), tt.cell); got != tt.want {
				t.Errorf("pocketCell(cell %d) = %v; want %v", tt.cell, got, tt.want)
			}
		})
	}
}

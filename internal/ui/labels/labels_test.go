package labels

import (
	"slices"
	"testing"

	"github.com/gdamore/tcell/v2"
)

// TestFit checks that clauses are drawn from the first while they fit,
// and the rest left out whole, never cut.
func TestFit(t *testing.T) {
	cs := Message("the game is over: u undo; n new game")
	for _, tt := range []struct {
		width   int
		labels  []string
		dropped []string
	}{
		{100, []string{"the game is over", "u undo", "n new game"}, nil},
		{25, []string{"the game is over", "u undo"}, []string{"n new game"}},
		{16, []string{"the game is over"}, []string{"u undo", "n new game"}},
		{15, nil, []string{"the game is over", "u undo", "n new game"}},
	} {
		ln := Fit(cs, tt.width, tcell.StyleDefault)
		if !slices.Equal(ln.Labels(), tt.labels) || !slices.Equal(ln.Dropped, tt.dropped) || ln.Width() > tt.width {
			t.Errorf("Fit(%d) = %q, left out %q, %d wide; want %q, %q", tt.width, ln.Labels(), ln.Dropped, ln.Width(), tt.labels, tt.dropped)
		}
	}
}

// TestHeaderLine checks the header's order of leaving out: the mines and
// the time are the last labels to go, and what goes is said.
func TestHeaderLine(t *testing.T) {
	h := Header{Count: "6/10", Secs: 12, Word: "playing", Size: []string{"9x9", "no-guess"}, Origin: "seed 42"}
	for _, tt := range []struct {
		width int
		want  []string
	}{
		{80, []string{"Mines 6/10", "Time 12", "[ playing ]", "9x9", "no-guess", "seed 42"}},
		{40, []string{"Mines 6/10", "Time 12", "[ playing ]", "9x9"}},
		{20, []string{"6/10", "12s", "[playing]"}},
		{9, []string{"6/10", "12s"}},
		{4, []string{"6/10"}},
	} {
		ln := h.Line(tt.width, tcell.StyleDefault, tcell.StyleDefault)
		if got := ln.Labels(); !slices.Equal(got, tt.want) || ln.Width() > tt.width {
			t.Errorf("Line(%d) = %q (%d wide); want %q", tt.width, got, ln.Width(), tt.want)
		}
		if len(ln.Dropped) == 0 && tt.width < 80 {
			t.Errorf("Line(%d) left out nothing; want what it left out said", tt.width)
		}
	}
}

package ui

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// countingSolver is the real solver, counting the analyses asked of it;
// first, when not nil, is closed when the first returns.
type countingSolver struct {
	realSolver
	analyses atomic.Int64
	first    chan struct{}
	once     sync.Once
}

// Analyze counts the analysis and runs it.
func (c *countingSolver) Analyze(ctx context.Context, v *solver.View, rule board.FirstClick) (*solver.Analysis, error) {
	c.analyses.Add(1)
	if c.first != nil {
		defer c.once.Do(func() { close(c.first) })
	}
	return c.realSolver.Analyze(ctx, v, rule)
}

// twoGuesses is a board whose opening at (0,2) opens the three middle
// rows and leaves two guesses, each a 50% chance: (0,0) or (1,0) for the
// top row's mine, (0,4) or (1,4) for the bottom row's.
const twoGuesses = `
*.
..
..
..
.*
`

// TestResumeAnalysesNoPastOpening plays the two guesses of twoGuesses,
// leaving the game between them, and resumes it: the resume asks the
// solver nothing (the analyses go through Config.Solver), the opening
// after it is analysed as in play, and the game ends with the verdict of
// the game played through. A game kept before its audit was resumes the
// same way, its past opening not counted.
func TestResumeAnalysesNoPastOpening(t *testing.T) {
	top, bottom := board.Point{X: 1, Y: 0}, board.Point{X: 0, Y: 4}
	playCells := func(cfg Config, cells ...board.Point) (play.Result, int64) {
		t.Helper()
		sv := &countingSolver{}
		cfg.Solver = sv
		h := start(t, cfg, 80, 24)
		h.snap()
		for _, p := range cells {
			h.clickCell(p, board.Point{}, tcell.Button1)
			h.snap()
		}
		h.typ("q")
		o := h.wait()
		if o.err != nil {
			t.Fatal(o.err)
		}
		return o.res, sv.analyses.Load()
	}
	through, _ := playCells(asciiCfg(t, twoGuesses), board.Point{X: 0, Y: 2}, top, bottom)
	if through.Status != board.Won || through.Verdict != "2 guesses: 50%, 50%" {
		t.Fatalf("the game played through: %v, %q; want won, 2 guesses: 50%%, 50%%", through.Status, through.Verdict)
	}
	left, n := playCells(asciiCfg(t, twoGuesses), board.Point{X: 0, Y: 2}, top)
	if left.Status != board.Playing || n != 1 || len(left.Kept.Guesses) != 1 {
		t.Fatalf("the game left: %v, %d analyses, guesses %+v; want in play, 1 analysis, 1 guess", left.Status, n, left.Kept.Guesses)
	}

	tests := []struct {
		name  string
		strip bool // kept before the audit was: no Guesses
		want  string
	}{
		{"the audit kept", false, through.Verdict},
		{"kept before the audit was", true, "1 guess: 50% (1 opening not counted)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := left.Kept
			if tt.strip {
				k.Guesses = nil
			}
			sv := &countingSolver{}
			rc := Config{Start: play.Start{Board: k.Settings, Resume: &k}, Prefs: Prefs{ASCII: true}, Solver: sv}
			h := start(t, rc, 80, 24)
			sc := h.snap()
			checkRows(t, sc, "#1", "11", "  ", "11", "##")
			if n := sv.analyses.Load(); n != 0 {
				t.Errorf("the resume asked for %d analyses; want none", n)
			}
			h.clickCell(bottom, board.Point{}, tcell.Button1)
			h.snap()
			if n := sv.analyses.Load(); n != 1 {
				t.Errorf("after an opening, %d analyses; want 1, of that opening", n)
			}
			h.typ("q")
			if o := h.wait(); o.res.Status != board.Won || o.res.Verdict != tt.want {
				t.Errorf("resumed and played on: %v, %q; want won, %q", o.res.Status, o.res.Verdict, tt.want)
			}
		})
	}
}

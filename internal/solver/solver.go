package solver

import (
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Options configures a Solver. The zero value plays well under the unsafe
// first-click rule.
type Options struct {
	// Rule is the first-click rule in force; it decides the first move.
	Rule board.FirstClick
	// NodeBudget caps the search nodes spent on one group of connected
	// cells in one analysis; beyond it the solver falls back to sound but
	// approximate reasoning. Zero means the default, 1<<17.
	NodeBudget int
	// NoLookAhead turns off the look-ahead among guesses and plays the
	// cell least likely to be a mine: faster, weaker.
	NoLookAhead bool
	// NoEndgame turns off the search of the whole game tree once few
	// layouts of mines remain.
	NoEndgame bool

	first   *board.Point // the first move, for experiments
	layouts int          // the endgame's limit, for experiments
	evals   int          // the most guesses looked at, for experiments
	riskPow float64      // extra weight on a guess's own risk, for experiments
	reps    int          // outside cells looked at of each kind, for experiments
}

// Solver chooses moves. One Solver serves one goroutine: it reuses buffers
// between calls and is not safe for concurrent use.
type Solver struct {
	opts  Options
	an    analyzer
	look  analyzer // analyses of hypothetical views during look-ahead
	end   endgame
	buf   []board.Tile
	cands []candidate
	pool  []candidate
}

// New returns a Solver with the given options.
func New(opts Options) *Solver {
	if opts.NodeBudget <= 0 {
		opts.NodeBudget = defaultBudget
	}
	s := &Solver{opts: opts}
	s.an.budget = opts.NodeBudget
	s.look.budget = opts.NodeBudget
	s.end.limit = defaultLayouts
	if opts.layouts > 0 {
		s.end.limit = min(opts.layouts, maxLayouts)
	}
	cache := new(compCache)
	s.an.cache, s.look.cache = cache, cache
	return s
}

// Analyze returns the inference on v, reusing the solver's memory; see the
// function Analyze.
func (s *Solver) Analyze(v *View) (*Analysis, error) {
	s.an.resetCache()
	s.an.spent = 0
	if err := s.an.run(v.width, v.height, v.mines, v.tiles); err != nil {
		return nil, err
	}
	return s.an.result(), nil
}

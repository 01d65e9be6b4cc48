package solver

import (
	"context"

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
}

// Solver chooses moves. One Solver serves one goroutine: it reuses buffers
// between calls and is not safe for concurrent use.
type Solver struct {
	opts    Options
	an      analyzer
	ahead   lookahead // the look-ahead among guesses (see bestGuess)
	end     endgame
	cands   []candidate // bestGuess's
	seed    uint64      // see Reseed
	guessed bool        // see Guessed
	pockets bool        // search the game tree of pockets (see endgame.solvePocket)
	fifty   fiftyFinder // forcedGuess's
	// narrow5050 makes forcedGuess look only at the pairs of one box, the
	// rule before chains (a variant, tests).
	narrow5050 bool
	// treeWork is the work the game tree searches may take in one move,
	// in the units of gameTree.work: treeBudget, or a variant's (tests).
	treeWork int
	work     moveWork // the work of the last move
	// trace, when not nil, records how each guess was chosen (tests).
	trace *guessTrace
}

// moveWork is the work one move took, in the units that bound it: what
// the move's time is in proportion to, whatever else the machine does.
type moveWork struct {
	tree  int // layouts looked at by the game tree searches, times their cells
	cells int // cells the look-ahead's analyses went through
	nodes int // search nodes of every analysis and of the layouts' enumeration
}

// Guessed reports whether the last move Next returned was a guess: a cell
// not certainly safe in the view. A cell is certainly safe when the
// solver's analysis proves it, or, on the first move, when the first-click
// rule (Options.Rule) keeps mines from it or the board has none. Every
// other move is a guess, however it was chosen. Guessed reports false
// before the first move and after Next returned an error, ErrInconsistent
// included.
func (s *Solver) Guessed() bool { return s.guessed }

// Reseed sets the seed that breaks ties between guesses the solver cannot
// tell apart, such as two far corners of a board with one number. The
// same seed and view always give the same move; the zero value is a seed.
// Reseeding before each game, as the bench does, spreads such guesses over
// the board the way a random choice would, and keeps games replayable.
func (s *Solver) Reseed(seed uint64) { s.seed = seed }

// New returns a Solver with the given options.
func New(opts Options) *Solver {
	if opts.NodeBudget <= 0 {
		opts.NodeBudget = defaultBudget
	}
	s := &Solver{opts: opts}
	s.an.budget = opts.NodeBudget
	s.an.cache = new(compCache)
	s.ahead.init(&s.an)
	s.end.limit = defaultLayouts
	s.treeWork = treeBudget
	s.end.work = treeBudget
	s.ahead.work = &s.work
	return s
}

// AnalyzeContext is Analyze that stops early, with ctx's error, once ctx
// is done: a game cancels the analysis of a view that a newer move made
// stale. It looks at ctx between the groups of connected cells it
// enumerates, each bounded by the node budget.
func (s *Solver) AnalyzeContext(ctx context.Context, v *View) (*Analysis, error) {
	s.an.ctx = ctx
	defer func() { s.an.ctx = nil }()
	return s.Analyze(v)
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

package solver

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// playResult sums up a run of games.
type playResult struct {
	games, wins int
	moves       int
	times       []time.Duration
	wonClicks   int // moves in won games
	won3BV      int // 3BV of won games
}

// playGame plays one game on b with s and reports whether it was won.
func playGame(tb testing.TB, s *Solver, b *board.Board, res *playResult) bool {
	tb.Helper()
	var buf []board.Tile
	for b.Status() == board.Playing {
		buf = b.Tiles(buf)
		v, err := NewView(b.Width(), b.Height(), b.Mines(), buf)
		if err != nil {
			tb.Fatalf("NewView: %v", err)
		}
		start := time.Now()
		p, err := s.Next(v)
		if res != nil {
			res.times = append(res.times, time.Since(start))
			res.moves++
		}
		if err != nil {
			tb.Fatalf("Next: %v", err)
		}
		if _, err := b.Reveal(p); err != nil {
			tb.Fatalf("Reveal(%v): %v\n%s", p, err, b)
		}
	}
	return b.Status() == board.Won
}

// playGames plays n games of the given kind, seeded by seed.
func playGames(tb testing.TB, w, h, mines int, rule board.FirstClick, n int, seed uint64) playResult {
	tb.Helper()
	s := New(Options{Rule: rule})
	var res playResult
	for i := range n {
		b, err := board.NewRandom(board.Settings{Width: w, Height: h, Mines: mines, Rule: rule}, nil, rand.New(rand.NewPCG(seed, uint64(i))))
		if err != nil {
			tb.Fatal(err)
		}
		res.games++
		before := res.moves
		if playGame(tb, s, b, &res) {
			res.wins++
			res.wonClicks += res.moves - before
			res.won3BV += b.ThreeBV()
		}
	}
	return res
}

// variant is a way for the solver to play in TestPlayPair: its options,
// and the knobs of experiments that Options leaves out.
type variant struct {
	opts    Options
	layouts int          // the endgame's limit of layouts, when not 0
	budget  int          // the game tree's budget of work in millions, when not 0
	first   *board.Point // the first move, when not nil
	pockets bool         // search pockets (see endgame.solvePocket)
	margin  *float64     // the risk margin, when not nil
	wide    bool         // look at more outside cells (see wideReps)
	three   bool         // guess by the three clicks' look-ahead (deepGuess), the rule before secondary safety
	ss      bool         // guess by secondary safety (see secondaryGuess) without the long-term risk
	ltr3    bool         // the three clicks, with the long-term risk's credit
	narrow  bool         // forced 50/50s only within a box (see forcedGuess), the rule before chains
	capped  bool         // secondary safety looks at a capped number of guesses (see lookahead.capped)
}

// solver returns a solver that plays as va says.
func (va variant) solver() *Solver {
	s := New(va.opts)
	if va.layouts > 0 {
		s.end.limit = min(va.layouts, maxLayouts)
	}
	if va.budget > 0 {
		s.treeWork = va.budget << 20
	}
	s.pockets = va.pockets
	if va.margin != nil {
		s.ahead.margin = *va.margin
	}
	s.ahead.wide = va.wide
	s.narrow5050 = va.narrow
	s.ahead.capped = va.capped
	switch {
	case va.three:
		s.ahead.secondary, s.ahead.longTerm = false, false
	case va.ss:
		s.ahead.secondary, s.ahead.longTerm = true, false
	case va.ltr3:
		s.ahead.secondary, s.ahead.longTerm = false, true
	}
	return s
}

func TestPlaySmoke(t *testing.T) {
	tests := []struct {
		w, h, mines int
		rule        board.FirstClick
	}{
		{9, 9, 10, board.Opening},
		{20, 20, 50, board.Unsafe},
		{30, 16, 99, board.Safe},
	}
	for _, tt := range tests {
		res := playGames(t, tt.w, tt.h, tt.mines, tt.rule, 3, 1)
		if res.games != 3 {
			t.Errorf("played %d games; want 3", res.games)
		}
	}
}

// TestPlayWinRate measures win rates; it runs only when SOLVER_GAMES is set
// to the number of games per configuration, e.g.
//
//	SOLVER_GAMES=1000 go test -run PlayWinRate -v ./internal/solver/
func TestPlayWinRate(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SOLVER_GAMES"))
	if n <= 0 {
		t.Skip("set SOLVER_GAMES to measure win rates")
	}
	seed := uint64(1)
	if s, err := strconv.ParseUint(os.Getenv("SOLVER_SEED"), 10, 64); err == nil {
		seed = s
	}
	only := os.Getenv("SOLVER_ONLY")
	for _, tt := range configs {
		if only != "" && !containsFold(tt.name, only) {
			continue
		}
		res := playGames(t, tt.w, tt.h, tt.mines, tt.rule, n, seed)
		rate := float64(res.wins) / float64(res.games)
		t.Logf("%-22s %6d games  %6.2f%% ±%.2f won  clicks/3BV %.3f  %s", tt.name, res.games,
			100*rate, 196*math.Sqrt(rate*(1-rate)/float64(res.games)),
			float64(res.wonClicks)/float64(max(res.won3BV, 1)), timeSummary(res.times))
	}
}

// configs are the game kinds measured by the opt-in tests.
var configs = []struct {
	name        string
	w, h, mines int
	rule        board.FirstClick
}{
	{"20x20/50 unsafe", 20, 20, 50, board.Unsafe},
	{"20x20/50 safe", 20, 20, 50, board.Safe},
	{"beginner opening", 9, 9, 10, board.Opening},
	{"intermediate opening", 16, 16, 40, board.Opening},
	{"expert opening", 30, 16, 99, board.Opening},
	{"beginner safe", 9, 9, 10, board.Safe},
	{"intermediate safe", 16, 16, 40, board.Safe},
	{"expert safe", 30, 16, 99, board.Safe},
	{"huge safe", 100, 100, 1500, board.Safe},
	{"dense safe", 30, 16, 130, board.Safe},
}

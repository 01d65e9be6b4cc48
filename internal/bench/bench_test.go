package bench

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/noguess"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// The solver is a Player: it gets a View and nothing else. It breaks ties
// with a seed, which Run sets before each game.
var (
	_ Player   = (*solver.Solver)(nil)
	_ Reseeder = (*solver.Solver)(nil)
)

// scripted opens the given cells in order, then fails.
type scripted struct{ moves []board.Point }

func (s *scripted) Next(v *solver.View) (board.Point, error) {
	if len(s.moves) == 0 {
		return board.Point{}, errors.New("out of moves")
	}
	p := s.moves[0]
	s.moves = s.moves[1:]
	return p, nil
}

// firstClosed opens the first closed cell in reading order: a poor but
// deterministic player for testing the runner.
type firstClosed struct{}

func (firstClosed) Next(v *solver.View) (board.Point, error) {
	for y := range v.Height() {
		for x := range v.Width() {
			if p := (board.Point{X: x, Y: y}); v.Closed(p) {
				return p, nil
			}
		}
	}
	return board.Point{}, solver.ErrNoMove
}

func TestPlay(t *testing.T) {
	const layout = `
		*....
		.....
		...*.
		.....`
	pt := func(x, y int) board.Point { return board.Point{X: x, Y: y} }
	tests := []struct {
		name      string
		moves     []board.Point
		maxClicks int
		want      Game
		timed     int
	}{
		// (0,3) opens the zeros at the bottom left with their border,
		// (4,0) those at the top right, and three numbers are left: five
		// clicks, the board's 3BV.
		{"won", []board.Point{pt(0, 3), pt(4, 0), pt(4, 2), pt(3, 3), pt(4, 3)}, 400, Game{Status: board.Won, Opened: 18, Clicks: 5}, 5},
		{"lost on a mine", []board.Point{pt(0, 3), pt(3, 2)}, 400, Game{Status: board.Lost, Opened: 9, Clicks: 1}, 2},
		{"lost at once", []board.Point{pt(0, 0)}, 400, Game{Status: board.Lost}, 1},
		{"stopped at the click limit", []board.Point{pt(1, 0), pt(0, 1), pt(4, 0)}, 2, Game{Status: board.Playing, Opened: 2, Clicks: 2}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := board.Parse(layout)
			if err != nil {
				t.Fatal(err)
			}
			moves := 0
			got, err := Play(context.Background(), b, &scripted{moves: tt.moves}, tt.maxClicks, func(time.Duration) { moves++ })
			if err != nil {
				t.Fatalf("Play: %v\n%s", err, b)
			}
			tt.want.ThreeBV = b.ThreeBV()
			if got != tt.want {
				t.Errorf("Play = %+v; want %+v\n%s", got, tt.want, b)
			}
			if moves != tt.timed {
				t.Errorf("timed %d moves; want %d", moves, tt.timed)
			}
		})
	}
}

func TestPlayCanceled(t *testing.T) {
	b, err := board.Parse("*..\n...\n")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := &scripted{moves: []board.Point{{X: 2, Y: 1}}}
	g, err := Play(ctx, b, p, 400, nil)
	if !errors.Is(err, context.Canceled) || g.Status != board.Playing || len(p.moves) != 1 {
		t.Errorf("Play with a canceled context = %+v, %v, %d moves left; want the game unplayed, %v, 1 move left", g, err, len(p.moves), context.Canceled)
	}
}

func TestPlayRefusedMove(t *testing.T) {
	b, err := board.Parse("*..\n...\n")
	if err != nil {
		t.Fatal(err)
	}
	p := &scripted{moves: []board.Point{{X: 2, Y: 1}, {X: 2, Y: 1}}}
	_, err = Play(context.Background(), b, p, 400, nil)
	if !errors.Is(err, board.ErrOpen) {
		t.Errorf("Play opening an open cell: error %v; want %v", err, board.ErrOpen)
	}
}

// TestRunDeterministic plays the same games with different numbers of
// workers and wants the same results, move times aside.
func TestRunDeterministic(t *testing.T) {
	tests := []struct {
		name                 string
		width, height, mines int
		rule                 board.FirstClick
		games                int
		workers              []int
	}{
		{"beginner opening", 9, 9, 10, board.Opening, 200, []int{1, 3, 2}},
		{"20x20 unsafe", 20, 20, 50, board.Unsafe, 8, []int{1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var first *Result
			for _, workers := range tt.workers {
				res, err := Run(context.Background(), Config{
					Board: board.Settings{Width: tt.width, Height: tt.height, Mines: tt.mines, Rule: tt.rule},
					Games: tt.games, Seed: 42, Workers: workers,
				})
				if err != nil {
					t.Fatalf("Run with %d workers: %v", workers, err)
				}
				if res.MoveTime.Moves == 0 || res.MoveTime.Max < res.MoveTime.P99 || res.MoveTime.P99 < res.MoveTime.Median {
					t.Errorf("move times %+v; want 0 < median <= p99 <= max", res.MoveTime)
				}
				res.MoveTime = MoveTimes{Moves: res.MoveTime.Moves}
				if first == nil {
					first = res
					if res.Games != tt.games || res.Wins == 0 || res.WonClicks == 0 || res.WonThreeBV == 0 {
						t.Errorf("Run = %+v; want %d games with some wins", *res, tt.games)
					}
					continue
				}
				if *res != *first {
					t.Errorf("Run with %d workers = %+v; want %+v as with 1", workers, *res, *first)
				}
			}
		})
	}
}

// seeded opens closed cells in an order drawn from its seed alone.
type seeded struct{ rng *rand.Rand }

func (p *seeded) Reseed(seed uint64) { p.rng = rand.New(rand.NewPCG(seed, 0)) }

func (p *seeded) Next(v *solver.View) (board.Point, error) {
	var closed []board.Point
	for y := range v.Height() {
		for x := range v.Width() {
			if q := (board.Point{X: x, Y: y}); v.Closed(q) {
				closed = append(closed, q)
			}
		}
	}
	if len(closed) == 0 {
		return board.Point{}, solver.ErrNoMove
	}
	return closed[p.rng.IntN(len(closed))], nil
}

// TestRunReseeds plays with a player whose moves follow its seed: Run must
// reseed it before each game, or the games would depend on which worker
// played them and in what order.
func TestRunReseeds(t *testing.T) {
	var first *Result
	for _, workers := range []int{1, 3} {
		res, err := Run(context.Background(), Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Safe},
			Games: 300, Seed: 8, Workers: workers,
			NewPlayer: func(board.FirstClick) Player { return &seeded{rng: rand.New(rand.NewPCG(0, 0))} }})
		if err != nil {
			t.Fatal(err)
		}
		res.MoveTime = MoveTimes{Moves: res.MoveTime.Moves}
		if first == nil {
			first = res
			continue
		}
		if *res != *first {
			t.Errorf("Run with %d workers = %+v; want %+v as with 1", workers, *res, *first)
		}
	}
}

func TestRunSeedMatters(t *testing.T) {
	cfg := Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Safe}, Games: 50, Workers: 2,
		NewPlayer: func(board.FirstClick) Player { return firstClosed{} }}
	var clicks []int64
	for _, seed := range []uint64{1, 2} {
		cfg.Seed = seed
		res, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		clicks = append(clicks, res.MoveTime.Moves)
	}
	if clicks[0] == clicks[1] {
		t.Errorf("seeds 1 and 2 both took %d moves; want different games", clicks[0])
	}
}

func TestRunStatistics(t *testing.T) {
	// One mine in a 1x3 row under the safe rule, opened from the left: with
	// the mine in the middle the left cell shows 1 and the next move loses
	// (one cell open); with the mine on the right the left cell is a zero
	// and its opening wins in one click, the board's 3BV.
	res, err := Run(context.Background(), Config{Board: board.Settings{Width: 3, Height: 1, Mines: 1, Rule: board.Safe}, Games: 400, Seed: 3,
		NewPlayer: func(board.FirstClick) Player { return firstClosed{} }})
	if err != nil {
		t.Fatal(err)
	}
	if res.Wins < 150 || res.Wins > 250 {
		t.Errorf("Wins = %d of 400; want about half", res.Wins)
	}
	if res.WonClicks != int64(res.Wins) || res.ClicksPerWin != 1 {
		t.Errorf("WonClicks = %d, ClicksPerWin = %v for %d wins; want 1 a win", res.WonClicks, res.ClicksPerWin, res.Wins)
	}
	if res.ClicksPer3BV != 1 {
		t.Errorf("ClicksPer3BV = %v; want 1", res.ClicksPer3BV)
	}
	wantScore := (float64(res.Wins)*60 + float64(res.Games-res.Wins)*0.1) / float64(res.Games)
	if diff := res.Score - wantScore; diff > 1e-9 || diff < -1e-9 {
		t.Errorf("Score = %v; want %v", res.Score, wantScore)
	}
	if res.WinLow >= res.WinRate || res.WinHigh <= res.WinRate {
		t.Errorf("interval %v–%v does not hold the win rate %v", res.WinLow, res.WinHigh, res.WinRate)
	}
}

func TestRunClickLimit(t *testing.T) {
	res, err := Run(context.Background(), Config{Board: board.Settings{Width: 30, Height: 16, Mines: 0, Rule: board.Safe}, Games: 3, Seed: 1, MaxClicks: 1,
		NewPlayer: func(board.FirstClick) Player { return firstClosed{} }})
	if err != nil {
		t.Fatal(err)
	}
	// With no mines the first click opens everything.
	if res.Wins != 3 || res.OverLimit != 0 {
		t.Errorf("no mines, one click: %d wins, %d over the limit; want 3, 0", res.Wins, res.OverLimit)
	}
	res, err = Run(context.Background(), Config{Board: board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Safe}, Games: 30, Seed: 1, MaxClicks: 1,
		NewPlayer: func(board.FirstClick) Player { return firstClosed{} }})
	if err != nil {
		t.Fatal(err)
	}
	if res.OverLimit == 0 || res.OverLimit != res.Games-res.Wins {
		t.Errorf("expert, one click: %d wins, %d over the limit of %d games; want every unfinished game over the limit", res.Wins, res.OverLimit, res.Games)
	}
}

func TestRunPlayerError(t *testing.T) {
	_, err := Run(context.Background(), Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, Games: 100, Seed: 5, Workers: 2,
		NewPlayer: func(board.FirstClick) Player { return corner{} }})
	var gerr *GameError
	if !errors.As(err, &gerr) || !errors.Is(err, board.ErrOpen) {
		t.Fatalf("Run with a player that repeats itself: error %v; want a *GameError wrapping %v", err, board.ErrOpen)
	}
	if want := "(seed 5): player opened (0,0): cell is already open"; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q; want it to contain %q", err, want)
	}
}

func TestRunPlayerPanic(t *testing.T) {
	_, err := Run(context.Background(), Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10}, Games: 20, Seed: 5, Workers: 2,
		NewPlayer: func(board.FirstClick) Player { return panicker{} }})
	var gerr *GameError
	if !errors.As(err, &gerr) || !strings.Contains(err.Error(), "player panicked: oops") {
		t.Fatalf("Run with a player that panics: error %v; want a *GameError naming the panic", err)
	}
}

type panicker struct{}

func (panicker) Next(*solver.View) (board.Point, error) { panic("oops") }

// corner always opens the top-left cell.
type corner struct{}

func (corner) Next(*solver.View) (board.Point, error) { return board.Point{}, nil }

func TestRunConfigErrors(t *testing.T) {
	good := Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10}, Games: 1}
	tests := []struct {
		name string
		edit func(*Config)
		want string
	}{
		{"no games", func(c *Config) { c.Games = 0 }, "0 games"},
		{"negative click limit", func(c *Config) { c.MaxClicks = -1 }, "click limit -1"},
		{"negative workers", func(c *Config) { c.Workers = -2 }, "-2 workers: want 1 to 1024"},
		{"too many workers", func(c *Config) { c.Workers = MaxWorkers + 1 }, "1025 workers: want 1 to 1024"},
		{"too many mines", func(c *Config) { c.Board.Rule, c.Board.Mines = board.Opening, 80 }, "mine count out of range"},
		{"no size", func(c *Config) { c.Board.Width = 0 }, "board size"},
		{"no-guess without a layout", func(c *Config) { c.Board.Rule, c.Board.NoGuess = board.Opening, true }, "bench: 9x9n10 opening no-guess: a no-guess board needs a layout that lays one"},
		{"no-guess, safe first click", func(c *Config) { c.Board.Rule, c.Board.NoGuess, c.Layout = board.Safe, true, noguess.Layout }, "a no-guess board needs the opening first click"},
	}
	for _, tt := range tests {
		cfg := good
		tt.edit(&cfg)
		_, err := Run(context.Background(), cfg)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Run error %v; want one containing %q", tt.name, err, tt.want)
		}
	}
}

func TestRunCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(ctx, Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10}, Games: 10,
		NewPlayer: func(board.FirstClick) Player { return firstClosed{} }})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run with a canceled context: error %v; want %v", err, context.Canceled)
	}
	if res == nil || !res.Partial || res.Games != 0 || res.GamesPlanned != 10 {
		t.Errorf("Run with a canceled context = %+v; want a partial result of 0 games of 10", res)
	}
}

// interrupter plays as firstClosed and cancels the run on the first move of
// its third game, a move that cannot end an expert game. It counts the
// moves asked of any interrupter after the run was canceled.
type interrupter struct {
	ctx    context.Context
	cancel context.CancelFunc
	late   *atomic.Int64
	games  int
	moves  int // moves in the current game
}

// Reseed starts a new game.
func (p *interrupter) Reseed(uint64) { p.games, p.moves = p.games+1, 0 }

// Next counts a late move, cancels on the third game's first move, and
// plays as firstClosed.
func (p *interrupter) Next(v *solver.View) (board.Point, error) {
	if p.ctx.Err() != nil {
		p.late.Add(1)
	}
	p.moves++
	if p.games == 3 && p.moves == 1 {
		p.cancel()
	}
	return firstClosed{}.Next(v)
}

// TestRunCanceledWithinGame cancels a run in the middle of a game: Run must
// stop before the game's next move, and return the games finished so far
// as a partial result. With one worker, that is the two games before.
func TestRunCanceledWithinGame(t *testing.T) {
	for _, workers := range []int{1, 3} {
		ctx, cancel := context.WithCancel(context.Background())
		var late atomic.Int64
		var last atomic.Int64
		res, err := Run(ctx, Config{Board: board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}, Games: 1000, Seed: 1, Workers: workers,
			NewPlayer: func(board.FirstClick) Player { return &interrupter{ctx: ctx, cancel: cancel, late: &late} },
			Progress:  func(done int) { last.Store(int64(done)) }})
		cancel()
		if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "stopped after ") {
			t.Errorf("%d workers: Run canceled: error %v; want \"stopped after ...\" wrapping %v", workers, err, context.Canceled)
		}
		if res == nil {
			t.Fatalf("%d workers: Run canceled = nil result; want the games finished", workers)
		}
		if !res.Partial || res.GamesPlanned != 1000 || res.Games < 2 || res.Games >= 1000 || int64(res.Games) != last.Load() {
			t.Errorf("%d workers: Run canceled = partial %v, %d games of %d, progress %d; want partial, at least 2 of 1000, as the last progress",
				workers, res.Partial, res.Games, res.GamesPlanned, last.Load())
		}
		if workers == 1 && res.Games != 2 {
			t.Errorf("1 worker: Run canceled in the third game = %d games; want 2", res.Games)
		}
		// A worker may have checked the context just before the cancel:
		// at most one move each for the other workers.
		if n := late.Load(); n > int64(workers-1) {
			t.Errorf("%d workers: %d moves asked after the cancel; want at most %d", workers, n, workers-1)
		}
	}
}

func TestRunProgress(t *testing.T) {
	var calls, last atomic.Int64
	_, err := Run(context.Background(), Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10}, Games: 30, Workers: 2,
		NewPlayer: func(board.FirstClick) Player { return firstClosed{} },
		Progress:  func(done int) { calls.Add(1); last.Store(int64(done)) }})
	if err != nil {
		t.Fatal(err)
	}
	if calls.Load() < 1 || last.Load() != 30 {
		t.Errorf("Progress called %d times, last with %d; want at least once, last with 30", calls.Load(), last.Load())
	}
}

// The solver says which of its moves were guesses.
var _ Guesser = (*solver.Solver)(nil)

// scriptedGuesser plays as scripted and calls the moves whose flag in
// guesses is set guesses.
type scriptedGuesser struct {
	scripted
	guesses []bool
	guessed bool
}

func (s *scriptedGuesser) Next(v *solver.View) (board.Point, error) {
	s.guessed, s.guesses = s.guesses[0], s.guesses[1:]
	return s.scripted.Next(v)
}

func (s *scriptedGuesser) Guessed() bool { return s.guessed }

func TestPlayCountsGuesses(t *testing.T) {
	b, err := board.Parse(`
		*....
		.....
		...*.
		.....`)
	if err != nil {
		t.Fatal(err)
	}
	pt := func(x, y int) board.Point { return board.Point{X: x, Y: y} }
	p := &scriptedGuesser{
		scripted: scripted{moves: []board.Point{pt(0, 3), pt(4, 0), pt(4, 2), pt(3, 3), pt(4, 3)}},
		guesses:  []bool{false, true, false, true, false},
	}
	got, err := Play(context.Background(), b, p, 400, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := Game{Status: board.Won, Opened: 18, Clicks: 5, ThreeBV: b.ThreeBV(), Guesses: 2, FirstGuess: pt(4, 0)}
	if got != want {
		t.Errorf("Play = %+v; want %+v", got, want)
	}
}

// TestRunNoGuess plays the solver on no-guess boards: it must win every
// game without a guess.
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestRunNoGuess(t *testing.T) {
	if raceEnabled {
		t.Skip("game by game, slow under -race (Run's workers are tested under it by TestRunDeterministic and others): run without it, in make test's second pass")
	}
	tests := []struct {
		name  string
		board board.Settings
		games int
	}{
		{"beginner", board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true}, 60},
		{"expert", board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}, 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Run(context.Background(), Config{Board: tt.board, Layout: noguess.Layout, Games: tt.games, Seed: 1, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			if !res.NoGuess || res.Wins != tt.games || res.Guesses != 0 || res.GuessedGames != 0 || res.Failures != 0 || res.FirstFailure != (Failure{}) {
				t.Errorf("Run on %s no-guess boards = no-guess %v, %d wins, %d guesses in %d games, %d failures, first %+v; want no-guess, %d wins, no guess, no failure",
					tt.name, res.NoGuess, res.Wins, res.Guesses, res.GuessedGames, res.Failures, res.FirstFailure, tt.games)
			}
		})
	}
}

// oneGuess plays as the solver but, in the games whose seed is a multiple
// of 5, makes one guess once the first click is made: the first closed
// cell in reading order, which may be a mine.
type oneGuess struct {
	s       *solver.Solver
	guessy  bool // a guess is still to be made in this game
	guessed bool
}

func (p *oneGuess) Reseed(seed uint64) {
	p.s.Reseed(seed)
	p.guessy = seed%5 == 0
}

func (p *oneGuess) Next(v *solver.View) (board.Point, error) {
	started := false
	for y := range v.Height() {
		for x := range v.Width() {
			started = started || !v.Closed(board.Point{X: x, Y: y})
		}
	}
	if p.guessy && started {
		p.guessy, p.guessed = false, true
		return firstClosed{}.Next(v)
	}
	at, err := p.s.Next(v)
	p.guessed = p.s.Guessed()
	return at, err
}

func (p *oneGuess) Guessed() bool { return p.guessed }

// TestRunNoGuessFailures plays badly on no-guess boards: each game lost or
// with a guess is a failure, and the first of them is the game of the
// lowest index, whatever the number of workers, which a run of one game
// more replays last.
func TestRunNoGuessFailures(t *testing.T) {
	beginner := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true}
	tests := []struct {
		name       string
		player     func(board.FirstClick) Player
		wantReason string // the first failure's reason starts with it
		guesses    bool   // whether the failures are the games with a guess, one each
	}{
		{"one guess", func(board.FirstClick) Player { return &oneGuess{s: solver.New(solver.Options{Rule: board.Opening})} }, "guessed at (", true},
		{"lost, not a Guesser", func(board.FirstClick) Player { return firstClosed{} }, "lost at (", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := Config{Board: beginner, Layout: noguess.Layout, Games: 60, Seed: 9, NewPlayer: tt.player}
			var first *Result
			for _, workers := range []int{1, 3, 8} {
				cfg.Workers = workers
				res, err := Run(context.Background(), cfg)
				if err != nil {
					t.Fatal(err)
				}
				res.MoveTime = MoveTimes{}
				if first == nil {
					first = res
					continue
				}
				if *res != *first {
					t.Errorf("%d workers: Run = %+v; want %+v as with 1", workers, *res, *first)
				}
			}
			res, f := first, first.FirstFailure
			if res.Failures == 0 || !strings.HasPrefix(f.Reason, tt.wantReason) {
				t.Fatalf("Run = %d failures of %d games, the first %+v; want some, the first %q...", res.Failures, res.Games, f, tt.wantReason)
			}
			if tt.guesses && (res.Failures != res.GuessedGames || res.Guesses != int64(res.GuessedGames) || res.Failures == res.Games || f.Game == 0) {
				t.Errorf("Run = %d failures, %d guesses in %d games of %d, the first failure %+v; want one guess in each failure, not in every game nor the first",
					res.Failures, res.Guesses, res.GuessedGames, res.Games, f)
			}
			if !tt.guesses && (res.Failures != res.Games-res.Wins || res.Guesses != 0) {
				t.Errorf("Run = %d failures, %d wins of %d games, %d guesses; want a failure for each game not won, no guess", res.Failures, res.Wins, res.Games, res.Guesses)
			}
			// A run that stops before the first failure has none; one that
			// stops after it ends on it.
			for _, games := range []int{f.Game, f.Game + 1} {
				if games == 0 {
					continue
				}
				cfg.Games, cfg.Workers = games, 2
				r, err := Run(context.Background(), cfg)
				if err != nil {
					t.Fatal(err)
				}
				want := Failure{}
				if games > f.Game {
					want = f
				}
				if r.FirstFailure != want || (r.Failures > 0) != (games > f.Game) {
					t.Errorf("Run of %d games = %d failures, the first %+v; want the first %+v", games, r.Failures, r.FirstFailure, want)
				}
			}
		})
	}
}

// TestRunNoGuessClickLimit stops games on no-guess boards at the click
// limit: neither lost nor guessed in, they are not failures.
func TestRunNoGuessClickLimit(t *testing.T) {
	res, err := Run(context.Background(), Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true},
		Layout: noguess.Layout, Games: 30, Seed: 9, MaxClicks: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.OverLimit == 0 || res.OverLimit != res.Games-res.Wins || res.Failures != 0 || res.Guesses != 0 {
		t.Errorf("Run = %d wins, %d over the limit of %d games, %d failures, %d guesses; want games over the limit, each unfinished, no failure, no guess",
			res.Wins, res.OverLimit, res.Games, res.Failures, res.Guesses)
	}
}

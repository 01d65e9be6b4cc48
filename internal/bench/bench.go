// Package bench lets a player, the solver by default, play many games
// against the board engine and sums up how it did: win rate with its
// confidence interval, clicks, the assignment's score and time per move.
// A Report words the sum as text or JSON, and a ProgressBar shows a run
// going on a terminal.
//
// The player sees only a solver.View, built from the tiles a player would
// see; it never holds the *board.Board, so it cannot peek at the mines. Each
// game's board is drawn from its own random stream, derived from the seed
// and the game's index, and the totals are exact integer sums, so a seed
// gives the same results whatever the number of workers.
//
// A player that says which of its moves were guesses (see Guesser) has them
// counted. No-guess boards are cleared by logic alone, so on them a game
// lost or with a guess is a failure, and the result names the first.
package bench

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// DefaultMaxClicks is the assignment's click limit per game.
const DefaultMaxClicks = 400

// ProgressInterval is how often Run reports progress.
const ProgressInterval = 100 * time.Millisecond

// MaxWorkers is the most games Config.Workers may play at once. Each worker
// holds a player and a board in memory; far more workers than processors
// only wait their turn.
const MaxWorkers = 1024

// sampleLimit is how many move times Run keeps, 4 bytes each, for exact
// quantiles; past it the quantiles come from a histogram.
const sampleLimit = 1 << 25

// Player chooses the closed cell to open next from a player's view.
// *solver.Solver is a Player. Each worker has its own, so a Player need not
// be safe for concurrent use.
type Player interface {
	Next(v *solver.View) (board.Point, error)
}

// Reseeder is a Player that breaks ties between equally good moves with a
// seed, as *solver.Solver does. Run reseeds it before each game with a value
// drawn from the run's seed and the game's number, so that each game is
// played the same way whichever worker plays it.
type Reseeder interface {
	Reseed(seed uint64)
}

// Guesser is a Player that says whether the move it just returned was a
// guess: a cell it did not know to be safe. *solver.Solver is a Guesser.
// Play counts the guesses of a Player that is one.
type Guesser interface {
	Guessed() bool
}

// Config describes a run of games.
type Config struct {
	Board board.Settings // the kind of board every game is played on
	// Layout lays the mines of each board; nil means the random layout.
	// A no-guess Board needs one that lays no-guess boards.
	Layout board.Layout
	Games  int // games in the run, at least 1
	// Shard, when not zero, plays only that slice of the run's games (see
	// Shard), for Merge to add up with the others.
	Shard     Shard
	Seed      uint64 // game i is drawn from rand.NewPCG(Seed, i)
	MaxClicks int    // clicks after which a game stops unfinished; 0 means DefaultMaxClicks
	Workers   int    // games played at once, at most MaxWorkers; 0 means runtime.NumCPU() (up to MaxWorkers)
	// NewPlayer returns a fresh player for one worker; nil means
	// solver.New(solver.Options{Rule: rule}).
	NewPlayer func(rule board.FirstClick) Player
	// Progress, when not nil, is called with the number of games finished,
	// from one goroutine, every ProgressInterval and once at the end.
	Progress func(done int)
}

// ErrNoLayout refuses a run on no-guess boards without a Layout to lay
// them.
var ErrNoLayout = errors.New("a no-guess board needs a layout that lays one")

// Result is what a run found. Everything but MoveTime is determined by the
// configuration and the player: the same seed gives the same Result, unless
// it is Partial.
type Result struct {
	Width     int    `json:"width"`
	Height    int    `json:"height"`
	Mines     int    `json:"mines"`
	Rule      string `json:"first_click"`
	NoGuess   bool   `json:"no_guess"`
	Seed      uint64 `json:"seed"`
	MaxClicks int    `json:"max_clicks"`

	// Partial reports whether the run was stopped before its last game:
	// the figures cover only the Games finished, of GamesPlanned.
	Partial      bool `json:"partial"`
	GamesPlanned int  `json:"games_planned"` // the games of the run, or of the shard
	// Shard is the slice of the run this Result covers, "2/8", or "" for
	// the whole run, whose games RunGames counts (see Config.Shard).
	Shard    string `json:"shard,omitempty"`
	RunGames int    `json:"run_games"`

	Games     int     `json:"games"` // games finished
	Wins      int     `json:"wins"`
	OverLimit int     `json:"over_click_limit"` // games stopped at MaxClicks
	WinRate   float64 `json:"win_rate"`
	WinLow    float64 `json:"win_rate_ci95_low"` // Wilson 95% interval
	WinHigh   float64 `json:"win_rate_ci95_high"`

	WonClicks    int64   `json:"won_clicks"` // clicks summed over won games
	WonThreeBV   int64   `json:"won_3bv"`    // 3BV summed over won games
	ClicksPerWin float64 `json:"clicks_per_won_game"`
	ClicksPer3BV float64 `json:"clicks_per_3bv"` // WonClicks / WonThreeBV
	Score        float64 `json:"score"`          // the assignment's score, mean per game
	ScoreTenths  int64   `json:"score_tenths"`   // ten times the score, summed over games: exact, for Merge

	// Guesses counts the moves the player called guesses (see Guesser),
	// over all games; GuessedGames the games with at least one. Both are
	// 0 for a player that does not say.
	Guesses      int64 `json:"guesses"`
	GuessedGames int   `json:"games_with_a_guess"`

	// Failures counts, on no-guess boards, the games lost or with a guess;
	// a game stopped at the click limit is neither, and counts only in
	// OverLimit. FirstFailure is the failure of the lowest index; it is
	// the zero Failure when there is none, and on boards that are not
	// no-guess.
	Failures     int     `json:"no_guess_failures"`
	FirstFailure Failure `json:"first_failure,omitzero"`

	MoveTime MoveTimes `json:"move_time"`
}

// Failure is a game of a no-guess run that was lost or had a guess.
type Failure struct {
	// Game is the game's index, from 0: its board came from
	// rand.NewPCG(Seed, Game), and a run of Game+1 games with the same
	// configuration and seed plays it last.
	Game int `json:"game"`
	// Reason says what went wrong: "guessed at (3,4)", the first guess,
	// when the player guessed, else "lost at (3,4)".
	Reason string `json:"reason"`
}

// Game is the outcome of one game.
type Game struct {
	Status  board.Status // Playing when stopped at the click limit
	Clicks  int          // openings that opened at least one cell
	Opened  int          // safe cells open at the end
	ThreeBV int          // the layout's 3BV; 0 when the game was lost before it was laid

	// Guesses counts the moves the player called guesses, when it is a
	// Guesser; FirstGuess is the cell of the first of them.
	Guesses    int
	FirstGuess board.Point
}

// Play plays one game on b, which must be in play, with p, until it is won,
// lost or has taken maxClicks clicks. Only openings that open a cell count as
// clicks. When p is a Guesser, the moves it calls guesses are counted. When
// t is not nil, it records the time of each of p's moves. A move the board
// refuses is the player's error, returned with the game so far. Play checks
// ctx before each move: when ctx is done it returns the game so far,
// unfinished, with ctx's error.
func Play(ctx context.Context, b *board.Board, p Player, maxClicks int, t func(time.Duration)) (Game, error) {
	var g Game
	guesser, _ := p.(Guesser)
	var tiles []board.Tile
	safe := b.Width()*b.Height() - b.Mines()
	var err error
	for b.Status() == board.Playing && g.Clicks < maxClicks {
		if err = ctx.Err(); err != nil {
			break
		}
		tiles = b.Tiles(tiles)
		var v *solver.View
		v, err = solver.NewView(b.Width(), b.Height(), b.Mines(), tiles)
		if err != nil {
			break
		}
		start := time.Now()
		at, nextErr := p.Next(v)
		if t != nil {
			t(time.Since(start))
		}
		if nextErr != nil {
			err = fmt.Errorf("player: %w", nextErr)
			break
		}
		n, revealErr := b.Reveal(at)
		if revealErr != nil {
			err = fmt.Errorf("player opened %v: %w", at, revealErr)
			break
		}
		if guesser != nil && guesser.Guessed() {
			if g.Guesses == 0 {
				g.FirstGuess = at
			}
			g.Guesses++
		}
		if n > 0 {
			g.Clicks++
		}
	}
	g.Status = b.Status()
	g.Opened = safe - b.SafeLeft()
	if b.Started() {
		g.ThreeBV = b.ThreeBV()
	}
	return g, err
}

// playRecover is Play, with a panic in the player turned into an error
// carrying its stack, so that a long run names the game that broke it.
func playRecover(ctx context.Context, b *board.Board, p Player, maxClicks int, t func(time.Duration)) (g Game, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("player panicked: %v\n%s", r, debug.Stack())
		}
	}()
	return Play(ctx, b, p, maxClicks, t)
}

// GameError is a game in which the player made a move the board refused,
// or failed to move.
type GameError struct {
	Game int    // index of the game, from 0
	Seed uint64 // the run's seed: the board came from rand.NewPCG(Seed, Game)
	Err  error
}

// Error names the game and the seed that replay it.
func (e *GameError) Error() string {
	return fmt.Sprintf("game %d (seed %d): %v", e.Game, e.Seed, e.Err)
}

// Unwrap returns the player's error.
func (e *GameError) Unwrap() error { return e.Err }

// totals are sums over games, kept in integers so that they add up exactly
// in any order.
type totals struct {
	games, wins, over int
	wonClicks, won3BV int64
	scoreTenths       int64
	guesses           int64
	guessedGames      int
	failures          int
	firstFail         *Failure   // the no-guess failure of the lowest game index
	firstErr          *GameError // the error of the lowest game index
}

// add counts game g. A failure, when not nil, is g's failure on a
// no-guess board.
func (t *totals) add(g Game, fail *Failure) {
	t.games++
	t.guesses += int64(g.Guesses)
	if g.Guesses > 0 {
		t.guessedGames++
	}
	if fail != nil {
		t.failures++
		if t.firstFail == nil || fail.Game < t.firstFail.Game {
			t.firstFail = fail
		}
	}
	switch {
	case g.Status == board.Won:
		t.wins++
		t.wonClicks += int64(g.Clicks)
		t.won3BV += int64(g.ThreeBV)
	case g.Status == board.Playing:
		t.over++
	}
	t.scoreTenths += scoreTenths(g.Status == board.Won, g.Clicks, g.Opened)
}

func (t *totals) merge(u *totals) {
	t.games += u.games
	t.wins += u.wins
	t.over += u.over
	t.wonClicks += u.wonClicks
	t.won3BV += u.won3BV
	t.scoreTenths += u.scoreTenths
	t.guesses += u.guesses
	t.guessedGames += u.guessedGames
	t.failures += u.failures
	if u.firstFail != nil && (t.firstFail == nil || u.firstFail.Game < t.firstFail.Game) {
		t.firstFail = u.firstFail
	}
	if u.firstErr != nil && (t.firstErr == nil || u.firstErr.Game < t.firstErr.Game) {
		t.firstErr = u.firstErr
	}
}

// check validates the configuration and fills in its defaults.
func (c *Config) check() error {
	if c.Games < 1 {
		return fmt.Errorf("bench: %d games: want at least 1", c.Games)
	}
	if c.MaxClicks == 0 {
		c.MaxClicks = DefaultMaxClicks
	}
	if c.MaxClicks < 1 {
		return fmt.Errorf("bench: click limit %d: want at least 1", c.MaxClicks)
	}
	if c.Workers == 0 {
		c.Workers = min(runtime.NumCPU(), MaxWorkers)
	}
	if c.Workers < 1 || c.Workers > MaxWorkers {
		return fmt.Errorf("bench: %d workers: want 1 to %d", c.Workers, MaxWorkers)
	}
	c.Workers = min(c.Workers, c.Games)
	if c.NewPlayer == nil {
		c.NewPlayer = func(rule board.FirstClick) Player { return solver.New(solver.Options{Rule: rule}) }
	}
	if err := c.Board.Check(); err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	if c.Board.NoGuess && c.Layout == nil {
		return fmt.Errorf("bench: %v: %w", c.Board, ErrNoLayout)
	}
	return nil
}

// failure returns game i's failure, played on b, when the game was on a
// no-guess board and lost or had a guess, or nil.
func failure(i int, g Game, b *board.Board) *Failure {
	if !b.Settings().NoGuess {
		return nil
	}
	switch {
	case g.Guesses > 0:
		return &Failure{Game: i, Reason: "guessed at " + g.FirstGuess.String()}
	case g.Status == board.Lost:
		hit, _ := b.Hit()
		return &Failure{Game: i, Reason: "lost at " + hit.String()}
	}
	return nil
}

// Run plays cfg.Games games and returns the results.
//
// When ctx is done, each game in play stops before its next move and Run
// returns the results of the games finished so far, marked Partial, with an
// error wrapping ctx's. When the player fails, Run stops every game and
// returns a *GameError naming the game, the lowest-numbered among the
// failures seen, and no results. Games of a no-guess run lost or with a
// guess are not errors: the Result counts them, and names the first (see
// Failure).
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	lo, hi := cfg.Shard.span(cfg.Games)
	var next, done atomic.Int64
	sums := make([]totals, cfg.Workers)
	timers := make([]*timer, cfg.Workers)
	var wg sync.WaitGroup
	for w := range cfg.Workers {
		timers[w] = newTimer(sampleLimit / cfg.Workers)
		wg.Go(func() {
			player := cfg.NewPlayer(cfg.Board.Rule)
			sum, tm := &sums[w], timers[w]
			for ctx.Err() == nil {
				i := lo + int(next.Add(1)-1)
				if i >= hi {
					return
				}
				rng := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
				b, err := board.NewRandom(cfg.Board, cfg.Layout, rng)
				if err != nil { // checked above; kept so a change cannot go unseen
					sum.firstErr = &GameError{Game: i, Seed: cfg.Seed, Err: err}
					cancel()
					return
				}
				if r, ok := player.(Reseeder); ok {
					r.Reseed(rand.NewPCG(uint64(i), cfg.Seed).Uint64())
				}
				g, err := playRecover(ctx, b, player, cfg.MaxClicks, tm.add)
				if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
					return // stopped: the unfinished game does not count
				}
				if err != nil {
					sum.firstErr = &GameError{Game: i, Seed: cfg.Seed, Err: err}
					cancel()
					return
				}
				sum.add(g, failure(i, g, b))
				done.Add(1)
			}
		})
	}

	if cfg.Progress != nil {
		stop := make(chan struct{})
		finished := make(chan struct{})
		go func() {
			defer close(finished)
			tick := time.NewTicker(ProgressInterval)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					cfg.Progress(int(done.Load()))
				}
			}
		}()
		wg.Wait()
		close(stop)
		<-finished
		cfg.Progress(int(done.Load()))
	} else {
		wg.Wait()
	}

	var all totals
	tm := newTimer(0)
	for w := range sums {
		all.merge(&sums[w])
		tm.merge(timers[w])
	}
	if all.firstErr != nil {
		return nil, all.firstErr
	}
	res := result(cfg, &all, tm)
	if all.games < hi-lo {
		res.Partial = true
		return res, fmt.Errorf("stopped after %d of %d games: %w", all.games, hi-lo, context.Cause(parent))
	}
	return res, nil
}

// result turns the totals into a Result.
func result(cfg Config, t *totals, tm *timer) *Result {
	s := cfg.Board
	r := &Result{
		Width: s.Width, Height: s.Height, Mines: s.Mines, Rule: s.Rule.String(), NoGuess: s.NoGuess,
		Seed: cfg.Seed, MaxClicks: cfg.MaxClicks,
		GamesPlanned: cfg.Games, RunGames: cfg.Games, Shard: cfg.Shard.String(),
		Games: t.games, Wins: t.wins, OverLimit: t.over, ScoreTenths: t.scoreTenths,
		WonClicks: t.wonClicks, WonThreeBV: t.won3BV,
		Guesses: t.guesses, GuessedGames: t.guessedGames, Failures: t.failures,
		MoveTime: tm.summary(),
	}
	if cfg.Shard.N > 0 {
		lo, hi := cfg.Shard.span(cfg.Games)
		r.GamesPlanned = hi - lo
		r.MoveTime.Histogram = histText(tm.hist) // for Merge
	}
	if t.firstFail != nil {
		r.FirstFailure = *t.firstFail
	}
	if t.games > 0 {
		r.WinRate = float64(t.wins) / float64(t.games)
		r.Score = float64(t.scoreTenths) / (10 * float64(t.games)) // 10*games may overflow an int
	}
	r.WinLow, r.WinHigh = Wilson(t.wins, t.games, z95)
	if t.wins > 0 {
		r.ClicksPerWin = float64(t.wonClicks) / float64(t.wins)
	}
	if t.won3BV > 0 {
		r.ClicksPer3BV = float64(t.wonClicks) / float64(t.won3BV)
	}
	return r
}

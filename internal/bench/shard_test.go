package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/noguess"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

func TestParseShard(t *testing.T) {
	tests := []struct {
		text string
		want Shard
		ok   bool
	}{
		{"1/1", Shard{1, 1}, true},
		{"3/8", Shard{3, 8}, true},
		{"8/8", Shard{8, 8}, true},
		{"0/8", Shard{}, false},
		{"9/8", Shard{}, false},
		{"1/0", Shard{}, false},
		{"-1/2", Shard{}, false},
		{"1", Shard{}, false},
		{"a/b", Shard{}, false},
		{"", Shard{}, false},
	}
	for _, tt := range tests {
		got, err := ParseShard(tt.text)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("ParseShard(%q) = %v, %v; want %v, ok %v", tt.text, got, err, tt.want, tt.ok)
		}
		if tt.ok && got.String() != tt.text {
			t.Errorf("Shard%v.String() = %q; want %q", got, got.String(), tt.text)
		}
	}
}

// TestShardSpans checks that the shards of a run cover its games once
// each, in order, whatever the number of games and of shards.
func TestShardSpans(t *testing.T) {
	for _, games := range []int{1, 2, 7, 100, 1001} {
		for _, n := range []int{1, 2, 3, 8, 13} {
			next := 0
			for k := 1; k <= n; k++ {
				lo, hi := Shard{k, n}.span(games)
				if lo != next || hi < lo {
					t.Fatalf("%d games, shard %d/%d = [%d, %d); want it to start at %d", games, k, n, lo, hi, next)
				}
				next = hi
			}
			if next != games {
				t.Errorf("%d games in %d shards: they end at %d", games, n, next)
			}
		}
	}
}

// TestMergeEqualsOneRun plays runs whole and in shards, and checks that
// Merge of the shards, through their JSON as bench writes it, gives the
// whole run's Result, move times aside: on random boards with the solver,
// and on no-guess boards with a player that fails some games.
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestMergeEqualsOneRun(t *testing.T) {
	if raceEnabled {
		t.Skip("game by game, slow under -race (Run's workers are tested under it by TestRunDeterministic and others): run without it, in make test's second pass")
	}
	runs := []struct {
		name string
		cfg  Config
	}{
		{"beginner, safe rule", Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Safe}, Games: 150, Seed: 4}},
		{"8x8, unsafe, click limit", Config{Board: board.Settings{Width: 8, Height: 8, Mines: 12, Rule: board.Unsafe}, Games: 97, Seed: 5, MaxClicks: 6}},
		{"no-guess, failures", Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true},
			Layout: noguess.Layout, Games: 60, Seed: 9,
			NewPlayer: func(board.FirstClick) Player { return &oneGuess{s: solver.New(solver.Options{Rule: board.Opening})} }}},
	}
	for _, run := range runs {
		t.Run(run.name, func(t *testing.T) {
			whole, err := Run(context.Background(), run.cfg)
			if err != nil {
				t.Fatal(err)
			}
			whole.MoveTime = MoveTimes{}
			for _, n := range []int{1, 3, 7} {
				var shards []*Result
				var moves int64
				for k := n; k >= 1; k-- { // any order
					cfg := run.cfg
					cfg.Shard, cfg.Workers = Shard{k, n}, 1+k%3
					r, err := Run(context.Background(), cfg)
					if err != nil {
						t.Fatal(err)
					}
					if lo, hi := cfg.Shard.span(cfg.Games); r.Games != hi-lo || r.GamesPlanned != hi-lo || r.RunGames != cfg.Games {
						t.Errorf("shard %v: %d games of %d planned, run %d; want %d of the run's %d", cfg.Shard, r.Games, r.GamesPlanned, r.RunGames, hi-lo, cfg.Games)
					}
					moves += r.MoveTime.Moves
					data, err := json.Marshal(r)
					if err != nil {
						t.Fatal(err)
					}
					var back Result
					if err := json.Unmarshal(data, &back); err != nil {
						t.Fatal(err)
					}
					shards = append(shards, &back)
				}
				got, err := Merge(shards)
				if err != nil {
					t.Fatalf("%d shards: Merge: %v", n, err)
				}
				if got.MoveTime.Moves != moves || got.MoveTime.Median <= 0 || got.MoveTime.Median > got.MoveTime.P99 || got.MoveTime.P99 > got.MoveTime.Max {
					t.Errorf("%d shards: merged move times %+v over %d moves; want them all, median <= p99 <= max", n, got.MoveTime, moves)
				}
				got.MoveTime = MoveTimes{}
				if *got != *whole {
					t.Errorf("%d shards: Merge =\n%+v\nwant the whole run's\n%+v", n, *got, *whole)
				}
			}
		})
	}
}

// TestMergeErrors gives Merge shards that are not of one whole run. Six
// games make the shards (of two and of three) as twenty did, at a third
// of the runs' time.
func TestMergeErrors(t *testing.T) {
	cfg := Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Safe}, Games: 6, Seed: 4}
	shard := func(k, n int, change func(*Config)) *Result {
		c := cfg
		c.Shard = Shard{k, n}
		if change != nil {
			change(&c)
		}
		r, err := Run(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	whole, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	partial := shard(2, 2, nil)
	partial.Partial = true
	tests := []struct {
		name string
		rs   []*Result
		want error
	}{
		{"none", nil, ErrMergeNone},
		{"a shard missing", []*Result{shard(1, 3, nil), shard(3, 3, nil)}, ErrMergeShards},
		{"a shard twice", []*Result{shard(1, 2, nil), shard(1, 2, nil)}, ErrMergeShards},
		{"shards of two splits", []*Result{shard(1, 2, nil), shard(2, 3, nil)}, ErrMergeShards},
		{"a whole run", []*Result{whole}, ErrMergeShards},
		{"another seed", []*Result{shard(1, 2, nil), shard(2, 2, func(c *Config) { c.Seed = 5 })}, ErrMergeMismatch},
		{"another board", []*Result{shard(1, 2, nil), shard(2, 2, func(c *Config) { c.Board.Mines = 11 })}, ErrMergeMismatch},
		{"another count of games", []*Result{shard(1, 2, nil), shard(2, 2, func(c *Config) { c.Games = 7 })}, ErrMergeMismatch},
		{"partial", []*Result{shard(1, 2, nil), partial}, ErrMergePartial},
	}
	for _, tt := range tests {
		if _, err := Merge(tt.rs); !errors.Is(err, tt.want) {
			t.Errorf("%s: Merge = %v; want %v", tt.name, err, tt.want)
		}
	}
	bad := shard(1, 1, nil)
	bad.MoveTime.Histogram = "3:x"
	if _, err := Merge([]*Result{bad}); !errors.Is(err, ErrMergeMismatch) {
		t.Errorf("a bad histogram: Merge = %v; want %v", err, ErrMergeMismatch)
	}
}

// TestShardSpanLarge checks the spans of shards of runs so long that
// (K-1)*games overflows an int64: they are taken in 128 bits.
func TestShardSpanLarge(t *testing.T) {
	const maxInt = math.MaxInt64
	tests := []struct {
		shard  Shard
		games  int
		lo, hi int
	}{
		{Shard{1, 3}, maxInt, 0, 3074457345618258602},
		{Shard{2, 3}, maxInt, 3074457345618258602, 6148914691236517204},
		{Shard{3, 3}, maxInt, 6148914691236517204, maxInt},
		{Shard{2, 2}, maxInt, 4611686018427387903, maxInt},
		{Shard{maxInt, maxInt}, maxInt, maxInt - 1, maxInt},
	}
	for _, tt := range tests {
		if lo, hi := tt.shard.span(tt.games); lo != tt.lo || hi != tt.hi {
			t.Errorf("Shard%v.span(%d) = [%d, %d); want [%d, %d)", tt.shard, tt.games, lo, hi, tt.lo, tt.hi)
		}
	}
}

// TestMergeHostile gives Merge results no run of bench writes, as a file
// could hold them: each is refused with an error of one line that names
// the result and says what is wrong, without allocating by a count it
// holds (a shard count of 10^12 or 2^63-1 would take all memory or
// panic) and without a figure wrapping round.
func TestMergeHostile(t *testing.T) {
	cfg := Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Safe}, Games: 20, Seed: 4, Workers: 1}
	var shards [2]Result
	for k := range shards {
		c := cfg
		c.Shard = Shard{k + 1, 2}
		r, err := Run(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		if r.Wins == 0 || r.Games != 10 || r.MoveTime.Moves == 0 {
			t.Fatalf("shard %v: %+v; want 10 games, some won", c.Shard, r)
		}
		shards[k] = *r
	}
	one := func(change func(r *Result)) []*Result {
		r := shards[0]
		change(&r)
		return []*Result{&r}
	}
	both := func(change func(a, b *Result)) []*Result {
		a, b := shards[0], shards[1]
		change(&a, &b)
		return []*Result{&a, &b}
	}
	tests := []struct {
		name string
		rs   []*Result
		kind error
		want string
	}{
		{"N = 1e12", one(func(r *Result) { r.Shard = "1/1000000000000" }), ErrMergeShards,
			"result 1 of 1: shard 1/1000000000000: 1000000000000 reports wanted, 1 given"},
		{"N = MaxInt64", one(func(r *Result) { r.Shard = "1/9223372036854775807" }), ErrMergeShards,
			"result 1 of 1: shard 1/9223372036854775807: 9223372036854775807 reports wanted, 1 given"},
		{"N = MaxInt64, K = N", one(func(r *Result) { r.Shard = "9223372036854775807/9223372036854775807" }), ErrMergeShards,
			"result 1 of 1: shard 9223372036854775807/9223372036854775807: 9223372036854775807 reports wanted, 1 given"},
		{"N above the games", both(func(a, b *Result) { a.RunGames, b.RunGames = 1, 1 }), ErrMergeInvalid,
			"result 1 of 2: shard 1/2 of a run of 1 game: more shards than games"},
		{"a run of no games", one(func(r *Result) { r.Shard, r.RunGames, r.GamesPlanned, r.Games, r.Wins = "1/1", 0, 0, 0, 3 }), ErrMergeInvalid,
			"result 1 of 1: run_games 0: want at least 1"},
		{"negative games", one(func(r *Result) { r.Shard, r.RunGames, r.Games = "1/1", -10, -10 }), ErrMergeInvalid,
			"result 1 of 1: run_games -10: want at least 1"},
		{"negative games in a shard", both(func(a, b *Result) { a.Games, b.Games = -10, 30 }), ErrMergeInvalid,
			"result 1 of 2: games -10: want at least 0"},
		{"negative wins", both(func(a, b *Result) { a.Wins = -1 }), ErrMergeInvalid,
			"result 1 of 2: wins -1: want at least 0"},
		{"negative failures", both(func(a, b *Result) { b.Failures = -2 }), ErrMergeInvalid,
			"result 2 of 2: no_guess_failures -2: want at least 0"},
		{"negative clicks", both(func(a, b *Result) { b.WonClicks = -5 }), ErrMergeInvalid,
			"result 2 of 2: won_clicks -5: want at least 0"},
		{"negative 3BV", both(func(a, b *Result) { a.WonThreeBV = -5 }), ErrMergeInvalid,
			"result 1 of 2: won_3bv -5: want at least 0"},
		{"negative score", both(func(a, b *Result) { a.ScoreTenths = -5 }), ErrMergeInvalid,
			"result 1 of 2: score_tenths -5: want at least 0"},
		{"negative guesses", both(func(a, b *Result) { a.Guesses = -5 }), ErrMergeInvalid,
			"result 1 of 2: guesses -5: want at least 0"},
		{"negative moves", both(func(a, b *Result) { a.MoveTime.Moves = -1 }), ErrMergeInvalid,
			"result 1 of 2: move_time.moves -1: want at least 0"},
		{"negative time", both(func(a, b *Result) { b.MoveTime.Max = -1 }), ErrMergeInvalid,
			"result 2 of 2: move_time.max_ns -1: want at least 0"},
		{"negative first failure", both(func(a, b *Result) { a.FirstFailure.Game = -1 }), ErrMergeInvalid,
			"result 1 of 2: first_failure.game -1: want at least 0"},
		{"negative click limit", both(func(a, b *Result) { a.MaxClicks, b.MaxClicks = -1, -1 }), ErrMergeInvalid,
			"result 1 of 2: max_clicks -1: want at least 1"},
		{"negative board", both(func(a, b *Result) { a.Width, b.Width = -9, -9 }), ErrMergeInvalid,
			"result 1 of 2: board: board size must be at least 1x1 (got -9x9)"},
		{"wins above games", both(func(a, b *Result) { a.Wins = 100 }), ErrMergeInvalid,
			"result 1 of 2: wins 100: more than the 10 games"},
		{"zero games with wins", both(func(a, b *Result) { a.Games, a.Wins, b.Games = 0, 3, 20 }), ErrMergeInvalid,
			"result 1 of 2: wins 3: more than the 0 games"},
		{"over the limit above games", both(func(a, b *Result) { b.OverLimit = 11 }), ErrMergeInvalid,
			"result 2 of 2: over_click_limit 11: more than the 10 games"},
		{"wins and over the limit above games", both(func(a, b *Result) { b.Wins, b.OverLimit = 6, 5 }), ErrMergeInvalid,
			"result 2 of 2: wins 6 and over_click_limit 5: more than the 10 games"},
		{"guessed games above games", both(func(a, b *Result) { b.GuessedGames = 11 }), ErrMergeInvalid,
			"result 2 of 2: games_with_a_guess 11: more than the 10 games"},
		{"failures above games", both(func(a, b *Result) { a.Failures = 11 }), ErrMergeInvalid,
			"result 1 of 2: no_guess_failures 11: more than the 10 games"},
		{"games above those planned", both(func(a, b *Result) { a.Games, a.GamesPlanned, b.Games = 15, 15, 5 }), ErrMergeInvalid,
			"result 1 of 2: games_planned 15: shard 1/2 of 20 games plans 10"},
		{"games above those planned, planned right", both(func(a, b *Result) { a.Games, b.Games = 15, 5 }), ErrMergeInvalid,
			"result 1 of 2: games 15: more than the 10 planned"},
		{"first failure in another shard", both(func(a, b *Result) { b.Failures, b.FirstFailure = 1, Failure{Game: 3, Reason: "lost at (1,1)"} }), ErrMergeInvalid,
			"result 2 of 2: first_failure.game 3: not one of the shard's games, 10 to 19"},
		{"clicks that overflow", both(func(a, b *Result) { a.WonClicks, b.WonClicks = math.MaxInt64, 1 }), ErrMergeInvalid,
			"result 2 of 2: won_clicks: the sum over the shards overflows"},
		{"3BV that overflows", both(func(a, b *Result) { a.WonThreeBV, b.WonThreeBV = math.MaxInt64/2+1, math.MaxInt64/2+1 }), ErrMergeInvalid,
			"result 2 of 2: won_3bv: the sum over the shards overflows"},
		{"score that overflows", both(func(a, b *Result) { a.ScoreTenths, b.ScoreTenths = math.MaxInt64, math.MaxInt64 }), ErrMergeInvalid,
			"result 2 of 2: score_tenths: the sum over the shards overflows"},
		{"guesses that overflow", both(func(a, b *Result) { a.Guesses, b.Guesses = math.MaxInt64, math.MaxInt64 }), ErrMergeInvalid,
			"result 2 of 2: guesses: the sum over the shards overflows"},
		{"moves that overflow", both(func(a, b *Result) {
			a.MoveTime.Moves, a.MoveTime.Histogram = math.MaxInt64, "5:9223372036854775807"
			b.MoveTime.Moves, b.MoveTime.Histogram = 1, "5:1"
		}), ErrMergeInvalid,
			"result 2 of 2: move_time.moves: the sum over the shards overflows"},
		{"a histogram bucket that overflows", both(func(a, b *Result) {
			a.MoveTime.Moves, a.MoveTime.Histogram = 2, "5:18446744073709551615 6:1"
		}), ErrMergeMismatch,
			`result 1 of 2 (shard "1/2"): the results are not of one run: move-time histogram: bucket 6: the counts overflow`},
		{"a histogram of other moves", both(func(a, b *Result) { a.MoveTime.Moves++ }), ErrMergeMismatch,
			fmt.Sprintf(`result 1 of 2 (shard "1/2"): the results are not of one run: move-time histogram: %d moves, not the %d of move_time.moves`,
				shards[0].MoveTime.Moves, shards[0].MoveTime.Moves+1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Merge(tt.rs)
			if err == nil || err.Error() != tt.want || !errors.Is(err, tt.kind) {
				t.Errorf("Merge = %+v, %v; want the error %q, of kind %v", got, err, tt.want, tt.kind)
			}
		})
	}
}

// TestMergeHuge merges the one shard of a run of 2^62 games, as a file
// could say: the figures are right, none wrapped round (ten times the
// games overflows an int64).
func TestMergeHuge(t *testing.T) {
	const games = 1 << 62
	r := &Result{
		Width: 9, Height: 9, Mines: 10, Rule: "safe", Seed: 1, MaxClicks: 400,
		Shard: "1/1", RunGames: games, GamesPlanned: games, Games: games, Wins: games / 2,
		WonClicks: games, WonThreeBV: games / 2, ScoreTenths: games,
	}
	got, err := Merge([]*Result{r})
	if err != nil {
		t.Fatalf("Merge(%+v): %v", r, err)
	}
	if got.Games != games || got.WinRate != 0.5 || got.Score != 0.1 || got.ClicksPerWin != 2 || got.ClicksPer3BV != 2 {
		t.Errorf("Merge(%+v) = %+v; want %d games, win rate 0.5, score 0.1, 2 clicks per win and per 3BV", r, got, games)
	}
}

package bench

import (
	"context"
	"encoding/json"
	"errors"
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
func TestMergeEqualsOneRun(t *testing.T) {
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

func TestMergeErrors(t *testing.T) {
	cfg := Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Safe}, Games: 20, Seed: 4}
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
		{"another count of games", []*Result{shard(1, 2, nil), shard(2, 2, func(c *Config) { c.Games = 21 })}, ErrMergeMismatch},
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

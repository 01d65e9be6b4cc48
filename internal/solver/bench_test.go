package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// expertViews returns views met while playing expert games (30x16, 99
// mines, opening rule), a few from each game, for benchmarks.
func expertViews(tb testing.TB, games int) []*View {
	return playedViews(tb, board.Opening, 11, games, func(_ *Solver, _ *View, move int) bool { return move%10 == 5 })
}

// guessViews returns the views of expert games (safe first click) where
// the solver has to guess, its slowest moves, for benchmarks.
func guessViews(tb testing.TB, games int) []*View {
	return playedViews(tb, board.Safe, 13, games, func(s *Solver, v *View, move int) bool { return move > 0 && s.bestSafe(v) < 0 })
}

// playedViews plays expert games under the rule, seeded by seed, and
// returns the views that keep, called after the solver has chosen its
// move, accepts.
func playedViews(tb testing.TB, rule board.FirstClick, seed uint64, games int, keep func(s *Solver, v *View, move int) bool) []*View {
	tb.Helper()
	var views []*View
	s := New(Options{Rule: rule})
	playExpertGames(tb, s, rule, seed, func(g int) bool { return g < games }, func(_, move int, v *View, _ board.Point) {
		if keep(s, v, move) {
			views = append(views, v)
		}
	})
	return views
}

// playExpertGames plays expert games (30x16, 99 mines) under rule with s,
// game g on the board that seed and g lay, as the bench lays them, for as
// long as next(g) reports that game g is to be played (next may reseed s
// for it). It calls each with every view of game g and the move s chose
// there, before the move is made.
func playExpertGames(tb testing.TB, s *Solver, rule board.FirstClick, seed uint64, next func(g int) bool, each func(g, move int, v *View, p board.Point)) {
	tb.Helper()
	var buf []board.Tile
	for g := 0; next(g); g++ {
		b, err := board.NewRandom(board.Settings{Width: 30, Height: 16, Mines: 99, Rule: rule}, nil, rand.New(rand.NewPCG(seed, uint64(g))))
		if err != nil {
			tb.Fatal(err)
		}
		for move := 0; b.Status() == board.Playing; move++ {
			buf = b.Tiles(buf)
			v, err := NewView(30, 16, 99, buf)
			if err != nil {
				tb.Fatal(err)
			}
			p, err := s.Next(v)
			if err != nil {
				tb.Fatal(err)
			}
			each(g, move, v, p)
			if _, err := b.Reveal(p); err != nil {
				tb.Fatal(err)
			}
		}
	}
}

func BenchmarkAnalyzeExpert(b *testing.B) {
	views := expertViews(b, 10)
	s := New(Options{})
	b.ResetTimer()
	for i := range b.N {
		if _, err := s.Analyze(views[i%len(views)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAnalyzeFallback times analyses of expert positions with a
// budget of 8 search nodes a component, so that most components fall back
// to approximate's reasoning on numbers and pairs of numbers, which no
// other benchmark reaches.
func BenchmarkAnalyzeFallback(b *testing.B) {
	views := expertViews(b, 10)
	var an analyzer
	an.budget = 8
	b.ResetTimer()
	for i := range b.N {
		v := views[i%len(views)]
		an.resetCache()
		if err := an.run(v.width, v.height, v.mines, v.tiles); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNextExpert(b *testing.B) {
	benchNext(b, expertViews(b, 10), board.Opening)
}

// BenchmarkGuessExpert times the moves where the solver has to guess, on
// expert boards: the look-ahead and the endgame search.
func BenchmarkGuessExpert(b *testing.B) {
	views := guessViews(b, 20)
	benchNext(b, views, board.Safe)
	b.ReportMetric(float64(len(views)), "views")
}

// benchNext times a solver's moves on the views in turn.
func benchNext(b *testing.B, views []*View, rule board.FirstClick) {
	s := New(Options{Rule: rule})
	b.ResetTimer()
	for i := range b.N {
		if _, err := s.Next(views[i%len(views)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlayExpert plays whole expert games and reports the time per
// move and the win rate.
func BenchmarkPlayExpert(b *testing.B) {
	var res playResult
	s := New(Options{Rule: board.Opening})
	for i := range b.N {
		bd, err := board.NewRandom(board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}, nil, rand.New(rand.NewPCG(12, uint64(i))))
		if err != nil {
			b.Fatal(err)
		}
		res.games++
		if playGame(b, s, bd, &res) {
			res.wins++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(res.moves), "ns/move")
	b.ReportMetric(100*float64(res.wins)/float64(res.games), "%won")
}

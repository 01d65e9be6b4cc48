package ui

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
)

// BenchmarkDraw measures one frame (layout, draw and Show) in an 80x24
// simulated screen, for a board that fits and one that scrolls.
func BenchmarkDraw(b *testing.B) {
	for _, size := range []struct{ w, h, mines int }{{30, 16, 99}, {200, 100, 3000}} {
		b.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(b *testing.B) {
			s := tcell.NewSimulationScreen("UTF-8")
			if err := s.Init(); err != nil {
				b.Fatal(err)
			}
			defer s.Fini()
			s.SetSize(80, 24)
			cfg := Config{
				Start: play.Start{Board: board.Settings{Width: size.w, Height: size.h, Mines: size.mines, Rule: board.Opening}, Seed: 1},
				Prefs: Prefs{QuestionMarks: true},
				Now:   func() time.Time { return time.Time{} },
			}
			g, err := firstGame(cfg)
			if err != nil {
				b.Fatal(err)
			}
			// A game in progress: an opening and some marks, the cursor mid-board.
			mid := board.Point{X: size.w / 2, Y: size.h / 2}
			if _, err := g.Apply(game.Move{Action: game.Open, At: mid}, cfg.Now()); err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(2, 3))
			for range size.w * size.h / 10 {
				p := board.Point{X: rng.IntN(size.w), Y: rng.IntN(size.h)}
				_, _ = g.Apply(game.Move{Action: game.Toggle, At: p}, cfg.Now())
			}
			u := newUI(s, g, cfg, nil)
			u.v.cursor = mid
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				u.settle(s)
				u.render(s)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/frame")
		})
	}
}

// BenchmarkCounters measures an expert frame (layout, draw and Show, on an
// 80x24 simulated screen) with the live counters under the board (c) and
// the same frame without them, in one run: each frame follows a move (a
// mark put or taken off), so the counters count the 3BV solved again at
// every frame, their worst case. A frame is 16 ms at 60 frames a second.
func BenchmarkCounters(b *testing.B) {
	for _, on := range []bool{false, true} {
		b.Run(fmt.Sprintf("counters=%v", on), func(b *testing.B) {
			s := tcell.NewSimulationScreen("UTF-8")
			if err := s.Init(); err != nil {
				b.Fatal(err)
			}
			defer s.Fini()
			s.SetSize(80, 24)
			cfg := Config{
				Start: play.Start{Board: board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}, Seed: 1},
				Prefs: Prefs{QuestionMarks: true, Counters: on},
				Now:   func() time.Time { return time.Time{} },
			}
			g, err := firstGame(cfg)
			if err != nil {
				b.Fatal(err)
			}
			mid := board.Point{X: 15, Y: 8}
			if _, err := g.Apply(game.Move{Action: game.Open, At: mid}, cfg.Now()); err != nil {
				b.Fatal(err)
			}
			u := newUI(s, g, cfg, nil)
			u.v.cursor = mid
			// A closed cell to mark and unmark.
			var closed board.Point
			for y := range 16 {
				for x := range 30 {
					if p := (board.Point{X: x, Y: y}); g.Board().Tile(p) == board.TileClosed {
						closed = p
					}
				}
			}
			u.settle(s)
			u.render(s)
			if got := lineText(u.numbersLine(cfg.Now(), 80)); on != (got != "") {
				b.Fatalf("counters %v: the line under the board reads %q", on, got)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, err := g.Apply(game.Move{Action: game.Toggle, At: closed}, cfg.Now()); err != nil {
					b.Fatal(err)
				}
				u.settle(s)
				u.render(s)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/frame")
		})
	}
}

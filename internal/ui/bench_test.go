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

package ui

import (
	"errors"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// The game state is tested without a screen: moves, the clock, pauses.
func TestGameClock(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	g, err := newGame(fixed(t, small), t0)
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name string
		do   func() error
		now  int // seconds, when elapsed is read
		want int // seconds on the clock
	}{
		{"before the first opening", func() error { return nil }, 5, 0},
		{"a flag does not start it", func() error { return g.apply(board.Move{Action: board.Toggle, At: board.Point{X: 0, Y: 0}}, at(6)) }, 8, 0},
		{"an opening starts it", func() error { return g.apply(board.Move{Action: board.Open, At: board.Point{X: 4, Y: 0}}, at(10)) }, 13, 3},
		{"a refused move changes nothing", func() error {
			if err := g.apply(board.Move{Action: board.Open, At: board.Point{X: 4, Y: 0}}, at(14)); !errors.Is(err, board.ErrOpen) {
				t.Errorf("opening an open cell = %v; want ErrOpen", err)
			}
			return nil
		}, 14, 4},
		{"pause stops it", func() error { g.togglePause(at(20)); return nil }, 100, 10},
		{"moves are refused while paused", func() error {
			if err := g.apply(board.Move{Action: board.Open, At: board.Point{X: 4, Y: 3}}, at(101)); !errors.Is(err, errPaused) {
				t.Errorf("a move while paused = %v; want errPaused", err)
			}
			return nil
		}, 101, 10},
		{"resume", func() error { g.togglePause(at(200)); return nil }, 205, 15},
		{"the win stops it", func() error { return g.apply(board.Move{Action: board.Open, At: board.Point{X: 4, Y: 3}}, at(210)) }, 999, 20},
		{"a finished game does not pause", func() error { g.togglePause(at(1000)); return nil }, 1001, 20},
		{"restart", func() error { g.restart(); return nil }, 1002, 0},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got := g.elapsed(at(st.now)); got != time.Duration(st.want)*time.Second {
			t.Errorf("%s: elapsed = %v; want %ds", st.name, got, st.want)
		}
	}
	if g.b.Status() != board.Playing || g.paused() {
		t.Errorf("after restart: status %v, paused %v; want playing, not paused", g.b.Status(), g.paused())
	}
}

func TestGameRenew(t *testing.T) {
	cfg := fixed(t, "***\n*.*\n***\n") // 8 mines on 3x3: more than the opening rule allows
	g, err := newGame(cfg, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.renew(); err != nil {
		t.Fatalf("renew = %v", err)
	}
	r := g.result(time.Time{})
	if r.Seed != NextSeed(cfg.Seed) || r.Board.Rule != board.Unsafe || r.Source != "" || r.Board.Mines != 8 {
		t.Errorf("after renew: %+v; want seed %d, rule unsafe, no source, 8 mines", r, NextSeed(cfg.Seed))
	}
}

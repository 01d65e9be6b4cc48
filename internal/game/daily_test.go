package game

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// dailyGame returns a game of a daily board of the layout drawn in
// small, laid wherever it is first opened, with its start cell at (4,0).
func dailyGame(t *testing.T) (*Game, Config, DailyBoard) {
	t.Helper()
	b := parse(t, small)
	s := settingsOf(b, board.Opening)
	s.NoGuess = true
	mines := b.Layout()
	cfg := Config{Settings: s, Layout: func(board.Settings, board.Point, *rand.Rand) ([]board.Point, error) {
		return slices.Clone(mines), nil
	}}
	d := DailyBoard{Date: "2026-11-25", Seed: 7, Start: board.Point{X: 4, Y: 0}}
	g, err := NewDaily(cfg, d)
	if err != nil {
		t.Fatalf("NewDaily: %v", err)
	}
	return g, cfg, d
}

// TestDailyStartCell checks that the first opening of a daily board must
// open its start cell: any other opening before is refused and changes
// nothing; marks are free; once the mines are laid the rule is gone.
func TestDailyStartCell(t *testing.T) {
	g, _, d := dailyGame(t)
	if got, ok := g.StartCell(); !ok || got != d.Start {
		t.Fatalf("StartCell() = %v, %v; want %v, true", got, ok, d.Start)
	}
	tests := []struct {
		m    Move
		want error
	}{
		{mv(Open, 0, 3), ErrStartCell},
		{mv(AutoOpen, 1, 1), ErrStartCell},
		{mv(Toggle, 0, 3), nil}, // a flag
		{mv(Toggle, 0, 3), nil}, // none
		{mv(Open, 9, 9), board.ErrOutOfBounds},
		{mv(Open, 4, 0), nil},
		{mv(Open, 4, 3), nil}, // anywhere, once laid
	}
	for i, tt := range tests {
		before := g.Version()
		_, err := g.Apply(tt.m, at(i))
		if !errors.Is(err, tt.want) {
			t.Errorf("Apply(%v) = %v; want %v", tt.m, err, tt.want)
		}
		if err != nil && g.Version() != before {
			t.Errorf("Apply(%v) was refused but changed the game", tt.m)
		}
	}
	if g.Status() != board.Won {
		t.Errorf("status %v; want won", g.Status())
	}
	if _, ok := g.StartCell(); ok {
		t.Errorf("StartCell() reports a start cell once the mines are laid")
	}
}

// TestDailyLayJob checks that the laying off the loop refuses a first
// opening away from the start cell too, and lays from it.
func TestDailyLayJob(t *testing.T) {
	g, _, d := dailyGame(t)
	if job := g.LayJob(mv(Open, 0, 3)); job != nil {
		t.Errorf("LayJob(an opening away from the start cell) = a job; want nil")
	}
	job := g.LayJob(Move{Action: Open, At: d.Start})
	if job == nil {
		t.Fatal("LayJob(the start cell) = nil; want a job")
	}
	l, err := job()
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Adopt(l, at(1)); err != nil {
		t.Fatal(err)
	}
	if !g.Started() {
		t.Error("the start cell's opening did not start the game")
	}
}

// TestDailyOrigin checks what a daily game is and keeps: the origin
// Daily, not known by itself, its date and start cell kept and loaded
// again; a restart after its cells were seen makes it known; a new game
// (Renew) is no daily.
func TestDailyOrigin(t *testing.T) {
	g, cfg, d := dailyGame(t)
	if got, ok := g.Daily(); !ok || got != d {
		t.Errorf("Daily() = %+v, %v; want %+v, true", got, ok, d)
	}
	if g.Origin() != Daily || g.Known() {
		t.Errorf("origin %v, known %v; want daily, not known", g.Origin(), g.Known())
	}
	if _, err := g.Apply(mv(Open, 4, 0), at(1)); err != nil {
		t.Fatal(err)
	}
	k := g.Kept(at(2), false)
	if k.Daily != d.Date || k.First != d.Start || k.Origin != Daily || k.Known() {
		t.Errorf("Kept: daily %q, first %v, origin %v, known %v; want %q, %v, daily, not known", k.Daily, k.First, k.Origin, k.Known(), d.Date, d.Start)
	}
	l, err := Load(cfg, k)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := l.Daily(); !ok || got != d {
		t.Errorf("Load: Daily() = %+v, %v; want %+v, true", got, ok, d)
	}
	g.Restart()
	if !g.Known() {
		t.Error("a daily restarted after its cells were revealed is not known")
	}
	if _, ok := g.Daily(); !ok {
		t.Error("a restarted daily is no longer a daily")
	}
	if err := g.Renew(8); err != nil {
		t.Fatal(err)
	}
	if _, ok := g.Daily(); ok || g.Origin() != Drawn {
		t.Errorf("after Renew: a daily of origin %v; want a drawn game", g.Origin())
	}
	if _, ok := g.StartCell(); ok {
		t.Error("after Renew: a start cell")
	}
}

// TestDailyRefused checks that a daily board needs no-guess settings and
// a start cell on the board.
func TestDailyRefused(t *testing.T) {
	_, cfg, d := dailyGame(t)
	plain := cfg
	plain.Settings.NoGuess = false
	if _, err := NewDaily(plain, d); err == nil {
		t.Error("NewDaily of settings without no-guess: no error")
	}
	off := d
	off.Start = board.Point{X: 5, Y: 0}
	if _, err := NewDaily(cfg, off); !errors.Is(err, board.ErrOutOfBounds) {
		t.Errorf("NewDaily with the start cell off the board = %v; want %v", err, board.ErrOutOfBounds)
	}
}

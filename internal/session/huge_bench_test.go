package session

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// The saved game of the largest board. A game left before its end is
// saved without its layout when its seed lays it again (Session.Leave):
// the seed, the first opening and the layout's sum stand for every mine.
// The benchmarks set that format ("seed") beside the one that holds the
// layout, every mine as [x,y] ("layout"), in the same run, on a
// 16384x16384 board with the density of a custom board (one sixth of the
// cells, see cmd/minesweeper/flags.go). The layout format takes seconds
// and gigabytes: it is skipped with -short.
//
//	go test -run '^$' -bench Huge -benchtime 1x -benchmem ./internal/session/

// hugeSettings is the largest board (board.MaxCells) with the density of
// a custom board.
var hugeSettings = board.Settings{Width: 16384, Height: 16384, Mines: 16384 * 16384 / 6, Rule: board.Opening}

// hugeSeed lays the boards of these tests and benchmarks.
const hugeSeed = 20240607

// formats are the two ways a saved game can hold its board.
var formats = []struct {
	name   string
	layout bool // it holds every mine; else the seed and the first opening lay them again
}{
	{"layout", true},
	{"seed", false},
}

// hugeGame is the game the benchmarks save and resume, played once.
var hugeGame = sync.OnceValues(func() (*game.Game, time.Time) { return played(nil, hugeSettings) })

// played returns a game of s laid from hugeSeed as a player leaves it: one
// opening in the middle, then a few flags on mines and openings of safe
// cells near it; and the time it is left at. tb may be nil (a benchmark's
// shared game): it then panics on failure.
func played(tb testing.TB, s board.Settings) (*game.Game, time.Time) {
	fail := func(format string, args ...any) {
		if tb == nil {
			panic(format)
		}
		tb.Helper()
		tb.Fatalf(format, args...)
	}
	g, err := game.New(game.Config{Settings: s}, hugeSeed, game.Drawn)
	if err != nil {
		fail("game.New(%v) = %v", s, err)
	}
	now := time.Date(2024, 6, 7, 12, 0, 0, 0, time.UTC)
	mid := board.Point{X: s.Width / 2, Y: s.Height / 2}
	apply := func(m game.Move) {
		now = now.Add(1500 * time.Millisecond)
		if _, err := g.Apply(m, now); err != nil {
			fail("Apply(%v) = %v", m, err)
		}
	}
	apply(game.Move{Action: game.Open, At: mid})

	// Which cells near the middle are mines: the layout is in row-major
	// order. It is read once, to choose the moves, and dropped.
	mines := g.Kept(now, true).Mines
	mine := func(p board.Point) bool {
		_, ok := slices.BinarySearchFunc(mines, p, func(a, b board.Point) int {
			if a.Y != b.Y {
				return a.Y - b.Y
			}
			return a.X - b.X
		})
		return ok
	}
	flags, opens := 0, 0
	b := g.Board()
	for y := mid.Y - 16; y <= mid.Y+16 && (flags < 4 || opens < 4); y++ {
		for x := mid.X - 16; x <= mid.X+16; x++ {
			p := board.Point{X: x, Y: y}
			switch {
			case b.Tile(p) != board.TileClosed:
			case mine(p) && flags < 4:
				apply(game.Move{Action: game.Toggle, At: p})
				flags++
			case !mine(p) && opens < 4:
				apply(game.Move{Action: game.Open, At: p})
				opens++
			}
		}
	}
	if flags < 4 || opens < 4 || g.Status() != board.Playing {
		fail("the game near the middle: %d flags, %d openings, %v", flags, opens, g.Status())
	}
	return g, now.Add(time.Minute)
}

// save keeps g as it stands at now as the saved game of its kind in st,
// with its layout or without it, in place of the one saved before, and
// returns the size of its record.
func save(tb testing.TB, st store.Store, g *game.Game, now time.Time, layout bool) int64 {
	tb.Helper()
	var replace store.Claim
	if saved, err := st.Saved(context.Background(), g.Settings()); err == nil && len(saved) > 0 {
		replace.ID = saved[0].ID
	}
	if _, err := st.Save(context.Background(), HistoryGame(g.Kept(now, layout), now), replace); err != nil {
		tb.Fatalf("Save: %v", err)
	}
	return savedSize(tb, st, g.Settings())
}

// savedSize returns the size of the record of the one saved game of s.
func savedSize(tb testing.TB, st store.Store, s board.Settings) int64 {
	tb.Helper()
	saved, err := st.Saved(context.Background(), s)
	if err != nil || len(saved) != 1 {
		tb.Fatalf("saved games of %v: %d, %v; want one", s, len(saved), err)
	}
	data, err := json.Marshal(saved[0].Game)
	if err != nil {
		tb.Fatal(err)
	}
	return int64(len(data))
}

// resume reads the saved game of s from st, as Session.Saved does, and
// resumes it at now, as the screen does (game.Resume).
func resume(tb testing.TB, st store.Store, s board.Settings, now time.Time) *game.Game {
	tb.Helper()
	saved, err := st.Saved(context.Background(), s)
	if err != nil || len(saved) == 0 {
		tb.Fatalf("Saved(%v) = %d games, %v; want a game", s, len(saved), err)
	}
	k, err := KeptOf(saved[0].Game)
	if err != nil {
		tb.Fatalf("KeptOf: %v", err)
	}
	g, err := game.Resume(game.Config{Settings: s}, k, func() time.Time { return now })
	if err != nil {
		tb.Fatalf("Resume: %v", err)
	}
	if len(g.Moves()) != len(k.Moves) {
		tb.Fatalf("resumed with %d moves; want the %d kept", len(g.Moves()), len(k.Moves))
	}
	return g
}

// sameGame reports an error unless got stands as want does. Only the
// rows around the middle, where the game was played, are compared cell by
// cell, besides the counts: a whole huge board is a quarter of a gigabyte
// of text.
func sameGame(tb testing.TB, got, want *game.Game) {
	tb.Helper()
	g, w := got.Board(), want.Board()
	if g.Status() != w.Status() || g.SafeLeft() != w.SafeLeft() || g.FlagsLeft() != w.FlagsLeft() {
		tb.Fatalf("resumed: %v, %d safe cells, %d flags left; want %v, %d, %d",
			g.Status(), g.SafeLeft(), g.FlagsLeft(), w.Status(), w.SafeLeft(), w.FlagsLeft())
	}
	for y := w.Height()/2 - 20; y <= w.Height()/2+20; y++ {
		if gr, wr := g.AppendRow(nil, y), w.AppendRow(nil, y); !bytes.Equal(gr, wr) {
			tb.Fatalf("resumed: row %d differs", y)
		}
	}
}

// hugeStore returns a store in a directory of b's own, skipping the
// layout format under -short.
func hugeStore(b *testing.B, layout bool) store.Store {
	b.Helper()
	if layout && testing.Short() {
		b.Skip("the layout format takes seconds and gigabytes")
	}
	st, err := store.Open(b.TempDir(), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	return st
}

// BenchmarkSaveHuge saves a game of the largest board, in each format, as
// quitting does: the game kept, its history line, the file written. It
// reports the file's size in file-bytes.
func BenchmarkSaveHuge(b *testing.B) {
	g, now := hugeGame()
	for _, f := range formats {
		b.Run(f.name, func(b *testing.B) {
			st := hugeStore(b, f.layout)
			var size int64
			for b.Loop() {
				size = save(b, st, g, now, f.layout)
			}
			b.ReportMetric(float64(size), "file-bytes")
		})
	}
}

// BenchmarkResumeHuge resumes a saved game of the largest board, in each
// format, as starting the game does: the file read and checked, the board
// built (or laid again from the seed), the moves played again.
func BenchmarkResumeHuge(b *testing.B) {
	want, now := hugeGame()
	for _, f := range formats {
		b.Run(f.name, func(b *testing.B) {
			st := hugeStore(b, f.layout)
			size := save(b, st, want, now, f.layout)
			var got *game.Game
			for b.Loop() {
				got = resume(b, st, hugeSettings, now)
			}
			b.ReportMetric(float64(size), "file-bytes")
			sameGame(b, got, want)
		})
	}
}

// TestSaveHugeSmall makes, on a 1024x1024 board, the round trip the
// benchmarks time: a game left is saved, through Session.Leave, without
// its layout, in a file far smaller than one that holds it, and resumes
// on the same board, standing as it was left.
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestSaveHugeSmall(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, slow under -race: run without it, in make test's second pass")
	}
	s := board.Settings{Width: 1024, Height: 1024, Mines: 1024 * 1024 / 6, Rule: board.Opening}
	g, now := played(t, s)

	home := t.TempDir()
	t.Setenv("MINESWEEPER_HOME", home)
	ses := New()
	ses.Now = func() time.Time { return now }
	// The screen hands over the game kept with its layout; Leave drops it.
	if left := ses.Leave(g.Kept(now, true), true); !left.Saved {
		t.Fatalf("Leave = %+v, warnings %q; want it saved", left, ses.Warnings())
	}
	st := ses.Store()
	seedSize := savedSize(t, st, s)
	saved, err := st.Saved(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(saved[0].Game)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		t.Fatalf("the saved game: %v", err)
	}
	if l, ok := fields["layout"]; ok && string(l) != "null" {
		t.Errorf("the saved game holds a layout of %d bytes; want none", len(l))
	}
	for _, name := range []string{"first", "sum", "seed"} {
		if _, ok := fields[name]; !ok {
			t.Errorf("the saved game holds no %q; want one: %s", name, data)
		}
	}

	k, _, ok := ses.Saved(s, false)
	if !ok || k.Mines != nil {
		t.Fatalf("Saved = %v (layout of %d mines), warnings %q; want a game without its layout", ok, len(k.Mines), ses.Warnings())
	}
	resumed := resume(t, st, s, now)
	if got, want := resumed.Board().String(), g.Board().String(); got != want {
		t.Errorf("the resumed board differs from the board left")
	}
	sameGame(t, resumed, g)
	if got, want := resumed.Elapsed(now), g.Elapsed(now); got != want {
		t.Errorf("resumed clock %v; want %v", got, want)
	}

	// The same game with its layout, as it was saved before.
	old, err := store.Open(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	layoutSize := save(t, old, g, now, true)
	if got, want := resume(t, old, s, now).Board().String(), g.Board().String(); got != want {
		t.Errorf("the board resumed from its layout differs from the board left")
	}
	if seedSize*100 > layoutSize {
		t.Errorf("saved without its layout: %d bytes; with it %d; want at most a hundredth", seedSize, layoutSize)
	}
	t.Logf("saved game of %v: %d bytes without its layout, %d with it", s, seedSize, layoutSize)
}

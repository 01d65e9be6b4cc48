package session

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// TestCountOf is the table of the rules of the records: a game as the
// history keeps it in, what it counts for out.
func TestCountOf(t *testing.T) {
	win := func(ms int64) history.Game { return history.Game{Result: "won", TimeMS: ms} }
	with := func(g history.Game, change func(*history.Game)) history.Game {
		change(&g)
		return g
	}
	loss := history.Game{Result: "lost", TimeMS: 3000}
	tests := []struct {
		name      string
		g         history.Game
		best      int64 // the best clean time so far, -1 for none
		bestKnown bool
		want      Counts
	}{
		{"a clean win beating the best", win(5000), 6000, true,
			Counts{Played: true, Clean: true, NewBest: true}},
		{"the first clean win", win(9000), -1, true,
			Counts{Played: true, Clean: true, NewBest: true}},
		{"a slower clean win", win(7000), 6000, true,
			Counts{Played: true, Clean: true}},
		{"a clean win as fast as the best", win(6000), 6000, true,
			Counts{Played: true, Clean: true}},
		{"a clean win, the best not known", win(10), -1, false,
			Counts{Played: true, Clean: true}},
		{"an assisted win", with(win(1000), func(g *history.Game) { g.Assisted = true }), 6000, true,
			Counts{Played: true, Why: Assisted}},
		{"an undone win", with(win(1000), func(g *history.Game) { g.Undone = true }), 6000, true,
			Counts{Played: true, Why: Undone}},
		{"an assisted and undone win", with(win(1000), func(g *history.Game) { g.Assisted, g.Undone = true, true }), 6000, true,
			Counts{Played: true, Why: Assisted}},
		{"a win on a chosen seed, the fastest", with(win(1000), func(g *history.Game) { g.Seeded, g.Known = true, true }), 6000, true,
			Counts{Why: Known}},
		{"a win on a board played again", with(win(1000), func(g *history.Game) { g.Restarted, g.Known = true, true }), -1, true,
			Counts{Why: Known}},
		{"a win on a board file's board", with(win(1000), func(g *history.Game) { g.Source = "board.txt" }), -1, true,
			Counts{Why: Known}},
		{"an assisted win on a known board", with(win(1000), func(g *history.Game) { g.Known, g.Assisted = true, true }), -1, true,
			Counts{Why: Known}},
		{"a loss", loss, 6000, true,
			Counts{Played: true}},
		{"a loss given up", with(loss, func(g *history.Game) { g.GaveUp = true }), 6000, true,
			Counts{Played: true, GaveUp: true}},
		{"a loss given up on a known board", with(loss, func(g *history.Game) { g.GaveUp, g.Known = true, true }), 6000, true,
			Counts{GaveUp: true, Why: Known}},
	}
	for _, tt := range tests {
		if got := CountOf(tt.g, tt.best, tt.bestKnown); got != tt.want {
			t.Errorf("%s: CountOf(%+v, %d, %v) = %+v; want %+v", tt.name, tt.g, tt.best, tt.bestKnown, got, tt.want)
		}
	}
}

func TestReasonString(t *testing.T) {
	for r, want := range map[Reason]string{Counted: "counted", Known: "known board", Assisted: "assisted", Undone: "undone",
		Again: "kept before", NotKept: "not kept", NotKept + 1: "Reason(6)"} {
		if got := r.String(); got != want {
			t.Errorf("Reason(%d).String() = %q; want %q", uint8(r), got, want)
		}
	}
}

// small is the board of the tests' games on a known layout. Opening (4,0)
// opens every safe cell but (4,3); opening (4,3) then wins.
const small = `
*....
.....
.....
...*.
`

// smallConfig returns the config of random games of small's size whose
// first opening lays small's mines.
func smallConfig(t *testing.T) game.Config {
	t.Helper()
	b, err := board.Parse(small)
	if err != nil {
		t.Fatal(err)
	}
	mines := b.Layout()
	return game.Config{
		Settings: board.Settings{Width: b.Width(), Height: b.Height(), Mines: b.Mines(), Rule: board.Opening},
		Layout: func(board.Settings, board.Point, *rand.Rand) ([]board.Point, error) {
			return slices.Clone(mines), nil
		},
	}
}

// t0 is when the tests' games begin; at(s) is s seconds later.
var t0 = time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)

func at(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }

// mv returns the move a at (x, y).
func mv(a game.Action, x, y int) game.Move {
	return game.Move{Action: a, At: board.Point{X: x, Y: y}}
}

// newGame returns a game of cfg laid from seed.
func newGame(t *testing.T, cfg game.Config, seed uint64, origin game.Origin) *game.Game {
	t.Helper()
	g, err := game.New(cfg, seed, origin)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// apply applies the moves to g at now, failing the test on an error.
func apply(t *testing.T, g *game.Game, now time.Time, moves ...game.Move) {
	t.Helper()
	for _, m := range moves {
		if _, err := g.Apply(m, now); err != nil {
			t.Fatalf("Apply(%v) = %v", m, err)
		}
	}
}

// won returns a game of small won in secs seconds.
func won(t *testing.T, secs int, origin game.Origin) *game.Game {
	t.Helper()
	g := newGame(t, smallConfig(t), 1, origin)
	apply(t, g, at(0), mv(game.Open, 4, 0))
	apply(t, g, at(secs), mv(game.Open, 4, 3))
	return g
}

// newSession returns a session whose store is in a new directory, named
// by MINESWEEPER_HOME as the player names it, and whose clock gives a
// minute later at each call.
func newSession(t *testing.T) (*Session, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "state")
	return sessionIn(t, dir), dir
}

// sessionIn returns a session, as a run of the game starts one, whose
// store is in dir.
func sessionIn(t *testing.T, dir string) *Session {
	t.Helper()
	t.Setenv("MINESWEEPER_HOME", dir)
	s := New()
	n := 0
	s.Now = func() time.Time {
		n++
		return t0.Add(time.Duration(n) * time.Minute)
	}
	return s
}

// historyOf returns the games the store in dir holds.
func historyOf(t *testing.T, dir string) []history.Game {
	t.Helper()
	st, err := store.Open(dir, func(msg string) { t.Errorf("warning: %s", msg) })
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	count, err := st.Count(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var games []history.Game
	for n := int64(1); n <= count; n++ {
		g, err := st.Game(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	return games
}

// noWarnings fails the test if the session warned of anything.
func noWarnings(t *testing.T, s *Session) {
	t.Helper()
	if w := s.Warnings(); len(w) != 0 {
		t.Errorf("warnings %q; want none", w)
	}
}

// TestEndedReopened checks that a game kept when it ended, then played on
// after an undo of its end, stays one line of the history, marked undone;
// and that it is then no best time.
func TestEndedReopened(t *testing.T) {
	s, dir := newSession(t)
	g := won(t, 10, game.Drawn)
	c := s.Ended(g.Kept(at(10), true))
	if want := (Counts{Number: 1, Played: true, Clean: true, NewBest: true}); c != want {
		t.Errorf("Ended() = %+v; want %+v", c, want)
	}
	if err := g.Undo(at(20)); err != nil {
		t.Fatal(err)
	}
	s.Reopened(g.Kept(at(20), true), c.Number)
	s.Reopened(g.Kept(at(21), true), c.Number) // once is enough
	games := historyOf(t, dir)
	if len(games) != 1 || !games[0].Undone || games[0].Result != "won" || games[0].TimeMS != 10000 || games[0].Ends != 1 || games[0].Ended != "won" {
		t.Fatalf("the history holds %+v; want one game, won in 10s, marked undone", games)
	}

	// The game reopened is no best time: a slower clean win is the best.
	c = s.Ended(won(t, 30, game.Drawn).Kept(at(30), true))
	if want := (Counts{Number: 2, Played: true, Clean: true, NewBest: true}); c != want {
		t.Errorf("Ended() of a slower clean win = %+v; want %+v", c, want)
	}
	c = s.Ended(won(t, 40, game.Drawn).Kept(at(40), true))
	if want := (Counts{Number: 3, Played: true, Clean: true}); c != want {
		t.Errorf("Ended() of a slower clean win still = %+v; want %+v", c, want)
	}
	// A win on a chosen seed, the fastest, is kept apart.
	c = s.Ended(won(t, 1, game.Seeded).Kept(at(1), true))
	if want := (Counts{Number: 4, Why: Known}); c != want {
		t.Errorf("Ended() of a win on a chosen seed = %+v; want %+v", c, want)
	}
	st := s.Stats(smallConfig(t).Settings)
	if !st.Kept || st.Err != nil || st.Counted.Played != 3 || len(st.Counted.Best) != 2 || st.Counted.Best[0].TimeMS != 30000 ||
		st.Known.Played != 1 || !st.Known.Known || len(st.Known.Best) != 0 {
		t.Errorf("Stats() = %+v; want 3 counted games with 2 best times from 30s, 1 known game apart", st)
	}
	noWarnings(t, s)
}

// TestGaveUp checks that a game given up is kept as a loss.
func TestGaveUp(t *testing.T) {
	s, dir := newSession(t)
	g := newGame(t, smallConfig(t), 1, game.Drawn)
	apply(t, g, at(0), mv(game.Open, 4, 0))
	c := s.GaveUp(g.Kept(at(7), true))
	if want := (Counts{Number: 1, Played: true, GaveUp: true}); c != want {
		t.Errorf("GaveUp() = %+v; want %+v", c, want)
	}
	games := historyOf(t, dir)
	if len(games) != 1 || games[0].Result != "lost" || !games[0].GaveUp || games[0].TimeMS != 7000 || games[0].Ends != 0 {
		t.Errorf("the history holds %+v; want one game lost, given up, in 7s", games)
	}
	noWarnings(t, s)
}

// savedFile returns the saved game of the kind of board kind kept last as
// JSON fields, and how many there are.
func savedFile(t *testing.T, dir string, kind board.Settings) (map[string]json.RawMessage, int) {
	t.Helper()
	st, err := store.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	saved, err := st.Saved(context.Background(), kind)
	if err != nil {
		t.Fatal(err)
	}
	if len(saved) == 0 {
		return nil, 0
	}
	data, err := json.Marshal(saved[0].Game)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		t.Fatal(err)
	}
	return fields, len(saved)
}

// resumed resumes k as the screen does (game.Resume), its moves played
// again from base.
func resumed(t *testing.T, cfg game.Config, k game.Kept, base time.Time) *game.Game {
	t.Helper()
	g, err := game.Resume(cfg, k, func() time.Time { return base.Add(k.Elapsed) })
	if err != nil {
		t.Fatalf("game.Resume() = %v", err)
	}
	if len(g.Moves()) != len(k.Moves) {
		t.Fatalf("game.Resume(): %d moves; want the %d kept", len(g.Moves()), len(k.Moves))
	}
	return g
}

// TestLeaveSaves checks that a game left in play is saved without its
// layout, which its seed and first opening lay again, and resumes on the
// same board.
func TestLeaveSaves(t *testing.T) {
	s, dir := newSession(t)
	cfg := game.Config{Settings: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}}
	g := newGame(t, cfg, 42, game.Drawn)
	apply(t, g, at(0), mv(game.Open, 4, 4))
	b := g.Board()
	for p := (board.Point{}); p.Y < b.Height(); p.Y++ {
		if b.Tile(p) == board.TileClosed {
			apply(t, g, at(3), mv(game.Toggle, p.X, p.Y))
			break
		}
	}
	k := g.Kept(at(5), true)
	if left := s.Leave(k, true); !left.Saved {
		t.Fatalf("Leave() = %+v; want it saved", left)
	}
	noWarnings(t, s)

	fields, n := savedFile(t, dir, cfg.Settings)
	if n != 1 {
		t.Fatalf("%d saved games; want 1", n)
	}
	if l, ok := fields["layout"]; ok && string(l) != "null" {
		t.Errorf("the saved game holds the layout %s; want none", l)
	}
	for _, name := range []string{"first", "sum", "seed"} {
		if _, ok := fields[name]; !ok {
			t.Errorf("the saved game has no %q: %v", name, fields)
		}
	}
	if string(fields["result"]) != `"playing"` {
		t.Errorf(`the saved game's result is %s; want "playing"`, fields["result"])
	}

	next := sessionIn(t, dir)
	kept, _, ok := next.Saved(cfg.Settings, false)
	if !ok || kept == nil {
		t.Fatalf("Saved() = %v, %v; want the game left", kept, ok)
	}
	if kept.Mines != nil || !kept.Laid || kept.First != (board.Point{X: 4, Y: 4}) || kept.Sum != k.Sum || kept.Elapsed != 5*time.Second {
		t.Errorf("Saved() = %+v; want no layout, laid from (4,4) with sum %d, 5s played", kept, k.Sum)
	}
	r := resumed(t, cfg, *kept, at(100))
	if got, want := r.Board().String(), g.Board().String(); got != want {
		t.Errorf("the game resumed is\n%s\nwant\n%s", got, want)
	}
	if got, want := r.Kept(at(100), true).Mines, k.Mines; !slices.Equal(got, want) {
		t.Errorf("the game resumed has the mines %v; want %v", got, want)
	}
	noWarnings(t, next)
}

// TestLeaveSavesKnown checks that a game on a known board left in play
// is saved, as any started game is, and resumes known: it counts for
// nothing still.
func TestLeaveSavesKnown(t *testing.T) {
	seeded := newGame(t, smallConfig(t), 1, game.Seeded)
	apply(t, seeded, at(0), mv(game.Open, 4, 0))
	restarted := newGame(t, smallConfig(t), 1, game.Drawn)
	apply(t, restarted, at(0), mv(game.Open, 4, 0))
	restarted.Restart()
	apply(t, restarted, at(1), mv(game.Open, 4, 0))
	tests := []struct {
		name   string
		g      *game.Game
		origin game.Origin
	}{
		{"a seeded game", seeded, game.Seeded},
		{"a game restarted after an opening", restarted, game.Drawn},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, dir := newSession(t)
			k := tt.g.Kept(at(30), true)
			if left := s.Leave(k, true); !left.Saved {
				t.Fatalf("Leave() = %+v; want it saved", left)
			}
			noWarnings(t, s)
			next := sessionIn(t, dir)
			kept, _, ok := next.Saved(k.Settings, false)
			if !ok || kept == nil {
				t.Fatalf("Saved() = %v, %v; want the game left", kept, ok)
			}
			if !kept.Known() || kept.Origin != tt.origin {
				t.Errorf("Saved(): Known() = %v, Origin = %v; want true, %v", kept.Known(), kept.Origin, tt.origin)
			}
			r := resumed(t, smallConfig(t), *kept, at(100))
			if got, want := r.Board().String(), tt.g.Board().String(); got != want {
				t.Errorf("the game resumed is\n%s\nwant\n%s", got, want)
			}
			noWarnings(t, next)
		})
	}
}

// TestLeaveDoesNotSave checks the games Leave does not save: one kept
// already when it ended, one on a board file (the file plays it again),
// one not started, one over.
func TestLeaveDoesNotSave(t *testing.T) {
	ended := won(t, 10, game.Drawn)
	if err := ended.Undo(at(20)); err != nil {
		t.Fatal(err)
	}
	sb, err := board.Parse(small)
	if err != nil {
		t.Fatal(err)
	}
	file, err := game.NewFixed(smallConfig(t), sb.Layout(), "board.txt", 0)
	if err != nil {
		t.Fatal(err)
	}
	apply(t, file, at(0), mv(game.Open, 4, 0))
	inPlay := newGame(t, smallConfig(t), 1, game.Drawn)
	apply(t, inPlay, at(0), mv(game.Open, 4, 0))
	fresh := newGame(t, smallConfig(t), 1, game.Drawn)
	apply(t, fresh, at(0), mv(game.Toggle, 0, 0))
	tests := []struct {
		name    string
		g       *game.Game
		started bool
	}{
		{"a game that ended and plays on after an undo", ended, true},
		{"a board file's game", file, true},
		{"a game not started", fresh, false},
		{"a game over", won(t, 10, game.Drawn), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, dir := newSession(t)
			k := tt.g.Kept(at(30), true)
			if left := s.Leave(k, tt.started); left.Saved {
				t.Errorf("Leave() = %+v; want nothing saved", left)
			}
			if _, n := savedFile(t, dir, k.Settings); n != 0 {
				t.Error("Leave() saved the game")
			}
			noWarnings(t, s)
		})
	}
}

// TestLeaveOffered checks that the saved game the run started from is
// removed once the run leaves another game of its board, or replaced by
// the game left.
func TestLeaveOffered(t *testing.T) {
	s, dir := newSession(t)
	cfg := smallConfig(t)
	g := newGame(t, cfg, 1, game.Drawn)
	apply(t, g, at(0), mv(game.Open, 4, 0))
	if !s.Leave(g.Kept(at(5), true), true).Saved {
		t.Fatal("the game was not saved")
	}

	// The next run starts from it and leaves a game in play: it replaces it.
	next := sessionIn(t, dir)
	kept, _, ok := next.Saved(cfg.Settings, true)
	if !ok {
		t.Fatal("no saved game")
	}
	r := resumed(t, cfg, *kept, at(100))
	if !next.Leave(r.Kept(at(107), true), true).Saved {
		t.Fatal("the resumed game was not saved again")
	}
	if again, _, ok := next.Saved(cfg.Settings, false); !ok || again.Elapsed != 7*time.Second {
		t.Errorf("Saved() = %+v, %v; want the game resumed, 7s played", again, ok)
	}

	// The one after starts from it, and ends it: it is removed.
	last := sessionIn(t, dir)
	if kept, _, ok = last.Saved(cfg.Settings, true); !ok {
		t.Fatal("no saved game")
	}
	r = resumed(t, cfg, *kept, at(200))
	apply(t, r, at(210), mv(game.Open, 4, 3))
	k := r.Kept(at(210), true)
	last.Ended(k)
	if left := last.Leave(k, true); left.Saved {
		t.Errorf("Leave() of a game over = %+v; want nothing saved", left)
	}
	if _, n := savedFile(t, dir, cfg.Settings); n != 0 {
		t.Error("the saved game the run started from is still there")
	}
	noWarnings(t, last)
}

// oldSaved is a saved game as version 1 wrote it, its layout whole:
//
//	*........
//	.........
//	.........
//	.........
//	*********
//	.........
//	.........
//	.........
//	.........
//
// Its opening at (4,1) opens the rows above the wall of mines.
const oldSaved = `{"v":1,"date":"2025-03-03T10:00:00Z","board":"9x9n10 opening","level":"beginner","seed":7,` +
	`"layout":[[0,0],[0,4],[1,4],[2,4],[3,4],[4,4],[5,4],[6,4],[7,4],[8,4]],"result":"playing","time_ms":2500,"3bv":0,"clicks":2,` +
	`"moves":[{"m":"O4,1","t":0},{"m":"F0,0","t":850}]}` + "\n"

// TestSavedOld checks that a saved game of version 1, with its layout,
// still resumes.
func TestSavedOld(t *testing.T) {
	s, dir := newSession(t)
	kind := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "saved-9x9n10-opening.json"), []byte(oldSaved), 0o600); err != nil {
		t.Fatal(err)
	}
	kept, _, ok := s.Saved(kind, false)
	if !ok || kept == nil {
		t.Fatalf("Saved() = %v, %v; want the game of version 1", kept, ok)
	}
	if len(kept.Mines) != 10 || kept.Laid || kept.Seed != 7 || kept.Origin != game.Drawn || kept.Elapsed != 2500*time.Millisecond || len(kept.Moves) != 2 {
		t.Errorf("Saved() = %+v; want its layout of 10 mines, seed 7, 2.5s, 2 moves", kept)
	}
	r := resumed(t, game.Config{Settings: kind}, *kept, at(0))

	// The same moves on the layout drawn as text.
	b, err := board.Parse(`
		*........
		.........
		.........
		.........
		*********
		.........
		.........
		.........
		.........`)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []board.Move{{Action: board.Open, At: board.Point{X: 4, Y: 1}}, {Action: board.Toggle, At: board.Point{X: 0, Y: 0}}} {
		if _, err := b.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := r.Board().String(), b.String(); got != want {
		t.Errorf("the game of version 1 resumed is\n%s\nwant\n%s", got, want)
	}
	noWarnings(t, s)
}

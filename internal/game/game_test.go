package game

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// small is the tests' board. Opening (4,0) opens every safe cell but (4,3),
// which the (2,2) shows to be safe; opening (4,3) then wins:
//
//	*1000
//	11000
//	00111
//	001*1
const small = `
*....
.....
.....
...*.
`

// t0 is when the tests' games begin.
var t0 = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// at returns the time s seconds after t0.
func at(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }

// mv returns the move a at (x, y).
func mv(a Action, x, y int) Move { return Move{Action: a, At: board.Point{X: x, Y: y}} }

// parse returns the board drawn as text (see board.Parse).
func parse(t testing.TB, text string) *board.Board {
	t.Helper()
	b, err := board.Parse(text)
	if err != nil {
		t.Fatalf("board.Parse(%q) = %v", text, err)
	}
	return b
}

// settingsOf returns the settings of a board of b's size and mines under
// rule.
func settingsOf(b *board.Board, rule board.FirstClick) board.Settings {
	return board.Settings{Width: b.Width(), Height: b.Height(), Mines: b.Mines(), Rule: rule}
}

// fixed returns a board file's game on the board drawn as text.
func fixed(t testing.TB, text string, questionMarks bool) *Game {
	t.Helper()
	b := parse(t, text)
	cfg := Config{Settings: settingsOf(b, board.Unsafe), QuestionMarks: questionMarks}
	g, err := NewFixed(cfg, b.Layout(), "small.txt", 0)
	if err != nil {
		t.Fatalf("NewFixed(%v) = %v", cfg.Settings, err)
	}
	return g
}

// layoutOf returns a Layout that lays the mines of the board drawn as
// text wherever the first opening is: a random board whose mines a test
// knows, whatever the generator's stream.
func layoutOf(t testing.TB, text string) board.Layout {
	mines := parse(t, text).Layout()
	return func(board.Settings, board.Point, *rand.Rand) ([]board.Point, error) {
		return slices.Clone(mines), nil
	}
}

// drawnConfig returns the config of random games under rule whose first
// opening lays the mines of the board drawn as text.
func drawnConfig(t testing.TB, text string, rule board.FirstClick) Config {
	t.Helper()
	return Config{Settings: settingsOf(parse(t, text), rule), Layout: layoutOf(t, text)}
}

// drawn returns a random game (Drawn) under rule whose first opening lays
// the mines of the board drawn as text.
func drawn(t testing.TB, text string, rule board.FirstClick) *Game {
	t.Helper()
	cfg := drawnConfig(t, text, rule)
	g, err := New(cfg, 1, Drawn)
	if err != nil {
		t.Fatalf("New(%v) = %v", cfg.Settings, err)
	}
	return g
}

// apply applies the moves to g at now, failing the test on an error.
func apply(t testing.TB, g *Game, now time.Time, moves ...Move) {
	t.Helper()
	for _, m := range moves {
		if _, err := g.Apply(m, now); err != nil {
			t.Fatalf("Apply(%v) = %v", m, err)
		}
	}
}

// logOf returns the moves of g's log, without their times.
func logOf(g *Game) []Move {
	var moves []Move
	for _, m := range g.Moves() {
		moves = append(moves, m.Move)
	}
	return moves
}

// closed is the text of a board of width by height cells, all closed.
func closed(width, height int) string {
	return strings.Repeat(strings.Repeat("#", width)+"\n", height)
}

// TestClock follows the clock through a game: it starts on the first
// opening, stands still while paused or stopped for any reason, stops at
// the end, and after an undo of the end runs on from where it stopped.
func TestClock(t *testing.T) {
	g := fixed(t, small, false)
	steps := []struct {
		name string
		do   func() error
		now  int // seconds, when the clock is read
		want int // seconds on the clock
	}{
		{"before the first opening", nil, 5, 0},
		{"a flag does not start it", func() error { _, err := g.Apply(mv(Toggle, 0, 0), at(6)); return err }, 8, 0},
		{"an opening starts it", func() error { _, err := g.Apply(mv(Open, 4, 0), at(10)); return err }, 13, 3},
		{"a refused move changes nothing", func() error {
			if _, err := g.Apply(mv(Open, 4, 0), at(14)); !errors.Is(err, board.ErrOpen) {
				t.Errorf("opening an open cell = %v; want %v", err, board.ErrOpen)
			}
			return nil
		}, 14, 4},
		{"pause stops it", func() error { g.TogglePause(at(20)); return nil }, 100, 10},
		{"moves and undo are refused while paused", func() error {
			v := g.Version()
			if _, err := g.Apply(mv(Open, 4, 3), at(101)); !errors.Is(err, ErrPaused) {
				t.Errorf("a move while paused = %v; want %v", err, ErrPaused)
			}
			if _, err := g.Apply(mv(Hint, 4, 3), at(101)); !errors.Is(err, ErrPaused) {
				t.Errorf("a hint while paused = %v; want %v", err, ErrPaused)
			}
			if err := g.Undo(at(101)); !errors.Is(err, ErrPaused) {
				t.Errorf("Undo while paused = %v; want %v", err, ErrPaused)
			}
			if g.Version() != v || len(g.Moves()) != 2 || g.Assisted() || g.Undone() {
				t.Errorf("after moves refused while paused: version %d (was %d), %d moves, assisted %v, undone %v; want nothing changed",
					g.Version(), v, len(g.Moves()), g.Assisted(), g.Undone())
			}
			return nil
		}, 101, 10},
		{"resume", func() error { g.TogglePause(at(200)); return nil }, 205, 15},
		{"the help covers the board", func() error { g.SetStop(StopOverlay, true, at(210)); return nil }, 211, 20},
		{"the terminal shrinks too", func() error { g.SetStop(StopSmall, true, at(212)); return nil }, 213, 20},
		{"the help goes, the terminal is still too small", func() error { g.SetStop(StopOverlay, false, at(214)); return nil }, 215, 20},
		{"the terminal grows", func() error { g.SetStop(StopSmall, false, at(216)); return nil }, 220, 24},
		{"a reason that does not hold ends nothing", func() error { g.SetStop(StopLaying, false, at(221)); return nil }, 222, 26},
		{"the win stops it", func() error { _, err := g.Apply(mv(Open, 4, 3), at(230)); return err }, 999, 34},
		{"a finished game does not pause", func() error {
			g.TogglePause(at(1000))
			if g.Paused() {
				t.Error("a finished game paused")
			}
			return nil
		}, 1001, 34},
		{"a stop after the end counts nothing", func() error {
			g.SetStop(StopOverlay, true, at(1010))
			g.SetStop(StopOverlay, false, at(1020))
			return nil
		}, 1030, 34},
		{"an undo of the end plays on from it, the time since not counted", func() error { return g.Undo(at(1100)) }, 1105, 39},
		{"the win again", func() error {
			if _, err := g.Apply(mv(Open, 4, 3), at(1110)); err != nil {
				return err
			}
			if n, first := g.Ends(); n != 2 || first != board.Won {
				t.Errorf("Ends() = %d, %v; want 2, won", n, first)
			}
			var times []time.Duration
			for _, m := range g.Moves() {
				times = append(times, m.At)
			}
			// The flag before the clock started, the opening that started
			// it, the win again; the first win was taken back.
			if want := []time.Duration{0, 0, 44 * time.Second}; !reflect.DeepEqual(times, want) {
				t.Errorf("the log's times = %v; want %v", times, want)
			}
			return nil
		}, 2000, 44},
		{"restart", func() error { g.Restart(); return nil }, 2001, 0},
	}
	for _, st := range steps {
		if st.do != nil {
			if err := st.do(); err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
		}
		if got, want := g.Elapsed(at(st.now)), time.Duration(st.want)*time.Second; got != want {
			t.Errorf("%s: Elapsed(%ds) = %v; want %v", st.name, st.now, got, want)
		}
	}
	if g.Status() != board.Playing || g.Paused() || g.Started() {
		t.Errorf("after Restart: status %v, paused %v, started %v; want playing, not paused, not started", g.Status(), g.Paused(), g.Started())
	}
}

// TestClockPausedRestart checks that a restart or a new game unpauses the
// clock, and that a stop of the screen's outlives them.
func TestClockPausedRestart(t *testing.T) {
	g := fixed(t, small, false)
	apply(t, g, at(0), mv(Open, 4, 0))
	g.TogglePause(at(5))
	g.Restart()
	if g.Paused() {
		t.Error("Restart left the game paused")
	}
	g.SetStop(StopOverlay, true, at(6))
	apply(t, g, at(10), mv(Open, 4, 0)) // the clock starts, stopped
	if got := g.Elapsed(at(15)); got != 0 {
		t.Errorf("Elapsed while the board is covered = %v; want 0", got)
	}
	g.SetStop(StopOverlay, false, at(20))
	if got, want := g.Elapsed(at(23)), 3*time.Second; got != want {
		t.Errorf("Elapsed 3s after the board shows = %v; want %v", got, want)
	}
}

// TestUndoWhileStopped checks that an undo of the end while the clock
// stands still for another reason (the help covers the board) counts the
// time from the end once: the clock neither jumps back nor forward.
func TestUndoWhileStopped(t *testing.T) {
	g := fixed(t, small, false)
	apply(t, g, at(10), mv(Open, 4, 0))
	apply(t, g, at(20), mv(Open, 4, 3)) // won, 10s
	g.SetStop(StopOverlay, true, at(30))
	if err := g.Undo(at(40)); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name string
		do   func()
		now  int
		want int
	}{
		{"undone, still covered", nil, 45, 10},
		{"shown again", func() { g.SetStop(StopOverlay, false, at(50)) }, 55, 15},
	}
	for _, st := range steps {
		if st.do != nil {
			st.do()
		}
		if got, want := g.Elapsed(at(st.now)), time.Duration(st.want)*time.Second; got != want {
			t.Errorf("%s: Elapsed(%ds) = %v; want %v", st.name, st.now, got, want)
		}
	}
}

// TestHelpRules checks the rules of help: a hint, the odds or a flag the
// solver places need an opened board (the numbers it reasons from), are
// logged and mark the game assisted; refused, they mark nothing. Events
// (a hint, the odds) change nothing on the board: the version stays.
// Auto-play's opening may open the first cell.
func TestHelpRules(t *testing.T) {
	type kind int
	const (
		file kind = iota // a board file's game
		random
	)
	tests := []struct {
		name     string
		game     kind
		before   []Move // played first
		restart  bool   // then a restart
		pause    bool   // then a pause
		m        Move
		wantErr  error
		assisted bool // the move is logged and marks the game
		changes  bool // it changes the version
	}{
		{name: "a hint before the first opening", game: random, m: mv(Hint, 4, 3), wantErr: ErrNotStarted},
		{name: "the odds before the first opening", game: random, m: mv(Odds, 0, 0), wantErr: ErrNotStarted},
		{name: "a flag of the solver's before the first opening", game: random, m: mv(FlagMine, 3, 3), wantErr: ErrNotStarted},
		{name: "a hint before a board file's first opening", game: file, m: mv(Hint, 4, 3), wantErr: ErrNotStarted},
		{name: "the odds after a flag, before the first opening", game: file, before: []Move{mv(Toggle, 0, 0)}, m: mv(Odds, 0, 0), wantErr: ErrNotStarted},
		{name: "a hint after a restart", game: random, before: []Move{mv(Open, 4, 0)}, restart: true, m: mv(Hint, 4, 3), wantErr: ErrNotStarted},
		{name: "a flag of the solver's after a restart", game: file, before: []Move{mv(Open, 4, 0)}, restart: true, m: mv(FlagMine, 3, 3), wantErr: ErrNotStarted},

		{name: "a hint", game: random, before: []Move{mv(Open, 4, 0)}, m: mv(Hint, 4, 3), assisted: true},
		{name: "the odds", game: random, before: []Move{mv(Open, 4, 0)}, m: mv(Odds, 0, 0), assisted: true},
		{name: "a flag of the solver's", game: random, before: []Move{mv(Open, 4, 0)}, m: mv(FlagMine, 3, 3), assisted: true, changes: true},
		{name: "a hint on a board file's game", game: file, before: []Move{mv(Open, 4, 0)}, m: mv(Hint, 4, 3), assisted: true},

		{name: "a hint off the board", game: file, before: []Move{mv(Open, 4, 0)}, m: mv(Hint, 5, 0), wantErr: board.ErrOutOfBounds},
		{name: "a flag of the solver's off the board", game: file, before: []Move{mv(Open, 4, 0)}, m: mv(FlagMine, -1, 0), wantErr: board.ErrOutOfBounds},
		{name: "a flag of the solver's on a flag", game: file, before: []Move{mv(Open, 4, 0), mv(Toggle, 3, 3)}, m: mv(FlagMine, 3, 3), wantErr: ErrFlagged},
		{name: "a flag of the solver's on an open cell", game: file, before: []Move{mv(Open, 4, 0)}, m: mv(FlagMine, 2, 2), wantErr: board.ErrOpen},
		{name: "a hint after the end", game: file, before: []Move{mv(Open, 4, 0), mv(Open, 4, 3)}, m: mv(Hint, 4, 3), wantErr: board.ErrGameOver},
		{name: "the odds after the end", game: file, before: []Move{mv(Open, 4, 0), mv(Open, 0, 0)}, m: mv(Odds, 0, 0), wantErr: board.ErrGameOver},
		{name: "a hint while paused", game: file, before: []Move{mv(Open, 4, 0)}, pause: true, m: mv(Hint, 4, 3), wantErr: ErrPaused},

		{name: "auto-play opens the first cell", game: random, m: mv(AutoOpen, 4, 0), assisted: true, changes: true},
		{name: "auto-play opens a board file's first cell", game: file, m: mv(AutoOpen, 4, 0), assisted: true, changes: true},
		{name: "auto-play opens a cell", game: file, before: []Move{mv(Open, 4, 0)}, m: mv(AutoOpen, 4, 3), assisted: true, changes: true},
		{name: "auto-play on an open cell", game: file, before: []Move{mv(Open, 4, 0)}, m: mv(AutoOpen, 2, 2), wantErr: board.ErrOpen},

		{name: "an unknown action", game: file, before: []Move{mv(Open, 4, 0)}, m: Move{Action: Odds + 1}, wantErr: board.ErrAction},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var g *Game
			if tt.game == random {
				g = drawn(t, small, board.Opening)
			} else {
				g = fixed(t, small, false)
			}
			apply(t, g, at(1), tt.before...)
			if tt.restart {
				g.Restart()
			}
			if tt.pause {
				g.TogglePause(at(2))
			}
			version, before, tiles := g.Version(), g.Moves(), g.Board().String()
			_, err := g.Apply(tt.m, at(3))
			if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("Apply(%v) = %v; want %v", tt.m, err, tt.wantErr)
			}
			if g.Assisted() != tt.assisted {
				t.Errorf("after Apply(%v), Assisted() = %v; want %v", tt.m, g.Assisted(), tt.assisted)
			}
			want := before
			if tt.assisted {
				want = append(want, TimedMove{Move: tt.m, At: 2 * time.Second})
				if len(tt.before) == 0 {
					want[len(want)-1].At = 0 // it started the clock
				}
			}
			if got := g.Moves(); !reflect.DeepEqual(got, want) {
				t.Errorf("after Apply(%v), Moves() = %v; want %v", tt.m, got, want)
			}
			if changed := g.Version() != version; changed != tt.changes {
				t.Errorf("after Apply(%v), the version changed: %v; want %v", tt.m, changed, tt.changes)
			}
			if !tt.changes && g.Board().String() != tiles {
				t.Errorf("after Apply(%v), the board is\n%s\nwant it as it was:\n%s", tt.m, g.Board(), tiles)
			}
		})
	}
}

// TestFlagMine checks that the solver's flag ends as a flag whatever the
// mark was, and that an undo takes it back like any move.
func TestFlagMine(t *testing.T) {
	tests := []struct {
		name          string
		questionMarks bool
		toggles       int // the player's marks on the mine first
		was           board.Mark
	}{
		{"on a closed cell", true, 0, board.NoMark},
		{"on a question mark", true, 2, board.Question},
		{"on a cell the player unmarked", true, 3, board.NoMark},
		{"on a closed cell, question marks off", false, 0, board.NoMark},
	}
	mine := board.Point{X: 3, Y: 3}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := fixed(t, small, tt.questionMarks)
			apply(t, g, at(1), mv(Open, 4, 0))
			for range tt.toggles {
				apply(t, g, at(2), mv(Toggle, mine.X, mine.Y))
			}
			if got := g.Board().Mark(mine); got != tt.was {
				t.Fatalf("the mark before = %v; want %v", got, tt.was)
			}
			flags := g.Board().FlagsLeft()
			apply(t, g, at(3), mv(FlagMine, mine.X, mine.Y))
			if got := g.Board().Mark(mine); got != board.Flag {
				t.Errorf("Apply(%v): the mark = %v; want %v", mv(FlagMine, mine.X, mine.Y), got, board.Flag)
			}
			if got := g.Board().FlagsLeft(); got != flags-1 {
				t.Errorf("FlagsLeft() = %d; want %d", got, flags-1)
			}
			if got := logOf(g); got[len(got)-1] != mv(FlagMine, mine.X, mine.Y) {
				t.Errorf("the log ends with %v; want %v", got[len(got)-1], mv(FlagMine, mine.X, mine.Y))
			}
			if err := g.Undo(at(4)); err != nil {
				t.Fatalf("Undo() = %v", err)
			}
			if got := g.Board().Mark(mine); got != tt.was {
				t.Errorf("after Undo, the mark = %v; want %v", got, tt.was)
			}
			if !g.Assisted() || !g.Undone() {
				t.Errorf("after Undo: assisted %v, undone %v; want both", g.Assisted(), g.Undone())
			}
		})
	}
}

// TestUndo checks that an undo takes back the last move that changed the
// board, one at a time, and that the events of help stay in the log.
func TestUndo(t *testing.T) {
	g := fixed(t, small, false)
	if err := g.Undo(at(0)); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("Undo() of a new game = %v; want %v", err, ErrNothingToUndo)
	}
	apply(t, g, at(1), mv(Open, 4, 0))
	opened := g.Board().String()
	apply(t, g, at(1), mv(Hint, 4, 3), mv(Toggle, 3, 3), mv(Odds, 0, 0))
	steps := []struct {
		name    string
		wantErr error
		log     []Move
		board   string
	}{
		{"the flag", nil, []Move{mv(Open, 4, 0), mv(Hint, 4, 3), mv(Odds, 0, 0)}, opened},
		{"the opening", nil, []Move{mv(Hint, 4, 3), mv(Odds, 0, 0)}, closed(5, 4)},
		{"nothing left", ErrNothingToUndo, []Move{mv(Hint, 4, 3), mv(Odds, 0, 0)}, closed(5, 4)},
	}
	for _, st := range steps {
		version := g.Version()
		err := g.Undo(at(2))
		if !errors.Is(err, st.wantErr) || (err == nil) != (st.wantErr == nil) {
			t.Fatalf("%s: Undo() = %v; want %v", st.name, err, st.wantErr)
		}
		if got := logOf(g); !reflect.DeepEqual(got, st.log) {
			t.Errorf("%s: the log = %v; want %v", st.name, got, st.log)
		}
		if got := g.Board().String(); got != st.board {
			t.Errorf("%s: the board is\n%s\nwant\n%s", st.name, got, st.board)
		}
		if changed := g.Version() != version; changed != (err == nil) {
			t.Errorf("%s: the version changed: %v; want %v", st.name, changed, err == nil)
		}
	}
	if !g.Undone() || !g.Assisted() {
		t.Errorf("Undone() = %v, Assisted() = %v; want both true", g.Undone(), g.Assisted())
	}
}

// TestUndoFatal checks an undo of the opening that lost: the game plays
// on, and remembers that it ended, and how.
func TestUndoFatal(t *testing.T) {
	g := fixed(t, small, false)
	apply(t, g, at(10), mv(Open, 4, 0))
	apply(t, g, at(20), mv(Open, 0, 0))
	if n, first := g.Ends(); g.Status() != board.Lost || n != 1 || first != board.Lost {
		t.Fatalf("after the fatal opening: status %v, Ends() = %d, %v; want lost, 1, lost", g.Status(), n, first)
	}
	if err := g.Undo(at(30)); err != nil {
		t.Fatalf("Undo() = %v", err)
	}
	if n, first := g.Ends(); g.Status() != board.Playing || n != 1 || first != board.Lost || !g.Undone() {
		t.Errorf("after Undo: status %v, Ends() = %d, %v, Undone() = %v; want playing, 1, lost, true", g.Status(), n, first, g.Undone())
	}
	if _, hit := g.Board().Hit(); hit || g.Board().Tile(board.Point{}) != board.TileClosed {
		t.Errorf("after Undo, the mine hit shows: %v, tile %v", hit, g.Board().Tile(board.Point{}))
	}
	apply(t, g, at(40), mv(Open, 4, 3))
	if n, first := g.Ends(); g.Status() != board.Won || n != 2 || first != board.Lost {
		t.Errorf("won after it: status %v, Ends() = %d, %v; want won, 2, lost", g.Status(), n, first)
	}
	// 10s to the loss, 10s from the undo to the win.
	if got, want := g.Elapsed(at(99)), 20*time.Second; got != want {
		t.Errorf("Elapsed() = %v; want %v", got, want)
	}
}

// TestUndoKeepsMines checks that an undo of the opening that laid the
// mines keeps them: the next opening is the player's, and may hit one.
func TestUndoKeepsMines(t *testing.T) {
	g := drawn(t, small, board.Opening)
	apply(t, g, at(1), mv(Open, 4, 0))
	if err := g.Undo(at(2)); err != nil {
		t.Fatalf("Undo() = %v", err)
	}
	if got := g.Board().String(); got != closed(5, 4) || !g.Board().Started() {
		t.Errorf("after Undo, the board is\n%s(started %v); want every cell closed, the mines laid", got, g.Board().Started())
	}
	if i, judge := g.WillOpen(board.Point{}); i != 0 || !judge {
		t.Errorf("WillOpen((0,0)) = %d, %v; want 0, true: the opening is the player's", i, judge)
	}
	apply(t, g, at(3), mv(Open, 0, 0))
	if g.Status() != board.Lost {
		t.Errorf("opening the mine at (0,0) after the undo: %v; want lost", g.Status())
	}
}

// TestKnown checks which games are on boards the player could know: a
// board file's, a chosen seed's, a board restarted after cells of its
// layout were revealed, for good until a new game.
func TestKnown(t *testing.T) {
	g := drawn(t, small, board.Opening)
	steps := []struct {
		name      string
		do        func() error
		known     bool
		restarted bool
	}{
		{"a new random game", func() error { return nil }, false, false},
		{"restarted after a flag", func() error {
			_, err := g.Apply(mv(Toggle, 0, 0), at(1))
			g.Restart()
			return err
		}, false, false},
		{"restarted after an opening", func() error {
			_, err := g.Apply(mv(Open, 4, 0), at(2))
			g.Restart()
			return err
		}, true, true},
		{"restarted again, before an opening", func() error { g.Restart(); return nil }, true, true},
		{"a new game", func() error { return g.Renew(2) }, false, false},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if g.Known() != st.known || g.Restarted() != st.restarted {
			t.Errorf("%s: Known() = %v, Restarted() = %v; want %v, %v", st.name, g.Known(), g.Restarted(), st.known, st.restarted)
		}
	}

	cfg := drawnConfig(t, small, board.Opening)
	seeded, err := New(cfg, 7, Seeded)
	if err != nil {
		t.Fatal(err)
	}
	file := fixed(t, small, false)
	for _, tt := range []struct {
		g      *Game
		origin Origin
		known  bool
	}{{seeded, Seeded, true}, {file, File, true}} {
		if tt.g.Origin() != tt.origin || tt.g.Known() != tt.known {
			t.Errorf("a %v game: Origin() = %v, Known() = %v; want %v, %v", tt.origin, tt.g.Origin(), tt.g.Known(), tt.origin, tt.known)
		}
		if err := tt.g.Renew(8); err != nil {
			t.Fatal(err)
		}
		if tt.g.Origin() != Drawn || tt.g.Known() || tt.g.Seed() != 8 || tt.g.Source() != "" {
			t.Errorf("a %v game renewed: Origin() = %v, Known() = %v, Seed() = %d, Source() = %q; want drawn, false, 8, \"\"",
				tt.origin, tt.g.Origin(), tt.g.Known(), tt.g.Seed(), tt.g.Source())
		}
	}
}

// TestRestart checks that a restart plays the same board again from the
// start and forgets the game's moves, marks and clock.
func TestRestart(t *testing.T) {
	g := drawn(t, small, board.Opening)
	apply(t, g, at(10), mv(Open, 4, 0), mv(Hint, 4, 3), mv(Open, 0, 0))
	if err := g.Undo(at(11)); err != nil {
		t.Fatal(err)
	}
	version := g.Version()
	g.Restart()
	n, first := g.Ends()
	if g.Board().String() != closed(5, 4) || len(g.Moves()) != 0 || g.Assisted() || g.Undone() || n != 0 || first != board.Playing ||
		g.Started() || g.Status() != board.Playing || g.Version() == version {
		t.Errorf("after Restart: board\n%s%d moves, assisted %v, undone %v, Ends() = %d, %v, started %v, status %v, version %d (was %d); want all reset",
			g.Board(), len(g.Moves()), g.Assisted(), g.Undone(), n, first, g.Started(), g.Status(), g.Version(), version)
	}
	// The same mines: none is laid again, wherever the first opening is.
	apply(t, g, at(20), mv(Open, 0, 0))
	if g.Status() != board.Lost {
		t.Errorf("after Restart, opening the mine at (0,0): %v; want lost", g.Status())
	}
}

// TestChoose checks that Choose starts a game of new settings, and keeps
// the old ones when the new cannot be played.
func TestChoose(t *testing.T) {
	g := drawn(t, small, board.Opening)
	beginner := Config{Settings: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Safe}}
	if err := g.Choose(beginner, 3); err != nil {
		t.Fatalf("Choose(%v) = %v", beginner.Settings, err)
	}
	if g.Settings() != beginner.Settings || g.Config().Settings != beginner.Settings || g.Seed() != 3 || g.Board().Width() != 9 {
		t.Errorf("after Choose: settings %v, config %v, seed %d; want %v, seed 3", g.Settings(), g.Config().Settings, g.Seed(), beginner.Settings)
	}
	bad := Config{Settings: board.Settings{Width: 0, Height: 9, Mines: 10}}
	if err := g.Choose(bad, 4); err == nil {
		t.Errorf("Choose(%v) = nil; want an error", bad.Settings)
	}
	if g.Config().Settings != beginner.Settings || g.Seed() != 3 {
		t.Errorf("after a refused Choose: config %v, seed %d; want %v, seed 3", g.Config().Settings, g.Seed(), beginner.Settings)
	}
}

// TestRenewCrowded checks that a board file's game with more mines than
// its rule allows renews as random boards of mines anywhere.
func TestRenewCrowded(t *testing.T) {
	b := parse(t, "***\n*.*\n***\n")
	cfg := Config{Settings: settingsOf(b, board.Opening)} // 8 mines on 3x3: more than the opening rule allows
	g, err := NewFixed(cfg, b.Layout(), "crowded.txt", 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Renew(5); err != nil {
		t.Fatalf("Renew() = %v", err)
	}
	if s := g.Settings(); s.Rule != board.Unsafe || s.Mines != 8 || g.Origin() != Drawn || g.Source() != "" {
		t.Errorf("after Renew: settings %v, origin %v, source %q; want 3x3n8 unsafe, drawn, none", s, g.Origin(), g.Source())
	}
}

// TestNumbers checks the numbers of a game: time, clicks, and the 3BV and
// what the board is made of once it is over.
func TestNumbers(t *testing.T) {
	g := fixed(t, small, false)
	apply(t, g, at(10), mv(Toggle, 0, 0), mv(Open, 4, 0))
	apply(t, g, at(12), mv(Hint, 4, 3))
	clicks := Figures{Opens: 1, Flags: 1}
	if got, want := g.Numbers(at(14)), (Numbers{Time: 4 * time.Second, Clicks: 2, Figures: clicks}); got != want {
		t.Errorf("Numbers() in play = %+v; want %+v", got, want)
	}
	apply(t, g, at(14), mv(AutoOpen, 4, 3))
	// One opening, the lone 1 at (4,3) its own island; ZiNi opens both.
	// The solver's opening is a click as it made it: two clicks clear the
	// 3BV of 2, and the flag was one more.
	want := Numbers{Time: 4 * time.Second, ThreeBV: 2, Clicks: 3, Won: true,
		Figures: Figures{Opens: 1, Flags: 1, Solver: 1, Openings: 1, Islands: 1, Solved: 2, ZiNi: 2}}
	got := g.Numbers(at(99))
	if got != want {
		t.Errorf("Numbers() won = %+v; want %+v", got, want)
	}
	if s, e := got.Speed(), got.Efficiency(); s != 0.5 || e != 2.0/3 {
		t.Errorf("Speed(), Efficiency() = %v, %v; want 0.5, 2/3", s, e)
	}
	// What is not known is 0.
	for _, tt := range []struct {
		n            Numbers
		speed, effic float64
	}{
		{Numbers{Time: time.Second, ThreeBV: 2, Clicks: 2}, 0, 0}, // lost
		{Numbers{ThreeBV: 2, Clicks: 4, Won: true}, 0, 0.5},       // no time
		{Numbers{Time: time.Second, Clicks: 1, Won: true}, 0, 0},  // no 3BV
		{Numbers{Time: 2 * time.Second, ThreeBV: 3, Won: true}, 1.5, 0},
	} {
		if s, e := tt.n.Speed(), tt.n.Efficiency(); s != tt.speed || e != tt.effic {
			t.Errorf("%+v: Speed(), Efficiency() = %v, %v; want %v, %v", tt.n, s, e, tt.speed, tt.effic)
		}
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/ui"
)

func TestHistoryGame(t *testing.T) {
	end := time.Date(2026, 11, 23, 20, 0, 0, 123456789, time.UTC)
	won := ui.Result{
		Status: board.Won, Started: true, Elapsed: 41270 * time.Millisecond,
		Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true},
		Seed:  7, Assisted: true, ThreeBV: 23,
		Mines: []board.Point{{X: 1, Y: 2}, {X: 8, Y: 0}},
		Moves: []ui.TimedMove{
			{Move: board.Move{Action: board.Toggle, At: board.Point{X: 8}}, At: 0},
			{Move: board.Move{Action: board.Open, At: board.Point{X: 4, Y: 4}}, At: 0},
			{Move: board.Move{Action: board.Chord, At: board.Point{X: 2, Y: 2}}, At: 1500 * time.Millisecond},
		},
	}
	lostRecord := won
	lostRecord.Status, lostRecord.Source, lostRecord.Assisted, lostRecord.Undone = board.Lost, "game.txt", false, true
	tests := []struct {
		name string
		r    ui.Result
		want string
	}{
		{"won at a level", won, `{"v":1,"date":"2026-11-23T20:00:00.123Z","board":"9x9n10 opening no-guess","level":"beginner","seed":7,` +
			`"layout":[[1,2],[8,0]],"result":"won","time_ms":41270,"3bv":23,"clicks":3,"assisted":true,` +
			`"moves":[{"m":"F8,0","t":0},{"m":"O4,4","t":0},{"m":"C2,2","t":1500}]}`},
		{"lost on a record's board", lostRecord, `{"v":1,"date":"2026-11-23T20:00:00.123Z","board":"9x9n10 opening no-guess","seed":0,"source":"game.txt",` +
			`"layout":[[1,2],[8,0]],"result":"lost","time_ms":41270,"3bv":23,"clicks":3,"undone":true,` +
			`"moves":[{"m":"F8,0","t":0},{"m":"O4,4","t":0},{"m":"C2,2","t":1500}]}`},
	}
	for _, tt := range tests {
		b, err := json.Marshal(historyGame(tt.r, end))
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tt.want {
			t.Errorf("%s:\ngot  %s\nwant %s", tt.name, b, tt.want)
		}
	}
}

// TestKeeper keeps two games in a store of the test's own and reads back
// the statistics the game's key shows, and the new best time.
func TestKeeper(t *testing.T) {
	t.Setenv("MINESWEEPER_HOME", t.TempDir())
	k := newKeeper()
	k.now = func() time.Time { return time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC) }
	s := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	if got := k.stats(s); len(got) != 1 || got[0] != "No game of this kind has ended yet." {
		t.Errorf("stats before any game = %q", got)
	}
	win := func(d time.Duration) ui.Result {
		return ui.Result{Status: board.Won, Started: true, Elapsed: d, Board: s, Seed: 1, ThreeBV: 10,
			Moves: make([]ui.TimedMove, 12)}
	}
	for i, tt := range []struct {
		r    ui.Result
		note string
	}{
		{win(20 * time.Second), "new best time"},
		{win(25 * time.Second), ""},
		{win(15 * time.Second), "new best time"},
	} {
		if got := k.finished(tt.r); got != tt.note {
			t.Errorf("game %d: note %q; want %q", i, got, tt.note)
		}
	}
	// Another run reads the best time from the log.
	other := newKeeper()
	other.now = k.now
	if got := other.finished(win(17 * time.Second)); got != "" {
		t.Errorf("another run's 17 s after a 15 s win: note %q; want none", got)
	}
	if got := other.finished(win(14 * time.Second)); got != "new best time" {
		t.Errorf("another run's 14 s: note %q; want new best time", got)
	}
	k = newKeeper()
	k.now = other.now
	got := strings.Join(k.stats(s), "\n")
	want := "played 5, won 5 (100%)\nwinning streak 5, best 5\nbest 3BV/s 0.71\nbest times:\n" +
		" 1.    14.00 s  2026-11-23 20:00\n 2.    15.00 s  2026-11-23 20:00\n 3.    17.00 s  2026-11-23 20:00\n" +
		" 4.    20.00 s  2026-11-23 20:00\n 5.    25.00 s  2026-11-23 20:00"
	if got != want {
		t.Errorf("stats:\n%s\nwant:\n%s", got, want)
	}
	if len(k.warnings) != 0 {
		t.Errorf("warnings %q; want none", k.warnings)
	}
}

// TestKeeperLeave checks what a run leaves for the next: a game left
// before its end is saved and offered again, a game that ended removes the
// saved game it started from, and the board played last is remembered.
func TestKeeperLeave(t *testing.T) {
	home := filepath.Join(t.TempDir(), "state")
	t.Setenv("MINESWEEPER_HOME", home)
	s := board.Settings{Width: 12, Height: 8, Mines: 10, Rule: board.Safe}
	mines := []board.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 2, Y: 0}, {X: 3, Y: 0}, {X: 4, Y: 0}, {X: 5, Y: 0}, {X: 6, Y: 0}, {X: 7, Y: 0}, {X: 8, Y: 0}, {X: 9, Y: 0}}
	playing := ui.Result{Status: board.Playing, Started: true, Elapsed: 7300 * time.Millisecond, Board: s, Seed: 4, Mines: mines,
		Moves: []ui.TimedMove{{Move: board.Move{Action: board.Open, At: board.Point{X: 5, Y: 5}}}}}

	k := newKeeper()
	if _, ok, _ := k.prefs(); ok {
		t.Fatal("prefs() of a new state directory found some")
	}
	if _, ok := k.saved(s); ok {
		t.Fatal("saved() of a new state directory found a game")
	}
	if _, err := os.Stat(home); err == nil {
		t.Errorf("reading made the state directory %s", home)
	}
	if got := k.leave(playing); !got.saved || got.number != 0 {
		t.Errorf("leave(a game in play) = %+v; want saved", got)
	}
	k.remember(s, true, "mono")

	k = newKeeper()
	if got, ok, theme := k.prefs(); !ok || got != s || theme != "mono" {
		t.Errorf("prefs() = %v, %v, %q; want %v, mono", got, ok, theme, s)
	}
	kept, ok := k.saved(s)
	if !ok || kept.Elapsed != playing.Elapsed || kept.Seed != 4 || len(kept.Moves) != 1 || len(kept.Mines) != 10 {
		t.Fatalf("saved() = %+v, %v; want the game left", kept, ok)
	}
	if _, ok := k.saved(board.Settings{Width: 12, Height: 8, Mines: 10, Rule: board.Opening}); ok {
		t.Error("saved() of another rule found the game")
	}
	// The game goes on and ends: the saved game goes.
	k.offered = s
	won := playing
	won.Status = board.Won
	k.finished(won)
	if got := k.leave(won); got.saved || got.number != 1 {
		t.Errorf("leave(a game won) = %+v; want number 1", got)
	}
	if _, ok := newKeeper().saved(s); ok {
		t.Error("the saved game is still there after it was won")
	}

	// A saved game that does not fit its board is moved aside.
	k = newKeeper()
	bad := playing
	bad.Mines = mines[:3]
	k.leave(bad)
	if _, ok := k.saved(s); ok || len(k.warnings) != 1 || !strings.Contains(k.warnings[0], "moved to") {
		t.Errorf("saved() of a game with 3 of 10 mines = %v, warnings %q; want none, one warning", ok, k.warnings)
	}

	// A level is remembered by its name.
	k = newKeeper()
	expert := board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}
	k.remember(expert, true, "")
	if got, ok, theme := newKeeper().prefs(); !ok || got != expert || theme != "" {
		t.Errorf("prefs() after expert = %v, %v, %q; want %v, no theme", got, ok, theme, expert)
	}
	// A board file's game keeps the board before, and the theme chosen.
	newKeeper().remember(board.Settings{Width: 3, Height: 3, Mines: 1}, false, "colour-blind")
	if got, ok, theme := newKeeper().prefs(); !ok || got != expert || theme != "colour-blind" {
		t.Errorf("prefs() after a board file's game = %v, %v, %q; want %v, colour-blind", got, ok, theme, expert)
	}
}

package session

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// TestDailyOf is the table of the rules of the daily boards: a game as
// the history keeps it and whether its date and level counted already in,
// what it counts for as a daily out.
func TestDailyOf(t *testing.T) {
	const day = "2026-11-25"
	noon := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	game := func(date time.Time, ms int64, change ...func(*history.Game)) history.Game {
		g := history.Game{Daily: day, Level: "beginner", Date: date, Result: "lost", TimeMS: ms}
		for _, c := range change {
			c(&g)
		}
		return g
	}
	tests := []struct {
		name    string
		g       history.Game
		counted bool // a game of its date and level counted already
		want    Daily
		open    bool // another game of its date and level was left unfinished
	}{
		{"not a daily board", history.Game{Date: noon, Result: "won"}, false, NotDaily, false},
		{"the first attempt, lost", game(noon, 5000), false, DailyCounted, false},
		{"the first attempt, won", game(noon, 5000, func(g *history.Game) { g.Result = "won" }), false, DailyCounted, false},
		{"the first attempt, given up", game(noon, 5000, func(g *history.Game) { g.GaveUp = true }), false, DailyCounted, false},
		{"the first attempt, assisted", game(noon, 5000, func(g *history.Game) { g.Assisted = true }), false, DailyCounted, false},
		{"a second attempt", game(noon, 5000, func(g *history.Game) { g.Result = "won" }), true, DailyAgain, false},
		{"a second attempt, given up", game(noon, 5000, func(g *history.Game) { g.GaveUp = true }), true, DailyAgain, false},
		{"played again after its cells were seen", game(noon, 5000, func(g *history.Game) { g.Restarted, g.Known = true, true }), false, DailyAgain, false},
		{"the day before", game(noon.AddDate(0, 0, -1), 5000), false, DailyOtherDay, false},
		{"the day after", game(noon.AddDate(0, 0, 1), 5000), false, DailyOtherDay, false},
		{"another date, played before", game(noon.AddDate(0, 0, 1), 5000), true, DailyOtherDay, false},
		{"the last second of its date", game(time.Date(2026, 11, 25, 23, 59, 59, 0, time.UTC), 5000), false, DailyCounted, false},
		{"begun on its date, ended after", game(time.Date(2026, 11, 26, 0, 0, 30, 0, time.UTC), 60000), false, DailyCounted, false},
		{"begun and ended after", game(time.Date(2026, 11, 26, 0, 2, 0, 0, time.UTC), 60000), false, DailyOtherDay, false},
		{"its date in another time zone", game(time.Date(2026, 11, 26, 8, 0, 0, 0, time.FixedZone("JST", 9*3600)), 5000), false, DailyCounted, false},
		{"another attempt while one is left unfinished", game(noon, 5000, func(g *history.Game) { g.Result = "won" }), false, DailyOpen, true},
		{"another attempt, given up, while one is left unfinished", game(noon, 5000, func(g *history.Game) { g.GaveUp = true }), false, DailyOpen, true},
		{"played before, and one left unfinished", game(noon, 5000), true, DailyAgain, true},
		{"another date, one left unfinished", game(noon.AddDate(0, 0, 1), 5000), false, DailyOtherDay, true},
	}
	for _, tt := range tests {
		if got := DailyOf(tt.g, tt.counted, tt.open); got != tt.want {
			t.Errorf("%s: DailyOf(%+v, %v, %v) = %v; want %v", tt.name, tt.g, tt.counted, tt.open, got, tt.want)
		}
	}
}

// pocket is the daily test board, a beginner's size and mines: opening
// (0,0) opens every safe cell but (8,8), shut in by mines; opening (8,8)
// then wins, and opening a mine loses.
const pocket = `
.........
.........
.........
.........
.........
.........
.........
.......**
*******.*
`

// dailyConfig returns the config of a beginner daily board whose first
// opening lays pocket's mines.
func dailyConfig(t *testing.T) game.Config {
	t.Helper()
	b, err := board.Parse(pocket)
	if err != nil {
		t.Fatal(err)
	}
	mines := b.Layout()
	return game.Config{
		Settings: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true},
		Layout: func(board.Settings, board.Point, *rand.Rand) ([]board.Point, error) {
			return slices.Clone(mines), nil
		},
	}
}

// dailyPlayed returns a game on the daily board of date, its start cell
// (0,0) opened at t0 and then, as result says, won or lost secs seconds
// later, or left in play ("playing").
func dailyPlayed(t *testing.T, date, result string, secs int) *game.Game {
	t.Helper()
	g, err := game.NewDaily(dailyConfig(t), game.DailyBoard{Date: date, Seed: 3, Start: board.Point{}})
	if err != nil {
		t.Fatal(err)
	}
	apply(t, g, at(0), mv(game.Open, 0, 0))
	switch result {
	case "won":
		apply(t, g, at(secs), mv(game.Open, 8, 8))
	case "lost":
		apply(t, g, at(secs), mv(game.Open, 8, 7))
	}
	return g
}

// TestDailyCounts plays the rules through a session and its store: the
// first game of a date and level to end counts for it, lost or given up
// as a loss too; later games of it, and games on another date's board,
// are practice, kept as known boards; each level is a daily of its own.
func TestDailyCounts(t *testing.T) {
	s, dir := newSession(t) // its clock: 2026-02-01, a minute later each call
	const today, yesterday = "2026-02-01", "2026-01-31"
	if _, d, err := s.Daily("", "beginner"); d != DailyCounted || err != nil {
		t.Fatalf("Daily(today, beginner) before any game = %v, %v; want %v", d, err, DailyCounted)
	}
	steps := []struct {
		name string
		keep func() Counts
		want Counts
	}{
		{"the first game, lost", func() Counts { return s.Ended(dailyPlayed(t, today, "lost", 4).Kept(at(4), true)) },
			Counts{Number: 1, Played: true, Daily: DailyCounted}},
		{"a second game, won", func() Counts { return s.Ended(dailyPlayed(t, today, "won", 3).Kept(at(3), true)) },
			Counts{Number: 2, Why: Known, Daily: DailyAgain}},
		{"another date's board, won", func() Counts { return s.Ended(dailyPlayed(t, yesterday, "won", 2).Kept(at(2), true)) },
			Counts{Number: 3, Why: Known, Daily: DailyOtherDay}},
		{"another level's first game, given up", func() Counts {
			g := dailyPlayed(t, today, "playing", 0)
			k := g.Kept(at(5), true)
			k.Settings.Mines, k.Settings.Width, k.Settings.Height = 99, 30, 16 // expert's, as far as the records go
			k.Mines = nil
			return s.GaveUp(k)
		}, Counts{Number: 4, Played: true, GaveUp: true, Daily: DailyCounted}},
		{"a board of no day", func() Counts { return s.Ended(won(t, 10, game.Drawn).Kept(at(10), true)) },
			Counts{Number: 5, Played: true, Clean: true, NewBest: true}},
	}
	for _, st := range steps {
		if got := st.keep(); got != st.want {
			t.Errorf("%s: %+v; want %+v", st.name, got, st.want)
		}
	}
	games := historyOf(t, dir)
	for i, want := range []struct {
		daily string
		known bool
	}{{today, false}, {today, true}, {yesterday, true}, {today, false}, {"", false}} {
		if g := games[i]; g.Daily != want.daily || g.Known != want.known {
			t.Errorf("game %d: daily %q, known %v; want %q, %v", i+1, g.Daily, g.Known, want.daily, want.known)
		}
	}
	if _, d, err := s.Daily("", "beginner"); d != DailyAgain || err != nil {
		t.Errorf("Daily(today, beginner) after its game = %v, %v; want %v", d, err, DailyAgain)
	}
	if _, d, err := s.Daily("2026-02-02", "beginner"); d != DailyOtherDay || err != nil {
		t.Errorf("Daily(tomorrow, beginner) = %v, %v; want %v", d, err, DailyOtherDay)
	}
	st := s.Stats(dailyConfig(t).Settings)
	want := []history.DailyStats{
		{Level: "beginner", Played: 1, Last: today},
		{Level: "expert", Played: 1, Last: today},
	}
	if got := st.Daily; st.Err != nil || !slices.EqualFunc(got, want, func(a, b history.DailyStats) bool { return a == b }) {
		t.Errorf("Stats().Daily = %+v, %v; want %+v", got, st.Err, want)
	}
	// The daily games are no-guess beginner games too: the counted one
	// counts there, the practice apart.
	if st.Counted.Played != 1 || st.Known.Played != 2 {
		t.Errorf("Stats(): %d counted, %d known; want 1, 2", st.Counted.Played, st.Known.Played)
	}
	noWarnings(t, s)
}

// TestDailySaved checks the daily games left unfinished: the first game
// of a date is saved, for SavedDaily alone, not offered with the other
// games of its kind; a practice game is not saved.
func TestDailySaved(t *testing.T) {
	s, dir := newSession(t)
	const today = "2026-02-01"
	left := s.Leave(dailyPlayed(t, today, "playing", 0).Kept(at(5), false), true)
	if !left.Saved {
		t.Fatalf("Leave(the first daily game) = %+v; want saved", left)
	}
	b, _, err := s.Daily(today, "beginner")
	if err != nil {
		t.Fatal(err)
	}
	r := sessionIn(t, dir)
	if k, _, ok := r.Saved(b.Settings, false); ok {
		t.Errorf("Saved(beginner no-guess) offers %+v, a daily game", k)
	}
	k, others, ok := r.SavedDaily(b, true)
	if !ok || k.Daily != today || k.Origin != game.Daily || others != 0 {
		t.Fatalf("SavedDaily() = %+v, %d, %v; want today's daily game", k, others, ok)
	}
	// Resumed and given up: it counts, as a loss; the saved game is gone.
	if c := r.GaveUp(*k); c.Daily != DailyCounted || !c.GaveUp {
		t.Errorf("GaveUp(the resumed daily) = %+v; want it counted for its date, given up", c)
	}
	r.Leave(*k, false)
	if _, _, ok := r.SavedDaily(b, false); ok {
		t.Error("the daily game given up is still saved")
	}
	// Now practice: left unfinished, it is not saved.
	if left := r.Leave(dailyPlayed(t, today, "playing", 0).Kept(at(5), false), true); left.Saved {
		t.Errorf("Leave(a practice daily game) = %+v; want not saved", left)
	}
	noWarnings(t, s)
	noWarnings(t, r)
}

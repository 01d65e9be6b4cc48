package session

import (
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
)

// TestDailyDropped checks a daily game dropped mid-play, as the issue
// played it: the player drops the first game of the day, then plays the
// board afresh. The game dropped is offered again (OpenDaily) and stays
// the day's attempt; a game started while it is open is practice
// (DailyOpen), kept as a known board, and left unfinished is not saved;
// the game dropped, resumed and ended, is the day's result.
func TestDailyDropped(t *testing.T) {
	s, dir := newSession(t)
	const today = "2026-02-01"
	if left := s.Leave(dailyPlayed(t, today, "playing", 0).Kept(at(5), false), true); !left.Saved {
		t.Fatalf("Leave(the first daily game) = %+v; want saved", left)
	}
	// Another run, from the menu: today's board is practice while the
	// game dropped is open, and a game of it ended counts for nothing.
	q := sessionIn(t, dir)
	if _, d, err := q.Daily("", "beginner"); d != DailyOpen || err != nil {
		t.Errorf("Daily(today, beginner) with a game of it left unfinished = %v, %v; want %v", d, err, DailyOpen)
	}
	if c := q.Ended(dailyPlayed(t, today, "won", 3).Kept(at(3), true)); c.Daily != DailyOpen || c.Played || c.Clean {
		t.Errorf("Ended(a fresh game while one is open) = %+v; want practice, %v", c, DailyOpen)
	}
	if left := q.Leave(dailyPlayed(t, today, "playing", 0).Kept(at(5), false), true); left.Saved {
		t.Errorf("Leave(a fresh game while one is open) = %+v; want not saved", left)
	}
	// The next run is offered the game dropped, which counts.
	r := sessionIn(t, dir)
	b, k, others, d, ok := r.OpenDaily()
	if !ok || k.Daily != today || k.Origin != game.Daily || others != 0 || b.Date != today || b.Level != "beginner" {
		t.Fatalf("OpenDaily() = %+v, %+v, %d, %v; want today's beginner game left", b, k, others, ok)
	}
	if d != DailyCounted {
		t.Errorf("OpenDaily() counts %v; want %v", d, DailyCounted)
	}
	resumed := dailyPlayed(t, today, "won", 7).Kept(at(7), true)
	if c := r.Ended(resumed); c.Daily != DailyCounted || !c.Played {
		t.Errorf("Ended(the game dropped, resumed) = %+v; want it counted for its date", c)
	}
	r.Leave(resumed, true)
	if _, _, _, _, ok := sessionIn(t, dir).OpenDaily(); ok {
		t.Error("OpenDaily() after the game ended still offers it")
	}
	games := historyOf(t, dir)
	if len(games) != 2 || !games[0].Known || games[1].Known || games[1].TimeMS != 7000 {
		t.Errorf("history %+v; want the practice game known, then the game dropped, counted", games)
	}
	noWarnings(t, s)
	noWarnings(t, q)
	noWarnings(t, r)
}

// TestDailyOpenPastDay checks a daily game left unfinished when its day
// ends: at the player's next look, the next day, it is kept as it was
// left, given up, the loss of its date, and is no longer saved; the
// next day's board is then the player's to count.
func TestDailyOpenPastDay(t *testing.T) {
	s, dir := newSession(t)
	const day = "2026-02-01"
	if left := s.Leave(dailyPlayed(t, day, "playing", 0).Kept(at(5), false), true); !left.Saved {
		t.Fatalf("Leave(the first daily game) = %+v; want saved", left)
	}
	r := sessionIn(t, dir)
	next := t0.AddDate(0, 0, 1)
	r.Now = func() time.Time { return next }
	if _, d, err := r.Daily("", "beginner"); d != DailyCounted || err != nil {
		t.Errorf("Daily(the next day, beginner) = %v, %v; want %v", d, err, DailyCounted)
	}
	games := historyOf(t, dir)
	if len(games) != 1 {
		t.Fatalf("history holds %d games; want the game left, kept", len(games))
	}
	if g := games[0]; g.Daily != day || g.Known || !g.GaveUp || g.Result != "lost" {
		t.Errorf("the game left, kept: daily %q, known %v, gave up %v, %s; want %s's loss, given up", g.Daily, g.Known, g.GaveUp, g.Result, day)
	}
	b, err := daily.Of(day, "beginner")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := r.SavedDaily(b, false); ok {
		t.Error("the game left is still saved")
	}
	st := r.Stats(dailyConfig(t).Settings)
	if len(st.Daily) != 1 || st.Daily[0].Played != 1 || st.Daily[0].Won != 0 {
		t.Errorf("Stats().Daily = %+v; want 1 day played, lost", st.Daily)
	}
	noWarnings(t, s)
	noWarnings(t, r)
}

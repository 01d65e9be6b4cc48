package serve

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// TestDailyDroppedServer plays the daily: a player starts today's
// daily board from the menu, opens its start cell and drops the
// connection. The board is the server's, laid from its secret of the
// day, not the public board of the date, and its commitment is on the
// screen; the game dropped is saved, offered again at the next
// connection before anything else, and played on it is the day's one
// counted attempt, shared by its commitment (the public board's command
// would play another board).
func TestDailyDroppedServer(t *testing.T) {
	ctx := context.Background()
	ts := startServer(t, Config{})
	key := testKey(t)
	id := host.Fingerprint(key)
	today := daily.Today(time.Now())

	c := ts.dial(t, key)
	tm := open(t, c, 100, 30)
	tm.waitFor("Choose a display name")
	tm.send("Dropper\r")
	tm.waitFor("playing as Dropper")
	tm.send("o" + strings.Repeat("j", 7) + " \r") // the menu: Daily board on, Enter
	tm.waitFor("daily: open the marked cell")
	secret, ok, err := ts.cfg.Players.KeptSecret(ctx, today)
	if err != nil || !ok {
		t.Fatalf("KeptSecret(%s) = %v, %v; want the secret the daily board was laid from", today, ok, err)
	}
	commit := daily.Commitment(today, "beginner", secret)
	tm.waitFor("daily " + today + ", sha256 " + commit[:16])
	tm.send(" ") // the start cell, under the cursor
	tm.waitFor("Time 1")
	c.Close()
	waitSessions(t, ts, 0)

	st := ts.cfg.Players.Player(id)
	saved, err := st.Saved(ctx, board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true})
	if err != nil || len(saved) != 1 || saved[0].Game.Daily != today {
		t.Fatalf("Saved() = %+v, %v; want the daily game dropped", saved, err)
	}
	pub, _ := daily.Of(today, "beginner")
	ranked, _ := daily.OfSecret(today, "beginner", secret)
	if got := saved[0].Game.Seed; got != ranked.Seed || got == pub.Seed {
		t.Errorf("the daily game's seed %d; want the server's board's, %d, not the public one's, %d", got, ranked.Seed, pub.Seed)
	}

	tm = open(t, ts.dial(t, key), 100, 30)
	tm.waitFor("A game of this board was left unfinished")
	tm.waitFor("daily " + today)
	tm.send("y")
	tm.send("aa") // the solver plays it to its end
	tm.waitFor("[ You ")
	tm.send("q")
	if got := tm.wait(); got != 0 {
		t.Fatalf("exit status %d; want 0", got)
	}
	if out := tm.output(); !strings.Contains(out, "the server's board, sha256 "+commit) || strings.Contains(out, "play it: minesweeper daily") {
		t.Errorf("the lines after the game: %q; want the share line to name the server's board by its commitment", tail(out))
	}
	if counted, err := st.DailyCounted(ctx, today, "beginner"); !counted || err != nil {
		t.Errorf("DailyCounted(%s, beginner) = %v, %v; want the game dropped, played on, counted", today, counted, err)
	}
	if n, err := st.Count(ctx); n != 1 || err != nil {
		t.Errorf("Count() = %d, %v; want 1: the game dropped, once", n, err)
	}
	if saved, err := st.Saved(ctx, ranked.Settings); len(saved) != 0 || err != nil {
		t.Errorf("Saved() after its end = %+v, %v; want none", saved, err)
	}
}

// TestDailyBoardServer checks the server's daily boards: today's laid
// from a secret drawn and kept, not the public board; a date to come
// gets no secret and the public board (practice); and two servers on
// one database lay the same board.
func TestDailyBoardServer(t *testing.T) {
	ctx := context.Background()
	a := startServer(t, Config{})
	b := startServer(t, Config{Players: a.cfg.Players})
	today := daily.Today(time.Now())
	ba, err := a.game.dailyBoard(ctx, today, "expert")
	if err != nil {
		t.Fatal(err)
	}
	bb, err := b.game.dailyBoard(ctx, today, "expert")
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := daily.Of(today, "expert")
	if ba.Seed == pub.Seed || ba.Commitment == "" {
		t.Errorf("dailyBoard(today, expert) = %+v; want another board than the public one, %+v, with a commitment", ba, pub)
	}
	if ba != bb {
		t.Errorf("two servers' dailyBoard(today, expert) = %+v, %+v; want the same", ba, bb)
	}
	tomorrow := daily.Today(time.Now().AddDate(0, 0, 2))
	bt, err := a.game.dailyBoard(ctx, tomorrow, "expert")
	pubT, _ := daily.Of(tomorrow, "expert")
	if err != nil || bt != pubT {
		t.Errorf("dailyBoard(%s, expert) = %+v, %v; want the public board, %+v", tomorrow, bt, err, pubT)
	}
	if _, ok, err := a.cfg.Players.KeptSecret(ctx, tomorrow); ok || err != nil {
		t.Errorf("KeptSecret(%s) = %v, %v; want no secret drawn for a day to come", tomorrow, ok, err)
	}
}

// sweepClock is a server's clock for the sweep of the daily games: a time
// the test sets, and an After that hands the test each wait, to end when
// the test has moved the clock.
type sweepClock struct {
	mu    sync.Mutex
	now   time.Time
	waits chan sweepWait
}

// sweepWait is one wait of the sweep: how long, and what ends it.
type sweepWait struct {
	d    time.Duration
	done chan time.Time
}

func (c *sweepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *sweepClock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

func (c *sweepClock) After(d time.Duration) <-chan time.Time {
	w := sweepWait{d, make(chan time.Time, 1)}
	c.waits <- w
	return w.done
}

// next returns the sweep's next wait: it has swept.
func (c *sweepClock) next(t *testing.T) sweepWait {
	t.Helper()
	select {
	case w := <-c.waits:
		return w
	case <-testwait.After(t):
		t.Fatal("the sweep of the daily games did not come to wait")
		return sweepWait{}
	}
}

// TestDailySweep checks that a server ends the daily games left
// unfinished whose day has ended, of every player, whether they come
// back or not: at its start, the games of past days; at the next UTC
// midnight of its clock, the games of the day that ended; each kept as a
// loss for its date and no longer saved. A game another run is playing
// (its claim held) is that run's to end, and stays.
func TestDailySweep(t *testing.T) {
	ctx := context.Background()
	day := time.Now().UTC().AddDate(0, 0, -2).Truncate(24 * time.Hour) // D, two days ago
	date := func(offset int) string { return daily.Today(day.AddDate(0, 0, offset)) }
	clock := &sweepClock{now: day.Add(23*time.Hour + 59*time.Minute), waits: make(chan sweepWait, 4)}
	ps, err := store.OpenPlayers(context.Background(), t.TempDir(), "", func(msg string) { t.Errorf("store: %s", msg) })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ps.Close() })
	kind := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true}
	left := func(id string, offset int) int64 {
		t.Helper()
		g := history.Game{V: history.Version, Date: day.AddDate(0, 0, offset).Add(20 * time.Hour), Board: kind, Level: "beginner",
			Daily: date(offset), Seed: uint64(offset + 10), TimeMS: 4000, ThreeBV: 10}
		n, err := ps.Player(id).Save(ctx, g, store.Claim{})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	left("SHA256:past", -1) // the day before D: ended at the start
	left("SHA256:today", 0) // D: ended at its midnight
	held := left("SHA256:held", -1)
	// Another run plays it: its lease runs past the test's end.
	if err := ps.Player("SHA256:held").Claim(ctx, store.Claim{ID: held, Owner: "elsewhere"}, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	ts := startServer(t, Config{Players: ps, Now: clock.Now, After: clock.After})

	// kept reports whether player id's daily game of date is kept as a
	// loss for it, and no longer saved.
	kept := func(id string, offset int) bool {
		_, g, err := ps.Player(id).Last(ctx)
		saved, serr := ps.Player(id).Saved(ctx, kind)
		return err == nil && serr == nil && g.Daily == date(offset) && g.Result == "lost" && g.GaveUp && len(saved) == 0
	}
	stays := func(id string) {
		t.Helper()
		if saved, err := ps.Player(id).Saved(ctx, kind); len(saved) != 1 || err != nil {
			t.Errorf("%s's games left = %d, %v; want its daily game, still saved", id, len(saved), err)
		}
		if n, err := ps.Player(id).Count(ctx); n != 0 || err != nil {
			t.Errorf("%s's games kept = %d, %v; want none", id, n, err)
		}
	}

	w := clock.next(t) // the sweep at the start is done
	if !kept("SHA256:past", -1) {
		t.Errorf("at the start, the game of %s left unfinished is not kept as its loss", date(-1))
	}
	stays("SHA256:today")
	stays("SHA256:held")
	if want := time.Minute; w.d != want {
		t.Errorf("the sweep waits %v; want %v, to midnight", w.d, want)
	}

	clock.set(day.AddDate(0, 0, 1)) // midnight: D has ended
	w.done <- clock.Now()
	w = clock.next(t) // the sweep at midnight is done
	if !kept("SHA256:today", 0) {
		t.Errorf("at midnight, the game of %s left unfinished is not kept as its loss", date(0))
	}
	stays("SHA256:held")
	if want := 24 * time.Hour; w.d != want {
		t.Errorf("the sweep waits %v; want %v, to the next midnight", w.d, want)
	}
	if logs := ts.logs.String(); !strings.Contains(logs, "daily sweep: 2 players with daily games left unfinished looked at") {
		t.Errorf("the server's log:\n%s\nwant it to say the sweep looked at 2 players", logs)
	}
}

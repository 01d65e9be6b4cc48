package serve

import (
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
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
	ts := startServer(t, Config{})
	key := testKey(t)
	id := Fingerprint(key)
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
	a := startServer(t, Config{})
	b := startServer(t, Config{Players: a.cfg.Players})
	today := daily.Today(time.Now())
	ba, err := a.dailyBoard(today, "expert")
	if err != nil {
		t.Fatal(err)
	}
	bb, err := b.dailyBoard(today, "expert")
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
	bt, err := a.dailyBoard(tomorrow, "expert")
	pubT, _ := daily.Of(tomorrow, "expert")
	if err != nil || bt != pubT {
		t.Errorf("dailyBoard(%s, expert) = %+v, %v; want the public board, %+v", tomorrow, bt, err, pubT)
	}
	if _, ok, err := a.cfg.Players.KeptSecret(ctx, tomorrow); ok || err != nil {
		t.Errorf("KeptSecret(%s) = %v, %v; want no secret drawn for a day to come", tomorrow, ok, err)
	}
}

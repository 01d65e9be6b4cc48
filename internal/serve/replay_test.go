package serve

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"golang.org/x/crypto/ssh"
)

// keepDailyWin keeps, as the player of key, a clean win of the beginner
// daily board of the date of at, played then, a move a second; it returns
// the game's number.
func keepDailyWin(t *testing.T, ts *testServer, key ssh.Signer, at time.Time) int {
	t.Helper()
	b, err := daily.Of(daily.Today(at), "beginner")
	if err != nil {
		t.Fatal(err)
	}
	gm, err := game.NewDaily(game.Config{Settings: b.Settings, Layout: daily.Layout}, b.Game())
	if err != nil {
		t.Fatal(err)
	}
	mines, err := b.Mines()
	if err != nil {
		t.Fatal(err)
	}
	mine := map[board.Point]bool{}
	for _, m := range mines {
		mine[m] = true
	}
	open := func(p board.Point) {
		if _, err := gm.Apply(game.Move{Action: game.Open, At: p}, at); err != nil {
			t.Fatalf("open %v: %v", p, err)
		}
		at = at.Add(time.Second)
	}
	open(b.Start)
	for y := range b.Settings.Height {
		for x := range b.Settings.Width {
			p := board.Point{X: x, Y: y}
			if !mine[p] && gm.Board().Tile(p) == board.TileClosed {
				open(p)
			}
		}
	}
	if gm.Status() != board.Won {
		t.Fatalf("the daily game is %v; want won", gm.Status())
	}
	s := session.Over(ts.cfg.Players.Player(ssh.FingerprintSHA256(key.PublicKey())))
	defer s.Close()
	s.Now = func() time.Time { return at }
	c := s.Ended(gm.Record(at))
	if c.Daily != session.DailyCounted || !c.Clean {
		t.Fatalf("the daily game counts for %+v; want the day's, clean", c)
	}
	return c.Number
}

// The best games of yesterday's daily boards are listed to be replayed
// (ssh -t HOST watch): Enter plays one back to its end; today's are not
// listed, and a replay of today's is refused, until the day is over.
func TestWatchReplayDaily(t *testing.T) {
	ts := startServer(t, Config{After: func(d time.Duration) <-chan time.Time {
		if d > time.Hour { // the sweep's midnight
			return time.After(d)
		}
		c := make(chan time.Time, 1) // a replay's moves, at once
		c <- time.Now()
		return c
	}})
	now := time.Now()
	yesterday := now.AddDate(0, 0, -1)
	yve, zed := namedPlayer(t, ts, "Yve"), namedPlayer(t, ts, "Zed")
	keepDailyWin(t, ts, yve, yesterday)
	n := keepDailyWin(t, ts, zed, now)

	viewer := openCommand(t, ts.dial(t, nil), 100, 30, "watch")
	viewer.waitFor("replay: " + daily.Today(yesterday) + " beginner")
	if strings.Contains(viewer.screen(), "Zed") {
		t.Errorf("today's daily game is offered to replay:\n%s", viewer.screen())
	}
	viewer.send("\r")
	viewer.waitFor("watching Yve")
	viewer.waitFor("[ won ]")
	viewer.send("q") // back to the list
	viewer.waitFor("Games in play")
	viewer.send("q")
	viewer.wait()

	key := replayPrefix + daily.Today(now) + " " + strconv.Itoa(n) + " " + ssh.FingerprintSHA256(zed.PublicKey())
	done := make(chan struct{})
	defer close(done)
	if _, err := ts.game.startReplay(t.Context(), key, done); err == nil || !strings.Contains(err.Error(), "once the day is over") {
		t.Errorf("startReplay(today's) = %v; want refused until the day is over", err)
	}
}

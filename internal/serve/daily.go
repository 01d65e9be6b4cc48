package serve

import (
	"context"
	"fmt"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/session"
)

// dailyBoard returns the server's daily board of date and level, the one
// its players are ranked on: laid from the secret of date kept in the
// store (see daily.OfSecret), drawn now if date is today (UTC) and none
// was. Another date without a secret, which nobody played here as its
// day's board, has the public board of its date (see daily.Of): a game on
// it is practice. No secret is drawn for a day to come.
func (g *Game) dailyBoard(ctx context.Context, date, level string) (daily.Board, error) {
	var secret [32]byte
	var err error
	ok := true
	if date == daily.Today(g.cfg.Now()) {
		secret, err = g.cfg.Players.DailySecret(ctx, date)
	} else {
		secret, ok, err = g.cfg.Players.KeptSecret(ctx, date)
	}
	switch {
	case err != nil:
		return daily.Board{}, err
	case !ok:
		return daily.Of(date, level)
	}
	return daily.OfSecret(date, level, daily.Secret(secret))
}

// SweepDailies ends the daily games left unfinished whose day has ended,
// of every player (session.EndPastDailiesOf): at once, then at each UTC
// midnight of its clock (Config.Now, waited for through Config.After),
// until ctx is done. A game a session is playing past midnight is that
// session's to end (its claim); the rest count for their day as the day
// ends, whether their players come back or not. A server runs it with
// its own context (host.Server.Go), which Shutdown ends and waits for.
func (g *Game) SweepDailies(ctx context.Context) {
	log := func(msg string) { g.cfg.Log("daily sweep: %s", msg) }
	for {
		if n := session.EndPastDailiesOf(g.cfg.Players, g.cfg.Now, log); n > 0 {
			g.cfg.Log("daily sweep: %s with daily games left unfinished looked at", countPlayers(n))
		}
		now := g.cfg.Now()
		select {
		case <-ctx.Done():
			return
		case <-g.cfg.After(nextMidnight(now).Sub(now)):
		}
	}
}

// nextMidnight returns the UTC midnight after t: when the day of t ends.
func nextMidnight(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, time.UTC)
}

// countPlayers writes n players, "1 player" for one.
func countPlayers(n int) string {
	if n == 1 {
		return "1 player"
	}
	return fmt.Sprintf("%d players", n)
}

package serve

import (
	"github.com/minesweeper-go/minesweeper/internal/daily"
)

// dailyBoard returns the server's daily board of date and level, the one
// its players are ranked on: laid from the secret of date kept in the
// store (see daily.OfSecret), drawn now if date is today (UTC) and none
// was. Another date without a secret, which nobody played here as its
// day's board, has the public board of its date (see daily.Of): a game on
// it is practice. No secret is drawn for a day to come.
func (s *Server) dailyBoard(date, level string) (daily.Board, error) {
	var secret [32]byte
	var err error
	ok := true
	if date == daily.Today(s.cfg.Now()) {
		secret, err = s.cfg.Players.DailySecret(ctx, date)
	} else {
		secret, ok, err = s.cfg.Players.KeptSecret(ctx, date)
	}
	switch {
	case err != nil:
		return daily.Board{}, err
	case !ok:
		return daily.Of(date, level)
	}
	return daily.OfSecret(date, level, daily.Secret(secret))
}

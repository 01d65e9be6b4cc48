package session

import (
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// dailyBoard returns the daily board of date and level: DailyBoard's, or
// the public one.
func (s *Session) dailyBoard(date, level string) (daily.Board, error) {
	if s.DailyBoard != nil {
		return s.DailyBoard(date, level)
	}
	return daily.Of(date, level)
}

// dailyKind returns the board of the daily games of level, as the saved
// games are kept by it; ok false for a level that has no daily board.
func dailyKind(level string) (board.Settings, bool) {
	lv, err := daily.Level(level)
	if err != nil {
		return board.Settings{}, false
	}
	return board.Settings{Width: lv.Width, Height: lv.Height, Mines: lv.Mines, Rule: board.Opening, NoGuess: true}, true
}

// openDaily reports whether a game of g's daily board (its date and
// level) other than the saved game but was left unfinished: that game is
// the attempt of the date, and g is not (see DailyOf). A store that
// cannot be read says there is none, with a warning.
func (s *Session) openDaily(g history.Game, but int64) bool {
	kind, ok := dailyKind(g.Level)
	if g.Daily == "" || !ok {
		return false
	}
	saved, err := s.store.Saved(ctx, kind)
	if err != nil {
		s.Warn("the games left unfinished cannot be read: " + err.Error())
		return false
	}
	for _, sv := range saved {
		if sv.ID != but && sv.Game.Daily == g.Daily && sv.Game.Level == g.Level {
			return true
		}
	}
	return false
}

// EndPastDailies keeps the daily games left unfinished whose day has
// ended (UTC, by Now) as they were left, given up: each was the attempt
// of its date, and counts as a loss for it. Then they are no longer
// saved. It is done at the player's next look at the daily boards
// (Daily, SavedDaily, OpenDaily), once a day.
func (s *Session) EndPastDailies() {
	if !s.open() {
		return
	}
	today := daily.Today(s.Now())
	if s.endedTo == today {
		return
	}
	for _, lv := range board.Levels {
		kind, _ := dailyKind(lv.Name)
		saved, err := s.store.Saved(ctx, kind)
		if err != nil {
			s.Warn("the games left unfinished cannot be read: " + err.Error())
			return
		}
		for _, sv := range saved {
			g := sv.Game
			if g.Daily == "" || g.Daily >= today {
				continue
			}
			g.Result, g.GaveUp = "lost", true
			// Kept under a claim of its own, in the transaction that
			// removes it: a run that plays it elsewhere keeps it, not this.
			c := s.held.c
			if c.ID != sv.ID {
				c = store.Claim{ID: sv.ID, Owner: s.owner}
				if err := s.store.Claim(ctx, c, s.leaseNow()); err != nil {
					continue // played elsewhere, or gone: that run's to end
				}
			}
			if k := s.keepAs(g, c); k.Why == NotKept {
				return // warned; it stays saved, for the next look
			}
		}
	}
	s.endedTo = today
}

// dailyKinds are the boards of every level's daily games.
func dailyKinds() []board.Settings {
	kinds := make([]board.Settings, 0, len(board.Levels))
	for _, lv := range board.Levels {
		kind, _ := dailyKind(lv.Name)
		kinds = append(kinds, kind)
	}
	return kinds
}

// EndPastDailiesOf ends, as EndPastDailies does at a player's look, the
// daily games left unfinished whose day has ended (UTC, by now) of every
// player of ps who has a game left on a daily board: each kept as a loss
// under a claim of its own, in the transaction that removes it, so that
// one being played elsewhere (a session that runs past midnight) is that
// run's to end, and no game is ended twice. A server runs it at each UTC
// midnight and once at its start, so that a daily game counts for its day
// when the day ends, whether its player comes back or not. What goes
// wrong goes to log, one line each, under the player's id; it returns
// how many players it looked at.
func EndPastDailiesOf(ps store.Players, now func() time.Time, log func(string)) int {
	ids, err := ps.Unfinished(ctx, dailyKinds())
	if err != nil {
		log("the daily games left unfinished cannot be read: " + err.Error())
		return 0
	}
	for _, id := range ids {
		s := Over(ps.Player(id))
		s.Now = now // no Log: the warnings hold the detail
		s.EndPastDailies()
		for _, msg := range s.Warnings() {
			log(id + ": " + msg)
		}
		s.Close()
	}
	return len(ids)
}

// OpenDaily returns today's daily game (UTC, by Now) left unfinished, of
// any level, the attempt of the date, if there is one: its board, as
// Daily gives it, the game, how many others of its board wait beside it
// and what it counts for. The run starts from it, as SavedDaily's offer
// makes it; a server offers it before any other game, so that a daily
// game dropped mid-play is played on.
func (s *Session) OpenDaily() (daily.Board, *game.Kept, int, Daily, bool) {
	if !s.peek() {
		return daily.Board{}, nil, 0, NotDaily, false
	}
	s.EndPastDailies()
	today := daily.Today(s.Now())
	for _, lv := range board.Levels {
		kind, _ := dailyKind(lv.Name)
		b := daily.Board{Date: today, Level: lv.Name, Settings: kind}
		kept, others, ok := s.SavedDaily(b, true)
		if !ok {
			continue
		}
		b, count, err := s.Daily(today, lv.Name)
		if err != nil {
			s.Warn("the daily board cannot be laid: " + err.Error())
			return daily.Board{}, nil, 0, NotDaily, false
		}
		return b, kept, others, count, true
	}
	return daily.Board{}, nil, 0, NotDaily, false
}

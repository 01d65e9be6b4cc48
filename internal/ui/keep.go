package ui

import (
	"fmt"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/session"
)

// Keeper is what the screen tells of the games played, and asks of those
// played before: the session. It decides what a game counts for and
// answers with data, which the screen words.
type Keeper interface {
	// Ended keeps a game that ended, won or lost, for the first time.
	Ended(k game.Kept) session.Counts
	// Reopened tells that the game kept as number n (0: the one that
	// waits to be kept, Counts' Pending) plays on after an undo took back
	// its end: it is marked undone there.
	Reopened(k game.Kept, n int)
	// GaveUp keeps a started game given up before its end, as a loss.
	GaveUp(k game.Kept) session.Counts
	// Stats returns the statistics of a kind of board.
	Stats(s board.Settings) session.Stats
	// Layout returns the layout that lays the boards of settings s chosen
	// in the options menu (nil for uniformly random mines), or why they
	// cannot be played.
	Layout(s board.Settings) (board.Layout, error)
	// Daily returns the daily board of date and level chosen in the
	// options menu, and what a game on it would count for.
	Daily(date, level string) (daily.Board, session.Daily, error)
}

// overMessage is what the footer says when a finished game is asked for a
// move: the next steps.
const overMessage = "the game is over: u undo, n new game, r restart, e replay"

// play carries out m as the player's (or the solver's) move at now: an
// opening of a closed cell is audited first, on the board as it stands;
// a game it ends is kept.
func (u *ui) play(s tcell.Screen, m game.Move, now time.Time) error {
	if m.Action == game.Open || m.Action == game.AutoOpen {
		u.audit(s, m.At)
	}
	before, _ := u.g.Ends()
	_, err := u.g.Apply(m, now)
	u.ended(before)
	return err
}

// ended keeps the game if it has just ended for the first time: it had
// ended before times before the move.
func (u *ui) ended(before int) {
	ends, _ := u.g.Ends()
	if ends == before || u.rp != nil {
		return
	}
	if ends > 1 {
		u.counts = session.Counts{Number: u.counts.Number, Why: session.Again}
		return
	}
	u.counts = session.Counts{}
	if u.keep != nil {
		u.counts = u.keep.Ended(u.g.Record(u.cfg.Now()))
	}
	u.noteDaily(u.counts, false)
}

// atStake reports whether leaving the game in play gives it up: it was
// started, is in play, and was not kept already at an end (a game played
// on after an undo of its end was kept then).
func (u *ui) atStake() bool {
	ends, _ := u.g.Ends()
	return u.rp == nil && u.g.Started() && u.g.Status() == board.Playing && ends == 0
}

// giveUp keeps the game in play, if it is at stake, as a loss.
func (u *ui) giveUp(now time.Time) {
	if !u.atStake() {
		return
	}
	var c session.Counts
	if u.keep != nil {
		k := u.g.Record(now)
		// A loss's 3BV and figures, as the history keeps them.
		k.ThreeBV, k.Figures = u.g.ThreeBV(), u.g.Figures()
		c = u.keep.GaveUp(k)
	}
	u.noteDaily(c, true)
	if c.Number > 0 {
		u.gaveUp++ // kept as a loss, as the summary says
	}
}

// newGame starts a game: a new one (n) or the same board again (r), the
// game in play given up first.
func (u *ui) newGame(act action, now time.Time) error {
	u.giveUp(now)
	u.counts = session.Counts{}
	u.as.oddsLogged = false
	var err error
	if act == actRestart {
		u.g.Restart()
	} else {
		err = u.g.Renew(u.newSeed())
	}
	u.newAudits()
	return err
}

// newSeed returns the seed of a new game: Config.NewSeed's, which the
// player cannot foresee from the game before.
func (u *ui) newSeed() uint64 {
	if u.cfg.NewSeed != nil {
		return u.cfg.NewSeed()
	}
	return NextSeed(u.g.Seed())
}

// confirmGiveUp asks, when the game in play is at stake, whether to give
// it up for act; it reports whether the player already said so (the same
// key twice). Any other key takes the question back.
func (u *ui) confirmGiveUp(act action) bool {
	if !u.atStake() || u.confirm == act {
		u.confirm = actNone
		return true
	}
	u.confirm = act
	what := "a new game"
	switch act {
	case actRestart:
		what = "a restart"
	case actMenu:
		what = "another board"
	}
	key := labelKey(u.keyset.table, act)
	u.v.message = fmt.Sprintf("give up this game for %s? it counts as a loss: %s again", what, key)
	return false
}

// statsLines words one kind's statistics for the overlay.
func statsLines(st session.Stats) []string {
	if st.Err != nil {
		return []string{"The history cannot be read: " + st.Err.Error()}
	}
	if !st.Kept {
		return []string{"No statistics: the games are not kept (see the warning at the end)."}
	}
	c := st.Counted
	var lines []string
	if c.Played == 0 {
		lines = append(lines, "No game of this kind has ended yet.")
	} else {
		lines = append(lines,
			fmt.Sprintf("played %d, won %d (%.0f%%)", c.Played, c.Won, 100*c.WinRate),
			fmt.Sprintf("winning streak %d, best %d", c.CurrentStreak, c.BestStreak),
		)
		if c.Best3BVs > 0 {
			lines = append(lines, fmt.Sprintf("best 3BV/s %.2f", c.Best3BVs))
		}
		if len(c.Best) == 0 {
			lines = append(lines, "no win without help yet")
		} else {
			lines = append(lines, "best times:")
			for i, b := range c.Best {
				lines = append(lines, fmt.Sprintf("%2d. %8.2f s  %s", i+1, float64(b.TimeMS)/1000, b.Date.Format("2006-01-02 15:04")))
			}
		}
	}
	if k := st.Known; k.Played > 0 {
		lines = append(lines, "", fmt.Sprintf("known boards, apart: played %d, won %d", k.Played, k.Won))
	}
	if len(st.Daily) > 0 {
		lines = append(lines, "", "daily boards:")
		for _, d := range st.Daily {
			best := "no clean win yet"
			if d.Best != nil {
				best = fmt.Sprintf("best %.2f s", float64(d.Best.TimeMS)/1000)
			}
			lines = append(lines, fmt.Sprintf("%-12s %s, won %d, streak %d (best %d), %s",
				d.Level, record.Count(d.Played, "day"), d.Won, d.CurrentStreak, d.BestStreak, best))
		}
	}
	return lines
}

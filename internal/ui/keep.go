package ui

import (
	"fmt"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
)

// Keeper is what the screen tells of the games played, and asks of those
// played before: the session. It decides what a game counts for and
// answers with data, which the screen words.
type Keeper interface {
	play.Keeper // the ends of the games, those given up, the statistics
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

// play carries out m as the player's (or the solver's) move at now,
// through the play of the game shown (see play.Play.ApplyAt): an opening
// is audited, a game it ends kept.
func (u *ui) play(m game.Move, now time.Time) error {
	_, err := u.p.ApplyAt(m, now)
	return err
}

// atStake reports whether leaving the game in play gives it up (see
// play.Play.AtStake); a replay is never at stake.
func (u *ui) atStake() bool { return u.rp == nil && u.p.AtStake() }

// newGame starts a game: a new one (n) or the same board again (r), the
// game in play given up first.
func (u *ui) newGame(act keys.Action) error {
	u.as.oddsLogged = false
	var err error
	if act == keys.ActRestart {
		u.p.Restart()
	} else {
		err = u.p.NewGame()
	}
	u.newAudits()
	return err
}

// confirmGiveUp asks, when the game in play is at stake, whether to give
// it up for act; it reports whether the player already said so (the same
// key twice). Any other key takes the question back.
func (u *ui) confirmGiveUp(act keys.Action) bool {
	if !u.atStake() || u.confirm == act {
		u.confirm = keys.ActNone
		return true
	}
	u.confirm = act
	what := "a new game"
	switch act {
	case keys.ActRestart:
		what = "a restart"
	case keys.ActMenu:
		what = "another board"
	}
	key := keys.LabelKey(u.keyset.Rows(), act)
	u.v.message = fmt.Sprintf("give up this game for %s? it counts as a loss: %s again", what, key)
	return false
}

package ui

import (
	"errors"
	"fmt"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// dailyNote is what the footer says as a game on a daily board starts:
// where it opens, and whether it counts.
func dailyNote(c session.Daily) string {
	switch c {
	case session.DailyAgain:
		return "practice, this daily was played before: open the marked cell"
	case session.DailyOtherDay:
		return "practice, another date's daily: open the marked cell"
	case session.DailyOpen:
		return "practice, your unfinished game of it counts: open the marked cell"
	}
	return "daily: open the marked cell; the first game to end counts"
}

// commitmentShown is how many hexadecimal digits of a daily board's
// commitment the header shows: enough to tell it from another, and to
// check against the whole one minesweeper leaderboard prints.
const commitmentShown = 16

// commitment returns what the header says of the commitment of the daily
// board d in play, ", sha256 747ce8523e6e72c8…", or "" when no server
// committed to it.
func (u *ui) commitment(d game.DailyBoard) string {
	c := u.p.Committed()
	if c.Commitment == "" || c.Date != d.Date || c.Seed != d.Seed || c.Start != d.Start {
		return ""
	}
	return ", sha256 " + userfile.Printable(c.Commitment[:min(len(c.Commitment), commitmentShown)]) + "…"
}

// startMessage is what the footer says when an opening of a daily board
// elsewhere than its start cell is refused: the cursor is moved there.
func startMessage(p board.Point) string {
	return fmt.Sprintf("a daily board opens first at its marked cell (column %d, row %d): the cursor is on it", p.X+1, p.Y+1)
}

// refuseStart moves the cursor to the start cell when err refused an
// opening elsewhere, and words the refusal; other errors it leaves to
// messageFor.
func (u *ui) refuseStart(err error) (string, bool) {
	if !errors.Is(err, game.ErrStartCell) {
		return "", false
	}
	p, ok := u.g.StartCell()
	if !ok {
		return "", false
	}
	u.v.cursor = p
	return startMessage(p), true
}

// chooseDaily starts a game of the daily board of level today, the menu's
// choice, giving up the game in play; it returns why it cannot.
func (u *ui) chooseDaily(level string) error {
	date := daily.Today(u.cfg.Now())
	var b daily.Board
	count := session.DailyCounted
	var err error
	if u.cfg.Keeper != nil {
		b, count, err = u.cfg.Keeper.Daily(date, level)
	} else {
		b, err = daily.Of(date, level)
	}
	if err != nil {
		return err
	}
	u.stopAuto()
	if err := u.p.ChooseDaily(u.g.Config(), b); err != nil {
		return err
	}
	u.as.oddsLogged = false
	u.newAudits()
	u.placeCursor()
	u.v.message = dailyNote(count)
	return nil
}

package ui

import (
	"errors"
	"fmt"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// DailyResult is how a game on a daily board ended, or was given up: what
// the line a player shares says (see ShareLine).
type DailyResult struct {
	Date, Level      string
	Won, GaveUp      bool
	Numbers          game.Numbers
	Assisted, Undone bool
	Counts           session.Counts // what it counted for: the day, or practice
	// Commitment is a server's commitment to the board (see
	// daily.OfSecret); "" for the public board of the date.
	Commitment string
}

// noteDaily keeps how the game in play, if it is the run's first game on
// a daily board to end or be given up, ended: as c says it counts, given
// up or not.
func (u *ui) noteDaily(c session.Counts, gaveUp bool) {
	d, ok := u.g.Daily()
	if !ok || u.daily != nil {
		return
	}
	g := u.g
	u.daily = &DailyResult{
		Date: d.Date, Level: board.LevelOf(g.Settings()),
		Won: g.Status() == board.Won, GaveUp: gaveUp,
		Numbers: g.Numbers(u.cfg.Now()), Assisted: g.Assisted(), Undone: g.Undone(),
		Counts: c,
	}
	if u.commitment(d) != "" {
		u.daily.Commitment = u.committed.Commitment
	}
}

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
	c := u.committed
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

// ShareLine returns the line a player can paste to a friend after a game
// on a daily board: its date and level, the result and time, the 3BV and
// 3BV/s of a win, whether help was used, and the command that plays the
// same board: a server's board, laid from its secret, is told by its
// commitment instead, as nobody can play it before its day has ended.
func ShareLine(d DailyResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "minesweeper daily %s %s", d.Date, d.Level)
	if d.Counts.Daily.Practice() {
		b.WriteString(" (practice)")
	}
	b.WriteString(": ")
	secs := d.Numbers.Time.Seconds()
	switch {
	case d.Won:
		fmt.Fprintf(&b, "won in %.2f s", secs)
		if n := d.Numbers; n.ThreeBV > 0 {
			fmt.Fprintf(&b, ", 3BV %d", n.ThreeBV)
			if v := n.Speed(); v > 0 {
				fmt.Fprintf(&b, ", %.2f 3BV/s", v)
			}
		}
	case d.GaveUp:
		fmt.Fprintf(&b, "gave up after %.2f s", secs)
	default:
		fmt.Fprintf(&b, "lost after %.2f s", secs)
	}
	switch {
	case d.Assisted && d.Undone:
		b.WriteString(", with help and undo")
	case d.Assisted:
		b.WriteString(", with help")
	case d.Undone:
		b.WriteString(", with undo")
	default:
		b.WriteString(", no help")
	}
	if d.Commitment != "" {
		fmt.Fprintf(&b, "; the server's board, sha256 %s", d.Commitment)
	} else {
		fmt.Fprintf(&b, "; play it: %s", daily.Command(d.Date, d.Level))
	}
	return userfile.Printable(b.String())
}

// chooseDaily starts a game of the daily board of level today, the menu's
// choice, giving up the game in play; it returns why it cannot.
func (u *ui) chooseDaily(level string) error {
	date := daily.Today(u.cfg.Now())
	var b daily.Board
	count := session.DailyCounted
	var err error
	if u.keep != nil {
		b, count, err = u.keep.Daily(date, level)
	} else {
		b, err = daily.Of(date, level)
	}
	if err != nil {
		return err
	}
	u.stopAuto()
	u.giveUp(u.cfg.Now())
	gc := u.g.Config()
	gc.Settings, gc.Layout = b.Settings, daily.Layout
	if err := u.g.ChooseDaily(gc, b.Game()); err != nil {
		return err
	}
	u.counts, u.as.oddsLogged = session.Counts{}, false
	u.newAudits()
	u.v.cursor, u.v.ox, u.v.oy = b.Start, 0, 0
	u.v.message = dailyNote(count)
	u.committed = b
	return nil
}

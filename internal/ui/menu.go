package ui

import (
	"errors"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/ui/menu"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// The options menu (o), whose state is package menu's: Enter plays a new
// game on the board chosen, or only changes the theme and the question
// marks (from the next game) when the board is the same.

// openMenu opens the menu on the settings of the game in play.
func (u *ui) openMenu() {
	name := u.cfg.Prefs.Theme
	if name == "" {
		name = theme.Names()[0]
	}
	d, isDaily := u.g.Daily()
	u.menu = menu.New(u.g.Settings(), isDaily, d.Date, daily.Today(u.cfg.Now()), name, theme.Names(), u.cfg.Prefs.QuestionMarks)
	u.v.overlay = menuOverlay
}

// menuKey carries out a key in the menu and reports whether the game
// should end.
func (u *ui) menuKey(s tcell.Screen, ev *tcell.EventKey) bool {
	if keys.CtrlLetter(ev) == 'c' {
		return true
	}
	if c := u.keyCommand(ev); c.Act == keys.ActSuspend || c.Act == keys.ActRedraw {
		return u.do(s, c)
	}
	switch u.menu.Key(ev) {
	case menu.Close:
		u.v.overlay = noOverlay
		u.v.escClosed = ev.Key() == tcell.KeyEsc
	case menu.Enter:
		u.applyMenu()
	}
	return false
}

// applyMenu makes the menu's choice the game's: the theme at once, and a
// new game when the board differs from the one in play. Settings that
// cannot be played keep the menu open and say why.
func (u *ui) applyMenu() {
	m := &u.menu
	g := u.g
	// The question marks from the next game on, the one chosen here too.
	u.cfg.Prefs.QuestionMarks = m.QuestionMarks
	g.SetQuestionMarks(m.QuestionMarks)
	inPlay, _ := g.Daily()
	switch {
	case m.Daily && (!m.WasDaily || m.Settings != g.Settings() || m.Date != inPlay.Date):
		// Today's daily board of the level chosen, which is not in play.
		if m.Unconfirmed(u.atStake()) {
			return
		}
		if err := u.chooseDaily(board.LevelOf(m.Settings)); err != nil {
			m.Err = err.Error()
			return
		}
	case !m.Daily && (m.Settings != g.Settings() || m.WasDaily):
		lay, err := u.choose(m.Settings)
		if err != nil {
			m.Err = err.Error()
			return
		}
		// Another board gives up the game in play: Enter again confirms.
		if m.Unconfirmed(u.atStake()) {
			return
		}
		u.stopAuto()
		gc := g.Config()
		gc.Settings, gc.Layout = m.Settings, lay
		if err := u.p.Choose(gc); err != nil {
			m.Err = err.Error()
			return
		}
		u.as.oddsLogged = false
		u.newAudits()
		u.placeCursor()
		u.v.message = ""
	}
	if m.Theme != u.cfg.Prefs.Theme {
		u.setTheme(m.Theme)
	}
	u.v.overlay = noOverlay
}

// errNoGuessMenu refuses no-guess boards when the game was given no way
// to lay them.
var errNoGuessMenu = errors.New("no-guess boards cannot be laid here")

// choose returns the layout of the settings s, or why they cannot be
// played: the keeper's answer, else the board's own checks, which know no
// no-guess layout.
func (u *ui) choose(s board.Settings) (board.Layout, error) {
	if u.cfg.Keeper != nil {
		return u.cfg.Keeper.Layout(s)
	}
	if s.NoGuess {
		return nil, errNoGuessMenu
	}
	return nil, s.Check()
}

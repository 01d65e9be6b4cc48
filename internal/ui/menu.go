package ui

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// The options menu (o): the board, its first-click rule, no-guess, the
// daily board and the theme, chosen without leaving the game. Enter plays
// a new game on the board chosen, or only changes the theme when the
// board is the same.

// menuField is a line of the menu.
type menuField uint8

// The menu's lines, in order.
const (
	fieldLevel menuField = iota
	fieldWidth
	fieldHeight
	fieldMines
	fieldRule
	fieldNoGuess
	fieldTheme
	fieldDaily
	fieldCount // the number of lines
)

// menuFieldNames are the names of the menuField values, by value.
var menuFieldNames = [...]string{
	fieldLevel:   "Level",
	fieldWidth:   "Width",
	fieldHeight:  "Height",
	fieldMines:   "Mines",
	fieldRule:    "First click",
	fieldNoGuess: "No-guess",
	fieldTheme:   "Theme",
	fieldDaily:   "Daily board",
}

// String returns the line's name as the menu shows it.
func (f menuField) String() string { return enumName(menuFieldNames[:], f, "menuField") }

// menu is the menu's state: what is chosen so far. It is view state until
// Enter makes it the game's.
type menu struct {
	field menuField
	s     board.Settings
	// daily reports whether the board chosen is a daily board: the one in
	// play (wasDaily), of its date, or today's of the level chosen.
	daily, wasDaily bool
	date, today     string // the daily board's date; today's, UTC
	theme           string
	typing          bool   // a number is being typed on the line: digits append
	err             string // why Enter was refused
	// confirmed reports whether the player was told that another board
	// gives up the game in play: the next Enter does.
	confirmed bool
}

// openMenu opens the menu on the settings of the game in play.
func (u *ui) openMenu() {
	name := u.cfg.Prefs.Theme
	if name == "" {
		name = theme.Names()[0]
	}
	d, isDaily := u.g.Daily()
	u.menu = menu{s: u.g.Settings(), daily: isDaily, wasDaily: isDaily, date: d.Date, today: daily.Today(u.cfg.Now()), theme: name}
	u.v.overlay = menuOverlay
}

// menuKey carries out a key in the menu and reports whether the game
// should end.
func (u *ui) menuKey(s tcell.Screen, ev *tcell.EventKey) bool {
	m := &u.menu
	if keys.CtrlLetter(ev) == 'c' {
		return true
	}
	if c := u.keyCommand(ev); c.Act == keys.ActSuspend || c.Act == keys.ActRedraw {
		return u.do(s, c)
	}
	r := rune(0)
	if ev.Key() == tcell.KeyRune {
		r = ev.Rune()
	}
	m.confirmed = m.confirmed && ev.Key() == tcell.KeyEnter
	switch {
	case ev.Key() == tcell.KeyEsc, r == 'o', r == 'q':
		u.v.overlay = noOverlay
	case ev.Key() == tcell.KeyEnter:
		u.applyMenu()
		return false
	case ev.Key() == tcell.KeyUp, r == 'k':
		m.field, m.typing = (m.field+fieldCount-1)%fieldCount, false
	case ev.Key() == tcell.KeyDown, r == 'j', ev.Key() == tcell.KeyTab:
		m.field, m.typing = (m.field+1)%fieldCount, false
	case ev.Key() == tcell.KeyLeft, r == 'h', r == '-':
		m.change(-1)
	case ev.Key() == tcell.KeyRight, r == 'l', r == '+', r == ' ':
		m.change(1)
	case r >= '0' && r <= '9':
		m.digit(int(r - '0'))
	case ev.Key() == tcell.KeyBackspace, ev.Key() == tcell.KeyBackspace2:
		if p := m.number(); p != nil {
			*p /= 10
			m.typing = true
		}
	}
	return false
}

// number returns the number the selected line edits, or nil.
func (m *menu) number() *int {
	switch m.field {
	case fieldWidth:
		return &m.s.Width
	case fieldHeight:
		return &m.s.Height
	case fieldMines:
		return &m.s.Mines
	}
	return nil
}

// digit types d on a number's line: the first digit replaces the number,
// the next ones append, up to the largest board.
func (m *menu) digit(d int) {
	p := m.number()
	if p == nil {
		return
	}
	if !m.typing {
		*p, m.typing = 0, true
	}
	m.daily = false
	if v := *p*10 + d; v <= board.MaxCells {
		*p = v
	}
	m.err = ""
}

// change steps the selected line by dir: the next or the previous level,
// rule or theme, no-guess on or off, a number one up or down.
func (m *menu) change(dir int) {
	m.typing, m.err = false, ""
	switch m.field {
	case fieldLevel:
		i := slices.IndexFunc(board.Levels, func(lv board.Level) bool { return lv.Name == board.LevelOf(m.s) })
		switch {
		case i < 0 && dir > 0:
			i = 0
		case i < 0:
			i = len(board.Levels) - 1
		default:
			i = (i + dir + len(board.Levels)) % len(board.Levels)
		}
		lv := board.Levels[i]
		m.s.Width, m.s.Height, m.s.Mines = lv.Width, lv.Height, lv.Mines
		m.date = m.today // another level's daily board: today's
	case fieldRule:
		rules := []board.FirstClick{board.Opening, board.Safe, board.Unsafe}
		i := slices.Index(rules, m.s.Rule)
		m.s.Rule = rules[(i+dir+len(rules))%len(rules)]
		if m.s.Rule != board.Opening {
			m.s.NoGuess = false
		}
		m.daily = false
	case fieldNoGuess:
		m.s.NoGuess = !m.s.NoGuess
		if m.s.NoGuess {
			m.s.Rule = board.Opening
		}
		m.daily = false
	case fieldDaily:
		// A daily board is a level's no-guess board.
		m.daily, m.date = !m.daily, m.today
		if m.daily {
			if board.LevelOf(m.s) == "custom" {
				lv := board.Levels[0]
				m.s.Width, m.s.Height, m.s.Mines = lv.Width, lv.Height, lv.Mines
			}
			m.s.Rule, m.s.NoGuess = board.Opening, true
		}
	case fieldTheme:
		names := theme.Names()
		i := slices.Index(names, m.theme)
		m.theme = names[(i+dir+len(names))%len(names)]
	default:
		p := m.number()
		*p = max(*p+dir, 0)
		m.daily = false
	}
}

// applyMenu makes the menu's choice the game's: the theme at once, and a
// new game when the board differs from the one in play. Settings that
// cannot be played keep the menu open and say why.
func (u *ui) applyMenu() {
	m := &u.menu
	g := u.g
	inPlay, _ := g.Daily()
	switch {
	case m.daily && (!m.wasDaily || m.s != g.Settings() || m.date != inPlay.Date):
		// Today's daily board of the level chosen, which is not in play.
		if u.atStake() && !m.confirmed {
			m.confirmed = true
			m.err = "this gives up the game in play, as a loss: Enter again to confirm"
			return
		}
		if err := u.chooseDaily(board.LevelOf(m.s)); err != nil {
			m.err = err.Error()
			return
		}
	case !m.daily && (m.s != g.Settings() || m.wasDaily):
		lay, err := u.choose(m.s)
		if err != nil {
			m.err = err.Error()
			return
		}
		// Another board gives up the game in play: Enter again confirms.
		if u.atStake() && !m.confirmed {
			m.confirmed = true
			m.err = "this gives up the game in play, as a loss: Enter again to confirm"
			return
		}
		u.stopAuto()
		gc := g.Config()
		gc.Settings, gc.Layout = m.s, lay
		if err := u.p.Choose(gc); err != nil {
			m.err = err.Error()
			return
		}
		u.as.oddsLogged = false
		u.newAudits()
		u.v.cursor, u.v.ox, u.v.oy = board.Point{}, 0, 0
		u.v.message = ""
	}
	if m.theme != u.cfg.Prefs.Theme {
		u.setTheme(m.theme)
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

// menuLines returns the menu's text: a line a field, the one selected
// marked, then the keys and what Enter refused.
func (u *ui) menuLines() []string {
	m := &u.menu
	values := [fieldCount]string{
		fieldLevel:   board.LevelOf(m.s),
		fieldWidth:   strconv.Itoa(m.s.Width),
		fieldHeight:  strconv.Itoa(m.s.Height),
		fieldMines:   strconv.Itoa(m.s.Mines),
		fieldRule:    m.s.Rule.String(),
		fieldNoGuess: "off",
		fieldTheme:   m.theme,
		fieldDaily:   "off",
	}
	if m.s.NoGuess {
		values[fieldNoGuess] = "on"
	}
	if m.daily {
		values[fieldDaily] = "on, " + m.date
	}
	lines := []string{"Options", ""}
	for f := range fieldCount {
		mark, v := "  ", values[f]
		if f == m.field {
			mark = "> "
			if m.number() != nil {
				v += "_"
			} else {
				v = "< " + v + " >"
			}
		}
		lines = append(lines, fmt.Sprintf("%s%-12s %s", mark, f, v))
	}
	lines = append(lines, "",
		"  Up, Down: choose a line; Left, Right: change it",
		"  digits: type a number; Enter: play; Esc: close")
	if m.err != "" {
		lines = append(lines, "", "  "+m.err)
	}
	return lines
}

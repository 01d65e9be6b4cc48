// Package menu is the options menu's state (o in the game): the board,
// its first-click rule, no-guess, the daily board and the theme chosen so
// far, the keys that change them, and the menu's text. Enter hands the
// choice to package ui, which plays it: the menu changes no game.
package menu

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

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
	fieldQuestion
	fieldCount // the number of lines
)

// menuFieldNames are the names of the menuField values, by value.
var menuFieldNames = [...]string{
	fieldLevel:    "Level",
	fieldWidth:    "Width",
	fieldHeight:   "Height",
	fieldMines:    "Mines",
	fieldRule:     "First click",
	fieldNoGuess:  "No-guess",
	fieldTheme:    "Theme",
	fieldDaily:    "Daily board",
	fieldQuestion: "? marks", // f cycles flag, ?, none
}

// String returns the line's name as the menu shows it.
func (f menuField) String() string {
	if int(f) < len(menuFieldNames) && menuFieldNames[f] != "" {
		return menuFieldNames[f]
	}
	return fmt.Sprintf("menuField(%d)", uint8(f))
}

// Menu is the menu's state: what is chosen so far. It is view state until
// Enter makes it the game's.
type Menu struct {
	field    menuField
	Settings board.Settings // the board chosen
	// Daily reports whether the board chosen is a daily board: the one in
	// play (WasDaily), of its date, or today's of the level chosen.
	Daily, WasDaily bool
	Date, today     string // the daily board's date; today's, UTC
	Theme           string // the theme chosen, one of themes
	// QuestionMarks reports whether f is to cycle through a question mark
	// after the flag.
	QuestionMarks bool
	themes        []string
	typing        bool   // a number is being typed on the line: digits append
	Err           string // why Enter was refused, shown under the menu
	// Confirmed reports whether the player was told that another board
	// gives up the game in play: the next Enter does.
	Confirmed bool
}

// New returns the menu opened on the settings s of the game in play, a
// daily board of date or not, on the day today, in the theme called
// theme, one of themes, with question marks or not.
func New(s board.Settings, isDaily bool, date, today, theme string, themes []string, questionMarks bool) Menu {
	return Menu{Settings: s, Daily: isDaily, WasDaily: isDaily, Date: date, today: today, Theme: theme, themes: themes, QuestionMarks: questionMarks}
}

// Unconfirmed reports whether the choice, which gives up a game at stake
// (atStake), waits for a second Enter; the first asks for it on the
// menu's line.
func (m *Menu) Unconfirmed(atStake bool) bool {
	if !atStake || m.Confirmed {
		return false
	}
	m.Confirmed = true
	m.Err = "this gives up the game in play, as a loss: Enter again to confirm"
	return true
}

// Outcome is what a key asks of the menu's owner.
type Outcome uint8

// The outcomes of a key.
const (
	Stay  Outcome = iota // the menu stays open, changed or not
	Close                // the menu closes, its choice dropped
	Enter                // the choice is to be played (see Menu.Confirmed)
)

// Key carries out a key in the menu and returns what it asks of the
// menu's owner. The keys that are not the menu's (Ctrl-C, Ctrl-Z,
// Ctrl-L) are the owner's to read first.
func (m *Menu) Key(ev *tcell.EventKey) Outcome {
	r := rune(0)
	if ev.Key() == tcell.KeyRune {
		r = ev.Rune()
	}
	m.Confirmed = m.Confirmed && ev.Key() == tcell.KeyEnter
	switch {
	case ev.Key() == tcell.KeyEsc, r == 'o', r == 'q':
		return Close
	case ev.Key() == tcell.KeyEnter:
		return Enter
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
	return Stay
}

// DailyLine is the menu's line of the daily board, counted from the
// first: as many Downs from the top select it.
const DailyLine = int(fieldDaily)

// number returns the number the selected line edits, or nil.
func (m *Menu) number() *int {
	switch m.field {
	case fieldWidth:
		return &m.Settings.Width
	case fieldHeight:
		return &m.Settings.Height
	case fieldMines:
		return &m.Settings.Mines
	}
	return nil
}

// digit types d on a number's line: the first digit replaces the number,
// the next ones append, up to the largest board.
func (m *Menu) digit(d int) {
	p := m.number()
	if p == nil {
		return
	}
	if !m.typing {
		*p, m.typing = 0, true
	}
	m.Daily = false
	if v := *p*10 + d; v <= board.MaxCells {
		*p = v
	}
	m.Err = ""
}

// change steps the selected line by dir: the next or the previous level,
// rule or theme, no-guess on or off, a number one up or down.
func (m *Menu) change(dir int) {
	m.typing, m.Err = false, ""
	switch m.field {
	case fieldLevel:
		i := slices.IndexFunc(board.Levels, func(lv board.Level) bool { return lv.Name == board.LevelOf(m.Settings) })
		switch {
		case i < 0 && dir > 0:
			i = 0
		case i < 0:
			i = len(board.Levels) - 1
		default:
			i = (i + dir + len(board.Levels)) % len(board.Levels)
		}
		lv := board.Levels[i]
		m.Settings.Width, m.Settings.Height, m.Settings.Mines = lv.Width, lv.Height, lv.Mines
		m.Date = m.today // another level's daily board: today's
	case fieldRule:
		rules := []board.FirstClick{board.Opening, board.Safe, board.Unsafe}
		i := slices.Index(rules, m.Settings.Rule)
		m.Settings.Rule = rules[(i+dir+len(rules))%len(rules)]
		if m.Settings.Rule != board.Opening {
			m.Settings.NoGuess = false
		}
		m.Daily = false
	case fieldNoGuess:
		m.Settings.NoGuess = !m.Settings.NoGuess
		if m.Settings.NoGuess {
			m.Settings.Rule = board.Opening
		}
		m.Daily = false
	case fieldDaily:
		// A daily board is a level's no-guess board.
		m.Daily, m.Date = !m.Daily, m.today
		if m.Daily {
			if board.LevelOf(m.Settings) == "custom" {
				lv := board.Levels[0]
				m.Settings.Width, m.Settings.Height, m.Settings.Mines = lv.Width, lv.Height, lv.Mines
			}
			m.Settings.Rule, m.Settings.NoGuess = board.Opening, true
		}
	case fieldQuestion:
		m.QuestionMarks = !m.QuestionMarks
	case fieldTheme:
		i := slices.Index(m.themes, m.Theme)
		m.Theme = m.themes[(i+dir+len(m.themes))%len(m.themes)]
	default:
		p := m.number()
		*p = max(*p+dir, 0)
		m.Daily = false
	}
}

// Lines returns the menu's text: a line a field, the one selected marked,
// then the keys and what Enter refused.
func (m *Menu) Lines() []string {
	values := [fieldCount]string{
		fieldLevel:    board.LevelOf(m.Settings),
		fieldWidth:    strconv.Itoa(m.Settings.Width),
		fieldHeight:   strconv.Itoa(m.Settings.Height),
		fieldMines:    strconv.Itoa(m.Settings.Mines),
		fieldRule:     m.Settings.Rule.String(),
		fieldNoGuess:  "off",
		fieldTheme:    m.Theme,
		fieldDaily:    "off",
		fieldQuestion: "off",
	}
	if m.QuestionMarks {
		values[fieldQuestion] = "on"
	}
	if m.Settings.NoGuess {
		values[fieldNoGuess] = "on"
	}
	if m.Daily {
		values[fieldDaily] = "on, " + m.Date
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
	if m.Err != "" {
		lines = append(lines, "", "  "+m.Err)
	}
	return lines
}

package ui

import (
	"fmt"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// action is what a command asks for.
type action uint8

// The actions a key or a click can ask for.
const (
	actNone    action = iota // nothing: an unbound key
	actMove                  // move the cursor by (dx, dy), clamped to the board
	actOpen                  // open the cell, or chord on an open number
	actMark                  // cycle the marks on the cell
	actChord                 // chord on the cell
	actNew                   // a new game with the next seed
	actRestart               // the same board again
	actPause                 // pause or resume
	actHelp                  // show the help
	actQuit                  // leave the game
	actSuspend               // Ctrl-Z
	actRedraw                // repaint the whole terminal
)

// String returns the action's name.
func (a action) String() string {
	switch a {
	case actNone:
		return "none"
	case actMove:
		return "move"
	case actOpen:
		return "open"
	case actMark:
		return "mark"
	case actChord:
		return "chord"
	case actNew:
		return "new"
	case actRestart:
		return "restart"
	case actPause:
		return "pause"
	case actHelp:
		return "help"
	case actQuit:
		return "quit"
	case actSuspend:
		return "suspend"
	case actRedraw:
		return "redraw"
	}
	return fmt.Sprintf("action(%d)", uint8(a))
}

// command is one key or click turned into what it means.
type command struct {
	act    action
	dx, dy int         // actMove
	at     board.Point // the clicked cell, when onCell
	onCell bool        // a click: move the cursor to at first
}

// far is a move long enough to reach any edge; moves are clamped.
const far = board.MaxCells

// keyCommand returns what a key means; Ctrl-letters are read in every form
// tcell delivers them (see ctrlLetter).
func keyCommand(ev *tcell.EventKey) command {
	step := 1
	if ev.Modifiers()&tcell.ModShift != 0 {
		step = 5
	}
	switch ev.Key() {
	case tcell.KeyUp:
		return command{act: actMove, dy: -step}
	case tcell.KeyDown:
		return command{act: actMove, dy: step}
	case tcell.KeyLeft:
		return command{act: actMove, dx: -step}
	case tcell.KeyRight:
		return command{act: actMove, dx: step}
	case tcell.KeyHome:
		return command{act: actMove, dx: -far}
	case tcell.KeyEnd:
		return command{act: actMove, dx: far}
	case tcell.KeyPgUp:
		return command{act: actMove, dy: -far}
	case tcell.KeyPgDn:
		return command{act: actMove, dy: far}
	case tcell.KeyEnter:
		return command{act: actOpen}
	case tcell.KeyEsc:
		return command{act: actQuit}
	}
	switch ctrlLetter(ev) {
	case 'c':
		return command{act: actQuit}
	case 'z':
		return command{act: actSuspend}
	case 'l':
		return command{act: actRedraw}
	case 0:
	default:
		return command{}
	}
	if ev.Key() != tcell.KeyRune {
		return command{}
	}
	r := ev.Rune()
	switch r {
	case 'h':
		return command{act: actMove, dx: -1}
	case 'j':
		return command{act: actMove, dy: 1}
	case 'k':
		return command{act: actMove, dy: -1}
	case 'l':
		return command{act: actMove, dx: 1}
	case 'H':
		return command{act: actMove, dx: -5}
	case 'J':
		return command{act: actMove, dy: 5}
	case 'K':
		return command{act: actMove, dy: -5}
	case 'L':
		return command{act: actMove, dx: 5}
	case '0':
		return command{act: actMove, dx: -far}
	case '$':
		return command{act: actMove, dx: far}
	case 'g':
		return command{act: actMove, dy: -far}
	case 'G':
		return command{act: actMove, dy: far}
	case ' ':
		return command{act: actOpen}
	case 'f':
		return command{act: actMark}
	case 'n':
		return command{act: actNew}
	case 'r':
		return command{act: actRestart}
	case 'p':
		return command{act: actPause}
	case '?':
		return command{act: actHelp}
	case 'q':
		return command{act: actQuit}
	}
	return command{}
}

// ctrlLetter returns the lower-case letter of a Ctrl-letter key, or 0. It
// reads the three forms tcell v2.13 produces: KeyCtrlA..KeyCtrlZ (legacy
// terminals), the ASCII control codes such as KeyETX (CSI u reports of
// control characters), and KeyRune with ModCtrl (CSI u with Shift).
func ctrlLetter(ev *tcell.EventKey) rune {
	switch k := ev.Key(); {
	case k >= tcell.KeyCtrlA && k <= tcell.KeyCtrlZ:
		return rune('a' + k - tcell.KeyCtrlA)
	case k == tcell.KeyETX || k == tcell.KeyFF || k == tcell.KeySUB:
		// Only the codes no other key shares (Tab is Ctrl-I, Enter Ctrl-M).
		return rune('a' + k - 1)
	case k == tcell.KeyRune && ev.Modifiers()&tcell.ModCtrl != 0:
		r := ev.Rune()
		if r >= 'A' && r <= 'Z' {
			r += 'a' - 'A'
		}
		return r
	}
	return 0
}

// mouseButtons are the buttons whose presses mean something.
const mouseButtons = tcell.Button1 | tcell.Button2 | tcell.Button3

// mouseCommand returns what a mouse event means given the buttons held
// before it, so a button held down acts once. lay says where the board and
// the header's state are on the screen.
func mouseCommand(ev *tcell.EventMouse, held tcell.ButtonMask, lay layout) command {
	btn := ev.Buttons()
	switch {
	case btn&tcell.WheelUp != 0:
		return command{act: actMove, dy: -1}
	case btn&tcell.WheelDown != 0:
		return command{act: actMove, dy: 1}
	case btn&tcell.WheelLeft != 0:
		return command{act: actMove, dx: -1}
	case btn&tcell.WheelRight != 0:
		return command{act: actMove, dx: 1}
	}
	pressed := btn & mouseButtons &^ held
	if pressed == 0 {
		return command{}
	}
	x, y := ev.Position()
	if y == lay.headerY && x >= lay.stateX0 && x < lay.stateX1 && pressed&tcell.Button1 != 0 {
		return command{act: actNew}
	}
	p, ok := lay.cellAt(x, y)
	if !ok {
		return command{}
	}
	c := command{at: p, onCell: true}
	switch {
	case pressed&tcell.Button1 != 0:
		c.act = actOpen
	case pressed&tcell.Button2 != 0: // tcell's Button2 is the right button
		c.act = actMark
	case pressed&tcell.Button3 != 0:
		c.act = actChord
	}
	return c
}

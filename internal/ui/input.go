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
	actHint                  // move to a certainly safe cell; again, say why
	actFlags                 // flag every certain mine
	actOdds                  // show or hide every closed cell's chance of a mine
	actAuto                  // let the solver play; again, faster
	actWhere                 // after a loss, show the cell that was certainly safe
	actStats                 // show the statistics of this kind of board
	actUndo                  // take back the last move, even a fatal one
	actFaster                // a replay: twice as fast
	actSlower                // a replay: half as fast
	actStep                  // a replay: pause, then play the next move
	actToEnd                 // a replay: play every move left
	actToStart               // a replay: back to before the first move
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
	case actHint:
		return "hint"
	case actFlags:
		return "flags"
	case actOdds:
		return "odds"
	case actAuto:
		return "auto"
	case actWhere:
		return "where"
	case actStats:
		return "stats"
	case actUndo:
		return "undo"
	case actFaster:
		return "faster"
	case actSlower:
		return "slower"
	case actStep:
		return "step"
	case actToEnd:
		return "to-end"
	case actToStart:
		return "to-start"
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

// keyCommand returns what a key means in the game, as keyTable says.
func keyCommand(ev *tcell.EventKey) command { return commandOf(keyCommands, ev) }

// commandOf returns what a key means in the table of bindings cmds. A
// special key with Shift held means what its shifted row says, else what
// it means alone; characters mean the same whatever the modifiers, and
// Ctrl-letters are read in every form tcell delivers them (see
// ctrlLetter).
func commandOf(cmds map[key]command, ev *tcell.EventKey) command {
	if k := ev.Key(); k != tcell.KeyRune {
		if ev.Modifiers()&tcell.ModShift != 0 {
			if c, ok := cmds[shifted(k)]; ok {
				return c
			}
		}
		if c, ok := cmds[special(k)]; ok {
			return c
		}
	}
	if r := ctrlLetter(ev); r != 0 {
		return cmds[ctrl(r)]
	}
	if ev.Key() == tcell.KeyRune {
		return cmds[char(ev.Rune())]
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

package ui

import (
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
	actMenu                  // the options menu
	actReplay                // after the end: replay the game
	actLeaders               // show the server's leaderboards of the level
	actJump                  // move (dx, dy) to the next closed cell past opened ground
	actNumber                // move to the next (dy 1) or previous (dy -1) number with a closed neighbour
)

// actionNames are the names of the action values, by value.
var actionNames = [...]string{
	actNone:    "none",
	actMove:    "move",
	actOpen:    "open",
	actMark:    "mark",
	actChord:   "chord",
	actNew:     "new",
	actRestart: "restart",
	actPause:   "pause",
	actHelp:    "help",
	actQuit:    "quit",
	actSuspend: "suspend",
	actRedraw:  "redraw",
	actHint:    "hint",
	actFlags:   "flags",
	actOdds:    "odds",
	actAuto:    "auto",
	actWhere:   "where",
	actStats:   "stats",
	actUndo:    "undo",
	actFaster:  "faster",
	actSlower:  "slower",
	actStep:    "step",
	actToEnd:   "to-end",
	actToStart: "to-start",
	actMenu:    "menu",
	actReplay:  "replay",
	actLeaders: "leaders",
	actJump:    "jump",
	actNumber:  "number",
}

// String returns the action's name.
func (a action) String() string { return enumName(actionNames[:], a, "action") }

// command is one key or click turned into what it means.
type command struct {
	act    action
	dx, dy int         // actMove
	at     board.Point // the cell under the mouse, when onCell
	onCell bool        // a mouse gesture: move the cursor to at first
	page   bool        // actMove: dy counts screens of rows, not rows
	times  int         // actJump, actNumber: how many jumps, 0 meaning one
}

// far is a move long enough to reach any edge; moves are clamped.
const far = board.MaxCells

// keyCommand returns what a key means in the game, as keyTable says.
func keyCommand(ev *tcell.EventKey) command { return commandOf(keyCommands, ev) }

// keyCommand returns what a key means in the game, as the player's keys
// say.
func (u *ui) keyCommand(ev *tcell.EventKey) command { return commandOf(u.keyset.cmds, ev) }

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
	case k >= tcell.KeySOH && k <= tcell.KeySUB && k != tcell.KeyBackspace && k != tcell.KeyTab && k != tcell.KeyEnter:
		// Only the codes no other key shares (Backspace is Ctrl-H, Tab
		// Ctrl-I, Enter Ctrl-M): a keys file may bind any other letter.
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

// origin is where a mouse gesture began: what its release may act on.
type origin uint8

// The origins of a gesture.
const (
	fromNowhere origin = iota // no button is down, or the gesture acts on nothing
	fromBoard                 // a button went down on a board cell
	fromState                 // the left button went down on the header's state
)

// originNames are the names of the origin values, by value.
var originNames = [...]string{
	fromNowhere: "nowhere",
	fromBoard:   "board",
	fromState:   "state",
}

// String returns the origin's name.
func (o origin) String() string { return enumName(originNames[:], o, "origin") }

// gesture is what the mouse is doing between the first button going down
// and every button coming up, as Windows Minesweeper reads it: a press
// shows the cell pressed, a drag moves the press, a release acts on the
// cell under the pointer, and a release off the board does nothing. The
// zero gesture is no button down.
//
// Terminals report one button an event, a drag as a press of one of the
// buttons held, and any release as no button at all; so the buttons held
// are every button reported since the last release, and the first release
// ends the gesture (a chord's second button comes up to nothing).
type gesture struct {
	held tcell.ButtonMask // the buttons reported since the last release
	from origin           // where the first button went down
	at   board.Point      // the cell under the pointer, when over
	over bool             // the pointer is on a board cell
}

// chord reports whether the buttons held chord on release: left and right
// together, or the middle button.
func (m gesture) chord() bool {
	both := tcell.Button1 | tcell.Button2
	return m.held&tcell.Button3 != 0 || m.held&both == both
}

// opens reports whether the gesture is the left button alone, which opens
// on release.
func (m gesture) opens() bool { return m.held == tcell.Button1 }

// presses reports whether the gesture shows the cell p pressed, if p is
// closed: the cell under the pointer, or its 3x3 neighbourhood for a chord.
func (m gesture) presses(p board.Point) bool {
	if m.from != fromBoard || !m.over {
		return false
	}
	if m.chord() {
		return abs(p.X-m.at.X) <= 1 && abs(p.Y-m.at.Y) <= 1
	}
	return m.opens() && p == m.at
}

// cancel makes the gesture act on nothing until every button is up: its
// press was spent stopping auto-play or closing an overlay.
func (m *gesture) cancel() { m.from = fromNowhere }

// update takes a mouse event into the gesture and returns what it means,
// and whether it pressed a button that was up (a press, not a drag or a
// release). lay says where the board and the header's state are on the
// screen.
//
// The rules: the wheel moves the cursor, whatever the buttons. A left or
// middle press on a cell, and a drag with them held, move the cursor to
// the cell under the pointer and show it pressed. A right press that begins
// a gesture on a cell cycles the cell's marks at once, as players expect of
// flags; a right press that joins the left button, or the left button
// joining it, makes the gesture a chord instead, and leaves any mark the
// first right press made. On release, the left button alone opens the cell
// under the pointer (or chords on an open number) and a chord chords there;
// a release off the board, or of a gesture that began off it, does nothing.
// A left press on the header's state starts a new game on release there.
func (m *gesture) update(ev *tcell.EventMouse, lay layout) (c command, press bool) {
	btn := ev.Buttons()
	switch {
	case btn&tcell.WheelUp != 0:
		return command{act: actMove, dy: -1}, false
	case btn&tcell.WheelDown != 0:
		return command{act: actMove, dy: 1}, false
	case btn&tcell.WheelLeft != 0:
		return command{act: actMove, dx: -1}, false
	case btn&tcell.WheelRight != 0:
		return command{act: actMove, dx: 1}, false
	}
	x, y := ev.Position()
	m.at, m.over = lay.cellAt(x, y)
	onState := y == lay.headerY && x >= lay.stateX0 && x < lay.stateX1 && !lay.tooSmall
	btn &= mouseButtons
	if btn == 0 {
		// A release: the gesture ends, acting where the pointer is.
		done := *m
		*m = gesture{}
		switch {
		case done.held == 0:
			return command{}, false
		case done.from == fromState && onState:
			return command{act: actNew}, false
		case done.from != fromBoard || !done.over:
			return command{}, false
		case done.chord():
			return command{act: actChord, at: done.at, onCell: true}, false
		case done.opens():
			return command{act: actOpen, at: done.at, onCell: true}, false
		}
		return command{}, false // the right button alone marked on its press
	}
	first := m.held == 0
	pressed := btn &^ m.held
	m.held |= btn
	if first {
		switch {
		case m.over:
			m.from = fromBoard
		case onState && btn&tcell.Button1 != 0:
			m.from = fromState
		default:
			m.from = fromNowhere
		}
	}
	if m.from != fromBoard || !m.over {
		return command{}, pressed != 0
	}
	if first && m.held == tcell.Button2 {
		return command{act: actMark, at: m.at, onCell: true}, true
	}
	if m.opens() || m.chord() {
		// A press, or a drag: the cursor follows the pointer.
		return command{act: actMove, at: m.at, onCell: true}, pressed != 0
	}
	return command{}, pressed != 0
}

// pressed reports whether the board cell p, showing tl, is drawn pressed:
// a closed cell, not flagged, that the mouse holds down in a game in play.
func (u *ui) pressed(p board.Point, tl board.Tile) bool {
	return (tl == board.TileClosed || tl == board.TileQuestion) &&
		u.g.Status() == board.Playing && u.v.mouse.presses(p)
}

package ui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
)

// mouseButtons are the buttons whose presses mean something.
const mouseButtons = tcell.Button1 | tcell.Button2 | tcell.Button3

// origin is where a mouse gesture began: what its release may act on.
type origin uint8

// The origins of a gesture.
const (
	fromNowhere origin = iota // no button is down, or the gesture acts on nothing
	fromBoard                 // a button went down on a board cell
	fromLabel                 // the left button went down on a label that runs a command (see hotSpot)
)

// originNames are the names of the origin values, by value.
var originNames = [...]string{
	fromNowhere: "nowhere",
	fromBoard:   "board",
	fromLabel:   "label",
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
	spot hotSpot          // the label pressed, from a label
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
// A left press on the header's state starts a new game on release there,
// and one on a key's label in the footer runs the key's command: a player
// with only a mouse reaches the options, the statistics and the help.
func (m *gesture) update(ev *tcell.EventMouse, lay layout) (c keys.Command, press bool) {
	btn := ev.Buttons()
	switch {
	case btn&tcell.WheelUp != 0:
		return keys.Command{Act: keys.ActMove, DY: -1}, false
	case btn&tcell.WheelDown != 0:
		return keys.Command{Act: keys.ActMove, DY: 1}, false
	case btn&tcell.WheelLeft != 0:
		return keys.Command{Act: keys.ActMove, DX: -1}, false
	case btn&tcell.WheelRight != 0:
		return keys.Command{Act: keys.ActMove, DX: 1}, false
	}
	x, y := ev.Position()
	m.at, m.over = lay.cellAt(x, y)
	spot, onSpot := lay.hotAt(x, y)
	btn &= mouseButtons
	if btn == 0 {
		// A release: the gesture ends, acting where the pointer is.
		done := *m
		*m = gesture{}
		switch {
		case done.held == 0:
			return keys.Command{}, false
		case done.from == fromLabel && onSpot && spot == done.spot:
			return spot.Cmd, false
		case done.from != fromBoard || !done.over:
			return keys.Command{}, false
		case done.chord():
			return keys.Command{Act: keys.ActChord, At: done.at, OnCell: true}, false
		case done.opens():
			return keys.Command{Act: keys.ActOpen, At: done.at, OnCell: true}, false
		}
		return keys.Command{}, false // the right button alone marked on its press
	}
	first := m.held == 0
	pressed := btn &^ m.held
	m.held |= btn
	if first {
		switch {
		case m.over:
			m.from = fromBoard
		case onSpot && btn&tcell.Button1 != 0:
			m.from, m.spot = fromLabel, spot
		default:
			m.from = fromNowhere
		}
	}
	if m.from != fromBoard || !m.over {
		return keys.Command{}, pressed != 0
	}
	if first && m.held == tcell.Button2 {
		return keys.Command{Act: keys.ActMark, At: m.at, OnCell: true}, true
	}
	if m.opens() || m.chord() {
		// A press, or a drag: the cursor follows the pointer.
		return keys.Command{Act: keys.ActMove, At: m.at, OnCell: true}, pressed != 0
	}
	return keys.Command{}, pressed != 0
}

// keyCommand returns what a key means in the game, as the player's keys
// say.
func (u *ui) keyCommand(ev *tcell.EventKey) keys.Command { return u.keyset.Command(ev) }

// pressed reports whether the board cell p, showing tl, is drawn pressed:
// a closed cell, not flagged, that the mouse holds down in a game in play.
func (u *ui) pressed(p board.Point, tl board.Tile) bool {
	return (tl == board.TileClosed || tl == board.TileQuestion) &&
		u.g.Status() == board.Playing && u.v.mouse.presses(p)
}

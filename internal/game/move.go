package game

import (
	"fmt"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Action is the kind of a Move: one of the board's three, a change the
// solver made for the player, or an event of help that changes nothing on
// the board but marks the game.
type Action uint8

// The actions. The first three are board.Open, board.Chord and
// board.Toggle, in that order.
const (
	Open     Action = iota // the player opens a closed cell (or chords an open number)
	Chord                  // the player chords on an open number
	Toggle                 // the player cycles the mark of a closed cell
	FlagMine               // the solver flags a certain mine, at the player's request (m)
	AutoOpen               // the solver opens a cell for the player (auto-play)
	Hint                   // the solver showed the player a safe cell (s)
	Odds                   // the odds view showed the chance of a mine in each cell (v)
)

// actionLetters are the letters of the actions in a move's text form: the
// board's (board.Move.MarshalText), then the help's.
var actionLetters = [...]byte{Open: 'O', Chord: 'C', Toggle: 'F', FlagMine: 'M', AutoOpen: 'A', Hint: 'H', Odds: 'P'}

// String returns the action's name: the board's for its three.
func (a Action) String() string {
	switch a {
	case Open, Chord, Toggle:
		return board.Action(a).String()
	case FlagMine:
		return "flag-mine"
	case AutoOpen:
		return "auto-open"
	case Hint:
		return "hint"
	case Odds:
		return "odds"
	}
	return fmt.Sprintf("Action(%d)", uint8(a))
}

// Help reports whether the action is the solver's help rather than the
// player's own move.
func (a Action) Help() bool { return a >= FlagMine && a <= Odds }

// Event reports whether the action changes nothing on the board: a hint or
// the odds view.
func (a Action) Event() bool { return a == Hint || a == Odds }

// Move is one change to a game: a move on the board, by the player or by
// the solver for the player, or an event of help.
type Move struct {
	Action Action
	At     board.Point // the cell; (0,0) for the odds view
}

// Board returns the move as the board plays it, and reports whether it
// plays on the board at all: a flag the solver places is a board.Toggle
// (repeated until the cell holds a flag, see Game.Apply), an auto-play
// opening a board.Open, and events play nothing.
func (m Move) Board() (board.Move, bool) {
	switch m.Action {
	case Open, Chord, Toggle:
		return board.Move{Action: board.Action(m.Action), At: m.At}, true
	case FlagMine:
		return board.Move{Action: board.Toggle, At: m.At}, true
	case AutoOpen:
		return board.Move{Action: board.Open, At: m.At}, true
	}
	return board.Move{}, false
}

// PlayerMove returns the player's move m on the board.
func PlayerMove(m board.Move) Move { return Move{Action: Action(m.Action), At: m.At} }

// String returns the move's text form (see MarshalText), or Move(N X,Y)
// for an action it has no letter for.
func (m Move) String() string {
	if int(m.Action) < len(actionLetters) {
		return string(board.AppendMoveText(nil, actionLetters[m.Action], m.At))
	}
	return fmt.Sprintf("Move(%d %v)", m.Action, m.At)
}

// MarshalText writes the move as a letter and the cell's column and row,
// as board.Move does for the board's three ("O3,4", "C3,4", "F3,4"), with
// the letters of help: M a mine the solver flagged, A a cell auto-play
// opened, H a hint shown, P the odds view shown ("P0,0").
func (m Move) MarshalText() ([]byte, error) {
	if int(m.Action) >= len(actionLetters) {
		return nil, fmt.Errorf("%w %d", board.ErrAction, m.Action)
	}
	return board.AppendMoveText(nil, actionLetters[m.Action], m.At), nil
}

// UnmarshalText reads a move that MarshalText wrote.
func (m *Move) UnmarshalText(text []byte) error {
	act, p, err := board.ParseMoveText(text, string(actionLetters[:]))
	if err != nil {
		return err
	}
	*m = Move{Action: Action(act), At: p}
	return nil
}

// TimedMove is a move and when it was made on the game's clock, from its
// first opening; the moves before it have zero times.
type TimedMove struct {
	Move Move
	At   time.Duration
}

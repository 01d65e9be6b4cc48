package board

import (
	"fmt"
	"strconv"
	"strings"
)

// moveLetters are the letters of the actions in a move's text form.
var moveLetters = [...]byte{Open: 'O', Chord: 'C', Toggle: 'F'}

// String returns the move's text form; see MarshalText.
func (m Move) String() string {
	b, err := m.MarshalText()
	if err != nil {
		return fmt.Sprintf("Move(%d %v)", m.Action, m.At)
	}
	return string(b)
}

// MarshalText writes the move as Simon Tatham's Mines writes its moves: a
// letter for the action, O open, C chord, F mark, then the column and the
// row from zero: "O3,4". The history log, saved games, undo and replays
// all use this form.
func (m Move) MarshalText() ([]byte, error) {
	if int(m.Action) >= len(moveLetters) {
		return nil, fmt.Errorf("%w %d", ErrAction, m.Action)
	}
	b := []byte{moveLetters[m.Action]}
	b = strconv.AppendInt(b, int64(m.At.X), 10)
	b = append(b, ',')
	return strconv.AppendInt(b, int64(m.At.Y), 10), nil
}

// UnmarshalText reads a move that MarshalText wrote. The column and the
// row are decimal numbers; whether they lie on a board is the board's to
// say when the move is applied.
func (m *Move) UnmarshalText(text []byte) error {
	s := string(text)
	if len(s) < 4 {
		return fmt.Errorf("move %q: want a letter O, C or F, then COLUMN,ROW", s)
	}
	act := -1
	for a, l := range moveLetters {
		if s[0] == l {
			act = a
		}
	}
	xs, ys, ok := strings.Cut(s[1:], ",")
	x, errX := strconv.Atoi(xs)
	y, errY := strconv.Atoi(ys)
	if act < 0 || !ok || errX != nil || errY != nil || strings.HasPrefix(xs, "+") || strings.HasPrefix(ys, "+") {
		return fmt.Errorf("move %q: want a letter O, C or F, then COLUMN,ROW", s)
	}
	*m = Move{Action: Action(act), At: Point{X: x, Y: y}}
	return nil
}

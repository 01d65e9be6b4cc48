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
	return AppendMoveText(nil, moveLetters[m.Action], m.At), nil
}

// UnmarshalText reads a move that MarshalText wrote. The column and the
// row are decimal numbers; whether they lie on a board is the board's to
// say when the move is applied.
func (m *Move) UnmarshalText(text []byte) error {
	act, p, err := ParseMoveText(text, string(moveLetters[:]))
	if err != nil {
		return err
	}
	*m = Move{Action: Action(act), At: p}
	return nil
}

// AppendMoveText appends to dst the text form of a move whose action is
// written letter, on the cell p: the letter, then the column and the row
// from zero, "O3,4". Move's text form is one; a game's moves of help
// extend it with letters of their own.
func AppendMoveText(dst []byte, letter byte, p Point) []byte {
	dst = append(dst, letter)
	dst = strconv.AppendInt(dst, int64(p.X), 10)
	dst = append(dst, ',')
	return strconv.AppendInt(dst, int64(p.Y), 10)
}

// ParseMoveText reads the text form AppendMoveText writes, whose letter
// must be one of letters, and returns the letter's index in letters and
// the cell.
func ParseMoveText(text []byte, letters string) (int, Point, error) {
	s := string(text)
	act := -1
	if len(s) >= 4 {
		act = strings.IndexByte(letters, s[0])
	}
	if act >= 0 {
		xs, ys, ok := strings.Cut(s[1:], ",")
		x, errX := strconv.Atoi(xs)
		y, errY := strconv.Atoi(ys)
		if ok && errX == nil && errY == nil && !strings.HasPrefix(xs, "+") && !strings.HasPrefix(ys, "+") {
			return act, Point{X: x, Y: y}, nil
		}
	}
	return 0, Point{}, fmt.Errorf("move %q: want a letter %s, then COLUMN,ROW", s, orList(letters))
}

// orList writes letters as "O, C or F".
func orList(letters string) string {
	var b strings.Builder
	for i := range len(letters) {
		switch {
		case i == 0:
		case i == len(letters)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteByte(letters[i])
	}
	return b.String()
}

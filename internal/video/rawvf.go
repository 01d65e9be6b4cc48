package video

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// parseRAWVF reads a RAW video (Revision 5; see internal/rawvf): options
// "Name: value" a line up to "Board:"; the layout, a line a row, '*' a
// mine and any other cell character safe; "Events:", then a line an
// event, "1.250 lc 3 2 (40 24)": the time in seconds, the kind, the
// cell's column and row from 1 and the pointer in pixels. Lines of the
// events that are not mouse events (the game's start, its end, a cell's
// change, as some converters write them) are passed over.
func parseRAWVF(data []byte) (*Video, error) {
	ls := &lines{rest: data}
	v := &Video{SquareSize: 16}
	opts := map[string]string{}
	for {
		line, ok := ls.next()
		if !ok {
			return nil, fmt.Errorf("%w at line %d: no Board: line", ErrTruncated, ls.n)
		}
		if string(line) == "Board:" {
			break
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok || len(name) == 0 || len(name) > 64 {
			continue
		}
		if len(opts) >= maxOptions {
			return nil, fmt.Errorf("line %d: %w: more than %d options", ls.n, ErrTooLarge, maxOptions)
		}
		opts[string(bytes.TrimSpace(name))] = text(bytes.TrimSpace(value))
	}
	if err := rawBoard(v, ls); err != nil {
		return nil, err
	}
	if err := rawOptions(v, opts); err != nil {
		return nil, err
	}
	for {
		line, ok := ls.next()
		if !ok {
			return v, nil
		}
		if err := rawEvent(v, string(line)); err != nil {
			return nil, fmt.Errorf("line %d: %w", ls.n, err)
		}
	}
}

// maxOptions is the most options a RAW video's description may hold.
const maxOptions = 256

// lines yields the lines of a text one at a time, without their ends
// ("\n" or "\r\n"), and counts them.
type lines struct {
	rest []byte
	n    int
	done bool
}

// next returns the next line, or false past the last.
func (l *lines) next() ([]byte, bool) {
	if l.done {
		return nil, false
	}
	line, rest, found := bytes.Cut(l.rest, []byte("\n"))
	l.rest, l.done = rest, !found
	l.n++
	return bytes.TrimSuffix(line, []byte("\r")), true
}

// rawBoard reads the layout's lines after "Board:" up to "Events:".
func rawBoard(v *Video, ls *lines) error {
	for y := 0; ; y++ {
		line, ok := ls.next()
		if !ok {
			return fmt.Errorf("%w at line %d: no Events: line", ErrTruncated, ls.n)
		}
		if string(line) == "Events:" {
			if v.Width == 0 {
				return fmt.Errorf("%w board: no rows", ErrInvalid)
			}
			v.Height = y
			return checkBoard(v.Width, v.Height, len(v.Mines))
		}
		switch {
		case y == 0:
			v.Width = len(line)
			if err := checkBoard(v.Width, 1, 0); err != nil {
				return fmt.Errorf("line %d: %w", ls.n, err)
			}
		case len(line) != v.Width:
			return fmt.Errorf("%w board at line %d: a row of %d cells, not %d", ErrInvalid, ls.n, len(line), v.Width)
		case y >= MaxSide:
			return fmt.Errorf("board at line %d is %w: over %d rows", ls.n, ErrTooLarge, MaxSide)
		}
		for x, c := range line {
			if c == '*' {
				v.Mines = append(v.Mines, board.Point{X: x, Y: y})
			}
		}
	}
}

// rawOptions reads the options that matter: the size and mines (which
// must agree with the layout), the cell size, the player, program, time,
// result, 3BV, date, level, mode and marks.
func rawOptions(v *Video, opts map[string]string) error {
	for name, got := range map[string]int{"Width": v.Width, "Height": v.Height, "Mines": len(v.Mines)} {
		if s, ok := opts[name]; ok {
			if want, err := strconv.Atoi(s); err != nil || want != got {
				return fmt.Errorf("%w %s %q: the layout has %d", ErrInvalid, name, s, got)
			}
		}
	}
	if s, ok := opts["SquareSize"]; ok {
		size, err := strconv.Atoi(s)
		if err != nil || size < 1 || size > 255 {
			return fmt.Errorf("%w SquareSize %q", ErrInvalid, s)
		}
		v.SquareSize = size
	}
	v.Player = opts["Player"]
	v.Program = opts["Program"]
	v.Country = opts["Country"]
	v.Level = strings.ToLower(opts["Level"])
	v.Mode = strings.ToLower(opts["Mode"])
	v.QuestionMarks = strings.EqualFold(opts["Marks"], "On")
	if d, ok := seconds(opts["Time"]); ok {
		v.Time = d
	}
	v.ThreeBV, _ = strconv.Atoi(opts["BBBV"])
	switch strings.ToLower(opts["Status"]) {
	case "won":
		v.Result = board.Won
	case "lost":
		v.Result = board.Lost
	}
	if t, err := time.Parse(time.RFC3339, opts["Timestamp"]); err == nil {
		v.Date = t.UTC()
	}
	v.field("nickname", opts["Nick"])
	v.field("input", opts["Input"])
	return nil
}

// rawKinds are the mouse events by their names.
var rawKinds = map[string]Kind{"mv": Move, "lc": LeftPress, "lr": LeftRelease, "rc": RightPress,
	"rr": RightRelease, "mc": MiddlePress, "mr": MiddleRelease}

// rawEvent reads one line of the events, "1.250 lc 3 2 (40 24)"; a line
// that is not a mouse event is passed over. Without the pixels, the
// pointer is at the centre of the cell.
func rawEvent(v *Video, line string) error {
	f := strings.Fields(strings.NewReplacer("(", " ", ")", " ").Replace(line))
	if len(f) < 2 {
		return nil
	}
	k, ok := rawKinds[f[1]]
	if !ok {
		return nil
	}
	at, ok := seconds(f[0])
	if !ok {
		return fmt.Errorf("%w time %q", ErrInvalid, userfileClip(f[0]))
	}
	nums := make([]int, 0, 4)
	for _, s := range f[2:min(len(f), 6)] {
		x, err := strconv.Atoi(s)
		if err != nil || x < -1<<20 || x > 1<<20 {
			break
		}
		nums = append(nums, x)
	}
	var x, y int
	switch len(nums) {
	case 4:
		x, y = nums[2], nums[3]
	case 2, 3:
		x, y = (nums[0]-1)*v.SquareSize+v.SquareSize/2, (nums[1]-1)*v.SquareSize+v.SquareSize/2
	default:
		return fmt.Errorf("%w event %q: no cell", ErrInvalid, userfileClip(line))
	}
	return v.addEvent(at, k, x, y)
}

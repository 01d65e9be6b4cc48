package video

import (
	"bytes"
	"strconv"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// evfHead is the part of an EVF header that versions 3 and 4 share.
type evfHead struct {
	version, summary, settings int
	rows, cols, mines, size    int
}

// parseEVF reads an EVF video of version 3 or 4, as its description
// (ms-toollib's "evf format") gives them.
func parseEVF(data []byte) (*Video, error) {
	r := &reader{b: data}
	h := evfHead{version: r.u8("the version")}
	if r.err == nil && h.version != 3 && h.version != 4 {
		r.off--
		r.fail("version %d is not supported (3 and 4 are)", h.version)
		return nil, r.err
	}
	h.summary, h.settings = r.u8("the summary"), r.u8("the settings")
	h.rows, h.cols = r.u8("the rows"), r.u8("the columns")
	h.mines, h.size = r.uint(2, "the mine count"), r.u8("the cell size")
	v := &Video{Width: h.cols, Height: h.rows, SquareSize: h.size}
	v.Mode = modeName(r.uint(2, "the mode"))
	v.ThreeBV = r.uint(2, "the 3BV")
	if r.err != nil {
		return nil, r.err
	}
	if err := checkBoard(h.cols, h.rows, h.mines); err != nil {
		return nil, err
	}
	if h.size < 1 {
		r.fail("cell size %d", h.size)
		return nil, r.err
	}
	v.Level = levelOf(h.cols, h.rows, h.mines)
	// The settings' first bit switches question marks off.
	v.QuestionMarks = h.settings&0x80 == 0
	for _, f := range []struct {
		bit  int
		name string
	}{{0x40, FieldOfficial}, {0x20, FieldFair}, {0x10, FieldNF}} {
		if h.summary&f.bit != 0 {
			v.field(f.name, "yes")
		}
	}
	if h.summary&0x80 != 0 {
		v.Result = board.Won
	}
	if h.version == 3 {
		evf3Header(r, v)
	} else {
		evf4Header(r, v, h)
	}
	v.Mines = evfMines(r, h)
	if r.err != nil {
		return nil, r.err
	}
	if len(v.Mines) != h.mines {
		r.fail("the layout has %d mines; the header says %d", len(v.Mines), h.mines)
		return nil, r.err
	}
	var err error
	if h.version == 3 {
		err = evf3Events(r, v)
	} else {
		err = evf4Events(r, v)
	}
	if err != nil {
		return nil, err
	}
	return v, nil
}

// evf3Header reads version 3's time and strings: the program, the
// player, the race and unique identifiers (which the player does not
// want shown), the start and end as microseconds in text, the country
// and the device's id.
func evf3Header(r *reader, v *Video) {
	v.Time = time.Duration(r.uint(3, "the time")) * time.Millisecond
	v.Program = text(r.until(0, "the program"))
	v.Player = legacyText(r.until(0, "the player"))
	r.until(0, "the race identifier")
	r.until(0, "the unique identifier")
	if us, err := strconv.ParseInt(string(r.until(0, "the start time")), 10, 64); err == nil {
		v.Date = microseconds(us)
	}
	if us, err := strconv.ParseInt(string(r.until(0, "the end time")), 10, 64); err == nil {
		v.End = microseconds(us)
	}
	v.Country = legacyText(r.until(0, "the country"))
	r.until(0, "the device id")
}

// evf4Header reads version 4's time, country, start and strings.
func evf4Header(r *reader, v *Video, h evfHead) {
	v.Time = time.Duration(r.uint(4, "the time")) * time.Millisecond
	// Two zero bytes are no country (see WriteEVF).
	v.Country = text(bytes.Trim(r.bytes(2, "the country"), "\x00"))
	if us := r.u64("the start time"); us < 1<<62 {
		v.Date = microseconds(int64(us))
	}
	if us := r.u64("the end time"); us < 1<<62 {
		v.End = microseconds(int64(us))
	}
	v.Program = text(r.until(0, "the program"))
	if h.summary&0x08 != 0 {
		v.field(FieldTranscoder, text(r.until(0, "the transcoder")))
		v.field(FieldEncoding, text(r.until(0, "the original encoding")))
	}
	v.Player = text(r.until(0, "the player"))
	r.until(0, "the race identifier")
	r.until(0, "the unique identifier")
	r.bytes(r.uint(2, "the device id's length"), "the device id")
}

// microseconds returns the time us microseconds after 1970 in UTC, or the
// zero time for none.
func microseconds(us int64) time.Time {
	if us <= 0 {
		return time.Time{}
	}
	return time.UnixMicro(us).UTC()
}

// evfMines reads the layout: a bit a cell, row by row, the first cell in
// the first byte's high bit.
func evfMines(r *reader, h evfHead) []board.Point {
	bits := r.bytes((h.rows*h.cols+7)/8, "the layout")
	if bits == nil {
		return nil
	}
	mines := make([]board.Point, 0, h.mines)
	for i := range h.rows * h.cols {
		if bits[i/8]&(0x80>>(i%8)) != 0 {
			mines = append(mines, board.Point{X: i % h.cols, Y: i / h.cols})
		}
	}
	return mines
}

// evfButtons tracks the buttons, for the event kinds that leave it to
// the reader to say whether a button went down or up.
type evfButtons struct{ left, right, middle bool }

// kind returns the kind of mouse event code c (1 to 12), and whether it
// is one; a flag placed before the start (8) is reported as ok with
// preflag set.
func (b *evfButtons) kind(c int) (k Kind, preflag, ok bool) {
	switch c {
	case 1:
		return Move, false, true
	case 8:
		return Move, true, true
	case 9: // both down: the one that was up went down
		c = 4
		if !b.left {
			c = 2
		}
	case 10:
		c = 2 + btoi(b.left)
	case 11:
		c = 4 + btoi(b.right)
	case 12:
		c = 6 + btoi(b.middle)
	}
	if c < 2 || c > 7 {
		return 0, false, false
	}
	k = [...]Kind{LeftPress, LeftRelease, RightPress, RightRelease, MiddlePress, MiddleRelease}[c-2]
	switch k {
	case LeftPress, LeftRelease:
		b.left = k == LeftPress
	case RightPress, RightRelease:
		b.right = k == RightPress
	default:
		b.middle = k == MiddlePress
	}
	return k, false, true
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// addMouse adds a mouse event of code c, or a flag placed before the
// start.
func addMouse(r *reader, v *Video, b *evfButtons, c int, at time.Duration, x, y int) error {
	k, preflag, ok := b.kind(c)
	switch {
	case !ok:
		r.off--
		r.fail("event code %d", c)
		return r.err
	case preflag:
		if p := v.CellAt(x, y); p != Off && len(v.PreFlags) < v.Width*v.Height {
			v.PreFlags = append(v.PreFlags, p)
		}
		return nil
	}
	return v.addEvent(at, k, x, y)
}

// evf3Events reads version 3's events, each with its own time and
// pointer, up to the code 0 (a checksum of 32 bytes follows) or 255 (none).
func evf3Events(r *reader, v *Video) error {
	var b evfButtons
	for {
		c := r.u8("an event's code")
		if r.err != nil {
			return r.err
		}
		if c == 0 || c == 255 {
			return nil
		}
		at := time.Duration(r.uint(3, "an event's time")) * time.Millisecond
		x, y := r.uint(2, "an event's x"), r.uint(2, "an event's y")
		if r.err != nil {
			return r.err
		}
		if err := addMouse(r, v, &b, c, at, x, y); err != nil {
			return err
		}
	}
}

// evf4Events reads version 4's custom metrics' names, then its events,
// each as the change of time and pointer since the one before, a pause
// adding to the next one's time, up to the code 0.
func evf4Events(r *reader, v *Video) error {
	n := r.uint(2, "the number of custom metrics")
	for i := 0; i < n && r.err == nil; i++ {
		r.until(0, "a metric's name")
	}
	var b evfButtons
	var at time.Duration
	x, y := 0, 0
	for {
		c := r.u8("an event's code")
		switch {
		case r.err != nil:
			return r.err
		case c == 0:
			r.bytes(r.uint(2, "the checksum's length"), "the checksum")
			return r.err
		case c == 255:
			at += time.Duration(r.uint(2, "a pause")) * time.Millisecond
			continue
		}
		at += time.Duration(r.u8("an event's time")) * time.Millisecond
		switch {
		case c <= 80:
			x += r.i16("an event's x")
			y += r.i16("an event's y")
			if r.err == nil {
				if err := addMouse(r, v, &b, c, at, x, y); err != nil {
					return err
				}
			}
		case c <= 99:
			switch c {
			case 82:
				v.Result = board.Won
			case 83:
				v.Result = board.Lost
			}
		case c <= 199:
			r.bytes(2, "a board event")
		case c <= 201:
			r.uint(2, "a metric's index")
			if c == 200 {
				r.bytes(8, "a metric's value")
			} else {
				r.until(0, "a metric's value")
			}
		default:
			r.off--
			r.fail("event code %d", c)
		}
		if r.err != nil {
			return r.err
		}
	}
}

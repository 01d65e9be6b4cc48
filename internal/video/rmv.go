package video

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// rmvHeader is what an RMV file's header says of the sections after it.
type rmvHeader struct {
	version                   int
	cloneID                   int
	resultSize, versionSize   int
	preflagSize, propertySize int
}

// parseRMV reads an RMV video, version 1 or 2, as github.com/ralokt/rmv_spec
// describes it.
func parseRMV(data []byte) (*Video, error) {
	r := &reader{b: data}
	h := rmvHeader{}
	r.bytes(4, "the signature")
	h.version = r.uint(2, "the format version")
	if r.err == nil && h.version != 1 && h.version != 2 {
		r.off -= 2
		r.fail("format version %d is not 1 or 2", h.version)
	}
	if h.version == 2 {
		h.cloneID = r.u8("the clone id")
		r.u8("the clone's version")
	}
	r.uint(4, "the file size")
	if h.version == 1 {
		h.resultSize = r.uint(2, "the result size")
	}
	h.versionSize = r.uint(2, "the version size")
	r.uint(2, "the player size")
	r.uint(2, "the board size")
	h.preflagSize = r.uint(2, "the preflags size")
	h.propertySize = r.uint(2, "the properties size")
	if h.version == 2 {
		r.uint(2, "the extension properties size")
	}
	r.uint(4, "the events size")
	r.uint(2, "the checksum size")
	if r.err != nil {
		return nil, r.err
	}
	v := &Video{SquareSize: 16}
	v.Level = "custom"
	var result []byte
	if h.version == 1 {
		result = r.bytes(h.resultSize, "the result text")
	}
	program := r.bytes(h.versionSize, "the version text")
	var players [][]byte
	nPlayers := r.uint(2, "the number of player fields")
	for i := 0; i < nPlayers && r.err == nil; i++ {
		players = append(players, r.bytes(r.u8("a player field's size"), "a player field"))
	}
	stamp := r.uint(4, "the board's time")
	v.Width, v.Height = r.u8("the columns"), r.u8("the rows")
	n := r.uint(2, "the mine count")
	if r.err != nil {
		return nil, r.err
	}
	if err := checkBoard(v.Width, v.Height, n); err != nil {
		return nil, err
	}
	v.Mines = r.cells(n, v.Width, v.Height, "mines", func(c, row int) board.Point { return board.Point{X: c, Y: row} })
	if h.preflagSize != 0 {
		k := r.uint(2, "the number of preflags")
		v.PreFlags = r.cells(k, v.Width, v.Height, "flags placed before the start", func(c, row int) board.Point { return board.Point{X: c, Y: row} })
	}
	utf8 := rmvProperties(r, v, h)
	if h.version == 2 {
		rmvExtensions(r, v, h.cloneID)
	}
	if r.err != nil {
		return nil, r.err
	}
	decode := text
	if !utf8 {
		decode = latinText
	}
	for i, f := range players {
		switch i {
		case 0:
			v.Player = decode(f)
		case 1:
			v.field("nickname", decode(f))
		case 2:
			v.Country = decode(f)
		}
	}
	v.Program = decode(program)
	if v.Program == "" && h.cloneID <= 1 {
		v.Program = "Viennasweeper"
	}
	if stamp != 0 {
		v.Date = time.Unix(int64(stamp), 0).UTC()
	}
	if result != nil {
		rmvResult(v, result)
	}
	if err := rmvEvents(r, v, h.version); err != nil {
		return nil, err
	}
	return v, nil
}

// rmvLevels are the levels of RMV's level property.
var rmvLevels = []string{"beginner", "intermediate", "expert", "custom"}

// rmvProperties reads the properties (one byte each, by position) and
// reports whether the text is UTF-8: always in version 2, in version 1
// when its utf8 property says so.
func rmvProperties(r *reader, v *Video, h rmvHeader) bool {
	p := r.bytes(h.propertySize, "the properties")
	at := func(i int) int {
		if i < len(p) {
			return int(p[i])
		}
		return -1
	}
	v.QuestionMarks = at(0) == 1
	if at(1) == 1 {
		v.field("NF", "yes")
	}
	if m := at(2); m >= 0 {
		v.Mode = modeName(m)
	}
	if l := at(3); l >= 0 && l < len(rmvLevels) {
		v.Level = rmvLevels[l]
	}
	if h.version == 1 {
		return at(4) == 1
	}
	if lo, hi := at(4), at(5); lo >= 0 && hi >= 0 {
		v.ThreeBV = hi<<8 | lo
	}
	if s := at(6); s >= 0 {
		if s < 1 {
			r.fail("square size %d", s)
		}
		v.SquareSize = s
	}
	return true
}

// rmvExtensions reads version 2's named extension properties; of them,
// clone_name names the program when the clone has no id.
func rmvExtensions(r *reader, v *Video, cloneID int) {
	n := r.uint(2, "the number of extension properties")
	for i := 0; i < n && r.err == nil; i++ {
		name := r.bytes(r.u8("an extension's name size"), "an extension's name")
		value := r.bytes(r.u8("an extension's value size"), "an extension's value")
		if string(name) == "clone_name" && cloneID == 0 {
			v.field("clone", text(value))
		}
	}
	switch cloneID {
	case 0:
	case 1:
		v.field("clone", "Viennasweeper")
	default:
		v.field("clone", fmt.Sprintf("clone id %d", cloneID))
	}
}

// rmvResult reads version 1's result text, "\n" then "KEY:value#"...:
// its 3BV, score and the rest as fields.
func rmvResult(v *Video, result []byte) {
	for _, kv := range strings.Split(strings.TrimSpace(string(result)), "#") {
		k, val, ok := strings.Cut(kv, ":")
		if !ok {
			continue
		}
		switch k = strings.TrimSpace(k); k {
		case "3BV":
			v.ThreeBV, _ = strconv.Atoi(strings.TrimSpace(val))
		case "SCORE", "NF":
			v.field(strings.ToLower(k), latinText([]byte(val)))
		}
	}
}

// rmvEvents reads the events up to the termination event, whose time is
// the game's.
func rmvEvents(r *reader, v *Video, version int) error {
	xoff, yoff := 0, 0
	if version == 1 {
		xoff, yoff = 12, 56
	}
	var at time.Duration
	x, y := 0, 0
	for r.err == nil {
		switch c := r.u8("an event's code"); {
		case r.err != nil:
		case c == 0 && version == 1:
			r.uint(4, "a timestamp event")
		case c >= 1 && c <= 7:
			at = time.Duration(r.uint(3, "an event's time")) * time.Millisecond
			r.u8("an event's buttons")
			if version == 1 {
				x, y = r.uint(2, "an event's x")-xoff, r.uint(2, "an event's y")-yoff
			} else {
				x, y = r.i16("an event's x"), r.i16("an event's y")
			}
			if r.err == nil {
				if err := v.addEvent(at, [...]Kind{0, Move, LeftPress, LeftRelease, RightPress, RightRelease, MiddlePress, MiddleRelease}[c], x, y); err != nil {
					return err
				}
			}
		case c == 28 && version == 2:
			at += time.Duration(r.u8("a move's time")) * time.Millisecond
			d := r.u8("a move's change")
			x += int(int8(byte(d)&0xf0) >> 4)
			y += int(int8(byte(d)<<4) >> 4)
			if r.err == nil {
				if err := v.addEvent(at, Move, x, y); err != nil {
					return err
				}
			}
		case c >= 9 && c <= 14, c >= 18 && c <= 27:
			r.bytes(2, "a board event")
		case c >= 15 && c <= 17:
			v.Time = time.Duration(r.uint(3, "the game's time")) * time.Millisecond
			v.Result = [...]board.Status{board.Lost, board.Won, board.Playing}[c-15]
			return r.err
		default:
			r.off--
			r.fail("event code %d", c)
		}
	}
	return r.err
}

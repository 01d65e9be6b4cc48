package video

import (
	"bytes"
	"strconv"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// An AVF video (Minesweeper Arbiter), as learnt from ms-toollib's parser
// and the sample videos:
//
//	version (1 byte), 4 bytes of no known use, the level (1 byte: 3
//	beginner 8x8 with 10 mines, 4 intermediate, 5 expert, 6 custom);
//	for custom, the width-1 and height-1 (1 byte each) and the mines
//	(2 bytes, big-endian); each mine as its row and column from 1;
//	4 + n bytes, n the number of decimal digits of a sum over the cells
//	(see avfDigits), then the country (1 byte, see avfCountries);
//	further on, the byte 17 (question marks on) or 127 (off), one byte,
//	then the text "[level|W8H11M7|start|end|B3BVTtime]" (the size part
//	for custom boards only, "HS|" before the B after a best time);
//	a few bytes, then the events, eight bytes each: the buttons that
//	changed, x's high byte, the seconds' low byte, x's low byte, the
//	hundredths, y's high byte, the seconds' high byte, y's low byte; the
//	seconds count from 1; the first event is found as the first three
//	bytes whose second is 0 or 1 and whose third is 1; a record whose
//	seconds are 0 ends them;
//	then the footer: lines ended by '\r', "RealTime: 49.25", "Skin: 3.1",
//	the player's name, "Minesweeper Arbiter 0.52.3. Copyright ...".
//
// The buttons byte is a set of changes: 1 is always set, 2 left down,
// 4 left up, 8 right down, 16 right up, 32 middle down, 64 middle up (128
// is of no known use); 21 is both buttons up at once. The time after T is
// the game's time plus one second, as Arbiter's counter shows it; the
// RealTime line holds the time itself.
func parseAVF(data []byte) (*Video, error) {
	r := &reader{b: data}
	r.u8("the version")
	r.bytes(4, "the header")
	v := &Video{SquareSize: 16}
	n := 0
	switch level := r.u8("the level"); level {
	case 3:
		v.Width, v.Height, n = 8, 8, 10
	case 4:
		v.Width, v.Height, n = 16, 16, 40
	case 5:
		v.Width, v.Height, n = 30, 16, 99
	case 6:
		v.Width, v.Height = r.u8("the width")+1, r.u8("the height")+1
		n = r.uint(2, "the mine count")
	default:
		if r.err == nil {
			r.fail("level %d is not 3 to 6", level)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if err := checkBoard(v.Width, v.Height, n); err != nil {
		return nil, err
	}
	v.Mines = r.cells(n, v.Width, v.Height, "mines", func(row, col int) board.Point { return board.Point{X: col - 1, Y: row - 1} })
	r.bytes(4+avfDigits(v), "the check digits")
	v.Country = avfCountries[r.u8("the country")]
	if r.err != nil {
		return nil, r.err
	}
	if err := avfBracket(r, v); err != nil {
		return nil, err
	}
	if err := avfEvents(r, v); err != nil {
		return nil, err
	}
	avfFooter(data[r.off:], v)
	return v, nil
}

// avfDigits returns the number of decimal digits of the sum, over the
// cells (x, y), of (x + x*y) times 10 for a mine or the cell's number
// plus one: the length of a run of check digits after the layout.
func avfDigits(v *Video) int {
	w, h := v.Width, v.Height
	mine := make([]bool, w*h)
	for _, p := range v.Mines {
		mine[p.Y*w+p.X] = true
	}
	t := 0
	for y := range h {
		for x := range w {
			c := 10
			if !mine[y*w+x] {
				c = 1
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						if xx, yy := x+dx, y+dy; xx >= 0 && yy >= 0 && xx < w && yy < h && mine[yy*w+xx] {
							c++
						}
					}
				}
			}
			t += c * (x + x*y)
		}
	}
	return len(strconv.Itoa(t))
}

// avfCountries are the country codes Arbiter writes that are known.
var avfCountries = map[int]string{8: "CN", 37: "CN", 10: "GB", 12: "FR", 13: "DE", 23: "KR", 29: "PL", 31: "RU", 41: "US", 69: "JP"}

// avfBracket finds the bracketed text and reads the question marks, the
// dates, the 3BV and the time from it.
func avfBracket(r *reader, v *Video) error {
	start := -1
	for i := max(r.off, 2); i+2 < len(r.b); i++ {
		if r.b[i] == '[' && r.b[i+1] >= '0' && r.b[i+1] <= '3' && r.b[i+2] == '|' {
			start = i
			break
		}
	}
	if start < 0 {
		r.off = len(r.b)
		r.short(1, `the text "[level|"`)
		return r.err
	}
	switch r.b[start-2] {
	case 17:
		v.QuestionMarks = true
	case 127:
	default:
		r.off = start - 2
		r.fail("question marks byte %d is neither 17 nor 127", r.b[start-2])
		return r.err
	}
	end := bytes.IndexByte(r.b[start:min(len(r.b), start+256)], ']')
	if end < 0 {
		r.off = start
		r.fail("the text after '[' has no ']' within 256 bytes")
		return r.err
	}
	txt := string(r.b[start+1 : start+end])
	r.off = start + end + 1
	v.Level = [...]string{"beginner", "intermediate", "expert", "custom"}[txt[0]-'0']
	parts := strings.Split(txt, "|")
	if v.Level == "custom" && len(parts) > 1 {
		parts = parts[1:]
	}
	if len(parts) > 2 {
		v.Date = avfDate(parts[1])
	}
	b := strings.LastIndexByte(txt, 'B')
	t := strings.LastIndexByte(txt, 'T')
	if b < 0 || t < b {
		r.off = start
		r.fail("the text %q has no B3BVTtime", userfileClip(txt))
		return r.err
	}
	v.ThreeBV, _ = strconv.Atoi(txt[b+1 : t])
	if s, ok := seconds(strings.ReplaceAll(txt[t+1:], ",", ".")); ok && s >= time.Second {
		v.Time = s - time.Second
	}
	if strings.Contains(txt, "|HS|") {
		v.field("best time", "yes")
	}
	return nil
}

// userfileClip returns s cut to 40 bytes and made printable, for a message.
func userfileClip(s string) string {
	if len(s) > 40 {
		s = s[:40]
	}
	return text([]byte(s))
}

// avfDate reads Arbiter's start time "24.8.2024.16:38:59:6687": the day,
// month, year, hours, minutes, seconds, then the tenths of the second
// and its milliseconds; the zone is the player's and not written.
func avfDate(s string) time.Time {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == '.' || r == ':' })
	if len(f) != 7 || len(f[6]) < 2 {
		return time.Time{}
	}
	n := make([]int, 7)
	for i, p := range f {
		if i == 6 {
			p = p[1:]
		}
		x, err := strconv.Atoi(p)
		if err != nil || x < 0 {
			return time.Time{}
		}
		n[i] = x
	}
	if n[1] < 1 || n[1] > 12 || n[0] < 1 || n[0] > 31 || n[6] > 999 {
		return time.Time{}
	}
	return time.Date(n[2], time.Month(n[1]), n[0], n[3], n[4], n[5], n[6]*int(time.Millisecond), time.UTC)
}

// avfEvents finds the first event and reads the events up to the one
// whose seconds are 0.
func avfEvents(r *reader, v *Video) error {
	i := r.off
	for ; i+2 < len(r.b); i++ {
		if r.b[i+1] <= 1 && r.b[i+2] == 1 {
			break
		}
	}
	r.off = i
	for {
		e := r.bytes(8, "an event")
		if e == nil {
			return r.err
		}
		sec := int(e[6])<<8 | int(e[2])
		if sec == 0 {
			return nil
		}
		if e[0]&1 == 0 {
			r.off -= 8
			r.fail("event kind %d", e[0])
			return r.err
		}
		at := time.Duration(sec-1)*time.Second + time.Duration(e[4])*10*time.Millisecond
		x, y := int(e[1])<<8|int(e[3]), int(e[5])<<8|int(e[7])
		if err := addChanges(v, at, x, y, e[0]); err != nil {
			return err
		}
	}
}

// avfChanges are the button changes of an AVF event's first byte, in the
// order they are given as events.
var avfChanges = []struct {
	bit  byte
	kind Kind
}{{2, LeftPress}, {8, RightPress}, {32, MiddlePress}, {4, LeftRelease}, {16, RightRelease}, {64, MiddleRelease}}

// addChanges adds the events of one record: a move when no button
// changed, else each change.
func addChanges(v *Video, at time.Duration, x, y int, bits byte) error {
	changed := false
	for _, c := range avfChanges {
		if bits&c.bit != 0 {
			changed = true
			if err := v.addEvent(at, c.kind, x, y); err != nil {
				return err
			}
		}
	}
	if !changed {
		return v.addEvent(at, Move, x, y)
	}
	return nil
}

// avfFooter reads the footer's lines: the time, the skin, the player and
// the program.
func avfFooter(rest []byte, v *Video) {
	i := bytes.Index(rest, []byte("\rRealTime: "))
	if i < 0 {
		return
	}
	lines := bytes.SplitN(rest[i+1:], []byte("\r"), 5)
	for k, line := range lines {
		switch {
		case bytes.HasPrefix(line, []byte("RealTime: ")):
			if s, ok := seconds(strings.ReplaceAll(string(line[10:]), ",", ".")); ok {
				v.Time = s
			}
		case bytes.HasPrefix(line, []byte("Skin: ")):
			v.field("skin", legacyText(line[6:]))
			if k+1 < len(lines) {
				v.Player = legacyText(lines[k+1])
			}
			if k+2 < len(lines) {
				p, _, _ := bytes.Cut(lines[k+2], []byte(". Copyright"))
				v.Program = legacyText(p[:min(len(p), 100)])
			}
			return
		}
	}
}

// seconds reads a time in seconds with up to three decimals, "49.25" or
// "-0.125", to the millisecond.
func seconds(s string) (time.Duration, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(whole) > 9 || len(frac) > 3 {
		return 0, false
	}
	w, err := strconv.Atoi(whole)
	if err != nil || w < 0 {
		return 0, false
	}
	ms := 0
	if frac != "" {
		f, err := strconv.Atoi(frac)
		if err != nil || f < 0 {
			return 0, false
		}
		ms = f * [...]int{1, 100, 10, 1}[len(frac)]
	}
	d := time.Duration(w)*time.Second + time.Duration(ms)*time.Millisecond
	if neg {
		d = -d
	}
	return d, true
}

package serve

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// vt is the little of a terminal that tcell's output needs, to read a
// session's screen as text: cursor addressing, clearing, and text. Colours
// and modes are skipped.
type vt struct {
	w, h  int
	cells [][]rune
	x, y  int
	rest  []byte // an escape sequence or a rune cut at the end of a write
}

func newVT(w, h int) *vt {
	v := &vt{w: w, h: h}
	v.resize(w, h)
	return v
}

func (v *vt) resize(w, h int) {
	v.w, v.h = w, h
	v.cells = make([][]rune, h)
	for i := range v.cells {
		v.cells[i] = []rune(strings.Repeat(" ", w))
	}
	v.x, v.y = 0, 0
}

// write takes what the server sent.
func (v *vt) write(p []byte) {
	b := append(v.rest, p...)
	v.rest = nil
	for len(b) > 0 {
		switch c := b[0]; {
		case c == 0x1b:
			n := v.escape(b)
			if n == 0 {
				v.rest = append([]byte(nil), b...)
				return
			}
			b = b[n:]
		case c == '\r':
			v.x = 0
			b = b[1:]
		case c == '\n':
			v.y = min(v.y+1, v.h-1)
			b = b[1:]
		case c == '\b':
			v.x = max(v.x-1, 0)
			b = b[1:]
		case c < 0x20 || c == 0x7f:
			b = b[1:]
		default:
			if !utf8.FullRune(b) {
				v.rest = append([]byte(nil), b...)
				return
			}
			r, n := utf8.DecodeRune(b)
			b = b[n:]
			if v.x >= 0 && v.y >= 0 && v.x < v.w && v.y < v.h {
				v.cells[v.y][v.x] = r
			}
			v.x++
		}
	}
}

// escape carries out the escape sequence at the start of b and returns its
// length, or 0 if b ends before it does.
func (v *vt) escape(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	switch b[1] {
	case '[':
		i := 2
		for i < len(b) && (b[i] < 0x40 || b[i] > 0x7e) {
			i++
		}
		if i == len(b) {
			return 0
		}
		v.csi(string(b[2:i]), b[i])
		return i + 1
	case ']': // OSC, to BEL or ST
		for i := 2; i < len(b); i++ {
			if b[i] == 0x07 {
				return i + 1
			}
			if b[i] == 0x1b && i+1 < len(b) && b[i+1] == '\\' {
				return i + 2
			}
		}
		return 0
	case '(', ')':
		if len(b) < 3 {
			return 0
		}
		return 3
	}
	return 2
}

func (v *vt) csi(params string, final byte) {
	if strings.HasPrefix(params, "?") || strings.HasPrefix(params, ">") {
		return // modes
	}
	nums := strings.Split(params, ";")
	arg := func(i, def int) int {
		if i < len(nums) {
			if n, err := strconv.Atoi(nums[i]); err == nil && n > 0 {
				return n
			}
		}
		return def
	}
	switch final {
	case 'H', 'f':
		v.y, v.x = min(arg(0, 1)-1, v.h-1), min(arg(1, 1)-1, v.w-1)
	case 'J':
		if arg(0, 0) == 2 {
			v.resize(v.w, v.h)
		}
	case 'K':
		if v.y >= 0 && v.y < v.h {
			for x := max(v.x, 0); x < v.w; x++ {
				v.cells[v.y][x] = ' '
			}
		}
	case 'A':
		v.y = max(v.y-arg(0, 1), 0)
	case 'B':
		v.y = min(v.y+arg(0, 1), v.h-1)
	case 'C':
		v.x = min(v.x+arg(0, 1), v.w-1)
	case 'D':
		v.x = max(v.x-arg(0, 1), 0)
	case 'G':
		v.x = min(arg(0, 1)-1, v.w-1)
	case 'd':
		v.y = min(arg(0, 1)-1, v.h-1)
	}
}

// line returns row y of the screen.
func (v *vt) line(y int) string {
	if y < 0 || y >= v.h {
		return ""
	}
	return strings.TrimRight(string(v.cells[y]), " ")
}

// text returns the whole screen, a line a row.
func (v *vt) text() string {
	var sb strings.Builder
	for y := range v.h {
		sb.WriteString(v.line(y))
		sb.WriteByte('\n')
	}
	return sb.String()
}

func TestVT(t *testing.T) {
	for _, size := range [][2]int{{0, 0}, {1, 0}, {0, 1}} { // nothing to draw on: nothing breaks
		newVT(size[0], size[1]).write([]byte("ab\r\n\x1b[5;5Hcd\x1b[K\x1b[2J\b\x1b[A\x1b[3D"))
	}
	v := newVT(10, 3)
	v.write([]byte("\x1b[?1049h\x1b[H\x1b[2Jab\x1b[2;3Hcd\x1b[38;5;1"))
	v.write([]byte("mé\x1b[3;1Hxyz\x1b[3;2H\x1b[K"))
	if got, want := v.text(), "ab\n  cdé\nx\n"; got != want {
		t.Errorf("screen %q, want %q", got, want)
	}
}

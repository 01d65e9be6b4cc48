package video

import (
	"fmt"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/simplifiedchinese"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// reader reads the numbers and strings of a binary video. Its first error
// sticks: every later read returns zero, so that a parser checks r.err
// where it matters rather than after each read.
type reader struct {
	b   []byte
	off int
	err error
}

// short records that n more bytes of what were wanted and are not there.
func (r *reader) short(n int, what string) {
	if r.err == nil {
		r.err = fmt.Errorf("%w at byte %d of %d, reading %s (%d more bytes wanted)", ErrTruncated, r.off, len(r.b), what, n)
	}
}

// left returns the number of bytes not read yet.
func (r *reader) left() int { return len(r.b) - r.off }

// bytes returns the next n bytes, or nil when there are fewer.
func (r *reader) bytes(n int, what string) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > r.left() {
		r.short(n, what)
		return nil
	}
	b := r.b[r.off : r.off+n]
	r.off += n
	return b
}

// u8 reads one byte.
func (r *reader) u8(what string) int {
	b := r.bytes(1, what)
	if b == nil {
		return 0
	}
	return int(b[0])
}

// uint reads a big-endian unsigned number of n bytes (at most 4).
func (r *reader) uint(n int, what string) int {
	v := 0
	for _, c := range r.bytes(n, what) {
		v = v<<8 | int(c)
	}
	return v
}

// u64 reads a big-endian unsigned number of 8 bytes.
func (r *reader) u64(what string) uint64 {
	var v uint64
	for _, c := range r.bytes(8, what) {
		v = v<<8 | uint64(c)
	}
	return v
}

// i16 reads a big-endian signed number of 2 bytes.
func (r *reader) i16(what string) int {
	return int(int16(uint16(r.uint(2, what))))
}

// until returns the bytes up to the next byte end, and skips end.
func (r *reader) until(end byte, what string) []byte {
	if r.err != nil {
		return nil
	}
	for i := r.off; i < len(r.b); i++ {
		if r.b[i] == end {
			s := r.b[r.off:i]
			r.off = i + 1
			return s
		}
	}
	r.short(1, what+fmt.Sprintf(" (no end byte %#x)", end))
	return nil
}

// fail records an error of the file's content at the current byte.
func (r *reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w at byte %d: %s", ErrInvalid, r.off, fmt.Sprintf(format, args...))
	}
}

// cells reads n cells of two bytes each, (a, b), as at places them (what
// names them: "mines", "flags"); it checks the count against the bytes
// left before it allocates, and refuses a cell off the board or twice.
func (r *reader) cells(n, width, height int, what string, at func(a, b int) board.Point) []board.Point {
	if r.err != nil {
		return nil
	}
	if 2*n > r.left() {
		r.short(2*n, fmt.Sprintf("%d %s", n, what))
		return nil
	}
	seen := make([]bool, width*height)
	mines := make([]board.Point, 0, n)
	for range n {
		a, b := r.u8(what), r.u8(what)
		p := at(a, b)
		if p.X < 0 || p.Y < 0 || p.X >= width || p.Y >= height {
			r.fail("%s: %v is off the %dx%d board", what, p, width, height)
			return nil
		}
		if seen[p.Y*width+p.X] {
			r.fail("%s: %v twice", what, p)
			return nil
		}
		seen[p.Y*width+p.X] = true
		mines = append(mines, p)
	}
	return mines
}

// legacyText returns b decoded as a Windows program of unknown code page
// wrote it: UTF-8 when it is valid UTF-8, else GB18030 when it decodes
// without error, else Windows-1252 (which decodes any byte); made
// printable; at most MaxText bytes of b are read.
func legacyText(b []byte) string {
	b = clip(b)
	if utf8.Valid(b) {
		return userfile.Printable(string(b))
	}
	if s, err := simplifiedchinese.GB18030.NewDecoder().Bytes(b); err == nil && utf8.Valid(s) && !containsReplacement(s) {
		return userfile.Printable(string(s))
	}
	s, _ := charmap.Windows1252.NewDecoder().Bytes(b)
	return userfile.Printable(string(s))
}

// latinText returns b as UTF-8 when it is valid UTF-8, else as
// Windows-1252; made printable; at most MaxText bytes of b are read.
func latinText(b []byte) string {
	b = clip(b)
	if utf8.Valid(b) {
		return userfile.Printable(string(b))
	}
	s, _ := charmap.Windows1252.NewDecoder().Bytes(b)
	return userfile.Printable(string(s))
}

func containsReplacement(s []byte) bool {
	for _, r := range string(s) {
		if r == utf8.RuneError {
			return true
		}
	}
	return false
}

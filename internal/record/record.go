// Package record reads and writes the one record format every tool shares,
// the assignment's judge input: "n m k l" (rows, columns, mines, clicks),
// then k pairs "i j" (row and column of a mine), then l pairs "i j" (clicks),
// as whitespace-separated integers in any line layout.
package record

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Record is a board's layout and a sequence of clicks on it.
type Record struct {
	Rows, Cols int
	Mines      []board.Point // X is the column, Y the row
	Clicks     []board.Point
}

// Board returns a new board with the record's layout.
func (r *Record) Board() (*board.Board, error) {
	return board.New(r.Cols, r.Rows, r.Mines)
}

// Error is a malformed record: what is wrong, the 1-based line where it
// was found (0 when the input is empty), and the cause, for errors.Is.
type Error struct {
	Line int
	Msg  string
	// Err is the cause: one of the package's error variables or one of
	// the board errors Read names. Errors made elsewhere with this type
	// (the protocol package's) may leave it nil.
	Err error
}

// Error returns "line N: reason", or the reason alone when Line is 0.
func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Causes of the *Error values that Read returns, for errors.Is. Read also
// gives as the cause board.ErrSize for fewer than 1 row or column,
// board.ErrTooLarge for a board over board.MaxCells, board.ErrMineCount
// for a number of mines below 0 or above the number of cells,
// board.ErrOutOfBounds for a mine or a click off the board, and
// board.ErrRepeatedMine.
var (
	// ErrEmpty is the cause for input that holds nothing but white space.
	ErrEmpty = errors.New("empty input: want a record \"rows columns mines clicks\"")
	// ErrNotInteger is the cause for a token that is not a decimal
	// integer.
	ErrNotInteger = errors.New("not an integer")
	// ErrRange is the cause for a number the record cannot hold: beyond
	// the range of int32, written in more than 4096 bytes, or a number of
	// clicks below 0.
	ErrRange = errors.New("number out of range")
	// ErrShort is the cause for input that ends before the record does.
	ErrShort = errors.New("input ends early")
	// ErrTrailing is the cause for anything but white space after the
	// record's last click.
	ErrTrailing = errors.New("unexpected data after the record")
)

// maxTok is how much of a token the scanner keeps for error messages.
const maxTok = 64

// maxLen is the longest token the scanner reads to its end. A number needs
// at most 11 bytes; the rest leaves room for leading zeros.
const maxLen = 4096

// scanner reads whitespace-separated tokens and counts lines. It reads each
// token's value as it goes and keeps only its first maxTok bytes for error
// messages. It stops reading a token that cannot be a number once it has
// enough to quote, and any token past maxLen bytes, so that input that
// never ends a token, such as /dev/zero, ends with an error.
type scanner struct {
	r    *bufio.Reader
	line int // line of the last token read, 1-based
	cur  int // line the reader is on
	tok  []byte
	long bool  // the token is longer than tok
	cut  bool  // the token was cut after maxLen+1 bytes
	seen bool  // whether any token has been read
	err  error // a read error other than io.EOF

	// The token's value: an optional sign, then decimal digits.
	neg    bool
	digits int   // decimal digits read
	bad    bool  // a byte other than a leading sign or a digit
	big    bool  // the value is beyond the range of int32
	val    int64 // the value without its sign, while !big
}

// next reads the next token into s.tok; it reports false at the end of input.
func (s *scanner) next() bool {
	s.tok = s.tok[:0]
	s.long, s.cut, s.neg, s.bad, s.big = false, false, false, false, false
	s.digits, s.val = 0, 0
	n := 0 // bytes in the token
	for {
		c, err := s.r.ReadByte()
		if err != nil {
			if err != io.EOF {
				s.err = err
			}
			return n > 0
		}
		switch c {
		case ' ', '\t', '\r', '\v', '\f', '\n':
			if n > 0 {
				if c == '\n' {
					// Leave the newline for the next call so s.line is right.
					_ = s.r.UnreadByte()
				}
				return true
			}
			if c == '\n' {
				s.cur++
			}
			continue
		}
		if n == 0 {
			s.line = s.cur
			s.seen = true
		}
		switch {
		case '0' <= c && c <= '9':
			s.digits++
			if !s.big {
				s.val = s.val*10 + int64(c-'0')
				s.big = s.val > math.MaxInt32+1
			}
		case n == 0 && (c == '-' || c == '+'):
			s.neg = c == '-'
		default:
			s.bad = true
		}
		n++
		if len(s.tok) < maxTok {
			s.tok = append(s.tok, c)
			continue
		}
		s.long = true
		if s.bad || n > maxLen {
			// Enough to judge it: stop rather than read a token that
			// may never end.
			s.cut = !s.bad
			return true
		}
	}
}

// int reads the next token as an integer; what names the value in errors.
func (s *scanner) int(what label) (int, error) {
	if !s.next() {
		switch {
		case s.err != nil:
			return 0, s.err
		case !s.seen:
			return 0, &Error{Msg: ErrEmpty.Error(), Err: ErrEmpty}
		}
		return 0, s.errorf(ErrShort, "input ends early: want %s", what)
	}
	if s.bad || s.digits == 0 {
		return 0, s.errorf(ErrNotInteger, "%s: not an integer: %s", what, s.quote())
	}
	n := s.val
	if s.neg {
		n = -n
	}
	if s.big || n > math.MaxInt32 || n < math.MinInt32 {
		return 0, s.errorf(ErrRange, "%s: number %s is too large", what, s.quote())
	}
	if s.cut {
		return 0, s.errorf(ErrRange, "%s: number %s is longer than %d bytes", what, s.quote(), maxLen)
	}
	return int(n), nil
}

func (s *scanner) quote() string {
	if s.long {
		return strconv.Quote(string(s.tok)) + "..."
	}
	return strconv.Quote(string(s.tok))
}

// errorf returns an *Error on the line of the last token read.
func (s *scanner) errorf(cause error, format string, args ...any) error {
	return s.errorAt(s.line, cause, format, args...)
}

// errorAt returns an *Error on the given line with the given cause.
func (s *scanner) errorAt(line int, cause error, format string, args ...any) error {
	return &Error{Line: line, Msg: fmt.Sprintf(format, args...), Err: cause}
}

// bom is the UTF-8 byte order mark some editors write at the start of a
// text file.
var bom = []byte("\uFEFF")

// Read parses one record from r. Errors are *Error values naming the line
// and the cause (see ErrEmpty and the variables with it), except read
// errors from r, which are returned as they are. Anything but
// white space after the record is an error. A UTF-8 byte order mark at the
// start of the input is skipped.
func Read(r io.Reader) (*Record, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	p, err := br.Peek(len(bom))
	switch {
	case bytes.Equal(p, bom):
		br.Discard(len(bom))
	case err != nil && err != io.EOF:
		return nil, err
	}
	return read(&scanner{r: br, cur: 1, line: 1})
}

func read(s *scanner) (*Record, error) {
	// Each header value's error names the line the value is on.
	var hdr, at [4]int
	for i, what := range []label{{name: "the number of rows"}, {name: "the number of columns"}, {name: "the number of mines"}, {name: "the number of clicks"}} {
		n, err := s.int(what)
		if err != nil {
			return nil, err
		}
		hdr[i], at[i] = n, s.line
	}
	rows, cols, k, l := hdr[0], hdr[1], hdr[2], hdr[3]
	if rows < 1 || cols < 1 {
		line := at[0]
		if rows >= 1 {
			line = at[1]
		}
		return nil, s.errorAt(line, board.ErrSize, "board size %dx%d: rows and columns must be at least 1", rows, cols)
	}
	if err := board.CheckSize(cols, rows); err != nil {
		return nil, s.errorAt(at[1], board.ErrTooLarge, "board of %s and %s is larger than %d cells", Count(rows, "row"), Count(cols, "column"), board.MaxCells)
	}
	if k < 0 {
		return nil, s.errorAt(at[2], board.ErrMineCount, "the number of mines is %d, below 0", k)
	}
	if k > rows*cols {
		return nil, s.errorAt(at[2], board.ErrMineCount, "%s do not fit in %s", Count(k, "mine"), Count(rows*cols, "cell"))
	}
	if l < 0 {
		return nil, s.errorAt(at[3], ErrRange, "the number of clicks is %d, below 0", l)
	}
	rec := &Record{Rows: rows, Cols: cols, Mines: make([]board.Point, 0, min(k, 1<<16))}
	var seen []uint64 // a bit a cell: where a mine has been read
	if k > 0 {
		seen = make([]uint64, (rows*cols+63)/64)
	}
	for i := range k {
		p, err := s.point(label{name: "mine", i: i + 1, n: k}, rows, cols)
		if err != nil {
			return nil, err
		}
		at := p.Y*cols + p.X
		if seen[at/64]&(1<<(at%64)) != 0 {
			return nil, s.errorf(board.ErrRepeatedMine, "mine %d of %d: repeated mine at row %d, column %d", i+1, k, p.Y, p.X)
		}
		seen[at/64] |= 1 << (at % 64)
		rec.Mines = append(rec.Mines, p)
	}
	for i := range l {
		p, err := s.point(label{name: "click", i: i + 1, n: l}, rows, cols)
		if err != nil {
			return nil, err
		}
		rec.Clicks = append(rec.Clicks, p)
	}
	if s.next() {
		return nil, s.errorf(ErrTrailing, "unexpected %s after the record's last click", s.quote())
	}
	if s.err != nil {
		return nil, s.err
	}
	return rec, nil
}

// point reads a "row column" pair and checks it lies on the board.
func (s *scanner) point(what label, rows, cols int) (board.Point, error) {
	what.part = " (row and column)"
	i, err := s.int(what)
	if err != nil {
		return board.Point{}, err
	}
	what.part = ""
	// Checked before the column is read, so the error names the row's line.
	if i < 0 || i >= rows {
		return board.Point{}, s.errorf(board.ErrOutOfBounds, "%v: row %d is off the board (0 to %d)", what, i, rows-1)
	}
	what.part = " (column)"
	j, err := s.int(what)
	if err != nil {
		return board.Point{}, err
	}
	what.part = ""
	if j < 0 || j >= cols {
		return board.Point{}, s.errorf(board.ErrOutOfBounds, "%v: column %d is off the board (0 to %d)", what, j, cols-1)
	}
	return board.Point{X: j, Y: i}, nil
}

// label names a value in error messages: a header value ("the number of
// rows"), or the i-th of n mines or clicks and which part of its pair. It
// is a value formatted only when an error needs it, so reading a record
// allocates nothing per value.
type label struct {
	name string // a header value's name, or "mine" or "click"
	i, n int    // the 1-based index and the count of mines or clicks; n is 0 for a header value
	part string // " (row and column)", " (column)" or ""
}

// String returns the label as error messages print it.
func (l label) String() string {
	if l.n == 0 {
		return l.name
	}
	return fmt.Sprintf("%s %d of %d%s", l.name, l.i, l.n, l.part)
}

// Write writes the record in the format Read reads: the header line, one
// line per mine, one line per click.
func Write(w io.Writer, r *Record) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d %d %d %d\n", r.Rows, r.Cols, len(r.Mines), len(r.Clicks))
	var buf []byte
	for _, list := range [][]board.Point{r.Mines, r.Clicks} {
		for _, p := range list {
			buf = strconv.AppendInt(buf[:0], int64(p.Y), 10)
			buf = append(buf, ' ')
			buf = strconv.AppendInt(buf, int64(p.X), 10)
			buf = append(buf, '\n')
			bw.Write(buf)
		}
	}
	return bw.Flush()
}

// Count returns n and the noun for error messages, in the plural unless n
// is 1: "1 mine", "2 mines", "0 cells". The noun must take a plain "s".
func Count(n int, noun string) string {
	if n == 1 {
		return strconv.Itoa(n) + " " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

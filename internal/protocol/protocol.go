// Package protocol reads and writes the streaming form of the assignment's
// machine(): a request is a player's view of one board and the answer is the
// cell to open next.
//
// A request is a header line "n m k [rule]" (rows, columns, total mines and,
// optionally, the first-click rule in force: unsafe, the default, safe or
// opening) followed by n lines of m integers, -1 for a closed cell and 0 to 8
// for an open one. Empty lines may separate requests. An answer is one line
// "i j", the row and column of a closed cell, both counted from zero.
//
// A header or an empty line may take 1024 bytes before its newline, a row of
// m numbers 1024 + 8m bytes; a longer line is an error. A UTF-8 byte order
// mark at the start of the input is skipped.
package protocol

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// Request is one view of a board in play.
type Request struct {
	Rows, Cols int
	Mines      int              // mines on the whole board, found or not
	Rule       board.FirstClick // the first-click rule the board was made with
	// Tiles holds Rows*Cols tiles, row by row: board.TileClosed or an open
	// count from 0 to 8.
	Tiles []board.Tile
	// Line is the 1-based line of the request's header in its input, so
	// errors found later (by a solver, say) can name it.
	Line int
}

// Closed returns the number of closed cells.
func (r *Request) Closed() int {
	n := 0
	for _, t := range r.Tiles {
		if t == board.TileClosed {
			n++
		}
	}
	return n
}

// Error is a malformed request: what is wrong and the 1-based line where it
// was found. It is the record format's error, so every input the tools read
// reports its faults the same way: "line N: reason".
type Error = record.Error

// maxToken is how much of a bad token an error quotes.
const maxToken = 64

// Lines are bounded, so that input that never ends a line (a stream of
// NULs, a runaway row) ends with an error instead of filling memory or
// running on: a blank line or a header may take maxLine bytes, a row of m
// numbers maxLine + rowBytes*m (a number and its separator take 2 or 3
// bytes; the rest leaves room for alignment). Rows are read as they
// stream in, without keeping the line, so their memory is the tiles alone.
const (
	maxLine  = 1 << 10
	rowBytes = 8
)

// bom is the UTF-8 byte order mark some editors write at the start of a
// text file; Reader skips it at the start of its input.
var bom = []byte("\uFEFF")

// Reader reads requests one at a time from a stream. Read returns a request
// as soon as its last line has arrived, without waiting for more input, so
// a program can answer each request over a pipe before the next is written.
type Reader struct {
	r    *bufio.Reader
	line int    // lines read so far
	buf  []byte // the current line, without its end
	tok  []byte // the current token of a row, its first maxToken+1 bytes
	err  error  // a read error other than io.EOF, or a line too long, kept for later calls
}

// NewReader returns a Reader that reads requests from r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64<<10)}
}

// readLine reads the next line, of at most maxLine bytes before its
// newline, into r.buf, without "\n" or "\r\n". It returns false at the end
// of input, on a read error or on a line too long (both kept in r.err).
func (r *Reader) readLine() bool {
	r.buf = r.buf[:0]
	if r.err != nil {
		return false
	}
	ok, _ := r.scanLine(maxLine, func(part []byte) { r.buf = append(r.buf, part...) }, func() error {
		return r.errorf(r.line+1, "line is longer than %d bytes: want a request header \"rows columns mines [rule]\" or an empty line", maxLine)
	})
	if !ok {
		return false
	}
	if n := len(r.buf); n > 0 && r.buf[n-1] == '\r' {
		r.buf = r.buf[:n-1]
	}
	if r.line == 1 {
		r.buf = bytes.TrimPrefix(r.buf, bom)
	}
	return true
}

// scanLine reads the next line as it streams in, handing each part of it
// (without its newline) to each, so that no caller holds more of a line
// than it keeps; it reports whether there was a line, false at the end of
// input. A line longer than limit bytes before its newline stops it with
// the error tooLong returns, and a read error stops it; both are kept in
// r.err.
func (r *Reader) scanLine(limit int, each func(part []byte), tooLong func() error) (bool, error) {
	n := 0 // bytes of the line so far
	for {
		part, err := r.r.ReadSlice('\n')
		if err == nil {
			part = part[:len(part)-1]
		}
		if n += len(part); n > limit {
			r.err = tooLong()
			return false, r.err
		}
		each(part)
		switch {
		case err == nil:
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != io.EOF:
			r.err = err
			return false, err
		case n == 0:
			return false, nil
		}
		// A whole line, or a last line without its newline.
		r.line++
		return true, nil
	}
}

// isSpace reports whether c separates tokens within a line.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// fields splits line at runs of white space into dst, reusing its storage.
func fields(dst [][]byte, line []byte) [][]byte {
	dst = dst[:0]
	for i := 0; i < len(line); {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
		j := i
		for j < len(line) && !isSpace(line[j]) {
			j++
		}
		if j > i {
			dst = append(dst, line[i:j])
		}
		i = j
	}
	return dst
}

func quote(tok []byte) string {
	if len(tok) > maxToken {
		return strconv.Quote(string(tok[:maxToken])) + "..."
	}
	return strconv.Quote(string(tok))
}

func (r *Reader) errorf(line int, format string, args ...any) error {
	return &Error{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// Read returns the next request. At the end of input, when nothing but
// empty lines follows the last request, it returns io.EOF. A malformed
// request gives an *Error naming the line; read errors from the underlying
// reader are returned as they are. After a read error or a line too long,
// every later call returns the same error.
func (r *Reader) Read() (*Request, error) {
	// Skip the empty lines between requests.
	var toks [][]byte
	for {
		if !r.readLine() {
			if r.err != nil {
				return nil, r.err
			}
			return nil, io.EOF
		}
		if toks = fields(toks, r.buf); len(toks) > 0 {
			break
		}
	}
	req, err := r.header(toks)
	if err != nil {
		return nil, err
	}
	// Grow the grid as rows arrive, so a header alone cannot make the
	// reader allocate a huge board.
	req.Tiles = make([]board.Tile, 0, min(req.Rows*req.Cols, 1<<16))
	for y := range req.Rows {
		if err := r.row(req, y); err != nil {
			return nil, err
		}
	}
	if err := check(req); err != nil {
		return nil, err
	}
	return req, nil
}

// header parses the tokens of a header line.
func (r *Reader) header(toks [][]byte) (*Request, error) {
	line := r.line
	if len(toks) < 3 {
		return nil, r.errorf(line, "want a request header \"rows columns mines [rule]\", got %s", record.Count(len(toks), "field"))
	}
	if len(toks) > 4 {
		return nil, r.errorf(line, "unexpected %s after the header's rule", quote(toks[4]))
	}
	var hdr [3]int
	for i, what := range []string{"the number of rows", "the number of columns", "the number of mines"} {
		n, err := strconv.ParseInt(string(toks[i]), 10, 64)
		switch {
		case errors.Is(err, strconv.ErrRange), err == nil && (n > math.MaxInt32 || n < math.MinInt32):
			return nil, r.errorf(line, "%s: number %s is too large", what, quote(toks[i]))
		case err != nil:
			return nil, r.errorf(line, "%s: not an integer: %s", what, quote(toks[i]))
		}
		hdr[i] = int(n)
	}
	req := &Request{Rows: hdr[0], Cols: hdr[1], Mines: hdr[2], Rule: board.Unsafe, Line: line}
	if len(toks) == 4 {
		rule, err := board.ParseFirstClick(string(toks[3]))
		if err != nil {
			return nil, r.errorf(line, "unknown first-click rule %s (want unsafe, safe or opening)", quote(toks[3]))
		}
		req.Rule = rule
	}
	if req.Rows < 1 || req.Cols < 1 {
		return nil, r.errorf(line, "board size %dx%d: rows and columns must be at least 1", req.Rows, req.Cols)
	}
	if board.CheckSize(req.Cols, req.Rows) != nil {
		return nil, r.errorf(line, "board of %s and %s is larger than %d cells",
			record.Count(req.Rows, "row"), record.Count(req.Cols, "column"), board.MaxCells)
	}
	if limit := board.MaxMines(req.Cols, req.Rows, req.Rule); req.Mines < 0 || req.Mines > limit {
		return nil, r.errorf(line, "%s on %s and %s with the %s first click: want 0 to %d",
			record.Count(req.Mines, "mine"), record.Count(req.Rows, "row"), record.Count(req.Cols, "column"), req.Rule, limit)
	}
	return req, nil
}

// row reads the next line as row y of req and appends its tiles to
// req.Tiles. It reads the line as it streams in, a token at a time, and
// keeps no more of it than the token it is on.
func (r *Reader) row(req *Request, y int) error {
	if r.err != nil {
		return r.err
	}
	limit := maxLine + rowBytes*req.Cols
	var (
		count int // numbers on the line so far
		badAt int // the 1-based index of the first bad number, or 0
		bad   string
	)
	r.tok = r.tok[:0]
	endToken := func() {
		count++
		t, ok := parseTile(r.tok)
		switch {
		case !ok && badAt == 0:
			badAt, bad = count, quote(r.tok)
		case ok && badAt == 0 && count <= req.Cols:
			if len(req.Tiles) == cap(req.Tiles) {
				// Double the grid, up to its full size: its memory
				// follows the tiles read, not the header's promise.
				req.Tiles = slices.Grow(req.Tiles, min(cap(req.Tiles), req.Rows*req.Cols-len(req.Tiles)))
			}
			req.Tiles = append(req.Tiles, t)
		}
		r.tok = r.tok[:0]
	}
	ok, err := r.scanLine(limit, func(line []byte) {
		for _, c := range line {
			if isSpace(c) {
				if len(r.tok) > 0 {
					endToken()
				}
			} else if len(r.tok) <= maxToken {
				r.tok = append(r.tok, c)
			}
		}
	}, func() error {
		return r.errorf(r.line+1, "row %d of %d is longer than %d bytes, too long for %s",
			y+1, req.Rows, limit, record.Count(req.Cols, "number"))
	})
	switch {
	case err != nil:
		return err
	case !ok:
		return r.errorf(r.line+1, "input ends early: want row %d of %d", y+1, req.Rows)
	}
	if len(r.tok) > 0 {
		endToken()
	}
	switch {
	case count == 0:
		return r.errorf(r.line, "row %d of %d is empty: want %s", y+1, req.Rows, record.Count(req.Cols, "number"))
	case count != req.Cols:
		return r.errorf(r.line, "row %d of %d has %s, want %d", y+1, req.Rows, record.Count(count, "number"), req.Cols)
	case badAt > 0:
		return r.errorf(r.line, "row %d, number %d: %s is not -1 (closed) or 0 to 8 (open)", y+1, badAt, bad)
	}
	return nil
}

// parseTile reads a cell exactly as the protocol spells it: "-1" or one
// digit from 0 to 8, without signs or leading zeros.
func parseTile(tok []byte) (board.Tile, bool) {
	switch {
	case len(tok) == 1 && tok[0] >= '0' && tok[0] <= '8':
		return board.Tile(tok[0] - '0'), true
	case len(tok) == 2 && tok[0] == '-' && tok[1] == '1':
		return board.TileClosed, true
	}
	return 0, false
}

// check rejects views that no game can show: a number with fewer closed
// neighbours than it counts, more mines than closed cells, no closed cell,
// or only mines left closed, where there is nothing to open.
func check(req *Request) error {
	w, h := req.Cols, req.Rows
	for i, t := range req.Tiles {
		if t == board.TileClosed {
			continue
		}
		x, y := i%w, i/w
		closed := 0
		for j := range board.Neighbours(w, h, i) {
			if req.Tiles[j] == board.TileClosed {
				closed++
			}
		}
		if int(t) > closed {
			return &Error{Line: req.Line + 1 + y, Msg: fmt.Sprintf("row %d, number %d: %d but only %s", y+1, x+1, t, record.Count(closed, "closed neighbour"))}
		}
	}
	closed := req.Closed()
	switch {
	case closed == 0:
		return &Error{Line: req.Line, Msg: "no closed cell"}
	case req.Mines > closed:
		return &Error{Line: req.Line, Msg: fmt.Sprintf("%s do not fit in %s", record.Count(req.Mines, "mine"), record.Count(closed, "closed cell"))}
	case req.Mines == closed:
		return &Error{Line: req.Line, Msg: fmt.Sprintf("every closed cell is a mine (%d): no cell to open", closed)}
	}
	return nil
}

// WriteRequest writes req in the format Reader reads. The rule is written
// only when it is not the default, unsafe.
func WriteRequest(w io.Writer, req *Request) error {
	if len(req.Tiles) != req.Rows*req.Cols {
		return fmt.Errorf("protocol: %d tiles for %d rows and %d columns", len(req.Tiles), req.Rows, req.Cols)
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d %d %d", req.Rows, req.Cols, req.Mines)
	if req.Rule != board.Unsafe {
		fmt.Fprintf(bw, " %s", req.Rule)
	}
	bw.WriteByte('\n')
	var buf []byte
	for y := range req.Rows {
		buf = buf[:0]
		for x, t := range req.Tiles[y*req.Cols : (y+1)*req.Cols] {
			if x > 0 {
				buf = append(buf, ' ')
			}
			if !t.IsOpen() {
				t = board.TileClosed // flags and question marks are closed cells
			}
			buf = strconv.AppendInt(buf, int64(t), 10)
		}
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	return bw.Flush()
}

// AppendMove appends the answer for p, "row column\n", to dst.
func AppendMove(dst []byte, p board.Point) []byte {
	dst = strconv.AppendInt(dst, int64(p.Y), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.X), 10)
	return append(dst, '\n')
}

// WriteMove writes the answer for p, "row column\n", in a single Write, so
// an unbuffered writer delivers it at once.
func WriteMove(w io.Writer, p board.Point) error {
	var buf [48]byte
	_, err := w.Write(AppendMove(buf[:0], p))
	return err
}

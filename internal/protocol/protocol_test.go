package protocol

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/endless"
)

const C = board.TileClosed

func TestReadValid(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []Request
	}{
		{
			name: "assignment example, default rule",
			in:   "3 3 1\n-1 -1 -1\n-1 -1 -1\n-1 -1 -1\n",
			want: []Request{{Rows: 3, Cols: 3, Mines: 1, Rule: board.Unsafe, Line: 1,
				Tiles: []board.Tile{C, C, C, C, C, C, C, C, C}}},
		},
		{
			name: "rules, blank lines between requests, CRLF, tabs, no final newline",
			in: "\n  \n2 3 1 safe\r\n0 1 -1\r\n0 1 -1\r\n\n\t\n" +
				"1 2 0 opening\n-1 -1\n" +
				"1 3 1 unsafe\n\t1   -1 -1 ",
			want: []Request{
				{Rows: 2, Cols: 3, Mines: 1, Rule: board.Safe, Line: 3, Tiles: []board.Tile{0, 1, C, 0, 1, C}},
				{Rows: 1, Cols: 2, Mines: 0, Rule: board.Opening, Line: 8, Tiles: []board.Tile{C, C}},
				{Rows: 1, Cols: 3, Mines: 1, Rule: board.Unsafe, Line: 10, Tiles: []board.Tile{1, C, C}},
			},
		},
		{
			name: "single cell",
			in:   "1 1 0\n-1\n",
			want: []Request{{Rows: 1, Cols: 1, Line: 1, Tiles: []board.Tile{C}}},
		},
		{
			name: "byte order mark",
			in:   "\uFEFF1 1 0\n-1\n",
			want: []Request{{Rows: 1, Cols: 1, Line: 1, Tiles: []board.Tile{C}}},
		},
		{
			name: "byte order mark on a line of its own",
			in:   "\uFEFF\r\n1 1 0\r\n-1\r\n",
			want: []Request{{Rows: 1, Cols: 1, Line: 2, Tiles: []board.Tile{C}}},
		},
		{
			name: "lines at their longest",
			in: strings.Repeat(" ", 1024) + "\n" + "1 3 1" + strings.Repeat(" ", 1019) + "\n" +
				"-1 -1 -1" + strings.Repeat("\t", 1024+8*3-8) + "\n",
			want: []Request{{Rows: 1, Cols: 3, Mines: 1, Line: 2, Tiles: []board.Tile{C, C, C}}},
		},
		{
			name: "empty input",
			in:   "",
		},
		{
			name: "only blank lines",
			in:   "\n \r\n\t\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := readAll(strings.NewReader(tt.in))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %d requests; want %d", len(got), len(tt.want))
			}
			for i := range got {
				if !equal(got[i], &tt.want[i]) {
					t.Errorf("request %d = %+v; want %+v", i, *got[i], tt.want[i])
				}
			}
		})
	}
}

// readAll reads every request up to the end of input or the first error.
func readAll(r io.Reader) ([]*Request, error) {
	pr := NewReader(r)
	var reqs []*Request
	for {
		req, err := pr.Read()
		if err == io.EOF {
			return reqs, nil
		}
		if err != nil {
			return reqs, err
		}
		reqs = append(reqs, req)
	}
}

func equal(a, b *Request) bool {
	return a.Rows == b.Rows && a.Cols == b.Cols && a.Mines == b.Mines && a.Rule == b.Rule &&
		a.Line == b.Line && slices.Equal(a.Tiles, b.Tiles)
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"short header", "3 3\n", "line 1: want a request header \"rows columns mines [rule]\", got 2 fields"},
		{"long header", "1 2 0 safe x\n-1 -1\n", `line 1: unexpected "x" after the header's rule`},
		{"header after blank lines", "\n\n3\n", "line 3: want a request header \"rows columns mines [rule]\", got 1 field"},
		{"rows not a number", "a 3 1\n", `line 1: the number of rows: not an integer: "a"`},
		{"columns not a number", "3 3.0 1\n", `line 1: the number of columns: not an integer: "3.0"`},
		{"mines too large", "3 3 99999999999\n", `line 1: the number of mines: number "99999999999" is too large`},
		{"mines overflow", "3 3 99999999999999999999999\n", `line 1: the number of mines: number "99999999999999999999999" is too large`},
		{"long token quoted short", "3 3 " + strings.Repeat("x", 100) + "\n", `line 1: the number of mines: not an integer: "` + strings.Repeat("x", 64) + `"...`},
		{"unknown rule", "1 2 0 sure\n-1 -1\n", `line 1: unknown first-click rule "sure" (want unsafe, safe or opening)`},
		{"zero rows", "0 3 0\n", "line 1: board size 0x3: rows and columns must be at least 1"},
		{"negative columns", "3 -1 0\n", "line 1: board size 3x-1: rows and columns must be at least 1"},
		{"too large", "100000 100000 1\n", "line 1: board of 100000 rows and 100000 columns is larger than 268435456 cells"},
		{"negative mines", "2 2 -1\n", "line 1: -1 mines on 2 rows and 2 columns with the unsafe first click: want 0 to 4"},
		{"too many mines for the rule", "3 3 1 opening\n", "line 1: 1 mine on 3 rows and 3 columns with the opening first click: want 0 to 0"},
		{"too many mines, safe", "2 2 4 safe\n", "line 1: 4 mines on 2 rows and 2 columns with the safe first click: want 0 to 3"},
		{"input ends in the grid", "3 3 1\n-1 -1 -1\n", "line 3: input ends early: want row 2 of 3"},
		{"input ends after header", "3 3 1", "line 2: input ends early: want row 1 of 3"},
		{"empty row", "2 2 1\n-1 -1\n\n-1 -1\n", "line 3: row 2 of 2 is empty: want 2 numbers"},
		{"short row", "2 2 1\n-1 -1\n-1\n", "line 3: row 2 of 2 has 1 number, want 2"},
		{"long row", "2 2 1\n-1 -1 -1\n-1 -1\n", "line 2: row 1 of 2 has 3 numbers, want 2"},
		{"nine", "1 2 1\n9 -1\n", `line 2: row 1, number 1: "9" is not -1 (closed) or 0 to 8 (open)`},
		{"minus two", "1 2 1\n-1 -2\n", `line 2: row 1, number 2: "-2" is not -1 (closed) or 0 to 8 (open)`},
		{"plus sign", "1 2 1\n+1 -1\n", `line 2: row 1, number 1: "+1" is not -1 (closed) or 0 to 8 (open)`},
		{"leading zero", "1 2 1\n01 -1\n", `line 2: row 1, number 1: "01" is not -1 (closed) or 0 to 8 (open)`},
		{"comma", "1 2 1\n1,-1\n", "line 2: row 1 of 1 has 1 number, want 2"},
		{"number with too few closed neighbours", "2 2 1\n2 -1\n0 0\n", "line 2: row 1, number 1: 2 but only 1 closed neighbour"},
		{"number on a later row", "2 2 1\n-1 -1\n0 4\n", "line 3: row 2, number 2: 4 but only 2 closed neighbours"},
		{"no closed cell", "1 2 0\n0 0\n", "line 1: no closed cell"},
		{"no closed cell after a request", "1 1 0\n-1\n\n1 1 0\n0\n", "line 4: no closed cell"},
		{"more mines than closed cells", "1 3 2\n1 -1 1\n", "line 1: 2 mines do not fit in 1 closed cell"},
		{"only mines closed", "1 2 1\n1 -1\n", "line 1: every closed cell is a mine (1): no cell to open"},
		{"one row too large", "1 268435457 0\n", "line 1: board of 1 row and 268435457 columns is larger than 268435456 cells"},
		{"one column, empty row", "2 1 0\n\n", "line 2: row 1 of 2 is empty: want 1 number"},
		{"byte order mark after the first line", "\n\uFEFF1 1 0\n-1\n", `line 2: the number of rows: not an integer: "\ufeff1"`},
		{"byte order mark twice", "\uFEFF\uFEFF1 1 0\n-1\n", `line 1: the number of rows: not an integer: "\ufeff1"`},
		{"NUL in a row", "1 2 1\n\x00 -1\n", `line 2: row 1, number 1: "\x00" is not -1 (closed) or 0 to 8 (open)`},
		{"blank line too long", "\n" + strings.Repeat(" ", 1025) + "\n1 1 0\n-1\n", `line 2: line is longer than 1024 bytes: want a request header "rows columns mines [rule]" or an empty line`},
		{"header too long", "1 1 0" + strings.Repeat(" ", 1020) + "\n-1\n", `line 1: line is longer than 1024 bytes: want a request header "rows columns mines [rule]" or an empty line`},
		{"row too long", "1 3 1\n-1 -1 -1" + strings.Repeat(" ", 1024+8*3-8+1) + "\n", "line 2: row 1 of 1 is longer than 1048 bytes, too long for 3 numbers"},
		{"row too long without a newline", "2 1 0\n-1\n" + strings.Repeat("-1 ", 400), "line 3: row 2 of 2 is longer than 1032 bytes, too long for 1 number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := readAll(strings.NewReader(tt.in))
			var perr *Error
			if !errors.As(err, &perr) {
				t.Fatalf("Read(%q) error = %v; want *Error %q", tt.in, err, tt.want)
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("Read(%q) error\n got %s\nwant %s", tt.in, got, tt.want)
			}
		})
	}
}

func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	r := NewReader(io.MultiReader(strings.NewReader("2 2 1\n-1 -1\n"), iotest.ErrReader(boom)))
	if _, err := r.Read(); !errors.Is(err, boom) {
		t.Errorf("Read error = %v; want %v", err, boom)
	}
	if _, err := r.Read(); !errors.Is(err, boom) {
		t.Errorf("second Read error = %v; want %v", err, boom)
	}
}

// allocated returns the bytes allocated while f runs, from
// runtime.MemStats.TotalAlloc.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestReadEndless reads from input whose line never ends: NULs as from
// /dev/zero, a runaway row. Each must end with an error naming the line,
// after reading and allocating a bounded amount, and the error must stay.
func TestReadEndless(t *testing.T) {
	tests := []struct {
		name, prefix, pattern, want string
	}{
		{"NULs", "", "\x00", `line 1: line is longer than 1024 bytes: want a request header "rows columns mines [rule]" or an empty line`},
		{"spaces", "", " ", `line 1: line is longer than 1024 bytes: want a request header "rows columns mines [rule]" or an empty line`},
		{"NULs in a row", "1 10 1\n", "\x00", "line 2: row 1 of 1 is longer than 1104 bytes, too long for 10 numbers"},
		{"a runaway row", "2 3 1\n-1 -1 -1\n", "-1 ", "line 3: row 2 of 2 is longer than 1048 bytes, too long for 3 numbers"},
		{"NULs after a request", "1 1 0\n-1\n", "\x00", `line 3: line is longer than 1024 bytes: want a request header "rows columns mines [rule]" or an empty line`},
	}
	const limit = 64 << 20
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := &endless.Reader{Pattern: []byte(tt.pattern), Limit: limit}
			r := NewReader(io.MultiReader(strings.NewReader(tt.prefix), in))
			var err error
			alloc := allocated(func() {
				for err == nil {
					_, err = r.Read()
				}
			})
			var perr *Error
			if !errors.As(err, &perr) || err.Error() != tt.want {
				t.Fatalf("Read(%q then endless %q) error = %v; want %q", tt.prefix, tt.pattern, err, tt.want)
			}
			// The reader buffers 64 KiB at a time: one buffer is enough.
			if in.N > 64<<10 {
				t.Errorf("Read(%q then endless %q) read %d bytes; want at most %d", tt.prefix, tt.pattern, in.N, 64<<10)
			}
			if alloc > 256<<10 {
				t.Errorf("Read(%q then endless %q) allocated %d bytes; want at most %d", tt.prefix, tt.pattern, alloc, 256<<10)
			}
			if _, again := r.Read(); again != err {
				t.Errorf("Read after %q = %v; want the same error", err, again)
			}
		})
	}
}

// TestReadLongRowMemory reads a request of one row of a million cells: the
// row is read as it streams in, so the request takes little more memory
// than its tiles, a byte each.
func TestReadLongRowMemory(t *testing.T) {
	const cols = 1_000_000
	in := "1 1000000 1\n" + strings.Repeat("-1 ", cols) + "\n"
	var req *Request
	var err error
	alloc := allocated(func() { req, err = NewReader(strings.NewReader(in)).Read() })
	if err != nil || len(req.Tiles) != cols {
		t.Fatalf("Read(1 row of %d) = %d tiles, %v; want %d, nil", cols, len(req.Tiles), err, cols)
	}
	// The tiles grow by doubling: their allocations add up to about three
	// times their final size. A line buffer and a token per cell, as
	// before, took 150 bytes a cell.
	if limit := uint64(4*cols + 1<<20); alloc > limit {
		t.Errorf("Read(1 row of %d) allocated %d bytes; want at most %d", cols, alloc, limit)
	}
}

// TestReadDoesNotReadAhead checks that a request is returned as soon as its
// last line has arrived, without waiting for more input, as a program
// playing over a pipe needs.
func TestReadDoesNotReadAhead(t *testing.T) {
	pr, pw := io.Pipe()
	defer pr.Close()
	r := NewReader(pr)
	for i, in := range []string{"2 2 1\n-1 -1\n-1 -1\n", "\n1 3 1 safe\n1 -1 -1\n"} {
		go func() {
			// One write per line, as a line-buffered client sends them.
			for line := range strings.Lines(in) {
				pw.Write([]byte(line))
			}
		}()
		req, err := r.Read()
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		if got := len(req.Tiles); got != req.Rows*req.Cols {
			t.Errorf("request %d: %d tiles; want %d", i, got, req.Rows*req.Cols)
		}
	}
	pw.Close()
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("Read at the end = %v; want io.EOF", err)
	}
}

func TestWriteRequestRoundTrip(t *testing.T) {
	reqs := []*Request{
		{Rows: 2, Cols: 3, Mines: 1, Rule: board.Unsafe, Tiles: []board.Tile{0, 1, C, 0, 1, C}},
		{Rows: 1, Cols: 2, Mines: 0, Rule: board.Opening, Tiles: []board.Tile{C, C}},
		{Rows: 1, Cols: 3, Mines: 1, Rule: board.Safe, Tiles: []board.Tile{board.TileFlag, 1, board.TileQuestion}},
	}
	var buf bytes.Buffer
	for _, req := range reqs {
		if err := WriteRequest(&buf, req); err != nil {
			t.Fatal(err)
		}
	}
	const want = "2 3 1\n0 1 -1\n0 1 -1\n1 2 0 opening\n-1 -1\n1 3 1 safe\n-1 1 -1\n"
	if got := buf.String(); got != want {
		t.Fatalf("WriteRequest wrote\n%s\nwant\n%s", got, want)
	}
	got, err := readAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range []int{1, 4, 6} {
		want := *reqs[i]
		want.Line = line
		want.Tiles = slices.Clone(want.Tiles)
		for j, tile := range want.Tiles {
			if !tile.IsOpen() {
				want.Tiles[j] = C
			}
		}
		if !equal(got[i], &want) {
			t.Errorf("request %d read back as %+v; want %+v", i, *got[i], want)
		}
	}
}

func TestWriteRequestBadSize(t *testing.T) {
	err := WriteRequest(io.Discard, &Request{Rows: 2, Cols: 2, Tiles: make([]board.Tile, 3)})
	if err == nil {
		t.Error("WriteRequest with 3 tiles on 2x2 = nil; want an error")
	}
}

func TestWriteMove(t *testing.T) {
	tests := []struct {
		p    board.Point
		want string
	}{
		{board.Point{X: 0, Y: 0}, "0 0\n"},
		{board.Point{X: 3, Y: 12}, "12 3\n"},
		{board.Point{X: 99, Y: 15}, "15 99\n"},
	}
	for _, tt := range tests {
		var w countingWriter
		if err := WriteMove(&w, tt.p); err != nil {
			t.Fatal(err)
		}
		if got := w.buf.String(); got != tt.want {
			t.Errorf("WriteMove(%v) wrote %q; want %q", tt.p, got, tt.want)
		}
		if w.writes != 1 {
			t.Errorf("WriteMove(%v) made %d writes; want 1", tt.p, w.writes)
		}
	}
}

type countingWriter struct {
	buf    bytes.Buffer
	writes int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.writes++
	return w.buf.Write(p)
}

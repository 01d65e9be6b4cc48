package record

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/endless"
)

// causes are the causes of Read's errors, which are told apart: each error
// has exactly one of them.
var causes = []error{
	ErrEmpty, ErrNotInteger, ErrRange, ErrShort, ErrTrailing,
	board.ErrSize, board.ErrTooLarge, board.ErrMineCount, board.ErrOutOfBounds, board.ErrRepeatedMine,
}

// TestReadErrors reads each kind of malformed record and checks the error:
// an *Error with the line and message, its text, and its cause for
// errors.Is.
func TestReadErrors(t *testing.T) {
	long1 := strings.Repeat("1", 70)
	tests := []struct {
		name  string
		in    string
		line  int
		msg   string
		cause error
	}{
		{"empty", "", 0, `empty input: want a record "rows columns mines clicks"`, ErrEmpty},
		{"only white space", " \n\t\r\n  \n", 0, `empty input: want a record "rows columns mines clicks"`, ErrEmpty},
		{"rows not an integer", "x 5 1 1", 1, `the number of rows: not an integer: "x"`, ErrNotInteger},
		{"columns not an integer", "5 5.0 1 1", 1, `the number of columns: not an integer: "5.0"`, ErrNotInteger},
		{"a sign alone", "5 5 - 1", 1, `the number of mines: not an integer: "-"`, ErrNotInteger},
		{"two signs", "5 5 1 +-1", 1, `the number of clicks: not an integer: "+-1"`, ErrNotInteger},
		{"hexadecimal", "0x5 5 1 1", 1, `the number of rows: not an integer: "0x5"`, ErrNotInteger},
		{"sign after digits", "5 5 1 1-", 1, `the number of clicks: not an integer: "1-"`, ErrNotInteger},
		{"mine row not an integer", "5 5 1 1\n\n a 0\n", 3, `mine 1 of 1 (row and column): not an integer: "a"`, ErrNotInteger},
		{"click column not an integer", "4 5 1 2\n1 2\n3 0\n1 x\n", 4, `click 2 of 2 (column): not an integer: "x"`, ErrNotInteger},
		{"long token not an integer", "5 5 1 1\n" + long1 + "x 0\n0 0", 2, `mine 1 of 1 (row and column): not an integer: "` + long1[:64] + `"...`, ErrNotInteger},
		{"too large", "99999999999999999999 1 1 1", 1, `the number of rows: number "99999999999999999999" is too large`, ErrRange},
		{"beyond int32", "2147483648 1 0 0", 1, `the number of rows: number "2147483648" is too large`, ErrRange},
		{"below int32", "5 5 -2147483649 0", 1, `the number of mines: number "-2147483649" is too large`, ErrRange},
		{"long number", "5 " + long1 + " 1 1", 1, `the number of columns: number "` + long1[:64] + `"... is too large`, ErrRange},
		{"leading zeros past 4096 bytes", "5 " + strings.Repeat("0", 4096) + "5 1 1", 1, `the number of columns: number "` + strings.Repeat("0", 64) + `"... is longer than 4096 bytes`, ErrRange},
		{"zero rows", "0 5 1 1", 1, "board size 0x5: rows and columns must be at least 1", board.ErrSize},
		{"zero columns on line 2", "5\n0\n1 1", 2, "board size 5x0: rows and columns must be at least 1", board.ErrSize},
		{"negative rows", "-3\n4 0 0", 1, "board size -3x4: rows and columns must be at least 1", board.ErrSize},
		{"smallest int32", "-2147483648 1 0 0", 1, "board size -2147483648x1: rows and columns must be at least 1", board.ErrSize},
		{"board over the limit", "100000 100000 0 0", 1, "board of 100000 rows and 100000 columns is larger than 268435456 cells", board.ErrTooLarge},
		{"board over the limit, columns on line 3", "2147483647\n\n2\n0 0", 3, "board of 2147483647 rows and 2 columns is larger than 268435456 cells", board.ErrTooLarge},
		{"more mines than cells", "5 5 26 0", 1, "26 mines do not fit in 25 cells", board.ErrMineCount},
		{"more mines than cells on line 2", "1 1\n2 0", 2, "2 mines do not fit in 1 cell", board.ErrMineCount},
		{"one row over the limit", "1 268435457 0 0", 1, "board of 1 row and 268435457 columns is larger than 268435456 cells", board.ErrTooLarge},
		{"byte order mark after white space", " \uFEFF5 5 0 0", 1, `the number of rows: not an integer: "\ufeff5"`, ErrNotInteger},
		{"byte order mark inside the record", "\uFEFF5 5 0 0\n\uFEFF", 2, `unexpected "\ufeff" after the record's last click`, ErrTrailing},
		{"two byte order marks", "\uFEFF\uFEFF5 5 0 0", 1, `the number of rows: not an integer: "\ufeff5"`, ErrNotInteger},
		{"negative mines", "5 5\n-1 1", 2, "the number of mines is -1, below 0", board.ErrMineCount},
		{"negative clicks", "5 5 1\n\n-1", 3, "the number of clicks is -1, below 0", ErrRange},
		{"mine row off the board", "5 5 1 1\n5 0\n1 1", 2, "mine 1 of 1: row 5 is off the board (0 to 4)", board.ErrOutOfBounds},
		{"mine row off the board, column on the next line", "5 5 1 1\n9\n0\n0 0", 2, "mine 1 of 1: row 9 is off the board (0 to 4)", board.ErrOutOfBounds},
		{"negative mine row", "5 5 1 1\n-1 0\n1 1", 2, "mine 1 of 1: row -1 is off the board (0 to 4)", board.ErrOutOfBounds},
		{"mine column off the board", "5 5 1 1\n0 5\n1 1", 2, "mine 1 of 1: column 5 is off the board (0 to 4)", board.ErrOutOfBounds},
		{"click row off the board", "4 5 0 2\n0 0\n4 0", 3, "click 2 of 2: row 4 is off the board (0 to 3)", board.ErrOutOfBounds},
		{"click column off the board", "4 5 0 2\n0 0\n2\n-1", 4, "click 2 of 2: column -1 is off the board (0 to 4)", board.ErrOutOfBounds},
		{"repeated mine", "5 5 3 0\n1 1\n2 2\n1 1", 4, "mine 3 of 3: repeated mine at row 1, column 1", board.ErrRepeatedMine},
		{"ends in the header", "5 5 1", 1, "input ends early: want the number of clicks", ErrShort},
		{"ends in the header after a newline", "5 5\n", 1, "input ends early: want the number of mines", ErrShort},
		{"ends before the mines", "5 5 2 1\n0 0\n", 2, "input ends early: want mine 2 of 2 (row and column)", ErrShort},
		{"ends inside a pair", "5 5 1 1\n0", 2, "input ends early: want mine 1 of 1 (column)", ErrShort},
		{"ends before the clicks", "4 5 1 2\n1 2\n3 0\n", 3, "input ends early: want click 2 of 2 (row and column)", ErrShort},
		{"trailing data", "5 5 0 0 x", 1, `unexpected "x" after the record's last click`, ErrTrailing},
		{"trailing number", "5 5 0 1\n0 0\n\n9\n", 4, `unexpected "9" after the record's last click`, ErrTrailing},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := Read(strings.NewReader(tt.in))
			var e *Error
			if rec != nil || !errors.As(err, &e) {
				t.Fatalf("Read(%q) = %v, %v; want nil, *Error", tt.in, rec, err)
			}
			if e.Line != tt.line || e.Msg != tt.msg {
				t.Errorf("Read(%q) error = line %d, %q; want line %d, %q", tt.in, e.Line, e.Msg, tt.line, tt.msg)
			}
			want := tt.msg
			if tt.line > 0 {
				want = "line " + strconv.Itoa(tt.line) + ": " + tt.msg
			}
			if err.Error() != want {
				t.Errorf("Read(%q) error %q; want %q", tt.in, err, want)
			}
			for _, c := range causes {
				if got, want := errors.Is(err, c), c == tt.cause; got != want {
					t.Errorf("errors.Is(Read(%q), %v) = %v; want %v", tt.in, c, got, want)
				}
			}
		})
	}
}

// TestReadEmptyIsErrEmpty checks that empty input, a byte order mark
// included, is ErrEmpty for errors.Is and says so in ErrEmpty's words.
func TestReadEmptyIsErrEmpty(t *testing.T) {
	for _, in := range []string{"\n\n", "\uFEFF", "\uFEFF \n"} {
		_, err := Read(strings.NewReader(in))
		if !errors.Is(err, ErrEmpty) || err.Error() != ErrEmpty.Error() {
			t.Errorf("Read(%q) = %v; want an error that is ErrEmpty", in, err)
		}
	}
}

// TestReadEndless reads records from input that never ends a token:
// /dev/zero, a runaway number, junk after a record. Each must end with an
// error on the token after reading a bounded amount, not read on forever.
func TestReadEndless(t *testing.T) {
	nul64 := strings.Repeat(`\x00`, 64)
	tests := []struct {
		name    string
		prefix  string
		pattern string
		want    string
	}{
		{"NULs", "", "\x00", `line 1: the number of rows: not an integer: "` + nul64 + `"...`},
		{"NULs after the header", "5 5 1 1\n", "\x00", `line 2: mine 1 of 1 (row and column): not an integer: "` + nul64 + `"...`},
		{"digits", "5 ", "9", `line 1: the number of columns: number "` + strings.Repeat("9", 64) + `"... is too large`},
		{"zeros", "5 5 1 1\n", "0", `line 2: mine 1 of 1 (row and column): number "` + strings.Repeat("0", 64) + `"... is longer than 4096 bytes`},
		{"junk after the record", "1 1 0 0\n", "y", `line 2: unexpected "` + strings.Repeat("y", 64) + `"... after the record's last click`},
	}
	const limit = 64 << 20
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := &endless.Reader{Pattern: []byte(tt.pattern), Limit: limit}
			rec, err := Read(io.MultiReader(strings.NewReader(tt.prefix), in))
			if rec != nil || err == nil || err.Error() != tt.want {
				t.Fatalf("Read(%q then endless %q) = %v, %v; want nil, %q", tt.prefix, tt.pattern, rec, err, tt.want)
			}
			// Read buffers 64 KiB at a time: one buffer is enough.
			if in.N > 64<<10 {
				t.Errorf("Read(%q then endless %q) read %d bytes before its error; want at most %d", tt.prefix, tt.pattern, in.N, 64<<10)
			}
		})
	}
}

// TestReadError checks that an error from the reader is returned as it is.
func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	for _, r := range []io.Reader{
		iotest.ErrReader(boom),
		io.MultiReader(strings.NewReader("5 5 1 1\n0 0\n"), iotest.ErrReader(boom)),
		io.MultiReader(strings.NewReader("5 5 0 0"), iotest.ErrReader(boom)),
	} {
		if rec, err := Read(r); rec != nil || !errors.Is(err, boom) {
			t.Errorf("Read(failing reader) = %v, %v; want nil, %v", rec, err, boom)
		}
	}
}

func TestRead(t *testing.T) {
	want := &Record{Rows: 4, Cols: 5, Mines: []board.Point{{X: 2, Y: 1}}, Clicks: []board.Point{{X: 0, Y: 3}, {X: 2, Y: 1}}}
	tests := []struct {
		name string
		in   string
	}{
		{"the assignment's layout", "4 5 1 2\n1 2\n3 0\n1 2\n"},
		{"one line", "4 5 1 2 1 2 3 0 1 2"},
		{"tabs, CRLF and blank lines", "\r\n\t4\t5\r\n1 2\r\n\r\n1 2\v3 0\f1 2\r\n\n"},
		{"signs and leading zeros", "+4 05 1 2 001 2 3 -0 1 " + strings.Repeat("0", 100) + "2"},
		{"leading zeros up to 4096 bytes", "4 " + strings.Repeat("0", 4095) + "5 1 2 1 2 3 0 1 2"},
		{"a byte order mark", "\uFEFF4 5 1 2\n1 2\n3 0\n1 2\n"},
		{"a byte order mark alone on the first line", "\uFEFF\r\n4 5 1 2\r\n1 2\r\n3 0\r\n1 2\r\n"},
	}
	for _, tt := range tests {
		rec, err := Read(strings.NewReader(tt.in))
		if err != nil || !reflect.DeepEqual(rec, want) {
			t.Errorf("%s: Read(%q) = %+v, %v; want %+v", tt.name, tt.in, rec, err, want)
		}
	}
	b, err := want.Board()
	if err != nil {
		t.Fatal(err)
	}
	if b.Width() != 5 || b.Height() != 4 || !reflect.DeepEqual(b.Layout(), want.Mines) {
		t.Errorf("Board() = %dx%d with mines %v; want 5x4 with %v", b.Width(), b.Height(), b.Layout(), want.Mines)
	}
}

func TestWrite(t *testing.T) {
	rec := &Record{Rows: 4, Cols: 5, Mines: []board.Point{{X: 2, Y: 1}, {X: 0, Y: 3}}, Clicks: []board.Point{{X: 4, Y: 0}}}
	var buf bytes.Buffer
	if err := Write(&buf, rec); err != nil {
		t.Fatal(err)
	}
	want := "4 5 2 1\n1 2\n3 0\n0 4\n"
	if buf.String() != want {
		t.Errorf("Write(%+v) wrote %q; want %q", rec, buf.String(), want)
	}
	// A write error comes back.
	if err := Write(failWriter{}, rec); err == nil {
		t.Errorf("Write(failing writer) = nil; want an error")
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestRoundTrip(t *testing.T) {
	recs := []*Record{
		{Rows: 1, Cols: 1, Mines: []board.Point{}},
		{Rows: 1, Cols: 1, Mines: []board.Point{{X: 0, Y: 0}}, Clicks: []board.Point{{X: 0, Y: 0}, {X: 0, Y: 0}}},
		{Rows: 4, Cols: 5, Mines: []board.Point{{X: 2, Y: 1}}, Clicks: []board.Point{{X: 0, Y: 3}, {X: 2, Y: 1}}},
		{Rows: 16384, Cols: 16384, Mines: []board.Point{{X: 16383, Y: 0}, {X: 0, Y: 16383}}},
	}
	for _, rec := range recs {
		var buf bytes.Buffer
		if err := Write(&buf, rec); err != nil {
			t.Fatal(err)
		}
		got, err := Read(&buf)
		if err != nil || !reflect.DeepEqual(got, rec) {
			t.Errorf("Read(Write(%+v)) = %+v, %v; want the same record", rec, got, err)
		}
	}
}

// fields splits data at the white space the record format knows: ASCII
// spaces, tabs, line and form feeds, vertical tabs and carriage returns.
// (Other Unicode spaces are not separators, so they make a token bad.)
func fields(data []byte) []string {
	return strings.FieldsFunc(string(data), func(r rune) bool { return strings.ContainsRune(" \t\n\v\f\r", r) })
}

// FuzzRead checks that Read never panics, that every error it returns is an
// *Error naming a line (0 only for empty input) and one of the documented
// causes, and that every record it
// accepts is valid, matches a plain reading of its integers, and comes back
// equal through Write and Read.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"5 5 1 1\n0 0\n4 4\n",
		"4 5 1 2\n1 2\n3 0\n1 2\n",
		"4 5 1 2\n1 2\n3 0\n0 2\n",
		"1 1 0 1 0 0",
		"1 1 1 0 0 0",
		"3 3 9 0 0 0 0 1 0 2 1 0 1 1 1 2 2 0 2 1 2 2",
		"2 2 2 3\r\n0 1\r\n1 0\r\n0 0\r\n1 1\r\n0 0\r\n",
		"",
		"\n\n",
		"x",
		"5 5 1",
		"0 5 1 1",
		"5 5 -1 0",
		"5 5 26 0",
		"5 5 2 0\n1 1\n1 1",
		"5 5 1 1\n9 0\n0 0",
		"5 5 0 0 trailing",
		"99999999999999999999 1 0 0",
		"16384 16384 0 0",
		"16385 16384 0 0",
		"+4 05 1 1 -0 +0 3 4",
		"5 5 1 1\n" + strings.Repeat("0", 70) + "1 0\n0 0",
		"\uFEFF4 5 1 2\n1 2\n3 0\n1 2\n",
		"\uFEFF\uFEFF1 1 0 0",
		"1 1 0 0\uFEFF",
		"\xEF\xBB",
		strings.Repeat("\x00", 200),
		"5 5 1 1\n" + strings.Repeat("\x00", 100),
		"1 " + strings.Repeat("9", 100),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := Read(bytes.NewReader(data))
		data = bytes.TrimPrefix(data, []byte("\uFEFF")) // Read skips it
		if err != nil {
			var e *Error
			if rec != nil || !errors.As(err, &e) {
				t.Fatalf("Read(%q) = %v, %v; want nil, *Error", data, rec, err)
			}
			if (e.Line == 0) != (len(fields(data)) == 0) || e.Line < 0 || e.Line > bytes.Count(data, []byte("\n"))+1 {
				t.Fatalf("Read(%q): error %q names line %d", data, err, e.Line)
			}
			if !slices.ContainsFunc(causes, func(c error) bool { return errors.Is(err, c) }) {
				t.Fatalf("Read(%q): error %q has cause %v; want one of the causes Read documents", data, err, e.Err)
			}
			return
		}
		// The invariants of an accepted record.
		if rec.Rows < 1 || rec.Cols < 1 || board.CheckSize(rec.Cols, rec.Rows) != nil || len(rec.Mines) > rec.Rows*rec.Cols {
			t.Fatalf("Read(%q) accepted %d rows, %d columns, %d mines", data, rec.Rows, rec.Cols, len(rec.Mines))
		}
		seen := map[board.Point]bool{}
		for _, p := range rec.Mines {
			if p.X < 0 || p.X >= rec.Cols || p.Y < 0 || p.Y >= rec.Rows || seen[p] {
				t.Fatalf("Read(%q) accepted mine %v", data, p)
			}
			seen[p] = true
		}
		for _, p := range rec.Clicks {
			if p.X < 0 || p.X >= rec.Cols || p.Y < 0 || p.Y >= rec.Rows {
				t.Fatalf("Read(%q) accepted click %v", data, p)
			}
		}
		// A plain reading of the integers agrees.
		fields := fields(data)
		want := []int{rec.Rows, rec.Cols, len(rec.Mines), len(rec.Clicks)}
		for _, list := range [][]board.Point{rec.Mines, rec.Clicks} {
			for _, p := range list {
				want = append(want, p.Y, p.X)
			}
		}
		if len(fields) != len(want) {
			t.Fatalf("Read(%q) accepted %d integers; the input has %d fields", data, len(want), len(fields))
		}
		for i, s := range fields {
			n, err := strconv.Atoi(strings.TrimLeft(strings.TrimLeft(s, "+-"), "0") + "0")
			if err != nil {
				t.Fatalf("Read(%q) accepted field %q", data, s)
			}
			if strings.HasPrefix(s, "-") {
				n = -n
			}
			if n != want[i]*10 {
				t.Fatalf("Read(%q): field %d is %q; the record has %d", data, i, s, want[i])
			}
		}
		// Small boards only: a fuzzed header may ask for 256 MiB.
		if rec.Rows*rec.Cols <= 1<<16 {
			if _, err := rec.Board(); err != nil {
				t.Fatalf("Read(%q) accepted a record whose board fails: %v", data, err)
			}
		}
		var buf bytes.Buffer
		if err := Write(&buf, rec); err != nil {
			t.Fatal(err)
		}
		again, err := Read(&buf)
		if err != nil || !reflect.DeepEqual(again, rec) {
			t.Fatalf("Read(Write(Read(%q))) = %+v, %v; want %+v", data, again, err, rec)
		}
	})
}

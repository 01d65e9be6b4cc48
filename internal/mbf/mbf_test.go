package mbf

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// rowMajor returns a copy of mines in row-major order, the order Write
// writes them in.
func rowMajor(mines []board.Point) []board.Point {
	s := slices.Clone(mines)
	slices.SortFunc(s, func(a, b board.Point) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	})
	return s
}

func pts(xy ...int) []board.Point {
	p := make([]board.Point, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		p = append(p, board.Point{X: xy[i], Y: xy[i+1]})
	}
	return p
}

// TestRead reads files written byte by byte, so that the layout is pinned
// independently of Write.
func TestRead(t *testing.T) {
	tests := []struct {
		name string
		in   []byte
		want *record.Record
	}{
		{"empty board", []byte{9, 9, 0, 0}, &record.Record{Rows: 9, Cols: 9, Mines: []board.Point{}}},
		{"x then y", []byte{5, 4, 0, 2, 4, 0, 0, 3}, &record.Record{Rows: 4, Cols: 5, Mines: pts(4, 0, 0, 3)}},
		{"file order kept", []byte{3, 3, 0, 2, 2, 2, 0, 0}, &record.Record{Rows: 3, Cols: 3, Mines: pts(2, 2, 0, 0)}},
		{"1x1 full", []byte{1, 1, 0, 1, 0, 0}, &record.Record{Rows: 1, Cols: 1, Mines: pts(0, 0)}},
		{"largest side", []byte{255, 1, 0, 1, 254, 0}, &record.Record{Rows: 1, Cols: 255, Mines: pts(254, 0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Read(bytes.NewReader(tt.in))
			if err != nil {
				t.Fatalf("Read(% x) error = %v", tt.in, err)
			}
			if got.Rows != tt.want.Rows || got.Cols != tt.want.Cols || !slices.Equal(got.Mines, tt.want.Mines) || len(got.Clicks) != 0 {
				t.Errorf("Read(% x) = %+v; want %+v", tt.in, got, tt.want)
			}
		})
	}
}

// TestReadCountIsBigEndian reads a board of 300 mines: the count is
// byte 2 * 256 + byte 3.
func TestReadCountIsBigEndian(t *testing.T) {
	in := []byte{20, 20, 1, 44}
	for i := range 300 {
		in = append(in, byte(i%20), byte(i/20))
	}
	rec, err := Read(bytes.NewReader(in))
	if err != nil || len(rec.Mines) != 300 {
		t.Fatalf("Read(20x20, count 01 2c) = %v mines, %v; want 300", len(rec.Mines), err)
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name  string
		in    []byte
		want  string
		cause error
	}{
		{"empty", nil, "byte 0: input ends early: want the width", ErrShort},
		{"width only", []byte{9}, "byte 1: input ends early: want the height", ErrShort},
		{"no count", []byte{9, 9}, "byte 2: input ends early: want the number of mines (2 bytes)", ErrShort},
		{"half a count", []byte{9, 9, 0}, "byte 3: input ends early: want the second byte of the number of mines", ErrShort},
		{"no mines", []byte{9, 9, 0, 2}, "byte 4: input ends early: want mine 1 of 2 (column and row)", ErrShort},
		{"half a mine", []byte{9, 9, 0, 2, 1, 1, 3}, "byte 7: input ends early: want mine 2 of 2 (row)", ErrShort},
		{"width 0", []byte{0, 9, 0, 0}, "byte 0: the width is 0: board size must be at least 1x1", board.ErrSize},
		{"height 0", []byte{9, 0, 0, 0}, "byte 1: the height is 0: board size must be at least 1x1", board.ErrSize},
		{"more mines than cells", []byte{9, 9, 0, 82}, "byte 2: mine count out of range: 82 mines do not fit in 81 cells (9x9)", board.ErrMineCount},
		{"column off", []byte{9, 9, 0, 2, 1, 1, 9, 0}, "byte 6: mine 2 of 2: column 9 is off the board (0 to 8)", board.ErrOutOfBounds},
		{"row off", []byte{9, 4, 0, 2, 1, 1, 0, 4}, "byte 7: mine 2 of 2: row 4 is off the board (0 to 3)", board.ErrOutOfBounds},
		{"repeated", []byte{9, 9, 0, 3, 1, 2, 0, 0, 1, 2}, "byte 8: mine 3 of 3: repeated mine at column 1, row 2", board.ErrRepeatedMine},
		{"trailing pair", []byte{9, 9, 0, 1, 1, 2, 3, 4}, "byte 6: unexpected data after the last mine: the header counts 1 mine", ErrTrailing},
		{"trailing byte", []byte{9, 9, 0, 0, '\n'}, "byte 4: unexpected data after the last mine: the header counts 0 mines", ErrTrailing},
		// A bad mine read in full is reported before the end of the file.
		{"off then short", []byte{9, 9, 0, 3, 9, 0, 1}, "byte 4: mine 1 of 3: column 9 is off the board (0 to 8)", board.ErrOutOfBounds},
		// A text record is no MBF: "9 9 ..." is a board of 57x32 cells.
		{"text", []byte("9 9 1 0\n1 1\n"), "byte 2: mine count out of range: 14624 mines do not fit in 1824 cells (57x32)", board.ErrMineCount},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := Read(bytes.NewReader(tt.in))
			var e *Error
			if rec != nil || !errors.As(err, &e) || err.Error() != tt.want || !errors.Is(err, tt.cause) {
				t.Fatalf("Read(% x) = %v, %v; want nil, %q caused by %q", tt.in, rec, err, tt.want, tt.cause)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("Read(% x): error %q is more than one line", tt.in, err)
			}
		})
	}
}

// TestReadError passes a read error through as it is, and stops at the
// byte after the last mine rather than reading on.
func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	if _, err := Read(iotest.ErrReader(boom)); err != boom {
		t.Errorf("Read(failing reader) error = %v; want %v", err, boom)
	}
	r := iotest.OneByteReader(bytes.NewReader([]byte{1, 1, 0, 0}))
	if _, err := Read(r); err != nil {
		t.Errorf("Read(one byte at a time) error = %v", err)
	}
	endless := io.MultiReader(bytes.NewReader([]byte{1, 1, 0, 0}), endlessReader{})
	if _, err := Read(endless); !errors.Is(err, ErrTrailing) {
		t.Errorf("Read(an empty 1x1 board, then endless bytes) error = %v; want %v", err, ErrTrailing)
	}
	if _, err := Read(endlessReader{}); !errors.Is(err, board.ErrMineCount) {
		t.Errorf("Read(endless 0x01 bytes) error = %v; want %v", err, board.ErrMineCount)
	}
}

// endlessReader reads as 0x01 bytes without end.
type endlessReader struct{}

func (endlessReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 1
	}
	return len(p), nil
}

func TestRoundTrip(t *testing.T) {
	full := func(w, h int) []board.Point {
		var m []board.Point
		for y := range h {
			for x := range w {
				m = append(m, board.Point{X: x, Y: y})
			}
		}
		return m
	}
	tests := []struct {
		name          string
		width, height int
		mines         []board.Point
	}{
		{"no mines", 9, 9, nil},
		{"beginner", 9, 9, pts(0, 0, 8, 8, 3, 4, 4, 3, 0, 8, 8, 0, 2, 7, 7, 2, 5, 5, 1, 6)},
		{"expert corner", 30, 16, pts(29, 15, 0, 0, 29, 0, 0, 15)},
		{"one row", 255, 1, pts(254, 0, 0, 0, 128, 0)},
		{"one column", 1, 255, pts(0, 254, 0, 0)},
		{"full 16x16", 16, 16, full(16, 16)},
		{"over 255 mines", 255, 2, full(255, 2)},
		{"largest board full", 255, 255, full(255, 255)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Write(&buf, tt.width, tt.height, tt.mines); err != nil {
				t.Fatalf("Write(%dx%d, %d mines) error = %v", tt.width, tt.height, len(tt.mines), err)
			}
			if got, want := buf.Len(), 4+2*len(tt.mines); got != want {
				t.Errorf("Write(%dx%d, %d mines) wrote %d bytes; want %d", tt.width, tt.height, len(tt.mines), got, want)
			}
			rec, err := Read(&buf)
			if err != nil {
				t.Fatalf("Read(Write(%dx%d, %d mines)) error = %v", tt.width, tt.height, len(tt.mines), err)
			}
			want := rowMajor(tt.mines)
			if want == nil {
				want = []board.Point{}
			}
			if rec.Cols != tt.width || rec.Rows != tt.height || !slices.Equal(rec.Mines, want) {
				t.Errorf("Read(Write(%dx%d, %v)) = %dx%d, %v; want the same mines in row-major order",
					tt.width, tt.height, tt.mines, rec.Cols, rec.Rows, rec.Mines)
			}
		})
	}
}

func TestWriteErrors(t *testing.T) {
	tests := []struct {
		name          string
		width, height int
		mines         []board.Point
		want          string
		cause         error
	}{
		{"zero width", 0, 9, nil, "board size must be at least 1x1 (got 0x9)", board.ErrSize},
		{"too wide", 256, 9, nil, "board too large for MBF: 256x9, and MBF holds at most 255x255", ErrTooLarge},
		{"too tall", 9, 1000, nil, "board too large for MBF: 9x1000, and MBF holds at most 255x255", ErrTooLarge},
		{"too many mines", 9, 9, make([]board.Point, MaxMines+1), "board too large for MBF: 65536 mines, and MBF holds at most 65535", ErrTooLarge},
		{"mine off", 9, 9, pts(1, 1, 9, 0), "mine at column 9, row 0: off the board of 9x9", board.ErrOutOfBounds},
		{"negative mine", 9, 9, pts(-1, 0), "mine at column -1, row 0: off the board of 9x9", board.ErrOutOfBounds},
		{"repeated", 9, 9, pts(1, 1, 2, 2, 1, 1), "mine at column 1, row 1: repeated mine", board.ErrRepeatedMine},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := Write(&buf, tt.width, tt.height, tt.mines)
			if err == nil || err.Error() != tt.want || !errors.Is(err, tt.cause) {
				t.Errorf("Write(%dx%d, %d mines) error = %v; want %q caused by %q", tt.width, tt.height, len(tt.mines), err, tt.want, tt.cause)
			}
			if buf.Len() != 0 {
				t.Errorf("Write(%dx%d, %d mines) wrote % x before failing; want nothing", tt.width, tt.height, len(tt.mines), buf.Bytes())
			}
		})
	}
}

// golden is the board of testdata/beginner.mbf: 9x9 with 10 mines, given
// out of order so that the file shows Write's row-major order.
var golden = struct {
	width, height int
	mines         []board.Point
}{9, 9, pts(8, 8, 0, 0, 4, 4, 2, 1, 7, 1, 1, 6, 6, 6, 3, 8, 5, 2, 0, 4)}

// TestGolden checks Write against testdata/beginner.mbf, byte for byte, and
// reads the file back. Run with -update to rewrite it.
func TestGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, golden.width, golden.height, golden.mines); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join("testdata", "beginner.mbf")
	if *update {
		if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("Write(beginner) = % x; want (%s) % x", buf.Bytes(), name, want)
	}
	rec, err := Read(bytes.NewReader(want))
	if err != nil {
		t.Fatalf("Read(%s) error = %v", name, err)
	}
	if rec.Cols != golden.width || rec.Rows != golden.height || !slices.Equal(rec.Mines, rowMajor(golden.mines)) {
		t.Errorf("Read(%s) = %+v; want %dx%d with %v", name, rec, golden.width, golden.height, rowMajor(golden.mines))
	}
}

// ExampleWrite writes a 5x4 board with two mines: width, height, the count
// as two bytes, then column and row of each mine.
func ExampleWrite() {
	var buf bytes.Buffer
	mines := []board.Point{{X: 0, Y: 3}, {X: 4, Y: 0}}
	if err := Write(&buf, 5, 4, mines); err != nil {
		fmt.Println(err)
	}
	fmt.Printf("% x\n", buf.Bytes())
	// Output: 05 04 00 02 04 00 00 03
}

func FuzzRead(f *testing.F) {
	for _, s := range [][]byte{
		{},
		{9},
		{9, 9, 0},
		{9, 9, 0, 0},
		{9, 9, 0, 1, 8, 8},
		{9, 9, 0, 2, 1, 1, 1, 1},
		{9, 9, 0, 1, 9, 0},
		{9, 9, 0, 1, 0, 9},
		{9, 9, 0, 1, 0, 0, 0},
		{9, 9, 0, 2, 0, 0, 1},
		{0, 9, 0, 0},
		{9, 0, 0, 0},
		{9, 9, 0, 82},
		{1, 1, 0, 1, 0, 0},
		{255, 255, 0xfe, 0x01},
		{255, 255, 0xff, 0xff},
		{30, 16, 0, 3, 29, 15, 0, 0, 15, 8},
		{2, 2, 0, 2, 1, 1, 0, 0},
		[]byte("9 9 1 0\n1 1\n"),
		bytes.Repeat([]byte{0}, 64),
		bytes.Repeat([]byte{1}, 64),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := Read(bytes.NewReader(data))
		if err != nil {
			var e *Error
			if rec != nil || !errors.As(err, &e) {
				t.Fatalf("Read(% x) = %v, %v; want nil, *Error", data, rec, err)
			}
			if short := errors.Is(err, ErrShort); e.Offset < 0 || e.Offset > len(data) || short != (e.Offset == len(data)) {
				t.Fatalf("Read(% x): error %q names byte %d of %d", data, err, e.Offset, len(data))
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("Read(% x): error %q is more than one line", data, err)
			}
			return
		}
		// The invariants of an accepted file.
		k := len(rec.Mines)
		if rec.Cols < 1 || rec.Cols > MaxSide || rec.Rows < 1 || rec.Rows > MaxSide || len(data) != 4+2*k ||
			int(data[0]) != rec.Cols || int(data[1]) != rec.Rows || int(data[2])<<8|int(data[3]) != k || len(rec.Clicks) != 0 {
			t.Fatalf("Read(% x) accepted %dx%d with %d mines", data, rec.Cols, rec.Rows, k)
		}
		if _, err := board.New(rec.Cols, rec.Rows, rec.Mines); err != nil {
			t.Fatalf("Read(% x) accepted mines that make no board: %v", data, err)
		}
		for i, p := range rec.Mines {
			if int(data[4+2*i]) != p.X || int(data[5+2*i]) != p.Y {
				t.Fatalf("Read(% x): mine %d is %v; the file has %d, %d", data, i+1, p, data[4+2*i], data[5+2*i])
			}
		}
		// Writing it back gives the same bytes, the mines in row-major order.
		var buf bytes.Buffer
		if err := Write(&buf, rec.Cols, rec.Rows, rec.Mines); err != nil {
			t.Fatalf("Write(Read(% x)) error = %v", data, err)
		}
		want := append([]byte(nil), data[:4]...)
		for _, p := range rowMajor(rec.Mines) {
			want = append(want, byte(p.X), byte(p.Y))
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Fatalf("Write(Read(% x)) = % x; want % x", data, buf.Bytes(), want)
		}
	})
}

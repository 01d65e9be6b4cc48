package boardfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// A 5x4 board with mines at column 0, row 0 and column 3, row 3, and the
// click at column 4, row 0, in each format. The replay marks a mine,
// opens the click, chords it and opens column 1, row 2.
var (
	rec5x4    = "4 5 2 1\n0 0\n3 3\n0 4\n"
	mbf5x4    = "\x05\x04\x00\x02\x00\x00\x03\x03"
	replay5x4 = fmt.Sprintf(`{"v":%d,"board":"5x4n2 opening","result":"lost","layout":[[0,0],[3,3]],`+
		`"moves":[{"m":"F0,0","t":0},{"m":"O4,0","t":100},{"m":"C4,0","t":200},{"m":"O1,2","t":300}]}`, history.Version)
	mines5x4 = []board.Point{{X: 0, Y: 0}, {X: 3, Y: 3}}
)

// TestRead reads one board in each format and checks the size, the mines
// and each format's clicks: a record's own, none from MBF, a replay's
// openings.
func TestRead(t *testing.T) {
	openings := []board.Point{{X: 4, Y: 0}, {X: 1, Y: 2}}
	tests := []struct {
		name, data string
		clicks     []board.Point
	}{
		{"board.txt", rec5x4, []board.Point{{X: 4, Y: 0}}},
		{"board.mbf", mbf5x4, nil},
		{"board.bin", mbf5x4, nil}, // MBF by its content
		{"game.json", replay5x4 + "\n", openings},
		{"list.json", "[\n  " + replay5x4 + "\n]\n", openings},
		{"bom.json", "\uFEFF\n  " + replay5x4 + "\n\n", openings},
	}
	for _, tt := range tests {
		rec, err := Read(tt.name, strings.NewReader(tt.data))
		if err != nil {
			t.Errorf("Read(%q, %q) error = %v", tt.name, tt.data, err)
			continue
		}
		if rec.Cols != 5 || rec.Rows != 4 || !slices.Equal(rec.Mines, mines5x4) || !slices.Equal(rec.Clicks, tt.clicks) {
			t.Errorf("Read(%q, %q) = %dx%d, mines %v, clicks %v; want 5x4, %v, %v",
				tt.name, tt.data, rec.Cols, rec.Rows, rec.Mines, rec.Clicks, mines5x4, tt.clicks)
		}
	}
}

// TestReplayClicks plays a replay's openings on its layout: its marks and
// chords are left out, its openings kept in order, and the board ends as
// the openings leave it.
func TestReplayClicks(t *testing.T) {
	// 5x4, mines at row 0 column 0 and row 3 column 4.
	line := fmt.Sprintf(`{"v":%d,"board":"5x4n2 opening","result":"won","layout":[[0,0],[4,3]],`+
		`"moves":[{"m":"F0,0","t":0},{"m":"O1,0","t":100},{"m":"C1,0","t":200},{"m":"O3,3","t":300},{"m":"O0,3","t":400}]}`, history.Version)
	rec, err := Read("game", strings.NewReader(line))
	if err != nil {
		t.Fatal(err)
	}
	want := []board.Point{{X: 1, Y: 0}, {X: 3, Y: 3}, {X: 0, Y: 3}}
	if !slices.Equal(rec.Clicks, want) {
		t.Fatalf("replay clicks = %v; want %v", rec.Clicks, want)
	}
	b, err := rec.Board()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rec.Clicks {
		if _, err := b.Reveal(p); err != nil {
			t.Fatalf("Reveal(%v) = %v", p, err)
		}
	}
	// (1,0) and (3,3) are numbers; (0,3) floods the rest.
	if b.Status() != board.Won {
		t.Errorf("after the replay's openings the board is %v; want won:\n%v", b.Status(), b)
	}
}

// TestReadErrors checks that a malformed MBF or replay gives one line
// that starts with the format, unless it is a record.
func TestReadErrors(t *testing.T) {
	good := `{"v":1,"board":"9x9n2 opening","layout":[[1,1],[2,2]]}` + "\n"
	tests := []struct {
		name string
		data string
		want string
	}{
		{"off.mbf", "\x09\x09\x00\x02\x01\x01\x09\x00", "MBF: byte 6: mine 2 of 2: column 9 is off the board (0 to 8)"},
		{"short.mbf", "\x09\x09", "MBF: byte 2: input ends early: want the number of mines (2 bytes)"},
		{"empty.mbf", "", "MBF: byte 0: input ends early: want the width"},
		{"text.abf", "4 5 1 2\n", "MBF: byte 2: mine count out of range: 13600 mines do not fit in 1664 cells (52x32)"},
		{"repeated", "\x09\x09\x00\x02\x01\x01\x01\x01", "MBF: byte 6: mine 2 of 2: repeated mine at column 1, row 1"},
		{"trailing", "\x09\x09\x00\x00\x00", "MBF: byte 4: unexpected data after the last mine: the header counts 0 mines"},
		{"newer", `{"v":99,"board":"what"}`, "replay: written by a newer minesweeper (this one reads version 2)"},
		{"no version", `{"board":"9x9n10 opening"}`, `replay: no version (want "v":2)`},
		{"syntax", `{"v":1,}`, "replay: byte 8: invalid character '}' looking for beginning of object key string"},
		{"cut", `{"v":1,"board":"9x9n2 open`, "replay: the input ends inside the game"},
		{"two games", good + good, "replay: unexpected data after the game: want one line of the history log"},
		{"bad move", `{"v":1,"board":"9x9n0 opening","layout":[],"moves":[{"m":"X1,2","t":0}]}`, `replay: move "X1,2": want a letter O, C, F, M, A, H or P, then COLUMN,ROW`},
		{"bad settings", `{"v":1,"board":"9x9 opening","layout":[]}`, `replay: board settings "9x9 opening": the size is not WIDTHxHEIGHTnMINES`},
		{"count", `{"v":1,"board":"9x9n2 opening","layout":[[1,1]]}`, `replay: the layout holds 1 mine; the board "9x9n2 opening" has 2`},
		{"mine off", `{"v":1,"board":"9x9n1 opening","layout":[[1,9]]}`, "replay: layout: mine 1 of 1: row 9 is off the board (0 to 8)"},
		{"mine repeated", `{"v":1,"board":"9x9n2 opening","layout":[[1,2],[1,2]]}`, "replay: layout: mine 2 of 2: repeated mine at column 1, row 2"},
		{"open off", `{"v":1,"board":"9x9n0 opening","layout":[],"moves":[{"m":"F1,1","t":0},{"m":"O-1,0","t":1}]}`, "replay: move 2 of 2 (O-1,0): column -1 is off the board (0 to 8)"},
		{"mark off", `{"v":1,"board":"9x9n0 opening","layout":[],"moves":[{"m":"F9,9","t":0}]}`, "replay: move 1 of 1 (F9,9): column 9 is off the board (0 to 8)"},
		{"a list of two", "[" + good + "," + good + "]", "replay: the list holds 2 games; want one (minesweeper history -json -n 1 prints one)"},
		{"a list of none", "[]", "replay: the list holds 0 games; want one (minesweeper history -json -n 1 prints one)"},
		// Text that is no record stays the record's to word.
		{"hello", "hello", `line 1: the number of rows: not an integer: "hello"`},
	}
	for _, tt := range tests {
		rec, err := Read(tt.name, strings.NewReader(tt.data))
		if err == nil || err.Error() != tt.want || rec != nil {
			t.Errorf("Read(%q, %q) = %v, %v; want nil, %q", tt.name, tt.data, rec, err, tt.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("Read(%q, %q) error %q is more than one line", tt.name, tt.data, err)
		}
	}
}

// TestReadGame reads a replay as a game: a line of the log or a list of
// one, after an optional byte order mark; its errors do not name the
// format, which the caller knows.
func TestReadGame(t *testing.T) {
	tests := []struct {
		data string
		want string // the error; "" for the game of replay5x4
	}{
		{replay5x4, ""},
		{"\uFEFF" + replay5x4 + "\n", ""},
		{"[" + replay5x4 + "]", ""},
		{replay5x4[:40], "the input ends inside the game"},
		{replay5x4 + replay5x4, "unexpected data after the game: want one line of the history log"},
	}
	for _, tt := range tests {
		g, err := ReadGame(strings.NewReader(tt.data))
		switch {
		case tt.want != "":
			if err == nil || err.Error() != tt.want {
				t.Errorf("ReadGame(%q) error = %v; want %q", tt.data, err, tt.want)
			}
		case err != nil:
			t.Errorf("ReadGame(%q) error = %v", tt.data, err)
		case g.Board != (board.Settings{Width: 5, Height: 4, Mines: 2, Rule: board.Opening}) || len(g.Moves) != 4:
			t.Errorf("ReadGame(%q) = board %v, %d moves; want 5x4n2 opening, 4 moves", tt.data, g.Board, len(g.Moves))
		}
	}
}

func TestSniff(t *testing.T) {
	beginner, err := os.ReadFile(filepath.Join("..", "mbf", "testdata", "beginner.mbf"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		head string
		want Format
	}{
		{"x", string(beginner), MBF},
		{"x", "\x1e\x10\x00\x63", MBF}, // expert's header
		{"x", "\x09\x09\x00\x0a", MBF}, // beginner's: a tab, a tab, then a 0
		{"x", "\xc8\xc8\x01\x00", MBF}, // 200x200, 256 mines: not UTF-8
		{"x", "4 5 1 2\n1 2\n", Record},
		{"x", "\uFEFF4 5 1 2\r\n", Record},
		{"x", "", Record},
		{"x", "hello", Record},
		{"x", "héllo", Record},
		{"x", "\x00\x00\x00\x00", Record}, // /dev/zero: no MBF has width 0
		{"x", `{"v":1}`, Replay},
		{"x", "\uFEFF \r\n\t{", Replay},
		{"x", " [1]", Replay}, // history -json's list of games
		{"x.mbf", "4 5 1 2\n", MBF},
		{"x.ABF", `{"v":1}`, MBF},
		{"dir.mbf/x", "4 5 1 2\n", Record},
		// A rune cut at the end of what was looked at is text; cut at the
		// end of the input it is not.
		{"x", strings.Repeat(" ", SniffLen-1) + "\xc3", Record},
		{"x", "1\xc3", MBF},
	}
	for _, tt := range tests {
		if got := Sniff(tt.name, []byte(tt.head)); got != tt.want {
			t.Errorf("Sniff(%q, %q) = %v; want %v", tt.name, tt.head, got, tt.want)
		}
	}
}

func TestFormatString(t *testing.T) {
	tests := []struct {
		f    Format
		want string
	}{
		{Record, "record"},
		{MBF, "MBF"},
		{Replay, "replay"},
		{Format(9), "Format(9)"},
	}
	for _, tt := range tests {
		if got := tt.f.String(); got != tt.want {
			t.Errorf("Format(%d).String() = %q; want %q", uint8(tt.f), got, tt.want)
		}
	}
}

// FuzzRead reads any bytes as a board file, under a plain name and under
// an MBF name: the result is a board the game can play, or an error of one
// line.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"4 5 1 2\n1 2\n3 0\n0 2\n",
		"\x09\x09\x00\x02\x01\x01\x08\x08",
		"\x09\x09\x00\x02\x01\x01\x09\x00",
		`{"v":1,"board":"9x9n1 opening","layout":[[1,2]],"moves":[{"m":"O3,4","t":0},{"m":"F1,2","t":5}]}`,
		`{"v":1,"board":"9x9n1 opening","layout":[[1,2]]} {}`,
		`{"v":2}`,
		`{"v":1,"board":"1x1n1 opening","layout":[[0,0]]}`,
		"\uFEFF{",
		"{",
		"",
		"\x00\x00\x00\x00",
		"hello",
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, mbfName bool) {
		name := "board"
		if mbfName {
			name = "board.mbf"
		}
		rec, err := Read(name, strings.NewReader(string(data)))
		if err != nil {
			if rec != nil || strings.Contains(err.Error(), "\n") {
				t.Fatalf("Read(%q, %q) = %v, %q; want nil and one line", name, data, rec, err)
			}
			return
		}
		if board.CheckSize(rec.Cols, rec.Rows) != nil || len(rec.Mines) > rec.Rows*rec.Cols {
			t.Fatalf("Read(%q, %q) accepted %dx%d with %d mines", name, data, rec.Cols, rec.Rows, len(rec.Mines))
		}
		seen := map[board.Point]bool{}
		for _, p := range rec.Mines {
			if p.X < 0 || p.X >= rec.Cols || p.Y < 0 || p.Y >= rec.Rows || seen[p] {
				t.Fatalf("Read(%q, %q) accepted mine %v", name, data, p)
			}
			seen[p] = true
		}
		for _, p := range rec.Clicks {
			if p.X < 0 || p.X >= rec.Cols || p.Y < 0 || p.Y >= rec.Rows {
				t.Fatalf("Read(%q, %q) accepted click %v", name, data, p)
			}
		}
	})
}

// TestReadReadError passes a read error through, for the caller to word.
func TestReadReadError(t *testing.T) {
	boom := errors.New("boom")
	for _, name := range []string{"x", "x.mbf"} {
		if _, err := Read(name, io.MultiReader(strings.NewReader("{"), errReader{boom})); err != boom {
			t.Errorf("Read(%q, failing reader) error = %v; want %v", name, err, boom)
		}
	}
	if _, err := ReadGame(io.MultiReader(strings.NewReader(`{"v":1,`), errReader{boom})); err != boom {
		t.Errorf("ReadGame(failing reader) error = %v; want %v", err, boom)
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

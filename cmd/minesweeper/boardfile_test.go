package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/mbf"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// resolveBoard resolves "-board name" as the game does.
func resolveBoard(t *testing.T, name string) (boardConfig, error) {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	bf := addBoardFlags(fs, true)
	if err := fs.Parse([]string{"-board", name}); err != nil {
		t.Fatal(err)
	}
	return bf.resolve()
}

// replayLine returns a history line of a game on rec's board with the
// given moves, as the game writes one.
func replayLine(t *testing.T, rec *record.Record, moves ...board.Move) []byte {
	t.Helper()
	g := history.Game{
		V:      history.Version,
		Date:   time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC),
		Board:  board.Settings{Width: rec.Cols, Height: rec.Rows, Mines: len(rec.Mines), Rule: board.Opening},
		Result: "lost",
	}
	for _, p := range rec.Mines {
		g.Layout = append(g.Layout, history.Cell{p.X, p.Y})
	}
	for i, m := range moves {
		g.Moves = append(g.Moves, history.Move{Move: game.PlayerMove(m), At: int64(i * 100)})
	}
	line, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return append(line, '\n')
}

func sortedMines(m []board.Point) []board.Point {
	s := slices.Clone(m)
	slices.SortFunc(s, func(a, b board.Point) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	})
	return s
}

// TestBoardFormats writes one board as a record, as MBF (under a name
// that says so and under one that does not) and as a replay, and checks
// that -board reads the same layout from each, with each format's clicks.
func TestBoardFormats(t *testing.T) {
	rec, err := record.Read(bytes.NewReader(gen(t, "-level", "expert", "-seed", "5")))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	var txt, bin bytes.Buffer
	if err := record.Write(&txt, rec); err != nil {
		t.Fatal(err)
	}
	if err := mbf.Write(&bin, rec.Cols, rec.Rows, rec.Mines); err != nil {
		t.Fatal(err)
	}
	start := rec.Clicks[0]
	moves := []board.Move{
		{Action: board.Toggle, At: board.Point{X: 1, Y: 1}},
		{Action: board.Open, At: start},
		{Action: board.Chord, At: start},
		{Action: board.Open, At: board.Point{X: 29, Y: 15}},
	}
	line := replayLine(t, rec, moves...)

	tests := []struct {
		name   string
		path   string
		clicks []board.Point
	}{
		{"record", write("board.txt", txt.Bytes()), rec.Clicks},
		{"mbf", write("board.mbf", bin.Bytes()), nil},
		{"mbf by content", write("board.bin", bin.Bytes()), nil},
		{"replay", write("game.json", line), []board.Point{start, {X: 29, Y: 15}}},
		{"replay with a byte order mark and blank lines", write("game.jsonl", append([]byte("\uFEFF\n  "), append(line, "\n\n"...)...)), []board.Point{start, {X: 29, Y: 15}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := resolveBoard(t, tt.path)
			if err != nil {
				t.Fatalf("resolve(-board %s) error = %v", tt.path, err)
			}
			want := board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}
			if cfg.Settings != want || cfg.File != tt.path || cfg.Level != "custom" {
				t.Errorf("resolve(-board %s) = %v, file %q, level %q; want %v, the file, custom", tt.path, cfg.Settings, cfg.File, cfg.Level, want)
			}
			if got := sortedMines(cfg.Record.Mines); !slices.Equal(got, sortedMines(rec.Mines)) {
				t.Errorf("resolve(-board %s) mines = %v; want %v", tt.path, got, sortedMines(rec.Mines))
			}
			if !slices.Equal(cfg.Record.Clicks, tt.clicks) {
				t.Errorf("resolve(-board %s) clicks = %v; want %v", tt.path, cfg.Record.Clicks, tt.clicks)
			}
		})
	}
}

// TestReplayClicks plays a replay's openings on its layout: its marks and
// chords are left out, its openings kept in order, and the board ends as
// the openings leave it.
func TestReplayClicks(t *testing.T) {
	// 5x4, mines at row 0 column 0 and row 3 column 4.
	rec := &record.Record{Rows: 4, Cols: 5, Mines: []board.Point{{X: 0, Y: 0}, {X: 4, Y: 3}}}
	line := replayLine(t, rec,
		board.Move{Action: board.Toggle, At: board.Point{X: 0, Y: 0}},
		board.Move{Action: board.Open, At: board.Point{X: 1, Y: 0}},
		board.Move{Action: board.Chord, At: board.Point{X: 1, Y: 0}},
		board.Move{Action: board.Open, At: board.Point{X: 3, Y: 3}},
		board.Move{Action: board.Open, At: board.Point{X: 0, Y: 3}},
	)
	name := filepath.Join(t.TempDir(), "game")
	if err := os.WriteFile(name, line, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := resolveBoard(t, name)
	if err != nil {
		t.Fatal(err)
	}
	want := []board.Point{{X: 1, Y: 0}, {X: 3, Y: 3}, {X: 0, Y: 3}}
	if !slices.Equal(cfg.Record.Clicks, want) {
		t.Fatalf("replay clicks = %v; want %v", cfg.Record.Clicks, want)
	}
	b, err := cfg.Record.Board()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range cfg.Record.Clicks {
		if _, err := b.Reveal(p); err != nil {
			t.Fatalf("Reveal(%v) = %v", p, err)
		}
	}
	// (1,0) and (3,3) are numbers; (0,3) floods the rest.
	if b.Status() != board.Won {
		t.Errorf("after the replay's openings the board is %v; want won:\n%v", b.Status(), b)
	}
}

// TestBoardFileErrors checks that a malformed MBF or replay gives one line
// that names the file and, for a format other than the record, the format.
func TestBoardFileErrors(t *testing.T) {
	dir := t.TempDir()
	beginner := &record.Record{Rows: 9, Cols: 9, Mines: []board.Point{{X: 1, Y: 1}, {X: 2, Y: 2}}}
	good := string(replayLine(t, beginner))
	tests := []struct {
		name string
		data string
		want string // after "-board: PATH: "
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
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.name)
			if err := os.WriteFile(path, []byte(tt.data), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := resolveBoard(t, path)
			want := "-board: " + path + ": " + tt.want
			if err == nil || err.Error() != want {
				t.Fatalf("resolve(-board %s) error = %v; want %q", tt.name, err, want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("resolve(-board %s) error %q is more than one line", tt.name, err)
			}
		})
	}
}

func TestSniffFormat(t *testing.T) {
	beginner, err := os.ReadFile(filepath.Join("..", "..", "internal", "mbf", "testdata", "beginner.mbf"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		head string
		want boardFormat
	}{
		{"x", string(beginner), formatMBF},
		{"x", "\x1e\x10\x00\x63", formatMBF}, // expert's header
		{"x", "\x09\x09\x00\x0a", formatMBF}, // beginner's: a tab, a tab, then a 0
		{"x", "\xc8\xc8\x01\x00", formatMBF}, // 200x200, 256 mines: not UTF-8
		{"x", "4 5 1 2\n1 2\n", formatRecord},
		{"x", "\uFEFF4 5 1 2\r\n", formatRecord},
		{"x", "", formatRecord},
		{"x", "hello", formatRecord},
		{"x", "héllo", formatRecord},
		{"x", "\x00\x00\x00\x00", formatRecord}, // /dev/zero: no MBF has width 0
		{"x", `{"v":1}`, formatReplay},
		{"x", "\uFEFF \r\n\t{", formatReplay},
		{"x", " [1]", formatReplay}, // history -json's list of games
		{"x.mbf", "4 5 1 2\n", formatMBF},
		{"x.ABF", `{"v":1}`, formatMBF},
		{"dir.mbf/x", "4 5 1 2\n", formatRecord},
		// A rune cut at the end of what was looked at is text; cut at the
		// end of the input it is not.
		{"x", strings.Repeat(" ", sniffLen-1) + "\xc3", formatRecord},
		{"x", "1\xc3", formatMBF},
	}
	for _, tt := range tests {
		if got := sniffFormat(tt.name, []byte(tt.head)); got != tt.want {
			t.Errorf("sniffFormat(%q, %q) = %v; want %v", tt.name, tt.head, got, tt.want)
		}
	}
}

// TestGenFormat checks that gen -format mbf writes the mines that gen
// writes as a record for the same flags.
func TestGenFormat(t *testing.T) {
	for _, tt := range genCases {
		t.Run(tt.name, func(t *testing.T) {
			want := genRecord(t, tt.args...)
			if got := gen(t, append([]string{"-format", "record"}, tt.args...)...); !bytes.Equal(got, gen(t, tt.args...)) {
				t.Errorf("gen -format record %v differs from gen %v", tt.args, tt.args)
			}
			out := gen(t, append([]string{"-format", "mbf"}, tt.args...)...)
			rec, err := mbf.Read(bytes.NewReader(out))
			if err != nil {
				t.Fatalf("gen -format mbf %v: the output does not read as MBF: %v", tt.args, err)
			}
			if rec.Cols != want.Cols || rec.Rows != want.Rows || !slices.Equal(rec.Mines, want.Mines) {
				t.Errorf("gen -format mbf %v = %dx%d %v; want %dx%d %v", tt.args, rec.Cols, rec.Rows, rec.Mines, want.Cols, want.Rows, want.Mines)
			}
		})
	}
}

func TestGenFormatErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-format", "json"}, `minesweeper gen: -format: unknown format "json" (want record or mbf)`},
		{[]string{"-format", ""}, `minesweeper gen: -format: unknown format "" (want record or mbf)`},
		{[]string{"-format", "mbf", "-width", "256", "-height", "2", "-mines", "1"}, "minesweeper gen: -format mbf: a 256x2 board does not fit: MBF holds at most 255x255"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"gen"}, tt.args...), strings.NewReader(""), &stdout, &stderr)
		if got := strings.TrimSuffix(stderr.String(), "\n"); code != exitUsage || got != tt.want || stdout.Len() != 0 {
			t.Errorf("gen %q = %d, stderr %q, stdout %q; want %d, %q, nothing", tt.args, code, got, stdout.String(), exitUsage, tt.want)
		}
	}
	// The largest board MBF holds is written.
	out := gen(t, "-format", "mbf", "-width", "255", "-height", "255", "-mines", "65000", "-seed", "1", "-first-click", "safe")
	if rec, err := mbf.Read(bytes.NewReader(out)); err != nil || len(rec.Mines) != 65000 {
		t.Errorf("gen -format mbf 255x255 with 65000 mines: %v", err)
	}

	var stdout, stderr bytes.Buffer
	if code := run([]string{"gen", "-h"}, strings.NewReader(""), &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "-format") {
		t.Errorf("gen -h = %d; want 0 and a mention of -format:\n%s", code, stdout.String())
	}
}

// FuzzReadBoard reads any bytes as a -board file, under a plain name and
// under an MBF name: the result is a board the game can play, or an error
// of one line.
func FuzzReadBoard(f *testing.F) {
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
		rec, err := readBoard(name, bytes.NewReader(data))
		if err != nil {
			if rec != nil || strings.Contains(err.Error(), "\n") {
				t.Fatalf("readBoard(%q, %q) = %v, %q; want nil and one line", name, data, rec, err)
			}
			return
		}
		if board.CheckSize(rec.Cols, rec.Rows) != nil || len(rec.Mines) > rec.Rows*rec.Cols {
			t.Fatalf("readBoard(%q, %q) accepted %dx%d with %d mines", name, data, rec.Cols, rec.Rows, len(rec.Mines))
		}
		seen := map[board.Point]bool{}
		for _, p := range rec.Mines {
			if p.X < 0 || p.X >= rec.Cols || p.Y < 0 || p.Y >= rec.Rows || seen[p] {
				t.Fatalf("readBoard(%q, %q) accepted mine %v", name, data, p)
			}
			seen[p] = true
		}
		for _, p := range rec.Clicks {
			if p.X < 0 || p.X >= rec.Cols || p.Y < 0 || p.Y >= rec.Rows {
				t.Fatalf("readBoard(%q, %q) accepted click %v", name, data, p)
			}
		}
	})
}

// TestReadBoardReadError passes a read error through, for readRecordFile
// to word.
func TestReadBoardReadError(t *testing.T) {
	boom := errors.New("boom")
	for _, name := range []string{"x", "x.mbf"} {
		if _, err := readBoard(name, io.MultiReader(strings.NewReader("{"), errReader{boom})); err != boom {
			t.Errorf("readBoard(%q, failing reader) error = %v; want %v", name, err, boom)
		}
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

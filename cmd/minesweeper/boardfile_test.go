package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/boardflag"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/mbf"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// resolveBoard resolves "-board name" as the game does.
func resolveBoard(t *testing.T, name string) (boardflag.Config, error) {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	bf := boardflag.Add(fs, true)
	if err := fs.Parse([]string{"-board", name}); err != nil {
		t.Fatal(err)
	}
	return bf.Resolve()
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
	rec, err := record.Read(bytes.NewReader(genOut(t, "-level", "expert", "-seed", "5")))
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

// TestBoardFileErrors checks that a malformed board file gives one line
// that names the flag and the file, then what boardfile.Read says.
func TestBoardFileErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		data string
		want string // after "-board: PATH: "
	}{
		{"off.mbf", "\x09\x09\x00\x02\x01\x01\x09\x00", "MBF: byte 6: mine 2 of 2: column 9 is off the board (0 to 8)"},
		{"cut", `{"v":1,"board":"9x9n2 open`, "replay: the input ends inside the game"},
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
		})
	}
}

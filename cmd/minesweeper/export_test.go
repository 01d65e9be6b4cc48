package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/boardfile"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/mbf"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/video"
)

// exampleGame is the README's example game: a won beginner game with
// opens, a flag and a chord, as minesweeper history -json -n 1 prints it.
const exampleGame = "testdata/export/example.json"

// runExportArgs runs "minesweeper export" with args and returns its exit
// status, its output and its errors.
func runExportArgs(args ...string) (int, []byte, string) {
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"export"}, args...), &bytes.Buffer{}, &stdout, &stderr)
	return code, stdout.Bytes(), stderr.String()
}

// readGame reads the game of a replay file.
func readGame(t *testing.T, path string) history.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := boardfile.ReadGame(f)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestRunExport checks export through run: the last game, a game by
// number and a file, as a RAW video (the golden files of testdata/export)
// and as MBF, flags before and after the game; and each refusal as one
// line, with nothing written.
func TestRunExport(t *testing.T) {
	home := filepath.Join(t.TempDir(), "state")
	t.Setenv("MINESWEEPER_HOME", home)
	dir := t.TempDir()
	write := func(name string, g history.Game) string {
		t.Helper()
		line, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, append(line, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}

	if code, out, errs := runExportArgs(); code != exitFailure || len(out) != 0 || errs != "minesweeper export: no game has been kept yet: play one with minesweeper\n" {
		t.Errorf("export with no history = %d, %q, %q", code, out, errs)
	}

	example := readGame(t, exampleGame)
	// A lost game on a custom board, with a mark cycled through the
	// question mark, after the example.
	lost := readGame(t, write("lost.json", history.Game{
		V: history.Version, Date: time.Date(2026, 3, 15, 9, 0, 0, 0, time.UTC),
		Board: board.Settings{Width: 4, Height: 3, Mines: 2, Rule: board.Opening}, Seed: 5,
		Layout: []history.Cell{{3, 0}, {0, 2}}, Result: "lost", TimeMS: 2100, ThreeBV: 2, Clicks: 5,
		Moves: []history.Move{
			{Move: game.Move{Action: game.Open, At: board.Point{X: 0, Y: 0}}, At: 0},
			{Move: game.Move{Action: game.Toggle, At: board.Point{X: 3, Y: 0}}, At: 600},
			{Move: game.Move{Action: game.Toggle, At: board.Point{X: 3, Y: 0}}, At: 900},
			{Move: game.Move{Action: game.Toggle, At: board.Point{X: 3, Y: 0}}, At: 1300},
			{Move: game.Move{Action: game.Open, At: board.Point{X: 0, Y: 2}}, At: 2100},
		},
		First: &history.Cell{0, 0},
	}))
	st, err := store.Open(home, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, g := range []history.Game{example, lost} {
		if _, err := st.Append(context.Background(), g); err != nil {
			t.Fatal(err)
		}
	}

	wide := write("wide.json", history.Game{
		V: history.Version, Board: board.Settings{Width: 999, Height: 2, Mines: 1, Rule: board.Opening},
		Layout: []history.Cell{{998, 1}}, Result: "lost",
	})
	mbfWide := write("mbf-wide.json", history.Game{
		V: history.Version, Board: board.Settings{Width: 256, Height: 2, Mines: 1, Rule: board.Opening},
		Layout: []history.Cell{{255, 1}}, Result: "lost",
	})

	goldens := []struct {
		name   string
		args   []string
		golden string
	}{
		{"the last game", nil, "lost.rawvf"},
		{"game 1", []string{"1"}, "example.rawvf"},
		{"a file, the format after it", []string{exampleGame, "-format", "rawvf"}, "example.rawvf"},
		{"the lost game's file", []string{filepath.Join(dir, "lost.json")}, "lost.rawvf"},
	}
	for _, tt := range goldens {
		code, out, errs := runExportArgs(tt.args...)
		if code != exitOK || errs != "" {
			t.Errorf("%s: export %q = %d, %q", tt.name, tt.args, code, errs)
			continue
		}
		checkGolden(t, filepath.Join("testdata", "export", tt.golden), out, tt.name)
	}

	mbfs := []struct {
		name string
		args []string
		want history.Game
	}{
		{"the last game as MBF", []string{"-format", "mbf"}, lost},
		{"game 1 as MBF, the flag after it", []string{"1", "-format", "mbf"}, example},
		{"a file as MBF", []string{"-format=mbf", exampleGame}, example},
	}
	for _, tt := range mbfs {
		code, out, errs := runExportArgs(tt.args...)
		if code != exitOK || errs != "" {
			t.Errorf("%s: export %q = %d, %q", tt.name, tt.args, code, errs)
			continue
		}
		rec, err := mbf.Read(bytes.NewReader(out))
		if err != nil {
			t.Errorf("%s: export %q wrote % x: %v", tt.name, tt.args, out, err)
			continue
		}
		var want []board.Point
		for _, c := range tt.want.Layout {
			want = append(want, board.Point{X: c[0], Y: c[1]})
		}
		if rec.Cols != tt.want.Board.Width || rec.Rows != tt.want.Board.Height || !reflect.DeepEqual(sortedMines(rec.Mines), sortedMines(want)) {
			t.Errorf("%s: export %q wrote a %dx%d board with mines %v; want %v, mines %v",
				tt.name, tt.args, rec.Cols, rec.Rows, rec.Mines, tt.want.Board, want)
		}
	}

	evfs := []struct {
		name string
		args []string
		want history.Game
	}{
		{"the last game as EVF", []string{"-format", "evf"}, lost},
		{"game 1 as EVF, the flag after it", []string{"1", "-format=evf"}, example},
		{"a file as EVF", []string{"-format", "evf", exampleGame}, example},
	}
	for _, tt := range evfs {
		code, out, errs := runExportArgs(tt.args...)
		if code != exitOK || errs != "" {
			t.Errorf("%s: export %q = %d, %q", tt.name, tt.args, code, errs)
			continue
		}
		v, err := video.ReadEVF(bytes.NewReader(out))
		if err != nil {
			t.Errorf("%s: export %q wrote % x: %v", tt.name, tt.args, out, err)
			continue
		}
		var want []board.Point
		for _, c := range tt.want.Layout {
			want = append(want, board.Point{X: c[0], Y: c[1]})
		}
		if v.Width != tt.want.Board.Width || v.Height != tt.want.Board.Height || !reflect.DeepEqual(sortedMines(v.Mines), sortedMines(want)) ||
			v.Time != time.Duration(tt.want.TimeMS)*time.Millisecond || v.ThreeBV != tt.want.ThreeBV || v.Result.String() != tt.want.Result ||
			v.Program != program || !strings.HasPrefix(program, "minesweeper ") {
			t.Errorf("%s: export %q wrote a %dx%d board with mines %v, %v, 3BV %d, %v, by %q; want %v, mines %v, %dms, 3BV %d, %s, by %q",
				tt.name, tt.args, v.Width, v.Height, v.Mines, v.Time, v.ThreeBV, v.Result, v.Program,
				tt.want.Board, want, tt.want.TimeMS, tt.want.ThreeBV, tt.want.Result, program)
		}
	}

	refusals := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"an unknown format", []string{"-format", "avf"}, exitUsage, "minesweeper export: -format: unknown format \"avf\" (want rawvf, evf or mbf)\n"},
		{"two games", []string{"1", "2"}, exitUsage, "minesweeper export: unexpected argument \"2\" (want one FILE or N)\n"},
		{"no game 3", []string{"3"}, exitFailure, "minesweeper export: there is no game 3: the history holds 2 games, numbered from 1 (see minesweeper history)\n"},
		{"a missing file", []string{filepath.Join(dir, "nope.json")}, exitFailure, "minesweeper export: " + filepath.Join(dir, "nope.json") + ": no such file or directory\n"},
		{"a board too large for RAWVF", []string{wide}, exitFailure, "minesweeper export: board too large for RAWVF: 999x2, and RAWVF readers take at most 998x998\n"},
		{"a board too large for MBF", []string{"-format", "mbf", mbfWide}, exitFailure, "minesweeper export: board too large for MBF: 256x2, and MBF holds at most 255x255\n"},
		{"a board too large for EVF", []string{"-format", "evf", mbfWide}, exitFailure, "minesweeper export: board too large for EVF: 256x2, and EVF holds at most 255x255\n"},
	}
	for _, tt := range refusals {
		code, out, errs := runExportArgs(tt.args...)
		if code != tt.code || errs != tt.want || len(out) != 0 {
			t.Errorf("%s: export %q = %d, %q, %q; want %d, %q and no output", tt.name, tt.args, code, errs, out, tt.code, tt.want)
		}
	}
	// The RAWVF board of 256x2 fits: only MBF refuses it.
	if code, out, errs := runExportArgs(mbfWide); code != exitOK || !bytes.Contains(out, []byte("\nWidth: 256\n")) {
		t.Errorf("export %s = %d, %q, %q", mbfWide, code, out, errs)
	}
}

// The README's example of export lies between these lines.
const (
	readmeExportStart = "<!-- export: the output of minesweeper export " + "cmd/minesweeper/" + exampleGame + "; go test ./cmd/minesweeper -run TestReadmeExport -update rewrites it -->\n"
	readmeExportEnd   = "<!-- /export -->\n"
)

// TestReadmeExport checks that the README shows what export writes of its
// example game; -update rewrites the README's block.
func TestReadmeExport(t *testing.T) {
	const path = "../../README.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, readmeExportStart)
	j := strings.Index(text, readmeExportEnd)
	if i < 0 || j < i {
		t.Fatalf("README.md has no example of export between %q and %q", readmeExportStart, readmeExportEnd)
	}
	code, out, errs := runExportArgs(exampleGame)
	if code != exitOK {
		t.Fatalf("export %s = %d, %q", exampleGame, code, errs)
	}
	got, want := text[i+len(readmeExportStart):j], "```\n"+string(out)+"```\n"
	if got == want {
		return
	}
	if *update {
		out := text[:i+len(readmeExportStart)] + want + text[j:]
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's example of export differs from its output (go test ./cmd/minesweeper -run TestReadmeExport -update rewrites it):\ngot:\n%s\nwant:\n%s", got, want)
}

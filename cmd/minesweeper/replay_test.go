package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// TestRunReplay checks what replay reads before it needs the terminal:
// the last game, a game by number, a file in each form, and each error
// as one line.
func TestRunReplay(t *testing.T) {
	home := filepath.Join(t.TempDir(), "state")
	t.Setenv("MINESWEEPER_HOME", home)
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	rec := &record.Record{Rows: 4, Cols: 5, Mines: []board.Point{{X: 0, Y: 0}, {X: 3, Y: 3}}}
	line := string(replayLine(t, rec, board.Move{Action: board.Open, At: board.Point{X: 4, Y: 0}}))
	run := func(args ...string) (int, string) {
		var stdout, stderr bytes.Buffer
		code := runReplay(args, &bytes.Buffer{}, &stdout, &stderr)
		if stdout.Len() != 0 {
			t.Errorf("replay %q printed %q on stdout", args, stdout.String())
		}
		return code, stderr.String()
	}
	const noTerminal = "minesweeper replay: a replay needs a terminal on standard input, and one to draw on\n"

	if code, got := run(); code != exitFailure || got != "minesweeper replay: no game has been kept yet: play one with minesweeper\n" {
		t.Errorf("replay with no history = %d, %q", code, got)
	}
	st, err := history.Open(home, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := history.DecodeLine([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := st.Append(g); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"the last game", nil, exitFailure, noTerminal},
		{"game 2, flags after it", []string{"2", "-speed", "4"}, exitFailure, noTerminal},
		{"game 3", []string{"3"}, exitFailure, "minesweeper replay: there is no game 3: the history holds 2 games, numbered from 1 (see minesweeper history)\n"},
		{"game 0", []string{"0"}, exitFailure, "minesweeper replay: there is no game 0: the history holds 2 games, numbered from 1 (see minesweeper history)\n"},
		{"a line of the log", []string{write("game.json", line)}, exitFailure, noTerminal},
		{"history -json -n 1", []string{write("list.json", "[\n  "+strings.TrimSpace(line)+"\n]\n")}, exitFailure, noTerminal},
		{"two arguments", []string{"1", "2"}, exitUsage, "minesweeper replay: unexpected argument \"2\" (want one FILE or N)\n"},
		{"a bad speed", []string{"-speed", "-1"}, exitUsage, "minesweeper replay: -speed: -1 is not a speed (want more than 0, at most 64)\n"},
		{"a missing file", []string{filepath.Join(dir, "nope")}, exitFailure, "minesweeper replay: " + filepath.Join(dir, "nope") + ": no such file or directory\n"},
		{"a record", []string{write("rec.txt", "4 5 2 1\n0 0\n3 3\n0 4\n")}, exitFailure, "minesweeper replay: " + filepath.Join(dir, "rec.txt") + ": not a replay but, it seems, a board file (record): minesweeper -board " + filepath.Join(dir, "rec.txt") + " plays it\n"},
		{"a replay with a byte order mark", []string{write("bom.json", "\uFEFF"+line)}, exitFailure, noTerminal},
		{"a cut replay", []string{write("cut.json", line[:40])}, exitFailure, "minesweeper replay: " + filepath.Join(dir, "cut.json") + ": the input ends inside the game\n"},
		{"a bad layout", []string{write("bad.json", `{"v":1,"board":"9x9n2 opening","layout":[[1,1]]}`)}, exitFailure, `minesweeper replay: the layout holds 1 mine; the board "9x9n2 opening" has 2` + "\n"},
	}
	for _, tt := range tests {
		if code, got := run(tt.args...); code != tt.code || got != tt.want {
			t.Errorf("%s: replay %q = %d, %q; want %d, %q", tt.name, tt.args, code, got, tt.code, tt.want)
		}
	}
}

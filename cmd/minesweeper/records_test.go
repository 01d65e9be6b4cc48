package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// statsGames is the history the golden files of testdata/stats are made
// from: a few kinds of board, wins and losses, and clean, assisted and
// undone wins. The dates are an hour ahead of UTC, as a player's clock in
// Paris would write them in winter: history shows them as written.
func statsGames() []history.Game {
	paris := time.FixedZone("CET", 3600)
	day := time.Date(2025, 3, 1, 20, 0, 0, 0, paris)
	var (
		beginner = board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
		expert   = board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}
		noGuess  = board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}
		custom   = board.Settings{Width: 12, Height: 7, Mines: 20, Rule: board.Safe}
	)
	var games []history.Game
	add := func(minutes int, kind board.Settings, level, result string, ms int64, threeBV, clicks int, marks ...string) {
		g := history.Game{V: history.Version, Date: day.Add(time.Duration(minutes) * time.Minute),
			Board: kind, Level: level, Seed: uint64(len(games) + 1), Result: result,
			TimeMS: ms, ThreeBV: threeBV, Clicks: clicks}
		for _, m := range marks {
			switch m {
			case "assisted":
				g.Assisted = true
			case "undone":
				g.Undone = true
			case "nf": // won with no flag placed
				g.NF = true
			}
		}
		games = append(games, g)
	}
	// figures gives the last game the figures a game keeps since they
	// were counted: the others were kept before.
	figures := func(f game.Figures) { games[len(games)-1].SetFigures(f) }
	add(0, beginner, "beginner", "won", 12340, 30, 41)
	add(2, beginner, "beginner", "won", 9874, 25, 30)
	add(4, beginner, "beginner", "lost", 3120, 27, 6)
	add(6, expert, "expert", "lost", 20500, 170, 35)
	add(10, expert, "expert", "won", 101270, 180, 230)
	add(15, beginner, "beginner", "won", 5000, 22, 22, "assisted")
	add(17, beginner, "beginner", "won", 11000, 28, 33, "nf")
	add(19, beginner, "beginner", "won", 4200, 24, 26, "undone")
	add(25, noGuess, "expert", "won", 150500, 200, 260)
	add(24*60, custom, "", "lost", 800, 19, 2)
	add(24*60+5, noGuess, "expert", "won", 141270, 190, 215)
	add(24*60+9, expert, "expert", "lost", 64000, 160, 90, "assisted")
	figures(game.Figures{Opens: 80, Chords: 4, Flags: 6, Wasted: 2, Openings: 9, Islands: 21, Solved: 51, ZiNi: 118})
	add(24*60+12, beginner, "beginner", "won", 8305, 27, 31, "nf")
	figures(game.Figures{Opens: 20, Chords: 5, Flags: 6, Wasted: 1, Openings: 3, Islands: 4, Solved: 27, ZiNi: 21})
	return games
}

// dailyGames is statsGames with games on daily boards of March 2025: the
// first game of each date and level counts for it, the others are
// practice (known). The streaks ended long before any run of the tests,
// so the output does not depend on the day it is run.
func dailyGames() []history.Game {
	games := statsGames()
	var (
		beginner = board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true}
		expert   = board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}
	)
	add := func(date string, hour int, kind board.Settings, level, result string, ms int64, known bool) {
		day, err := time.Parse("2006-01-02", date)
		if err != nil {
			panic(err)
		}
		games = append(games, history.Game{V: history.Version, Date: day.Add(time.Duration(hour) * time.Hour),
			Board: kind, Level: level, Seed: uint64(len(games) + 1), Daily: date, Result: result,
			TimeMS: ms, ThreeBV: 20, Clicks: 25, Known: known})
	}
	add("2025-03-01", 9, beginner, "beginner", "won", 7100, false)
	add("2025-03-01", 10, beginner, "beginner", "won", 5000, true)
	add("2025-03-02", 9, beginner, "beginner", "won", 6420, false)
	add("2025-03-03", 9, beginner, "beginner", "lost", 2000, false)
	add("2025-03-04", 9, beginner, "beginner", "won", 8000, false)
	add("2025-03-02", 20, expert, "expert", "lost", 30000, false)
	return games
}

// writeLog writes games as the history log of a new state directory, one
// JSON line each, and points MINESWEEPER_HOME at it.
func writeLog(t *testing.T, games []history.Game, extra string) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("MINESWEEPER_HOME", dir)
	var b strings.Builder
	for _, g := range games {
		line, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	b.WriteString(extra)
	if err := os.WriteFile(filepath.Join(dir, "history.jsonl"), []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir
}

// statsCases are runs of stats and history whose output is pinned by the
// golden file testdata/stats/<name>.golden. The log is statsGames unless
// empty is set (no log at all), followed by extra.
var statsCases = []struct {
	name  string
	args  []string
	empty bool
	extra string
	daily bool   // the log is dailyGames
	lcAll string // the locale: C.UTF-8 unless set
}{
	{name: "stats", args: []string{"stats"}},
	{name: "stats-json", args: []string{"stats", "-json"}},
	{name: "stats-ascii", args: []string{"stats", "-ascii"}},
	{name: "stats-lc-all-c", args: []string{"stats"}, lcAll: "C"}, // as -ascii: the locale is not UTF-8
	{name: "stats-numbers", args: []string{"stats", "-numbers"}},
	{name: "stats-n1", args: []string{"stats", "-n", "1"}},
	{name: "stats-n2-numbers", args: []string{"stats", "-n", "2", "-numbers"}},
	{name: "stats-n1-json", args: []string{"stats", "-n", "1", "-json"}},
	{name: "stats-n0", args: []string{"stats", "-n", "0"}},
	{name: "stats-top", args: []string{"stats", "-top"}},
	{name: "stats-top-numbers", args: []string{"stats", "-top", "-numbers"}},
	{name: "stats-bad-n", args: []string{"stats", "-n", "-1"}},
	{name: "stats-plot-json", args: []string{"stats", "-plot", "-json"}},
	{name: "stats-plot-top", args: []string{"stats", "-top", "-plot"}},
	{name: "stats-plot-no-games", args: []string{"stats", "-plot"}, empty: true},
	{name: "history", args: []string{"history"}},
	{name: "history-n2", args: []string{"history", "-n", "2"}},
	{name: "history-json-n2", args: []string{"history", "-json", "-n", "2"}},
	{name: "stats-no-games", args: []string{"stats"}, empty: true},
	{name: "history-no-games", args: []string{"history"}, empty: true},
	{name: "stats-json-no-games", args: []string{"stats", "-json"}, empty: true},
	{name: "stats-bad-flag", args: []string{"stats", "-x"}},
	{name: "history-bad-n", args: []string{"history", "-n", "-1"}},
	{name: "history-n-not-number", args: []string{"history", "-n", "ten"}},
	{name: "stats-daily", args: []string{"stats"}, daily: true},
	{name: "stats-daily-only", args: []string{"stats", "-daily"}, daily: true},
	{name: "stats-daily-json", args: []string{"stats", "-daily", "-json"}, daily: true},
	{name: "stats-daily-none", args: []string{"stats", "-daily"}},
	{name: "stats-daily-json-none", args: []string{"stats", "-daily", "-json"}, empty: true},
	{name: "history-daily", args: []string{"history", "-n", "3"}, daily: true},
}

// TestStatsHistoryGolden runs each of statsCases against its own state
// directory and compares stdout, stderr and the exit status with the
// golden file. The state directory's name is written as $MINESWEEPER_HOME.
// Run with -update to rewrite the files.
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestStatsHistoryGolden(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, slow under -race: run without it, in make test's second pass")
	}
	for _, tt := range statsCases {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("LC_ALL", cmp.Or(tt.lcAll, "C.UTF-8"))
			var dir string
			switch {
			case tt.empty:
				dir = t.TempDir()
				t.Setenv("MINESWEEPER_HOME", dir)
			case tt.daily:
				dir = writeLog(t, dailyGames(), "")
			default:
				dir = writeLog(t, statsGames(), "")
			}
			var stdout, stderr strings.Builder
			code := run(tt.args, strings.NewReader(""), &stdout, &stderr)
			got := fmt.Sprintf("-- stdout --\n%s-- stderr --\n%s-- exit --\n%d\n", stdout.String(), stderr.String(), code)
			got = strings.ReplaceAll(got, dir, "$MINESWEEPER_HOME")
			checkGolden(t, filepath.Join("testdata", "stats", tt.name+".golden"), []byte(got), "minesweeper "+strings.Join(tt.args, " "))
		})
	}
}

// TestStatsJSONRoundTrip checks that stats -json gives what Summarize
// gives, and history -json the games, newest first.
func TestStatsJSONRoundTrip(t *testing.T) {
	games := statsGames()
	writeLog(t, games, "")
	var stdout, stderr strings.Builder
	if code := run([]string{"stats", "-json"}, strings.NewReader(""), &stdout, &stderr); code != exitOK || stderr.Len() != 0 {
		t.Fatalf("stats -json: exit status %d, stderr %q; want 0, none", code, stderr.String())
	}
	var stats []history.Stats
	if err := json.Unmarshal([]byte(stdout.String()), &stats); err != nil {
		t.Fatalf("stats -json: %v\n%s", err, stdout.String())
	}
	// The dates come back with the offset but not the zone's name: compare
	// what the two give as JSON.
	got, err := json.Marshal(stats)
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.Marshal(history.Summarize(games))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("stats -json read back:\n%s\nwant Summarize's\n%s", got, want)
	}

	stdout.Reset()
	if code := run([]string{"history", "-json", "-n", "0"}, strings.NewReader(""), &stdout, &stderr); code != exitOK || stderr.Len() != 0 {
		t.Fatalf("history -json: exit status %d, stderr %q; want 0, none", code, stderr.String())
	}
	// JSON lines: a game a line.
	var listed []history.Game
	for _, line := range strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n") {
		var g history.Game
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatalf("history -json: %v\n%s", err, stdout.String())
		}
		listed = append(listed, g)
	}
	if len(listed) != len(games) {
		t.Fatalf("history -json -n 0: %d games; want all %d", len(listed), len(games))
	}
	for i, g := range listed {
		if w := games[len(games)-1-i]; g.Seed != w.Seed || !g.Date.Equal(w.Date) {
			t.Errorf("history -json: game %d is seed %d of %v; want seed %d of %v", i, g.Seed, g.Date, w.Seed, w.Date)
		}
	}
}

// TestStatsWarning checks that the store's warnings go to stderr, one line
// each after the command's name, and that the command goes on: here a last
// line cut short by a crash is skipped. The warning's words are the
// store's, and not pinned here.
func TestStatsWarning(t *testing.T) {
	for _, cmd := range []string{"stats", "history"} {
		writeLog(t, statsGames(), "")
		var want strings.Builder
		if code := run([]string{cmd}, strings.NewReader(""), &want, io.Discard); code != exitOK {
			t.Fatalf("%s: exit status %d; want 0", cmd, code)
		}
		writeLog(t, statsGames(), `{"v":1,"date":"2025-03-03T`)
		var stdout, stderr strings.Builder
		code := run([]string{cmd}, strings.NewReader(""), &stdout, &stderr)
		prefix := "minesweeper " + cmd + ": warning: "
		if code != exitOK || !strings.HasPrefix(stderr.String(), prefix) || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%s with a torn last line = %d, stderr %q; want 0, one line %q...", cmd, code, stderr.String(), prefix)
		}
		if stdout.String() != want.String() {
			t.Errorf("%s with a torn last line:\n%s\nwant, as without it:\n%s", cmd, stdout.String(), want.String())
		}
	}
}

// TestStatsNoHome checks that a state directory that cannot be made is one
// line on stderr and exit status 1.
func TestStatsNoHome(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("MINESWEEPER_HOME", filepath.Join(file, "home"))
	for _, cmd := range []string{"stats", "history"} {
		var stdout, stderr strings.Builder
		code := run([]string{cmd}, strings.NewReader(""), &stdout, &stderr)
		prefix := "minesweeper " + cmd + ": "
		if code != exitFailure || stdout.Len() != 0 || !strings.HasPrefix(stderr.String(), prefix) || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%s with MINESWEEPER_HOME under a file = %d, stdout %q, stderr %q; want 1, none, one line %q...",
				cmd, code, stdout.String(), stderr.String(), prefix)
		}
	}
}

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
	st, err := store.Open(home, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g, _, err := history.DecodeLine([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := st.Append(context.Background(), g); err != nil {
			t.Fatal(err)
		}
	}
	avf, err := os.ReadFile(filepath.Join("..", "..", "internal", "video", "testdata", "avf_exp_0_48_5.avf"))
	if err != nil {
		t.Fatal(err)
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
		{"a bad speed", []string{"-speed", "-1"}, exitUsage, "minesweeper replay: -speed: -1 is not a speed (want 0.25 to 16)\n"},
		{"a speed past 16", []string{"-speed", "32"}, exitUsage, "minesweeper replay: -speed: 32 is not a speed (want 0.25 to 16)\n"},
		{"Arbiter's video", []string{write("exp.avf", string(avf))}, exitFailure, noTerminal},
		{"a cut video", []string{write("cut.avf", string(avf[:len(avf)/2]))}, exitFailure, "minesweeper replay: " + filepath.Join(dir, "cut.avf") + ": AVF: truncated at byte 41670 of 41677, reading an event (8 more bytes wanted)\n"},
		{"a video of no level", []string{"-speed", "0.25", write("far.avf", string(avf[:5])+"\xff\xff\xff\xff"+string(avf[9:]))}, exitFailure, "minesweeper replay: " + filepath.Join(dir, "far.avf") + ": AVF: invalid at byte 6: level 255 is not 3 to 6\n"},
		{"a missing file", []string{filepath.Join(dir, "nope")}, exitFailure, "minesweeper replay: " + filepath.Join(dir, "nope") + ": no such file or directory\n"},
		{"a record", []string{write("rec.txt", "4 5 2 1\n0 0\n3 3\n0 4\n")}, exitFailure, "minesweeper replay: " + filepath.Join(dir, "rec.txt") + ": not a replay but a board file (record): minesweeper -board " + filepath.Join(dir, "rec.txt") + " plays it\n"},
		// A text file that is no board file: -board would refuse it too.
		{"a text file", []string{write("passwd", "root:x:0:0:root:/root:/bin/bash\n")}, exitFailure, "minesweeper replay: " + filepath.Join(dir, "passwd") + `: neither a replay (a game of the history log) nor a board file (as a record: line 1: the number of rows: not an integer: "root:x:0:0:root:/root:/bin/bash")` + "\n"},
		{"a record -board refuses", []string{write("bad.txt", "4 5 2 1\n0 9\n")}, exitFailure, "minesweeper replay: " + filepath.Join(dir, "bad.txt") + ": neither a replay (a game of the history log) nor a board file (as a record: line 2: mine 1 of 2: column 9 is off the board (0 to 4))\n"},
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

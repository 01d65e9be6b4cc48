package main

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/bench"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/solver"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
)

// TestRunBench runs "minesweeper bench" end to end through run, with the
// real solver on 50 beginner games.
func TestRunBench(t *testing.T) {
	var stdout, stderr strings.Builder
	code := run([]string{"bench", "-games", "50", "-level", "beginner", "-seed", "1", "-workers", "2"}, strings.NewReader(""), &stdout, &stderr)
	if code != exitOK || stderr.Len() != 0 {
		t.Fatalf("bench: exit status %d, stderr %q; want 0 and nothing (stderr is not a terminal)", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	want := []string{
		`^board      beginner 9x9, 10 mines, first click opening, seed 1, max clicks 400$`,
		`^games      50  wins \d+  win rate \d+\.\d\d% \(95% CI \d+\.\d\d%–\d+\.\d\d%\)$`,
		`^clicks     \d+\.\d per won game  \d\.\d{3} per 3BV$`,
		`^score      \d+\.\d\d per game$`,
		`^move time  median \S+  p99 \S+  max \S+  \(\d+ moves\)$`,
	}
	if len(lines) != len(want) {
		t.Fatalf("bench printed %d lines; want %d:\n%s", len(lines), len(want), stdout.String())
	}
	for i, re := range want {
		if !regexp.MustCompile(re).MatchString(lines[i]) {
			t.Errorf("line %d = %q; want it to match %s", i+1, lines[i], re)
		}
	}
}

// benchJSON runs bench with -json and returns the report without the
// fields that may differ between runs of the same games.
func benchJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	var stdout, stderr strings.Builder
	code := run(append([]string{"bench", "-json"}, args...), strings.NewReader(""), &stdout, &stderr)
	if code != exitOK || stderr.Len() != 0 {
		t.Fatalf("bench %v: exit status %d, stderr %q; want 0, none", args, code, stderr.String())
	}
	var m map[string]any
	dec := json.NewDecoder(strings.NewReader(stdout.String()))
	dec.UseNumber() // seeds from the clock do not fit a float64
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("bench %v -json: %v\n%s", args, err, stdout.String())
	}
	moveTime, ok := m["move_time"].(map[string]any)
	if !ok || moveTime["moves"] == json.Number("0") {
		t.Errorf("bench %v -json: move_time %v; want moves timed", args, m["move_time"])
	}
	delete(m, "move_time")
	delete(m, "workers")
	return m
}

// TestRunBenchReproducible checks that the report names the seed, chosen
// from the clock when -seed is not given, and that the same seed with any
// number of workers gives the same report.
func TestRunBenchReproducible(t *testing.T) {
	first := benchJSON(t, "-games", "30", "-width", "8", "-height", "8", "-mines", "10", "-first-click", "safe", "-workers", "1")
	seed := fmt.Sprint(first["seed"])
	again := benchJSON(t, "-games", "30", "-width", "8", "-height", "8", "-mines", "10", "-first-click", "safe", "-workers", "3", "-seed", seed)
	if !maps.Equal(first, again) {
		t.Errorf("bench -seed %s -workers 3 = %v;\nwant %v as with the seed from the clock and 1 worker", seed, again, first)
	}
	for key, want := range map[string]string{"level": "custom", "width": "8", "height": "8", "mines": "10", "first_click": "safe", "games": "30", "max_clicks": "400"} {
		if fmt.Sprint(first[key]) != want {
			t.Errorf("bench -json: %s = %v; want %v", key, first[key], want)
		}
	}
}

// TestRunBenchNoGuess runs bench on no-guess boards: the solver wins every
// game without a guess, and the report says so.
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestRunBenchNoGuess(t *testing.T) {
	if raceEnabled {
		t.Skip("game by game, slow under -race (bench's workers are tested under it by TestRunBenchReproducible and others): run without it, in make test's second pass")
	}
	var stdout, stderr strings.Builder
	code := run([]string{"bench", "-no-guess", "-games", "20", "-seed", "1"}, strings.NewReader(""), &stdout, &stderr)
	if code != exitOK || stderr.Len() != 0 {
		t.Fatalf("bench -no-guess: exit status %d, stderr %q; want 0 and nothing", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	want := []string{
		`^board      beginner 9x9, 10 mines, first click opening, no-guess, seed 1, max clicks 400$`,
		`^games      20  wins 20  win rate 100\.00% \(95% CI \d+\.\d\d%–100\.00%\)$`,
		`^guesses    0 in 20 games$`,
		`^clicks     `,
		`^score      60\.00 per game$`,
		`^move time  `,
	}
	if len(lines) != len(want) {
		t.Fatalf("bench -no-guess printed %d lines; want %d:\n%s", len(lines), len(want), stdout.String())
	}
	for i, re := range want {
		if !regexp.MustCompile(re).MatchString(lines[i]) {
			t.Errorf("line %d = %q; want it to match %s", i+1, lines[i], re)
		}
	}

	m := benchJSON(t, "-no-guess", "-games", "20", "-seed", "1", "-level", "expert")
	for key, want := range map[string]string{"no_guess": "true", "games": "20", "wins": "20", "guesses": "0", "games_with_a_guess": "0", "no_guess_failures": "0"} {
		if fmt.Sprint(m[key]) != want {
			t.Errorf("bench -no-guess -json: %s = %v; want %v", key, m[key], want)
		}
	}
	if f, ok := m["first_failure"]; ok {
		t.Errorf("bench -no-guess -json: first_failure = %v; want none", f)
	}
}

// guessOnFirstClosed opens the first closed cell in reading order and calls
// every move a guess.
type guessOnFirstClosed struct{}

func (guessOnFirstClosed) Next(v *solver.View) (board.Point, error) {
	for y := range v.Height() {
		for x := range v.Width() {
			if p := (board.Point{X: x, Y: y}); v.Closed(p) {
				return p, nil
			}
		}
	}
	return board.Point{}, solver.ErrNoMove
}

func (guessOnFirstClosed) Guessed() bool { return true }

// TestBenchNoGuessFailure runs bench on no-guess boards with a player that
// guesses: the report is printed, stderr names the first game that failed
// with the flags that replay it, and the exit status is 1. The replay fails
// the same way, on its last game.
func TestBenchNoGuessFailure(t *testing.T) {
	player := func(board.FirstClick) bench.Player { return guessOnFirstClosed{} }
	tests := []struct {
		args       []string
		wantStderr string
		replay     string
	}{
		{[]string{"-no-guess", "-games", "20", "-seed", "1", "-workers", "3"},
			"minesweeper bench: no-guess game 0 (seed 1) guessed at (0,0); 20 of 20 games failed; replay it with: minesweeper bench -no-guess -level beginner -seed 1 -games 1\n",
			"minesweeper bench: no-guess game 0 (seed 1) guessed at (0,0); 1 of 1 game failed; replay it with: minesweeper bench -no-guess -level beginner -seed 1 -games 1\n"},
		{[]string{"-no-guess", "-width", "8", "-height", "7", "-mines", "9", "-max-clicks", "300", "-games", "5", "-seed", "4", "-json"},
			"minesweeper bench: no-guess game 0 (seed 4) guessed at (0,0); 5 of 5 games failed; replay it with: minesweeper bench -no-guess -width 8 -height 7 -mines 9 -max-clicks 300 -seed 4 -games 1\n",
			"minesweeper bench: no-guess game 0 (seed 4) guessed at (0,0); 1 of 1 game failed; replay it with: minesweeper bench -no-guess -width 8 -height 7 -mines 9 -max-clicks 300 -seed 4 -games 1\n"},
	}
	for _, tt := range tests {
		var stdout, stderr strings.Builder
		code := benchMain(tt.args, &stdout, &stderr, nil, func(code int) { t.Errorf("exit(%d) without an interrupt", code) }, player)
		if code != exitFailure || stderr.String() != tt.wantStderr {
			t.Errorf("bench %v with a player that guesses: exit status %d, stderr %q; want %d, %q", tt.args, code, stderr.String(), exitFailure, tt.wantStderr)
		}
		out := stdout.String()
		if slices.Contains(tt.args, "-json") {
			var r bench.Result
			if err := json.Unmarshal([]byte(out), &r); err != nil || !r.NoGuess || r.Failures != r.Games || r.FirstFailure != (bench.Failure{Game: 0, Reason: "guessed at (0,0)"}) {
				t.Errorf("bench %v: JSON %+v, %v; want every game a failure, the first game 0 guessed at (0,0):\n%s", tt.args, r, err, out)
			}
		} else {
			for _, want := range []string{"no-guess, seed 1", "\nguesses    ", " in 20 games, 20 games with a guess\n", "\nfailures   20 games lost or with a guess; the first, game 0, guessed at (0,0)\n"} {
				if !strings.Contains(out, want) {
					t.Errorf("bench %v: report\n%s\nwant it to contain %q", tt.args, out, want)
				}
			}
		}

		_, replay, _ := strings.Cut(strings.TrimSuffix(tt.wantStderr, "\n"), "replay it with: minesweeper bench ")
		stdout.Reset()
		stderr.Reset()
		code = benchMain(strings.Fields(replay), &stdout, &stderr, nil, func(int) {}, player)
		if code != exitFailure || stderr.String() != tt.replay {
			t.Errorf("bench %s: exit status %d, stderr %q; want %d, %q", replay, code, stderr.String(), exitFailure, tt.replay)
		}
	}
}

func TestRunBenchUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-games", "0"}, "minesweeper bench: -games: 0 is below 1"},
		{[]string{"-workers", "0"}, "minesweeper bench: -workers: 0 is below 1"},
		{[]string{"-workers", "1025"}, "minesweeper bench: -workers: 1025 is above 1024"},
		{[]string{"-workers", "1000000"}, "minesweeper bench: -workers: 1000000 is above 1024"},
		{[]string{"-games", "0x10"}, `minesweeper bench: -games: "0x10" is not a valid number`},
		{[]string{"-json=maybe"}, `minesweeper bench: -json: "maybe" is not a valid boolean (want true or false)`},
		{[]string{"-max-clicks", "-5"}, "minesweeper bench: -max-clicks: -5 is below 1"},
		{[]string{"-games", "x"}, `minesweeper bench: -games: "x" is not a valid number`},
		{[]string{"-level", "huge"}, `minesweeper bench: -level: unknown level "huge" (want beginner, intermediate or expert)`},
		{[]string{"-first-click", "lucky"}, `minesweeper bench: -first-click: unknown first-click rule "lucky" (want unsafe, safe or opening)`},
		{[]string{"-mines", "79"}, "minesweeper bench: -mines: 79 mines on 9x9 with the opening first click: want 0 to 72"},
		{[]string{"-no-guess", "-first-click", "safe"}, "minesweeper bench: -no-guess: a no-guess board needs the opening first click, not safe"},
		{[]string{"-board", "x"}, "minesweeper bench: flag provided but not defined: -board"},
		{[]string{"extra"}, `minesweeper bench: unexpected argument "extra"`},
	}
	for _, tt := range tests {
		var stdout, stderr strings.Builder
		code := run(append([]string{"bench"}, tt.args...), strings.NewReader(""), &stdout, &stderr)
		if code != exitUsage || stderr.String() != tt.want+"\n" || stdout.Len() != 0 {
			t.Errorf("bench %v = %d, stdout %q, stderr %q; want %d, none, %q", tt.args, code, stdout.String(), stderr.String(), exitUsage, tt.want)
		}
	}
}

func TestRunBenchHelp(t *testing.T) {
	var stdout, stderr strings.Builder
	if code := run([]string{"bench", "-h"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Errorf("bench -h: exit status %d; want 0", code)
	}
	out := stdout.String()
	if !strings.HasPrefix(out, "Usage: minesweeper bench") || stderr.Len() != 0 {
		t.Errorf("bench -h: stdout %q, stderr %q; want usage on stdout only", out, stderr.String())
	}
	for _, name := range []string{"-games", "-seed", "-workers", "-max-clicks", "-json", "-level", "-first-click", "-no-guess"} {
		if !strings.Contains(out, name) {
			t.Errorf("bench -h does not mention %s", name)
		}
	}
}

// syncWriter is a strings.Builder safe for the writes of several goroutines.
type syncWriter struct {
	mu sync.Mutex
	b  strings.Builder
}

// Write appends p under the lock.
func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// String returns what was written so far.
func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// TestBenchInterrupted interrupts a run of a million games, as Ctrl-C or
// SIGTERM does: bench must stop, report the games finished so far marked
// partial, in text and JSON, and exit with 128 plus the signal's number.
func TestBenchInterrupted(t *testing.T) {
	for _, tt := range []struct {
		asJSON bool
		sig    os.Signal
		name   string
	}{{false, os.Interrupt, "interrupt"}, {true, syscall.SIGTERM, "terminated"}} {
		asJSON := tt.asJSON
		args := []string{"-games", "1000000", "-seed", "1", "-workers", "2"}
		if asJSON {
			args = append(args, "-json")
		}
		sig := make(chan os.Signal, 1)
		// After a moment, so that some games are likely finished; the
		// checks hold for none as well.
		timer := time.AfterFunc(200*time.Millisecond, func() { sig <- tt.sig })
		var stdout strings.Builder
		var stderr syncWriter
		code := benchMain(args, &stdout, &stderr, sig, func(code int) {
			t.Errorf("bench %v: exit(%d) on the first interrupt; want the run stopped and reported", args, code)
		}, nil)
		timer.Stop()
		out := stdout.String()
		var games int
		if asJSON {
			var r struct {
				Partial      bool `json:"partial"`
				GamesPlanned int  `json:"games_planned"`
				Games        int  `json:"games"`
			}
			if err := json.Unmarshal([]byte(out), &r); err != nil || !r.Partial || r.GamesPlanned != 1000000 || r.Games >= 1000000 {
				t.Errorf("bench %v interrupted: JSON %+v, %v; want partial, games_planned 1000000, fewer games:\n%s", args, r, err, out)
			}
			games = r.Games
		} else {
			if n, err := fmt.Sscanf(out, "partial    interrupted: %d of 1000000 games finished, the figures cover those only\n", &games); n != 1 || err != nil {
				t.Errorf("bench %v interrupted: report\n%s\nwant its first line to say it is partial", args, out)
			}
			if want := fmt.Sprintf("\ngames      %d  ", games); games > 0 && !strings.Contains(out, want) {
				t.Errorf("bench %v interrupted: report\n%s\nwant it to contain %q", args, out, want)
			}
		}
		want := fmt.Sprintf("minesweeper bench: %s after %d of 1000000 games; the report is partial\n", tt.name, games)
		if code != term.SignalStatus(tt.sig) || stderr.String() != want {
			t.Errorf("bench %v interrupted: exit status %d, stderr %q; want %d, %q", args, code, stderr.String(), term.SignalStatus(tt.sig), want)
		}
	}
}

// TestBenchShardsMerge runs bench whole and in three shards, writes the
// shards' -json reports to files and merges them: the merged report is the
// whole run's, move times and workers aside, in JSON and as text.
func TestBenchShardsMerge(t *testing.T) {
	args := []string{"-games", "40", "-width", "8", "-height", "8", "-mines", "10", "-first-click", "safe", "-seed", "12"}
	whole := benchJSON(t, args...)
	dir := t.TempDir()
	var files []string
	for _, k := range []string{"3/3", "1/3", "2/3"} {
		var stdout, stderr strings.Builder
		if code := run(append([]string{"bench", "-json", "-shard", k}, args...), strings.NewReader(""), &stdout, &stderr); code != exitOK {
			t.Fatalf("bench -shard %s: exit status %d, %s", k, code, stderr.String())
		}
		name := filepath.Join(dir, strings.ReplaceAll(k, "/", "-of-")+".json")
		if err := os.WriteFile(name, []byte(stdout.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	var stdout, stderr strings.Builder
	if code := run(append([]string{"bench", "merge", "-json"}, files...), strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("bench merge: exit status %d, %s", code, stderr.String())
	}
	var merged map[string]any
	dec := json.NewDecoder(strings.NewReader(stdout.String()))
	dec.UseNumber()
	if err := dec.Decode(&merged); err != nil {
		t.Fatal(err)
	}
	delete(merged, "move_time")
	delete(merged, "workers")
	if !reflect.DeepEqual(merged, whole) {
		t.Errorf("bench merge -json =\n%v\nwant the whole run's\n%v", merged, whole)
	}
	stdout.Reset()
	if code := run(append([]string{"bench", "merge"}, files...), strings.NewReader(""), &stdout, &stderr); code != exitOK ||
		!strings.Contains(stdout.String(), fmt.Sprintf("games      40  wins %v", whole["wins"])) {
		t.Errorf("bench merge = %d:\n%s", code, stdout.String())
	}

	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"bench", "merge"}, exitUsage, "minesweeper bench merge: no report to merge (want the -json reports of every shard)\n"},
		{[]string{"bench", "merge", files[0]}, exitFailure, "minesweeper bench merge: " + files[0] + ": shard 3/3: 3 reports wanted, 1 given\n"},
		{[]string{"bench", "merge", files[0], files[1]}, exitFailure, "minesweeper bench merge: " + files[0] + ": shard 3/3: 3 reports wanted, 2 given\n"},
		{[]string{"bench", "merge", files[0], filepath.Join(dir, "nope")}, exitFailure, "minesweeper bench merge: " + filepath.Join(dir, "nope") + ": no such file or directory\n"},
		{[]string{"bench", "-shard", "4/3"}, exitUsage, "minesweeper bench: -shard: shard \"4/3\": want 1 <= K <= N\n"},
	} {
		var stdout, stderr strings.Builder
		if code := run(tt.args, strings.NewReader(""), &stdout, &stderr); code != tt.code || stderr.String() != tt.want {
			t.Errorf("%q = %d, %q; want %d, %q", tt.args, code, stderr.String(), tt.code, tt.want)
		}
	}
}

// shardReports runs the two shards of a small run with -json and returns
// their reports.
func shardReports(t *testing.T) [2]bench.Report {
	t.Helper()
	var reps [2]bench.Report
	for k := range reps {
		var stdout, stderr strings.Builder
		args := []string{"bench", "-json", "-games", "20", "-level", "beginner", "-seed", "3", "-workers", "1", "-shard", fmt.Sprintf("%d/2", k+1)}
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != exitOK {
			t.Fatalf("%q: exit status %d, %s", args, code, stderr.String())
		}
		rep, err := bench.ReadReport([]byte(stdout.String()))
		if err != nil {
			t.Fatal(err)
		}
		reps[k] = rep
	}
	return reps
}

// writeReportFile writes rep as JSON to the file dir/name and returns its
// path.
func writeReportFile(t *testing.T, dir, name string, rep bench.Report) string {
	t.Helper()
	var b strings.Builder
	if err := rep.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBenchMergeHostile gives bench merge files no run of bench writes:
// shard counts that would take all memory or panic, counts below zero,
// more wins than games, sums that overflow, a device, a FIFO, a file over
// the size limit. Each is refused at once, with exit status 1, nothing on
// stdout and one line on stderr that names the file.
func TestBenchMergeHostile(t *testing.T) {
	good := shardReports(t)
	// files writes the two shards' reports, changed by change, and returns
	// their paths.
	files := func(t *testing.T, change func(a, b *bench.Report)) []string {
		dir := t.TempDir()
		a, b := good[0], good[1]
		ra, rb := *a.Result, *b.Result
		a.Result, b.Result = &ra, &rb
		change(&a, &b)
		return []string{writeReportFile(t, dir, "1.json", a), writeReportFile(t, dir, "2.json", b)}
	}
	tests := []struct {
		name string
		// args returns the files to merge and the error wanted on
		// stderr, without the command's name.
		args func(t *testing.T) ([]string, string)
	}{
		{"N = 1e12", func(t *testing.T) ([]string, string) {
			f := files(t, func(a, b *bench.Report) { a.Shard = "1/1000000000000" })
			return f[:1], f[0] + ": shard 1/1000000000000: 1000000000000 reports wanted, 1 given"
		}},
		{"N = MaxInt64", func(t *testing.T) ([]string, string) {
			f := files(t, func(a, b *bench.Report) { a.Shard = "1/9223372036854775807" })
			return f[:1], f[0] + ": shard 1/9223372036854775807: 9223372036854775807 reports wanted, 1 given"
		}},
		{"negative games", func(t *testing.T) ([]string, string) {
			f := files(t, func(a, b *bench.Report) {
				a.Shard, a.RunGames, a.GamesPlanned, a.Games, a.Wins = "1/1", -10, -10, -10, 0
			})
			return f[:1], f[0] + ": run_games -10: want at least 1"
		}},
		{"negative games in a shard", func(t *testing.T) ([]string, string) {
			f := files(t, func(a, b *bench.Report) { a.Games, b.Games = -10, 30 })
			return f, f[0] + ": games -10: want at least 0"
		}},
		{"wins above games", func(t *testing.T) ([]string, string) {
			f := files(t, func(a, b *bench.Report) { b.Wins = 100 })
			return f, f[1] + ": wins 100: more than the 10 games"
		}},
		{"zero games with wins", func(t *testing.T) ([]string, string) {
			f := files(t, func(a, b *bench.Report) { a.Games, a.Wins, b.Games = 0, 5, 20 })
			return f, f[0] + ": wins 5: more than the 0 games"
		}},
		{"sums that overflow", func(t *testing.T) ([]string, string) {
			f := files(t, func(a, b *bench.Report) { a.WonClicks, b.WonClicks = math.MaxInt64, math.MaxInt64 })
			return f, f[1] + ": won_clicks: the sum over the shards overflows"
		}},
		{"dev zero", func(t *testing.T) ([]string, string) {
			return []string{"/dev/zero"}, "/dev/zero: is a device, not a regular file"
		}},
		{"FIFO", func(t *testing.T) ([]string, string) {
			fifo := filepath.Join(t.TempDir(), "fifo.json")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
			return []string{fifo}, fifo + ": is a FIFO (a named pipe), not a regular file"
		}},
		{"over the limit", func(t *testing.T) ([]string, string) {
			f := files(t, func(a, b *bench.Report) {})
			if err := os.Truncate(f[1], bench.MaxReportSize+1); err != nil { // zeros after the report, sparse
				t.Fatal(err)
			}
			return f, f[1] + ": too large: 16777217 bytes (the most that is read is 16777216 bytes)"
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args, want := tt.args(t)
			var stdout, stderr strings.Builder
			code := run(append([]string{"bench", "merge"}, args...), strings.NewReader(""), &stdout, &stderr)
			if want = "minesweeper bench merge: " + want + "\n"; code != exitFailure || stdout.Len() != 0 || stderr.String() != want {
				t.Errorf("bench merge %q = %d, stdout %q, stderr %q; want %d, none, %q", args, code, stdout.String(), stderr.String(), exitFailure, want)
			}
		})
	}
}

// TestBenchMergeInterrupted interrupts bench merge while it reads the
// second of three reports, as Ctrl-C, SIGTERM or SIGHUP does: it must
// read no more, print no report, say so on stderr and exit with 128 plus
// the signal's number, as bench does. A second interrupt quits at once.
func TestBenchMergeInterrupted(t *testing.T) {
	reps := shardReports(t)
	dir := t.TempDir()
	files := []string{writeReportFile(t, dir, "1.json", reps[0]), writeReportFile(t, dir, "2.json", reps[1]), writeReportFile(t, dir, "3.json", reps[1])}
	for _, tt := range []struct {
		sig  os.Signal
		name string
	}{{os.Interrupt, "interrupt"}, {syscall.SIGTERM, "terminated"}, {syscall.SIGHUP, "hangup"}} {
		sig := make(chan os.Signal) // unbuffered: a send returns once received
		var read []string
		var stdout strings.Builder
		var stderr syncWriter
		code := benchMerge(files, &stdout, &stderr, sig, func(code int) {
			t.Errorf("bench merge: exit(%d) on the first %s; want the merge stopped", code, tt.name)
		}, func(ctx context.Context, name string) ([]byte, error) {
			read = append(read, name)
			if name == files[1] {
				sig <- tt.sig
				<-ctx.Done() // the read of a file that takes its time
			}
			return os.ReadFile(name)
		})
		want := fmt.Sprintf("minesweeper bench merge: %s after 2 of 3 reports; no report\n", tt.name)
		if code != term.SignalStatus(tt.sig) || stdout.Len() != 0 || stderr.String() != want {
			t.Errorf("bench merge, %s: exit status %d, stdout %q, stderr %q; want %d, none, %q", tt.name, code, stdout.String(), stderr.String(), term.SignalStatus(tt.sig), want)
		}
		if !slices.Equal(read, files[:2]) {
			t.Errorf("bench merge, %s: read %q; want %q", tt.name, read, files[:2])
		}
	}

	// A second interrupt calls exit at once, while a file is read.
	sig := make(chan os.Signal)
	exited := make(chan int, 1)
	var stdout strings.Builder
	var stderr syncWriter
	code := benchMerge(files, &stdout, &stderr, sig, func(code int) { exited <- code }, func(ctx context.Context, name string) ([]byte, error) {
		if name == files[0] {
			sig <- os.Interrupt
			sig <- os.Interrupt
			if code := <-exited; code != term.SignalStatus(os.Interrupt) {
				t.Errorf("bench merge: exit(%d) on the second interrupt; want exit(%d)", code, term.SignalStatus(os.Interrupt))
			}
		}
		return os.ReadFile(name)
	})
	want := "minesweeper bench merge: stopped again; quitting without a report\nminesweeper bench merge: interrupt after 1 of 3 reports; no report\n"
	if code != term.SignalStatus(os.Interrupt) || stdout.Len() != 0 || stderr.String() != want {
		t.Errorf("bench merge, two interrupts: exit status %d, stdout %q, stderr %q; want %d, none, %q", code, stdout.String(), stderr.String(), term.SignalStatus(os.Interrupt), want)
	}
}

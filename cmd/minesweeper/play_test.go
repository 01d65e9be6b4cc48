package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/ui"
)

func TestRunPlayErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("2 2 1 0\n5 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.txt")
	if err := os.WriteFile(good, []byte("2 2 1 0\n1 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string // a part of the one line on stderr
	}{
		{"bad level", []string{"-level", "godlike"}, exitUsage, `minesweeper: -level: unknown level "godlike"`},
		{"too many mines", []string{"-width", "3", "-height", "3", "-mines", "9"}, exitUsage, "minesweeper: -mines: 9 mines on 3x3"},
		{"missing board file", []string{"-board", filepath.Join(dir, "nope.txt")}, exitUsage, "minesweeper: -board: "},
		{"malformed board file", []string{"-board", bad}, exitUsage, "minesweeper: -board: " + bad + ": line 2"},
		{"board with level", []string{"-board", bad, "-level", "expert"}, exitUsage, "cannot be combined with -level"},
		{"not a number", []string{"-width", "x"}, exitUsage, `minesweeper: -width: "x" is not a valid number`},
		{"bad question", []string{"-question=maybe"}, exitUsage, "minesweeper: "},
		{"unknown flag", []string{"-colour"}, exitUsage, "minesweeper: flag provided but not defined: -colour"},
		{"stray argument", []string{"-ascii", "extra"}, exitUsage, `minesweeper: unexpected argument "extra"`},
		{"not a terminal", []string{"-seed", "1"}, exitFailure, "minesweeper: the game needs a terminal"},
		{"unknown theme", []string{"-theme", "pink"}, exitUsage, `minesweeper: -theme: unknown theme "pink": want default, colour-blind or mono`},
		{"resume and new", []string{"-resume", "-new"}, exitUsage, "minesweeper: -resume and -new: choose one"},
		{"resume a board file", []string{"-resume", "-board", good}, exitUsage, "minesweeper: -board: a board file is played from its start"},
		{"resume a seed", []string{"-resume", "-seed", "3"}, exitUsage, "minesweeper: -resume: cannot be combined with -seed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := runPlay(tt.args, &bytes.Buffer{}, &stdout, &stderr)
			if code != tt.code {
				t.Errorf("runPlay(%q) = %d; want %d", tt.args, code, tt.code)
			}
			if got := stderr.String(); !strings.Contains(got, tt.want) || strings.Count(got, "\n") != 1 {
				t.Errorf("runPlay(%q) stderr = %q; want one line containing %q", tt.args, got, tt.want)
			}
			if stdout.Len() != 0 {
				t.Errorf("runPlay(%q) stdout = %q; want nothing", tt.args, stdout.String())
			}
		})
	}
}

func TestRunPlayNotTerminalFile(t *testing.T) {
	// A regular file is an *os.File but not a terminal.
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stderr bytes.Buffer
	if code := runPlay(nil, f, f, &stderr); code != exitFailure {
		t.Errorf("runPlay on a file = %d; want %d (stderr %q)", code, exitFailure, stderr.String())
	}
}

func TestRunPlayHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := runPlay([]string{"-h"}, &bytes.Buffer{}, &stdout, &stderr); code != exitOK {
		t.Errorf("runPlay(-h) = %d; want 0", code)
	}
	for _, want := range []string{"-ascii", "-question", "-board", "-seed"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("usage lacks %s:\n%s", want, stdout.String())
		}
	}
}

// TestSummary checks the line printed after the screen closes (see
// ui.Summary), with what the game counts for.
func TestSummary(t *testing.T) {
	nine := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	won := func(d time.Duration, bv, clicks int) game.Numbers {
		return game.Numbers{Time: d, ThreeBV: bv, Clicks: clicks, Won: true}
	}
	tests := []struct {
		r     ui.Result
		saved bool
		again string
		want  string
	}{
		{ui.Result{Status: board.Won, Started: true, Elapsed: 42*time.Second + 900*time.Millisecond, Board: nine, Seed: 1234,
			Numbers: won(42*time.Second+900*time.Millisecond, 23, 30), Counts: session.Counts{Number: 17, NewBest: true}}, false, "",
			"You win in 42.90s on 9x9 with 10 mines, seed 1234; 3BV 23, 0.54 3BV/s, 30 clicks, 77% efficiency; new best time; replay: minesweeper replay 17"},
		{ui.Result{Status: board.Lost, Started: true, Elapsed: 3 * time.Second, Board: board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Safe}, Seed: 5,
			Numbers: game.Numbers{Time: 3 * time.Second}, Counts: session.Counts{Number: 2}}, false, "",
			"You lose after 3.00s on 30x16 with 99 mines, safe first click, seed 5; 0 clicks; replay: minesweeper replay 2"},
		{ui.Result{Status: board.Playing, Started: true, Elapsed: 61 * time.Second, Board: board.Settings{Width: 5, Height: 4, Mines: 1, Rule: board.Opening}, Seed: 7}, true,
			"minesweeper -width 5 -height 4 -mines 1 -resume",
			"Quit after 61s on 5x4 with 1 mine, seed 7; saved, to go on: minesweeper -width 5 -height 4 -mines 1 -resume"},
		{ui.Result{Status: board.Playing, Started: true, Elapsed: 2 * time.Second, Board: nine, Seed: 7}, false, "",
			"Quit after 2s on 9x9 with 10 mines, seed 7"},
		{ui.Result{Status: board.Playing, Started: true, Elapsed: 2 * time.Second, Board: nine, Seed: 7, Game: game.Kept{Origin: game.Seeded}}, false,
			"minesweeper -level beginner -seed 7",
			"Quit after 2s on 9x9 with 10 mines, seed 7 (again: minesweeper -level beginner -seed 7)"},
		{ui.Result{Status: board.Lost, Started: true, Elapsed: 5 * time.Second, Board: nine, Seed: 3, Game: game.Kept{Assisted: true},
			Numbers: game.Numbers{Time: 5 * time.Second}, Verdict: "1 guess: 50%; lost on a forced guess, a 50% chance of a mine"}, false, "",
			"You lose after 5.00s on 9x9 with 10 mines, assisted, seed 3; 0 clicks; 1 guess: 50%; lost on a forced guess, a 50% chance of a mine; not kept, so it cannot be replayed"},
		{ui.Result{Status: board.Won, Started: true, Elapsed: time.Second, Board: nine, Seed: 4, Numbers: won(time.Second, 5, 5),
			Counts: session.Counts{Number: 9, Played: false, Why: session.Known}, GaveUp: 2}, false, "",
			"You win in 1.00s on 9x9 with 10 mines, seed 4; 3BV 5, 5.00 3BV/s, 5 clicks, 100% efficiency; known board: not in the records; replay: minesweeper replay 9; 2 games given up before it, kept as losses"},
		{ui.Result{Board: nine, Seed: 8}, false, "",
			"Quit before the first move on 9x9 with 10 mines, seed 8"},
		{ui.Result{Status: board.Playing, Started: true, Elapsed: time.Second, Board: board.Settings{Width: 5, Height: 4, Mines: 2}, Source: "my board.txt"}, false,
			"minesweeper -board 'my board.txt'",
			"Quit after 1s on 5x4 with 2 mines, board my board.txt (again: minesweeper -board 'my board.txt')"},
	}
	for _, tt := range tests {
		if got := ui.Summary(tt.r, tt.saved, tt.again); got != tt.want {
			t.Errorf("Summary(%+v) =\n%q; want\n%q", tt.r, got, tt.want)
		}
	}
}

package play

import (
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// TestSummaryRemote checks that the line after a game played over SSH
// names no command to replay it: its number is the server's, of every
// player's games, and no command of the player's takes it. At home the
// line names it.
func TestSummaryRemote(t *testing.T) {
	won := Result{
		Kept:    game.Kept{Settings: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, Status: board.Won, Elapsed: 12 * time.Second},
		Counts:  session.Counts{Number: 28, Played: true},
		Started: true,
	}
	undone := won
	undone.Status, undone.Ends = board.Playing, 1
	tests := []struct {
		name     string
		r        Result
		remote   bool
		want     string // in the line
		wantNone string // not in the line
	}{
		{"won at home", won, false, "replay: minesweeper replay 28", ""},
		{"won over SSH", won, true, "You win in 12.00s", "replay 28"},
		{"played on at home", undone, false, "kept as it ended first: minesweeper replay 28", ""},
		{"played on over SSH", undone, true, "kept as it ended first", "replay 28"},
	}
	for _, tt := range tests {
		tt.r.Remote = tt.remote
		got := Summary(tt.r, false, "")
		if !strings.Contains(got, tt.want) || tt.wantNone != "" && strings.Contains(got, tt.wantNone) {
			t.Errorf("%s: Summary() = %q; want %q in it and not %q", tt.name, got, tt.want, tt.wantNone)
		}
	}
}

func TestShareLine(t *testing.T) {
	won := DailyResult{Date: "2026-11-25", Level: "expert", Won: true,
		Numbers: game.Numbers{Time: 83210 * 1e6, ThreeBV: 142, Clicks: 170, Won: true},
		Counts:  session.Counts{Played: true, Clean: true, Daily: session.DailyCounted}}
	with := func(d DailyResult, change func(*DailyResult)) DailyResult {
		change(&d)
		return d
	}
	tests := []struct {
		d    DailyResult
		want string
	}{
		{won, "minesweeper daily 2026-11-25 expert: won in 83.21 s, 3BV 142, 1.71 3BV/s, no help; play it: minesweeper daily -date 2026-11-25 -level expert"},
		{with(won, func(d *DailyResult) { d.Assisted = true }), "minesweeper daily 2026-11-25 expert: won in 83.21 s, 3BV 142, 1.71 3BV/s, with help; play it: minesweeper daily -date 2026-11-25 -level expert"},
		{with(won, func(d *DailyResult) { d.Undone = true; d.Counts.Daily = session.DailyAgain }), "minesweeper daily 2026-11-25 expert (practice): won in 83.21 s, 3BV 142, 1.71 3BV/s, with undo; play it: minesweeper daily -date 2026-11-25 -level expert"},
		{with(won, func(d *DailyResult) { d.Won, d.GaveUp, d.Assisted, d.Undone = false, true, true, true }), "minesweeper daily 2026-11-25 expert: gave up after 83.21 s, with help and undo; play it: minesweeper daily -date 2026-11-25 -level expert"},
		{with(won, func(d *DailyResult) {
			d.Commitment = "747ce8523e6e72c81ac57991dac9e74d1b245811b7ec3f64ead200f1cd142416"
		}),
			"minesweeper daily 2026-11-25 expert: won in 83.21 s, 3BV 142, 1.71 3BV/s, no help; the server's board, sha256 747ce8523e6e72c81ac57991dac9e74d1b245811b7ec3f64ead200f1cd142416"},
	}
	for _, tt := range tests {
		if got := ShareLine(tt.d); got != tt.want {
			t.Errorf("ShareLine(%+v) =\n%q\nwant\n%q", tt.d, got, tt.want)
		}
	}
}

// TestSummary checks the line printed after the screen closes (see
// ui.Summary), with what the game counts for.
func TestSummary(t *testing.T) {
	nine := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	shelf := board.Settings{Width: 5, Height: 4, Mines: 2, Rule: board.Unsafe}
	won := func(d time.Duration, bv, clicks int) game.Numbers {
		return game.Numbers{Time: d, ThreeBV: bv, Clicks: clicks, Won: true}
	}
	tests := []struct {
		r     Result
		saved bool
		again string
		want  string
	}{
		{Result{Kept: game.Kept{Status: board.Won, Elapsed: 42*time.Second + 900*time.Millisecond, Settings: nine, Seed: 1234}, Started: true, Numbers: won(42*time.Second+900*time.Millisecond, 23, 30), Counts: session.Counts{Number: 17, NewBest: true}}, false, "",
			"You win in 42.90s on beginner, seed 1234; 3BV 23, 0.54 3BV/s, 30 clicks, 77% efficiency; IOS 0.834, RQP 80.02; new best time; replay: minesweeper replay 17"},
		{Result{Kept: game.Kept{Status: board.Lost, Elapsed: 3 * time.Second, Settings: board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Safe}, Seed: 5}, Started: true, Numbers: game.Numbers{Time: 3 * time.Second}, Counts: session.Counts{Number: 2}}, false, "",
			"You lose after 3.00s on expert safe, seed 5; 0 clicks; replay: minesweeper replay 2"},
		{Result{Kept: game.Kept{Status: board.Playing, Elapsed: 61 * time.Second, Settings: board.Settings{Width: 5, Height: 4, Mines: 1, Rule: board.Opening}, Seed: 7}, Started: true}, true,
			"minesweeper -width 5 -height 4 -mines 1 -resume",
			"Quit after 61s on 5x4n1, seed 7; saved, to go on: minesweeper -width 5 -height 4 -mines 1 -resume"},
		{Result{Kept: game.Kept{Status: board.Playing, Elapsed: 2 * time.Second, Settings: nine, Seed: 7, Origin: game.Seeded}, Started: true}, true,
			"minesweeper -level beginner -resume",
			"Quit after 2s on beginner, seed 7; saved, to go on: minesweeper -level beginner -resume; a known board, so it counts for nothing"},
		{Result{Kept: game.Kept{Status: board.Playing, Elapsed: 2 * time.Second, Settings: nine, Seed: 7}, Started: true}, false, "",
			"Quit after 2s on beginner, seed 7"},
		{Result{Kept: game.Kept{Status: board.Playing, Elapsed: 2 * time.Second, Settings: nine, Seed: 7, Origin: game.Seeded}, Started: true}, false,
			"minesweeper -level beginner -seed 7",
			"Quit after 2s on beginner, seed 7 (again: minesweeper -level beginner -seed 7)"},
		{Result{Kept: game.Kept{Status: board.Lost, Elapsed: 5 * time.Second, Settings: nine, Seed: 3, Assisted: true}, Started: true, Numbers: game.Numbers{Time: 5 * time.Second}, Verdict: "1 guess: 50%; lost on a forced guess, a 50% chance of a mine"}, false, "",
			"You lose after 5.00s on beginner, assisted, seed 3; 0 clicks; 1 guess: 50%; lost on a forced guess, a 50% chance of a mine; not kept, so it cannot be replayed"},
		{Result{Kept: game.Kept{Status: board.Won, Elapsed: time.Second, Settings: nine, Seed: 4}, Started: true, Numbers: won(time.Second, 5, 5), Counts: session.Counts{Number: 9, Played: false, Why: session.Known}, GaveUp: 2}, false, "",
			"You win in 1.00s on beginner, seed 4; 3BV 5, 5.00 3BV/s, 5 clicks, 100% efficiency; RQP 0.20; known board: not in the records; replay: minesweeper replay 9; 2 games given up before it, kept as losses"},
		// The numbers of the won and the lost game of game.TestNumbersWonLost.
		{Result{Kept: game.Kept{Status: board.Won, Elapsed: 10 * time.Second, Settings: shelf, Source: "shelf.txt"}, Started: true,
			Numbers: game.Numbers{Time: 10 * time.Second, ThreeBV: 9, Clicks: 11, Won: true,
				Figures: game.Figures{Opens: 3, Chords: 3, Flags: 5, Wasted: 3, Openings: 1, Islands: 1, Solved: 9, ZiNi: 7}},
			Counts: session.Counts{Number: 3, Why: session.Known}}, false, "",
			"You win in 10.00s on 5x4n2, board shelf.txt; 3BV 9, 0.90 3BV/s, 11 clicks, 82% efficiency; IOS 0.954, RQP 11.11, ZiNi 7, ZNE 64%, 3 opens, 3 chords, 5 flags, 3 wasted, correctness 73%, throughput 1.12, 1 opening, 1 island; known board: not in the records; replay: minesweeper replay 3"},
		{Result{Kept: game.Kept{Status: board.Lost, Elapsed: 10 * time.Second, Settings: shelf, Source: "shelf.txt"}, Started: true,
			Numbers: game.Numbers{Time: 10 * time.Second, ThreeBV: 9, Clicks: 7,
				Figures: game.Figures{Opens: 4, Flags: 3, Wasted: 2, Openings: 1, Islands: 1, Solved: 3, ZiNi: 7}},
			Counts: session.Counts{Number: 4, Why: session.Known}}, false, "",
			"You lose after 10.00s on 5x4n2, board shelf.txt; 7 clicks; 3BV 3 of 9 solved, estimated 30.00 s, ZiNi 7, 4 opens, 0 chords, 3 flags, 2 wasted, correctness 71%, 1 opening, 1 island; known board: not in the records; replay: minesweeper replay 4"},
		{Result{Kept: game.Kept{Status: board.Playing, Elapsed: 9 * time.Second, Settings: nine, Seed: 6, Undone: true, Ends: 1, Ended: board.Lost}, Started: true, Counts: session.Counts{Number: 4}}, false, "",
			"Quit after 9s on beginner, undone, seed 6; kept as it ended first: minesweeper replay 4"},
		{Result{Kept: game.Kept{Settings: nine, Seed: 8}}, false, "",
			"Quit before the first move on beginner, seed 8"},
		{Result{Kept: game.Kept{Status: board.Playing, Elapsed: time.Second, Settings: board.Settings{Width: 5, Height: 4, Mines: 2}, Source: "my board.txt"}, Started: true}, false,
			"minesweeper -board 'my board.txt'",
			"Quit after 1s on 5x4n2, board my board.txt (again: minesweeper -board 'my board.txt')"},
		// A board file's name from a saved game, which the player could
		// have edited: no escape sequence of it reaches the terminal.
		{Result{Kept: game.Kept{Status: board.Playing, Elapsed: time.Second, Settings: board.Settings{Width: 5, Height: 4, Mines: 2}, Source: "\x1b[2Jb\u009b31m.txt"}, Started: true}, false,
			"minesweeper -board " + userfile.ShellQuote("\x1b[2Jb\u009b31m.txt"),
			"Quit after 1s on 5x4n2, board \uFFFD[2Jb\uFFFD31m.txt (again: minesweeper -board '\uFFFD[2Jb\uFFFD31m.txt')"},
	}
	for _, tt := range tests {
		if got := Summary(tt.r, tt.saved, tt.again); got != tt.want {
			t.Errorf("Summary(%+v) =\n%q; want\n%q", tt.r, got, tt.want)
		}
	}
}

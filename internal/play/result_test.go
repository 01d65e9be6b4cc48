package play

import (
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/session"
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

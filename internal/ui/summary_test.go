package ui

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
		tt.r.remote = tt.remote
		got := Summary(tt.r, false, "")
		if !strings.Contains(got, tt.want) || tt.wantNone != "" && strings.Contains(got, tt.wantNone) {
			t.Errorf("%s: Summary() = %q; want %q in it and not %q", tt.name, got, tt.want, tt.wantNone)
		}
	}
}

// TestSuspendHelp checks what the help says of Ctrl-Z: at home it
// suspends, on a remote terminal it pauses.
func TestSuspendHelp(t *testing.T) {
	for _, tt := range []struct {
		pauseOnly bool
		want      string
	}{{false, "suspend (fg resumes)"}, {true, "pause (over SSH nothing is suspended)"}} {
		if got := suspendHelp(Config{pauseOnly: tt.pauseOnly}); got != tt.want {
			t.Errorf("suspendHelp(pauseOnly %v) = %q; want %q", tt.pauseOnly, got, tt.want)
		}
	}
}

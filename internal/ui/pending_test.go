package ui

import (
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// TestSummaryNotKept checks that the line printed at the end claims no
// game kept that was not: a game that waits to be kept says so, and why,
// and one that is not kept says it cannot be replayed.
func TestSummaryNotKept(t *testing.T) {
	won := play.Result{Kept: game.Kept{Status: board.Won, Settings: board.Settings{Width: 9, Height: 9, Mines: 10}}, Started: true}
	tests := []struct {
		name      string
		counts    session.Counts
		want, not string
	}{
		{"waiting", session.Counts{Why: session.NotKept, Pending: true, Fault: store.FaultFull},
			"; not kept yet: the disk is full; it will be at the next start; it can be replayed once it is kept", "replay: minesweeper"},
		{"not kept", session.Counts{Why: session.NotKept},
			"; not kept; not kept, so it cannot be replayed", "will be"},
		{"kept", session.Counts{Number: 4, Played: true},
			"; replay: minesweeper replay 4", "not kept"},
	}
	for _, tt := range tests {
		r := won
		r.Counts = tt.counts
		got := play.Summary(r, false, "")
		if !strings.HasSuffix(got, tt.want) || strings.Contains(got, tt.not) {
			t.Errorf("%s: play.Summary() = %q; want it to end %q, without %q", tt.name, got, tt.want, tt.not)
		}
	}
}

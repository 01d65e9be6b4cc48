package session

import (
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/store"
)

// TestCountsNote pins the one wording of what a game counts for, which
// the full screen and the line mode both say.
func TestCountsNote(t *testing.T) {
	tests := []struct {
		c    Counts
		want string
	}{
		{Counts{}, ""},
		{Counts{Clean: true, NewBest: true}, "new best time"},
		{Counts{Why: Assisted}, ""},
		{Counts{Why: Known}, "known board: not in the records"},
		{Counts{Why: Again}, "practice: kept as it ended first"},
		{Counts{Why: NotKept}, "not kept"},
		{Counts{Why: NotKept, Pending: true, Fault: store.FaultFull}, "not kept yet: the disk is full; it will be at the next start"},
		{Counts{Why: NotKept, Pending: true, Fault: store.FaultBusy}, "not kept yet: the records are busy; it will be at the next start"},
		{Counts{Why: NotKept, Fault: store.FaultFull}, "not kept: the disk is full"},
		{Counts{Daily: DailyCounted}, "the day's daily result"},
		{Counts{Daily: DailyCounted, NewBest: true}, "the day's daily result, new best time"},
		{Counts{Daily: DailyAgain, Why: Known}, "practice: this daily board was played before"},
		{Counts{Daily: DailyOtherDay, Why: Known}, "practice: the daily board of another date"},
	}
	for _, tt := range tests {
		if got := tt.c.Note(); got != tt.want {
			t.Errorf("%+v.Note() = %q, want %q", tt.c, got, tt.want)
		}
	}
}

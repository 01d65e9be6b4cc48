package session

import (
	"slices"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// TestDailyStatsLines checks the daily boards' lines of the statistics
// overlay, under the kind's.
func TestDailyStatsLines(t *testing.T) {
	st := Stats{Kept: true, Daily: []history.DailyStats{
		{Level: "beginner", Played: 12, Won: 10, CurrentStreak: 3, BestStreak: 7, Best: &history.DailyBest{Date: "2026-01-01", TimeMS: 4213}, Last: "2026-01-02"},
		{Level: "expert", Played: 1, Last: "2025-12-30"},
	}}
	got := st.Lines()
	want := []string{
		"No game of this kind has ended yet.",
		"",
		"daily boards:",
		"beginner     12 days, won 10, streak 3 (best 7), best 4.21 s",
		"expert       1 day, won 0, streak 0 (best 0), no clean win yet",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Stats.Lines =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

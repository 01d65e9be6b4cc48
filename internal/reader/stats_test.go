package reader

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/plot"
	"github.com/minesweeper-go/minesweeper/internal/session"
)

// TestStats runs i and stats plot in the line mode and checks the lines
// said: the statistics of the kind of board in play, the number first,
// and the plots' sentences of numbers; a line that says why when there
// are none.
func TestStats(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 1, d, 10, 0, 0, 0, time.UTC) }
	full := session.Stats{
		Kept: true,
		Counted: history.Stats{
			Played: 12, Won: 7, WinRate: 7.0 / 12, CurrentStreak: 2, BestStreak: 3, LosingStreak: 4,
			CleanWins: 5, AverageMS: 15230, Best3BVs: 1.5234,
			Best: []history.Best{{Date: day(1), TimeMS: 10520}, {Date: day(2), TimeMS: 11300}, {Date: day(2), TimeMS: 12000}},
			NF:   &history.Bests{Best: []history.Best{{Date: day(2), TimeMS: 13400}}},
		},
		Known: history.Stats{Played: 3, Won: 1},
		Daily: []history.DailyStats{{Level: "beginner", Played: 4, Won: 2, CurrentStreak: 1, BestStreak: 2,
			Best: &history.DailyBest{Date: "2026-01-01", TimeMS: 9100}}},
		Plots: plot.Records{Kind: "5x4n2", Today: day(2),
			Days: []history.Day{{Date: "2026-01-01", Games: 3}, {Date: "2026-01-02", Games: 5}},
			Wins: []history.Win{{Date: day(1), TimeMS: 10520, BV: 6}, {Date: day(2), TimeMS: 12000, BV: 7}}},
	}
	fullLines := "12 played, 7 won, 58 percent\n" +
		"2 won in a row now, 3 at best; 4 lost in a row at worst\n" +
		"5 clean wins, average 15.23 s\n" +
		"1.52 3BV a second at best\n" +
		"10.52 s the best time, 2026-01-01; then 11.30 s, 12.00 s\n" +
		"13.40 s the best with no flag placed, NF, 2026-01-02\n" +
		"3 played on known boards, apart, 1 won\n" +
		"4 days of the daily beginner board, 2 won, 1 in a row, 2 at best; the best 9.10 s"
	fullPlots := strings.Join(plot.Describe(full.Plots), "\n")
	tests := []struct {
		name  string
		k     play.Keeper
		lines []string
		want  string
	}{
		{"no keeper", nil, []string{"i"}, "no statistics: the games are not kept"},
		{"no keeper's plots", nil, []string{"stats plot"}, "no statistics: the games are not kept"},
		{"not kept", &keeper{}, []string{"stats"}, "no statistics: the games are not kept"},
		{"unreadable", &keeper{stats: session.Stats{Kept: true, Err: errors.New("disk on fire")}}, []string{"i"},
			"the history cannot be read: disk on fire"},
		{"none yet", &keeper{stats: session.Stats{Kept: true}}, []string{"i"}, "no game of this kind has ended yet"},
		{"no plots read", &keeper{stats: session.Stats{Kept: true}}, []string{"plots"}, "no plots: the records were not read"},
		{"the statistics", &keeper{stats: full}, []string{"o 5 1", "i"}, fullLines},
		{"one day of a daily board, a name cleaned", &keeper{stats: session.Stats{Kept: true, Daily: []history.DailyStats{{Level: "expert", Played: 1}}}},
			[]string{"i"}, "no game of this kind has ended yet\n1 day of the daily expert board, 0 won, 0 in a row, 0 at best; no clean win yet"},
		{"an error's text cleaned", &keeper{stats: session.Stats{Kept: true, Err: errors.New("file a\x1b[2Jb")}}, []string{"i"},
			"the history cannot be read: file a\uFFFD[2Jb"},
		{"the plots", &keeper{stats: full}, []string{"stats plot"}, fullPlots},
		{"the plots, i plot", &keeper{stats: full}, []string{"I Plots"}, fullPlots},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			said, _ := playLines(t, small, tt.k, tt.lines...)
			if got := strings.Join(said[len(tt.lines)-1:], "\n"); got != tt.want {
				t.Errorf("%q said last:\n%s\nwant:\n%s", tt.lines, got, tt.want)
			}
		})
	}
	if !strings.HasPrefix(fullPlots, "Games a day since ") || strings.Count(fullPlots, "\n") != 2 {
		t.Errorf("the plots' sentences:\n%s\nwant three, the calendar's first", fullPlots)
	}
}

// TestStatsSession plays a game in lines with the session keeping it in
// a history of its own, then asks i and stats plot: the line mode reads
// the statistics through the play and the session.
func TestStatsSession(t *testing.T) {
	t.Setenv("MINESWEEPER_HOME", t.TempDir())
	k := session.New()
	defer k.Close()
	k.Now = func() time.Time { return time.Date(2026, 1, 3, 12, 0, 0, 0, time.UTC) }
	said, _ := playLines(t, small, k, "o 5 1", "f 4 4", "c 5 3", "i", "stats plot")
	want := []string{
		// The test's board is a file's: known to the player, counted apart.
		"no game of this kind has ended yet",
		"1 played on known boards, apart, 1 won",
		"Games a day since 2024-12-30: 1 game on 1 day, the busiest 2026-01-03 with 1.", // the session's day,
		"Time against 3BV, 5x4n2: no clean win with its 3BV yet.",
		"Best time of each month, the last 12: no clean win with its 3BV.",
	}
	if got := said[3:]; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("i and stats plot said:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

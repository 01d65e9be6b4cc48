package reader

import (
	"fmt"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/plot"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// StatsWords says the statistics of a kind of board (i), a short line
// each, the number first, as the full screen's statistics (i) give them:
// the games played and won, the streaks, the clean wins, the best speed,
// the best times, those with no flag placed, the known boards' games
// apart and the daily boards of each level.
func StatsWords(st session.Stats) string {
	if line, ok := noStats(st); !ok {
		return line
	}
	c := st.Counted
	var lines []string
	if c.Played == 0 {
		lines = append(lines, "no game of this kind has ended yet")
	} else {
		lines = append(lines,
			fmt.Sprintf("%d played, %d won, %.0f percent", c.Played, c.Won, 100*c.WinRate),
			fmt.Sprintf("%d won in a row now, %d at best; %d lost in a row at worst", c.CurrentStreak, c.BestStreak, c.LosingStreak),
			history.CleanWinsText(c))
		if c.Best3BVs > 0 {
			lines = append(lines, fmt.Sprintf("%.2f 3BV a second at best", c.Best3BVs))
		}
		lines = append(lines, bestWords(c.Best, "the best time", "no win without help yet"))
		if c.NF != nil && len(c.NF.Best) > 0 {
			lines = append(lines, bestWords(c.NF.Best, "the best with no flag placed, NF", ""))
		}
	}
	if k := st.Known; k.Played > 0 {
		lines = append(lines, fmt.Sprintf("%d played on known boards, apart, %d won", k.Played, k.Won))
	}
	for _, d := range st.Daily {
		best := "no clean win yet"
		if d.Best != nil {
			best = "the best " + timeWords(d.Best.TimeMS)
		}
		lines = append(lines, fmt.Sprintf("%s of the daily %s board, %d won, %d in a row, %d at best; %s",
			record.Count(d.Played, "day"), d.Level, d.Won, d.CurrentStreak, d.BestStreak, best))
	}
	return strings.Join(lines, "\n")
}

// PlotWords says the plots of the records of a kind of board (stats
// plot), a sentence of numbers each: the games a day, the time against
// the 3BV of the wins, the best time of each month (see plot.Describe).
func PlotWords(st session.Stats) string {
	if line, ok := noStats(st); !ok {
		return line
	}
	if st.Plots.Today.IsZero() {
		return "no plots: the records were not read"
	}
	return strings.Join(plot.Describe(st.Plots), "\n")
}

// noStats returns the line that says why there are no statistics, and
// false, when there are none.
func noStats(st session.Stats) (string, bool) {
	switch {
	case st.Err != nil:
		return "the history cannot be read: " + userfile.Printable(st.Err.Error()), false
	case !st.Kept:
		return "no statistics: the games are not kept", false
	}
	return "", true
}

// bestWords says best times, the fastest first with its date, "12.34 s
// the best time, 2026-03-01; then 13.50 s, 14.02 s", or none when there
// are none.
func bestWords(best []history.Best, what, none string) string {
	if len(best) == 0 {
		return none
	}
	line := fmt.Sprintf("%s %s, %s", timeWords(best[0].TimeMS), what, best[0].Date.Format("2006-01-02"))
	if len(best) > 1 {
		rest := make([]string, len(best)-1)
		for i, b := range best[1:] {
			rest[i] = timeWords(b.TimeMS)
		}
		line += "; then " + strings.Join(rest, ", ")
	}
	return line
}

// timeWords says a time of the records, to the hundredth: "12.34 s".
func timeWords(ms int64) string { return fmt.Sprintf("%.2f s", float64(ms)/1000) }

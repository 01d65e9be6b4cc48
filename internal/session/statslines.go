package session

import (
	"fmt"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// Lines words the statistics for the statistics screen (i) and the line
// mode: the kind's counts, streaks and best times, the known boards'
// apart, and each daily level's results.
func (st Stats) Lines() []string {
	if st.Err != nil {
		return []string{"The history cannot be read: " + userfile.Printable(st.Err.Error())}
	}
	if !st.Kept {
		return []string{"No statistics: the games are not kept (see the warning at the end)."}
	}
	c := st.Counted
	var lines []string
	if c.Played == 0 {
		lines = append(lines, "No game of this kind has ended yet.")
	} else {
		lines = append(lines,
			fmt.Sprintf("played %d, won %d (%.0f%%)", c.Played, c.Won, 100*c.WinRate),
			fmt.Sprintf("winning streak %d, best %d; longest losing streak %d", c.CurrentStreak, c.BestStreak, c.LosingStreak),
			history.CleanWinsText(c),
		)
		if c.Best3BVs > 0 {
			lines = append(lines, fmt.Sprintf("best 3BV/s %.2f", c.Best3BVs))
		}
		if len(c.Best) == 0 {
			lines = append(lines, "no win without help yet")
		} else {
			lines = append(lines, "best times:")
			for i, b := range c.Best {
				lines = append(lines, fmt.Sprintf("%2d. %8.2f s  %s", i+1, float64(b.TimeMS)/1000, b.Date.Format("2006-01-02 15:04")))
			}
		}
		if c.NF != nil {
			lines = append(lines, "best times with no flag placed (NF):")
			for i, b := range c.NF.Best {
				lines = append(lines, fmt.Sprintf("%2d. %8.2f s  %s", i+1, float64(b.TimeMS)/1000, b.Date.Format("2006-01-02 15:04")))
			}
		}
	}
	if k := st.Known; k.Played > 0 {
		lines = append(lines, "", fmt.Sprintf("known boards, apart: played %d, won %d", k.Played, k.Won))
	}
	if len(st.Daily) > 0 {
		lines = append(lines, "", "daily boards:")
		for _, d := range st.Daily {
			best := "no clean win yet"
			if d.Best != nil {
				best = fmt.Sprintf("best %.2f s", float64(d.Best.TimeMS)/1000)
			}
			lines = append(lines, fmt.Sprintf("%-12s %s, won %d, streak %d (best %d), %s",
				d.Level, record.Count(d.Played, "day"), d.Won, d.CurrentStreak, d.BestStreak, best))
		}
	}
	return lines
}

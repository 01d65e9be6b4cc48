package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/plot"
	"github.com/minesweeper-go/minesweeper/internal/session"
)

// TestStatsOverlayPlots checks that i shows the plots of the records the
// keeper read under the statistics, in blocks or in ASCII, each day of
// the calendar in the style the theme gives its class, and that the
// overlay scrolls to the last plot.
func TestStatsOverlayPlots(t *testing.T) {
	today := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	rec := plot.Records{Kind: "5x4n2", Today: today,
		Days: []history.Day{{Date: "2026-11-28", Games: 5}},
		Wins: []history.Win{{Date: today.AddDate(0, -1, 0), TimeMS: 9000, BV: 4}, {Date: today, TimeMS: 5000, BV: 5}},
	}
	for _, ascii := range []bool{false, true} {
		cfg := fixed(t, small)
		cfg.Prefs.ASCII = ascii
		cfg.Keeper = &keeper{stats: session.Stats{Kept: true, Counted: history.Stats{Played: 5, Won: 2}, Plots: rec}}
		h := start(t, cfg, 100, 30)
		h.typ("i")
		sc := h.snap()
		for _, want := range []string{"Games a day, the last 53 weeks: 5 games", "Time against 3BV, 5x4n2: 2 wins"} {
			if !strings.Contains(sc.String(), want) {
				t.Errorf("ascii %v: statistics lack %q:\n%s", ascii, want, sc)
			}
		}
		busiest := "█"
		if ascii {
			busiest = "#"
		}
		found := false
		for y := range sc.h {
			// The first is today's, on Saturday's row of the calendar.
			if i := strings.Index(sc.line(y), busiest); i >= 0 {
				x := len([]rune(sc.line(y)[:i]))
				if got, want := sc.style(x, y), h.th.Plot(plot.Level4); got != want {
					t.Errorf("ascii %v: the busiest day's style = %v; want %v", ascii, got, want)
				}
				found = true
				break
			}
		}
		if !found {
			t.Errorf("ascii %v: no %q of the busiest day:\n%s", ascii, busiest, sc)
		}
		for range 40 {
			h.typ("j")
		}
		if sc := h.snap(); !strings.Contains(sc.String(), "Best time of each month") || !strings.Contains(sc.String(), "Any key closes this.") {
			t.Errorf("ascii %v: the statistics scrolled to their end:\n%s", ascii, sc)
		}
	}
}

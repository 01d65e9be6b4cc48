//go:build unix

package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// TestE2EPlot runs minesweeper stats -plot in tmux at 80x24 and at
// 200x60, on games kept in the test, and reads the three plots back from
// the pane and its scrollback: as wide as the terminal, no line wider.
func TestE2EPlot(t *testing.T) {
	t.Parallel()
	_, bin := e2eBinary(t)
	home := t.TempDir()
	keepPlotGames(t, home, time.Now())
	tests := []struct {
		w, h   int
		months string
	}{
		{80, 24, "Best time of each month, the last 17"},
		{200, 60, "Best time of each month, the last 24"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d", tt.w, tt.h), func(t *testing.T) {
			t.Parallel()
			tm := newTmux(t, "sh")
			tm.tmux("resize-window", "-t", "e2e", "-x", fmt.Sprint(tt.w), "-y", fmt.Sprint(tt.h))
			tm.keys("-l", fmt.Sprintf("MINESWEEPER_HOME=%s %s stats -plot; echo EXIT=$?", userfile.ShellQuote(home), userfile.ShellQuote(bin)))
			tm.keys("Enter")
			tm.waitFor("EXIT=0")
			all := tm.tmux("capture-pane", "-p", "-t", "e2e", "-S", "-200")
			for _, want := range []string{"Games a day, the last 53 weeks: 40 games", "Time against 3BV, expert: 20 wins", tt.months, "3BV"} {
				if !strings.Contains(all, want) {
					t.Errorf("stats -plot at %dx%d: no %q in\n%s", tt.w, tt.h, want, all)
				}
			}
			// The plots' lines, the command's own apart.
			_, out, _ := strings.Cut(all, "\n"+"Games a day")
			for _, l := range strings.Split(out, "\n") {
				if n := utf8.RuneCountInString(l); n >= tt.w {
					t.Errorf("stats -plot at %dx%d: a line of %d columns: %q", tt.w, tt.h, n, l)
				}
			}
		})
	}
}

// keepPlotGames keeps in home 40 games on expert boards, one every 9 days
// to now, every other a clean win.
func keepPlotGames(t *testing.T, home string, now time.Time) {
	t.Helper()
	st, err := store.Open(home, func(msg string) { t.Errorf("warning: %s", msg) })
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var games []history.Game
	for i := range 40 {
		g := history.Game{
			V: history.Version, Date: now.AddDate(0, 0, -9*i), Level: "expert",
			Board: board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening},
			Seed:  uint64(i + 1), Result: "lost", TimeMS: int64(60000 + 1000*i), ThreeBV: 120 + i, Clicks: 150,
		}
		if i%2 == 0 {
			g.Result = "won"
		}
		games = append(games, g)
	}
	if _, err := st.AppendAll(context.Background(), games); err != nil {
		t.Fatal(err)
	}
}

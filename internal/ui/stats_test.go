package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/session"
)

// TestStatsOverlay checks that i shows the lines Config.Stats gives for
// the kind of board in play, and that any key closes them.
func TestStatsOverlay(t *testing.T) {
	cfg := asciiCfg(t, small)
	k := &keeper{stats: session.Stats{Kept: true, Counted: history.Stats{
		Played: 3, Won: 2, WinRate: 2.0 / 3, Best: []history.Best{{Date: time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC), TimeMS: 12340}},
		LosingStreak: 1, CleanWins: 1, AverageMS: 12340,
		NF: &history.Bests{Best: []history.Best{{Date: time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC), TimeMS: 12340}}},
	}, Known: history.Stats{Played: 2, Won: 1, Known: true}}}
	cfg.Keeper = k
	h := start(t, cfg, 80, 24)
	h.typ("i")
	sc := h.snap()
	// The board's one name (board.Settings.Name), as stats names it.
	if strings.Contains(sc.String(), "5x4n2 opening") {
		t.Errorf("statistics name the board by its text form:\n%s", sc)
	}
	for _, want := range []string{"Statistics: 5x4n2", "played 3, won 2 (67%)", "1.    12.34 s", "longest losing streak 1", "1 clean win, average 12.34 s", "best times with no flag placed (NF):", "known boards, apart: played 2, won 1", "Any key closes this."} {
		if !strings.Contains(sc.String(), want) {
			t.Errorf("statistics lack %q:\n%s", want, sc)
		}
	}
	if len(k.asked) != 1 || k.asked[0] != cfg.Start.Board { // read once, when it opened
		t.Errorf("Stats asked for %v; want %v", k.asked, cfg.Start.Board)
	}
	h.typ("x")
	if sc := h.snap(); strings.Contains(sc.String(), "Statistics") {
		t.Errorf("statistics still shown after a key:\n%s", sc)
	}
	checkRows(t, h.snap(), "#####", "#####", "#####", "#####")
}

// TestStatsOverlayWithoutStore checks the overlay when nothing is kept.
func TestStatsOverlayWithoutStore(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("i")
	if sc := h.snap(); !strings.Contains(sc.String(), "No statistics are kept.") {
		t.Errorf("statistics without a store:\n%s", sc)
	}
}

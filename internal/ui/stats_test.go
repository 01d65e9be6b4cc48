package ui

import (
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// TestStatsOverlay checks that i shows the lines Config.Stats gives for
// the kind of board in play, and that any key closes them.
func TestStatsOverlay(t *testing.T) {
	cfg := asciiCfg(t, small)
	var asked board.Settings
	cfg.Stats = func(s board.Settings) []string {
		asked = s
		return []string{"played 3, won 2 (67%)", "best 12.34 s"}
	}
	h := start(t, cfg, 80, 24)
	h.typ("i")
	sc := h.snap()
	for _, want := range []string{"Statistics: 5x4n2 opening", "played 3, won 2 (67%)", "best 12.34 s", "Any key closes this."} {
		if !strings.Contains(sc.String(), want) {
			t.Errorf("statistics lack %q:\n%s", want, sc)
		}
	}
	if asked != cfg.Board {
		t.Errorf("Stats asked for %v; want %v", asked, cfg.Board)
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

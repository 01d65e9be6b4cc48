package ui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
)

// clickOn clicks the first place on the screen where text is drawn, and
// fails the test when it is nowhere.
func (h *harness) clickOn(t *testing.T, sc screen, text string) {
	t.Helper()
	for y, line := range sc.text {
		if i := strings.Index(line, text); i >= 0 {
			h.click(len([]rune(line[:i])), y, tcell.Button1)
			return
		}
	}
	t.Fatalf("no %q on the screen:\n%s", text, sc)
}

// TestMouseOnly checks that a player with only a mouse reaches, at 80
// columns where the footer has no room for their labels, the options,
// the statistics and the leaderboards' message through the help: a
// click on "? help", then on a key's line, runs it; a click on a line
// that runs nothing (a heading, a cursor key) only closes the help.
func TestMouseOnly(t *testing.T) {
	tests := []struct {
		line string // the help's line clicked
		want string // what its command shows
	}{
		{"options: board", "Daily board"},
		{"statistics of this kind", "Statistics:"},
		{"Keys", "? help"},
		{"move five cells", "? help"},
		{"open; on a number", "? help"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			h := start(t, asciiCfg(t, small), 80, 24)
			sc := h.snap()
			if f := sc.footer(); strings.Contains(f, "o options") || strings.Contains(f, "i stats") {
				t.Fatalf("footer %q at 80 columns; the test wants one without o and i", f)
			}
			h.clickOn(t, sc, "? help")
			h.clickOn(t, h.waitText(tt.line), tt.line)
			sc = h.waitText(tt.want)
			if tt.want == "? help" && sc.contains("Keys") {
				t.Errorf("a click on %q left the help open:\n%s", tt.line, sc)
			}
		})
	}
}

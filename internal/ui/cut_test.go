package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// clausePrefix reports whether line is text, or text's first clauses: cut
// only where a clause ends, before "; ", ": ", ", " or the footer's two
// spaces.
func clausePrefix(line, text string) bool {
	return line == "" || line == text || strings.HasPrefix(text, line+"; ") || strings.HasPrefix(text, line+", ") || strings.HasPrefix(text, line+": ") || strings.HasPrefix(text, line+"  ")
}

// TestNoCutLabels pins what a player saw cut on the screen: the line under
// a lost board cut inside its verdict ("…; no guess") or its clicks
// ("…15 clicks,"), the small terminal's footer cut inside where the view
// is ("cols 1-9 of 9,"), and the 20x7 header without the mines and the
// time.
func TestNoCutLabels(t *testing.T) {
	if raceEnabled {
		t.Skip("a layout check at every width, slow under -race: make test runs it without; the other tests check the loop under it")
	}
	h := start(t, fixed(t, nine), 250, 24)
	loss(h)
	sc := h.snap()
	full := strings.TrimSpace(sc.line(sc.footerY() + 1))
	for w := 20; w <= 120; w++ {
		h.resize(w, 24)
		sc := h.snap()
		if got := strings.TrimSpace(sc.line(sc.footerY() + 1)); !clausePrefix(got, full) {
			t.Errorf("width %d: the numbers %q; want whole clauses of %q", w, got, full)
		}
	}

	wide := strings.Repeat(strings.Repeat(".", 29)+"*\n", 16)
	h = start(t, fixed(t, wide), 20, 7)
	sc = h.snap()
	footer := strings.TrimSpace(sc.line(sc.footerY()))
	msg := strings.TrimSpace(strings.TrimSuffix(footer, "q quit  ? help"))
	if !clausePrefix(msg, "cols 1-9 of 30, rows 1-3 of 16") {
		t.Errorf("footer at 20x7 = %q; want whole clauses of %q", footer, "cols 1-9 of 30, rows 1-3 of 16")
	}
	ten := strings.Repeat(".........\n", 7) + "*........\n*********\n"
	h = start(t, fixed(t, ten), 20, 7)
	sc = h.snap()
	for _, want := range []string{"10/10", "0s"} {
		if !strings.Contains(sc.header(), want) {
			t.Errorf("header at 20x7 = %q; want it to show %q", sc.header(), want)
		}
	}
}

// TestOverlayUnderHeader opens the options (o), the statistics (i) and
// the help (?) on screens with the rows for each under the header: the
// header stays in sight.
func TestOverlayUnderHeader(t *testing.T) {
	tests := []struct {
		key  string
		w, h int
	}{
		{"o", 80, 24},
		{"i", 80, 24},
		{"?", 80, 80},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			h := start(t, fixed(t, nine), tt.w, tt.h)
			sc := h.snap()
			y, header := sc.headerY(), sc.header()
			h.typ(tt.key)
			if got := h.snap().line(y); got != header {
				t.Errorf("row %d with %s open = %q; want the header %q", y, tt.key, got, header)
			}
		})
	}
}

// TestCursorStartsAtCentre starts games without a cursor given: the cursor
// is at the board's centre, where an opening reaches furthest, and on a
// board larger than the screen the view is centred on it.
func TestCursorStartsAtCentre(t *testing.T) {
	tests := []struct {
		w, h, mines int
		at          board.Point // the cursor, counted from the viewport's top-left cell
		footer      string
	}{
		{9, 9, 10, board.Point{X: 4, Y: 4}, ""},
		{30, 16, 99, board.Point{X: 14, Y: 7}, ""},
		{200, 100, 2000, board.Point{X: 19, Y: 10}, "cols 81-119 of 200, rows 40-59 of 100"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d", tt.w, tt.h), func(t *testing.T) {
			cfg := Config{Start: play.Start{Board: board.Settings{Width: tt.w, Height: tt.h, Mines: tt.mines, Rule: board.Opening}, Seed: 3}, Prefs: Prefs{ASCII: true}}
			h := start(t, cfg, 80, 24)
			sc := h.snap()
			wx, wy := sc.at(tt.at)
			if x, y, ok := sc.cursor(h.th); !ok || x != wx || y != wy {
				t.Errorf("cursor drawn at (%d,%d) %v; want (%d,%d), cell %v of the view:\n%s", x, y, ok, wx, wy, tt.at, sc)
			}
			if tt.footer != "" && !strings.HasPrefix(strings.TrimSpace(sc.line(sc.footerY())), tt.footer) {
				t.Errorf("footer %q; want it to start %q", sc.line(sc.footerY()), tt.footer)
			}
		})
	}
}

// TestEscAfterOverlay closes the options (o) and the help (?) with Esc,
// then presses Esc again: the game asks, and a third Esc quits. On the
// plain board the first Esc quits, as before.
func TestEscAfterOverlay(t *testing.T) {
	for _, key := range []string{"o", "?"} {
		t.Run(key, func(t *testing.T) {
			h := start(t, fixed(t, nine), 80, 24)
			h.typ(key)
			h.key(tcell.KeyEsc, tcell.ModNone)
			h.key(tcell.KeyEsc, tcell.ModNone)
			// The loop's answer to both keys, or its end.
			seen := make(chan struct{})
			h.post(tcell.NewEventInterrupt(func() { close(seen) }))
			select {
			case <-seen:
			case o := <-h.done:
				h.out = &o
				t.Fatalf("the second Esc, after %s closed, quit at once", key)
			case <-testwait.After(t):
				t.Fatal("the loop neither answered nor ended")
			}
			sc := h.snap()
			if !strings.Contains(sc.footer(), "Esc again quits") {
				t.Errorf("footer %q; want it to ask", sc.footer())
			}
			h.key(tcell.KeyEsc, tcell.ModNone)
			h.wait()
		})
	}
	h := start(t, fixed(t, nine), 80, 24)
	h.key(tcell.KeyEsc, tcell.ModNone)
	h.wait()
}

// TestAltKey presses Alt+a: nothing starts, where a alone starts
// auto-play.
func TestAltKey(t *testing.T) {
	h := start(t, fixed(t, nine), 80, 24)
	h.s.InjectKey(tcell.KeyRune, 'a', tcell.ModAlt)
	if sc := h.snap(); strings.Contains(sc.footer(), "auto") && !strings.Contains(sc.footer(), "a auto") {
		t.Errorf("footer after Alt+a %q; want no auto-play", sc.footer())
	}
	if sc := h.snap(); strings.Contains(sc.header(), "assisted") || strings.Contains(sc.footer(), autoMessage) {
		t.Errorf("Alt+a started auto-play:\n%s", sc)
	}
}

// TestClickFooterLabels clicks the labels of the options, the statistics
// and the help in the footer: each opens as its key does.
func TestClickFooterLabels(t *testing.T) {
	tests := []struct{ label, shows string }{
		{"o options", "Options"},
		{"i stats", "Statistics"},
		{"? help", "Keys"},
	}
	for _, tt := range tests {
		t.Run(tt.label, func(t *testing.T) {
			h := start(t, fixed(t, nine), 200, 30)
			sc := h.snap()
			y := sc.footerY()
			x := strings.Index(sc.line(y), tt.label)
			if x < 0 {
				t.Fatalf("footer %q lacks %q", sc.line(y), tt.label)
			}
			h.click(x+1, y, tcell.Button1)
			if sc := h.snap(); !strings.Contains(sc.String(), tt.shows) {
				t.Errorf("a click on %q:\n%s\nwant it to show %q", tt.label, sc, tt.shows)
			}
		})
	}
}

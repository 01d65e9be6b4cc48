package ui

import (
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// termCursor returns where the terminal's own cursor is once the loop has
// drawn every event injected so far, and whether it is shown.
func (h *harness) termCursor() (x, y int, shown bool) {
	h.t.Helper()
	type pos struct {
		x, y  int
		shown bool
	}
	got := make(chan pos, 1)
	h.post(tcell.NewEventInterrupt(func() {
		x, y, shown := h.s.GetCursor()
		got <- pos{x, y, shown}
	}))
	select {
	case p := <-got:
		return p.x, p.y, p.shown
	case <-testwait.After(h.t):
		h.t.Fatal("no frame")
	}
	return 0, 0, false
}

// TestTerminalCursor checks that the terminal's cursor rests on the
// selected cell, for screen magnifiers and readers to follow, and is
// hidden when no board is shown.
func TestTerminalCursor(t *testing.T) {
	const text = `
*....
.....
.....
...*.`
	tests := []struct {
		name  string
		keys  string
		cell  board.Point // where the cursor rests, when shown
		shown bool
	}{
		{"start", "", board.Point{}, true},
		{"moved", "llj", board.Point{X: 2, Y: 1}, true},
		{"help covers the board", "l?", board.Point{}, false},
		{"paused", "jp", board.Point{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t, fixed(t, text), 40, 14)
			h.typ(tt.keys)
			sc := h.snap()
			x, y, shown := h.termCursor()
			if shown != tt.shown {
				t.Fatalf("after %q the cursor shown = %v; want %v\n%s", tt.keys, shown, tt.shown, sc)
			}
			if !shown {
				return
			}
			wx, wy := sc.at(tt.cell)
			if x != wx || y != wy {
				t.Errorf("after %q the cursor at (%d,%d); want (%d,%d), on cell %v\n%s", tt.keys, x, y, wx, wy, tt.cell, sc)
			}
		})
	}
}

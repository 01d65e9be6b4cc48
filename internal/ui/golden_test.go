package ui

import (
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// nine is the 9x9 board of the golden screens.
const nine = `
.........
.*.......
.........
....*....
.........
.......*.
..*......
.........
*.......*
`

// TestGolden compares whole screens, text and styles, with
// testdata/*.golden, in every theme ("" is the default); go test
// ./internal/ui -update rewrites them.
func TestGolden(t *testing.T) {
	tests := []struct {
		name        string
		theme       string
		ascii, mono bool
		w, h        int
		drive       func(h *harness)
	}{
		{"start", "", false, false, 80, 24, func(h *harness) {}},
		{"mid", "", false, false, 80, 24, mid},
		{"win", "", false, false, 80, 24, func(h *harness) {
			h.typ("$\n") // floods most of the board
			h.snap()
			h.clock.advance(42 * time.Second)
			// Open every safe cell by clicking it; clicks on open cells are
			// harmless (or chord nothing).
			for y := range 9 {
				for x := range 9 {
					if !isMine(x, y) {
						h.clickCell(board.Point{X: x, Y: y}, board.Point{}, tcell.Button1)
					}
				}
			}
		}},
		{"loss", "", false, false, 80, 24, loss},
		{"mono", "", false, true, 80, 24, mid},
		{"mono-loss", "", false, true, 80, 24, loss},
		{"ascii", "", true, false, 80, 24, mid},
		{"ascii-mono-loss", "", true, true, 80, 24, loss},
		{"too-small", "", false, false, 30, 6, func(h *harness) {}},
		{"help", "", false, false, 80, 24, func(h *harness) { h.typ("?") }},
		{"paused", "", false, false, 80, 24, func(h *harness) { h.typ("$\n"); h.snap(); h.clock.advance(3 * time.Second); h.typ("p") }},
		{"scrolled", "", false, false, 40, 12, func(h *harness) { h.typ("$\n"); h.typ("G") }},
		{"colour-blind", "colour-blind", false, false, 80, 24, mid},
		{"colour-blind-loss", "colour-blind", false, false, 80, 24, loss},
		{"colour-blind-odds", "colour-blind", false, false, 80, 24, func(h *harness) { mid(h); h.typ("v"); h.waitBoard("░") }},
		{"colour-blind-ascii", "colour-blind", true, false, 80, 24, mid},
		{"theme-mono", "mono", false, false, 80, 24, mid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := fixed(t, nine)
			cfg.Prefs.Theme, cfg.Prefs.ASCII, cfg.Prefs.Mono = tt.theme, tt.ascii, tt.mono
			h := start(t, cfg, tt.w, tt.h)
			tt.drive(h)
			checkGolden(t, tt.name, h.snap().golden(h.th))
		})
	}
}

func isMine(x, y int) bool {
	for _, p := range []board.Point{{X: 1, Y: 1}, {X: 4, Y: 3}, {X: 7, Y: 5}, {X: 2, Y: 6}, {X: 0, Y: 8}, {X: 8, Y: 8}} {
		if p.X == x && p.Y == y {
			return true
		}
	}
	return false
}

// mid opens the top-right corner, flags a mine, puts a question mark and
// leaves the cursor on a closed cell, five seconds in.
func mid(h *harness) {
	h.typ("$\n")
	h.snap()
	h.clock.advance(5 * time.Second)
	h.clickCell(board.Point{X: 4, Y: 3}, board.Point{}, tcell.Button2)
	h.clickCell(board.Point{X: 0, Y: 0}, board.Point{}, tcell.Button2)
	h.clickCell(board.Point{X: 0, Y: 0}, board.Point{}, tcell.Button2)
	h.typ("jjjjjjj")
}

// loss flags a mine and a safe cell, then opens a mine.
func loss(h *harness) {
	h.typ("$\n")
	h.snap()
	h.clock.advance(12 * time.Second)
	h.clickCell(board.Point{X: 4, Y: 3}, board.Point{}, tcell.Button2) // right
	h.clickCell(board.Point{X: 0, Y: 0}, board.Point{}, tcell.Button2) // wrong
	h.clickCell(board.Point{X: 7, Y: 5}, board.Point{}, tcell.Button1) // boom
}

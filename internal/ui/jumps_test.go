package ui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// corners is a 9x5 board whose mines are its corners: opening (4,2)
// opens every other cell, a 1 beside each mine.
const corners = `
*.*.....*
.........
.........
.........
*.......*
`

// cornersOpened returns a game of corners with (4,2) opened.
func cornersOpened(t *testing.T) *harness {
	t.Helper()
	cfg := asciiCfg(t, corners)
	cfg.Start.Clicks = []board.Point{{X: 4, Y: 2}}
	return start(t, cfg, 80, 24)
}

// cursorCell returns the board cell the cursor is drawn on, for a board
// that fits the screen.
func cursorCell(t *testing.T, h *harness) (board.Point, screen) {
	t.Helper()
	sc := h.snap()
	x, y, ok := sc.cursor(h.th)
	fx, fy, fok := sc.frame()
	if !ok || !fok {
		t.Fatalf("no cursor or frame on screen:\n%s", sc)
	}
	return board.Point{X: (x - fx - 1) / cellW, Y: y - fy - 1}, sc
}

// TestJumpsAndCounts types keys from the top-left corner of corners,
// opened, and checks where the cursor goes and what the footer says.
func TestJumpsAndCounts(t *testing.T) {
	tests := []struct {
		name string
		keys string // typed after going to (0,0); '\t' is Tab, '\x1b' Esc, '\x02' Backtab
		want board.Point
		foot string // a part of the footer, "" for no check
	}{
		{"right past open ground", "W", board.Point{X: 8, Y: 0}, ""},
		{"right and back", "WB", board.Point{X: 2, Y: 0}, ""},
		{"down", "}", board.Point{X: 0, Y: 4}, ""},
		{"down and up", "}{", board.Point{X: 0, Y: 0}, ""},
		{"nothing that way", "B", board.Point{X: 0, Y: 0}, "no closed cell that way"},
		{"twice: the second finds nothing", "2W", board.Point{X: 8, Y: 0}, "no closed cell that way"},
		{"from open ground", "lllW", board.Point{X: 8, Y: 0}, ""},
		{"past a flag", "WfBW", board.Point{X: 2, Y: 0}, "no closed cell that way"},
		{"next number", "]", board.Point{X: 3, Y: 0}, ""},
		{"next number twice", "]]", board.Point{X: 7, Y: 0}, ""},
		{"counted numbers", "3]", board.Point{X: 0, Y: 1}, ""},
		{"Tab", "\t", board.Point{X: 3, Y: 0}, ""},
		{"previous number, round the board", "[", board.Point{X: 7, Y: 4}, ""},
		{"Backtab", "\x02", board.Point{X: 7, Y: 4}, ""},
		{"numbers by a flagged mine are done", "llf0]", board.Point{X: 7, Y: 0}, ""},
		{"count", "3l", board.Point{X: 3, Y: 0}, ""},
		{"count with zero", "10l", board.Point{X: 8, Y: 0}, ""},
		{"count clamped", "99999999l", board.Point{X: 8, Y: 0}, ""},
		{"count down", "2j", board.Point{X: 0, Y: 2}, ""},
		{"count with an arrow", "4\x1c", board.Point{X: 4, Y: 0}, ""},
		{"count of five-cell moves", "2L", board.Point{X: 8, Y: 0}, ""},
		{"zero alone is the first column", "$0", board.Point{X: 0, Y: 0}, ""},
		{"count then first column", "$30", board.Point{X: 8, Y: 0}, "count 30"},
		{"count pending", "12", board.Point{X: 0, Y: 0}, "count 12"},
		{"Esc drops the count", "5\x1bl", board.Point{X: 1, Y: 0}, ""},
		{"another key drops the count", "5xl", board.Point{X: 1, Y: 0}, ""},
		{"a count does not repeat a flag", "3fl", board.Point{X: 1, Y: 0}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := cornersOpened(t)
			h.typ("0g")
			for _, r := range tt.keys {
				switch r {
				case '\t':
					h.key(tcell.KeyTab, tcell.ModNone)
				case '\x02':
					h.key(tcell.KeyBacktab, tcell.ModNone)
				case '\x1b':
					h.key(tcell.KeyEsc, tcell.ModNone)
				case '\x1c':
					h.key(tcell.KeyRight, tcell.ModNone)
				default:
					h.typ(string(r))
				}
			}
			got, sc := cursorCell(t, h)
			if h.ended() {
				t.Fatalf("keys %q ended the game", tt.keys)
			}
			if got != tt.want {
				t.Errorf("keys %q: cursor at %v; want %v\n%s", tt.keys, got, tt.want, sc)
			}
			foot := sc.footer()
			if tt.foot != "" && !strings.Contains(foot, tt.foot) {
				t.Errorf("keys %q: footer %q; want it to say %q", tt.keys, foot, tt.foot)
			}
			if tt.foot == "" && strings.Contains(foot, "count") {
				t.Errorf("keys %q: footer %q still shows a count", tt.keys, foot)
			}
		})
	}
}

// TestCountFlagsOnce checks that a count before f is dropped: "3f" puts
// one flag, not three marks round the cycle.
func TestCountFlagsOnce(t *testing.T) {
	h := cornersOpened(t)
	h.typ("0g3f")
	sc := h.snap()
	if got := sc.boardRows()[0][:1]; got != "F" {
		t.Errorf("after 3f the corner shows %q; want F\n%s", got, sc)
	}
}

package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// Where a mouse report is made.
const (
	atCell   = iota // on a board cell
	atState         // on the header's state
	atFrame         // on the frame's left side, beside the board's first row
	atHeader        // on the header's first column
	atFar           // at the screen's right edge, far from the board
)

// report is one mouse report, as a terminal sends it: the buttons down,
// none for a release.
type report struct {
	where int
	p     board.Point // the cell, atCell
	btn   tcell.ButtonMask
}

// on returns a report of btn on the board cell (x, y).
func on(x, y int, btn tcell.ButtonMask) report {
	return report{where: atCell, p: board.Point{X: x, Y: y}, btn: btn}
}

// onState returns a report of btn on the header's state.
func onState(btn tcell.ButtonMask) report { return report{where: atState, btn: btn} }

// Screen positions off the board: the frame's left side beside the
// board's first row, the header's first column, and far to the right.
var (
	onFrame  = func(btn tcell.ButtonMask) report { return report{where: atFrame, btn: btn} }
	onHeader = func(btn tcell.ButtonMask) report { return report{where: atHeader, btn: btn} }
	offRight = func(btn tcell.ButtonMask) report { return report{where: atFar, btn: btn} }
)

// inject sends r to the game.
func (h *harness) inject(r report) {
	h.t.Helper()
	var x, y int
	switch r.where {
	case atCell:
		x, y = h.cellPos(r.p, board.Point{})
	case atState:
		sc := h.snap()
		line := sc.header()
		i := strings.Index(line, "[ ")
		if i < 0 {
			h.t.Fatalf("no state in the header %q", line)
		}
		x, y = len([]rune(line[:i]))+2, sc.headerY()
	case atFrame:
		fx, fy, _ := h.snap().frame()
		x, y = fx, fy+1
	case atHeader:
		sc := h.snap()
		line := sc.header()
		x, y = len(line)-len(strings.TrimLeft(line, " ")), sc.headerY()
	case atFar:
		sw, _ := h.s.Size()
		_, fy, _ := h.snap().frame()
		x, y = sw-1, fy+1
	}
	h.s.InjectMouse(x, y, r.btn, tcell.ModNone)
}

// pt returns the board cell (x, y).
func pt(x, y int) board.Point { return board.Point{X: x, Y: y} }

// around returns the cells of the 3x3 neighbourhood of p in a w by h
// board.
func around(p board.Point, w, h int) []board.Point {
	var ps []board.Point
	for y := max(p.Y-1, 0); y <= min(p.Y+1, h-1); y++ {
		for x := max(p.X-1, 0); x <= min(p.X+1, w-1); x++ {
			ps = append(ps, pt(x, y))
		}
	}
	return ps
}

// mouseStep is some mouse reports and how the game looks after them.
type mouseStep struct {
	reports []report
	rows    []string      // the board, one character a cell
	pressed []board.Point // the cells drawn as an open zero though closed
	cursor  board.Point
	header  string // the end of the header line
}

// The small board's looks with Unicode glyphs: closed, flooded from the
// top-right corner, and so with a flag on (3,3), and won.
var (
	allClosed  = []string{"░░░░░", "░░░░░", "░░░░░", "░░░░░"}
	flooded    = []string{"░1   ", "11   ", "  111", "  1░░"}
	flagged33  = []string{"░1   ", "11   ", "  111", "  1⚑░"}
	smallWon   = []string{"⚑1   ", "11   ", "  111", "  1⚑1"}
	seed42     = "5x4, seed 42"
	playing    = "[ playing ]  " + seed42
	flagAt33   = []report{on(3, 3, tcell.Button2), on(3, 3, tcell.ButtonNone)}
	floodFirst = "$\n"
)

// TestMouseGestures drives the mouse as players know it through the real
// loop: a press shows the cell pressed, a drag moves the press, a release
// opens, a release off the board cancels; left and right together, or the
// middle button, show the 3x3 pressed and chord on release; the right
// button marks at once; the header's state starts a new game on release.
func TestMouseGestures(t *testing.T) {
	b1, b2, b3, none := tcell.Button1, tcell.Button2, tcell.Button3, tcell.ButtonNone
	won := "[ You win ]  " + seed42
	tests := []struct {
		name   string
		keys   string      // typed first
		before []report    // reported first, unchecked
		steps  []mouseStep // reported in turn, each checked
	}{
		{"press shows, release opens", "", nil, []mouseStep{
			{[]report{on(4, 0, b1)}, []string{"░░░░ ", "░░░░░", "░░░░░", "░░░░░"}, []board.Point{pt(4, 0)}, pt(4, 0), playing},
			{[]report{on(4, 0, none)}, flooded, nil, pt(4, 0), playing},
		}},
		{"drag off the board cancels", "", nil, []mouseStep{
			{[]report{on(4, 0, b1)}, []string{"░░░░ ", "░░░░░", "░░░░░", "░░░░░"}, []board.Point{pt(4, 0)}, pt(4, 0), playing},
			{[]report{onFrame(b1)}, allClosed, nil, pt(4, 0), playing},
			{[]report{onFrame(none)}, allClosed, nil, pt(4, 0), playing},
		}},
		{"release over the header cancels", "", nil, []mouseStep{
			{[]report{on(4, 0, b1), onHeader(b1), onHeader(none)}, allClosed, nil, pt(4, 0), playing},
		}},
		{"drag to another cell opens that one", "", nil, []mouseStep{
			{[]report{on(0, 0, b1)}, []string{" ░░░░", "░░░░░", "░░░░░", "░░░░░"}, []board.Point{pt(0, 0)}, pt(0, 0), playing},
			{[]report{on(1, 0, b1), on(2, 0, b1), on(4, 0, b1)}, []string{"░░░░ ", "░░░░░", "░░░░░", "░░░░░"}, []board.Point{pt(4, 0)}, pt(4, 0), playing},
			{[]report{on(4, 0, none)}, flooded, nil, pt(4, 0), playing},
		}},
		{"drag off and back opens", "", nil, []mouseStep{
			{[]report{on(4, 0, b1), offRight(b1), on(4, 0, b1)}, []string{"░░░░ ", "░░░░░", "░░░░░", "░░░░░"}, []board.Point{pt(4, 0)}, pt(4, 0), playing},
			{[]report{on(4, 0, none)}, flooded, nil, pt(4, 0), playing},
		}},
		{"a press on an open number shows nothing, its release chords", floodFirst, flagAt33, []mouseStep{
			{[]report{on(4, 2, b1)}, flagged33, nil, pt(4, 2), "[ playing ]  " + seed42},
			{[]report{on(4, 2, none)}, smallWon, nil, pt(4, 2), won},
		}},
		{"left then right chords, as terminals report them", floodFirst, flagAt33, []mouseStep{
			{[]report{on(4, 2, b1), on(4, 2, b2)}, []string{"░1   ", "11   ", "  111", "  1⚑ "}, []board.Point{pt(4, 3)}, pt(4, 2), playing},
			{[]report{on(4, 2, none), on(4, 2, none)}, smallWon, nil, pt(4, 2), won},
		}},
		{"left and right in one report chord", floodFirst, flagAt33, []mouseStep{
			{[]report{on(4, 2, b1|b2)}, []string{"░1   ", "11   ", "  111", "  1⚑ "}, []board.Point{pt(4, 3)}, pt(4, 2), playing},
			{[]report{on(4, 2, none)}, smallWon, nil, pt(4, 2), won},
		}},
		{"right then left chords", floodFirst, flagAt33, []mouseStep{
			{[]report{on(4, 2, b2)}, flagged33, nil, pt(4, 2), playing},
			{[]report{on(4, 2, b1)}, []string{"░1   ", "11   ", "  111", "  1⚑ "}, []board.Point{pt(4, 3)}, pt(4, 2), playing},
			{[]report{on(4, 2, none)}, smallWon, nil, pt(4, 2), won},
		}},
		{"a chord dragged off cancels", floodFirst, flagAt33, []mouseStep{
			{[]report{on(4, 2, b1|b2), offRight(b1)}, flagged33, nil, pt(4, 2), playing},
			{[]report{offRight(none)}, flagged33, nil, pt(4, 2), playing},
		}},
		{"a chord dragged along moves the 3x3", "", nil, []mouseStep{
			{[]report{on(1, 1, b3), on(3, 2, b3)}, []string{"░░░░░", "░░   ", "░░   ", "░░   "}, around(pt(3, 2), 5, 4), pt(3, 2), playing},
			{[]report{on(3, 2, none)}, allClosed, nil, pt(3, 2), playing},
		}},
		{"a chord press shows the 3x3, its release on a closed cell does nothing", "", nil, []mouseStep{
			{[]report{on(1, 1, b3)}, []string{"   ░░", "   ░░", "   ░░", "░░░░░"}, around(pt(1, 1), 5, 4), pt(1, 1), playing},
			{[]report{on(1, 1, none)}, allClosed, nil, pt(1, 1), playing},
		}},
		{"middle click chords", floodFirst, flagAt33, []mouseStep{
			{[]report{on(4, 2, b3)}, []string{"░1   ", "11   ", "  111", "  1⚑ "}, []board.Point{pt(4, 3)}, pt(4, 2), playing},
			{[]report{on(4, 2, none)}, smallWon, nil, pt(4, 2), won},
		}},
		{"right click flags on the press", "", nil, []mouseStep{
			{[]report{on(0, 0, b2)}, []string{"⚑░░░░", "░░░░░", "░░░░░", "░░░░░"}, nil, pt(0, 0), "Mines 1/2  Time 0  " + playing},
			{[]report{on(0, 0, none)}, []string{"⚑░░░░", "░░░░░", "░░░░░", "░░░░░"}, nil, pt(0, 0), "Mines 1/2  Time 0  " + playing},
		}},
		{"right press then left keeps the flag and opens nothing", "", nil, []mouseStep{
			{[]report{on(0, 0, b2), on(0, 0, b1)}, []string{"⚑ ░░░", "  ░░░", "░░░░░", "░░░░░"}, []board.Point{pt(1, 0), pt(0, 1), pt(1, 1)}, pt(0, 0), "Mines 1/2  Time 0  " + playing},
			{[]report{on(0, 0, none)}, []string{"⚑░░░░", "░░░░░", "░░░░░", "░░░░░"}, nil, pt(0, 0), "Mines 1/2  Time 0  " + playing},
		}},
		{"right press joining the left does not flag", "", nil, []mouseStep{
			{[]report{on(0, 0, b1), on(0, 0, b2)}, []string{"  ░░░", "  ░░░", "░░░░░", "░░░░░"}, around(pt(0, 0), 5, 4), pt(0, 0), "Mines 2/2  Time 0  " + playing},
			{[]report{on(0, 0, none)}, allClosed, nil, pt(0, 0), "Mines 2/2  Time 0  " + playing},
		}},
		{"the state starts a new game on release", floodFirst, nil, []mouseStep{
			{[]report{onState(b1)}, flooded, nil, pt(4, 0), playing},
			{[]report{onState(none)}, flooded, nil, pt(4, 0), playing}, // asks: the game is at stake
			{[]report{onState(b1), onState(none)}, allClosed, nil, pt(4, 0), fmt.Sprintf("seed %d", play.NextSeed(42))},
		}},
		{"a press on the state released off it does nothing", floodFirst, nil, []mouseStep{
			{[]report{onState(b1), offRight(b1), offRight(none)}, flooded, nil, pt(4, 0), playing},
		}},
		{"a press on the board released on the state does nothing", "", nil, []mouseStep{
			{[]report{on(4, 0, b1), onState(b1), onState(none)}, allClosed, nil, pt(4, 0), playing},
		}},
		{"a press closes the help and its release does nothing", "?", nil, []mouseStep{
			{[]report{on(4, 0, b1)}, allClosed, nil, pt(0, 0), playing},
			{[]report{on(4, 0, none)}, allClosed, nil, pt(0, 0), playing},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := fixed(t, small)
			h := start(t, cfg, 80, 24)
			h.typ(tt.keys)
			for _, r := range tt.before {
				h.inject(r)
			}
			for i, st := range tt.steps {
				for _, r := range st.reports {
					h.inject(r)
				}
				sc := h.snap()
				if got := sc.boardRows(); !slices.Equal(got, st.rows) {
					t.Errorf("step %d: board rows = %q; want %q\n%s", i, got, st.rows, sc)
				}
				checkPressed(t, i, sc, h.th, st.pressed)
				if x, y, ok := sc.cursor(h.th); !ok || pt(x, y) != pt(sc.at(st.cursor)) {
					t.Errorf("step %d: cursor drawn at (%d,%d) %v; want on cell %v", i, x, y, ok, st.cursor)
				}
				if got := sc.header(); !strings.HasSuffix(got, st.header) {
					t.Errorf("step %d: header = %q; want it to end %q", i, got, st.header)
				}
			}
		})
	}
}

// checkPressed checks that the cells pressed, and only they among the
// closed ones, are drawn as an open zero would be, cursor or not.
func checkPressed(t *testing.T, step int, sc screen, th *theme.Theme, pressed []board.Point) {
	t.Helper()
	_, zero := th.Tile(0)
	for _, p := range pressed {
		x, y := sc.at(p)
		if st := sc.style(x, y); st != zero && st != th.Cursor(zero) {
			t.Errorf("step %d: pressed cell %v drawn in style %q; want %q", step, p, th.StyleNames[st], th.StyleNames[zero])
		}
	}
	_, closed := th.Tile(board.TileClosed)
	for y, row := range sc.boardRows() {
		for x, c := range []rune(row) {
			if c == ' ' && slices.Contains(pressed, pt(x, y)) {
				continue
			}
			sx, sy := sc.at(pt(x, y))
			if st := sc.style(sx, sy); c == '░' && st != closed && st != th.Cursor(closed) {
				t.Errorf("step %d: closed cell %v drawn in style %q; want %q", step, pt(x, y), th.StyleNames[st], th.StyleNames[closed])
			}
		}
	}
}

// TestMousePressStopsAutoPlay checks that a press while the solver plays
// stops it, and only stops it: the release opens nothing.
func TestMousePressStopsAutoPlay(t *testing.T) {
	cfg := fixed(t, small)
	holdAnalysis(t, &cfg)
	h := start(t, cfg, 80, 24)
	h.typ("a")
	h.waitFooter("auto-play")
	h.inject(on(4, 0, tcell.Button1))
	sc := h.waitFooter("auto-play stopped")
	if got := sc.boardRows(); !slices.Equal(got, allClosed) {
		t.Errorf("board rows after the press = %q; want %q, none pressed", got, allClosed)
	}
	h.inject(on(4, 0, tcell.ButtonNone))
	sc = h.snap()
	if got := sc.boardRows(); !slices.Equal(got, allClosed) {
		t.Errorf("board rows after the release = %q; want %q\n%s", got, allClosed, sc)
	}
	if got := sc.footer(); !strings.Contains(got, "auto-play stopped") {
		t.Errorf("footer after the release = %q; want auto-play stopped", got)
	}
}

// TestGestureReports checks, without a screen, what the buttons a terminal
// reports mean: a left release opens, a chord release chords, a release
// with nothing held does nothing, and a press begins a gesture.
func TestGestureReports(t *testing.T) {
	lay := newLayout(80, 24, 5, 4, board.Point{}, 0, 0)
	lay.hot = []hotSpot{
		{Y: lay.headerY, X0: 17, X1: 28, Cmd: keys.Command{Act: keys.ActNew}},
		{Y: lay.footerY, X0: 30, X1: 39, Cmd: keys.Command{Act: keys.ActMenu}},
	}
	footer := func(x int, btn tcell.ButtonMask) *tcell.EventMouse {
		return tcell.NewEventMouse(x, lay.footerY, btn, tcell.ModNone)
	}
	cell := func(p board.Point, btn tcell.ButtonMask) *tcell.EventMouse {
		return tcell.NewEventMouse(lay.cellX(p.X), lay.cellY(p.Y), btn, tcell.ModNone)
	}
	state := func(x int, btn tcell.ButtonMask) *tcell.EventMouse {
		return tcell.NewEventMouse(x, lay.headerY, btn, tcell.ModNone)
	}
	b1, b2, b3, none := tcell.Button1, tcell.Button2, tcell.Button3, tcell.ButtonNone
	tests := []struct {
		name   string
		events []*tcell.EventMouse
		want   keys.Command // of the last event
		press  bool         // of the last event
	}{
		{"left press moves", []*tcell.EventMouse{cell(pt(2, 1), b1)}, keys.Command{Act: keys.ActMove, At: pt(2, 1), OnCell: true}, true},
		{"left release opens", []*tcell.EventMouse{cell(pt(2, 1), b1), cell(pt(2, 1), none)}, keys.Command{Act: keys.ActOpen, At: pt(2, 1), OnCell: true}, false},
		{"left drag moves", []*tcell.EventMouse{cell(pt(2, 1), b1), cell(pt(3, 1), b1)}, keys.Command{Act: keys.ActMove, At: pt(3, 1), OnCell: true}, false},
		{"right press marks", []*tcell.EventMouse{cell(pt(2, 1), b2)}, keys.Command{Act: keys.ActMark, At: pt(2, 1), OnCell: true}, true},
		{"right release does nothing", []*tcell.EventMouse{cell(pt(2, 1), b2), cell(pt(2, 1), none)}, keys.Command{}, false},
		{"right joining left moves", []*tcell.EventMouse{cell(pt(2, 1), b1), cell(pt(2, 1), b2)}, keys.Command{Act: keys.ActMove, At: pt(2, 1), OnCell: true}, true},
		{"left and right release chords", []*tcell.EventMouse{cell(pt(2, 1), b1), cell(pt(2, 1), b2), cell(pt(2, 1), none)}, keys.Command{Act: keys.ActChord, At: pt(2, 1), OnCell: true}, false},
		{"a second release does nothing", []*tcell.EventMouse{cell(pt(2, 1), b1|b2), cell(pt(2, 1), none), cell(pt(2, 1), none)}, keys.Command{}, false},
		{"middle release chords", []*tcell.EventMouse{cell(pt(2, 1), b3), cell(pt(2, 1), none)}, keys.Command{Act: keys.ActChord, At: pt(2, 1), OnCell: true}, false},
		{"a drag of one of two buttons keeps the chord", []*tcell.EventMouse{cell(pt(2, 1), b1), cell(pt(2, 1), b2), cell(pt(3, 2), b1), cell(pt(3, 2), none)}, keys.Command{Act: keys.ActChord, At: pt(3, 2), OnCell: true}, false},
		{"release off the board does nothing", []*tcell.EventMouse{cell(pt(2, 1), b1), tcell.NewEventMouse(79, 10, none, tcell.ModNone)}, keys.Command{}, false},
		{"a press off the board is a press", []*tcell.EventMouse{tcell.NewEventMouse(79, 10, b1, tcell.ModNone)}, keys.Command{}, true},
		{"a gesture begun off the board opens nothing", []*tcell.EventMouse{tcell.NewEventMouse(79, 10, b1, tcell.ModNone), cell(pt(2, 1), b1), cell(pt(2, 1), none)}, keys.Command{}, false},
		{"state release starts a new game", []*tcell.EventMouse{state(20, b1), state(21, none)}, keys.Command{Act: keys.ActNew}, false},
		{"right on the state does nothing", []*tcell.EventMouse{state(20, b2), state(20, none)}, keys.Command{}, false},
		{"a footer label's release runs its key", []*tcell.EventMouse{footer(31, b1), footer(38, none)}, keys.Command{Act: keys.ActMenu}, false},
		{"a release off the label pressed does nothing", []*tcell.EventMouse{footer(31, b1), footer(40, none)}, keys.Command{}, false},
		{"a release on another label does nothing", []*tcell.EventMouse{footer(31, b1), state(20, none)}, keys.Command{}, false},
		{"wheel moves, held or not", []*tcell.EventMouse{cell(pt(2, 1), b1), cell(pt(2, 1), tcell.WheelDown)}, keys.Command{Act: keys.ActMove, DY: 1}, false},
		{"the wheel leaves the gesture be", []*tcell.EventMouse{cell(pt(2, 1), b1), cell(pt(2, 1), tcell.WheelUp), cell(pt(2, 1), none)}, keys.Command{Act: keys.ActOpen, At: pt(2, 1), OnCell: true}, false},
	}
	for _, tt := range tests {
		var m gesture
		var got keys.Command
		var press bool
		for _, ev := range tt.events {
			got, press = m.update(ev, lay)
		}
		if got != tt.want || press != tt.press {
			t.Errorf("%s: update = %+v, %v; want %+v, %v", tt.name, got, press, tt.want, tt.press)
		}
	}
}

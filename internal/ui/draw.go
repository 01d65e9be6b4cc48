package ui

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/minesweeper-go/minesweeper/internal/plot"
	"github.com/minesweeper-go/minesweeper/internal/ui/canvas"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/ui/leaders"
	"github.com/minesweeper-go/minesweeper/internal/ui/plotview"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// draw paints one whole frame from the game and view states and the
// layout. It changes nothing but the screen's buffer. It writes every cell
// of the screen rather than clearing it first, so cells that did not change
// stay clean and Show sends only the difference.
func (u *ui) draw(s tcell.Screen, now time.Time) {
	l, th := u.lay, u.th
	// The terminal's own cursor rests on the selected cell, where screen
	// magnifiers and readers follow it; hidden when no cell is shown.
	s.HideCursor()
	if l.tooSmall {
		s.Clear()
		lines := tooSmallLines(l.sw, l.sh, l.needW, l.needH)
		y := (l.sh - len(lines)) / 2
		for i, line := range lines {
			l.putLine(s, y+i, canvas.Span{Text: line, Style: th.Text})
		}
		return
	}
	for y := range l.headerY {
		canvas.Blank(s, 0, l.sw, y)
	}
	u.drawHeader(s, now)
	u.drawFrame(s)
	switch {
	case u.g.Paused():
		u.drawPaused(s, "paused", "p resumes")
	case u.v.overlay != noOverlay && u.rp == nil:
		// What covers the board stops the clock, so it hides the board
		// too: no time to think for free.
		u.drawPaused(s)
	default:
		u.drawBoard(s)
		if c := u.v.cursor; c.X >= l.ox && c.X < l.ox+l.vc && c.Y >= l.oy && c.Y < l.oy+l.vr {
			s.ShowCursor(l.cellX(c.X), l.cellY(c.Y))
		}
	}
	for y := l.footerY + 1; y < l.sh; y++ {
		canvas.Blank(s, 0, l.sw, y)
	}
	u.drawFooter(s)
	if u.v.overlay != noOverlay {
		u.drawHelp(s)
	}
}

// tooSmallLines returns what the screen says when it is sw by sh, smaller
// than the needW by needH the game needs: the longest form of the message
// that fits, wrapped at its spaces onto as many lines as the screen has,
// never cutting a word or the size; none when not even the size fits.
func tooSmallLines(sw, sh, needW, needH int) []string {
	need := fmt.Sprintf("%dx%d", needW, needH)
	for _, msg := range []string{"terminal too small: need " + need, "too small: need " + need, "need " + need, need} {
		if slices.ContainsFunc(strings.Fields(msg), func(w string) bool { return utf8.RuneCountInString(w) > sw }) {
			continue
		}
		if lines := canvas.Wrap(msg, sw, 0); len(lines) <= sh {
			return lines
		}
	}
	return nil
}

// stateText returns the header's word for the game's state and its style.
func (u *ui) stateText() (string, tcell.Style) {
	switch {
	case u.g.Status() == board.Won:
		return "You win", u.th.Win
	case u.g.Status() == board.Lost:
		return "You lose", u.th.Lose
	case u.g.Paused():
		return "paused", u.th.Pause
	case u.rp != nil:
		if st := u.replayState(); st != "" {
			return st, u.th.Pause
		}
	}
	return "playing", u.th.OK
}

// drawHeader draws the header (see headerLine), centred, its state in
// the state's style.
func (u *ui) drawHeader(s tcell.Screen, now time.Time) {
	u.lay.putLine(s, u.lay.headerY, u.headerLine(now, u.lay.sw).Spans()...)
}

// drawFrame draws the frame around the visible board, with arrows on the
// sides beyond which more of the board lies, and blanks the rows it
// spans on either side.
func (u *ui) drawFrame(s tcell.Screen) {
	l, th := u.lay, u.th
	x0, y0 := l.fx, l.fy
	x1, y1 := l.fx+l.vc*cellW+1, l.fy+l.vr+1
	for y := y0; y <= y1; y++ {
		canvas.Blank(s, 0, x0, y)
		canvas.Blank(s, x1+1, l.sw, y)
	}
	th.Box(s, x0, y0, x1, y1)
	if u.g.Paused() {
		return
	}
	// Arrows on the sides beyond which more of the board lies.
	bw, bh := u.g.Board().Width(), u.g.Board().Height()
	midX, midY := (x0+x1)/2, (y0+y1)/2
	if l.oy > 0 {
		s.Put(midX, y0, th.Up, th.Bold)
	}
	if l.oy+l.vr < bh {
		s.Put(midX, y1, th.Down, th.Bold)
	}
	if l.ox > 0 {
		s.Put(x0, midY, th.Left, th.Bold)
	}
	if l.ox+l.vc < bw {
		s.Put(x1, midY, th.Right, th.Bold)
	}
}

func (u *ui) drawBoard(s tcell.Screen) {
	l, th, b := u.lay, u.th, u.g.Board()
	odds := u.oddsShown()
	start, atStart := u.g.StartCell()
	for y := l.oy; y < l.oy+l.vr; y++ {
		sy := l.cellY(y)
		for x := l.ox; x < l.ox+l.vc; x++ {
			p := board.Point{X: x, Y: y}
			tl := b.Tile(p)
			gl, st := th.Tile(tl)
			if atStart && p == start && tl == board.TileClosed {
				gl = th.Start // where a daily board opens
			}
			if odds != nil && (tl == board.TileClosed || tl == board.TileQuestion) {
				safe, mine := odds.Certain(p)
				gl, st = th.Odds(odds.Prob(p), safe, mine, (x+y)%2 == 1)
			}
			if u.pressed(p, tl) {
				gl, st = th.Tile(0) // held down by the mouse: as an open zero
			}
			if x == u.v.cursor.X && y == u.v.cursor.Y {
				st = th.Cursor(st)
			}
			sx := l.cellX(x)
			s.Put(sx, sy, gl[0], st)
			s.Put(sx+1, sy, gl[1], st)
		}
	}
}

// drawPaused hides the board behind lines of text, centred.
func (u *ui) drawPaused(s tcell.Screen, lines ...string) {
	l := u.lay
	inner := l.vc * cellW
	for y := l.fy + 1; y <= l.fy+l.vr; y++ {
		canvas.Blank(s, l.fx+1, l.fx+1+inner, y)
	}
	y := l.fy + 1 + max((l.vr-len(lines))/2, 0)
	for i, line := range lines {
		if i >= l.vr {
			break
		}
		canvas.PutText(s, l.fx+1+max((inner-len(line))/2, 0), y+i, l.fx+1+inner, line, u.th.Pause)
	}
}

// drawFooter draws the footer (see footerLine) and, on the line below
// when there is one, a finished game's numbers or the live counters (see
// numbersLine). No label is cut.
func (u *ui) drawFooter(s tcell.Screen) {
	l, y := u.lay, u.lay.footerY
	if y >= l.sh {
		return
	}
	l.putLine(s, y, u.footerLine(l.sw).Spans()...)
	if y+1 < l.sh {
		l.putLine(s, y+1, u.numbersLine(u.now(), l.sw).Spans()...)
	}
}

// footerKeys returns the key rows the footer offers: the next steps once
// a game is over, else those of keys.
func (u *ui) footerKeys() []keys.Row {
	if u.rp != nil || u.g.Status() == board.Playing {
		return u.keys()
	}
	var rows []keys.Row
	for i, a := range append(keys.EndActions, keys.ActQuit, keys.ActHelp) {
		for _, r := range u.keyset.Rows() {
			if r.Label != "" && r.Act() == a {
				r.Prio = i + 1
				if a == keys.ActQuit || a == keys.ActHelp {
					r.Prio = i - 6 // first: never dropped
				}
				rows = append(rows, r)
			}
		}
	}
	return rows
}

// helpLines returns the help overlay's text.
func (u *ui) helpLines() []string { return keys.HelpText(u.keys(), u.cfg.keyMode()) }

// helpBox is where the overlay goes on the screen, and its lines wrapped
// to the box's width: every line can be read, scrolled into view when the
// box is too short for them all.
type helpBox struct {
	x0, y0, w, h int
	rows         []helpRow
}

// helpRow is one row of the overlay's text; the rows of a heading are
// bold, a plot's row is drawn in its spans.
type helpRow struct {
	text  string
	bold  bool
	spans []canvas.Span
	line  int // the index of the line it is of
}

// helpBox returns the box of the overlay shown: as wide as its longest
// line and as tall as its rows, up to the screen's size, centred under
// the header, which stays in sight (the options change the game it
// names), or centred on the screen, over the header, when the rows under
// it are too few.
func (u *ui) helpBox() helpBox {
	l := u.lay
	lines := u.overlayLines()
	w := leaders.MaxWidth(lines)
	if u.v.overlay == leadersOverlay {
		w = max(w, u.v.leaders.Width(l.sw, u.cfg.Replay != nil))
	}
	w = min(w+4, l.sw)
	var rows []helpRow
	for i, line := range lines {
		bold := line != "" && !strings.HasPrefix(line, " ")
		if sp, ok := u.v.plots[i]; ok && u.v.overlay == statsOverlay {
			rows = append(rows, helpRow{line, sp == nil && line != "", sp, i}) // a plot is not wrapped
			continue
		}
		if u.v.overlay == leadersOverlay {
			// A table's rows are cut at the box's edge, not wrapped.
			rows = append(rows, helpRow{line, bold, nil, i})
			continue
		}
		for _, r := range canvas.Wrap(line, w-4, hang(line, w-4)) {
			rows = append(rows, helpRow{r, bold, nil, i})
		}
	}
	h := min(len(rows)+2, l.sh)
	y0 := max((l.sh-h)/2, 0)
	if under := l.headerY + 1; h <= l.sh-under {
		y0 = max(y0, under)
	}
	return helpBox{x0: l.centred(w), y0: y0, w: w, h: h, rows: rows}
}

// hang returns the column at which the continuation rows of a help line
// start in a box width columns wide: under the line's description, past
// the spaces after its keys, when that leaves half the width; else two
// columns in from the line's own indent.
func hang(line string, width int) int {
	lead := len(line) - len(strings.TrimLeft(line, " "))
	if i := strings.Index(line[lead:], "  "); i >= 0 {
		names := line[:lead+i]
		rest := line[lead+i:]
		col := utf8.RuneCountInString(names) + len(rest) - len(strings.TrimLeft(rest, " "))
		if col <= width/2 {
			return col
		}
	}
	return lead + 2
}

// shown returns how many rows the box shows, the first shown when the
// view scrolled to helpTop, and whether the first and last say when more
// lies above or below (when the box holds three rows or more).
func (b helpBox) shown(helpTop int) (rows, top int, more bool) {
	rows = max(b.h-2, 0)
	return rows, min(helpTop, max(len(b.rows)-rows, 0)), rows >= 3
}

// lineAt returns the index of the overlay's line drawn at (x, y) when
// the view scrolled to helpTop, if a line is: not on the frame, nor on a
// row that says more lies beyond.
func (b helpBox) lineAt(x, y, helpTop int) (int, bool) {
	rows, top, more := b.shown(helpTop)
	i := y - b.y0 - 1
	if x <= b.x0 || x >= b.x0+b.w-1 || i < 0 || i >= rows || top+i >= len(b.rows) ||
		more && (i == 0 && top > 0 || i == rows-1 && top+rows < len(b.rows)) {
		return 0, false
	}
	return b.rows[top+i].line, true
}

// drawHelp draws the overlay in its box, from the row the view scrolled
// to. When the box holds three rows or more, its first and last say when
// more lies above or below.
func (u *ui) drawHelp(s tcell.Screen) {
	th, b := u.th, u.helpBox()
	x0, y0 := b.x0, b.y0
	x1, y1 := x0+b.w-1, y0+b.h-1
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			ch := " "
			switch {
			case y == y0 && x == x0:
				ch = th.TL
			case y == y0 && x == x1:
				ch = th.TR
			case y == y1 && x == x0:
				ch = th.BL
			case y == y1 && x == x1:
				ch = th.BR
			case y == y0 || y == y1:
				ch = th.H
			case x == x0 || x == x1:
				ch = th.V
			}
			s.Put(x, y, ch, th.Frame)
		}
	}
	rows, top, more := b.shown(u.v.helpTop)
	for i := 0; i < rows && top+i < len(b.rows); i++ {
		row := b.rows[top+i]
		line, st := row.text, th.Text
		if row.bold {
			st = th.Bold
		}
		switch {
		case more && i == 0 && top > 0:
			line, st = canvas.FitWords("  "+th.Up+" more: arrows scroll", b.w-4), th.Bold
		case more && i == rows-1 && top+rows < len(b.rows):
			line, st = canvas.FitWords("  "+th.Down+" more: arrows scroll", b.w-4), th.Bold
		case row.spans != nil:
			plotview.Put(s, x0+2, y0+1+i, x1-1, row.spans)
			continue
		}
		canvas.PutText(s, x0+2, y0+1+i, x1-1, line, st)
	}
}

// scrollHelp scrolls the help by dy rows and reports whether the help is
// too long for its box, and so scrolls at all.
func (u *ui) scrollHelp(dy int) bool {
	b := u.helpBox()
	over := len(b.rows) - max(b.h-2, 0)
	if over <= 0 {
		return false
	}
	u.v.helpTop = clamp(u.v.helpTop+dy, 0, over)
	return true
}

// putLine writes the spans one after the other on row y, centred, and
// blanks the rest of the row.
func (l layout) putLine(s tcell.Screen, y int, spans ...canvas.Span) {
	n := 0
	for _, sp := range spans {
		n += utf8.RuneCountInString(sp.Text)
	}
	x := l.centred(n)
	canvas.Blank(s, 0, x, y)
	for _, sp := range spans {
		x = canvas.PutText(s, x, y, l.sw, sp.Text, sp.Style)
	}
	canvas.Blank(s, x, l.sw, y)
}

// overlayLines returns the lines of the overlay shown.
func (u *ui) overlayLines() []string {
	switch u.v.overlay {
	case resumeOverlay:
		return u.resumeLines()
	case menuOverlay:
		return u.menu.Lines()
	case statsOverlay:
		return u.v.stats
	case leadersOverlay:
		return u.v.leaders.Lines(u.lay.sw, u.cfg.Replay != nil)
	}
	return u.helpLines()
}

// statsOverlayLines returns the statistics overlay's lines, read from the
// keeper once, when the overlay opens: the frames drawn while it is open
// do not read the history again.
func (u *ui) statsOverlayLines() []string {
	lines := []string{"Statistics: " + u.g.Settings().Name()}
	if u.cfg.Keeper == nil {
		return append(lines, "", "No statistics are kept.")
	}
	lines = append(lines, "")
	st := u.cfg.Keeper.Stats(u.g.Settings())
	for _, l := range st.Lines() {
		lines = append(lines, "  "+l)
	}
	u.v.plots = map[int][]canvas.Span{}
	if !st.Plots.Today.IsZero() { // the plots were read
		for _, r := range plotview.Rows(u.th, plot.Draw(st.Plots, min(u.lay.sw-4, 100), 8, u.th.ASCII)) {
			u.v.plots[len(lines)] = r.Spans
			lines = append(lines, r.Text)
		}
	}
	return append(lines, "", "Any key closes this.")
}

package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// draw paints one whole frame from the game and view states and the
// layout. It changes nothing but the screen's buffer. It writes every cell
// of the screen rather than clearing it first, so cells that did not change
// stay clean and Show sends only the difference.
func (u *ui) draw(s tcell.Screen, now time.Time) {
	l, th := u.lay, u.th
	if l.tooSmall {
		s.Clear()
		msg := fmt.Sprintf("terminal too small: need %dx%d", l.needW, l.needH)
		putText(s, max((l.sw-len(msg))/2, 0), l.sh/2, l.sw, msg, th.sText)
		return
	}
	u.drawHeader(s, now)
	u.drawFrame(s)
	if u.g.paused() {
		u.drawPaused(s)
	} else {
		u.drawBoard(s)
	}
	for y := l.footerY + 1; y < l.sh; y++ {
		blank(s, 0, l.sw, y)
	}
	u.drawFooter(s)
	if u.v.overlay != noOverlay {
		u.drawHelp(s)
	}
}

// stateText returns the header's word for the game's state and its style.
func (u *ui) stateText() (string, tcell.Style) {
	switch {
	case u.g.b.Status() == board.Won:
		return "You win", u.th.sWin
	case u.g.b.Status() == board.Lost:
		return "You lose", u.th.sLose
	case u.g.paused():
		return "paused", u.th.sPause
	case u.rp != nil:
		if st := u.replayState(); st != "" {
			return st, u.th.sPause
		}
	}
	return "playing", u.th.sOK
}

// headerParts returns the header of a screen width columns wide, split
// around the state: the text before it, the state in brackets, and the text
// after it, which drops the seed, then the board, when the line is short.
func (u *ui) headerParts(now time.Time, width int) (before, state, after string) {
	g := u.g
	before = fmt.Sprintf("Mines %d  Time %d  ", g.b.FlagsLeft(), int(g.elapsed(now)/time.Second))
	word, _ := u.stateText()
	state = "[ " + word + " ]"
	mines := "mines"
	if g.b.Mines() == 1 {
		mines = "mine"
	}
	size := fmt.Sprintf("  %dx%d, %d %s", g.b.Width(), g.b.Height(), g.b.Mines(), mines)
	if g.kind.NoGuess && !g.fixed {
		size += ", no-guess"
	}
	if g.assisted {
		size += ", assisted"
	}
	if g.undone {
		size += ", undone"
	}
	origin := fmt.Sprintf(", seed %d", g.seed)
	if g.fixed && g.cfg.Source != "" {
		origin = ", board " + filepath.Base(g.cfg.Source)
	}
	room := width - utf8.RuneCountInString(before) - len(state)
	switch {
	case utf8.RuneCountInString(size+origin) <= room:
		after = size + origin
	case len(size) <= room:
		after = size
	}
	return before, state, after
}

func (u *ui) drawHeader(s tcell.Screen, now time.Time) {
	l := u.lay
	before, state, after := u.headerParts(now, l.sw)
	_, st := u.stateText()
	x := putText(s, 0, l.headerY, l.sw, before, u.th.sText)
	x = putText(s, x, l.headerY, l.sw, state, st)
	x = putText(s, x, l.headerY, l.sw, after, u.th.sText)
	blank(s, x, l.sw, l.headerY)
}

func (u *ui) drawFrame(s tcell.Screen) {
	l, th := u.lay, u.th
	x0, y0 := l.fx, l.fy
	x1, y1 := l.fx+l.vc*cellW+1, l.fy+l.vr+1
	for x := x0 + 1; x < x1; x++ {
		s.Put(x, y0, th.h, th.sFrame)
		s.Put(x, y1, th.h, th.sFrame)
	}
	for y := y0 + 1; y < y1; y++ {
		s.Put(x0, y, th.v, th.sFrame)
		s.Put(x1, y, th.v, th.sFrame)
	}
	for y := y0; y <= y1; y++ {
		blank(s, x1+1, l.sw, y)
	}
	s.Put(x0, y0, th.tl, th.sFrame)
	s.Put(x1, y0, th.tr, th.sFrame)
	s.Put(x1, y1, th.br, th.sFrame)
	s.Put(x0, y1, th.bl, th.sFrame)
	if u.g.paused() {
		return
	}
	// Arrows on the sides beyond which more of the board lies.
	bw, bh := u.g.b.Width(), u.g.b.Height()
	midX, midY := (x0+x1)/2, (y0+y1)/2
	if l.oy > 0 {
		s.Put(midX, y0, th.up, th.sBold)
	}
	if l.oy+l.vr < bh {
		s.Put(midX, y1, th.down, th.sBold)
	}
	if l.ox > 0 {
		s.Put(x0, midY, th.left, th.sBold)
	}
	if l.ox+l.vc < bw {
		s.Put(x1, midY, th.right, th.sBold)
	}
}

func (u *ui) drawBoard(s tcell.Screen) {
	l, th, b := u.lay, u.th, u.g.b
	odds := u.oddsShown()
	for y := l.oy; y < l.oy+l.vr; y++ {
		sy := l.cellY(y)
		for x := l.ox; x < l.ox+l.vc; x++ {
			p := board.Point{X: x, Y: y}
			tl := b.Tile(p)
			gl, st := th.tile(tl)
			if odds != nil && (tl == board.TileClosed || tl == board.TileQuestion) {
				safe, mine := odds.Certain(p)
				gl, st = th.odds(odds.Prob(p), safe, mine, (x+y)%2 == 1)
			}
			if u.pressed(p, tl) {
				gl, st = th.tile(0) // held down by the mouse: as an open zero
			}
			if x == u.v.cursor.X && y == u.v.cursor.Y {
				st = th.cursor(st)
			}
			sx := l.cellX(x)
			s.Put(sx, sy, gl[0], st)
			s.Put(sx+1, sy, gl[1], st)
		}
	}
}

func (u *ui) drawPaused(s tcell.Screen) {
	l := u.lay
	lines := []string{"paused", "p resumes"}
	inner := l.vc * cellW
	for y := l.fy + 1; y <= l.fy+l.vr; y++ {
		blank(s, l.fx+1, l.fx+1+inner, y)
	}
	y := l.fy + 1 + max((l.vr-len(lines))/2, 0)
	for i, line := range lines {
		if i >= l.vr {
			break
		}
		putText(s, l.fx+1+max((inner-len(line))/2, 0), y+i, l.fx+1+inner, line, u.th.sPause)
	}
}

// drawFooter draws the footer: the labels of keyTable that fit, or a
// message and the help's label. Neither is cut within a word.
func (u *ui) drawFooter(s tcell.Screen) {
	l, b, y := u.lay, u.g.b, u.lay.footerY
	if y >= l.sh {
		return
	}
	var msg string
	switch {
	case u.laying:
		msg = fmt.Sprintf("laying %d mines on %dx%d...", b.Mines(), b.Width(), b.Height())
	case u.thinking(u.cfg.Now()):
		msg = "thinking..."
	case u.v.message != "":
		msg = u.v.message
	case b.Status() != board.Playing:
		msg = u.g.verdict()
	case l.scrolled(b.Width(), b.Height()):
		msg = fmt.Sprintf("cols %d-%d of %d, rows %d-%d of %d",
			l.ox+1, l.ox+l.vc, b.Width(), l.oy+1, l.oy+l.vr, b.Height())
	}
	x, width := 0, l.sw
	if msg == "" && u.rp != nil {
		place := u.replayPlace()
		if len(place)+len(footerSep)+len(labelOf(actHelp)) <= l.sw {
			x = putText(s, x, y, l.sw, place+footerSep, u.th.sText)
			width -= x
		}
	}
	if msg == "" {
		for i, r := range footerRows(u.keys(), width) {
			if i > 0 {
				x = putText(s, x, y, l.sw, footerSep, tcell.StyleDefault)
			}
			st := u.th.sText
			if r.act() == actHelp {
				st = u.th.sBold
			}
			x = putText(s, x, y, l.sw, r.label, st)
		}
	} else {
		hint := labelOf(actHelp)
		msg = fitWords(msg, l.sw-len(footerSep)-utf8.RuneCountInString(hint))
		x = putText(s, x, y, l.sw, msg, u.th.sText)
		if x+len(footerSep)+utf8.RuneCountInString(hint) <= l.sw {
			if x > 0 {
				x = putText(s, x, y, l.sw, footerSep, tcell.StyleDefault)
			}
			x = putText(s, x, y, l.sw, hint, u.th.sBold)
		}
	}
	blank(s, x, l.sw, y)
	// A finished game's numbers go on the line below, when there is one.
	if b.Status() != board.Playing && y+1 < l.sh {
		putText(s, 0, y+1, l.sw, fitWords(u.g.numbers(u.now()), l.sw), u.th.sText)
	}
}

// fitWords returns text, or as many of its words as fit in width columns.
func fitWords(text string, width int) string {
	if utf8.RuneCountInString(text) <= width {
		return text
	}
	cut := ""
	for i, r := range text {
		if i > 0 && r == ' ' && utf8.RuneCountInString(text[:i]) <= width {
			cut = strings.TrimRight(text[:i], " ")
		}
	}
	return cut
}

// helpLines returns the help overlay's text.
func (u *ui) helpLines() []string { return helpText(u.keys(), u.cfg) }

func (u *ui) drawHelp(s tcell.Screen) {
	l, th := u.lay, u.th
	lines := u.overlayLines()
	w := 0
	for _, line := range lines {
		w = max(w, utf8.RuneCountInString(line))
	}
	w = min(w+4, l.sw)
	h := min(len(lines)+2, l.sh)
	x0, y0 := max((l.sw-w)/2, 0), max((l.sh-h)/2, 0)
	x1, y1 := x0+w-1, y0+h-1
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			ch := " "
			switch {
			case y == y0 && x == x0:
				ch = th.tl
			case y == y0 && x == x1:
				ch = th.tr
			case y == y1 && x == x0:
				ch = th.bl
			case y == y1 && x == x1:
				ch = th.br
			case y == y0 || y == y1:
				ch = th.h
			case x == x0 || x == x1:
				ch = th.v
			}
			s.Put(x, y, ch, th.sFrame)
		}
	}
	rows := max(h-2, 0)
	top := min(u.v.helpTop, max(len(lines)-rows, 0))
	for i, line := range lines[top:] {
		y := y0 + 1 + i
		if y >= y1 {
			break
		}
		st := th.sText
		if line != "" && !strings.HasPrefix(line, " ") {
			st = th.sBold
		}
		if i == rows-1 && top+rows < len(lines) {
			line, st = "  "+th.down+" more: arrows scroll", th.sBold
		}
		if i == 0 && top > 0 {
			line, st = "  "+th.up+" more: arrows scroll", th.sBold
		}
		putText(s, x0+2, y, x1-1, line, st)
	}
}

// scrollHelp scrolls the help by dy lines and reports whether the help is
// too long for the screen, and so scrolls at all.
func (u *ui) scrollHelp(dy int) bool {
	lines := u.overlayLines()
	rows := max(min(len(lines)+2, u.lay.sh)-2, 0)
	over := len(lines) - rows
	if over <= 0 {
		return false
	}
	u.v.helpTop = clamp(u.v.helpTop+dy, 0, over)
	return true
}

// blank writes spaces in the default style on row y from column x0 up to
// column x1 (exclusive).
func blank(s tcell.Screen, x0, x1, y int) {
	for x := x0; x < x1; x++ {
		s.Put(x, y, " ", tcell.StyleDefault)
	}
}

// putText writes text from column x of row y, one column a character, up
// to column maxX (exclusive), and returns the column after the last one
// written.
func putText(s tcell.Screen, x, y, maxX int, text string, st tcell.Style) int {
	for i, r := range text {
		if x >= maxX {
			break
		}
		s.Put(x, y, text[i:i+utf8.RuneLen(r)], st)
		x++
	}
	return x
}

// overlayLines returns the lines of the overlay shown.
func (u *ui) overlayLines() []string {
	switch u.v.overlay {
	case resumeOverlay:
		return u.resumeLines()
	case menuOverlay:
		return u.menuLines()
	case statsOverlay:
	default:
		return u.helpLines()
	}
	lines := []string{"Statistics: " + u.g.kind.String()}
	if u.cfg.Stats == nil {
		return append(lines, "", "No statistics are kept.")
	}
	lines = append(lines, "")
	for _, l := range u.cfg.Stats(u.g.kind) {
		lines = append(lines, "  "+l)
	}
	return append(lines, "", "Any key closes this.")
}

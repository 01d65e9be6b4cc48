package ui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui/canvas"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
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

// headerParts returns the header of a screen width columns wide, split
// around the state: the text before it, the state in brackets, and the text
// after it. When the line is short it drops, in turn, the board (while a
// server's commitment to a daily board is shown), the commitment, the
// seed (or board file), the board, the word "Time", the word "Mines", the mines and time,
// and the spaces in the brackets; the last, no wider than minHeader, is
// returned even when it does not fit.
func (u *ui) headerParts(now time.Time, width int) (before, state, after string) {
	g, b := u.g, u.g.Board()
	left, secs := b.FlagsLeft(), int(g.Elapsed(now)/time.Second)
	word, _ := u.stateText()
	// One count of mines: those left to flag, of all of them.
	count := fmt.Sprintf("%d/%d", left, b.Mines())
	size := fmt.Sprintf("  %dx%d", b.Width(), b.Height())
	fixed := g.Origin() == game.File
	if k := g.Settings(); !fixed && k.Rule != board.Opening {
		size += ", " + k.Rule.String() + " first click"
	}
	if g.Settings().NoGuess && !fixed {
		size += ", no-guess"
	}
	if g.Assisted() {
		size += ", assisted"
	}
	if g.Undone() {
		size += ", undone"
	}
	if g.Restarted() {
		size += ", restarted"
	}
	if w := u.cfg.Watched; w != nil {
		if n := w.Viewers(); n > 0 {
			size += fmt.Sprintf(", %d watching", n)
		}
	}
	origin := fmt.Sprintf(", seed %d", g.Seed())
	committed := "" // the origin with a server's commitment to the daily board
	if u.cfg.SecretSeed && g.Status() == board.Playing {
		origin = "" // shown once the game is over
	}
	if d, ok := g.Daily(); ok {
		origin = ", daily " + d.Date
		committed = origin + u.commitment(d)
	}
	if fixed && g.Source() != "" {
		// The name may come from a replay or a saved game, files the
		// player could have edited: no escape sequence of it is drawn.
		origin = ", board " + userfile.Printable(filepath.Base(g.Source()))
		committed = ""
	}
	if committed == "" {
		committed = origin
	}
	full, wide := fmt.Sprintf("Mines %s  Time %d  ", count, secs), "[ "+word+" ]"
	forms := [][3]string{
		{full, wide, size + committed},
		{full, wide, size + committed}, // or, with a server's commitment, the commitment without the size
		{full, wide, size + origin},
		{full, wide, size},
		{full, wide, ""},
		{fmt.Sprintf("Mines %s  %ds  ", count, secs), wide, ""},
		{fmt.Sprintf("%s  %ds  ", count, secs), wide, ""},
		{"", wide, ""},
		{"", "[" + word + "]", ""},
	}
	if committed != origin {
		forms[1][2] = "  " + strings.TrimPrefix(committed, ", ")
	}
	for _, f := range forms[:len(forms)-1] {
		if utf8.RuneCountInString(f[0]+f[1]+f[2]) <= width {
			return f[0], f[1], f[2]
		}
	}
	f := forms[len(forms)-1]
	return f[0], f[1], f[2]
}

// header returns the header of the layout's screen, as headerParts splits
// it, and the column where it starts, centred.
func (u *ui) header(now time.Time) (x int, before, state, after string) {
	before, state, after = u.headerParts(now, u.lay.sw)
	return u.lay.centred(utf8.RuneCountInString(before + state + after)), before, state, after
}

// drawHeader draws the header, centred, its state in the state's style.
func (u *ui) drawHeader(s tcell.Screen, now time.Time) {
	_, before, state, after := u.header(now)
	_, st := u.stateText()
	u.lay.putLine(s, u.lay.headerY, canvas.Span{Text: before, Style: u.th.Text}, canvas.Span{Text: state, Style: st}, canvas.Span{Text: after, Style: u.th.Text})
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

// drawFooter draws the footer: the labels of the keys that fit, or a
// message and the labels of quit and help, which are always shown. No
// word is cut.
func (u *ui) drawFooter(s tcell.Screen) {
	l, b, y := u.lay, u.g.Board(), u.lay.footerY
	if y >= l.sh {
		return
	}
	var msg string
	switch {
	case u.running(jobLay):
		msg = fmt.Sprintf("laying %d mines on %dx%d...", b.Mines(), b.Width(), b.Height())
	case u.thinking(u.cfg.Now()):
		msg = "thinking..."
	case u.v.count > 0 && u.rp != nil:
		msg = fmt.Sprintf("count %d: g goes to move %[1]d, t to second %[1]d, n to the %[1]dth guess on; Esc drops it", u.v.count)
	case u.v.count > 0:
		msg = fmt.Sprintf("count %d: the next move or jump goes %[1]d times; Esc drops it", u.v.count)
	case u.v.message != "":
		msg = u.v.message
	case l.scrolled(b.Width(), b.Height()):
		msg = fmt.Sprintf("cols %d-%d of %d, rows %d-%d of %d",
			l.ox+1, l.ox+l.vc, b.Width(), l.oy+1, l.oy+l.vr, b.Height())
	}
	var line []canvas.Span
	width := l.sw
	if msg == "" && u.rp != nil {
		place := u.rp.Place(l.sw * 2 / 5)
		if len(place)+len(keys.FooterSep)+len(keys.LabelOf(u.keyset.Rows(), keys.ActHelp)) <= l.sw {
			line = append(line, canvas.Span{Text: place + keys.FooterSep, Style: u.th.Text})
			width -= len(place) + len(keys.FooterSep)
		}
	}
	if msg == "" {
		for i, r := range keys.FooterRows(u.footerKeys(), width) {
			if i > 0 {
				line = append(line, canvas.Span{Text: keys.FooterSep, Style: tcell.StyleDefault})
			}
			st := u.th.Text
			if r.Act() == keys.ActHelp {
				st = u.th.Bold
			}
			line = append(line, canvas.Span{Text: r.Label, Style: st})
		}
	} else {
		// The message gets what the two keys always shown leave it.
		quit, help := keys.LabelOf(u.keyset.Rows(), keys.ActQuit), keys.LabelOf(u.keyset.Rows(), keys.ActHelp)
		always := utf8.RuneCountInString(quit) + len(keys.FooterSep) + utf8.RuneCountInString(help)
		if msg = canvas.FitWords(msg, l.sw-len(keys.FooterSep)-always); msg != "" {
			line = append(line, canvas.Span{Text: msg, Style: u.th.Text}, canvas.Span{Text: keys.FooterSep, Style: tcell.StyleDefault})
		}
		line = append(line, canvas.Span{Text: quit, Style: u.th.Text}, canvas.Span{Text: keys.FooterSep, Style: tcell.StyleDefault}, canvas.Span{Text: help, Style: u.th.Bold})
	}
	l.putLine(s, y, line...)
	// A finished game's numbers go on the line below, when there is one.
	if b.Status() != board.Playing && y+1 < l.sh {
		l.putLine(s, y+1, canvas.Span{Text: u.numbers(u.now(), l.sw), Style: u.th.Text})
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

// numbers returns the line under a finished game's footer, in width
// columns: its numbers (the time to the hundredth; for a win the 3BV, the
// 3BV per second, the clicks and the efficiency), what it counts for, and
// the guesses it forced, as many of their words as fit; then as many of
// the further numbers (see moreNumbers) as fit whole.
func (u *ui) numbers(now time.Time, width int) string {
	// What the game counts for first: it is the word a narrow screen must
	// not cut.
	n := u.g.Numbers(now)
	text := play.NumbersText(n, true)
	if note := u.p.Counts().Note(); note != "" && u.rp == nil {
		text = note + "; " + text
	}
	v := u.g.Verdict().String()
	if u.rp != nil && u.rp.Summary() != "" {
		v = u.rp.Summary() // the analysis's verdicts rather than the audit's
	}
	if v != "" {
		text += "; " + v
	}
	text = canvas.FitWords(text, width)
	sep := "; "
	for _, more := range play.MoreNumbers(n) {
		if utf8.RuneCountInString(text)+len(sep)+utf8.RuneCountInString(more) > width {
			break
		}
		text += sep + more
		sep = ", "
	}
	return text
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

// helpRow is one row of the overlay's text; the rows of a heading are bold.
type helpRow struct {
	text string
	bold bool
}

// helpBox returns the box of the overlay shown: as wide as its longest
// line and as tall as its rows, up to the screen's size, centred.
func (u *ui) helpBox() helpBox {
	l := u.lay
	lines := u.overlayLines()
	w := maxWidth(lines)
	if u.v.overlay == leadersOverlay {
		w = max(w, u.leadersWidth(l.sw))
	}
	w = min(w+4, l.sw)
	var rows []helpRow
	for _, line := range lines {
		bold := line != "" && !strings.HasPrefix(line, " ")
		if u.v.overlay == leadersOverlay {
			// A table's rows are cut at the box's edge, not wrapped.
			rows = append(rows, helpRow{line, bold})
			continue
		}
		for _, r := range canvas.Wrap(line, w-4, hang(line, w-4)) {
			rows = append(rows, helpRow{r, bold})
		}
	}
	h := min(len(rows)+2, l.sh)
	return helpBox{x0: l.centred(w), y0: max((l.sh-h)/2, 0), w: w, h: h, rows: rows}
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
	rows := max(b.h-2, 0)
	top := min(u.v.helpTop, max(len(b.rows)-rows, 0))
	more := rows >= 3
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
		return u.leadersLines(u.lay.sw)
	}
	return u.helpLines()
}

// statsOverlayLines returns the statistics overlay's lines, read from the
// keeper once, when the overlay opens: the frames drawn while it is open
// do not read the history again.
func (u *ui) statsOverlayLines() []string {
	lines := []string{"Statistics: " + u.g.Settings().String()}
	if u.cfg.Keeper == nil {
		return append(lines, "", "No statistics are kept.")
	}
	lines = append(lines, "")
	for _, l := range statsLines(u.cfg.Keeper.Stats(u.g.Settings())) {
		lines = append(lines, "  "+l)
	}
	return append(lines, "", "Any key closes this.")
}

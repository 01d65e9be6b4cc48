package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui/canvas"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// The header, the footer and the line under the board are made of
// labels: a few words a player reads as one ("Mines 6/6", "f flag",
// "cols 1-9 of 30", "no guess forced"), which a line draws whole or leaves
// out, never cut. Each line is built as a labelLine, which says what it
// draws and what it left out for want of room; drawing and the tests read
// the same value.

// part is a run of a line's text: a label, or what separates two.
type part struct {
	text  string
	style tcell.Style
	label bool         // a label, drawn whole; else a separator
	cmd   keys.Command // what a click on the label does; ActNone for nothing
}

// labelLine is a line of labels as the layout chose them for its width.
type labelLine struct {
	parts   []part
	dropped []string // the labels left out for want of room
}

// add appends a label in style st, after sep when the line has a label
// already.
func (ln *labelLine) add(sep, text string, st tcell.Style, cmd keys.Command) {
	if len(ln.parts) > 0 && sep != "" {
		ln.parts = append(ln.parts, part{text: sep, style: tcell.StyleDefault})
	}
	ln.parts = append(ln.parts, part{text: text, style: st, label: true, cmd: cmd})
}

// hotSpots returns where a click on the line, centred on row y of a screen
// sw columns wide, runs a command: its labels that have one.
func (ln labelLine) hotSpots(sw, y int) []hotSpot {
	var spots []hotSpot
	x := max((sw-ln.width())/2, 0)
	for _, p := range ln.parts {
		n := utf8.RuneCountInString(p.text)
		if p.cmd.Act != keys.ActNone {
			spots = append(spots, hotSpot{y: y, x0: x, x1: min(x+n, sw), cmd: p.cmd})
		}
		x += n
	}
	return spots
}

// labels returns the labels the line draws, in order.
func (ln labelLine) labels() []string {
	var out []string
	for _, p := range ln.parts {
		if p.label {
			out = append(out, p.text)
		}
	}
	return out
}

// width returns the columns the line takes.
func (ln labelLine) width() int {
	n := 0
	for _, p := range ln.parts {
		n += utf8.RuneCountInString(p.text)
	}
	return n
}

// spans returns the line as spans to draw.
func (ln labelLine) spans() []canvas.Span {
	sp := make([]canvas.Span, len(ln.parts))
	for i, p := range ln.parts {
		sp[i] = canvas.Span{Text: p.text, Style: p.style}
	}
	return sp
}

// clause is a label and what separates it from the label before it.
type clause struct {
	sep, text string
}

// fitClauses returns the line of the clauses that fit in width columns
// from the first, in style st: the first that does not fit is left out
// with every one after it, so the line reads as the start of the whole.
func fitClauses(clauses []clause, width int, st tcell.Style) labelLine {
	var ln labelLine
	used := 0
	for i, c := range clauses {
		n := utf8.RuneCountInString(c.text)
		if i > 0 && len(ln.parts) > 0 {
			n += utf8.RuneCountInString(c.sep)
		}
		if used+n > width {
			for _, d := range clauses[i:] {
				ln.dropped = append(ln.dropped, d.text)
			}
			break
		}
		ln.add(c.sep, c.text, st, keys.Command{})
		used += n
	}
	return ln
}

// headerForm is the header in one of its forms, narrower the more of its
// labels it leaves out or shortens (see headerLine).
type headerForm struct {
	mines, clock, state string   // "" when left out
	sep                 string   // between the three
	size                []string // the board's size and how it is played: "9x9", "no-guess", "assisted"
	origin, commitment  string   // "seed 42", "daily 2026-01-02"; a server's "sha256 1a2b…"
}

// line returns the form as a line, the state in style st and its labels
// in text.
func (f headerForm) line(text, st tcell.Style) labelLine {
	var ln labelLine
	if f.mines != "" {
		ln.add(f.sep, f.mines, text, keys.Command{})
	}
	if f.clock != "" {
		ln.add(f.sep, f.clock, text, keys.Command{})
	}
	if f.state != "" {
		ln.add(f.sep, f.state, st, keys.Command{Act: keys.ActNew})
	}
	sep := "  "
	for _, s := range append(append([]string(nil), f.size...), f.origin, f.commitment) {
		if s != "" {
			ln.add(sep, s, text, keys.Command{})
			sep = ", "
		}
	}
	return ln
}

// shortState returns the state's word in as few letters as say it.
func shortState(word string) string {
	switch word {
	case "You win":
		return "won"
	case "You lose":
		return "lost"
	}
	return word
}

// headerLine returns the header of a screen width columns wide: the mines
// left of all of them, the time, the state in brackets (a click on it
// starts a new game), then the board's size and how it is played, where it
// came from and a server's commitment to a daily board. When the line is
// short it leaves out, in turn: the size while a commitment is shown, the
// commitment, the origin, the size's labels from the last, the words
// "Time" and "Mines", the spaces in the brackets and between the labels,
// the state's long word, the state, the time and the mines: the mines and
// the time are the last to go.
func (u *ui) headerLine(now time.Time, width int) labelLine {
	g, b := u.g, u.g.Board()
	word, st := u.stateText()
	secs := int(g.Elapsed(now) / time.Second)
	count := fmt.Sprintf("%d/%d", b.FlagsLeft(), b.Mines())
	f := headerForm{
		mines: "Mines " + count, clock: fmt.Sprintf("Time %d", secs), state: "[ " + word + " ]", sep: "  ",
		size: u.sizeLabels(),
	}
	f.origin, f.commitment = u.originLabels()
	full := f.line(u.th.Text, st).labels()
	steps := []func(f *headerForm) bool{
		func(f *headerForm) bool {
			done := f.commitment != "" && len(f.size) > 0
			if done {
				f.size = nil
			}
			return done
		},
		func(f *headerForm) bool { done := f.commitment != ""; f.commitment = ""; return done },
		func(f *headerForm) bool { done := f.origin != ""; f.origin = ""; return done },
		func(f *headerForm) bool {
			done := len(f.size) > 0
			if done {
				f.size = f.size[:len(f.size)-1]
			}
			return done
		},
		func(f *headerForm) bool { f.clock = fmt.Sprintf("%ds", secs); return true },
		func(f *headerForm) bool { f.mines = count; return true },
		func(f *headerForm) bool { f.state = "[" + word + "]"; return true },
		func(f *headerForm) bool { f.sep = " "; return true },
		func(f *headerForm) bool { f.state = "[" + shortState(word) + "]"; return true },
		func(f *headerForm) bool { f.state = ""; return true },
		func(f *headerForm) bool { f.clock = ""; return true },
		func(f *headerForm) bool { f.mines = ""; return true },
	}
	ln := f.line(u.th.Text, st)
	const oneByOne = 3 // the step that leaves out the size's labels, one at a time
	for i := 0; ln.width() > width && i < len(steps); {
		more := steps[i](&f)
		ln = f.line(u.th.Text, st)
		if !more || i != oneByOne {
			i++
		}
	}
	drawn := ln.labels()
	for _, l := range full {
		if !contains(drawn, l) {
			ln.dropped = append(ln.dropped, l)
		}
	}
	return ln
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

// sizeLabels returns the header's labels of the board's size and how it
// is played: "9x9", "safe first click", "no-guess", "assisted", "undone",
// "restarted", "2 watching".
func (u *ui) sizeLabels() []string {
	g, b := u.g, u.g.Board()
	size := []string{fmt.Sprintf("%dx%d", b.Width(), b.Height())}
	fixed := g.Origin() == game.File
	if k := g.Settings(); !fixed && k.Rule != board.Opening {
		size = append(size, k.Rule.String()+" first click")
	}
	if g.Settings().NoGuess && !fixed {
		size = append(size, "no-guess")
	}
	if g.Assisted() {
		size = append(size, "assisted")
	}
	if g.Undone() {
		size = append(size, "undone")
	}
	if g.Restarted() {
		size = append(size, "restarted")
	}
	if w := u.cfg.Watched; w != nil {
		if n := w.Viewers(); n > 0 {
			size = append(size, fmt.Sprintf("%d watching", n))
		}
	}
	return size
}

// originLabels returns the header's labels of where the board came from
// ("seed 42", "daily 2026-01-02", "board name.txt"; none for a seed kept
// secret until the end) and of a server's commitment to a daily board.
func (u *ui) originLabels() (origin, commitment string) {
	g := u.g
	origin = fmt.Sprintf("seed %d", g.Seed())
	if u.cfg.SecretSeed && g.Status() == board.Playing {
		origin = "" // shown once the game is over
	}
	if d, ok := g.Daily(); ok {
		origin = "daily " + d.Date
		commitment = strings.TrimPrefix(u.commitment(d), ", ")
	}
	if g.Origin() == game.File && g.Source() != "" {
		// The name may come from a replay or a saved game, files the
		// player could have edited: no escape sequence of it is drawn.
		origin, commitment = "board "+userfile.Printable(filepath.Base(g.Source())), ""
	}
	return origin, commitment
}

// footerMessage returns the footer's message as clauses, if it has one:
// the laying, the solver thinking, a count typed, a message, or where the
// view of a scrolled board is.
func (u *ui) footerMessage() []clause {
	l, b := u.lay, u.g.Board()
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
		// Where the view is, in the direction it scrolls: "cols 1-9 of
		// 9" would say nothing.
		var cs []clause
		if l.vc < b.Width() {
			cs = append(cs, clause{"", fmt.Sprintf("cols %d-%d of %d", l.ox+1, l.ox+l.vc, b.Width())})
		}
		if l.vr < b.Height() {
			cs = append(cs, clause{", ", fmt.Sprintf("rows %d-%d of %d", l.oy+1, l.oy+l.vr, b.Height())})
		}
		return cs
	default:
		return nil
	}
	return messageClauses(msg)
}

// messageClauses splits a message into clauses at each "; " and ": ": "the
// game is over: u undo, n new game" is "the game is over" and "u undo, n
// new game", the second left out whole when the line is short.
func messageClauses(msg string) []clause {
	var cs []clause
	sep := ""
	for {
		i, j := strings.Index(msg, "; "), strings.Index(msg, ": ")
		if i < 0 || j >= 0 && j < i {
			i = j
		}
		if i < 0 {
			return append(cs, clause{sep, msg})
		}
		cs = append(cs, clause{sep, msg[:i]})
		sep, msg = msg[i:i+2], msg[i+2:]
	}
}

// footerLine returns the footer of a screen width columns wide: the
// labels of the keys that fit, or a message and the labels of quit and
// help, which are always shown. A click on a key's label runs its key.
func (u *ui) footerLine(width int) labelLine {
	rows := u.keyset.Rows()
	quit, help := keys.LabelOf(rows, keys.ActQuit), keys.LabelOf(rows, keys.ActHelp)
	msg := u.footerMessage()
	var ln labelLine
	if msg != nil {
		// The message gets what the two keys always shown leave it.
		always := utf8.RuneCountInString(quit) + len(keys.FooterSep) + utf8.RuneCountInString(help)
		ln = fitClauses(msg, width-len(keys.FooterSep)-always, u.th.Text)
		ln.add(keys.FooterSep, quit, u.th.Text, keys.Command{Act: keys.ActQuit})
		ln.add(keys.FooterSep, help, u.th.Bold, keys.Command{Act: keys.ActHelp})
		return ln
	}
	if u.rp != nil {
		place := u.rp.Place(width * 2 / 5)
		if utf8.RuneCountInString(place)+len(keys.FooterSep)+utf8.RuneCountInString(help) <= width {
			ln.add("", place, u.th.Text, keys.Command{})
			width -= utf8.RuneCountInString(place) + len(keys.FooterSep)
		} else {
			ln.dropped = append(ln.dropped, place)
		}
	}
	offered := u.footerKeys()
	kept := keys.FooterRows(offered, width)
	for _, r := range kept {
		st := u.th.Text
		if r.Act() == keys.ActHelp {
			st = u.th.Bold
		}
		ln.add(keys.FooterSep, r.Label, st, r.Keys[0].Cmd)
	}
	for _, r := range offered {
		if r.Label != "" && !contains(ln.labels(), r.Label) {
			ln.dropped = append(ln.dropped, r.Label)
		}
	}
	return ln
}

// numbersLine returns the line under the board of a screen width columns
// wide: a finished game's numbers (see numbersClauses), or while the game
// goes on the live counters when they are on; the clauses that fit, from
// the first.
func (u *ui) numbersLine(now time.Time, width int) labelLine {
	if u.g.Status() == board.Playing {
		if !u.cfg.Prefs.Counters || u.rp != nil {
			return labelLine{}
		}
		return fitClauses(u.liveClauses(now), width, u.th.Text)
	}
	return fitClauses(u.numbersClauses(now), width, u.th.Text)
}

// numbersClauses returns the clauses of a finished game's numbers line:
// what it counts for (first: it is the word a narrow screen must keep),
// its numbers (the time to the hundredth; for a win the 3BV, the 3BV per
// second, the clicks and the efficiency), the guesses it forced, then the
// further numbers (see play.MoreNumbers).
func (u *ui) numbersClauses(now time.Time) []clause {
	n := u.g.Numbers(now)
	var cs []clause
	sep := ""
	add := func(text string) { cs = append(cs, clause{sep, text}) }
	if note := u.p.Counts().Note(); note != "" && u.rp == nil {
		add(note)
		sep = "; "
	}
	for i, c := range play.NumbersClauses(n, true) {
		if i > 0 {
			sep = ", "
		}
		add(c)
	}
	sep = "; "
	verdict, vsep := u.g.Verdict().Clauses(), "; "
	if u.rp != nil && len(u.rp.Marks) > 0 {
		verdict, vsep = u.rp.Verdicts(), ", " // the analysis's verdicts rather than the audit's
	}
	for i, c := range verdict {
		if i > 0 {
			sep = vsep
		}
		add(c)
	}
	sep = "; "
	for _, c := range play.MoreNumbers(n) {
		add(c)
		sep = ", "
	}
	return cs
}

// liveClauses returns the live counters of the game in play at now, as
// the end's numbers words them (see soFar): the 3BV solved so far, the
// 3BV per second, the clicks and the efficiency.
func (u *ui) liveClauses(now time.Time) []clause {
	var cs []clause
	for i, c := range play.NumbersClauses(soFar(u.g, now), false) {
		sep := ", "
		if i == 0 {
			sep = ""
		}
		cs = append(cs, clause{sep, c})
	}
	return cs
}

// soFar returns the numbers of the game in play at now as the end's
// numbers would count them were it won now: its clicks as game.Numbers
// counts them, and for its 3BV the 3BV it solved so far (game.Figures'
// Solved, which a lost game's numbers give). The speed and the efficiency
// follow from those as game.Numbers defines them. A board too large for
// its figures to be counted (over game.LayoutCells) has only its clicks.
func soFar(g *game.Game, now time.Time) game.Numbers {
	n := g.Numbers(now)
	solved, ok := g.SolvedSoFar()
	if !ok || solved == 0 {
		return game.Numbers{Time: n.Time, Clicks: n.Clicks, Figures: n.Figures}
	}
	return game.Numbers{Time: n.Time, ThreeBV: solved, Clicks: n.Clicks, Won: true, Figures: n.Figures}
}

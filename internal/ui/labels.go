package ui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/ui/labels"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// headerLine returns the header of a screen width columns wide (see
// labels.Header): the mines left of all of them, the time, the state in
// brackets (a click on it starts a new game), then the board's size and
// how it is played, where it came from and a server's commitment to a
// daily board; the mines and the time are the last to go.
func (u *ui) headerLine(now time.Time, width int) labels.Line {
	g, b := u.g, u.g.Board()
	word, st := u.stateText()
	h := labels.Header{Count: fmt.Sprintf("%d/%d", b.FlagsLeft(), b.Mines()), Secs: int(g.Elapsed(now) / time.Second), Word: word, Size: u.sizeLabels()}
	h.Origin, h.Commitment = u.originLabels()
	return h.Line(width, u.th.Text, st)
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
func (u *ui) footerMessage() []labels.Clause {
	l, b := u.lay, u.g.Board()
	var msg string
	switch {
	case u.running(jobLay):
		msg = fmt.Sprintf("laying %d mines on %dx%d...", b.Mines(), b.Width(), b.Height())
	case u.thinking(u.cfg.Now()):
		msg = "thinking..."
	case u.v.count > 0:
		msg = fmt.Sprintf("count %d: the next move or jump goes %[1]d times; Esc drops it", u.v.count)
	case u.v.message != "":
		msg = u.v.message
	case l.scrolled(b.Width(), b.Height()):
		// Where the view is, in the direction it scrolls: "cols 1-9 of
		// 9" would say nothing.
		var cs []labels.Clause
		if l.vc < b.Width() {
			cs = append(cs, labels.Clause{Sep: "", Text: fmt.Sprintf("cols %d-%d of %d", l.ox+1, l.ox+l.vc, b.Width())})
		}
		if l.vr < b.Height() {
			cs = append(cs, labels.Clause{Sep: ", ", Text: fmt.Sprintf("rows %d-%d of %d", l.oy+1, l.oy+l.vr, b.Height())})
		}
		return cs
	default:
		return nil
	}
	return labels.Message(msg)
}

// footerLine returns the footer of a screen width columns wide: the
// labels of the keys that fit, or a message and the labels of quit and
// help, which are always shown. A click on a key's label runs its key.
func (u *ui) footerLine(width int) labels.Line {
	rows := u.keyset.Rows()
	quit, help := keys.LabelOf(rows, keys.ActQuit), keys.LabelOf(rows, keys.ActHelp)
	msg := u.footerMessage()
	var ln labels.Line
	if msg != nil {
		// The message gets what the two keys always shown leave it.
		always := utf8.RuneCountInString(quit) + len(keys.FooterSep) + utf8.RuneCountInString(help)
		ln = labels.Fit(msg, width-len(keys.FooterSep)-always, u.th.Text)
		ln.Add(keys.FooterSep, quit, u.th.Text, keys.Command{Act: keys.ActQuit})
		ln.Add(keys.FooterSep, help, u.th.Bold, keys.Command{Act: keys.ActHelp})
		return ln
	}
	if u.rp != nil {
		place := u.replayPlace()
		if utf8.RuneCountInString(place)+len(keys.FooterSep)+utf8.RuneCountInString(help) <= width {
			ln.Add("", place, u.th.Text, keys.Command{})
			width -= utf8.RuneCountInString(place) + len(keys.FooterSep)
		} else {
			ln.Dropped = append(ln.Dropped, place)
		}
	}
	offered := u.footerKeys()
	kept := keys.FooterRows(offered, width)
	for _, r := range kept {
		st := u.th.Text
		if r.Act() == keys.ActHelp {
			st = u.th.Bold
		}
		ln.Add(keys.FooterSep, r.Label, st, r.Keys[0].Cmd)
	}
	for _, r := range offered {
		if r.Label != "" && !slices.Contains(ln.Labels(), r.Label) {
			ln.Dropped = append(ln.Dropped, r.Label)
		}
	}
	return ln
}

// numbersLine returns the line under the board of a screen width columns
// wide: a finished game's numbers (see numbersClauses), or while the game
// goes on the live counters when they are on; the clauses that fit, from
// the first.
func (u *ui) numbersLine(now time.Time, width int) labels.Line {
	if u.g.Status() == board.Playing {
		if !u.cfg.Prefs.Counters || u.rp != nil {
			return labels.Line{}
		}
		return labels.Fit(u.liveClauses(now), width, u.th.Text)
	}
	return labels.Fit(u.numbersClauses(now), width, u.th.Text)
}

// numbersClauses returns the clauses of a finished game's numbers line:
// what it counts for (first: it is the word a narrow screen must keep),
// its numbers (the time to the hundredth; for a win the 3BV, the 3BV per
// second, the clicks and the efficiency), the guesses it forced, then the
// further numbers (see play.MoreNumbers).
func (u *ui) numbersClauses(now time.Time) []labels.Clause {
	n := u.g.Numbers(now)
	var cs []labels.Clause
	sep := ""
	add := func(text string) { cs = append(cs, labels.Clause{Sep: sep, Text: text}) }
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
	for _, c := range u.g.Verdict().Clauses() {
		add(c)
	}
	for _, c := range play.MoreNumbers(n) {
		add(c)
		sep = ", "
	}
	return cs
}

// liveClauses returns the live counters of the game in play at now, as
// the end's numbers words them (see soFar): the 3BV solved so far, the
// 3BV per second, the clicks and the efficiency.
func (u *ui) liveClauses(now time.Time) []labels.Clause {
	var cs []labels.Clause
	for i, c := range play.NumbersClauses(soFar(u.g, now), false) {
		sep := ", "
		if i == 0 {
			sep = ""
		}
		cs = append(cs, labels.Clause{Sep: sep, Text: c})
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

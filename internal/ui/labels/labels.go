// Package labels builds the full screen's lines of labels: the header,
// the footer and the line under the board are made of labels, a few words
// a player reads as one ("Mines 6/6", "f flag", "cols 1-9 of 30", "no guess
// forced"), which a line draws whole or leaves out, never cut. A Line says
// what it draws and what it left out for want of room; drawing and the
// tests read the same value.
package labels

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/ui/canvas"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
)

// Part is a run of a line's text: a label, or what separates two.
type Part struct {
	Text  string
	Style tcell.Style
	Label bool         // a label, drawn whole; else a separator
	Cmd   keys.Command // what a click on the label does; ActNone for nothing
}

// Line is a line of labels as the layout chose them for its width.
type Line struct {
	Parts   []Part
	Dropped []string // the labels left out for want of room
}

// Add appends a label in style st, after sep when the line has a label
// already; a click on it runs cmd.
func (ln *Line) Add(sep, text string, st tcell.Style, cmd keys.Command) {
	if len(ln.Parts) > 0 && sep != "" {
		ln.Parts = append(ln.Parts, Part{Text: sep, Style: tcell.StyleDefault})
	}
	ln.Parts = append(ln.Parts, Part{Text: text, Style: st, Label: true, Cmd: cmd})
}

// Spot is where on the screen a click runs a command: columns X0 up to
// X1 of row Y.
type Spot struct {
	Y, X0, X1 int
	Cmd       keys.Command
}

// Spots returns where a click on the line, centred on row y of a screen
// sw columns wide, runs a command: its labels that have one.
func (ln Line) Spots(sw, y int) []Spot {
	var spots []Spot
	x := max((sw-ln.Width())/2, 0)
	for _, p := range ln.Parts {
		n := utf8.RuneCountInString(p.Text)
		if p.Cmd.Act != keys.ActNone {
			spots = append(spots, Spot{Y: y, X0: x, X1: min(x+n, sw), Cmd: p.Cmd})
		}
		x += n
	}
	return spots
}

// Labels returns the labels the line draws, in order.
func (ln Line) Labels() []string {
	var out []string
	for _, p := range ln.Parts {
		if p.Label {
			out = append(out, p.Text)
		}
	}
	return out
}

// Width returns the columns the line takes.
func (ln Line) Width() int {
	n := 0
	for _, p := range ln.Parts {
		n += utf8.RuneCountInString(p.Text)
	}
	return n
}

// Spans returns the line as spans to draw.
func (ln Line) Spans() []canvas.Span {
	sp := make([]canvas.Span, len(ln.Parts))
	for i, p := range ln.Parts {
		sp[i] = canvas.Span{Text: p.Text, Style: p.Style}
	}
	return sp
}

// DropMissing adds to the labels left out those of full the line does not
// draw.
func (ln *Line) DropMissing(full []string) {
	drawn := ln.Labels()
	for _, l := range full {
		if !slices.Contains(drawn, l) {
			ln.Dropped = append(ln.Dropped, l)
		}
	}
}

// Clause is a label and what separates it from the label before it.
type Clause struct {
	Sep, Text string
}

// Fit returns the line of the clauses that fit in width columns from the
// first, in style st: the first that does not fit is left out with every
// one after it, so the line reads as the start of the whole.
func Fit(clauses []Clause, width int, st tcell.Style) Line {
	var ln Line
	used := 0
	for i, c := range clauses {
		n := utf8.RuneCountInString(c.Text)
		if i > 0 && len(ln.Parts) > 0 {
			n += utf8.RuneCountInString(c.Sep)
		}
		if used+n > width {
			for _, d := range clauses[i:] {
				ln.Dropped = append(ln.Dropped, d.Text)
			}
			break
		}
		ln.Add(c.Sep, c.Text, st, keys.Command{})
		used += n
	}
	return ln
}

// Message splits a message into clauses at each "; " and ": ": "the game
// is over: u undo, n new game" is "the game is over" and "u undo, n new
// game", the second left out whole when the line is short.
func Message(msg string) []Clause {
	var cs []Clause
	sep := ""
	for {
		i, j := strings.Index(msg, "; "), strings.Index(msg, ": ")
		if i < 0 || j >= 0 && j < i {
			i = j
		}
		if i < 0 {
			return append(cs, Clause{sep, msg})
		}
		cs = append(cs, Clause{sep, msg[:i]})
		sep, msg = msg[i:i+2], msg[i+2:]
	}
}

// Header is what the header says: the mines left of all of them
// ("6/10"), the seconds played, the state's word ("playing", "You win"),
// the board's size and how it is played ("9x9", "no-guess", "assisted"),
// where it came from ("seed 42", "daily 2026-01-02") and a server's
// commitment to a daily board ("sha256 1a2b…").
type Header struct {
	Count              string
	Secs               int
	Word               string
	Size               []string
	Origin, Commitment string
}

// form is the header in one of its forms, narrower the more of its
// labels it leaves out or shortens (see Header.Line).
type form struct {
	mines, clock, state string // "" when left out
	sep                 string // between the three
	size                []string
	origin, commitment  string
}

// line returns the form as a line, the state in style st (a click on it
// starts a new game) and its labels in text.
func (f form) line(text, st tcell.Style) Line {
	var ln Line
	if f.mines != "" {
		ln.Add(f.sep, f.mines, text, keys.Command{})
	}
	if f.clock != "" {
		ln.Add(f.sep, f.clock, text, keys.Command{})
	}
	if f.state != "" {
		ln.Add(f.sep, f.state, st, keys.Command{Act: keys.ActNew})
	}
	sep := "  "
	for _, s := range append(append([]string(nil), f.size...), f.origin, f.commitment) {
		if s != "" {
			ln.Add(sep, s, text, keys.Command{})
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

// Line returns the header in width columns, the state in style st and
// its other labels in text. When the line is short it leaves out, in
// turn: the size while a commitment is shown, the commitment, the origin,
// the size's labels from the last, the words "Time" and "Mines", the
// spaces in the brackets and between the labels, the state's long word,
// the state, the time and the mines: the mines and the time are the last
// to go.
func (h Header) Line(width int, text, st tcell.Style) Line {
	f := form{
		mines: "Mines " + h.Count, clock: fmt.Sprintf("Time %d", h.Secs), state: "[ " + h.Word + " ]", sep: "  ",
		size: h.Size, origin: h.Origin, commitment: h.Commitment,
	}
	full := f.line(text, st).Labels()
	steps := []func(f *form) bool{
		func(f *form) bool {
			done := f.commitment != "" && len(f.size) > 0
			if done {
				f.size = nil
			}
			return done
		},
		func(f *form) bool { done := f.commitment != ""; f.commitment = ""; return done },
		func(f *form) bool { done := f.origin != ""; f.origin = ""; return done },
		func(f *form) bool {
			done := len(f.size) > 0
			if done {
				f.size = f.size[:len(f.size)-1]
			}
			return done
		},
		func(f *form) bool { f.clock = fmt.Sprintf("%ds", h.Secs); return true },
		func(f *form) bool { f.mines = h.Count; return true },
		func(f *form) bool { f.state = "[" + h.Word + "]"; return true },
		func(f *form) bool { f.sep = " "; return true },
		func(f *form) bool { f.state = "[" + shortState(h.Word) + "]"; return true },
		func(f *form) bool { f.state = ""; return true },
		func(f *form) bool { f.clock = ""; return true },
		func(f *form) bool { f.mines = ""; return true },
	}
	ln := f.line(text, st)
	const oneByOne = 3 // the step that leaves out the size's labels, one at a time
	for i := 0; ln.Width() > width && i < len(steps); {
		more := steps[i](&f)
		ln = f.line(text, st)
		if !more || i != oneByOne {
			i++
		}
	}
	ln.DropMissing(full)
	return ln
}

// Package canvas is how the full-screen game puts text on a tcell screen:
// a grapheme cluster at a time in the columns a terminal gives it, lines
// wrapped or cut at words, and the frames' shadow, which puts a cell only
// when it changes.
package canvas

import (
	"strings"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/rivo/uniseg"
)

// Wrap breaks text into lines at most width columns wide. A line breaks
// at the last space that fits, after a word, and the next line starts
// indent columns in, past the spaces at the break; a word longer than a
// line is broken where the line ends. It returns no lines for a width
// under 1.
func Wrap(text string, width, indent int) []string {
	if width < 1 {
		return nil
	}
	if indent >= width {
		indent = 0
	}
	var lines []string
	pad := ""
	r := []rune(text)
	for {
		room := width - len(pad)
		if len(r) <= room {
			return append(lines, pad+string(r))
		}
		cut := room
		for i := room; i > 0; i-- {
			if r[i] == ' ' && strings.TrimSpace(string(r[:i])) != "" {
				cut = i
				break
			}
		}
		lines = append(lines, pad+strings.TrimRight(string(r[:cut]), " "))
		r = []rune(strings.TrimLeft(string(r[cut:]), " "))
		if len(r) == 0 {
			return lines
		}
		pad = strings.Repeat(" ", indent)
	}
}

// FitWords returns text, or as many of its words as fit in width columns.
func FitWords(text string, width int) string {
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

// Span is a run of a line's text in one style.
type Span struct {
	Text  string
	Style tcell.Style
}

// Changes is the screen a frame is drawn on: a cell is put only when it
// changes. The game draws every cell of every frame, and tcell works out
// the grapheme cluster and width of each, under its lock, before it
// compares it with what the cell holds; comparing first with what the
// frames put in the cell (Shadow) costs a fraction of that, and a frame
// changes few cells (BenchmarkDraw).
type Changes struct {
	tcell.Screen
	sh *Shadow
}

// On returns s as a screen that puts only the cells that change, by what
// sh says the frames put there.
func On(s tcell.Screen, sh *Shadow) Changes { return Changes{s, sh} }

// Shadow is what the frames put in the screen's cells, by row, each
// cell's style an index into styles (a frame uses a few dozen), so that a
// cell takes 24 bytes (a server counts them, see serve's screenCost).
type Shadow struct {
	w, h   int
	cells  []shadowCell
	styles []tcell.Style
	last   uint8 // the index of the style looked up last
}

// shadowCell is what a frame put in a cell: its text, its style's index
// and the columns it took; none (0) when it is not known: never put since
// the screen was new or cleared, or beside a wide character, which tcell
// lets cover it.
type shadowCell struct {
	str string
	st  uint8
	w   uint8
}

// maxStyles is the most styles a shadow tells apart; past them it starts
// again, every cell unknown.
const maxStyles = 255

// Reset forgets what the cells hold, for a screen of w by h cells: the
// next frame puts every cell.
func (sh *Shadow) Reset(w, h int) {
	sh.w, sh.h = w, h
	if cap(sh.cells) < w*h {
		sh.cells = make([]shadowCell, w*h)
	}
	sh.cells = sh.cells[:w*h]
	clear(sh.cells)
	sh.styles, sh.last = sh.styles[:0], 0
}

// Size returns the size of the screen the shadow is of.
func (sh *Shadow) Size() (w, h int) { return sh.w, sh.h }

// style returns the index of st in the shadow's styles, adding it; past
// maxStyles the shadow is reset first.
func (sh *Shadow) style(st tcell.Style) uint8 {
	if int(sh.last) < len(sh.styles) && sh.styles[sh.last] == st {
		return sh.last
	}
	for i, s := range sh.styles {
		if s == st {
			sh.last = uint8(i)
			return sh.last
		}
	}
	if len(sh.styles) == maxStyles {
		sh.Reset(sh.w, sh.h)
	}
	sh.styles = append(sh.styles, st)
	sh.last = uint8(len(sh.styles) - 1)
	return sh.last
}

// Put puts str in style st in the cell at (x, y), unless a frame put them
// there already.
func (c Changes) Put(x, y int, str string, st tcell.Style) (string, int) {
	sh := c.sh
	if x < 0 || y < 0 || x >= sh.w || y >= sh.h {
		return c.Screen.Put(x, y, str, st)
	}
	si := sh.style(st)
	i := y*sh.w + x
	if p := &sh.cells[i]; p.w > 0 && p.str == str && p.st == si {
		return "", int(p.w)
	}
	old := sh.cells[i].w
	rest, w := c.Screen.Put(x, y, str, st)
	sh.cells[i] = shadowCell{str: str, st: si, w: uint8(min(max(w, 0), 2))}
	if (w != 1 || old != 1) && x+1 < sh.w {
		sh.cells[i+1].w = 0 // covered by a wide character, or uncovered
	}
	return rest, w
}

// Clear clears the screen, and forgets what its cells held.
func (c Changes) Clear() {
	c.sh.Reset(c.sh.w, c.sh.h)
	c.Screen.Clear()
}

// Blank writes spaces in the default style on row y from column x0 up to
// column x1 (exclusive).
func Blank(s tcell.Screen, x0, x1, y int) {
	for x := x0; x < x1; x++ {
		s.Put(x, y, " ", tcell.StyleDefault)
	}
}

// PutText writes text from column x of row y up to column maxX
// (exclusive), a grapheme cluster at a time in the columns a terminal
// gives it (a wide character two, see userfile.Width), and returns the
// column after the last one written. A wide character that would cross
// maxX is left out, its first column blanked; a cluster of no width (a
// mark with nothing to go on) is left out.
func PutText(s tcell.Screen, x, y, maxX int, text string, st tcell.Style) int {
	state := -1
	for text != "" && x < maxX {
		var g string
		var w int
		g, text, w, state = uniseg.FirstGraphemeClusterInString(text, state)
		switch {
		case w == 0:
			continue
		case x+w > maxX:
			s.Put(x, y, " ", st)
			return x + 1
		}
		s.Put(x, y, g, st)
		x += w
	}
	return x
}

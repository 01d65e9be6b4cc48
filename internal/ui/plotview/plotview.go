// Package plotview draws the plots of the records (internal/plot) on the
// full screen's statistics: each span in the style its class has in the
// theme.
package plotview

import (
	"github.com/gdamore/tcell/v2"

	"github.com/minesweeper-go/minesweeper/internal/plot"
	"github.com/minesweeper-go/minesweeper/internal/ui/canvas"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// Row is a row of the plots on the screen: its text, and its spans in
// their styles; a plot's title has none, and is drawn as a heading.
type Row struct {
	Text  string
	Spans []canvas.Span
}

// Rows returns the rows of plots drawn in th, a blank row before each.
func Rows(th *theme.Theme, plots []plot.Plot) []Row {
	var rows []Row
	for _, p := range plots {
		rows = append(rows, Row{}, Row{Text: p.Title})
		for _, l := range p.Lines {
			r := Row{Text: l.String()}
			for _, sp := range l {
				r.Spans = append(r.Spans, canvas.Span{Text: sp.Text, Style: th.Plot(sp.Class)})
			}
			rows = append(rows, r)
		}
	}
	return rows
}

// Put draws spans on row y from column x, cut at column x1.
func Put(s tcell.Screen, x, y, x1 int, spans []canvas.Span) {
	for _, sp := range spans {
		x = canvas.PutText(s, x, y, x1, sp.Text, sp.Style)
	}
}

// Package plot draws the player's records as pictures of text: an
// activity calendar (games a day over the last year), time against 3BV
// of the wins of a board, each dot a win under the line of the best 3BV/s,
// and the best time of each month. A plot is lines of spans, each span of
// a Class that a front end maps to its colours (the theme's, on the full
// screen) or ignores (minesweeper stats -plot); Describe words the same
// records as sentences of numbers, for the line mode. Unicode blocks and
// braille, or ASCII alone; no tcell.
package plot

import (
	"fmt"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// Class is what a span of a plot shows, which a front end colours.
type Class int

// The classes of a plot's spans.
const (
	Text   Class = iota // titles and labels
	Axis                // the axes and their ticks
	Level0              // a day of the calendar without games
	Level1              // a day of the calendar with few games of the busiest day's
	Level2              // more
	Level3              // more still
	Level4              // the busiest days
	Dot                 // a win on the plot of time against 3BV
	Best                // the line of the best 3BV/s
	Bar                 // a month's best time
)

var classNames = [...]string{"text", "axis", "level0", "level1", "level2", "level3", "level4", "dot", "best", "bar"}

// String returns the class's name, as golden files show it.
func (c Class) String() string {
	if c < 0 || int(c) >= len(classNames) {
		return fmt.Sprintf("Class(%d)", int(c))
	}
	return classNames[c]
}

// Span is text of one class.
type Span struct {
	Text  string
	Class Class
}

// Line is a row of a plot: spans one after the other.
type Line []Span

// String returns the line's text.
func (l Line) String() string {
	var b strings.Builder
	for _, s := range l {
		b.WriteString(s.Text)
	}
	return b.String()
}

// add appends text of class c to the line, joined to the last span when
// that is of the same class.
func (l *Line) add(text string, c Class) {
	if n := len(*l); n > 0 && (*l)[n-1].Class == c {
		(*l)[n-1].Text += text
		return
	}
	*l = append(*l, Span{text, c})
}

// Plot is one picture: its title and its lines.
type Plot struct {
	Title string
	Lines []Line
}

// Records are what the plots show of a player's records.
type Records struct {
	Kind  string        // the name of the board of Wins
	Today time.Time     // the last day of the calendar, in the player's time zone
	Days  []history.Day // the games a day, oldest first (store.Activity)
	Wins  []history.Win // the clean wins of Kind whose 3BV is known, oldest first
}

// Since returns the first moment the plots of today show: the calendar's
// first day, a year of weeks before today's, which also bounds the months.
func Since(today time.Time) time.Time {
	y, m, d := today.Date()
	day := time.Date(y, m, d, 0, 0, 0, 0, today.Location())
	return weekStart(day).AddDate(0, 0, -7*(maxWeeks-1))
}

// WinsSince returns the first moment whose wins the plots of today show:
// the first day of the first of the months Months shows at most.
func WinsSince(today time.Time) time.Time {
	y, m, _ := today.Date()
	return time.Date(y, m, 1, 0, 0, 0, 0, today.Location()).AddDate(0, 1-maxMonths, 0)
}

// Draw returns the three plots of r, each at most width columns wide; the
// plot of time against 3BV is height rows tall, its axes apart.
func Draw(r Records, width, height int, ascii bool) []Plot {
	return []Plot{
		Calendar(r.Days, r.Today, width, ascii),
		Scatter(r.Kind, r.Wins, width, height, ascii),
		Months(r.Wins, r.Today, width, max(height/2, 4), ascii),
	}
}

// Format returns the plots as text, a blank line between them, each line
// ending in a newline: what minesweeper stats -plot prints.
func Format(plots []Plot) string {
	var b strings.Builder
	for i, p := range plots {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(p.Title + "\n")
		for _, l := range p.Lines {
			b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
		}
	}
	return b.String()
}

// Describe returns r's plots as sentences of numbers, one a line, for
// those who listen rather than look.
func Describe(r Records) []string {
	return []string{describeCalendar(r.Days, r.Today), describeScatter(r.Kind, r.Wins), describeMonths(r.Wins, r.Today)}
}

// seconds returns ms as seconds with two decimals.
func seconds(ms int64) string { return fmt.Sprintf("%.2f s", float64(ms)/1000) }

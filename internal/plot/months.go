package plot

import (
	"fmt"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// maxMonths is how many months Months shows at most.
const maxMonths = 24

// monthW is the width of a month's column: its bar and a gap.
const monthW = 4

// eighths are the blocks of a bar's top, an eighth of a row to a whole.
var eighths = [9]string{" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"}

// monthBests returns the best time of each of the n months to today's,
// oldest first (0 for a month without a win), and the first of them.
func monthBests(wins []history.Win, today time.Time, n int) ([]int64, time.Time) {
	y, m, _ := today.Date()
	first := time.Date(y, m, 1, 0, 0, 0, 0, today.Location()).AddDate(0, 1-n, 0)
	bests := make([]int64, n)
	for _, w := range wins {
		d := w.Date.In(today.Location())
		i := (d.Year()-first.Year())*12 + int(d.Month()) - int(first.Month())
		if i >= 0 && i < n && (bests[i] == 0 || w.TimeMS < bests[i]) {
			bests[i] = w.TimeMS
		}
	}
	return bests, first
}

// Months returns the plot of the best time of each month of wins, a bar
// a month to today's, as many of the last 24 as width holds, the bars
// height rows tall at most, standing on a time under the fastest: the
// shorter, the faster.
func Months(wins []history.Win, today time.Time, width, height int, ascii bool) Plot {
	n := min(maxMonths, max((width-labelW-1)/monthW, 1))
	bests, first := monthBests(wins, today, n)
	p := Plot{Title: fmt.Sprintf("Best time of each month, the last %d", n)}
	slowest, fastest := int64(0), int64(0)
	for _, b := range bests {
		slowest = max(slowest, b)
		if b > 0 && (fastest == 0 || b < fastest) {
			fastest = b
		}
	}
	// The bars stand on a whole second under the fastest, as far under
	// it as the slowest is over it, so that the months differ to the eye.
	base := max(fastest-(slowest-fastest)-1, 0) / 1000 * 1000
	if slowest == 0 {
		p.Lines = []Line{{{"no clean win with its 3BV in these months", Text}}}
		return p
	}
	height = max(height, 2)
	axis, corner, rule := "│", "└", "─"
	if ascii {
		axis, corner, rule = "|", "+", "-"
	}
	for r := range height {
		label := strings.Repeat(" ", labelW)
		switch r {
		case 0:
			label = fmt.Sprintf("%6.1fs ", float64(slowest)/1000)
		case height - 1:
			label = fmt.Sprintf("%6.1fs ", float64(base)/1000)
		}
		l := Line{{label, Axis}, {axis, Axis}}
		for _, b := range bests {
			// The eighths of a row the bar fills in row r (0 at the top).
			fill := int((b-base)*int64(height*8)/(slowest-base)) - (height-1-r)*8
			fill = min(max(fill, 0), 8)
			if b > 0 && fill == 0 && r == height-1 {
				fill = 1 // a month with a win has a bar, however short
			}
			g := eighths[fill]
			if ascii {
				g = " "
				if fill >= 4 {
					g = "#"
				}
			}
			l.add(" "+strings.Repeat(g, 2), Bar)
			l.add(" ", Text)
		}
		p.Lines = append(p.Lines, l)
	}
	p.Lines = append(p.Lines, Line{{strings.Repeat(" ", labelW) + corner + strings.Repeat(rule, n*monthW), Axis}})
	names := Line{{strings.Repeat(" ", labelW+1), Axis}}
	for i := range n {
		m := first.AddDate(0, i, 0)
		name := m.Format("Jan")
		if m.Month() == time.January {
			name = m.Format("'06")
		}
		names.add(fmt.Sprintf("%-*s", monthW, name), Axis)
	}
	p.Lines = append(p.Lines, names)
	return p
}

// describeMonths words the best time of each month of the last twelve.
func describeMonths(wins []history.Win, today time.Time) string {
	bests, first := monthBests(wins, today, 12)
	var parts []string
	for i, b := range bests {
		if b > 0 {
			parts = append(parts, first.AddDate(0, i, 0).Format("2006-01")+" "+seconds(b))
		}
	}
	if len(parts) == 0 {
		return "Best time of each month, the last 12: no clean win with its 3BV."
	}
	return fmt.Sprintf("Best time of each month, the last 12 (%d with a win): %s.", len(parts), strings.Join(parts, ", "))
}

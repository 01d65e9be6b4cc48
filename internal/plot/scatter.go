package plot

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// labelW is the width of the y axis's labels, the axis's own column apart.
const labelW = 8

// braille returns the braille pattern of the dots set in bits (Unicode's
// numbering: 0x01, 0x02, 0x04 down the left column, 0x08, 0x10, 0x20
// down the right, 0x40 and 0x80 the bottom row's).
func braille(bits uint8) string { return string(rune(0x2800 + int(bits))) }

// brailleBit is the bit of the dot at column dx (0, 1) and row dy (0 at
// the top, to 3) of a braille cell.
var brailleBit = [2][4]uint8{{0x01, 0x02, 0x04, 0x40}, {0x08, 0x10, 0x20, 0x80}}

// grid is the area of a plot as dots: pw by ph, (0, 0) at the bottom left,
// each cell of text sx by sy dots.
type grid struct {
	cols, rows, sx, sy int
	dots, line         [][]uint8 // the dots of wins and of the best line, by cell
}

func newGrid(cols, rows int, ascii bool) *grid {
	g := &grid{cols: cols, rows: rows, sx: 2, sy: 4}
	if ascii {
		g.sx, g.sy = 1, 1
	}
	g.dots, g.line = make([][]uint8, rows), make([][]uint8, rows)
	for r := range rows {
		g.dots[r], g.line[r] = make([]uint8, cols), make([]uint8, cols)
	}
	return g
}

func (g *grid) pw() int { return g.cols * g.sx }
func (g *grid) ph() int { return g.rows * g.sy }

// set sets the dot (x, y) of layer.
func (g *grid) set(layer [][]uint8, x, y int) {
	row := g.rows - 1 - y/g.sy
	dy := g.sy - 1 - y%g.sy
	if g.sx == 1 {
		layer[row][x] = 1
		return
	}
	layer[row][x/2] |= brailleBit[x%2][dy]
}

// scale returns floor(a*b/c) for c > 0 and a*b/c < 2^64, in 128 bits:
// exact, where the best line's test needs it to be.
func scale(a, b, c uint64) int {
	hi, lo := bits.Mul64(a, b)
	q, _ := bits.Div64(hi, lo, c)
	return int(q)
}

// Scatter returns the plot of time against 3BV of wins, the clean wins
// of the board kind: each win a dot, its 3BV across and its time up, and
// the line of the best 3BV/s, under every dot (a win on it is as fast as
// the best). The area is width columns wide with its labels and height
// rows tall with its axis; braille dots, or an o a win under ascii.
func Scatter(kind string, wins []history.Win, width, height int, ascii bool) Plot {
	p := Plot{Title: fmt.Sprintf("Time against 3BV, %s: %d wins", kind, len(wins))}
	if len(wins) == 0 {
		p.Lines = []Line{{{"no clean win of this board with its 3BV yet", Text}}}
		return p
	}
	g, base, slowest, best, lo, hi := layScatter(wins, width, height, ascii)
	p.Title += fmt.Sprintf(", the line the best 3BV/s, %.2f", float64(best.BV)*1000/float64(best.TimeMS))
	p.Lines = append(g.lines(base, slowest, ascii), axisX(lo, hi, g.cols, ascii)...)
	return p
}

// lines returns the grid's rows, with the labels of the time axis: the
// slowest at the top, base at the bottom.
func (g *grid) lines(base, slowest int64, ascii bool) []Line {
	axis := "│"
	if ascii {
		axis = "|"
	}
	out := make([]Line, g.rows)
	for r := range g.rows {
		label := strings.Repeat(" ", labelW)
		switch r {
		case 0:
			label = fmt.Sprintf("%6.1fs ", float64(slowest)/1000)
		case g.rows - 1:
			label = fmt.Sprintf("%6.1fs ", float64(base)/1000)
		}
		l := Line{{label, Axis}, {axis, Axis}}
		for c := range g.cols {
			dots, line := g.dots[r][c], g.line[r][c]
			switch {
			case dots != 0 && ascii:
				l.add("o", Dot)
			case line != 0 && ascii:
				l.add(".", Best)
			case dots != 0:
				l.add(braille(dots|line), Dot)
			case line != 0:
				l.add(braille(line), Best)
			default:
				l.add(" ", Text)
			}
		}
		out[r] = l
	}
	return out
}

// axisX returns the lines of the 3BV axis, from lo to hi over cols
// columns.
func axisX(lo, hi, cols int, ascii bool) []Line {
	corner, rule := "└", "─"
	if ascii {
		corner, rule = "+", "-"
	}
	axis := Line{{strings.Repeat(" ", labelW) + corner + strings.Repeat(rule, cols), Axis}}
	left, right := fmt.Sprint(lo), fmt.Sprint(hi)
	mid := "3BV"
	gap := cols - len(left) - len(right) - len(mid)
	label := left + strings.Repeat(" ", max(gap/2, 1)) + mid + strings.Repeat(" ", max(gap-gap/2, 1)) + right
	return []Line{axis, {{strings.Repeat(" ", labelW+1) + label, Axis}}}
}

// describeScatter words the plot of time against 3BV of wins.
func describeScatter(kind string, wins []history.Win) string {
	if len(wins) == 0 {
		return fmt.Sprintf("Time against 3BV, %s: no clean win with its 3BV yet.", kind)
	}
	lo, hi, fast, slow, best := wins[0].BV, wins[0].BV, wins[0].TimeMS, wins[0].TimeMS, 0.0
	for _, w := range wins {
		lo, hi, fast, slow = min(lo, w.BV), max(hi, w.BV), min(fast, w.TimeMS), max(slow, w.TimeMS)
		if w.TimeMS > 0 {
			best = max(best, float64(w.BV)*1000/float64(w.TimeMS))
		}
	}
	return fmt.Sprintf("Time against 3BV, %s: %d wins, 3BV from %d to %d, times from %s to %s, the best 3BV/s %.2f.",
		kind, len(wins), lo, hi, seconds(fast), seconds(slow), best)
}

// layScatter lays wins on the grid of a plot width by height: their dots
// and the best line's. It returns the grid, the times of its bottom and
// top, the fastest win, and the least and most 3BV across.
func layScatter(wins []history.Win, width, height int, ascii bool) (g *grid, base, slowest int64, best history.Win, lo, hi int) {
	g = newGrid(max(width-labelW-1, 2), max(height, 2), ascii)
	lo, hi, slowest, best = wins[0].BV, wins[0].BV, int64(1), wins[0]
	for _, w := range wins {
		lo, hi, slowest = min(lo, w.BV), max(hi, w.BV), max(slowest, w.TimeMS)
		if int64(w.BV)*best.TimeMS > int64(best.BV)*w.TimeMS {
			best = w
		}
	}
	if hi == lo {
		lo, hi = max(lo-1, 0), hi+1
	}
	span := uint64(hi - lo)
	// The time axis starts at the whole second under the best line's
	// lowest point, so that the wins spread over the rows.
	base = min(int64(lo)*best.TimeMS/int64(best.BV)/1000*1000, slowest-1)
	x := func(bv int) int { return scale(uint64(bv-lo), uint64(g.pw()-1), span) }
	y := func(ms int64) int { return scale(uint64(ms-base), uint64(g.ph()-1), uint64(slowest-base)) }
	for _, w := range wins {
		g.set(g.dots, x(w.BV), y(w.TimeMS))
	}
	// The best line at each column, at the least 3BV of the column: no
	// win of the column is faster than the best, so none lies under it.
	for px := range g.pw() {
		bv := uint64(lo) + (uint64(px)*span+uint64(g.pw()-2))/uint64(g.pw()-1)
		above := bv*uint64(best.TimeMS) - uint64(base)*uint64(best.BV) // over best.BV
		py := scale(above, uint64(g.ph()-1), uint64(best.BV)*uint64(slowest-base))
		if py < g.ph() {
			g.set(g.line, px, py)
		}
	}
	return g, base, slowest, best, lo, hi
}

package plot

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// today is the last day of the tests' records: a Saturday.
var today = time.Date(2026, 11, 28, 18, 0, 0, 0, time.UTC)

// testRecords returns a year of records made from seed: a few games on
// most days, more at weekends, and the clean wins of expert boards,
// faster as the months go by.
func testRecords(seed uint64) Records {
	r := rand.New(rand.NewPCG(seed, 41))
	rec := Records{Kind: "expert", Today: today, Days: []history.Day{}, Wins: []history.Win{}}
	for d := 400; d >= 0; d-- {
		day := today.AddDate(0, 0, -d)
		if r.IntN(4) == 0 {
			continue
		}
		n := 1 + r.IntN(5)
		if day.Weekday() == time.Saturday || day.Weekday() == time.Sunday {
			n += r.IntN(12)
		}
		rec.Days = append(rec.Days, history.Day{Date: day.Format(time.DateOnly), Games: n})
		if r.IntN(3) == 0 {
			bv := 100 + r.IntN(120)
			speed := 0.8 + float64(400-d)/400 + r.Float64()/2
			rec.Wins = append(rec.Wins, history.Win{Date: day, TimeMS: int64(float64(bv) / speed * 1000), BV: bv})
		}
	}
	return rec
}

// TestGolden checks the plots of a year of records, in blocks and in
// ASCII, at the widths of an 80-column and a 200-column terminal, against
// testdata/TestGolden/<case>.golden (go test -update rewrites them),
// with the sentences of Describe.
func TestGolden(t *testing.T) {
	tests := []struct {
		name          string
		width, height int
		ascii         bool
	}{
		{"blocks-80", 76, 12, false},
		{"ascii-80", 76, 12, true},
		{"blocks-200", 196, 30, false},
		{"empty", 76, 12, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := testRecords(1)
			if tt.name == "empty" {
				rec.Days, rec.Wins = nil, nil
			}
			got := Format(Draw(rec, tt.width, tt.height, tt.ascii)) + "\n" + strings.Join(Describe(rec), "\n") + "\n"
			path := filepath.Join("testdata", t.Name()+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if got != string(want) {
				t.Errorf("Draw(%s) =\n%s\nwant\n%s", tt.name, got, want)
			}
			for _, p := range Draw(rec, tt.width, tt.height, tt.ascii) {
				for _, l := range p.Lines {
					if n := len([]rune(l.String())); n > tt.width {
						t.Errorf("Draw(%s): a line of %s is %d columns; want %d at most: %q", tt.name, p.Title, n, tt.width, l)
					}
					if tt.ascii && strings.ContainsFunc(l.String(), func(r rune) bool { return r > 0x7e }) {
						t.Errorf("Draw(%s): a line of %s is not ASCII: %q", tt.name, p.Title, l)
					}
				}
			}
		})
	}
}

// cellAt returns the text and class of the cell of column col (of the
// area, the labels apart) in line l.
func cellAt(l Line, col int) (string, Class) {
	i := 0
	for _, s := range l {
		for _, r := range s.Text {
			if i == labelW+1+col {
				return string(r), s.Class
			}
			i++
		}
	}
	return "", Text
}

// TestScatterRules checks the plot of time against 3BV in ASCII, where a
// cell is a point: a dot (o) where a win is, its 3BV across from the
// least (column 0) to the most (the last) and its time up from the best
// line's lowest second (the bottom row) to the slowest (the top), and the
// best line (.) under every dot of its column, on the dot of a win as
// fast as the best.
func TestScatterRules(t *testing.T) {
	tests := []struct {
		wins []history.Win
		dots [][2]int // row, column
		line [][2]int
	}{
		{
			// 11 columns, 5 rows: the 3BV from 10 to 20 a column each,
			// the time from 10 s to 30 s, 5 s a row.
			wins: []history.Win{{TimeMS: 10000, BV: 10}, {TimeMS: 20000, BV: 20}, {TimeMS: 30000, BV: 15}},
			dots: [][2]int{{4, 0}, {2, 10}, {0, 5}},
			line: [][2]int{{4, 1}, {4, 4}, {3, 5}, {3, 9}},
		},
		{
			// The fastest is the last: the line runs through it.
			wins: []history.Win{{TimeMS: 30000, BV: 10}, {TimeMS: 10000, BV: 20}},
			dots: [][2]int{{0, 0}, {4, 10}},
			line: [][2]int{{4, 1}, {4, 9}},
		},
	}
	for i, tt := range tests {
		p := Scatter("test", tt.wins, labelW+1+11, 5, true)
		for _, d := range tt.dots {
			if g, c := cellAt(p.Lines[d[0]], d[1]); g != "o" || c != Dot {
				t.Errorf("case %d: Scatter cell (%d, %d) = %q %v; want \"o\" dot:\n%s", i, d[0], d[1], g, c, Format([]Plot{p}))
			}
		}
		for _, d := range tt.line {
			if g, c := cellAt(p.Lines[d[0]], d[1]); g != "." || c != Best {
				t.Errorf("case %d: Scatter cell (%d, %d) = %q %v; want \".\" best:\n%s", i, d[0], d[1], g, c, Format([]Plot{p}))
			}
		}
	}
}

// TestBestLineUnder checks, on random wins at many sizes, in braille and
// in ASCII, that every win is a dot and that the best line has no point
// above the lowest dot of its column.
func TestBestLineUnder(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 2))
	for i := range 200 {
		var wins []history.Win
		for range 1 + r.IntN(30) {
			wins = append(wins, history.Win{TimeMS: 1 + r.Int64N(300000), BV: 1 + r.IntN(400)})
		}
		width, height, ascii := labelW+3+r.IntN(100), 2+r.IntN(30), r.IntN(2) == 0
		g := scatterGrid(wins, width, height, ascii)
		for c := range g.pw() {
			lowestDot, linePt := g.ph(), -1
			for y := range g.ph() {
				if g.isSet(g.dots, c, y) {
					lowestDot = min(lowestDot, y)
				}
				if g.isSet(g.line, c, y) && linePt < 0 {
					linePt = y
				}
			}
			if linePt > lowestDot {
				t.Errorf("case %d (%dx%d ascii %v): the best line at column %d is at %d, over a dot at %d: %v", i, width, height, ascii, c, linePt, lowestDot, wins)
			}
		}
		n := 0
		for c := range g.pw() {
			for y := range g.ph() {
				if g.isSet(g.dots, c, y) {
					n++
				}
			}
		}
		if n == 0 || n > len(wins) {
			t.Errorf("case %d: %d dots of %d wins", i, n, len(wins))
		}
	}
}

// isSet reports whether the dot (x, y) of layer is set.
func (g *grid) isSet(layer [][]uint8, x, y int) bool {
	row := g.rows - 1 - y/g.sy
	if g.sx == 1 {
		return layer[row][x] != 0
	}
	return layer[row][x/2]&brailleBit[x%2][g.sy-1-y%g.sy] != 0
}

// TestLevel checks the levels of the calendar's days.
func TestLevel(t *testing.T) {
	tests := []struct{ n, most, want int }{
		{0, 10, 0}, {1, 10, 1}, {3, 10, 2}, {5, 10, 2}, {6, 10, 3}, {8, 10, 4}, {10, 10, 4}, {1, 1, 4}, {0, 0, 0},
	}
	for _, tt := range tests {
		if got := level(tt.n, tt.most); got != tt.want {
			t.Errorf("level(%d, %d) = %d; want %d", tt.n, tt.most, got, tt.want)
		}
	}
}

// TestCalendarRules checks the calendar: today the last column's cell
// of its weekday, the busiest day of the top level, a day without games
// of none, and no day after today.
func TestCalendarRules(t *testing.T) {
	days := []history.Day{
		{Date: "2026-11-28", Games: 2},  // today, Saturday: row 5
		{Date: "2026-11-23", Games: 12}, // Monday: row 0
		{Date: "2025-12-01", Games: 1},  // a Monday a year back
	}
	tests := []struct {
		width     int
		row, week int // the row (0 Monday) and the week (column) of a day
		want      Class
	}{
		{80, 5, 52, Level1}, // today
		{80, 0, 52, Level4}, // the busiest day
		{80, 1, 52, Level0}, // Tuesday, no game
		{80, 6, 52, Text},   // tomorrow, not drawn
		{80, 0, 0, Level0},  // the first week's Monday, 2025-11-24
		{80, 0, 1, Level1},  // 2025-12-01
		{20, 5, 15, Level1}, // today, 16 weeks
		{20, 0, 15, Level4},
	}
	for _, tt := range tests {
		p := Calendar(days, today, tt.width, false)
		l := p.Lines[1+tt.row]
		g, c := cellAt(l, tt.week-labelW-1+len(dayLabels[0]))
		if c != tt.want {
			t.Errorf("Calendar(width %d) row %d week %d = %q %v; want %v:\n%s", tt.width, tt.row, tt.week, g, c, tt.want, Format([]Plot{p}))
		}
	}
}

// TestMonthsRules checks the months' bars: the slowest month's reaches
// the top row, a faster month's is shorter, a month without a win has
// none.
func TestMonthsRules(t *testing.T) {
	wins := []history.Win{
		{Date: today.AddDate(0, -2, 0), TimeMS: 100000, BV: 100},
		{Date: today.AddDate(0, -2, 1), TimeMS: 120000, BV: 100}, // not the month's best
		{Date: today, TimeMS: 50000, BV: 100},
	}
	p := Months(wins, today, labelW+1+3*monthW, 4, true)
	bar := func(month int) int { // rows of # in the month's column
		n := 0
		for _, l := range p.Lines[:4] {
			if g, _ := cellAt(l, month*monthW+1); g == "#" {
				n++
			}
		}
		return n
	}
	for _, tt := range []struct{ month, want int }{{0, 4}, {1, 0}, {2, 2}} {
		if got := bar(tt.month); got != tt.want {
			t.Errorf("Months: the bar of month %d is %d rows; want %d:\n%s", tt.month, got, tt.want, Format([]Plot{p}))
		}
	}
}

// TestDescribe checks the sentences of the plots.
func TestDescribe(t *testing.T) {
	rec := Records{Kind: "expert", Today: today,
		Days: []history.Day{{Date: "2024-01-01", Games: 9}, {Date: "2026-11-01", Games: 3}, {Date: "2026-11-28", Games: 5}},
		Wins: []history.Win{{Date: today.AddDate(0, -1, 0), TimeMS: 100000, BV: 120}, {Date: today, TimeMS: 80000, BV: 150}},
	}
	want := []string{
		"Games a day since 2025-11-24: 8 games on 2 days, the busiest 2026-11-28 with 5.",
		"Time against 3BV, expert: 2 wins, 3BV from 120 to 150, times from 80.00 s to 100.00 s, the best 3BV/s 1.88.",
		"Best time of each month, the last 12 (2 with a win): 2026-10 100.00 s, 2026-11 80.00 s.",
	}
	got := Describe(rec)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Describe = %q; want %q", got, want)
	}
}

// scatterGrid returns the grid of wins drawn width by height.
func scatterGrid(wins []history.Win, width, height int, ascii bool) *grid {
	g, _, _, _, _, _ := layScatter(wins, width, height, ascii)
	return g
}

package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// WriteStats writes stats as a table, one line per kind of board under a
// header line, drawing the recent speeds with spark (Sparkline or
// SparklineASCII).
func WriteStats(w io.Writer, stats []Stats, spark func([]float64) string) error {
	t := table{
		{head: "board"},
		{head: "played", right: true},
		{head: "won", right: true},
		{head: "win%", right: true},
		{head: "streak", right: true},
		{head: "best", right: true},
		{head: "3BV/s", right: true},
		// One space is enough beside the blocks, and keeps the table in
		// 80 columns for "expert no-guess" with its 20 speeds.
		{head: "trend", gap: 1},
	}
	for _, s := range stats {
		best, speed := "-", "-"
		if len(s.Best) > 0 {
			best = seconds(s.Best[0].TimeMS)
		}
		if len(s.Recent3BVs) > 0 {
			speed = strconv.FormatFloat(s.Best3BVs, 'f', 2, 64)
		}
		label := Label(s.Kind, s.Level)
		if s.Known {
			label += " known" // boards the player could know, apart
		}
		t.add(label,
			strconv.Itoa(s.Played),
			strconv.Itoa(s.Won),
			fmt.Sprintf("%.0f%%", 100*s.WinRate),
			fmt.Sprintf("%d/%d", s.CurrentStreak, s.BestStreak),
			best,
			speed,
			spark(s.Recent3BVs))
	}
	return t.write(w)
}

// WriteStatsJSON writes stats as an indented JSON array.
func WriteStatsJSON(w io.Writer, stats []Stats) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(stats)
}

// Latest returns the latest n games of the log, or all when n is 0, newest
// first, with the number of each in the log, counted from 1, in nums. The
// log is in the order the games ended, which is date order unless the
// clock went back; the dates are put in order.
func Latest(games []Game, n int) (latest []Game, nums []int64) {
	numbers := make(map[*Game]int64, len(games))
	byDate := make([]*Game, len(games))
	for i := range games {
		numbers[&games[i]], byDate[i] = int64(i+1), &games[i]
	}
	slices.SortStableFunc(byDate, func(a, b *Game) int { return b.Date.Compare(a.Date) })
	if n > 0 && len(byDate) > n {
		byDate = byDate[:n]
	}
	latest = make([]Game, len(byDate))
	nums = make([]int64, len(byDate))
	for i, g := range byDate {
		latest[i], nums[i] = *g, numbers[g]
	}
	return latest, nums
}

// WriteGames writes games as a table, one line each in their order under a
// header line, each with its number in nums.
func WriteGames(w io.Writer, games []Game, nums []int64) error {
	t := table{
		{head: "#", right: true},
		{head: "date"},
		{head: "board"},
		{head: "result"},
		{head: "time", right: true},
		{head: "3BV", right: true},
		{head: "3BV/s", right: true},
		{head: "clicks", right: true},
		{head: "eff", right: true},
		{head: ""},
	}
	for i, g := range games {
		// Speed and efficiency measure how a board was cleared: a lost
		// game did not clear its 3BV.
		speed, eff := "-", "-"
		if v, ok := g.Speed(); ok && g.Won() {
			speed = strconv.FormatFloat(v, 'f', 2, 64)
		}
		if g.Clicks > 0 && g.Won() {
			eff = fmt.Sprintf("%.0f%%", 100*float64(g.ThreeBV)/float64(g.Clicks))
		}
		var marks []string
		if g.Assisted {
			marks = append(marks, "assisted")
		}
		if g.Undone {
			marks = append(marks, "undone")
		}
		if g.GaveUp {
			marks = append(marks, "gave up")
		}
		if g.IsKnown() {
			marks = append(marks, "known")
		}
		t.add(strconv.FormatInt(nums[i], 10),
			g.Date.Format("2006-01-02 15:04"),
			Label(g.Kind(), g.Level),
			g.Result,
			seconds(g.TimeMS),
			strconv.Itoa(g.ThreeBV),
			speed,
			strconv.Itoa(g.Clicks),
			eff,
			strings.Join(marks, " "))
	}
	return t.write(w)
}

// WriteGamesJSON writes games as a JSON array with one game per line, each
// as the log writes it: a game's moves would fill pages when indented.
func WriteGamesJSON(w io.Writer, games []Game) error {
	var b bytes.Buffer
	b.WriteString("[")
	for i, g := range games {
		line, err := json.Marshal(&g)
		if err != nil {
			return err
		}
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n  ")
		b.Write(line)
	}
	if len(games) > 0 {
		b.WriteString("\n")
	}
	b.WriteString("]\n")
	_, err := w.Write(b.Bytes())
	return err
}

// Label names a kind of board for a person: its level when it has one,
// else its size and mines, followed by its first-click rule unless it is
// the default, opening, and "no-guess" for a no-guess board: "expert
// no-guess", "16x16n40 safe".
func Label(s board.Settings, level string) string {
	label := level
	if label == "" || label == "custom" {
		label = fmt.Sprintf("%dx%dn%d", s.Width, s.Height, s.Mines)
	}
	if s.Rule != board.Opening {
		label += " " + s.Rule.String()
	}
	if s.NoGuess {
		label += " no-guess"
	}
	return label
}

// seconds writes a time in milliseconds as seconds to the hundredth,
// rounded: "41.27 s".
func seconds(ms int64) string {
	cs := (ms + 5) / 10
	return fmt.Sprintf("%d.%02d s", cs/100, cs%100)
}

// table is a text table: a header line, then a line per row, each column
// as wide as its widest cell and, unless it says otherwise, two spaces
// from the one before. The last column is not padded, so no line ends in
// spaces unless its last cell does.
type table []column

// column is one column of a table: its header, its cells, whether they
// are aligned to the right, and the spaces before it if not two.
type column struct {
	head  string
	right bool
	gap   int
	cells []string
}

// add adds a row, one cell per column.
func (t table) add(cells ...string) {
	for i := range t {
		t[i].cells = append(t[i].cells, cells[i])
	}
}

// write writes the table to w in one Write.
func (t table) write(w io.Writer) error {
	widths := make([]int, len(t))
	for i, c := range t {
		widths[i] = utf8.RuneCountInString(c.head)
		for _, s := range c.cells {
			widths[i] = max(widths[i], utf8.RuneCountInString(s))
		}
	}
	var out, line strings.Builder
	for r := -1; r < len(t[0].cells); r++ {
		line.Reset()
		var s string
		for i, c := range t {
			if s = c.head; r >= 0 {
				s = c.cells[r]
			}
			if i > 0 {
				gap := c.gap
				if gap == 0 {
					gap = 2
				}
				line.WriteString(strings.Repeat(" ", gap))
			}
			pad := strings.Repeat(" ", widths[i]-utf8.RuneCountInString(s))
			switch {
			case c.right:
				line.WriteString(pad + s)
			case i < len(t)-1:
				line.WriteString(s + pad)
			default:
				line.WriteString(s)
			}
		}
		text := line.String()
		if s == "" { // the last cell: drop the padding before it
			text = strings.TrimRight(text, " ")
		}
		out.WriteString(text + "\n")
	}
	_, err := io.WriteString(w, out.String())
	return err
}

package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// WriteStats writes stats as a table, one line per kind of board under a
// header line, drawing the recent speeds with spark (Sparkline or
// SparklineASCII); kinds folded into one (see Fold) have their games
// played and won, and "-" for the rest.
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
		if s.Others > 0 {
			t.add(s.label(), strconv.Itoa(s.Played), strconv.Itoa(s.Won), fmt.Sprintf("%.0f%%", 100*s.WinRate), "-", "-", "-", "")
			continue
		}
		best, speed := "-", "-"
		if len(s.Best) > 0 {
			best = seconds(s.Best[0].TimeMS)
		}
		if len(s.Recent3BVs) > 0 {
			speed = strconv.FormatFloat(s.Best3BVs, 'f', 2, 64)
		}
		t.add(s.label(),
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

// WriteBests writes the bests of the speedrunners' numbers of stats as a
// table, one line per kind of board under a header line: the best speed
// in 3BV per second, IOS, RQP (the lowest), IOE and ZNE of its clean
// wins, "-" for a number none has; IOE and ZNE as percentages, as the
// line at a game's end and history give them. A kind with clean wins in
// the NF style (see Game.NF) has a second line, "NF" after its name, of
// their bests alone. Boards the player could know have no bests, and no
// line; kinds folded into one (see Fold) have a line of "-".
func WriteBests(w io.Writer, stats []Stats) error {
	t := table{
		{head: "board"},
		{head: "3BV/s", right: true},
		{head: "IOS", right: true},
		{head: "RQP", right: true},
		{head: "IOE", right: true},
		{head: "ZNE", right: true},
	}
	number := func(v float64, digits int) string {
		if v <= 0 {
			return "-"
		}
		return strconv.FormatFloat(v, 'f', digits, 64)
	}
	add := func(label string, b Bests) {
		t.add(label, number(b.Best3BVs, 2), number(b.BestIOS, 3), number(b.BestRQP, 2), Percent(b.BestIOE), Percent(b.BestZNE))
	}
	for _, s := range stats {
		if s.Known {
			continue
		}
		add(s.label(), Bests{Best3BVs: s.Best3BVs, BestIOS: s.BestIOS, BestRQP: s.BestRQP, BestIOE: s.BestIOE, BestZNE: s.BestZNE})
		if s.NF != nil {
			add(s.label()+" NF", *s.NF)
		}
	}
	return t.write(w)
}

// Percent writes a fraction as a whole percentage, "83%", the one form of
// an efficiency (IOE, ZNE) in every table and line; "-" for 0, a number
// not known.
func Percent(v float64) string {
	if v <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*v)
}

// WriteTop writes, for each kind of board of stats, what Windows
// Minesweeper's statistics screen gives beside the table of WriteStats: a
// line with the kind's name, its longest winning and losing streaks, its
// clean wins and their average time; then its best times (BestTimes at
// most), fastest first, each with its date; then, apart, those of its
// clean wins in the NF style (see Game.NF). Boards the player could know
// have no best times, and kinds folded into one (see Fold) no line.
func WriteTop(w io.Writer, stats []Stats) error {
	var out strings.Builder
	for i, s := range stats {
		if s.Others > 0 {
			continue
		}
		if i > 0 {
			out.WriteString("\n")
		}
		fmt.Fprintf(&out, "%s: longest winning streak %d, longest losing streak %d; %s", s.label(), s.BestStreak, s.LosingStreak, CleanWinsText(s))
		out.WriteString("\n")
		writeTimes(&out, "", s.Best)
		if s.NF != nil {
			writeTimes(&out, "NF ", s.NF.Best)
		}
	}
	_, err := io.WriteString(w, out.String())
	return err
}

// CleanWinsText words the clean wins of s and their average time: "12
// clean wins, average 14.20 s", "no clean win".
func CleanWinsText(s Stats) string {
	switch s.CleanWins {
	case 0:
		return "no clean win"
	case 1:
		return "1 clean win, average " + seconds(s.AverageMS)
	}
	return fmt.Sprintf("%d clean wins, average %s", s.CleanWins, seconds(s.AverageMS))
}

// writeTimes writes best times, one a line under a heading: their place
// after style ("NF 1."), the time and the date.
func writeTimes(out *strings.Builder, style string, best []Best) {
	if len(best) == 0 {
		return
	}
	t := table{{head: ""}, {head: "", right: true}, {head: ""}}
	for i, b := range best {
		t.add(fmt.Sprintf("  %s%d.", style, i+1), seconds(b.TimeMS), b.Date.Format("2006-01-02 15:04"))
	}
	var lines strings.Builder
	t.write(&lines)
	// The table's header is empty: its lines alone.
	_, rest, _ := strings.Cut(lines.String(), "\n")
	out.WriteString(rest)
}

// label names the row of s in a table: its kind's name (see
// board.Settings.Name), "known" after
// it for boards the player could know, or "N other kinds" for kinds
// folded into one (see Fold).
func (s *Stats) label() string {
	switch {
	case s.Others == 1:
		return "1 other kind"
	case s.Others > 1:
		return fmt.Sprintf("%d other kinds", s.Others)
	case s.Known:
		return s.Kind.Name() + " known" // boards the player could know, apart
	}
	return s.Kind.Name()
}

// WriteStatsJSON writes stats as an indented JSON array, in one Write,
// escaped as escapeJSON escapes it.
func WriteStatsJSON(w io.Writer, stats []Stats) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(stats); err != nil {
		return err
	}
	_, err := w.Write(escapeJSON(b.Bytes()))
	return err
}

// escapeJSON returns data, JSON as encoding/json writes it, with each
// rune that a terminal could act on and that encoding/json leaves as it
// is written as a \u escape: DEL, the C1 controls (U+009B is CSI, which
// starts an escape sequence as ESC [ does) and the bidi controls, which
// reorder the text around them. (encoding/json escapes the C0 controls,
// ESC among them, itself.) The JSON means the same: such runes stand only
// inside strings, where the escape is the rune.
func escapeJSON(data []byte) []byte {
	if !bytes.ContainsFunc(data, actsOnTerminal) {
		return data
	}
	out := make([]byte, 0, len(data)+32)
	for len(data) > 0 {
		r, n := utf8.DecodeRune(data)
		if actsOnTerminal(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, data[:n]...)
		}
		data = data[n:]
	}
	return out
}

// actsOnTerminal reports whether r is a rune that escapeJSON escapes.
func actsOnTerminal(r rune) bool {
	return r == 0x7f || 0x80 <= r && r <= 0x9f || unicode.Is(unicode.Bidi_Control, r)
}

// Latest returns the latest n of games, or all when n is 0, newest first,
// with the number of each, its place in games counted from 1, in nums.
// Games are in the order they ended, which is date order unless the clock
// went back; the dates are put in order. It is the definition the store's
// indexed query is tested against.
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
		if g.Won() {
			eff = Percent(g.Numbers().Efficiency())
		}
		var marks []string
		if g.NF {
			marks = append(marks, "NF")
		}
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
		if g.Daily != "" {
			marks = append(marks, "daily "+userfile.Printable(g.Daily))
		}
		t.add(strconv.FormatInt(nums[i], 10),
			g.Date.Format("2006-01-02 15:04"),
			g.Kind().Name(),
			userfile.Printable(g.Result),
			seconds(g.TimeMS),
			strconv.Itoa(g.ThreeBV),
			speed,
			strconv.Itoa(g.Clicks),
			eff,
			strings.Join(marks, " "))
	}
	return t.write(w)
}

// WriteGamesJSON writes games as JSON lines (see WriteGameJSON), nothing
// for none.
func WriteGamesJSON(w io.Writer, games []Game) error {
	for i := range games {
		if err := WriteGameJSON(w, &games[i]); err != nil {
			return err
		}
	}
	return nil
}

// WriteGameJSON writes g as one JSON line, as the records hold it
// (escaped as escapeJSON escapes it): a line a game, so that a list of
// any length is written one game at a time, and a line alone is a file
// minesweeper replay reads.
func WriteGameJSON(w io.Writer, g *Game) error {
	line, err := json.Marshal(g)
	if err != nil {
		return err
	}
	line = append(escapeJSON(line), '\n')
	_, err = w.Write(line)
	return err
}

// seconds writes a time in milliseconds as seconds to the hundredth,
// rounded half away from zero: "41.27 s". Any int64 is written as it is,
// 2^63-1 as "9223372036854775.81 s": the time is taken apart as an
// unsigned number, so neither its rounding nor its sign overflows.
func seconds(ms int64) string {
	sign, u := "", uint64(ms)
	if ms < 0 {
		sign, u = "-", -u // two's complement: |ms|, -2^63 too
	}
	cs := u/10 + (u%10+5)/10 // hundredths, rounded
	if cs == 0 {
		sign = ""
	}
	return fmt.Sprintf("%s%d.%02d s", sign, cs/100, cs%100)
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

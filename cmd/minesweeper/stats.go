package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// noGames is what stats and history print when no game has been played.
const noGames = "no games yet: play one with minesweeper\n"

// runStats is "minesweeper stats": a table of the games played, one line per
// kind of board, from the history log.
func runStats(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("minesweeper stats", flag.ContinueOnError)
	asJSON := newBool(fs, "json", false, "print the statistics as JSON")
	ascii := newBool(fs, "ascii", false, "draw the speeds with ASCII characters rather than blocks")
	if code, done := parseFlags(fs, args, stdout, stderr, func(w io.Writer) {
		fmt.Fprintf(w, `Usage: minesweeper stats [flags]

Prints the statistics of the games played, one line per kind of board, the
boards played most first: games played and won, the win rate, the current
and the best winning streak, the best time and the best speed in 3BV per
second, and as a sparkline (the trend) the speeds of the last %d wins.
Only wins without hints or undoing enter the times and speeds; every game
counts in the rest.

Flags:
`, history.RecentSpeeds)
		fs.SetOutput(w)
		fs.PrintDefaults()
	}); done {
		return code
	}
	games, ok := readGames(fs.Name(), stderr)
	if !ok {
		return exitFailure
	}
	var buf bytes.Buffer
	switch stats := history.Summarize(games); {
	case *asJSON:
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", "  ")
		if err := enc.Encode(stats); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
			return exitFailure
		}
	case len(stats) == 0:
		buf.WriteString(noGames)
	default:
		spark := history.Sparkline
		if *ascii {
			spark = history.SparklineASCII
		}
		writeStats(&buf, stats, spark)
	}
	return write(fs.Name(), stdout, stderr, buf.Bytes())
}

// writeStats writes stats as a table, drawing the recent speeds with spark.
func writeStats(w io.Writer, stats []history.Stats, spark func([]float64) string) {
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
		label := boardLabel(s.Kind, s.Level)
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
	t.write(w)
}

// runHistory is "minesweeper history": the latest games from the history
// log, newest first, one line each.
func runHistory(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("minesweeper history", flag.ContinueOnError)
	n := 20
	fs.Var(&intFlag{p: &n}, "n", "the `number` of games to list, the latest; 0 lists all")
	asJSON := newBool(fs, "json", false, "print the games as JSON, as the log holds them")
	if code, done := parseFlags(fs, args, stdout, stderr, func(w io.Writer) {
		fmt.Fprint(w, `Usage: minesweeper history [flags]

Lists the latest games, newest first, one line each: its number, which
minesweeper replay N takes, when it ended, the board, the result, the time, the board's 3BV, the speed in 3BV per second
and the efficiency (3BV per click, as a percent) of a won game, the clicks,
and whether hints were used or moves undone.

With -json the output is a JSON array of the games, one per line.

Flags:
`)
		fs.SetOutput(w)
		fs.PrintDefaults()
	}); done {
		return code
	}
	if n < 0 {
		fmt.Fprintf(stderr, "%s: -n: %d is negative (want a number of games, 0 for all)\n", fs.Name(), n)
		return exitUsage
	}
	games, ok := readGames(fs.Name(), stderr)
	if !ok {
		return exitFailure
	}
	// Each game keeps its number in the log, as replay takes it. The log
	// is in the order the games ended, which is date order unless the
	// clock went back; show the dates in order.
	numbers := make(map[*history.Game]int, len(games))
	byDate := make([]*history.Game, len(games))
	for i := range games {
		numbers[&games[i]], byDate[i] = i+1, &games[i]
	}
	slices.SortStableFunc(byDate, func(a, b *history.Game) int { return b.Date.Compare(a.Date) })
	if n > 0 && len(byDate) > n {
		byDate = byDate[:n]
	}
	games = make([]history.Game, len(byDate))
	nums := make([]int, len(byDate))
	for i, g := range byDate {
		games[i], nums[i] = *g, numbers[g]
	}
	var buf bytes.Buffer
	switch {
	case *asJSON:
		if err := writeGamesJSON(&buf, games); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
			return exitFailure
		}
	case len(games) == 0:
		buf.WriteString(noGames)
	default:
		writeHistory(&buf, games, nums)
	}
	return write(fs.Name(), stdout, stderr, buf.Bytes())
}

// writeHistory writes games as a table, in their order, each with its
// number in nums.
func writeHistory(w io.Writer, games []history.Game, nums []int) {
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
		t.add(strconv.Itoa(nums[i]),
			g.Date.Format("2006-01-02 15:04"),
			boardLabel(g.Kind(), g.Level),
			g.Result,
			seconds(g.TimeMS),
			strconv.Itoa(g.ThreeBV),
			speed,
			strconv.Itoa(g.Clicks),
			eff,
			strings.Join(marks, " "))
	}
	t.write(w)
}

// writeGamesJSON writes games as a JSON array with one game per line, each
// as the log writes it: a game's moves would fill pages when indented.
func writeGamesJSON(w *bytes.Buffer, games []history.Game) error {
	w.WriteString("[")
	for i, g := range games {
		line, err := json.Marshal(&g)
		if err != nil {
			return err
		}
		if i > 0 {
			w.WriteString(",")
		}
		w.WriteString("\n  ")
		w.Write(line)
	}
	if len(games) > 0 {
		w.WriteString("\n")
	}
	w.WriteString("]\n")
	return nil
}

// readGames reads the games of the history log, printing the store's
// warnings, and any error, as one line each on stderr under name.
func readGames(name string, stderr io.Writer) ([]history.Game, bool) {
	dir, err := history.Dir()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil, false
	}
	st, err := history.Open(dir, func(msg string) {
		fmt.Fprintf(stderr, "%s: warning: %s\n", name, msg)
	})
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil, false
	}
	games, err := st.Games()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil, false
	}
	return games, true
}

// write writes out to stdout, or says on stderr why it could not.
func write(name string, stdout, stderr io.Writer, out []byte) int {
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return exitFailure
	}
	return exitOK
}

// boardLabel names a kind of board for a person: its level when it has
// one, else its size and mines, followed by its first-click rule unless it
// is the default, opening, and "no-guess" for a no-guess board:
// "expert no-guess", "16x16n40 safe".
func boardLabel(s board.Settings, level string) string {
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

// write writes the table to w.
func (t table) write(w io.Writer) {
	widths := make([]int, len(t))
	for i, c := range t {
		widths[i] = utf8.RuneCountInString(c.head)
		for _, s := range c.cells {
			widths[i] = max(widths[i], utf8.RuneCountInString(s))
		}
	}
	var line strings.Builder
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
		fmt.Fprintln(w, text)
	}
}

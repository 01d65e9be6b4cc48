package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// Title returns the line above the leaderboard's table: "daily expert
// 2026-11-25: 12 players", "all-time beginner: 1 player", "all-time
// expert NF: 3 players", and how many
// are listed when that is fewer than the players.
func (lb Leaderboard) Title() string {
	kind := "all-time " + lb.Level
	if lb.NF {
		kind += " NF"
	}
	if lb.Date != "" {
		kind = "daily " + lb.Level + " " + lb.Date
	}
	title := fmt.Sprintf("%s: %s", kind, record.Count(lb.Players, "player"))
	if n := len(lb.Entries); n < lb.Players {
		title += fmt.Sprintf(" (the first %d)", n)
	}
	return userfile.Printable(title)
}

// empty returns what stands for the table of a leaderboard without
// entries.
func (lb Leaderboard) empty() string {
	if lb.Date != "" {
		return "nobody has played it yet"
	}
	return "no clean win yet"
}

// leaderHead are the heads of a leaderboard's columns; right says which
// are aligned right.
var (
	leaderHead  = [...]string{"#", "name", "time", "3BV/s", "result", "ended (UTC)"}
	leaderRight = [...]bool{true, false, true, true, false, false}
)

// cells returns the cells of an entry of lb, under leaderHead: its name
// made printable, the time to the hundredth of a second, and when it
// ended, in UTC: the time of day on a daily board (whose date is the
// title's), the date on the all-time one.
func (lb Leaderboard) cells(e Entry) [len(leaderHead)]string {
	rank, speed := "-", "-"
	if e.Rank > 0 {
		rank = fmt.Sprint(e.Rank)
	}
	if e.Speed > 0 {
		speed = fmt.Sprintf("%.2f", e.Speed)
	}
	layout := time.DateOnly
	if lb.Date != "" {
		layout = "15:04"
	}
	return [...]string{rank, userfile.Printable(e.Name), fmt.Sprintf("%.2f s", float64(e.TimeMS)/1000),
		speed, userfile.Printable(e.Result), e.Date.UTC().Format(layout)}
}

// LeaderLines returns the lines of the leaderboard's table, without its
// title: the heads of the columns, then one line an entry, the columns
// two spaces apart, aligned by the columns a terminal gives each
// character (a wide one two; see Width). Names, made printable, are cut
// to nameCols columns, ending in "…", when nameCols is above zero. A
// board without entries is one line saying so.
func LeaderLines(lb Leaderboard, nameCols int) []string {
	if len(lb.Entries) == 0 {
		return []string{lb.empty()}
	}
	rows := make([][len(leaderHead)]string, 0, len(lb.Entries)+1)
	rows = append(rows, leaderHead)
	for _, e := range lb.Entries {
		c := lb.cells(e)
		if nameCols > 0 {
			c[1] = userfile.Clip(c[1], nameCols, "…")
		}
		rows = append(rows, c)
	}
	var widths [len(leaderHead)]int
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], userfile.Width(c))
		}
	}
	lines := make([]string, len(rows))
	for j, r := range rows {
		var b strings.Builder
		for i, c := range r {
			pad := strings.Repeat(" ", widths[i]-userfile.Width(c))
			if i > 0 {
				b.WriteString("  ")
			}
			if leaderRight[i] {
				b.WriteString(pad + c)
			} else {
				b.WriteString(c + pad)
			}
		}
		lines[j] = strings.TrimRight(b.String(), " ")
	}
	return lines
}

// SecretLines returns the lines that say what a daily board is laid
// from, after its table: its commitment, and its secret once its day has
// ended, with the command that lays it again; none when it has no
// commitment. The digits stand on lines of their own, to fit a screen 80
// columns wide, and are cleaned.
func (lb Leaderboard) SecretLines() []string {
	if lb.Commitment == "" {
		return nil
	}
	lines := []string{"", "commitment (SHA-256):", "  " + userfile.Printable(lb.Commitment)}
	if lb.Secret == "" {
		return append(lines, "secret: shown when the day has ended")
	}
	return append(lines, "secret:", "  "+userfile.Printable(lb.Secret),
		fmt.Sprintf("lay it again: minesweeper gen -daily -date %s -level %s -secret SECRET -commitment COMMITMENT",
			userfile.Printable(lb.Date), userfile.Printable(lb.Level)))
}

// WriteLeaderboards writes each leaderboard as its title and its table,
// indented, a blank line between boards.
func WriteLeaderboards(w io.Writer, boards []Leaderboard) error {
	var b bytes.Buffer
	for i, lb := range boards {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(lb.Title() + "\n")
		for _, line := range append(LeaderLines(lb, 0), lb.SecretLines()...) {
			b.WriteString(strings.TrimRight("  "+line, " ") + "\n")
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// WriteLeaderboardsJSON writes boards as one indented JSON array, every
// board's entries an array (empty, not null), with nothing a terminal
// would act on (see escapeJSON).
func WriteLeaderboardsJSON(w io.Writer, boards []Leaderboard) error {
	out := make([]Leaderboard, len(boards))
	for i, lb := range boards {
		if lb.Entries == nil {
			lb.Entries = []Entry{}
		}
		out[i] = lb
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := w.Write(escapeJSON(b.Bytes()))
	return err
}

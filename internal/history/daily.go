package history

import (
	"cmp"
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// dateLayout is how a daily board's date is written (see package daily).
const dateLayout = "2006-01-02"

// DailyStats sums up the daily boards of one level, a day at a time. The
// day's result is its counted game: the first game on the day's board that
// is not known, which the session keeps only for the first game of that
// date and level to end (or be given up), played on its date; any other
// game on a daily board is known (practice) and counts for no day.
type DailyStats struct {
	Level  string `json:"level"`
	Played int    `json:"played"` // the days whose daily board was played and counted
	Won    int    `json:"won"`    // of those, the days won
	// CurrentStreak is the days won in a row up to today, or up to
	// yesterday while today's board is not played yet: a day lost, or one
	// not played, ends a streak.
	CurrentStreak int `json:"current_streak"`
	BestStreak    int `json:"best_streak"` // the most days won in a row
	// Best is the fastest day won cleanly, without help or undo; nil when
	// there is none.
	Best *DailyBest `json:"best,omitempty"`
	Last string     `json:"last"` // the date of the latest day played
}

// DailyBest is the best time of a level's daily boards.
type DailyBest struct {
	Date   string `json:"date"` // the daily board's date
	TimeMS int64  `json:"time_ms"`
}

// DailyDay is the result of one day: its date and its counted game.
type DailyDay struct {
	Date   string
	Won    bool
	Clean  bool // won without help or undo
	TimeMS int64
}

// IsDailyCounted reports whether g is a counted game of a daily board:
// one whose day it may be (see DailyStats).
func (g *Game) IsDailyCounted() bool { return g.Daily != "" && !g.IsKnown() }

// SummarizeDaily returns the daily statistics of games, one DailyStats
// per level played, in the order of board.Levels; today is the date
// (YYYY-MM-DD, UTC) the current streaks run to. Games are taken in date
// order whatever their order in the slice (games with equal dates keep
// it). It is the definition the store's indexed query is tested against.
func SummarizeDaily(games []Game, today string) []DailyStats {
	byDate := make([]*Game, 0, len(games))
	for i := range games {
		if games[i].IsDailyCounted() {
			byDate = append(byDate, &games[i])
		}
	}
	slices.SortStableFunc(byDate, func(a, b *Game) int { return a.Date.Compare(b.Date) })
	days := map[string][]DailyDay{}
	seen := map[[2]string]bool{}
	for _, g := range byDate {
		k := [2]string{g.Level, g.Daily}
		if seen[k] {
			continue // the day counts its first game
		}
		seen[k] = true
		days[g.Level] = append(days[g.Level], DailyDay{Date: g.Daily, Won: g.Won(), Clean: g.Won() && !g.Assisted && !g.Undone, TimeMS: g.TimeMS})
	}
	out := []DailyStats{}
	for _, lv := range board.Levels {
		if d := days[lv.Name]; len(d) > 0 {
			slices.SortStableFunc(d, func(a, b DailyDay) int { return cmp.Compare(a.Date, b.Date) })
			out = append(out, SumDays(lv.Name, d, today))
		}
	}
	return out
}

// SumDays returns the statistics of level from its days, in date order,
// each date once, with the current streak running to today: the sum of
// SummarizeDaily, which the store's query makes too.
func SumDays(level string, days []DailyDay, today string) DailyStats {
	s := DailyStats{Level: level, Played: len(days)}
	run := 0
	prev := ""
	for _, d := range days {
		switch {
		case !d.Won:
			run = 0
		case run > 0 && nextDay(prev) == d.Date:
			run++
		default:
			run = 1
		}
		prev = d.Date
		if !d.Won {
			continue
		}
		s.Won++
		s.BestStreak = max(s.BestStreak, run)
		if d.Clean && (s.Best == nil || d.TimeMS < s.Best.TimeMS) {
			s.Best = &DailyBest{Date: d.Date, TimeMS: d.TimeMS}
		}
	}
	if len(days) > 0 {
		s.Last = prev
		// The streak stands while its last day is today or yesterday
		// (today's board may still be played), or later, should the
		// clock have gone back.
		if nextDay(prev) < today {
			run = 0
		}
		s.CurrentStreak = run
	}
	return s
}

// nextDay returns the date after date, both YYYY-MM-DD; "" for a date
// that cannot be read.
func nextDay(date string) string {
	t, err := time.Parse(dateLayout, date)
	if err != nil {
		return ""
	}
	return t.AddDate(0, 0, 1).Format(dateLayout)
}

// WriteDailyJSON writes the daily statistics as an indented JSON array,
// in one Write.
func WriteDailyJSON(w io.Writer, stats []DailyStats) error {
	data, err := json.MarshalIndent(stats, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(escapeJSON(data), '\n'))
	return err
}

// WriteDaily writes the daily statistics as a table, one line per level
// under a header line.
func WriteDaily(w io.Writer, stats []DailyStats) error {
	t := table{
		{head: "daily"},
		{head: "days", right: true},
		{head: "won", right: true},
		{head: "streak", right: true},
		{head: "best", right: true},
		{head: "last"},
	}
	for _, s := range stats {
		best := "-"
		if s.Best != nil {
			best = seconds(s.Best.TimeMS)
		}
		t.add(s.Level,
			strconv.Itoa(s.Played),
			strconv.Itoa(s.Won),
			strconv.Itoa(s.CurrentStreak)+"/"+strconv.Itoa(s.BestStreak),
			best,
			s.Last)
	}
	return t.write(w)
}

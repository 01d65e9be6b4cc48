package plot

import (
	"fmt"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// maxWeeks is how many weeks the calendar shows at most: a year's.
const maxWeeks = 53

// dayLabels are the labels of the calendar's rows, Monday first; the
// label column is as wide as one.
var dayLabels = [7]string{"Mon ", "    ", "Wed ", "    ", "Fri ", "    ", "Sun "}

// levelGlyphs are the glyphs of the levels of a day, none to the busiest.
var levelGlyphs = [2][5]string{{"·", "░", "▒", "▓", "█"}, {".", "-", "+", "*", "#"}}

// weekStart returns the Monday of day's week.
func weekStart(day time.Time) time.Time {
	back := (int(day.Weekday()) + 6) % 7
	return day.AddDate(0, 0, -back)
}

// level returns the level (0 to 4) of a day of n games when the busiest
// had most: 0 for none, else its quarter of most, rounded up.
func level(n, most int) int {
	if n <= 0 || most <= 0 {
		return 0
	}
	return min((4*n+most-1)/most, 4)
}

// counts returns the games of each date of days, and the most of a day.
func counts(days []history.Day) (map[string]int, int) {
	byDate, most := map[string]int{}, 0
	for _, d := range days {
		byDate[d.Date] += d.Games
		most = max(most, byDate[d.Date])
	}
	return byDate, most
}

// Calendar returns the activity calendar of days: a column a week, today's
// last, a row a weekday, each day's glyph and class its level of games.
// It shows as many weeks of the last year as width holds.
func Calendar(days []history.Day, today time.Time, width int, ascii bool) Plot {
	glyphs := levelGlyphs[0]
	if ascii {
		glyphs = levelGlyphs[1]
	}
	weeks := min(maxWeeks, max(width-len(dayLabels[0]), 1))
	y, m, d := today.Date()
	last := time.Date(y, m, d, 0, 0, 0, 0, today.Location())
	first := weekStart(last).AddDate(0, 0, -7*(weeks-1))
	byDate, most := counts(days)
	total := 0
	for date, n := range byDate {
		if date >= first.Format(time.DateOnly) {
			total += n
		}
	}
	p := Plot{Title: fmt.Sprintf("Games a day, the last %d weeks: %d games", weeks, total)}
	// The months' names over the weeks that start them, where they fit.
	head := Line{{"    ", Text}}
	col := 0
	for w := range weeks {
		monday := first.AddDate(0, 0, 7*w)
		sunday := monday.AddDate(0, 0, 6)
		if (w == 0 || sunday.Day() <= 7) && col <= w && w+3 <= weeks {
			name := sunday.Format("Jan")
			head.add(fmt.Sprintf("%*s", w-col, "")+name, Text)
			col = w + len(name)
		}
	}
	p.Lines = append(p.Lines, head)
	for row := range 7 {
		l := Line{{dayLabels[row], Text}}
		for w := range weeks {
			day := first.AddDate(0, 0, 7*w+row)
			if day.After(last) {
				l.add(" ", Text)
				continue
			}
			lv := level(byDate[day.Format(time.DateOnly)], most)
			l.add(glyphs[lv], Level0+Class(lv))
		}
		p.Lines = append(p.Lines, l)
	}
	legend := Line{{"    less ", Text}}
	for lv, g := range glyphs {
		legend.add(g, Level0+Class(lv))
		legend.add(" ", Text)
	}
	legend.add(fmt.Sprintf("more (the busiest day: %d)", most), Text)
	p.Lines = append(p.Lines, legend)
	return p
}

// describeCalendar words the calendar of days to today.
func describeCalendar(days []history.Day, today time.Time) string {
	from := Since(today).Format(time.DateOnly)
	games, played, best := 0, 0, history.Day{}
	for _, d := range days {
		if d.Date < from {
			continue
		}
		games, played = games+d.Games, played+1
		if d.Games > best.Games {
			best = d
		}
	}
	if games == 0 {
		return fmt.Sprintf("Games a day since %s: none.", from)
	}
	return fmt.Sprintf("Games a day since %s: %s on %s, the busiest %s with %d.", from, record.Count(games, "game"), record.Count(played, "day"), best.Date, best.Games)
}

package history

import (
	"bytes"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

var (
	dailyBeginner = board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true}
	dailyExpert   = board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}
)

// daily returns a game on the daily board of date at level, ending at
// minute n of that date: "won" or "lost" in ms milliseconds; marks as
// played takes them ("known" for practice, "assisted", "undone").
func daily(date, level string, n int, result string, ms int64, marks ...string) Game {
	kind := dailyBeginner
	if level == "expert" {
		kind = dailyExpert
	}
	d, err := time.Parse(dateLayout, date)
	if err != nil {
		panic(err)
	}
	g := played(0, kind, result, ms, 10, append(marks, level)...)
	g.Date, g.Daily = d.Add(time.Duration(n)*time.Minute), date
	return g
}

func TestSummarizeDaily(t *testing.T) {
	const today = "2026-11-25"
	tests := []struct {
		name  string
		games []Game
		want  []DailyStats
	}{
		{"no games", nil, []DailyStats{}},
		{"no daily", []Game{played(1, beginner, "won", 5000, 10, "beginner")}, []DailyStats{}},
		{
			"today won",
			[]Game{daily(today, "beginner", 1, "won", 5000)},
			[]DailyStats{{Level: "beginner", Played: 1, Won: 1, CurrentStreak: 1, BestStreak: 1, Best: &DailyBest{today, 5000}, Last: today}},
		},
		{
			"the first game counts, practice does not",
			[]Game{
				daily(today, "beginner", 1, "lost", 2000),
				daily(today, "beginner", 2, "won", 4000, "known"),
			},
			[]DailyStats{{Level: "beginner", Played: 1, Won: 0, Last: today}},
		},
		{
			"the first by date, whatever the order",
			[]Game{
				daily(today, "beginner", 5, "lost", 2000),
				daily(today, "beginner", 1, "won", 4000),
			},
			[]DailyStats{{Level: "beginner", Played: 1, Won: 1, CurrentStreak: 1, BestStreak: 1, Best: &DailyBest{today, 4000}, Last: today}},
		},
		{
			"a streak to yesterday stands; the best is clean",
			[]Game{
				daily("2026-11-21", "beginner", 1, "won", 3000, "assisted"),
				daily("2026-11-22", "beginner", 1, "lost", 3000),
				daily("2026-11-23", "beginner", 1, "won", 9000),
				daily("2026-11-24", "beginner", 1, "won", 7000, "undone"),
			},
			[]DailyStats{{Level: "beginner", Played: 4, Won: 3, CurrentStreak: 2, BestStreak: 2, Best: &DailyBest{"2026-11-23", 9000}, Last: "2026-11-24"}},
		},
		{
			"a day missed ends the streak",
			[]Game{
				daily("2026-11-20", "beginner", 1, "won", 3000),
				daily("2026-11-21", "beginner", 1, "won", 3000),
				daily("2026-11-22", "beginner", 1, "won", 3000),
				daily("2026-11-24", "beginner", 1, "won", 2500),
			},
			[]DailyStats{{Level: "beginner", Played: 4, Won: 4, CurrentStreak: 1, BestStreak: 3, Best: &DailyBest{"2026-11-24", 2500}, Last: "2026-11-24"}},
		},
		{
			"an old streak is no current one",
			[]Game{
				daily("2026-11-01", "beginner", 1, "won", 3000),
				daily("2026-11-02", "beginner", 1, "won", 3000),
			},
			[]DailyStats{{Level: "beginner", Played: 2, Won: 2, CurrentStreak: 0, BestStreak: 2, Best: &DailyBest{"2026-11-01", 3000}, Last: "2026-11-02"}},
		},
		{
			"across the end of a month and a year",
			[]Game{
				daily("2025-12-31", "expert", 1, "won", 90000),
				daily("2026-01-01", "expert", 1, "won", 80000),
				daily("2026-01-02", "expert", 1, "lost", 1000),
			},
			[]DailyStats{{Level: "expert", Played: 3, Won: 2, BestStreak: 2, Best: &DailyBest{"2026-01-01", 80000}, Last: "2026-01-02"}},
		},
		{
			"levels apart, in the levels' order",
			[]Game{
				daily(today, "expert", 1, "won", 80000),
				daily(today, "beginner", 2, "lost", 1000),
			},
			[]DailyStats{
				{Level: "beginner", Played: 1, Last: today},
				{Level: "expert", Played: 1, Won: 1, CurrentStreak: 1, BestStreak: 1, Best: &DailyBest{today, 80000}, Last: today},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SummarizeDaily(tt.games, today); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("SummarizeDaily = %s; want %s", dailyString(got), dailyString(tt.want))
			}
		})
	}
}

// dailyString writes stats for a test's message.
func dailyString(stats []DailyStats) string {
	var b bytes.Buffer
	for _, s := range stats {
		b.WriteString("\n  ")
		best := "nil"
		if s.Best != nil {
			best = s.Best.Date + " " + seconds(s.Best.TimeMS)
		}
		b.WriteString(strings.Join([]string{s.Level, "played", itoa(s.Played), "won", itoa(s.Won),
			"streak", itoa(s.CurrentStreak) + "/" + itoa(s.BestStreak), "best", best, "last", s.Last}, " "))
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestWriteDaily(t *testing.T) {
	stats := []DailyStats{
		{Level: "beginner", Played: 12, Won: 10, CurrentStreak: 3, BestStreak: 7, Best: &DailyBest{"2026-11-20", 4213}, Last: "2026-11-25"},
		{Level: "expert", Played: 1, Won: 0, Last: "2026-11-24"},
	}
	var b bytes.Buffer
	if err := WriteDaily(&b, stats); err != nil {
		t.Fatal(err)
	}
	want := `daily     days  won  streak    best  last
beginner    12   10     3/7  4.21 s  2026-11-25
expert       1    0     0/0       -  2026-11-24
`
	if got := b.String(); got != want {
		t.Errorf("WriteDaily wrote\n%s\nwant\n%s", got, want)
	}
}

func TestCheckDaily(t *testing.T) {
	good := daily("2026-11-25", "beginner", 1, "won", 5000)
	tests := []struct {
		name   string
		change func(g *Game)
		want   string // a part of the error; "" for none
	}{
		{"good", func(*Game) {}, ""},
		{"not a date", func(g *Game) { g.Daily = "2026-11-31" }, `daily "2026-11-31" is not a date`},
		{"not written so", func(g *Game) { g.Daily = "2026-1-5" }, `is not a date`},
		{"not no-guess", func(g *Game) { g.Board = beginner }, "not a level's no-guess board"},
		{"not a level", func(g *Game) { g.Board.Mines = 11 }, "not a level's no-guess board"},
		{"another level named", func(g *Game) { g.Level = "expert" }, "not a level's no-guess board"},
	}
	for _, tt := range tests {
		g := good
		tt.change(&g)
		err := g.Check()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: Check() = %v; want nil", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: Check() = %v; want an error with %q", tt.name, err, tt.want)
		}
	}
}

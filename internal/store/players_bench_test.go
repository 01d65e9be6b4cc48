package store

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// The size of a server the leaderboards are timed at: 100,000 games of
// 1,000 named players, two a day each.
const (
	benchPlayers     = 1000
	benchPlayerGames = 100
)

// benchDay0 is the first day of the benchmark's games.
var benchDay0 = time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)

// benchServerGames returns the games of player p, two a day: every third
// day's first on the daily board of beginner or expert, counted, and its
// second the same board again, practice; the others on the three levels;
// two in three won, one in ten with help.
func benchServerGames(p int) []history.Game {
	games := make([]history.Game, benchPlayerGames)
	for i := range games {
		k := p*benchPlayerGames + i
		g := testGame(k)
		g.Moves = nil
		g.Date = benchDay0.Add(time.Duration(i/2)*24*time.Hour + time.Duration(i%2+p)*time.Minute)
		lv := board.Levels[(k/7)%3]
		g.Level, g.Board = lv.Name, board.Settings{Width: lv.Width, Height: lv.Height, Mines: lv.Mines, Rule: board.Opening}
		g.TimeMS = int64(3000 + (k*7919)%200000)
		g.ThreeBV = 10 + k%90
		if k%3 == 0 {
			g.Result = "lost"
		}
		if k%10 == 1 {
			g.Assisted = true
		}
		if i%6 < 2 {
			if i%6 == 1 {
				g.Level = games[i-1].Level // practice of the counted one
				g.Known = true
			}
			g.Daily = g.Date.Format("2006-01-02")
			g.Board = dailyBeginner
			if g.Level != "beginner" {
				g.Level, g.Board = "expert", dailyExpert
			}
		}
		games[i] = g
	}
	return games
}

// BenchmarkLeaderboards times the leaderboards of a server of 100,000
// games of 1,000 players, on SQLite and (with MINESWEEPER_TEST_POSTGRES)
// PostgreSQL, and beside them in the same run the baseline, what one
// read of every game's columns costs (a leaderboard without its index);
// each in ms/op.
//
//	go test -run '^$' -bench Leaderboards -benchtime 20x ./internal/store/
func BenchmarkLeaderboards(b *testing.B) {
	for _, bk := range backends {
		if bk.server == nil {
			continue
		}
		if bk.name == "postgres" && os.Getenv(pgEnv) == "" {
			b.Logf("%s is not set: the leaderboards are not timed on PostgreSQL", pgEnv)
			continue
		}
		s, _ := bk.server(b, bk.place(b))
		for p := range benchPlayers {
			id := fmt.Sprintf("SHA256:%04d", p)
			if _, err := s.view(id).AppendAll(ctx, benchServerGames(p)); err != nil {
				b.Fatal(err)
			}
			if err := s.SetName(ctx, id, fmt.Sprintf("Player%04d", p)); err != nil {
				b.Fatal(err)
			}
		}
		date := benchDay0.AddDate(0, 0, 48).Format("2006-01-02") // a day of counted dailies
		for _, op := range []struct {
			name string
			run  func(b *testing.B, s *players) int
		}{
			{"daily", func(b *testing.B, s *players) int {
				lb, err := s.Daily(ctx, date, "beginner", 10)
				if err != nil {
					b.Fatal(err)
				}
				return lb.Players
			}},
			{"alltime", func(b *testing.B, s *players) int {
				lb, err := s.AllTime(ctx, "expert", false, 10)
				if err != nil {
					b.Fatal(err)
				}
				return lb.Players
			}},
			{"scan", func(b *testing.B, s *players) int {
				rows, err := s.d.db.QueryContext(ctx, `SELECT player, level, daily, known, clean, time_ms, speed, date FROM games`)
				if err != nil {
					b.Fatal(err)
				}
				defer rows.Close()
				n := 0
				for rows.Next() {
					var player, level, daily string
					var known, clean bool
					var ms, date int64
					var speed *float64
					if err := rows.Scan(&player, &level, &daily, &known, &clean, &ms, &speed, &date); err != nil {
						b.Fatal(err)
					}
					n++
				}
				if err := rows.Err(); err != nil {
					b.Fatal(err)
				}
				return n
			}},
		} {
			b.Run(fmt.Sprintf("db=%s/op=%s", bk.name, op.name), func(b *testing.B) {
				var n int
				for b.Loop() {
					n = op.run(b, s)
				}
				if n == 0 {
					b.Fatalf("%s read no rows: the benchmark times nothing", op.name)
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/op")
				b.ReportMetric(float64(n), "rows")
			})
		}
	}
}

package store

import (
	"database/sql"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

var (
	dailyBeginner = board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true}
	dailyExpert   = board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}
)

// randomDailies returns n games on the daily boards of beginner and expert
// over a fortnight from 2026-11-01, a few a date: counted or practice
// (known), won or lost, clean or not, and now and then dated before the
// game kept before them, among games on other boards.
func randomDailies(r *rand.Rand, n int) []history.Game {
	day := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	var games []history.Game
	for i := range n {
		date := day.AddDate(0, 0, r.IntN(14))
		g := history.Game{
			V:       history.Version,
			Date:    date.Add(time.Duration(r.IntN(24*60)) * time.Minute),
			Board:   dailyBeginner,
			Level:   "beginner",
			Seed:    uint64(i + 1),
			Daily:   date.Format("2006-01-02"),
			Result:  "lost",
			TimeMS:  int64(1000 + r.IntN(100000)),
			ThreeBV: 20,
			Clicks:  30,
		}
		if r.IntN(2) == 0 {
			g.Board, g.Level = dailyExpert, "expert"
		}
		if r.IntN(3) > 0 {
			g.Result = "won"
		}
		switch r.IntN(8) {
		case 0:
			g.Assisted = true
		case 1:
			g.Undone = true
		case 2, 3:
			g.Known = true // practice
		case 4:
			g.GaveUp = true
			g.Result = "lost"
		case 5:
			g.Daily = "" // another game on a no-guess board
		}
		if r.IntN(10) == 0 && len(games) > 0 {
			g.TimeMS = games[r.IntN(len(games))].TimeMS // a tie
		}
		games = append(games, g)
	}
	return games
}

// TestDailyAsSummarizeDaily checks the store's daily statistics, read
// through its index, against history.SummarizeDaily of every game (the
// definition), for several days as today, and DailyCounted against the
// games: whether a counted game of the date and level is kept.
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestDailyAsSummarizeDaily(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, slow under -race: run without it, in make test's second pass")
	}
	eachBackend(t, func(t *testing.T, b backend) {
		for _, seed := range []uint64{1, 2, 3} {
			t.Run(fmt.Sprint(seed), func(t *testing.T) {
				r := rand.New(rand.NewPCG(seed, 28))
				d, w := b.fresh(t)
				games := randomDailies(r, 120)
				for i, g := range games {
					if _, err := d.Append(ctx, g); err != nil {
						t.Fatalf("Append(game %d) = %v", i+1, err)
					}
					if i%40 == 0 || i == len(games)-1 {
						checkDaily(t, d, games[:i+1])
					}
				}
				if msgs := w.all(); len(msgs) != 0 {
					t.Errorf("warnings %q; want none", msgs)
				}
			})
		}
	})
}

// checkDaily checks DailyStats and DailyCounted of d against games, the
// games it holds.
func checkDaily(t *testing.T, d *DB, games []history.Game) {
	t.Helper()
	for _, today := range []string{"2026-10-30", "2026-11-07", "2026-11-14", "2026-11-15", "2026-11-16", "2026-12-01"} {
		got, err := d.DailyStats(ctx, today)
		if err != nil {
			t.Fatal(err)
		}
		if g, w := asJSON(t, got), asJSON(t, history.SummarizeDaily(games, today)); g != w {
			t.Fatalf("DailyStats(%s) =\n%s\nwant SummarizeDaily's\n%s", today, g, w)
		}
	}
	for day := 0; day < 15; day++ {
		date := time.Date(2026, 11, 1+day, 0, 0, 0, 0, time.UTC).Format("2006-01-02")
		for _, level := range []string{"beginner", "expert"} {
			want := false
			for _, g := range games {
				want = want || g.Daily == date && g.Level == level && g.IsDailyCounted()
			}
			if got, err := d.DailyCounted(ctx, date, level); got != want || err != nil {
				t.Errorf("DailyCounted(%s, %s) = %v, %v; want %v, nil", date, level, got, err, want)
			}
		}
	}
}

// TestDailyIndexed checks that the daily queries read an index of the
// player's daily games (games_daily; whether a date counted may read the
// leaderboard's games_board, which holds the same rows by level, date
// and player) rather than every game.
func TestDailyIndexed(t *testing.T) {
	d, _ := openIn(t, t.TempDir())
	for _, tt := range []struct {
		query   string
		indexes []string
	}{
		{`SELECT EXISTS (SELECT 1 FROM games WHERE player = '' AND level = 'beginner' AND daily = '2026-11-25' AND daily <> '' AND known = 0)`,
			[]string{"games_daily (player=? AND level=? AND daily=?)", "games_board (level=? AND daily=? AND player=?)"}},
		{`SELECT daily, won, clean, time_ms FROM games WHERE player = '' AND level = 'beginner' AND daily <> '' AND known = 0 ORDER BY daily, date, n`,
			[]string{"games_daily (player=? AND level=?)"}},
	} {
		plan := planOf(t, d.db, tt.query)
		found := false
		for _, index := range tt.indexes {
			found = found || strings.Contains(plan, index)
		}
		if !found || strings.Contains(plan, "TEMP B-TREE") {
			t.Errorf("the plan of %s is %q; want one of the indexes %q, without sorting", tt.query, plan, tt.indexes)
		}
	}
}

// planOf returns SQLite's plan of query, its lines joined by "; ".
func planOf(t *testing.T, db *sql.DB, query string, args ...any) string {
	t.Helper()
	rows, err := db.QueryContext(ctx, "EXPLAIN QUERY PLAN "+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, notUsed int
		var detail string
		if err := rows.Scan(&id, &parent, &notUsed, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(plan, "; ")
}

// TestDailyMigration checks that a store of the schema before the daily
// boards is brought up to date, its games kept as they were (none on a
// daily board), and then keeps daily games.
func TestDailyMigration(t *testing.T) {
	parallel(t)
	dir := t.TempDir()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	old := len(migrations) - 1
	for _, m := range migrations[:old] {
		if _, err := db.Exec(m); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(fmt.Sprintf("PRAGMA user_version = %d; PRAGMA application_id = %d", old, appID)); err != nil {
		t.Fatal(err)
	}
	g := testGame(1)
	if _, err := db.Exec(`INSERT INTO games (date, kind, known, won, clean, time_ms, speed, level, record) VALUES (?, ?, 0, 1, 1, ?, NULL, 'beginner', ?)`,
		g.Date.UnixNano(), g.Board.String(), g.TimeMS, `{"v":2,"date":"2025-03-01T20:01:00Z","board":"9x9n10 opening","level":"beginner","seed":1,"layout":[],"result":"won","time_ms":10001,"3bv":20,"clicks":25,"moves":[]}`); err != nil {
		t.Fatal(err)
	}
	db.Close()

	d, _ := openIn(t, dir)
	var daily string
	if err := d.db.QueryRowContext(ctx, `SELECT daily FROM games WHERE n = 1`).Scan(&daily); err != nil || daily != "" {
		t.Errorf("the old game's daily = %q, %v; want \"\", nil", daily, err)
	}
	dg := history.Game{V: history.Version, Date: time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC), Board: dailyBeginner, Level: "beginner",
		Daily: "2026-11-25", Result: "won", TimeMS: 4000, ThreeBV: 10, Clicks: 12}
	if _, err := d.Append(ctx, dg); err != nil {
		t.Fatal(err)
	}
	if ok, err := d.DailyCounted(ctx, "2026-11-25", "beginner"); !ok || err != nil {
		t.Errorf("DailyCounted after the migration = %v, %v; want true, nil", ok, err)
	}
}

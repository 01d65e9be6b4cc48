package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// benchSizes are the histories the records are timed at: a new player's,
// a keen one's, and as many games as the players of the sites we compare
// with keep.
var benchSizes = []int{10, 10_000, 100_000}

// benchGames returns n finished games on three kinds of board, in date
// order, each with a layout and thirty moves, as a game's record is; one
// win in two placed no flag (the NF style), so that the NF bests are
// read from as many games as the others.
func benchGames(n int) []history.Game {
	kinds := []board.Settings{beginner, expert, beginner}
	games := make([]history.Game, n)
	for i := range games {
		g := testGame(i)
		g.Board = kinds[i%len(kinds)]
		g.Level = board.LevelOf(g.Board)
		g.TimeMS = int64(5000 + (i*7919)%90000)
		if i%3 == 0 {
			g.Result = "lost"
		}
		if i%2 == 0 && g.Won() {
			g.Moves, g.NF = g.Moves[:1], true // no flag placed
		}
		for m := range 30 {
			g.Moves = append(g.Moves, history.Move{Move: game.Move{Action: game.Open, At: board.Point{X: m % 9, Y: m / 9}}, At: int64(1000 * m)})
		}
		games[i] = g
	}
	return games
}

// benchStores makes, in root, the directories of an SQLite store and of a
// JSON Lines log holding the same n games, and returns them.
func benchStores(b *testing.B, root string, n int) (sqliteDir, jsonlDir string) {
	b.Helper()
	sqliteDir, jsonlDir = filepath.Join(root, "sqlite"), filepath.Join(root, "jsonl")
	games := benchGames(n)
	d, err := Open(sqliteDir, nil)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := d.AppendAll(ctx, games); err != nil {
		b.Fatal(err)
	}
	d.Close()
	var log bytes.Buffer
	for _, g := range games {
		line, err := json.Marshal(g)
		if err != nil {
			b.Fatal(err)
		}
		log.Write(line)
		log.WriteByte('\n')
	}
	if err := os.MkdirAll(jsonlDir, 0o700); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(jsonlDir, oldLog), log.Bytes(), 0o600); err != nil {
		b.Fatal(err)
	}
	return sqliteDir, jsonlDir
}

// jsonlLog is the baseline: the JSON Lines history as the game kept it
// before this store, doing what its operations did. Every read parsed
// the whole log; the first game a run kept read the log for the best
// time, checked the whole log before appending, and synced its line.
type jsonlLog string

// games reads and parses the whole log.
func (l jsonlLog) games(b *testing.B) []history.Game {
	data, err := os.ReadFile(filepath.Join(string(l), oldLog))
	if err != nil {
		b.Fatal(err)
	}
	var games []history.Game
	for line := range bytes.Lines(data) {
		g, _, err := history.DecodeLine(bytes.TrimSpace(line))
		if err != nil {
			b.Fatal(err)
		}
		games = append(games, g)
	}
	return games
}

// keep keeps g as the first game of a run: the best time read, the log
// checked, the line appended and synced.
func (l jsonlLog) keep(b *testing.B, g history.Game) {
	history.Summarize(l.games(b))
	l.games(b) // the first Append of a run checks every line of the log
	f, err := os.OpenFile(filepath.Join(string(l), oldLog), os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	line, err := json.Marshal(g)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		b.Fatal(err)
	}
	if err := f.Sync(); err != nil {
		b.Fatal(err)
	}
}

// recordOps are the operations the issue timed, as each store does them:
// a run's first use opens the store (the SQLite one; the log has nothing
// to open).
var recordOps = []struct {
	name   string
	sqlite func(b *testing.B, dir string, i int)
	jsonl  func(b *testing.B, l jsonlLog, i int)
}{
	{"stats-screen", // i: the statistics of the board in play
		func(b *testing.B, dir string, i int) {
			d := benchOpen(b, dir)
			defer d.Close()
			kind := beginner
			if _, err := d.Stats(ctx, &kind); err != nil {
				b.Fatal(err)
			}
		},
		func(b *testing.B, l jsonlLog, i int) {
			for _, s := range history.Summarize(l.games(b)) {
				_ = s.Kind == beginner
			}
		}},
	{"end-game", // a run keeps its first game: its best time, then the game
		func(b *testing.B, dir string, i int) {
			d := benchOpen(b, dir)
			defer d.Close()
			g := benchGames(1)[0]
			g.Date = time.Now()
			if _, err := d.Keep(ctx, g, func(Prior) history.Game { return g }); err != nil {
				b.Fatal(err)
			}
		},
		func(b *testing.B, l jsonlLog, i int) {
			g := benchGames(1)[0]
			g.Date = time.Now()
			l.keep(b, g)
		}},
	{"stats", // minesweeper stats
		func(b *testing.B, dir string, i int) {
			d := benchOpen(b, dir)
			defer d.Close()
			if _, err := d.Stats(ctx, nil); err != nil {
				b.Fatal(err)
			}
		},
		func(b *testing.B, l jsonlLog, i int) { history.Summarize(l.games(b)) }},
	{"history-n20", // minesweeper history -n 20
		func(b *testing.B, dir string, i int) {
			d := benchOpen(b, dir)
			defer d.Close()
			if _, err := d.Latest(ctx, 20, false); err != nil {
				b.Fatal(err)
			}
		},
		func(b *testing.B, l jsonlLog, i int) { history.Latest(l.games(b), 20) }},
}

func benchOpen(b *testing.B, dir string) *DB {
	d, err := Open(dir, func(msg string) { b.Fatalf("warning: %s", msg) })
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// BenchmarkRecords times what the issue found slow, at 10, 10,000 and
// 100,000 games, in the SQLite store (store=sqlite) and, beside it in the
// same run, the JSON Lines log it replaces (store=jsonl), and reports
// each in ms/op, and the SQLite store's work in cpu-ms/op (the process's
// CPU time, which a busy machine's wait for a core does not grow). The
// target: each under 50 ms at every size.
//
//	go test -run '^$' -bench Records -benchtime 3x ./internal/store/
func BenchmarkRecords(b *testing.B) {
	root := b.TempDir()
	for _, n := range benchSizes {
		var sqliteDir, jsonlDir string
		made := false
		stores := func(b *testing.B) (string, string) {
			if !made {
				// Made once a size, for all its operations; removed
				// with the benchmark's own directory.
				sqliteDir, jsonlDir = benchStores(b, filepath.Join(root, fmt.Sprint(n)), n)
				made = true
			}
			return sqliteDir, jsonlDir
		}
		for _, op := range recordOps {
			b.Run(fmt.Sprintf("games=%d/op=%s/store=sqlite", n, op.name), func(b *testing.B) {
				dir, _ := stores(b)
				i := 0
				cpu0, ok := processCPU(b)
				for b.Loop() {
					op.sqlite(b, dir, i)
					i++
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/op")
				if cpu1, ok1 := processCPU(b); ok && ok1 {
					// The work, whatever the wait for a core.
					b.ReportMetric(float64((cpu1-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
				}
			})
			b.Run(fmt.Sprintf("games=%d/op=%s/store=jsonl", n, op.name), func(b *testing.B) {
				_, dir := stores(b)
				i := 0
				for b.Loop() {
					op.jsonl(b, jsonlLog(dir), i)
					i++
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/op")
			})
		}
	}
}

// BenchmarkStatsRead times the reads of the statistics on a store of
// 100,000 games left open (the open and its quick check apart, which
// BenchmarkRecords counts): every kind's row with its streaks, losing
// streak and average clean win, its ten best times and the bests of the
// numbers, the NF style's apart (stats, stats -top, stats -numbers), and
// one kind's (the i screen), in ms/op and cpu-ms/op. The target: each
// under 50 ms.
//
//	go test -run '^$' -bench StatsRead -benchtime 20x ./internal/store/
func BenchmarkStatsRead(b *testing.B) {
	dir, _ := benchStores(b, b.TempDir(), 100_000)
	d := benchOpen(b, dir)
	defer d.Close()
	kind := beginner
	for _, op := range []struct {
		name string
		kind *board.Settings
	}{{"all", nil}, {"one", &kind}} {
		b.Run("kinds="+op.name, func(b *testing.B) {
			cpu0, ok := processCPU(b)
			for b.Loop() {
				stats, err := d.Stats(ctx, op.kind)
				if err != nil || len(stats) == 0 || stats[0].NF == nil || stats[0].LosingStreak == 0 {
					b.Fatalf("Stats = %d kinds, %v; want the NF bests and a losing streak", len(stats), err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/op")
			if cpu1, ok1 := processCPU(b); ok && ok1 {
				b.ReportMetric(float64((cpu1-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			}
		})
	}
}

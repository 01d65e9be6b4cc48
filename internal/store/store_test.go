package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

var ctx = context.Background()

var (
	beginner = board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	expert   = board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}
	custom   = board.Settings{Width: 12, Height: 7, Mines: 20, Rule: board.Safe}
)

// day0 is when the tests' games start to end.
var day0 = time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)

// warnings gathers a store's warnings.
type warnings struct {
	mu   sync.Mutex
	msgs []string
}

func (w *warnings) warn(msg string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.msgs = append(w.msgs, msg)
}

func (w *warnings) all() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.msgs...)
}

// openIn opens the store of dir, failing the test on an error.
func openIn(t testing.TB, dir string) (*DB, *warnings) {
	t.Helper()
	w := new(warnings)
	d, err := Open(dir, w.warn)
	if err != nil {
		t.Fatalf("Open(%s) = %v", dir, err)
	}
	t.Cleanup(func() { d.Close() })
	return d, w
}

// testGame returns a finished game told apart from others by i.
func testGame(i int) history.Game {
	return history.Game{
		V:       history.Version,
		Date:    day0.Add(time.Duration(i) * time.Minute),
		Board:   beginner,
		Level:   "beginner",
		Seed:    uint64(i),
		Layout:  []history.Cell{{i % 9, 0}, {1, 2}},
		Result:  "won",
		TimeMS:  int64(10000 + i),
		ThreeBV: 20,
		Clicks:  25,
		Moves: []history.Move{
			{Move: game.Move{Action: game.Open, At: board.Point{X: 4, Y: 4}}, At: 0},
			{Move: game.Move{Action: game.Toggle, At: board.Point{X: i % 9, Y: 0}}, At: int64(i)},
		},
	}
}

// randomGames returns n games on a few kinds of board, with every mark a
// game can have, some dated before the game kept before them (a clock
// set back).
func randomGames(r *rand.Rand, n int) []history.Game {
	kinds := []board.Settings{beginner, expert, custom}
	levels := map[board.Settings][]string{beginner: {"beginner", ""}, expert: {"expert", "custom"}, custom: {""}}
	var games []history.Game
	date := day0
	for i := range n {
		kind := kinds[r.IntN(len(kinds))]
		date = date.Add(time.Duration(r.IntN(600)-60) * time.Second) // now and then back
		g := history.Game{
			V:       history.Version,
			Date:    date,
			Board:   kind,
			Level:   levels[kind][r.IntN(len(levels[kind]))],
			Seed:    uint64(i + 1),
			Result:  "lost",
			TimeMS:  int64(r.IntN(200000)),
			ThreeBV: r.IntN(min(200, kind.Cells())),
			Clicks:  r.IntN(300),
		}
		if r.IntN(3) > 0 {
			g.Result = "won"
		}
		switch r.IntN(10) {
		case 0:
			g.Assisted = true
		case 1:
			g.Undone = true
		case 2:
			g.Known, g.Seeded = true, true
		case 3:
			g.Source = "board.txt"
		case 4:
			g.Result, g.GaveUp = "lost", true
		}
		if r.IntN(20) == 0 {
			g.TimeMS = 0 // no speed
		}
		if r.IntN(10) == 0 && len(games) > 0 {
			g.TimeMS = games[r.IntN(len(games))].TimeMS // a tie
		}
		if r.IntN(4) > 0 {
			setFigures(r, &g)
		}
		g.NF = g.Won() && r.IntN(3) == 0 && g.Flags == 0 // no flag placed
		games = append(games, g)
	}
	return games
}

// setFigures gives g figures as a game keeps them (see game.Figures),
// within what history.Game.Check allows: its clicks split by kind, some
// marks wasted, and a board of openings and islands, a ZiNi and the 3BV
// solved, all of it if g was won.
func setFigures(r *rand.Rand, g *history.Game) {
	g.Flags = r.IntN(g.Clicks/3 + 1)
	g.Chords = r.IntN(g.Clicks - g.Flags + 1)
	g.Opens = g.Clicks - g.Flags - g.Chords
	g.Wasted = r.IntN(g.Flags + 1)
	g.Openings, g.Islands = r.IntN(g.ThreeBV+1), r.IntN(g.ThreeBV+1)
	g.ZiNi = 1 + r.IntN(g.ThreeBV+1)
	g.Solved = r.IntN(g.ThreeBV + 1)
	if g.Won() {
		g.Solved = g.ThreeBV
	}
}

// asJSON returns v as indented JSON, to compare and show.
func asJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkAgainstSummarize checks the store's statistics and latest games
// against history.Summarize and history.Latest of games, the games it
// holds, in order: the definitions.
func checkAgainstSummarize(t *testing.T, d *DB, games []history.Game) {
	t.Helper()
	got, err := d.Stats(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := history.Summarize(games)
	checkRuns(t, d)
	if g, w := asJSON(t, got), asJSON(t, want); g != w {
		t.Fatalf("Stats(nil) =\n%s\nwant Summarize's\n%s", g, w)
	}
	for _, limit := range []int{1, 2, 3} {
		got, err := d.MostPlayed(ctx, limit)
		if err != nil {
			t.Fatal(err)
		}
		if g, w := asJSON(t, got), asJSON(t, history.Fold(want, limit)); g != w {
			t.Fatalf("MostPlayed(%d) =\n%s\nwant Fold's\n%s", limit, g, w)
		}
	}
	for _, kind := range []board.Settings{beginner, expert, custom} {
		got, err := d.Stats(ctx, &kind)
		if err != nil {
			t.Fatal(err)
		}
		wantKind := []history.Stats{}
		for _, s := range want {
			if s.Kind == kind {
				wantKind = append(wantKind, s)
			}
		}
		if g, w := asJSON(t, got), asJSON(t, wantKind); g != w {
			t.Errorf("Stats(%v) =\n%s\nwant\n%s", kind, g, w)
		}
		p, err := d.readPrior(ctx, d.db, &history.Game{Board: kind})
		wantBest, wantOK := int64(0), false
		for _, s := range wantKind {
			if !s.Known && len(s.Best) > 0 {
				wantBest, wantOK = s.Best[0].TimeMS, true
			}
		}
		if p.Best != wantBest || p.HasBest != wantOK || err != nil {
			t.Errorf("readPrior(%v) = %+v, %v; want the best %d, %v", kind, p, err, wantBest, wantOK)
		}
	}
	for _, limit := range []int{0, 1, 20} {
		latest, err := d.Latest(ctx, limit, true)
		if err != nil {
			t.Fatal(err)
		}
		wantGames, wantNums := history.Latest(games, limit)
		if len(latest) != len(wantGames) {
			t.Fatalf("Latest(%d) = %d games; want %d", limit, len(latest), len(wantGames))
		}
		for i, l := range latest {
			if l.N != wantNums[i] || !reflect.DeepEqual(l.Game, wantGames[i]) {
				t.Fatalf("Latest(%d)[%d] = game %d %+v; want game %d %+v", limit, i, l.N, l.Game, wantNums[i], wantGames[i])
			}
		}
	}
	brief, err := d.Latest(ctx, 5, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range brief {
		if b.Game.Moves != nil || b.Game.Layout != nil {
			t.Errorf("Latest(5, brief) game %d holds its moves or layout", b.N)
		}
	}
}

// TestStatsAsSummarize checks that the statistics the store keeps as
// games are written, and its indexed best times, speeds and numbers, are those
// history.Summarize computes from every game: with games on several
// kinds of board, known and not, assisted, undone, given up, ties of time,
// kept with their figures or before them, and dates out of order; after
// each batch of games and after amends.
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestStatsAsSummarize(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, slow under -race: run without it, in make test's second pass")
	}
	eachBackend(t, func(t *testing.T, b backend) {
		for _, seed := range []uint64{1, 2, 3} {
			t.Run(fmt.Sprint(seed), func(t *testing.T) {
				r := rand.New(rand.NewPCG(seed, 27))
				d, w := b.fresh(t)
				checkAgainstSummarize(t, d, nil)
				games := randomGames(r, 300)
				for i, g := range games {
					n, err := d.Append(ctx, g)
					if n != int64(i+1) || err != nil {
						t.Fatalf("Append(game %d) = %d, %v; want %d, nil", i+1, n, err, i+1)
					}
					if i%60 == 0 || i == len(games)-1 {
						checkAgainstSummarize(t, d, games[:i+1])
					}
				}
				// Undo after an end marks a game undone: it leaves the best
				// times. Amends of other fields move the game in its kind's statistics.
				for range 20 {
					n := r.IntN(len(games))
					was, g := games[n], games[n]
					switch r.IntN(4) {
					case 0:
						g.Undone = true
					case 1:
						g.Result = "lost"
					case 2:
						g.Date = g.Date.Add(-time.Hour)
					case 3:
						setFigures(r, &g)
					}
					if err := d.Amend(ctx, int64(n+1), was, g); err != nil {
						t.Fatalf("Amend(%d) = %v", n+1, err)
					}
					games[n] = g
				}
				checkAgainstSummarize(t, d, games)
				if msgs := w.all(); len(msgs) != 0 {
					t.Errorf("warnings %q; want none", msgs)
				}
			})
		}
	})
}

// TestAmendRefused checks that an amend of a game that is not the one it
// was changes nothing.
func TestAmendRefused(t *testing.T) {
	parallel(t)
	eachBackend(t, func(t *testing.T, b backend) {
		d, _ := b.fresh(t)
		g := testGame(1)
		if _, err := d.Append(ctx, g); err != nil {
			t.Fatal(err)
		}
		other := testGame(2)
		changed := g
		changed.Undone = true
		for _, tt := range []struct {
			name string
			n    int64
			was  history.Game
		}{
			{"another game", 1, other},
			{"no such number", 2, g},
		} {
			if err := d.Amend(ctx, tt.n, tt.was, changed); !errors.Is(err, ErrAmend) {
				t.Errorf("%s: Amend() = %v; want ErrAmend", tt.name, err)
			}
		}
		if got, err := d.Game(ctx, 1); err != nil || got.Undone {
			t.Errorf("Game(1) = %+v, %v; want it as it was", got, err)
		}
	})
}

// TestGameNumbers checks Game, Last and Count, and a game kept as it is
// given, byte for byte but for its version.
func TestGameNumbers(t *testing.T) {
	parallel(t)
	eachBackend(t, func(t *testing.T, b backend) {
		d, _ := b.fresh(t)
		if _, _, err := d.Last(ctx); !errors.Is(err, ErrNoGame) {
			t.Errorf("Last() of no games = %v; want ErrNoGame", err)
		}
		for i := 1; i <= 3; i++ {
			if n, err := d.Append(ctx, testGame(i)); n != int64(i) || err != nil {
				t.Fatalf("Append() = %d, %v; want %d", n, err, i)
			}
		}
		if n, g, err := d.Last(ctx); n != 3 || err != nil || !reflect.DeepEqual(g, testGame(3)) {
			t.Errorf("Last() = %d, %+v, %v; want 3, %+v", n, g, err, testGame(3))
		}
		if g, err := d.Game(ctx, 2); err != nil || !reflect.DeepEqual(g, testGame(2)) {
			t.Errorf("Game(2) = %+v, %v; want %+v", g, err, testGame(2))
		}
		for _, n := range []int64{0, 4, -1} {
			if _, err := d.Game(ctx, n); !errors.Is(err, ErrNoGame) {
				t.Errorf("Game(%d) = %v; want ErrNoGame", n, err)
			}
		}
		if c, err := d.Count(ctx); c != 3 || err != nil {
			t.Errorf("Count() = %d, %v; want 3", c, err)
		}
		bad := testGame(4)
		bad.Board = board.Settings{}
		if n, err := d.Append(ctx, bad); err == nil {
			t.Errorf("Append() of a game on no board = %d, nil; want an error", n)
		}
	})
}

// TestSavedBeside checks that games left unfinished are kept beside each
// other, and that Discard and Save's replace remove the one they name and
// no other.
func TestSavedBeside(t *testing.T) {
	parallel(t)
	eachBackend(t, func(t *testing.T, b backend) {
		d, _ := b.fresh(t)
		left := func(i int, kind board.Settings) history.Game {
			g := testGame(i)
			g.Board, g.Result = kind, history.Playing
			return g
		}
		ids := map[int]int64{}
		for _, i := range []int{1, 2, 3} {
			id, err := d.Save(ctx, left(i, beginner), Claim{})
			if err != nil {
				t.Fatal(err)
			}
			ids[i] = id
		}
		if _, err := d.Save(ctx, left(9, expert), Claim{}); err != nil {
			t.Fatal(err)
		}
		seeds := func(kind board.Settings) []uint64 {
			t.Helper()
			saved, err := d.Saved(ctx, kind)
			if err != nil {
				t.Fatal(err)
			}
			var out []uint64
			for _, s := range saved {
				out = append(out, s.Game.Seed)
			}
			return out
		}
		if got, want := seeds(beginner), []uint64{3, 2, 1}; !reflect.DeepEqual(got, want) {
			t.Errorf("Saved(beginner) seeds %v; want %v, newest first", got, want)
		}
		if err := d.Discard(ctx, Claim{ID: ids[2]}); err != nil {
			t.Fatal(err)
		}
		if got, want := seeds(beginner), []uint64{3, 1}; !reflect.DeepEqual(got, want) {
			t.Errorf("after Discard(2): seeds %v; want %v", got, want)
		}
		if err := d.Discard(ctx, Claim{ID: ids[2]}); err != nil {
			t.Errorf("Discard() of a game gone = %v; want nil", err)
		}
		if _, err := d.Save(ctx, left(4, beginner), Claim{ID: ids[1]}); err != nil {
			t.Fatal(err)
		}
		if got, want := seeds(beginner), []uint64{4, 3}; !reflect.DeepEqual(got, want) {
			t.Errorf("after Save(4) in place of 1: seeds %v; want %v", got, want)
		}
		if got, want := seeds(expert), []uint64{9}; !reflect.DeepEqual(got, want) {
			t.Errorf("Saved(expert) seeds %v; want %v", got, want)
		}
	})
}

// TestSetAside checks that a saved game that cannot be resumed is moved
// out of the saved games, kept, with one warning.
func TestSetAside(t *testing.T) {
	parallel(t)
	eachBackend(t, func(t *testing.T, b backend) {
		d, w := b.fresh(t)
		g := testGame(1)
		g.Result = history.Playing
		id, err := d.Save(ctx, g, Claim{})
		if err != nil {
			t.Fatal(err)
		}
		// A record damaged in the file: not JSON.
		if _, err := d.db.Exec(`INSERT INTO saved (player, kind, date, record) VALUES ($1, $2, 0, '{"v":2,"board":')`, d.player, beginner.String()); err != nil {
			t.Fatal(err)
		}
		saved, err := d.Saved(ctx, beginner)
		if err != nil || len(saved) != 1 || saved[0].ID != id {
			t.Fatalf("Saved() = %+v, %v; want the good game alone", saved, err)
		}
		if msgs := w.all(); len(msgs) != 1 || !strings.Contains(msgs[0], "cannot be resumed") {
			t.Errorf("warnings %q; want one that a saved game cannot be resumed", msgs)
		}
		var aside int
		if err := d.db.QueryRow(`SELECT count(*) FROM aside`).Scan(&aside); err != nil || aside != 1 {
			t.Errorf("%d games set aside, %v; want 1", aside, err)
		}
	})
}

// TestPrefs checks the last choices, and that choices kept by a newer
// minesweeper are left as they are.
func TestPrefs(t *testing.T) {
	parallel(t)
	eachBackend(t, func(t *testing.T, b backend) {
		d, _ := b.fresh(t)
		if _, ok, err := d.Prefs(ctx); ok || err != nil {
			t.Errorf("Prefs() of none = %v, %v; want false, nil", ok, err)
		}
		p := history.Prefs{Board: expert, Level: "expert", Theme: "mono"}
		if err := d.SavePrefs(ctx, p); err != nil {
			t.Fatal(err)
		}
		p.V = history.Version
		if got, ok, err := d.Prefs(ctx); got != p || !ok || err != nil {
			t.Errorf("Prefs() = %+v, %v, %v; want %+v", got, ok, err, p)
		}
		if _, err := d.db.Exec(`UPDATE prefs SET record = '{"v":99,"board":"9x9n10 opening","colour":"new"}'`); err != nil {
			t.Fatal(err)
		}
		if _, ok, err := d.Prefs(ctx); ok || !errors.Is(err, ErrNewer) {
			t.Errorf("Prefs() of a newer version = %v, %v; want false, ErrNewer", ok, err)
		}
		if err := d.SavePrefs(ctx, p); !errors.Is(err, ErrNewer) {
			t.Errorf("SavePrefs() over a newer version = %v; want ErrNewer", err)
		}
	})
}

// logOf returns games as the lines of an old log.
func logOf(t *testing.T, games []history.Game) []string {
	t.Helper()
	var lines []string
	for _, g := range games {
		b, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	return lines
}

// TestImport checks the import of an old log that a crash, an editor or a
// disk damaged: every game that can be read is kept, in its order, the
// lines that cannot are named in one warning, and the file is kept as it
// was under a name that says it was imported. Opening again imports
// nothing more.
func TestImport(t *testing.T) {
	parallel(t)
	games := []history.Game{testGame(1), testGame(2), testGame(3), testGame(4)}
	lines := logOf(t, games)
	changed := strings.Replace(lines[1], `"result":"won"`, `"result":"won`, 1) // a byte changed: not JSON
	newer := strings.Replace(lines[1], `{"v":2,`, `{"v":9,`, 1)
	tests := []struct {
		name string
		log  string
		want []int    // the games kept, by index in games
		bad  []string // the warning names these, in order
	}{
		{"a clean log", strings.Join(lines, "\n") + "\n", []int{0, 1, 2, 3}, nil},
		{"a bad middle line", lines[0] + "\n" + changed + "\n" + lines[2] + "\n" + lines[3] + "\n", []int{0, 2, 3}, []string{"1 of its 4 lines", "line 2 ("}},
		{"a crash's NUL tail", strings.Join(lines, "\n") + "\n" + strings.Repeat("\x00", 300), []int{0, 1, 2, 3}, nil},
		{"NUL bytes then more games", lines[0] + "\n" + strings.Repeat("\x00", 50) + lines[1] + "\n" + lines[2] + "\n", []int{0, 1, 2}, nil},
		{"a form feed before the next append", lines[0] + "\n" + lines[1] + "\n\f" + lines[2] + "\n" + lines[3] + "\n", []int{0, 1, 2, 3}, nil},
		{"a form-feed tail", strings.Join(lines, "\n") + "\n\f", []int{0, 1, 2, 3}, nil},
		{"a byte order mark", "\ufeff" + strings.Join(lines, "\n") + "\n", []int{0, 1, 2, 3}, nil},
		{"CRLF line ends", strings.Join(lines, "\r\n") + "\r\n", []int{0, 1, 2, 3}, nil},
		{"blank lines", "\n" + lines[0] + "\n\n  \n" + lines[1] + "\n", []int{0, 1}, nil},
		{"a last line cut short", lines[0] + "\n" + lines[1] + "\n" + lines[2][:30], []int{0, 1}, []string{"1 of its 3 lines", "line 3 ("}},
		{"a line of a newer version", lines[0] + "\n" + newer + "\n" + lines[2] + "\n", []int{0, 2}, []string{"line 2 (kept by a newer minesweeper)"}},
		{"many bad lines", lines[0] + "\nx\ny\nz\nw\nv\nu\n" + lines[3] + "\n", []int{0, 3}, []string{"6 of its 8 lines", "line 2 (", "line 6 (", "and 1 more"}},
		{"an empty log", "", nil, nil},
		{"a game left unfinished in the log", strings.Replace(lines[0], `"result":"won"`, `"result":"playing"`, 1) + "\n" + lines[1] + "\n", []int{1}, []string{"line 1 (a game left unfinished"}},
		{"a draw", lines[0] + "\n" + strings.Replace(lines[1], `"result":"won"`, `"result":"draw"`, 1) + "\n" + lines[2] + "\n", []int{0, 2}, []string{"1 of its 3 lines", `line 2 (result "draw", not won or lost)`}},
		{"a level that is not its board's", strings.Replace(lines[0], `"level":"beginner"`, `"level":"expert"`, 1) + "\n" + lines[1] + "\n", []int{1}, []string{`line 1 (level "expert", not that of its board 9x9n10`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			logPath := filepath.Join(dir, oldLog)
			if err := os.WriteFile(logPath, []byte(tt.log), 0o600); err != nil {
				t.Fatal(err)
			}
			d, w := openIn(t, dir)
			checkImported(t, d, games, tt.want)
			msgs := w.all()
			switch {
			case tt.bad == nil && len(msgs) != 0:
				t.Errorf("warnings %q; want none", msgs)
			case tt.bad != nil && len(msgs) != 1:
				t.Errorf("warnings %q; want one", msgs)
			case tt.bad != nil:
				for _, s := range tt.bad {
					if !strings.Contains(msgs[0], s) {
						t.Errorf("warning %q does not say %q", msgs[0], s)
					}
				}
			}
			if _, err := os.Lstat(logPath); !os.IsNotExist(err) {
				t.Errorf("the log is still %s (%v); want it renamed", logPath, err)
			}
			if got, err := os.ReadFile(logPath + importedSuffix); err != nil || string(got) != tt.log {
				t.Errorf("%s holds %q, %v; want the log as it was", logPath+importedSuffix, got, err)
			}
			d.Close()
			again, w2 := openIn(t, dir)
			checkImported(t, again, games, tt.want)
			if msgs := w2.all(); len(msgs) != 0 {
				t.Errorf("warnings of the second Open %q; want none", msgs)
			}
		})
	}
}

// parallel runs t in parallel with the other tests that call it. Most of
// their time is spent waiting for the disk's syncs, which they then wait
// for at once (the race pass of make test took 80 s for 30 s of CPU).
// Each has its directories and stores of its own, and none sets a
// package variable (checkBudget, maxRecord) or mounts a file system: the
// tests that do stay sequential, and go test runs the parallel tests
// after every sequential one has ended.
func parallel(t *testing.T) {
	t.Helper()
	t.Parallel()
}

// checkImported fails the test unless d holds the games of all whose
// indexes are want, numbered from 1 in that order.
func checkImported(t *testing.T, d *DB, all []history.Game, want []int) {
	t.Helper()
	if c, err := d.Count(ctx); c != int64(len(want)) || err != nil {
		t.Fatalf("Count() = %d, %v; want %d", c, err, len(want))
	}
	for i, w := range want {
		if g, err := d.Game(ctx, int64(i+1)); err != nil || !reflect.DeepEqual(g, all[w]) {
			t.Errorf("Game(%d) = %+v, %v; want %+v", i+1, g, err, all[w])
		}
	}
}

// TestImportInterrupted checks that an import cut short after its games
// were committed and before the file was renamed, run again, gives the
// records an uninterrupted import gives: the games once, the file
// renamed.
func TestImportInterrupted(t *testing.T) {
	parallel(t)
	games := []history.Game{testGame(1), testGame(2), testGame(3)}
	log := strings.Join(logOf(t, games), "\n") + "\n"
	saved := testGame(7)
	saved.Result = history.Playing
	savedLine := logOf(t, []history.Game{saved})[0]
	prefs := `{"v":1,"board":"16x16n40 safe","level":"intermediate","theme":"mono"}`
	for _, stop := range []string{oldLog, "saved-9x9n10-opening.json", oldPrefs} {
		t.Run(stop, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range map[string]string{oldLog: log, "saved-9x9n10-opening.json": savedLine, oldPrefs: prefs} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			crash := errors.New("the program stopped here")
			d := &DB{path: filepath.Join(dir, FileName), warn: func(string) {}}
			if err := d.open(ctx, true); err != nil {
				t.Fatal(err)
			}
			d.afterImport = func(name string) error {
				if name == stop {
					return crash
				}
				return nil
			}
			d.importFiles(ctx, dir)
			d.Close()
			if _, err := os.Stat(filepath.Join(dir, stop)); err != nil {
				t.Fatalf("%s was renamed though the import stopped before: %v", stop, err)
			}

			again, w := openIn(t, dir)
			checkImported(t, again, games, []int{0, 1, 2})
			if s, err := again.Saved(ctx, beginner); err != nil || len(s) != 1 || !reflect.DeepEqual(s[0].Game, saved) {
				t.Errorf("Saved() = %+v, %v; want the one saved game", s, err)
			}
			if p, ok, err := again.Prefs(ctx); !ok || err != nil || p.Theme != "mono" || p.Level != "intermediate" {
				t.Errorf("Prefs() = %+v, %v, %v; want the choices imported", p, ok, err)
			}
			if msgs := w.all(); len(msgs) != 0 {
				t.Errorf("warnings %q; want none", msgs)
			}
			for _, name := range []string{oldLog, "saved-9x9n10-opening.json", oldPrefs} {
				if _, err := os.Stat(filepath.Join(dir, name+importedSuffix)); err != nil {
					t.Errorf("%s was not renamed: %v", name, err)
				}
			}
		})
	}
}

// TestImportNewLogLater checks that a log an older minesweeper writes
// after the import (it finds none and starts one) is imported too, its
// games after those kept before.
func TestImportNewLogLater(t *testing.T) {
	dir := t.TempDir()
	d, _ := openIn(t, dir)
	if _, err := d.Append(ctx, testGame(1)); err != nil {
		t.Fatal(err)
	}
	d.Close()
	if err := os.WriteFile(filepath.Join(dir, oldLog), []byte(strings.Join(logOf(t, []history.Game{testGame(2)}), "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	again, _ := openIn(t, dir)
	checkImported(t, again, []history.Game{testGame(1), testGame(2)}, []int{0, 1})
}

// TestImportBadFiles checks that a saved game or the choices that cannot
// be read are named in a warning and kept, renamed; and that a log that
// is not a regular file is not read, and left where it is.
func TestImportBadFiles(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{"saved-9x9n10-opening.json": "not json", oldPrefs: `{"v":1,"board":"huge"}`} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, oldLog)); err != nil {
		t.Fatal(err)
	}
	d, w := openIn(t, dir)
	msgs := strings.Join(w.all(), "\n")
	for _, want := range []string{"saved-9x9n10-opening.json was not imported: it is not a saved game", "settings.json was not imported: the choices cannot be read", "history.jsonl was not imported into the records: is a device"} {
		if !strings.Contains(msgs, want) {
			t.Errorf("warnings %q; want one saying %q", msgs, want)
		}
	}
	if len(w.all()) != 3 {
		t.Errorf("%d warnings; want 3", len(w.all()))
	}
	if c, err := d.Count(ctx); c != 0 || err != nil {
		t.Errorf("Count() = %d, %v; want 0", c, err)
	}
	for _, name := range []string{"saved-9x9n10-opening.json.imported", "settings.json.imported", oldLog} {
		if _, err := os.Lstat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s: %v; want it kept", name, err)
		}
	}
}

// TestImportFIFO checks that an old log that is a FIFO is not read (which
// would block every command for ever): a warning, and the FIFO left.
func TestImportFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := mkfifo(filepath.Join(dir, oldLog)); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	done := make(chan []string, 1)
	go func() {
		d, w := openIn(t, dir)
		d.Close()
		done <- w.all()
	}()
	select {
	case msgs := <-done:
		if len(msgs) != 1 || !strings.Contains(msgs[0], "is a FIFO") {
			t.Errorf("warnings %q; want one that the log is a FIFO", msgs)
		}
	case <-testwait.After(t):
		t.Fatal("Open blocked on a FIFO in the log's place, until the test's deadline")
	}
}

// TestDamagedRecord checks that a game whose record was damaged in the
// file hides no other: history lists the others, with a warning; the
// statistics and best times still count it.
func TestDamagedRecord(t *testing.T) {
	eachBackend(t, func(t *testing.T, b backend) {
		d, w := b.fresh(t)
		for i := 1; i <= 3; i++ {
			if _, err := d.Append(ctx, testGame(i)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := d.db.Exec(`UPDATE games SET record = substr(record, 1, 40) WHERE n = 1`); err != nil {
			t.Fatal(err)
		}
		for _, full := range []bool{false, true} {
			latest, err := d.Latest(ctx, 0, full)
			if err != nil || len(latest) != 2 || latest[0].N != 3 || latest[1].N != 2 {
				t.Errorf("Latest(full %v) = %d games, %v; want games 3 and 2", full, len(latest), err)
			}
		}
		if msgs := w.all(); len(msgs) != 2 || !strings.Contains(msgs[0], "game 1 cannot be read") {
			t.Errorf("warnings %q; want two, that game 1 cannot be read", msgs)
		}
		st, err := d.Stats(ctx, &beginner)
		if err != nil || len(st) != 1 || st[0].Played != 3 || len(st[0].Best) != 3 || !st[0].Best[0].Date.Equal(testGame(1).Date) {
			t.Errorf("Stats() = %+v, %v; want 3 games, 3 best times, the first of game 1", st, err)
		}
	})
}

// TestImportNotice checks that a large import is told of before it
// starts, and a small one or none is not.
func TestImportNotice(t *testing.T) {
	dir := t.TempDir()
	if got := ImportNotice(dir); got != "" {
		t.Errorf("ImportNotice() of no files = %q; want none", got)
	}
	write := func(name string, size int) {
		if err := os.WriteFile(filepath.Join(dir, name), bytes.Repeat([]byte{'\n'}, size), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(oldLog, 1<<20)
	if got := ImportNotice(dir); got != "" {
		t.Errorf("ImportNotice() of 1 MB = %q; want none", got)
	}
	write("saved-9x9n10-opening.json", noticeSize)
	if got, want := ImportNotice(dir), "importing the records of an earlier version (5 MB)"; !strings.Contains(got, want) {
		t.Errorf("ImportNotice() of 5 MB = %q; want it to say %q", got, want)
	}
}

// TestMigrate checks that a database of schema 1, as the version before
// the numbers' columns kept it, is brought up to date when it is opened:
// its games, kept before their figures were counted (as that version
// wrote them) or with them, get the columns columnsOf gives them (IOS to
// its last bits, which SQLite's ln reckons), and the statistics are those
// history.Summarize computes. Under seeds 10 and 17 SQLite's ln gives the
// best IOS a last bit other than Go's.
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestMigrate(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, slow under -race: run without it, in make test's second pass")
	}
	for _, seed := range []uint64{4, 10, 17} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { testMigrate(t, seed) })
	}
}

// testMigrate is TestMigrate with the games of seed.
func testMigrate(t *testing.T, seed uint64) {
	dir := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(migrations[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(fmt.Sprintf("PRAGMA user_version = 1; PRAGMA application_id = %d", appID)); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 27))
	games := randomGames(r, 300)
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for i := range games {
		g := &games[i]
		if i%2 == 0 {
			g.SetFigures(game.Figures{}) // kept before the figures were
		}
		rec, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		// The columns of schema 1, and the kinds' rows as its program
		// counted them.
		c := columnsOf(g)
		if _, err := tx.Exec(`INSERT INTO games (date, kind, known, won, clean, time_ms, speed, level, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			c.date, c.kind, c.known, c.won, c.clean, c.timeMS, c.speed, c.level, string(rec)); err != nil {
			t.Fatal(err)
		}
	}
	if err := schema1Kinds(tx); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}

	d, w := openIn(t, dir)
	var version int
	if err := d.db.QueryRow("PRAGMA user_version").Scan(&version); err != nil || version != len(migrations) {
		t.Fatalf("user_version = %d, %v; want %d", version, err, len(migrations))
	}
	rows, err := d.db.Query(`SELECT ios, rqp, ioe, zne FROM games ORDER BY n`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	known := 0
	for i := 0; rows.Next(); i++ {
		var got columns
		if err := rows.Scan(&got.ios, &got.rqp, &got.ioe, &got.zne); err != nil {
			t.Fatal(err)
		}
		want := columnsOf(&games[i])
		if got.rqp != want.rqp || got.ioe != want.ioe || got.zne != want.zne || got.ios.Valid != want.ios.Valid ||
			math.Abs(got.ios.Float64-want.ios.Float64) > 1e-12*want.ios.Float64 {
			t.Errorf("game %d: ios, rqp, ioe, zne = %v, %v, %v, %v; want %v, %v, %v, %v", i+1, got.ios, got.rqp, got.ioe, got.zne, want.ios, want.rqp, want.ioe, want.zne)
		}
		if want.zne.Valid {
			known++
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if known == 0 {
		t.Error("no game migrated with its ZNE: the test tests nothing of the records' figures")
	}
	checkAgainstSummarize(t, d, games)
	// The runs and levels the migration counted take games in any order.
	more := randomGames(r, 60)
	for i := range more {
		more[i].Date = games[r.IntN(len(games))].Date.Add(time.Duration(r.IntN(60)) * time.Second)
		if _, err := d.Append(ctx, more[i]); err != nil {
			t.Fatal(err)
		}
	}
	checkAgainstSummarize(t, d, append(games, more...))
	if msgs := w.all(); len(msgs) != 0 {
		t.Errorf("warnings %q; want none", msgs)
	}
}

// schema1Kinds counts the rows of kinds of a database of schema 1 from
// its games, as the program of that schema counted them (recount, before
// the players).
func schema1Kinds(tx *sql.Tx) error {
	rows, err := tx.Query(`SELECT n, date, kind, known, won, level FROM games ORDER BY kind, known, date, n`)
	if err != nil {
		return err
	}
	type row struct {
		played, won, streak, best    int
		level                        string
		firstD, firstN, lastD, lastN int64
	}
	counts := map[key]*row{}
	var order []key
	for rows.Next() {
		var n, date int64
		var k key
		var won bool
		var level string
		if err := rows.Scan(&n, &date, &k.kind, &k.known, &won, &level); err != nil {
			rows.Close()
			return err
		}
		r := counts[k]
		if r == nil {
			r = &row{firstD: date, firstN: n}
			counts[k] = r
			order = append(order, k)
		}
		r.played, r.lastD, r.lastN = r.played+1, date, n
		if level != "" {
			r.level = level
		}
		if won {
			r.won, r.streak = r.won+1, r.streak+1
			r.best = max(r.best, r.streak)
		} else {
			r.streak = 0
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, k := range order {
		r := counts[k]
		if _, err := tx.Exec(`INSERT INTO kinds (kind, known, played, won, streak, best_streak, level, first_date, first_n, last_date, last_n)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, k.kind, k.known, r.played, r.won, r.streak, r.best, r.level, r.firstD, r.firstN, r.lastD, r.lastN); err != nil {
			return err
		}
	}
	return nil
}

// keepAtOnce has one store of its own (as a program or a server has) keep
// each of games at once in the store of b at place, telling decide which
// game it decides for, and returns their numbers.
func keepAtOnce(t *testing.T, b backend, place string, games []history.Game, decide func(i int, p Prior, g history.Game) history.Game) []int64 {
	t.Helper()
	nums := make([]int64, len(games))
	var start, done sync.WaitGroup
	start.Add(1)
	for i, g := range games {
		d, _ := b.open(t, place)
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			n, err := d.Keep(ctx, g, func(p Prior) history.Game { return decide(i, p, g) })
			if err != nil {
				t.Errorf("Keep(game %d) = %v", i, err)
			}
			nums[i] = n
		}()
	}
	start.Done()
	done.Wait()
	return nums
}

// TestKeepAtOnce checks that what decides a game's count is read in the
// transaction that keeps it: eight programs keeping at once the first
// game of one daily board see each other, and only one is told the date
// was not counted yet; eight keeping clean wins at once are told of a new
// best only when no game as fast was kept before. On a server's
// database, the eight are servers keeping games of one player.
func TestKeepAtOnce(t *testing.T) { eachBackend(t, testKeepAtOnce) }

func testKeepAtOnce(t *testing.T, b backend) {
	place := b.place(t)
	first, _ := b.open(t, place) // made before the programs start, as a first run makes it
	first.Close()
	const programs = 8
	dailies := make([]history.Game, programs)
	for i := range dailies {
		g := testGame(i)
		g.Board, g.Daily = board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true}, "2026-11-25"
		dailies[i] = g
	}
	var mu sync.Mutex
	firsts := 0
	keepAtOnce(t, b, place, dailies, func(i int, p Prior, g history.Game) history.Game {
		if p.DailyCounted {
			g.Known = true // practice
		} else {
			mu.Lock()
			firsts++
			mu.Unlock()
		}
		return g
	})
	if firsts != 1 {
		t.Errorf("%d of %d games told they were the date's first; want 1", firsts, programs)
	}

	wins := make([]history.Game, programs)
	for i := range wins {
		wins[i] = testGame(100 + i)
		wins[i].TimeMS = int64(20000 - 1000*((i*5)%programs)) // in no order
	}
	newBest := make([]bool, programs)
	nums := keepAtOnce(t, b, place, wins, func(i int, p Prior, g history.Game) history.Game {
		newBest[i] = !p.HasBest || g.TimeMS < p.Best
		return g
	})
	for i := range wins {
		for j := range wins {
			if newBest[i] && nums[j] < nums[i] && wins[j].TimeMS <= wins[i].TimeMS {
				t.Errorf("game %d (%d ms) was told it is a new best after game %d (%d ms)", nums[i], wins[i].TimeMS, nums[j], wins[j].TimeMS)
			}
		}
	}
	d, _ := b.open(t, place)
	if c, err := d.Count(ctx); c != 2*programs || err != nil {
		t.Errorf("Count() = %d, %v; want %d", c, err, 2*programs)
	}
}

package ui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// hugeGames is how many games BenchmarkStatsOverlayHuge keeps: as many
// as the players of the sites we compare with keep. TestStatsOverlayHuge
// keeps testHugeGames: keeping 100,000 took 2.5 minutes of make test on
// a busy machine, for a check of the figures that a tenth of them makes.
const (
	hugeGames     = 100_000
	testHugeGames = 10_000
)

// TestStatsOverlayHuge opens the statistics of a player with 10,000
// games, through the real session and store, and closes them with Esc.
// How long each key takes at 100,000 is BenchmarkStatsOverlayHuge's to
// say (on the JSON Lines history, i took 18 s and then 47 s; on 9295645,
// 736 ms): a busy machine may take any time. It skips itself under -race
// and -short: keeping the games takes seconds there; make test runs it
// once more without -race.
func TestStatsOverlayHuge(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("keeping 10,000 games takes a few seconds; skipped with -short and -race")
	}
	h, ses, won := hugeStats(t, testHugeGames)
	h.typ("i")
	if sc, want := h.snap(), fmt.Sprintf("played %d, won %d", testHugeGames, won); !strings.Contains(sc.String(), want) {
		t.Errorf("statistics of %d games lack %q:\n%s", testHugeGames, want, sc)
	}
	h.key(tcell.KeyEscape, tcell.ModNone)
	if sc := h.snap(); strings.Contains(sc.String(), "Statistics") {
		t.Errorf("statistics still shown after Esc:\n%s", sc)
	}
	checkRows(t, h.snap(), "#####", "#####", "#####", "#####")
	if w := ses.Warnings(); len(w) != 0 {
		t.Errorf("warnings %q; want none", w)
	}
}

// BenchmarkStatsOverlayHuge measures the statistics of 100,000 games
// opened with i and closed with Esc, each from the key to its frame; each
// should take less than a frame, a quarter of a second (Run's tick).
func BenchmarkStatsOverlayHuge(b *testing.B) {
	h, _, _ := hugeStats(b, hugeGames)
	var open, closing time.Duration
	n := 0
	for b.Loop() {
		began := time.Now()
		h.typ("i")
		h.snap()
		open += time.Since(began)
		began = time.Now()
		h.key(tcell.KeyEscape, tcell.ModNone)
		h.snap()
		closing += time.Since(began)
		n++
	}
	b.ReportMetric(float64(open.Microseconds())/1000/float64(n), "open-ms")
	b.ReportMetric(float64(closing.Microseconds())/1000/float64(n), "close-ms")
}

// hugeStats keeps n games of the small board, a random half of
// them won, in a new state directory, and plays the small board on a
// session of that directory. It returns the game, its session and how
// many games were won.
func hugeStats(tb testing.TB, n int) (*harness, *session.Session, int) {
	tb.Helper()
	cfg := asciiCfg(tb, small)
	kind := cfg.Start.Board
	dir := tb.TempDir()
	st, err := store.Open(dir, nil)
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(27, 100_000))
	games := make([]history.Game, n)
	won := 0
	day := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range games {
		games[i] = history.Game{V: history.Version, Date: day.Add(time.Duration(i) * time.Minute), Board: kind,
			Seed: uint64(i + 1), Result: "lost", TimeMS: int64(1000 + r.IntN(60000)), ThreeBV: 2, Clicks: 3}
		if r.IntN(2) == 0 {
			games[i].Result = "won"
			won++
		}
	}
	if _, err := st.AppendAll(context.Background(), games); err != nil {
		tb.Fatal(err)
	}
	st.Close()
	tb.Setenv("MINESWEEPER_HOME", dir)
	ses := session.New()
	cfg.Keeper = ses
	h := start(tb, cfg, 80, 24)
	h.snap()
	return h, ses, won
}

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

// frame is how often the screen's clock redraws it, a quarter of a second
// (Run's tick): a key answered within it is answered before the next frame.
const frame = time.Second / 4

// hugeGames is how many games TestStatsOverlayHuge keeps: as many as the
// players of the sites we compare with keep.
const hugeGames = 100_000

// TestStatsOverlayHuge opens the statistics of a player with 100,000
// games, through the real session and store, and closes them with Esc:
// each key is answered within a frame (on the JSON Lines history, i took
// 18 s and then 47 s a frame; the benchmark of internal/store has it at
// 2.5 s on the same number of small games). It
// skips itself under -race and -short: keeping the games takes seconds
// there; make test runs it once more without -race.
func TestStatsOverlayHuge(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("keeping 100,000 games takes a few seconds; skipped with -short and -race")
	}
	cfg := asciiCfg(t, small)
	kind := cfg.Start.Board
	dir := t.TempDir()
	st, err := store.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(27, 100_000))
	games := make([]history.Game, hugeGames)
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
		t.Fatal(err)
	}
	st.Close()
	t.Setenv("MINESWEEPER_HOME", dir)
	ses := session.New()
	cfg.Keeper = ses
	h := start(t, cfg, 80, 24)
	h.snap()
	began := time.Now()
	h.typ("i")
	sc := h.snap()
	if took := time.Since(began); took > frame {
		t.Errorf("i took %v to show the statistics of %d games; want it within a frame, %v", took, hugeGames, frame)
	}
	if want := fmt.Sprintf("played %d, won %d", hugeGames, won); !strings.Contains(sc.String(), want) {
		t.Errorf("statistics of %d games lack %q:\n%s", hugeGames, want, sc)
	}
	began = time.Now()
	h.key(tcell.KeyEscape, tcell.ModNone)
	if sc := h.snap(); strings.Contains(sc.String(), "Statistics") {
		t.Errorf("statistics still shown after Esc:\n%s", sc)
	}
	if took := time.Since(began); took > frame {
		t.Errorf("Esc took %v to close the statistics; want it within a frame, %v", took, frame)
	}
	checkRows(t, h.snap(), "#####", "#####", "#####", "#####")
	if w := ses.Warnings(); len(w) != 0 {
		t.Errorf("warnings %q; want none", w)
	}
}

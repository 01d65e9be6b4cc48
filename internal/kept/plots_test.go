package kept

import (
	"bytes"
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// plotGames returns a year of games to now made from seed: expert boards
// mostly, won and lost, faster as the months go by, and beginner ones.
func plotGames(seed uint64, now time.Time) []history.Game {
	r := rand.New(rand.NewPCG(seed, 41))
	expert := board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}
	beginner := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	var games []history.Game
	for d := 380; d >= 0; d-- {
		for range r.IntN(4) {
			kind, level := expert, "expert"
			if r.IntN(4) == 0 {
				kind, level = beginner, "beginner"
			}
			bv := 10 + r.IntN(20)
			if kind == expert {
				bv = 110 + r.IntN(100)
			}
			speed := 0.7 + float64(380-d)/300 + r.Float64()/2
			g := history.Game{
				V: history.Version, Date: now.AddDate(0, 0, -d).Add(-time.Duration(r.IntN(600)) * time.Minute),
				Board: kind, Level: level, Seed: uint64(len(games) + 1), Result: "lost",
				TimeMS: int64(float64(bv) / speed * 1000), ThreeBV: bv, Clicks: bv,
			}
			if r.IntN(3) > 0 {
				g.Result = "won"
			}
			games = append(games, g)
		}
	}
	return games
}

// TestPlots checks minesweeper stats -plot's output of games kept in a
// store in the test, as pictures at 80 and 200 columns, in ASCII, and as
// sentences, against testdata/TestPlots/<case>.golden (go test -update
// rewrites them).
func TestPlots(t *testing.T) {
	now := time.Date(2026, 11, 28, 21, 30, 0, 0, time.FixedZone("CET", 3600))
	st, err := store.Open(t.TempDir(), func(msg string) { t.Errorf("warning: %s", msg) })
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	empty := new(bytes.Buffer)
	if err := Plots(ctx, st, PlotView{Width: 80, Height: 24}, now, empty); err != nil || empty.String() != noGames {
		t.Errorf("Plots of no games = %q, %v; want %q", empty, err, noGames)
	}
	if _, err := st.AppendAll(ctx, plotGames(1, now)); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		view PlotView
	}{
		{"80x24", PlotView{Width: 80, Height: 24}},
		{"80x24-ascii", PlotView{Width: 80, Height: 24, ASCII: true}},
		{"200x60", PlotView{Width: 200, Height: 60}},
		{"lines", PlotView{Width: 80, Height: 24, Lines: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := Plots(ctx, st, tt.view, now, &out); err != nil {
				t.Fatalf("Plots(%+v) = %v", tt.view, err)
			}
			path := filepath.Join("testdata", t.Name()+".golden")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if out.String() != string(want) {
				t.Errorf("Plots(%+v) =\n%s\nwant\n%s", tt.view, out.String(), want)
			}
		})
	}
}

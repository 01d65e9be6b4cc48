package solver

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// hintGames is how many expert games BenchmarkHintExpert plays for its
// positions: a little over 2000 of them.
const hintGames = 13

// expertSettings are the expert board's, under the opening rule.
var expertSettings = board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}

// hintPosition is a board as a player may ask a hint on it: its tiles, as
// the game passes them to NewView, and the cursor, on the cell opened last.
type hintPosition struct {
	tiles []board.Tile
	near  board.Point
}

// expertHintPositions plays games expert games, seeded 0 to games-1, with
// the solver and returns every position met with a number on the board:
// the game answers no hint before the first opening.
func expertHintPositions(tb testing.TB, games int) []hintPosition {
	tb.Helper()
	w, h, mines := expertSettings.Width, expertSettings.Height, expertSettings.Mines
	s := New(Options{Rule: board.Opening})
	// The first click is the solver's own, so that the opening the board
	// is laid for is the cell the solver opens.
	v, err := NewView(w, h, mines, make([]board.Tile, w*h))
	if err != nil {
		tb.Fatal(err)
	}
	for i := range v.tiles {
		v.tiles[i] = board.TileClosed
	}
	first, err := s.Next(v)
	if err != nil {
		tb.Fatal(err)
	}
	var ps []hintPosition
	for seed := range uint64(games) {
		b, err := board.Generate(expertSettings, first, nil, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			tb.Fatal(err)
		}
		near := first
		for b.Status() == board.Playing {
			tiles := b.Tiles(nil)
			v, err := NewView(w, h, mines, tiles)
			if err != nil {
				tb.Fatal(err)
			}
			p, err := s.Next(v)
			if err != nil {
				tb.Fatalf("game %d: Next: %v", seed, err)
			}
			if b.Started() {
				ps = append(ps, hintPosition{tiles: tiles, near: near})
			}
			if _, err := b.Reveal(p); err != nil {
				tb.Fatalf("game %d: Reveal(%v): %v", seed, p, err)
			}
			near = p
		}
	}
	return ps
}

// hintOn does what the game does when asked for a hint or the odds: it
// copies the board into a view and asks a fresh solver.
func hintOn(p hintPosition) (Hint, error) {
	v, err := NewView(expertSettings.Width, expertSettings.Height, expertSettings.Mines, p.tiles)
	if err != nil {
		return Hint{}, err
	}
	h, _, err := New(Options{Rule: board.Opening}).Hint(context.Background(), v, p.near)
	return h, err
}

// analyzeOn is the baseline of hintOn: the view and the analysis alone.
func analyzeOn(p hintPosition) error {
	v, err := NewView(expertSettings.Width, expertSettings.Height, expertSettings.Mines, p.tiles)
	if err != nil {
		return err
	}
	_, err = Analyze(v)
	return err
}

func TestHintPositionsValid(t *testing.T) {
	ps := expertHintPositions(t, 1)
	if len(ps) == 0 {
		t.Fatal("no positions from one expert game")
	}
	// A handful spread over the game, from the first opening to the end.
	for k := range 6 {
		p := ps[k*(len(ps)-1)/5]
		h, err := hintOn(p)
		if err != nil {
			t.Errorf("Hint near %v = %v", p.near, err)
			continue
		}
		w, ht := expertSettings.Width, expertSettings.Height
		if c := h.Cell; c.X < 0 || c.X >= w || c.Y < 0 || c.Y >= ht || p.tiles[c.Y*w+c.X].IsOpen() {
			t.Errorf("Hint near %v = %v, not a closed cell", p.near, c)
		}
	}
}

// BenchmarkHintExpert times the game's answer to a hint (and the odds
// view, which rests on the same analysis) on every position of expert
// games, each on a fresh solver as the game's analysis job makes one. It
// reports the median, 99th percentile and maximum; the target is a p99
// within a frame, 16 ms. The view and analysis alone, timed on the same
// positions in the same run, are the baseline (analyze-*-ms): the ratio
// shows what the hint adds.
func BenchmarkHintExpert(b *testing.B) {
	ps := expertHintPositions(b, hintGames)
	var hint, analyze []time.Duration
	for b.Loop() {
		for i, p := range ps {
			// Alternate which goes first, so that neither always finds
			// the position warm in the caches.
			for k := range 2 {
				start := time.Now()
				if (i+k)%2 == 0 {
					if _, err := hintOn(p); err != nil {
						b.Fatalf("position %d: Hint: %v", i, err)
					}
					hint = append(hint, time.Since(start))
				} else {
					if err := analyzeOn(p); err != nil {
						b.Fatalf("position %d: Analyze: %v", i, err)
					}
					analyze = append(analyze, time.Since(start))
				}
			}
		}
	}
	slices.Sort(hint)
	slices.Sort(analyze)
	b.ReportMetric(float64(len(ps)), "positions")
	b.ReportMetric(msAt(hint, 0.50), "p50-ms")
	b.ReportMetric(msAt(hint, 0.99), "p99-ms")
	b.ReportMetric(msAt(hint, 1), "max-ms")
	b.ReportMetric(msAt(analyze, 0.50), "analyze-p50-ms")
	b.ReportMetric(msAt(analyze, 0.99), "analyze-p99-ms")
}

// msAt returns the q quantile of the sorted durations ds in milliseconds,
// indexed as timeSummary does.
func msAt(ds []time.Duration, q float64) float64 {
	i := min(int(q*float64(len(ds))), len(ds)-1)
	return float64(ds[i]) / float64(time.Millisecond)
}

package solver

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// isolatedOnes returns the n x n view of issue 15: a 1 on every third cell
// of every third row, at (3i+1, 3j+1), and every other cell closed, with one
// mine per 1. Each 1 and its eight closed neighbours make a component of
// their own, which holds exactly one mine.
func isolatedOnes(tb testing.TB, n int) *View {
	tb.Helper()
	tiles := make([]board.Tile, n*n)
	mines := 0
	for i := range tiles {
		x, y := i%n, i/n
		tiles[i] = board.TileClosed
		if x%3 == 1 && y%3 == 1 && x < n-1 && y < n-1 {
			tiles[i] = 1
			mines++
		}
	}
	v, err := NewView(n, n, mines, tiles)
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// isolatedPairs returns an n x n view of pairs of 1s side by side, one pair
// in each 4x3 tile, at (4i+1, 3j+1) and (4i+2, 3j+1), with every other cell
// closed. Each pair is a component of its own that holds one mine (in the
// four cells both 1s touch) or two (one in the three cells each touches
// alone), so the components' mine counts vary, unlike isolatedOnes'. The
// board holds 3/2 mines per pair.
func isolatedPairs(tb testing.TB, n int) *View {
	tb.Helper()
	tiles := make([]board.Tile, n*n)
	pairs := 0
	for i := range tiles {
		x, y := i%n, i/n
		tiles[i] = board.TileClosed
		if y%3 == 1 && y < n-1 && (x%4 == 1 || x%4 == 2) && x-x%4+3 < n {
			tiles[i] = 1
			if x%4 == 1 {
				pairs++
			}
		}
	}
	v, err := NewView(n, n, pairs*3/2, tiles)
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// TestAnalyzeManyComponents checks that the memory an analysis takes grows
// in proportion to the board, not to the square of its number of
// components: combining the 1,200 to 1,600 components of these 120x120
// boards by mine count once took some 2 KB a cell, and gigabytes on the
// 300x300 board of issue 15. It counts bytes, not allocations (see
// TestNewTooLargeFailsFast in internal/board). The probabilities are
// known: each 1 has one mine among its eight cells; each pair of 1s holds
// one or two mines with even chances, since half the pairs hold two, and
// the weights of the two are the same for every choice of those pairs.
func TestAnalyzeManyComponents(t *testing.T) {
	const n = 120
	const maxPerCell = 400 // bytes
	tests := []struct {
		name      string
		view      func(testing.TB, int) *View
		prob      func(x, y int) float64 // of a closed cell
		wantExact bool
	}{
		{"isolated ones", isolatedOnes, func(x, y int) float64 { return 1.0 / 8 }, true},
		{"isolated pairs", isolatedPairs, func(x, y int) float64 {
			if x%4 == 0 || x%4 == 3 {
				return 0.5 * 1 / 3 // two mines: one of the three cells
			}
			return 0.5 * 1 / 4 // one mine: one of the four cells
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := tt.view(t, n)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			a, err := Analyze(v)
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatalf("Analyze: %v", err)
			}
			if got := (after.TotalAlloc - before.TotalAlloc) / (n * n); got > maxPerCell {
				t.Errorf("Analyze on %dx%d %s allocated %d bytes a cell; want at most %d", n, n, tt.name, got, maxPerCell)
			}
			if got := a.Exact(); got != tt.wantExact {
				t.Errorf("Exact() = %v; want %v", got, tt.wantExact)
			}
			if got := len(a.Safe()) + len(a.Mines()); got != 0 {
				t.Errorf("%d certain cells; want 0", got)
			}
			for y := range n {
				for x := range n {
					p := board.Point{X: x, Y: y}
					if !v.Closed(p) {
						continue
					}
					if got, want := a.Prob(p), tt.prob(x, y); math.Abs(got-want) > 1e-9 {
						t.Fatalf("Prob(%v) = %v; want %v", p, got, want)
					}
				}
			}
		})
	}
}

// BenchmarkSolveIsolated300 answers the 300x300 request of issue 15
// (isolatedOnes) and the same board of pairs (isolatedPairs) with a new
// solver each time, as the solve command's first request does, and reports
// the bytes allocated per request and per cell.
func BenchmarkSolveIsolated300(b *testing.B) {
	for _, bb := range []struct {
		name string
		view func(testing.TB, int) *View
	}{
		{"ones", isolatedOnes},
		{"pairs", isolatedPairs},
	} {
		b.Run(bb.name, func(b *testing.B) {
			v := bb.view(b, 300)
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			b.ResetTimer()
			for b.Loop() {
				if _, err := New(Options{}).Next(v); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			runtime.ReadMemStats(&after)
			bytes := float64(after.TotalAlloc-before.TotalAlloc) / float64(b.N)
			b.ReportMetric(bytes, "bytes/req")
			b.ReportMetric(bytes/(300*300), "B/cell")
		})
	}
}

// hugeViews returns views of a 1000x1000 board with the given mines (safe
// first click in the middle): after the first click, then after opening
// more safe cells, in a random order, until the given numbers of them have
// been opened by hand (the first click's flood aside). They hold the many
// small groups of numbers and lone closed mines of a game in progress.
// With guess set, each view is taken once the cells the analysis finds
// certainly safe have been opened, again and again, so that a guess must
// be made: the solver's costliest moves.
func hugeViews(tb testing.TB, mines int, guess bool, opens ...int) []*View {
	tb.Helper()
	const w, h = 1000, 1000
	rng := rand.New(rand.NewPCG(15, uint64(mines)))
	first := board.Point{X: w / 2, Y: h / 2}
	b, err := board.Generate(board.Settings{Width: w, Height: h, Mines: mines, Rule: board.Safe}, first, nil, rng)
	if err != nil {
		tb.Fatal(err)
	}
	mine := make([]bool, w*h)
	for _, p := range b.Layout() {
		mine[p.Y*w+p.X] = true
	}
	var safe []board.Point
	for i, m := range mine {
		if !m {
			safe = append(safe, board.Point{X: i % w, Y: i / w})
		}
	}
	rng.Shuffle(len(safe), func(i, j int) { safe[i], safe[j] = safe[j], safe[i] })
	reveal := func(p board.Point) {
		if _, err := b.Reveal(p); err != nil {
			tb.Fatal(err)
		}
	}
	reveal(first)
	view := func() *View {
		v, err := NewView(w, h, mines, b.Tiles(nil))
		if err != nil {
			tb.Fatal(err)
		}
		return v
	}
	s := New(Options{})
	var views []*View
	opened, next := 0, 0
	for _, stage := range opens {
		for ; opened < stage && next < len(safe); next++ {
			if p := safe[next]; b.Tile(p) < 0 {
				reveal(p)
				opened++
			}
		}
		v := view()
		for guess && b.Status() == board.Playing {
			a, err := s.Analyze(v)
			if err != nil {
				tb.Fatal(err)
			}
			if len(a.Safe()) == 0 {
				break
			}
			for _, p := range a.Safe() {
				if b.Tile(p) < 0 {
					reveal(p)
				}
			}
			v = view()
		}
		views = append(views, v)
	}
	return views
}

// BenchmarkNextHuge times the solver's move on a 1000x1000 board at a few
// stages of a game (see hugeViews), with one solver taking the views in
// turn: with the 10,000 mines of issue 15, whose first click opens nearly
// all the board, once where safe cells are left to open and once where a
// guess must be made, and with 200,000, the density of expert boards. It
// reports the bytes allocated per move and per cell.
func BenchmarkNextHuge(b *testing.B) {
	for _, bb := range []struct {
		name  string
		mines int
		guess bool
		opens []int
	}{
		{"mines=10000", 10000, false, []int{0, 100, 400}},
		{"mines=10000/guess", 10000, true, []int{0, 100, 400}},
		{"mines=200000", 200000, false, []int{100, 1000, 10000}},
	} {
		b.Run(bb.name, func(b *testing.B) {
			views := hugeViews(b, bb.mines, bb.guess, bb.opens...)
			s := New(Options{Rule: board.Safe})
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			b.ResetTimer()
			i := 0
			for b.Loop() {
				if _, err := s.Next(views[i%len(views)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.StopTimer()
			runtime.ReadMemStats(&after)
			bytes := float64(after.TotalAlloc-before.TotalAlloc) / float64(b.N)
			b.ReportMetric(bytes, "bytes/move")
			b.ReportMetric(bytes/(1000*1000), "B/cell")
		})
	}
}

package board

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
)

// floodSize is the side of the BenchmarkReveal board.
const floodSize = 4096

// floodLayout returns a fixed sparse layout of a size x size board, about
// one mine in a hundred cells, and a first click that floods nearly all of
// it: the layout comes from a fixed PCG seed and keeps a 3x3 hole around the
// click, so the click is a zero. On the 4096x4096 board the click opens
// 98.93% of the cells (the benchmark reports it as opened/cell), 99.93% of
// the safe ones; the rest are the mines and a few pockets they wall in.
func floodLayout(size int) (mines []Point, click Point) {
	rng := rand.New(rand.NewPCG(1, 2))
	click = Point{size / 2, size / 2}
	n := size * size / 100
	seen := make(map[Point]bool, n)
	for len(mines) < n {
		p := Point{rng.IntN(size), rng.IntN(size)}
		if seen[p] || (abs(p.X-click.X) <= 1 && abs(p.Y-click.Y) <= 1) {
			continue
		}
		seen[p] = true
		mines = append(mines, p)
	}
	return mines, click
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// BenchmarkReveal builds a 4096x4096 board with about 1% mines and opens a
// cell whose flood opens nearly all of it, reporting ns and bytes allocated
// per cell for New plus Reveal. The "baseline" sub-benchmark does the same
// work laid out as in the seed program: a 2-D grid of {value int; opened
// bool} flooded with an explicit stack of points. The engine's target is at
// least 10x the baseline's speed and at most 1.5 B/cell.
func BenchmarkReveal(b *testing.B) {
	mines, click := floodLayout(floodSize)
	cells := float64(floodSize * floodSize)
	run := func(b *testing.B, f func() int) {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		b.ResetTimer()
		opened := 0
		for b.Loop() {
			opened = f()
		}
		b.StopTimer()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/cells, "ns/cell")
		b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/cells, "B/cell")
		b.ReportMetric(float64(opened)/cells, "opened/cell")
	}
	b.Run("engine", func(b *testing.B) {
		run(b, func() int {
			bd, err := New(floodSize, floodSize, mines)
			if err != nil {
				b.Fatal(err)
			}
			n, err := bd.Reveal(click)
			if err != nil {
				b.Fatal(err)
			}
			return n
		})
	})
	b.Run("baseline", func(b *testing.B) {
		run(b, func() int { return baselineReveal(floodSize, floodSize, mines, click) })
	})
}

// baselineReveal is the seed program's layout: a 2-D grid of structs, value
// 9 for a mine, counts made by adding one around each mine, and a flood
// with an explicit stack of points: pop, skip if open, open, and on a zero
// push the neighbours. It pushes only neighbours not open yet, which makes
// it faster than pushing all eight, so the ratio to the engine errs on the
// baseline's side. It returns the number of cells opened.
func baselineReveal(w, h int, mines []Point, click Point) int {
	type square struct {
		value  int
		opened bool
	}
	grid := make([][]square, h)
	for y := range grid {
		grid[y] = make([]square, w)
	}
	for _, m := range mines {
		grid[m.Y][m.X].value = 9
	}
	for _, m := range mines {
		for y := m.Y - 1; y <= m.Y+1; y++ {
			for x := m.X - 1; x <= m.X+1; x++ {
				if y >= 0 && y < h && x >= 0 && x < w && grid[y][x].value != 9 {
					grid[y][x].value++
				}
			}
		}
	}
	opened := 0
	stack := []Point{click}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		sq := &grid[p.Y][p.X]
		if sq.opened {
			continue
		}
		sq.opened = true
		opened++
		if sq.value != 0 {
			continue
		}
		for y := p.Y - 1; y <= p.Y+1; y++ {
			for x := p.X - 1; x <= p.X+1; x++ {
				if y >= 0 && y < h && x >= 0 && x < w && !grid[y][x].opened {
					stack = append(stack, Point{x, y})
				}
			}
		}
	}
	return opened
}

// BenchmarkPlace lays one sixth of a square board with mines, the default
// density, with the Opening rule and the first click in the middle,
// reporting ns per cell. The "old" sub-benchmarks run placeReference, the
// per-mine way place laid every layout before, on the same random stream,
// so the ratio of the two is the speed-up; a sparse board (one mine in a
// thousand cells) checks that place keeps the per-mine way's speed there.
// The 16384x16384 board, the largest, takes about ten seconds the old way
// and is skipped with -short.
func BenchmarkPlace(b *testing.B) {
	cases := []struct {
		size, share int
	}{{4096, 6}, {4096, 1000}, {16384, 6}}
	for _, c := range cases {
		for _, way := range []struct {
			name string
			lay  func(b *Board, first int)
		}{{"new", func(b *Board, first int) { _ = b.place(first) }}, {"old", placeReference}} {
			b.Run(fmt.Sprintf("%dx%d/1in%d/%s", c.size, c.size, c.share, way.name), func(b *testing.B) {
				if testing.Short() && c.size > floodSize {
					b.Skip("the largest board is skipped with -short")
				}
				area := c.size * c.size
				bd, err := NewRandom(Settings{Width: c.size, Height: c.size, Mines: area / c.share, Rule: Opening}, nil, pcg(1))
				if err != nil {
					b.Fatal(err)
				}
				first := bd.index(Point{c.size / 2, c.size / 2})
				for b.Loop() {
					b.StopTimer()
					clear(bd.cells)
					bd.pending, bd.rng = true, pcg(1)
					b.StartTimer()
					way.lay(bd, first)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(area), "ns/cell")
			})
		}
	}
}

// BenchmarkNumbers counts the speedrunners' numbers of a board of the
// default density, one mine in six cells, reporting ns per cell: ThreeBV
// (a flood on a copy of the grid), Census (one pass, row by row) and ZiNi
// (the greedy solve, which a game's end counts on boards up to a million
// cells, the 1024x1024 one).
func BenchmarkNumbers(b *testing.B) {
	for _, size := range []int{1024, floodSize} {
		area := size * size
		bd, err := Generate(Settings{Width: size, Height: size, Mines: area / 6, Rule: Opening}, Point{size / 2, size / 2}, nil, pcg(1))
		if err != nil {
			b.Fatal(err)
		}
		for _, f := range []struct {
			name string
			f    func() int
		}{
			{"ThreeBV", bd.ThreeBV},
			{"Census", func() int { return bd.Census().ThreeBV }},
			{"ZiNi", bd.ZiNi},
		} {
			b.Run(fmt.Sprintf("%dx%d/%s", size, size, f.name), func(b *testing.B) {
				for b.Loop() {
					f.f()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(area), "ns/cell")
			})
		}
	}
}

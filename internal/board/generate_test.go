package board

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// pcg returns the random source the game uses, seeded with seed.
func pcg(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x6d696e6573)) }

// checkCounts fails the test unless every cell's count equals the number of
// mines around it, recomputed from Layout.
func checkCounts(t testing.TB, b *Board) {
	t.Helper()
	mine := make([]bool, b.w*b.h)
	for _, p := range b.Layout() {
		mine[p.Y*b.w+p.X] = true
	}
	for y := range b.h {
		for x := range b.w {
			want := 0
			for yy := y - 1; yy <= y+1; yy++ {
				for xx := x - 1; xx <= x+1; xx++ {
					if (xx != x || yy != y) && xx >= 0 && xx < b.w && yy >= 0 && yy < b.h && mine[yy*b.w+xx] {
						want++
					}
				}
			}
			c := b.cells[y*b.w+x]
			if got := int(c & countMask); got != want {
				t.Fatalf("cell %v counts %d mines; want %d", Point{x, y}, got, want)
			}
			if (c&mineBit != 0) != mine[y*b.w+x] {
				t.Fatalf("cell %v: mine bit %v; Layout says %v", Point{x, y}, c&mineBit != 0, mine[y*b.w+x])
			}
		}
	}
}

// TestGenerateReproducible pins the layouts a fixed seed and first cell
// give: the same on every machine and every run, and the same whether the
// mines are laid by Generate or by the first Reveal of NewRandom.
func TestGenerateReproducible(t *testing.T) {
	first := Point{2, 1}
	tests := []struct {
		rule FirstClick
		want []Point
	}{
		{Unsafe, []Point{{5, 0}, {0, 2}, {3, 2}, {5, 2}, {0, 3}}},
		{Safe, []Point{{5, 0}, {1, 2}, {3, 2}, {5, 2}, {0, 3}}},
		{Opening, []Point{{0, 1}, {4, 2}, {5, 2}, {1, 3}, {2, 3}}},
	}
	for _, tt := range tests {
		b, err := Generate(Settings{Width: 6, Height: 4, Mines: 5, Rule: tt.rule}, first, nil, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Layout(); !slices.Equal(got, tt.want) {
			t.Errorf("Generate(6, 4, 5, %v, %v, PCG(1, 2)).Layout() = %v; want %v", first, tt.rule, got, tt.want)
		}
		r, err := NewRandom(Settings{Width: 6, Height: 4, Mines: 5, Rule: tt.rule}, nil, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Reveal(first); err != nil {
			t.Fatal(err)
		}
		if got := r.Layout(); !slices.Equal(got, tt.want) {
			t.Errorf("NewRandom(6, 4, 5, %v, PCG(1, 2)), Reveal(%v): Layout() = %v; want %v", tt.rule, first, got, tt.want)
		}
	}
}

// TestGenerateRules checks the first-click rule, the mine count and the
// neighbour counts on every board over many seeds, sizes (down to 1x1),
// first cells and mine counts up to MaxMines.
func TestGenerateRules(t *testing.T) {
	sizes := []struct{ w, h int }{{1, 1}, {1, 2}, {1, 5}, {5, 1}, {2, 2}, {3, 3}, {4, 3}, {2, 7}, {9, 9}, {30, 16}}
	seeds := uint64(20)
	if testing.Short() {
		seeds = 5
	}
	for _, rule := range []FirstClick{Unsafe, Safe, Opening} {
		for _, sz := range sizes {
			limit := MaxMines(sz.w, sz.h, rule)
			firsts := []Point{{0, 0}, {sz.w - 1, sz.h - 1}, {sz.w / 2, sz.h / 2}, {sz.w - 1, 0}}
			for _, mines := range []int{0, 1, limit / 2, limit - 1, limit} {
				if mines < 0 || mines > limit {
					continue
				}
				for _, first := range firsts {
					for seed := range seeds {
						b, err := Generate(Settings{Width: sz.w, Height: sz.h, Mines: mines, Rule: rule}, first, nil, pcg(seed))
						if err != nil {
							t.Fatalf("Generate(%d, %d, %d, %v, %v): %v", sz.w, sz.h, mines, first, rule, err)
						}
						layout := b.Layout()
						if len(layout) != mines || b.Mines() != mines || !b.Started() {
							t.Fatalf("Generate(%d, %d, %d, %v, %v): %d mines laid; want %d", sz.w, sz.h, mines, first, rule, len(layout), mines)
						}
						checkCounts(t, b)
						for _, p := range layout {
							dx, dy := p.X-first.X, p.Y-first.Y
							near := dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1
							if (rule == Safe && p == first) || (rule == Opening && near) {
								t.Fatalf("Generate(%d, %d, %d, %v, %v, seed %d): mine at %v breaks the rule",
									sz.w, sz.h, mines, first, rule, seed, p)
							}
						}
						// The first click never loses under safe and opening, and
						// under opening it opens a zero.
						n, err := b.Reveal(first)
						if err != nil {
							t.Fatal(err)
						}
						if rule != Unsafe && b.Status() == Lost {
							t.Fatalf("Generate(%d, %d, %d, %v, %v, seed %d): the first click lost", sz.w, sz.h, mines, first, rule, seed)
						}
						if rule == Opening && b.Tile(first) != 0 {
							t.Fatalf("Generate(%d, %d, %d, %v, %v, seed %d): the first click opened %v; want 0 (n=%d)",
								sz.w, sz.h, mines, first, rule, seed, b.Tile(first), n)
						}
					}
				}
			}
		}
	}
}

// wilsonHilferty returns an approximation of the chi-square value with df
// degrees of freedom that is exceeded with probability p, where z is the
// standard normal quantile exceeded with probability p.
func wilsonHilferty(df int, z float64) float64 {
	k := float64(df)
	c := 2 / (9 * k)
	return k * math.Pow(1-c+z*math.Sqrt(c), 3)
}

// TestGenerateUniform lays mines on small boards with many seeds and checks
// with a chi-square test that every layout the rule allows is equally
// likely (and that no other layout appears). The seeds are fixed, so the
// test is deterministic; its threshold is the p = 1e-6 critical value, so a
// correct generator would fail it with another seed sequence only once in
// a million.
func TestGenerateUniform(t *testing.T) {
	const z = 4.7534 // the standard normal quantile exceeded with p = 1e-6
	perLayout := 200
	if testing.Short() {
		perLayout = 50
	}
	tests := []struct {
		w, h, mines int
		first       Point
		rule        FirstClick
		layouts     int // the number of layouts the rule allows
	}{
		{4, 3, 2, Point{0, 0}, Unsafe, 66},   // C(12, 2)
		{4, 3, 2, Point{1, 1}, Safe, 55},     // C(11, 2)
		{4, 3, 2, Point{0, 0}, Opening, 28},  // C(8, 2)
		{4, 4, 3, Point{3, 3}, Opening, 220}, // C(12, 3)
		{5, 1, 2, Point{0, 0}, Opening, 3},   // C(3, 2)
		{2, 4, 2, Point{1, 0}, Opening, 6},   // C(4, 2)
	}
	for _, tt := range tests {
		counts := map[uint64]int{}
		samples := perLayout * tt.layouts
		for seed := range uint64(samples) {
			b, err := Generate(Settings{Width: tt.w, Height: tt.h, Mines: tt.mines, Rule: tt.rule}, tt.first, nil, pcg(seed))
			if err != nil {
				t.Fatal(err)
			}
			var key uint64
			for _, p := range b.Layout() {
				key |= 1 << (p.Y*tt.w + p.X)
			}
			counts[key]++
		}
		if len(counts) != tt.layouts {
			t.Errorf("%dx%d, %d mines, first %v, %v: %d layouts seen; want %d", tt.w, tt.h, tt.mines, tt.first, tt.rule, len(counts), tt.layouts)
			continue
		}
		expected := float64(samples) / float64(tt.layouts)
		chi2 := 0.0
		for _, n := range counts {
			d := float64(n) - expected
			chi2 += d * d / expected
		}
		limit := wilsonHilferty(tt.layouts-1, z)
		t.Logf("%dx%d, %d mines, first %v, %v: chi-square %.1f, %d degrees of freedom, limit %.1f",
			tt.w, tt.h, tt.mines, tt.first, tt.rule, chi2, tt.layouts-1, limit)
		if chi2 > limit {
			t.Errorf("%dx%d, %d mines, first %v, %v: chi-square %.1f over %d layouts; want at most %.1f (p = 1e-6)",
				tt.w, tt.h, tt.mines, tt.first, tt.rule, chi2, tt.layouts, limit)
		}
	}
}

// TestChiSquareCatchesBias makes sure the uniformity test has teeth: two
// mines on 12 cells where, one time in four, the second mine lies just
// after the first (so the 12 layouts of neighbouring cells come about twice
// as often as the others) must fail it.
func TestChiSquareCatchesBias(t *testing.T) {
	const layouts = 66 // 2 mines on 12 cells
	rng := pcg(1)
	counts := map[[2]int]int{}
	samples := 200 * layouts
	for range samples {
		a := rng.IntN(12)
		b := (a + 1) % 12
		if rng.IntN(4) > 0 {
			b = (a + 1 + rng.IntN(11)) % 12
		}
		counts[[2]int{min(a, b), max(a, b)}]++
	}
	expected := float64(samples) / layouts
	chi2 := 0.0
	for _, n := range counts {
		chi2 += (float64(n) - expected) * (float64(n) - expected) / expected
	}
	chi2 += expected * float64(layouts-len(counts)) // layouts never seen
	if limit := wilsonHilferty(layouts-1, 4.7534); chi2 <= limit {
		t.Errorf("a biased draw passed the chi-square test: %.1f <= %.1f", chi2, limit)
	}
}

func TestNewRandomErrors(t *testing.T) {
	tests := []struct {
		w, h, mines int
		rule        FirstClick
		want        error
		msg         string
	}{
		{3, 3, 10, Unsafe, ErrMineCount, "mine count out of range: 10 mines on 3x3 with the unsafe first click (0 to 9)"},
		{3, 3, 9, Safe, ErrMineCount, "mine count out of range: 9 mines on 3x3 with the safe first click (0 to 8)"},
		{3, 3, 1, Opening, ErrMineCount, "mine count out of range: 1 mines on 3x3 with the opening first click (0 to 0)"},
		{9, 9, 73, Opening, ErrMineCount, "mine count out of range: 73 mines on 9x9 with the opening first click (0 to 72)"},
		{9, 9, -1, Unsafe, ErrMineCount, "mine count out of range: -1 mines on 9x9 with the unsafe first click (0 to 81)"},
		{0, 9, 1, Unsafe, ErrSize, "board size must be at least 1x1 (got 0x9)"},
		{1 << 20, 1 << 20, 1, Unsafe, ErrTooLarge, "board is larger than 268435456 cells (got 1048576x1048576)"},
		{9, 9, 1, FirstClick(3), nil, "unknown first-click rule 3"},
	}
	for _, tt := range tests {
		b, err := NewRandom(Settings{Width: tt.w, Height: tt.h, Mines: tt.mines, Rule: tt.rule}, nil, pcg(1))
		if b != nil || err == nil || (tt.want != nil && !errors.Is(err, tt.want)) || err.Error() != tt.msg {
			t.Errorf("NewRandom(%d, %d, %d, %v) = %v, %v; want nil, %q", tt.w, tt.h, tt.mines, tt.rule, b, err, tt.msg)
		}
	}
	if b, err := NewRandom(Settings{Width: 9, Height: 9, Mines: 10, Rule: Opening}, nil, nil); b != nil || err == nil {
		t.Errorf("NewRandom(9, 9, 10, opening, nil) = %v, %v; want nil, an error", b, err)
	}
	for _, first := range []Point{{-1, 0}, {9, 0}, {0, 9}} {
		b, err := Generate(Settings{Width: 9, Height: 9, Mines: 10, Rule: Opening}, first, nil, pcg(1))
		if b != nil || !errors.Is(err, ErrOutOfBounds) {
			t.Errorf("Generate(9, 9, 10, %v, opening) = %v, %v; want nil, %v", first, b, err, ErrOutOfBounds)
		}
	}
}

// TestNewRandomBeforeFirstReveal checks a board waiting for its first
// opening: no layout yet, marks allowed, a flagged cell refuses to open and
// the mines stay unlaid until a cell really opens.
func TestNewRandomBeforeFirstReveal(t *testing.T) {
	b, err := NewRandom(Settings{Width: 9, Height: 9, Mines: 10, Rule: Opening}, nil, pcg(7))
	if err != nil {
		t.Fatal(err)
	}
	if b.Started() || b.Layout() != nil || b.ThreeBV() != 0 || b.SafeLeft() != 71 || b.FlagsLeft() != 10 {
		t.Errorf("fresh NewRandom: Started() %v, Layout() %v, ThreeBV() %d, SafeLeft() %d, FlagsLeft() %d; want false, nil, 0, 71, 10",
			b.Started(), b.Layout(), b.ThreeBV(), b.SafeLeft(), b.FlagsLeft())
	}
	do(t, b, mark(4, 4), mark(0, 0))
	if n, err := b.Reveal(Point{4, 4}); n != 0 || !errors.Is(err, ErrFlagged) || b.Started() {
		t.Errorf("Reveal(%v) on a flag = %v, %v, Started() %v; want 0, %v, false", Point{4, 4}, n, err, b.Started(), ErrFlagged)
	}
	n, err := b.Reveal(Point{8, 8})
	if err != nil || n < 4 || !b.Started() || b.Status() == Lost {
		t.Errorf("Reveal(%v) = %v, %v; Started() %v, Status() %v; want an opening", Point{8, 8}, n, err, b.Started(), b.Status())
	}
	if b.Flags() != 2 || len(b.Layout()) != 10 {
		t.Errorf("after the first Reveal: Flags() %d, %d mines; want 2, 10", b.Flags(), len(b.Layout()))
	}
	checkCounts(t, b)
}

// threeBVReference is 3BV computed plainly: a depth-first search of each
// opening over a grid of booleans, then the safe cells no opening reached.
func threeBVReference(b *Board) int {
	w, h := b.w, b.h
	seen := make([]bool, len(b.cells))
	clicks := 0
	for i, c := range b.cells {
		if seen[i] || c&(mineBit|countMask) != 0 {
			continue
		}
		clicks++
		seen[i] = true
		stack := []int{i}
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := k%w, k/w
			for yy := max(y-1, 0); yy <= min(y+1, h-1); yy++ {
				for xx := max(x-1, 0); xx <= min(x+1, w-1); xx++ {
					if j := yy*w + xx; !seen[j] {
						seen[j] = true
						if b.cells[j]&countMask == 0 {
							stack = append(stack, j)
						}
					}
				}
			}
		}
	}
	for i, c := range b.cells {
		if !seen[i] && c&mineBit == 0 {
			clicks++
		}
	}
	return clicks
}

// TestThreeBVMatchesReference compares ThreeBV with a plain computation on
// random boards of many sizes and densities, some with moves played (which
// must not change it).
func TestThreeBVMatchesReference(t *testing.T) {
	for seed := range uint64(100) {
		rng := pcg(seed)
		w, h := 1+rng.IntN(30), 1+rng.IntN(30)
		rule := FirstClick(rng.IntN(3))
		mines := rng.IntN(MaxMines(w, h, rule) + 1)
		if rng.IntN(2) == 0 {
			mines /= 4 // sparse boards have large openings
		}
		b, err := Generate(Settings{Width: w, Height: h, Mines: mines, Rule: rule}, Point{rng.IntN(w), rng.IntN(h)}, nil, rng)
		if err != nil {
			t.Fatal(err)
		}
		want := threeBVReference(b)
		if got := b.ThreeBV(); got != want {
			t.Fatalf("seed %d: ThreeBV() = %d; want %d on\n%s", seed, got, want, b)
		}
		for range 10 {
			b.Apply(Move{Action(rng.IntN(3)), Point{rng.IntN(w), rng.IntN(h)}})
		}
		if got := b.ThreeBV(); got != want {
			t.Fatalf("seed %d: ThreeBV() = %d after moves; want %d", seed, got, want)
		}
	}
}

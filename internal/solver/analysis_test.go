package solver

import (
	"errors"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// parseView builds a view from text, one line a row: '#', 'F' or '?' a
// closed cell, '0'-'8' an open one. Blank lines and indentation are
// ignored.
func parseView(tb testing.TB, text string, mines int) *View {
	tb.Helper()
	var tiles []board.Tile
	w, h := 0, 0
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if h > 0 && len(line) != w {
			tb.Fatalf("row %d has %d cells; want %d", h+1, len(line), w)
		}
		w = len(line)
		for _, c := range []byte(line) {
			switch {
			case c >= '0' && c <= '8':
				tiles = append(tiles, board.Tile(c-'0'))
			case c == '#':
				tiles = append(tiles, board.TileClosed)
			case c == 'F':
				tiles = append(tiles, board.TileFlag)
			case c == '?':
				tiles = append(tiles, board.TileQuestion)
			default:
				tb.Fatalf("unexpected %q in view", c)
			}
		}
		h++
	}
	v, err := NewView(w, h, mines, tiles)
	if err != nil {
		tb.Fatalf("NewView: %v", err)
	}
	return v
}

// bruteProbs returns, by enumerating every layout of mines over the closed
// cells (at most 24 of them), each cell's mine probability and the number
// of layouts that fit the view.
func bruteProbs(v *View) (prob []float64, layouts int) {
	var hits []int
	closed := eachLayout(v, func(closed []int, _ []bool, mask uint32) {
		if hits == nil {
			hits = make([]int, len(closed))
		}
		layouts++
		for k := range closed {
			if mask>>k&1 == 1 {
				hits[k]++
			}
		}
	})
	prob = make([]float64, len(v.tiles))
	for k, c := range closed {
		if layouts > 0 {
			prob[c] = float64(hits[k]) / float64(layouts)
		}
	}
	return prob, layouts
}

// eachLayout calls f with every layout of mines over v's closed cells (at
// most 24 of them) that fits its numbers and mine count: grid marks the
// mines by cell, and bit k of mask is set when closed[k] holds one. It
// returns the closed cells.
func eachLayout(v *View, f func(closed []int, grid []bool, mask uint32)) []int {
	var closed []int
	for i, t := range v.tiles {
		if t < 0 {
			closed = append(closed, i)
		}
	}
	grid := make([]bool, len(v.tiles))
	for mask := uint32(0); mask < 1<<len(closed); mask++ {
		if bits.OnesCount32(mask) != v.mines {
			continue
		}
		for k, c := range closed {
			grid[c] = mask>>k&1 == 1
		}
		fits := true
		for i, t := range v.tiles {
			if t >= 0 && minesAround(v, grid, i) != int(t) {
				fits = false
				break
			}
		}
		if fits {
			f(closed, grid, mask)
		}
	}
	return closed
}

// closedCells returns the number of closed cells of v, which bruteProbs
// enumerates the layouts of: tests keep to views of at most 20.
func closedCells(v *View) int {
	n := 0
	for _, tl := range v.tiles {
		if tl < 0 {
			n++
		}
	}
	return n
}

// minesAround returns the number of mines in grid around cell i.
func minesAround(v *View, grid []bool, i int) int {
	n := 0
	for j := range board.Neighbours(v.width, v.height, i) {
		if grid[j] {
			n++
		}
	}
	return n
}

// randomView returns the view of a random w x h board with the given mines
// after opening some random safe cells, and the board itself.
func randomView(tb testing.TB, rng *rand.Rand, w, h, mines, opens int) (*View, *board.Board) {
	tb.Helper()
	b, err := board.Generate(board.Settings{Width: w, Height: h, Mines: mines, Rule: board.Unsafe}, board.Point{X: rng.IntN(w), Y: rng.IntN(h)}, nil, rng)
	if err != nil {
		tb.Fatal(err)
	}
	mine := make(map[board.Point]bool)
	for _, p := range b.Layout() {
		mine[p] = true
	}
	for range opens {
		var safe []board.Point
		for y := range h {
			for x := range w {
				p := board.Point{X: x, Y: y}
				if !mine[p] && b.Tile(p) < 0 {
					safe = append(safe, p)
				}
			}
		}
		if len(safe) <= 1 {
			break
		}
		if _, err := b.Reveal(safe[rng.IntN(len(safe))]); err != nil {
			tb.Fatal(err)
		}
	}
	v, err := NewView(w, h, mines, b.Tiles(nil))
	if err != nil {
		tb.Fatal(err)
	}
	return v, b
}

func TestAnalyzeMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	cases := 300
	if testing.Short() {
		cases = 60
	}
	for c := range cases {
		w, h := 3+rng.IntN(3), 3+rng.IntN(3)
		mines := 1 + rng.IntN(w*h/3)
		v, _ := randomView(t, rng, w, h, mines, 1+rng.IntN(3))
		if closed := closedCells(v); closed > 20 || closed == 0 {
			continue
		}
		want, layouts := bruteProbs(v)
		a, err := Analyze(v)
		if err != nil {
			t.Fatalf("case %d: Analyze: %v", c, err)
		}
		if !a.Exact() {
			t.Errorf("case %d: Exact() = false; want true", c)
		}
		if got := a.LogLayouts(); math.Abs(got-math.Log(float64(layouts))) > 1e-9 {
			t.Errorf("case %d: LogLayouts() = %v; want log(%d) = %v", c, got, layouts, math.Log(float64(layouts)))
		}
		for i := range v.tiles {
			p := v.point(i)
			if got := a.Prob(p); math.Abs(got-want[i]) > 1e-9 {
				t.Errorf("case %d: Prob(%v) = %v; want %v\n%s", c, p, got, want[i], viewString(v))
			}
		}
		checkCertain(t, v, a, want)
	}
}

// checkCertain checks Safe and Mines against exact probabilities.
func checkCertain(t *testing.T, v *View, a *Analysis, want []float64) {
	t.Helper()
	safe := make(map[board.Point]bool)
	for _, p := range a.Safe() {
		safe[p] = true
	}
	mine := make(map[board.Point]bool)
	for _, p := range a.Mines() {
		mine[p] = true
	}
	for i, tl := range v.tiles {
		if tl >= 0 {
			continue
		}
		p := v.point(i)
		if got, w := safe[p], want[i] == 0; got != w {
			t.Errorf("safe[%v] = %v; want %v\n%s", p, got, w, viewString(v))
		}
		if got, w := mine[p], want[i] == 1; got != w {
			t.Errorf("mine[%v] = %v; want %v\n%s", p, got, w, viewString(v))
		}
	}
}

// viewString renders v as parseView reads it.
func viewString(v *View) string {
	var sb strings.Builder
	for i, t := range v.tiles {
		sb.WriteByte(t.Byte())
		if i%v.width == v.width-1 {
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

func TestAnalyzeTextPositions(t *testing.T) {
	tests := []struct {
		name  string
		view  string
		mines int
		safe  []board.Point
		mine  []board.Point
		probs map[board.Point]float64
	}{
		{
			name: "one-two-one",
			view: `
				###
				121
				000`,
			mines: 2,
			safe:  []board.Point{{X: 1, Y: 0}},
			mine:  []board.Point{{X: 0, Y: 0}, {X: 2, Y: 0}},
		},
		{
			name: "fifty-fifty",
			view: `
				##
				11
				00`,
			mines: 1,
			probs: map[board.Point]float64{{X: 0, Y: 0}: 0.5, {X: 1, Y: 0}: 0.5},
		},
		{
			name: "mine count decides",
			view: `
				1##
				1##
				1##`,
			mines: 1,
			// The one mine is next to all three ones: at (1,1).
			safe: []board.Point{{X: 1, Y: 0}, {X: 2, Y: 0}, {X: 1, Y: 2}, {X: 2, Y: 1}, {X: 2, Y: 2}},
			mine: []board.Point{{X: 1, Y: 1}},
		},
		{
			name: "flags are not trusted",
			view: `
				F#
				11
				00`,
			mines: 1,
			probs: map[board.Point]float64{{X: 0, Y: 0}: 0.5, {X: 1, Y: 0}: 0.5},
		},
		{
			name: "outside cells share the rest",
			view: `
				0000
				1110
				####
				####`,
			mines: 3,
			// One mine among the three cells under the ones (their
			// number is 1 each, so exactly one under (0..2, 2) with the
			// pattern 1-1-1 forcing (1,2)); two more among the 4 cells of
			// the last row and the cell (3,2).
			mine: []board.Point{{X: 1, Y: 2}},
			safe: []board.Point{{X: 0, Y: 2}, {X: 2, Y: 2}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := parseView(t, tt.view, tt.mines)
			a, err := Analyze(v)
			if err != nil {
				t.Fatalf("Analyze: %v", err)
			}
			want, _ := bruteProbs(v)
			for _, p := range tt.safe {
				if got := a.Prob(p); got != 0 {
					t.Errorf("Prob(%v) = %v; want 0", p, got)
				}
			}
			for _, p := range tt.mine {
				if got := a.Prob(p); got != 1 {
					t.Errorf("Prob(%v) = %v; want 1", p, got)
				}
			}
			for p, w := range tt.probs {
				if got := a.Prob(p); math.Abs(got-w) > 1e-12 {
					t.Errorf("Prob(%v) = %v; want %v", p, got, w)
				}
			}
			checkCertain(t, v, a, want)
		})
	}
}

func TestAnalyzeInconsistent(t *testing.T) {
	tests := []struct {
		name  string
		view  string
		mines int
	}{
		{"number too big", "4#\n##", 3},
		{"too few mines", "##\n11\n00", 0},
		{"too many mines", "1#\n##", 3},
		{"contradiction", "#1#\n000", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := parseView(t, tt.view, tt.mines)
			if _, err := Analyze(v); !errors.Is(err, ErrInconsistent) {
				t.Errorf("Analyze(%q) = %v; want ErrInconsistent", tt.view, err)
			}
			// Next gives no move either.
			if p, err := New(Options{}).Next(v); !errors.Is(err, ErrInconsistent) {
				t.Errorf("Next = %v, %v; want ErrInconsistent", p, err)
			}
		})
	}
}

// TestNeverWrong checks certainties against the engine's truth over many
// random positions, with the default budget, with a tiny one that forces
// the approximate fallback, and with a limit on combining components that
// forces combineApprox.
func TestNeverWrong(t *testing.T) {
	withoutRace(t)
	rng := rand.New(rand.NewPCG(7, 7))
	positions := 3000
	if testing.Short() {
		positions = 600
	}
	sizes := []struct{ w, h, mines int }{
		{8, 8, 10}, {9, 9, 10}, {16, 16, 40}, {30, 16, 99}, {12, 10, 30}, {20, 20, 50},
	}
	for _, cfg := range []struct{ budget, combineLimit int }{{defaultBudget, 0}, {8, 0}, {defaultBudget, 1}} {
		var an analyzer
		an.budget = cfg.budget
		an.combineLimit = cfg.combineLimit
		checked := 0
		for checked < positions {
			sz := sizes[rng.IntN(len(sizes))]
			v, b := randomView(t, rng, sz.w, sz.h, sz.mines, 1+rng.IntN(12))
			mine := make([]bool, sz.w*sz.h)
			for _, p := range b.Layout() {
				mine[p.Y*sz.w+p.X] = true
			}
			an.resetCache()
			if err := an.run(v.width, v.height, v.mines, v.tiles); err != nil {
				t.Fatalf("%+v: run: %v\n%s", cfg, err, viewString(v))
			}
			checked++
			for i, tl := range v.tiles {
				if tl >= 0 {
					continue
				}
				switch {
				case !(an.prob[i] >= 0 && an.prob[i] <= 1):
					t.Fatalf("%+v: probability %v at %v\n%s", cfg, an.prob[i], v.point(i), viewString(v))
				case an.certain[i] == certSafe && mine[i]:
					t.Fatalf("%+v: mine at %v called safe\n%s", cfg, v.point(i), viewString(v))
				case an.certain[i] == certMine && !mine[i]:
					t.Fatalf("%+v: safe cell %v called a mine\n%s", cfg, v.point(i), viewString(v))
				case an.prob[i] == 0 && mine[i]:
					t.Fatalf("%+v: mine at %v has probability 0\n%s", cfg, v.point(i), viewString(v))
				case an.prob[i] == 1 && !mine[i]:
					t.Fatalf("%+v: safe cell %v has probability 1\n%s", cfg, v.point(i), viewString(v))
				}
			}
		}
	}
}

// TestAnalyzeLargeBoard checks a 100x100 view where 200 mines are forced
// next to an open row and 100 more lie among 9,700 unconstrained cells:
// binomials far beyond float64's range must not spoil the result.
func TestAnalyzeLargeBoard(t *testing.T) {
	const w, h = 100, 100
	tiles := make([]board.Tile, w*h)
	for i := range tiles {
		tiles[i] = board.TileClosed
	}
	for x := range w {
		n := 6
		if x == 0 || x == w-1 {
			n = 4
		}
		tiles[50*w+x] = board.Tile(n)
	}
	v, err := NewView(w, h, 300, tiles)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Analyze(v)
	if err != nil {
		t.Fatalf("Analyze: %v", err)
	}
	if got := len(a.Mines()); got != 200 {
		t.Errorf("len(Mines()) = %d; want 200", got)
	}
	if got := a.LogLayouts(); math.IsNaN(got) || math.IsInf(got, 0) {
		t.Errorf("LogLayouts() = %v; want a finite number", got)
	}
	if got, want := a.Prob(board.Point{X: 0, Y: 0}), 100.0/9700; !(math.Abs(got-want) <= 1e-12) {
		t.Errorf("Prob((0,0)) = %v; want %v", got, want)
	}
	if got := a.Prob(board.Point{X: 7, Y: 49}); got != 1 {
		t.Errorf("Prob((7,49)) = %v; want 1", got)
	}
	if got := len(a.Safe()); got != 0 {
		t.Errorf("len(Safe()) = %d; want 0", got)
	}
}

func TestCertaintyString(t *testing.T) {
	tests := []struct {
		c    certainty
		want string
	}{
		{certNone, "none"},
		{certSafe, "safe"},
		{certMine, "mine"},
		{someSafe | someMine, "someSafe|someMine"},
		{someMine | 0x40, "someMine|certainty(0x40)"},
	}
	for _, tt := range tests {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("certainty(%#x).String() = %q; want %q", uint8(tt.c), got, tt.want)
		}
	}
}

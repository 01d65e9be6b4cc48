package board

import (
	"fmt"
	"testing"
)

// placeReference is place as it was before the dense way of laying mines:
// Floyd's sampling with the grid's mine bits as the chosen set and the
// counts made around each mine as it is laid. Seeds shown to players and
// recorded benchmark figures depend on its layouts, so place must give
// exactly the same grid for the same random stream; it is kept here, with
// its own copy of countAround, as the reference place is checked against.
func placeReference(b *Board, first int) {
	b.pending = false
	var excluded []int // ascending
	fx, fy := first%b.w, first/b.w
	switch b.rule {
	case Safe:
		excluded = []int{first}
	case Opening:
		excluded = make([]int, 0, 9)
		for y := max(fy-1, 0); y <= min(fy+1, b.h-1); y++ {
			for x := max(fx-1, 0); x <= min(fx+1, b.w-1); x++ {
				excluded = append(excluded, y*b.w+x)
			}
		}
	}
	allowed := len(b.cells) - len(excluded)
	// at maps an index among the allowed cells to its index in the grid.
	at := func(k int) int {
		for _, e := range excluded {
			if e > k {
				break
			}
			k++
		}
		return k
	}
	countAround := func(x, y int) {
		w := b.w
		x0, x1 := max(x-1, 0), min(x+1, w-1)
		for yy := max(y-1, 0); yy <= min(y+1, b.h-1); yy++ {
			row := b.cells[yy*w+x0 : yy*w+x1+1]
			for k := range row {
				row[k]++
			}
		}
		b.cells[y*w+x]--
	}
	for j := allowed - b.mines; j < allowed; j++ {
		i := at(b.rng.IntN(j + 1))
		if b.cells[i]&mineBit != 0 {
			i = at(j)
		}
		b.cells[i] |= mineBit
		countAround(i%b.w, i/b.w)
	}
}

// placeWays are the ways of laying mines checked against placeReference:
// place itself, which picks one of the other two by density, and each of
// those forced, so both are checked on every case whichever place picks.
var placeWays = []struct {
	name string
	lay  func(b *Board, first int)
}{
	{"place", func(b *Board, first int) { _ = b.place(first) }},
	{"placeSparse", func(b *Board, first int) {
		b.pending = false
		b.placeSparse(b.allowed(first))
	}},
	{"placeDense", func(b *Board, first int) {
		b.pending = false
		b.placeDense(b.allowed(first))
	}},
}

// TestPlaceMatchesReference lays mines with place, placeSparse and
// placeDense and with placeReference from the same seed and compares the
// whole grids, mine bits, counts and marks, over sizes from 1x1 to 257x129
// (single rows and columns, widths below, at and around multiples of
// eight), every first-click rule, first clicks in the corners, on the edges
// and inside, and mine counts from none through both sides of the density
// threshold to the most the rule allows. Odd seeds put marks on the pending
// board first, as a player may before the first click.
func TestPlaceMatchesReference(t *testing.T) {
	sizes := []struct{ w, h int }{
		{1, 1}, {1, 2}, {2, 1}, {1, 37}, {37, 1}, {1, 300}, {300, 1},
		{2, 2}, {3, 3}, {7, 5}, {8, 8}, {9, 9}, {15, 17}, {16, 16}, {17, 15},
		{30, 16}, {64, 3}, {3, 64}, {100, 60}, {257, 129},
	}
	seeds, maxArea := uint64(8), MaxCells
	if testing.Short() || raceEnabled {
		seeds, maxArea = 2, 2000 // the race detector makes the larger sizes take a minute
	}
	for _, rule := range []FirstClick{Unsafe, Safe, Opening} {
		for _, sz := range sizes {
			w, h := sz.w, sz.h
			area, limit := w*h, MaxMines(w, h, rule)
			if area > maxArea {
				continue
			}
			firsts := []Point{
				{0, 0}, {w - 1, 0}, {0, h - 1}, {w - 1, h - 1}, // corners
				{w / 2, 0}, {0, h / 2}, {w - 1, h / 2}, {w / 2, h - 1}, // edges
				{w / 2, h / 2}, {1, 1}, {w - 2, h - 2}, // inside
			}
			dense := denseFrom(w, h, limit)
			counts := []int{0, 1, 2, dense - 1, dense, area / 6, limit / 2, limit - 1, limit}
			for _, first := range firsts {
				if first.X < 0 || first.Y < 0 {
					continue // {1, 1} or {w-2, h-2} on a board too narrow for them
				}
				seen := map[int]bool{}
				for _, mines := range counts {
					if mines < 0 || mines > limit || seen[mines] {
						continue
					}
					seen[mines] = true
					for seed := range seeds {
						want := pendingBoard(t, w, h, mines, rule, seed)
						placeReference(want, want.index(first))
						for _, way := range placeWays {
							got := pendingBoard(t, w, h, mines, rule, seed)
							way.lay(got, got.index(first))
							name := fmt.Sprintf("%s on %dx%d, %d mines, %v, first %v, seed %d",
								way.name, w, h, mines, rule, first, seed)
							compareGrids(t, name, got, want)
						}
					}
				}
			}
		}
	}
}

// denseFrom returns the fewest mines, up to limit, for which place takes the
// dense way on a w by h board, or limit+1 when it never does.
func denseFrom(w, h, limit int) int {
	b := &Board{w: w, h: h, cells: make([]cell, w*h)}
	for b.mines = 0; b.mines <= limit; b.mines++ {
		if b.denseFaster() {
			break
		}
	}
	return b.mines
}

// pendingBoard returns a board from NewRandom waiting for its first click;
// with an odd seed a few cells carry a flag or a question mark, which
// laying the mines must keep.
func pendingBoard(t *testing.T, w, h, mines int, rule FirstClick, seed uint64) *Board {
	t.Helper()
	b, err := NewRandom(Settings{Width: w, Height: h, Mines: mines, Rule: rule}, nil, pcg(seed))
	if err != nil {
		t.Fatalf("NewRandom(%d, %d, %d, %v) = %v", w, h, mines, rule, err)
	}
	if seed%2 == 1 {
		for i := 0; i < w*h; i += 7 {
			b.ToggleMark(Point{i % w, i / w}) // a flag
			if i%3 == 0 {
				b.ToggleMark(Point{i % w, i / w}) // a question mark
			}
		}
	}
	return b
}

// compareGrids fails the test unless got's cells, pending flag and mine
// count equal want's, naming the first cell that differs and how many do.
func compareGrids(t *testing.T, name string, got, want *Board) {
	t.Helper()
	if got.pending || got.mines != want.mines {
		t.Errorf("%s: pending %v, %d mines; want false, %d", name, got.pending, got.mines, want.mines)
	}
	diff, at := 0, -1
	for i := range want.cells {
		if got.cells[i] != want.cells[i] {
			diff++
			if at < 0 {
				at = i
			}
		}
	}
	if diff > 0 {
		p := Point{at % want.w, at / want.w}
		t.Errorf("%s: cell %v = %#02x; want %#02x (%d of %d cells differ)",
			name, p, uint8(got.cells[at]), uint8(want.cells[at]), diff, len(want.cells))
	}
}

// TestPlaceLargeMatchesReference compares place with placeReference on one
// board large enough to take the dense way with several rows of eight-cell
// words and a batch of draws many times over, with an odd width so rows
// start at every offset in a word.
func TestPlaceLargeMatchesReference(t *testing.T) {
	if testing.Short() {
		t.Skip("a 1001x999 board; skipped with -short")
	}
	const w, h = 1001, 999
	for _, rule := range []FirstClick{Unsafe, Opening} {
		for _, mines := range []int{w * h / 1000, w * h / 6} {
			first := Point{w / 3, h / 2}
			want := pendingBoard(t, w, h, mines, rule, 7)
			placeReference(want, want.index(first))
			got := pendingBoard(t, w, h, mines, rule, 7)
			_ = got.place(got.index(first))
			compareGrids(t, fmt.Sprintf("place on %dx%d, %d mines, %v, first %v", w, h, mines, rule, first), got, want)
		}
	}
}

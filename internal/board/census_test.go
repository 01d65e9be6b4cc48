package board

import (
	"fmt"
	"testing"
)

// The boards the tests of the speedrunners' numbers share, with their
// counts as a player sees them once open.
const (
	// ring: one mine, eight isolated numbers around it, one island.
	//   1 1 1
	//   1 * 1
	//   1 1 1
	ring = `
		...
		.*.
		...`
	// cross: four mines in the corners, five isolated numbers between
	// them, one island.
	//   * 2 *
	//   2 4 2
	//   * 2 *
	cross = `
		*.*
		...
		*.*`
	// shelf: one opening (the bottom row, its border the row above) under
	// an island of eight isolated numbers around two mines.
	//   1 1 2 1 1
	//   1 * 2 * 1
	//   1 1 2 1 1
	//   0 0 0 0 0
	shelf = `
		.....
		.*.*.
		.....
		.....`
)

// TestCensus pins the census of boards drawn as text, after the moves
// given, to counts made by hand: the openings, the islands, the 3BV
// (openings plus isolated numbers) and the 3BV solved (the openings every
// cell of which is open, and the isolated numbers open).
func TestCensus(t *testing.T) {
	tests := []struct {
		name  string
		board string
		moves []Move
		want  Census
	}{
		{"no mines: one opening", "...\n...\n...", nil, Census{ThreeBV: 1, Openings: 1}},
		{"no mines, all open", "...\n...\n...", []Move{open(1, 1)}, Census{ThreeBV: 1, Openings: 1, Solved: 1}},
		// The flag stops the flood short of (2,2): the opening is not
		// cleared until the flag comes off and the cell is opened.
		{"an opening a flag keeps closed", "...\n...\n...", []Move{mark(2, 2), open(0, 0)}, Census{ThreeBV: 1, Openings: 1}},
		{"the flag off and the cell open", "...\n...\n...", []Move{mark(2, 2), open(0, 0), mark(2, 2), open(2, 2)}, Census{ThreeBV: 1, Openings: 1, Solved: 1}},
		// Its numbers all border a zero: two openings, no island.
		{"wall", wall, nil, Census{ThreeBV: 2, Openings: 2}},
		{"wall, one side open", wall, []Move{open(0, 0)}, Census{ThreeBV: 2, Openings: 2, Solved: 1}},
		// The zeros (2,0) and (0,2) do not touch: two openings, which
		// the 2 borders both.
		{"diagonal", diagonal, nil, Census{ThreeBV: 2, Openings: 2}},
		{"ring", ring, nil, Census{ThreeBV: 8, Islands: 1}},
		{"ring, three numbers open", ring, []Move{open(0, 0), open(1, 0), open(2, 2)}, Census{ThreeBV: 8, Islands: 1, Solved: 3}},
		{"cross", cross, nil, Census{ThreeBV: 5, Islands: 1}},
		// (0) and (2) are two cells apart: two islands; so are (2) and (4).
		{"three islands in a row", ".*.*.", nil, Census{ThreeBV: 3, Islands: 3}},
		{"shelf", shelf, nil, Census{ThreeBV: 9, Openings: 1, Islands: 1}},
		// A lost game: the opening and (0,0) cleared, then a mine.
		{"shelf, lost", shelf, []Move{open(0, 3), open(0, 0), open(1, 1)}, Census{ThreeBV: 9, Openings: 1, Islands: 1, Solved: 2}},
		{"only mines", "**\n**", nil, Census{}},
	}
	for _, tt := range tests {
		b := mustParse(t, tt.board)
		for _, m := range tt.moves {
			if _, err := b.Apply(m); err != nil {
				t.Fatalf("%s: Apply(%v) = %v", tt.name, m, err)
			}
		}
		if got := b.Census(); got != tt.want {
			t.Errorf("%s: Census() = %+v; want %+v", tt.name, got, tt.want)
		}
	}
	pending, err := NewRandom(Settings{Width: 9, Height: 9, Mines: 10}, nil, pcg(1))
	if err != nil {
		t.Fatal(err)
	}
	if got := pending.Census(); got != (Census{}) {
		t.Errorf("Census() of a board not laid = %+v; want none", got)
	}
}

// TestZiNi pins the greedy ZiNi of boards drawn as text to counts made by
// hand, step by step as ZiNi's documentation gives them.
func TestZiNi(t *testing.T) {
	tests := []struct {
		name  string
		board string
		want  int
	}{
		// The 1 at (1) would clear the opening for a flag, an open and
		// a chord (premium -2): one click on the zero does it.
		{"one opening", "*..", 1},
		// Each 1 alone: premium 1-1-1-1 = -2; two clicks.
		{"two lone numbers", ".*.", 2},
		// (1,0) clears 5 (itself, (0,0), (2,0), (0,1), (2,1)) for an
		// open, a flag and a chord: premium 2, 3 clicks. Then (0,1),
		// open, chords (0,2) and (1,2) (premium 1, 1 click), and (2,1)
		// chords (2,2) (premium 0, 1 click): 5 clicks for 3BV 8.
		{"ring", ring, 5},
		// Every number has premium 0 or less; (1,0) first: an open, two
		// flags and a chord clear 4. The 2 at (1,2) is left: its
		// neighbours' chords want a flag more than it is worth (-1), so
		// a click: 5 clicks, the 3BV.
		{"cross", cross, 5},
		// (1,0) (premium 2: 5 for 3) and then (3,0) (premium 0: 3 for 3)
		// clear the island in 6 clicks; no number is worth a chord into
		// the opening (premium -1 at best), so one click on (0,3): 7
		// for 3BV 9.
		{"shelf", shelf, 7},
		// The numbers on the wall have 2 mines each to flag: one click
		// for each opening.
		{"wall", wall, 2},
		{"no mines", "...\n...\n...", 1},
		{"only mines", "**\n**", 0},
	}
	for _, tt := range tests {
		if got := mustParse(t, tt.board).ZiNi(); got != tt.want {
			t.Errorf("%s: ZiNi() = %d; want %d", tt.name, got, tt.want)
		}
	}
}

// censusReference returns the census of b the plain way: a label for
// each opening and each island, by a flood with a stack.
func censusReference(b *Board) Census {
	w, h := b.w, b.h
	safe := func(i int) bool { return b.cells[i]&mineBit == 0 }
	zero := func(i int) bool { return b.cells[i]&(mineBit|countMask) == 0 }
	isOpen := func(i int) bool { return b.cells[i]&openBit != 0 }
	isolated := func(i int) bool {
		if !safe(i) || zero(i) {
			return false
		}
		for j := range Neighbours(w, h, i) {
			if zero(j) {
				return false
			}
		}
		return true
	}
	var c Census
	seen := make([]bool, w*h)
	// flood marks the region of i whose cells in reports, and returns
	// its cells.
	flood := func(i int, in func(int) bool) []int {
		region := []int{i}
		seen[i] = true
		for k := 0; k < len(region); k++ {
			for j := range Neighbours(w, h, region[k]) {
				if !seen[j] && in(j) {
					seen[j] = true
					region = append(region, j)
				}
			}
		}
		return region
	}
	for i := range b.cells {
		switch {
		case seen[i]:
		case zero(i):
			c.Openings++
			cleared := true
			for _, k := range flood(i, zero) {
				cleared = cleared && isOpen(k)
				for j := range Neighbours(w, h, k) {
					cleared = cleared && isOpen(j)
				}
			}
			if cleared {
				c.Solved++
			}
		case isolated(i):
			c.Islands++
			for _, k := range flood(i, isolated) {
				c.ThreeBV++
				if isOpen(k) {
					c.Solved++
				}
			}
		}
	}
	c.ThreeBV += c.Openings
	return c
}

// ziniReference returns the greedy ZiNi of b as its documentation says
// it, counting every premium again at every step.
func ziniReference(b *Board) int {
	w, h, n := b.w, b.h, len(b.cells)
	mine := func(i int) bool { return b.cells[i]&mineBit != 0 }
	zero := func(i int) bool { return b.cells[i]&(mineBit|countMask) == 0 }
	isOpen, flagged := make([]bool, n), make([]bool, n)
	opening := make([]int, n) // a zero's opening, from 1
	border := make([]bool, n)
	var openOf func(i, label int)
	openOf = func(i, label int) {
		opening[i] = label
		for j := range Neighbours(w, h, i) {
			if zero(j) && opening[j] == 0 {
				openOf(j, label)
			}
			if !zero(j) {
				border[j] = true
			}
		}
	}
	labels := 0
	for i := range n {
		if zero(i) && opening[i] == 0 {
			labels++
			openOf(i, labels)
		}
	}
	var open func(i int)
	open = func(i int) {
		if isOpen[i] || flagged[i] || mine(i) {
			return
		}
		isOpen[i] = true
		if zero(i) {
			for j := range Neighbours(w, h, i) {
				open(j)
			}
		}
	}
	square := func(i int) []int {
		cells := []int{i}
		for j := range Neighbours(w, h, i) {
			cells = append(cells, j)
		}
		return cells
	}
	clicks := 0
	for {
		left := false
		for i := range n {
			left = left || !mine(i) && !isOpen[i]
		}
		if !left {
			return clicks
		}
		best, bestAt := -100, -1
		for i := range n {
			if mine(i) || zero(i) {
				continue
			}
			bv, mines := 0, 0
			seen := map[int]bool{}
			for _, j := range square(i) {
				switch {
				case mine(j) && !flagged[j]:
					mines++
				case mine(j), isOpen[j]:
				case zero(j):
					if !seen[opening[j]] {
						seen[opening[j]] = true
						bv++
					}
				case !border[j]:
					bv++
				}
			}
			p := bv - mines - 1
			if !isOpen[i] {
				p--
			}
			if p > best {
				best, bestAt = p, i
			}
		}
		if best >= 0 {
			if !isOpen[bestAt] {
				clicks++
			}
			clicks++
			for _, j := range square(bestAt) {
				if mine(j) && !flagged[j] {
					flagged[j] = true
					clicks++
				}
			}
			for _, j := range square(bestAt) {
				open(j)
			}
			continue
		}
		for i := range n {
			if !isOpen[i] && (zero(i) || !mine(i) && !border[i]) {
				clicks++
				open(i)
				break
			}
		}
	}
}

// TestCensusMatchesReference compares Census and ZiNi with their plain
// computations on random boards of many sizes and densities, with moves
// played (which change the 3BV solved, and nothing else).
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestCensusMatchesReference(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, slow under -race: run without it, in make test's second pass")
	}
	for seed := range uint64(200) {
		rng := pcg(seed)
		w, h := 1+rng.IntN(25), 1+rng.IntN(25)
		rule := FirstClick(rng.IntN(3))
		mines := rng.IntN(MaxMines(w, h, rule) + 1)
		if rng.IntN(2) == 0 {
			mines /= 4 // sparse boards have large openings
		}
		b, err := Generate(Settings{Width: w, Height: h, Mines: mines, Rule: rule}, Point{rng.IntN(w), rng.IntN(h)}, nil, rng)
		if err != nil {
			t.Fatal(err)
		}
		zini, want := b.ZiNi(), ziniReference(b)
		if zini != want {
			t.Fatalf("seed %d: ZiNi() = %d; want %d on\n%s", seed, zini, want, grid(b))
		}
		if bv := b.ThreeBV(); zini > bv {
			t.Errorf("seed %d: ZiNi() = %d, more than the 3BV %d", seed, zini, bv)
		}
		for step := range 40 {
			got, want := b.Census(), censusReference(b)
			if got != want {
				t.Fatalf("seed %d, step %d: Census() = %+v; want %+v on\n%s", seed, step, got, want, b)
			}
			if got.ThreeBV != b.ThreeBV() {
				t.Fatalf("seed %d, step %d: Census().ThreeBV = %d; ThreeBV() = %d", seed, step, got.ThreeBV, b.ThreeBV())
			}
			if b.Status() == Won && got.Solved != got.ThreeBV {
				t.Fatalf("seed %d: a won board solved %d of its 3BV %d", seed, got.Solved, got.ThreeBV)
			}
			b.Apply(Move{Action(rng.IntN(3)), Point{rng.IntN(w), rng.IntN(h)}})
		}
		if got := b.ZiNi(); got != zini {
			t.Errorf("seed %d: ZiNi() = %d after moves; want %d, as before", seed, got, zini)
		}
	}
}

// grid draws b's layout with every count, as the comments above do.
func grid(b *Board) string {
	var s []byte
	for i, c := range b.cells {
		if c&mineBit != 0 {
			s = append(s, '*')
		} else {
			s = fmt.Append(s, int(c&countMask))
		}
		if i%b.w == b.w-1 {
			s = append(s, '\n')
		}
	}
	return string(s)
}

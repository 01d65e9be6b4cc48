package board

// Census is what the speedrunners' statistics count of a board (see
// minesweepergame.com's statistics page): its 3BV, the openings and
// islands it is made of, and how much of its 3BV the player has cleared.
//
// An opening is a connected region of zeros (neighbours in any of the
// eight directions) with the numbers on its border; an isolated number is
// a number that borders no zero, so that it belongs to no opening; an
// island is a connected group of isolated numbers. The 3BV is the
// openings plus the isolated numbers.
type Census struct {
	ThreeBV  int // the fewest clicks that clear the board (see ThreeBV)
	Openings int // regions of zeros, each with its border
	Islands  int // connected groups of numbers that border no opening
	// Solved is the part of the 3BV the player has cleared: an opening
	// every cell of which (its zeros and its border) is open, and an
	// isolated number that is open. It equals ThreeBV once the game is
	// won.
	Solved int
}

// Census counts the board's openings, islands, 3BV and 3BV solved, as
// they stand; a random board that waits for its first opening has none.
//
// It reads the grid once, row by row, and remembers only the two rows it
// looks at: a union-find over their cells, which every row re-roots in
// itself, joins the cells of a region and notes whether any of its cells
// is closed. It takes memory in proportion to the board's width, not its
// area, whatever the shape of its regions.
func (b *Board) Census() Census {
	if b.pending {
		return Census{}
	}
	s := newCensus(b.w)
	for y := 0; y <= b.h; y++ {
		// Row h is empty: it ends every region of the last row.
		s.row(b, y)
	}
	return s.Census
}

// The kinds of cell a census joins: cells of one kind, and only those, are
// joined with their neighbours.
const (
	kindNone     uint8 = iota // a mine, a number of an opening's border, or off the grid
	kindZero                  // a safe zero: part of an opening
	kindIsolated              // a number that borders no zero
)

// census is the state of a Census as it reads the grid: the slots of two
// rows, y%2 the row being read, (y+1)%2 the one above it.
type census struct {
	Census
	w      int
	kind   []uint8    // each slot's kind
	parent []int32    // each slot's parent in the union-find
	closed []bool     // for a root: some cell of its opening is closed
	alive  []bool     // for a root: the region goes on in the row being read
	root   []int32    // scratch: the root of each cell of the row being read
	moved  []int32    // scratch: an old root's new root, in the row being read
	near   [3][]uint8 // of rows y%3: a zero, a closed cell in columns x-1 to x+1
}

// The bits of census.near.
const (
	nearZero   = 1 << iota // a safe zero
	nearClosed             // a cell not open
)

func newCensus(w int) *census {
	s := &census{
		w:      w,
		kind:   make([]uint8, 2*w),
		parent: make([]int32, 2*w),
		closed: make([]bool, 2*w),
		alive:  make([]bool, 2*w),
		root:   make([]int32, w),
		moved:  make([]int32, 2*w),
	}
	for i := range s.near {
		s.near[i] = make([]uint8, w)
	}
	return s
}

// find returns the root of slot i, halving the path to it.
func (s *census) find(i int32) int32 {
	for s.parent[i] != i {
		s.parent[i] = s.parent[s.parent[i]]
		i = s.parent[i]
	}
	return i
}

// union joins the regions of slots i and j.
func (s *census) union(i, j int32) {
	ri, rj := s.find(i), s.find(j)
	if ri != rj {
		s.parent[ri] = rj
		s.closed[rj] = s.closed[rj] || s.closed[ri]
	}
}

// look notes in near what lies in each three columns of row y of b.
func (s *census) look(b *Board, y int) {
	near, w := s.near[y%3], s.w
	var prev, cur uint8
	for x := 0; x <= w; x++ {
		next := uint8(0)
		if x < w {
			c := b.cells[y*w+x]
			if c&(mineBit|countMask) == 0 {
				next |= nearZero
			}
			if c&openBit == 0 {
				next |= nearClosed
			}
		}
		if x > 0 {
			near[x-1] = prev | cur | next
		}
		prev, cur = cur, next
	}
}

// row reads row y of b (an empty row when y is b's height), joins its
// cells to the regions of the row above, counts the regions of the row
// above that end there, and re-roots the regions that go on in row y.
func (s *census) row(b *Board, y int) {
	w, cells := s.w, b.cells
	cur, up := int32((y%2)*w), int32(((y+1)%2)*w)
	if y == 0 {
		s.look(b, 0)
	}
	if y+1 < b.h {
		s.look(b, y+1)
	}
	var above, here, below []uint8
	if y < b.h {
		here = s.near[y%3]
		if y > 0 {
			above = s.near[(y-1)%3]
		}
		if y+1 < b.h {
			below = s.near[(y+1)%3]
		}
	}
	for x := range w {
		i := cur + int32(x)
		s.kind[i] = kindNone
		if y == b.h {
			continue
		}
		c := cells[y*w+x]
		if c&mineBit != 0 {
			continue
		}
		// What lies around the cell, and the cell itself.
		near := here[x]
		if above != nil {
			near |= above[x]
		}
		if below != nil {
			near |= below[x]
		}
		switch {
		case c&countMask == 0:
			// A zero's neighbours are all safe, and all of its opening:
			// one closed, or the zero itself, leaves it to be cleared.
			s.kind[i] = kindZero
			s.closed[i] = near&nearClosed != 0
		case near&nearZero == 0:
			s.kind[i] = kindIsolated
			s.ThreeBV++
			if c&openBit != 0 {
				s.Solved++
			}
		default:
			continue // on an opening's border
		}
		s.parent[i] = i
		// Join it to the neighbours read before it, of its kind: the one
		// above is joined to those beside it already, and so is the one
		// to the left to the one above it.
		k := s.kind[i]
		switch {
		case y > 0 && s.kind[up+int32(x)] == k:
			s.union(i, up+int32(x))
		default:
			if x > 0 && s.kind[i-1] == k {
				s.union(i, i-1)
			} else if y > 0 && x > 0 && s.kind[up+int32(x)-1] == k {
				s.union(i, up+int32(x)-1)
			}
			if y > 0 && x+1 < w && s.kind[up+int32(x)+1] == k {
				s.union(i, up+int32(x)+1)
			}
		}
	}
	// The regions of the row above that reach no cell of this row end.
	for x := range w {
		if i := cur + int32(x); s.kind[i] != kindNone {
			r := s.find(i)
			s.root[x], s.alive[r], s.moved[r] = r, true, -1
		}
	}
	if y > 0 {
		for x := range w {
			// Each region of the row above had one root there, which
			// this row's unions gave a parent, or left the root of a
			// region alive in this row, if they joined it.
			j := up + int32(x)
			if s.kind[j] == kindNone || s.parent[j] != j || s.alive[j] {
				continue
			}
			switch s.kind[j] {
			case kindZero:
				s.Openings++
				s.ThreeBV++
				if !s.closed[j] {
					s.Solved++
				}
			case kindIsolated:
				s.Islands++
			}
		}
	}
	// Re-root every region of this row in it, at its first cell, so that
	// the slots of the row above can be read over.
	for x := range w {
		i := cur + int32(x)
		if s.kind[i] == kindNone {
			continue
		}
		r := s.root[x]
		if s.moved[r] < 0 {
			s.moved[r] = i
			// The new root takes the region's note, which only its old
			// root holds; no other region's old root is i.
			s.closed[i] = s.closed[r]
		}
		s.parent[i] = s.moved[r]
		s.alive[r] = false
	}
}

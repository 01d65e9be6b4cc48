package board

// ThreeBV returns the board's 3BV (Bechtel's Board Benchmark Value): the
// fewest clicks that clear it without flags, which is one click for each
// opening (a connected region of zeros with its border) plus one for each
// safe number not on the border of any opening. A random board that waits
// for its first opening has no layout yet and returns 0.
//
// It floods each opening on a copy of the layout with the game's own flood,
// so it takes one byte a cell and the flood's small scratch memory, however
// large the openings are.
func (b *Board) ThreeBV() int {
	if b.pending {
		return 0
	}
	s := &Board{w: b.w, h: b.h, cells: make([]cell, len(b.cells))}
	for i, c := range b.cells {
		s.cells[i] = c & (countMask | mineBit)
	}
	clicks := 0
	for i := range s.cells {
		// A closed, safe zero that no earlier opening reached.
		if s.cells[i] == 0 {
			clicks++
			s.open(i)
		}
	}
	for _, c := range s.cells {
		if c&(openBit|mineBit) == 0 {
			clicks++
		}
	}
	return clicks
}

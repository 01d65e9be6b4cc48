package solver

import "github.com/minesweeper-go/minesweeper/internal/board"

// forcedGuess returns a cell of a 50/50 that no move can ever resolve, or
// -1, found as DavidNHill's solver finds them: a set of closed cells tied
// in pairs that hold one mine each in every layout (two cells alone next
// to a number that needs one more mine, or a box of two cells holding
// one), so that the set has exactly two ways to hold its mines, as many
// in each, and every cell outside it that is open or may be opened sees
// as many of its mines either way. Swapping the two ways then turns every
// layout into another as likely, which no cell outside the set ever
// tells apart: one of its cells must be guessed at even odds sooner or
// later, and guessing now may bring information for free. The simplest is
// two cells side by side walled by mines or the board's edge; the set may
// be a chain, as two such pairs above and below a 1. With s.narrow5050
// only the pairs of one box count (the rule before chains, a variant).
func (s *Solver) forcedGuess(v *View) int {
	an := &s.an
	if !an.exact {
		return -1
	}
	f := &s.fifty
	f.reset(len(v.tiles))
	if !s.narrow5050 {
		s.linkByNumbers(v)
	}
	for bi := range an.boxes {
		bx := &an.boxes[bi]
		if len(bx.cells) == 2 && bx.lo == 1 && bx.hi == 1 {
			f.link(int(bx.cells[0]), int(bx.cells[1]))
		}
	}
	for i := range v.tiles {
		if f.side[i] == 0 && len(f.links[i]) > 0 && f.split(i) && s.unresolvable(v) {
			return f.set[0]
		}
	}
	return -1
}

// linkByNumbers ties the two closed cells, not certainly mines, of each
// open number that needs exactly one mine more among them.
func (s *Solver) linkByNumbers(v *View) {
	an := &s.an
	for n, t := range v.tiles {
		if t <= 0 {
			continue
		}
		need, closed, pair := int(t), 0, [2]int{}
		for j := range board.Neighbours(v.width, v.height, n) {
			switch {
			case v.tiles[j] >= 0:
			case an.certain[j] == certMine:
				need--
			default:
				if closed < 2 {
					pair[closed] = j
				}
				closed++
			}
		}
		if closed == 2 && need == 1 {
			s.fifty.link(pair[0], pair[1])
		}
	}
}

// unresolvable reports whether the set that s.fifty.split found is a 50/50
// no move can resolve: its two ways hold as many mines, and every open or
// closed cell next to it, not in it and not certainly a mine, sees as many
// of the mines of one way as of the other.
func (s *Solver) unresolvable(v *View) bool {
	f := &s.fifty
	a := 0
	for _, c := range f.set {
		if f.side[c] == 1 {
			a++
		}
	}
	if 2*a != len(f.set) {
		return false
	}
	for _, c := range f.set {
		for j := range board.Neighbours(v.width, v.height, c) {
			if f.inSet(j) || (v.tiles[j] < 0 && s.an.certain[j] == certMine) {
				continue
			}
			seen := 0
			for k := range board.Neighbours(v.width, v.height, j) {
				if f.inSet(k) {
					seen += 3 - 2*int(f.side[k]) // +1 one way, -1 the other
				}
			}
			if seen != 0 {
				return false
			}
		}
	}
	return true
}

// fiftyFinder holds forcedGuess's pairs and the set it looks at, reused
// between moves.
type fiftyFinder struct {
	links [][]int32 // per cell: the cells tied to it
	side  []int8    // per cell: 0 not yet looked at, 1 or 2 the way it is a mine in, -1 looked at
	set   []int     // the set that split found, its first cell first
	stamp []int32   // per cell: mark when in the set split found last
	mark  int32     // the sets split has looked at since reset
}

// reset makes f ready for a view of n cells.
func (f *fiftyFinder) reset(n int) {
	if len(f.links) != n {
		f.links = make([][]int32, n)
		f.side = make([]int8, n)
		f.stamp = make([]int32, n)
	}
	for i := range f.links {
		f.links[i] = f.links[i][:0]
		f.side[i], f.stamp[i] = 0, 0
	}
	f.mark = 0
}

// link ties cells a and b: one of them is a mine in every layout.
func (f *fiftyFinder) link(a, b int) {
	f.links[a] = append(f.links[a], int32(b))
	f.links[b] = append(f.links[b], int32(a))
}

// inSet reports whether cell i is in the set split found last.
func (f *fiftyFinder) inSet(i int) bool { return f.stamp[i] == f.mark }

// split gathers into f.set the cells tied to cell i, directly or through
// others, giving each the way it is a mine in (tied cells take opposite
// ways), and reports whether that is possible; a set that is not is
// marked looked at.
func (f *fiftyFinder) split(i int) bool {
	f.mark++
	f.set = append(f.set[:0], i)
	f.side[i], f.stamp[i] = 1, f.mark
	ok := true
	for k := 0; k < len(f.set); k++ {
		c := f.set[k]
		for _, j := range f.links[c] {
			switch {
			case f.side[j] == 0:
				f.side[j], f.stamp[j] = 3-f.side[c], f.mark
				f.set = append(f.set, int(j))
			case f.side[j] == f.side[c]:
				ok = false
			}
		}
	}
	if !ok {
		for _, c := range f.set {
			f.side[c] = -1
		}
	}
	return ok
}

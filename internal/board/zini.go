package board

// ZiNi returns the board's ZiNi: the clicks that clear it with flags and
// chords, as Elmar Zimmermann and Christoph Nikolaus's greedy algorithm
// counts them (their "Greedy ZiNi", the ZiNi of minesweepergame.com's
// statistics page). It knows the whole board, as if every pattern were
// seen at once, so it is a benchmark of the board rather than of a game;
// a random board that waits for its first opening has none (0).
//
// From every cell closed and no flag placed, it repeats until the board
// is cleared:
//
//  1. For each safe number, open or closed, its premium is the 3BV that
//     the cells around it (and itself) would clear, less the clicks it
//     takes to clear them with a chord: a click on each of its mines not
//     yet flagged, one to open it if it is closed, and the chord itself.
//     The 3BV it would clear counts each opening not yet cleared one of
//     whose zeros is among those cells once, and each isolated number
//     among them that is closed.
//  2. When the highest premium is 0 or more, the first number in reading
//     order (top row first, left to right) that has it is solved: its
//     mines are flagged, it is opened if closed, and it is chorded, for
//     those clicks; a zero opened floods its opening.
//  3. Otherwise the first cell in reading order whose opening clears a
//     part of the 3BV (a closed zero, or a closed isolated number) is
//     opened, for one click.
//
// A solve whose premium is 0 or more costs no more clicks than the 3BV it
// clears, so ZiNi is at most the 3BV. The greedy choice need not find the
// fewest clicks there are.
//
// It takes six bytes a cell (a label of each zero's opening, a byte of
// state and one of premium) and a queue of cells for each premium; a
// board of a million cells takes about a fifth of a second.
func (b *Board) ZiNi() int {
	if b.pending {
		return 0
	}
	z := newZini(b)
	return z.run()
}

// The state of a cell in a zini: its kind in the low bits, then whether it
// is open or flagged.
const (
	zMine     uint8 = iota // a mine
	zZero                  // a zero, of the opening of its label
	zBorder                // a number on the border of an opening
	zIsolated              // a number that borders no zero
	zKind     uint8 = 3
	zOpen     uint8 = 1 << 2
	zFlag     uint8 = 1 << 3
	zDirty    uint8 = 1 << 4 // its premium is to be counted again
)

// maxPremium bounds a premium: a number has a mine around it, so its
// square holds at most eight safe cells. Closed, it clears at most 8 of
// 3BV for at least two clicks (the open and the chord); open, at most 7
// for at least one.
const maxPremium = 6

// unCounted is the premium of a number not counted yet: less than any.
const unCounted = -128

// zini is the state of a greedy ZiNi.
type zini struct {
	w, h    int
	st      []uint8 // each cell's kind and state
	label   []int32 // a zero's opening, from 0; -1 for others
	prem    []int8  // each number's premium, as last counted
	queues  [maxPremium + 1]queue
	left    int   // the 3BV not yet cleared
	next    int   // cells before it open no part of the 3BV when opened
	changed []int // cells opened or flagged by the last action
	dirty   []int // numbers whose premium is to be counted again
	flood   []int32
}

func newZini(b *Board) *zini {
	w, h, n := b.w, b.h, len(b.cells)
	z := &zini{w: w, h: h, st: make([]uint8, n), label: make([]int32, n), prem: make([]int8, n)}
	for i, c := range b.cells {
		z.label[i], z.prem[i] = -1, unCounted
		switch {
		case c&mineBit != 0:
			z.st[i] = zMine
		case c&countMask == 0:
			z.st[i] = zZero
		default:
			z.st[i] = zIsolated // until a zero is found around it
		}
	}
	openings := int32(0)
	for i := range z.st {
		if z.st[i] != zZero || z.label[i] >= 0 {
			continue
		}
		// Label the opening, and mark the numbers on its border.
		z.label[i] = openings
		queue := append(z.flood[:0], int32(i))
		for len(queue) > 0 {
			j := int(queue[len(queue)-1])
			queue = queue[:len(queue)-1]
			z.around(j, func(k int) {
				switch z.st[k] {
				case zZero:
					if z.label[k] < 0 {
						z.label[k] = openings
						queue = append(queue, int32(k))
					}
				case zIsolated:
					z.st[k] = zBorder
				}
			})
		}
		z.flood = queue
		openings++
	}
	z.left = int(openings)
	for i := range z.st {
		if z.st[i] == zIsolated {
			z.left++
		}
	}
	for i := range z.st {
		z.count(i)
	}
	return z
}

// around calls f with each cell of the three by three square centred on
// cell i, i among them, in reading order.
func (z *zini) around(i int, f func(int)) {
	x, y := i%z.w, i/z.w
	for yy := max(y-1, 0); yy <= min(y+1, z.h-1); yy++ {
		for xx := max(x-1, 0); xx <= min(x+1, z.w-1); xx++ {
			f(yy*z.w + xx)
		}
	}
}

// worth returns, for the safe number at i, the 3BV that opening it and
// chording it clears, and the mines around it not yet flagged.
func (z *zini) worth(i int) (bv, mines int) {
	var seen [9]int32 // the openings counted
	n := 0
	x, y := i%z.w, i/z.w
	for yy := max(y-1, 0); yy <= min(y+1, z.h-1); yy++ {
	cells:
		for xx := max(x-1, 0); xx <= min(x+1, z.w-1); xx++ {
			j := yy*z.w + xx
			switch s := z.st[j]; {
			case s&zFlag != 0:
			case s&zKind == zMine:
				mines++
			case s&zOpen != 0:
			case s&zKind == zIsolated:
				bv++
			case s&zKind == zZero:
				// A closed zero's opening is not cleared: it floods whole.
				l := z.label[j]
				for _, m := range seen[:n] {
					if m == l {
						continue cells
					}
				}
				seen[n] = l
				n++
				bv++
			}
		}
	}
	return bv, mines
}

// count counts the premium of cell i again, if it is a number, and
// queues it when it is worth a solve.
func (z *zini) count(i int) {
	s := z.st[i]
	if k := s & zKind; k != zBorder && k != zIsolated {
		return
	}
	bv, mines := z.worth(i)
	p := bv - mines - 1
	if s&zOpen == 0 {
		p--
	}
	if int8(p) == z.prem[i] {
		return // queued already if worth it: a cell leaves its queue once its premium changed
	}
	z.prem[i] = int8(p)
	if p >= 0 {
		z.queues[p].push(int32(i))
	}
}

// best returns the first number in reading order of the highest premium,
// if that premium is 0 or more.
func (z *zini) best() (int, bool) {
	for p := maxPremium; p >= 0; p-- {
		q := &z.queues[p]
		for len(*q) > 0 {
			i := (*q)[0]
			if int(z.prem[i]) == p {
				return int(i), true
			}
			q.pop() // counted again since it was queued
		}
	}
	return 0, false
}

// run clears the board and returns the clicks it took.
func (z *zini) run() int {
	clicks := 0
	for z.left > 0 {
		z.changed = z.changed[:0]
		if i, ok := z.best(); ok {
			_, mines := z.worth(i)
			clicks += mines + 1
			if z.st[i]&zOpen == 0 {
				clicks++
			}
			z.around(i, func(j int) {
				switch s := z.st[j]; {
				case s&zKind == zMine && s&zFlag == 0:
					z.st[j] |= zFlag
					z.changed = append(z.changed, j)
				case s&zKind != zMine:
					z.open(j)
				}
			})
		} else {
			for z.st[z.next]&zOpen != 0 || z.st[z.next]&zKind != zZero && z.st[z.next]&zKind != zIsolated {
				z.next++
			}
			clicks++
			z.open(z.next)
		}
		z.recount()
	}
	return clicks
}

// recount counts again the premiums of the numbers around the cells the
// last action changed, each once.
func (z *zini) recount() {
	dirty := z.dirty[:0]
	for _, i := range z.changed {
		x, y := i%z.w, i/z.w
		for yy := max(y-1, 0); yy <= min(y+1, z.h-1); yy++ {
			for xx := max(x-1, 0); xx <= min(x+1, z.w-1); xx++ {
				j := yy*z.w + xx
				if s := z.st[j]; s&zDirty == 0 && (s&zKind == zBorder || s&zKind == zIsolated) {
					z.st[j] |= zDirty
					dirty = append(dirty, j)
				}
			}
		}
	}
	for _, j := range dirty {
		z.st[j] &^= zDirty
		z.count(j)
	}
	z.dirty = dirty
}

// open opens the safe cell i if it is closed, flooding its opening if it
// is a zero, and notes the cells it opens.
func (z *zini) open(i int) {
	s := z.st[i]
	if s&(zOpen|zFlag) != 0 {
		return
	}
	z.st[i] |= zOpen
	z.changed = append(z.changed, i)
	switch s & zKind {
	case zIsolated:
		z.left--
		return
	case zBorder:
		return
	}
	z.left--
	queue := append(z.flood[:0], int32(i))
	for len(queue) > 0 {
		j := int(queue[len(queue)-1])
		queue = queue[:len(queue)-1]
		x, y := j%z.w, j/z.w
		for yy := max(y-1, 0); yy <= min(y+1, z.h-1); yy++ {
			for xx := max(x-1, 0); xx <= min(x+1, z.w-1); xx++ {
				// A zero's neighbours are safe, and none is flagged.
				if k := yy*z.w + xx; z.st[k]&zOpen == 0 {
					z.st[k] |= zOpen
					z.changed = append(z.changed, k)
					if z.st[k]&zKind == zZero {
						queue = append(queue, int32(k))
					}
				}
			}
		}
	}
	z.flood = queue
}

// queue is a min-heap of cells: the first in reading order on top.
type queue []int32

func (q *queue) push(i int32) {
	*q = append(*q, i)
	h := *q
	for k := len(h) - 1; k > 0; {
		parent := (k - 1) / 2
		if h[parent] <= h[k] {
			break
		}
		h[parent], h[k] = h[k], h[parent]
		k = parent
	}
}

func (q *queue) pop() {
	h := *q
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for k := 0; ; {
		small := k
		if l := 2*k + 1; l < len(h) && h[l] < h[small] {
			small = l
		}
		if r := 2*k + 2; r < len(h) && h[r] < h[small] {
			small = r
		}
		if small == k {
			break
		}
		h[k], h[small] = h[small], h[k]
		k = small
	}
	*q = h
}

package solver

import (
	"math"
	"slices"
)

// maxExactCells is the most cells a component may have for exact
// enumeration; it keeps the counts of layouts well inside float64 range.
const maxExactCells = 600

// component is a set of boxes connected through shared numbers, with the
// result of enumerating its solutions.
type component struct {
	boxes  []int32 // global box ids while it is enumerated; see compList
	sizes  []int   // cells per box
	ncells int
	exact  bool
	// For k mines in the component: w[k] is the number of solutions (scaled
	// by exp(-logScale)); when it is not 0, with r = row[k]*nb, s[r+j] is
	// the sum over them of the mines in box j, and lo[r+j]/hi[r+j] the
	// fewest and most mines box j holds in any of them. Rows are kept only
	// for the counts that have solutions, which are few.
	w        []float64
	row      []int32
	s        []float64
	lo, hi   []int8
	logScale float64
	// Approximate components: per box mine probability and certainty.
	approx []float64
	cert   []certainty
	key    string
	gen    uint64 // the move that last used it
}

// enumerator searches a component's solutions by backtracking over its
// boxes, checking every number's bounds as boxes are assigned.
type enumerator struct {
	an     *analyzer
	c      *component
	order  []int   // local box indices in search order
	bcons  [][]int // per local box: local constraint indices
	need   []int   // per local constraint: mines still needed
	room   []int   // per local constraint: cells still unassigned
	assign []int   // per depth: mines in the box
	local  []int32 // per global constraint of the component: its local index
	nodes  int
	budget int
	limit  int // most mines the component may hold
	over   bool

	consIdx []int32 // the component's numbers, by global id, in local order

	// orderBoxes' scratch memory
	left     []int
	touched  []bool
	placed   []bool
	boxLocal []int32
	active   []int

	// approximate's state, made when a component first falls back, its
	// memory reused after: most analyzers never need it.
	reason *numberReasoning
}

// enumerate fills c with the solutions of its component, or with a sound
// approximation when the search would exceed the budget.
func (e *enumerator) enumerate(an *analyzer, c *component) error {
	e.an, e.c = an, c
	nb := len(c.boxes)
	e.local = resize(e.local, len(an.cons))
	for _, b := range c.boxes {
		for _, g := range an.boxes[b].cons {
			e.local[g] = -1
		}
	}
	// Local constraints.
	e.need = e.need[:0]
	e.room = e.room[:0]
	consIdx := e.consIdx[:0]
	for _, b := range c.boxes {
		for _, g := range an.boxes[b].cons {
			if e.local[g] < 0 {
				e.local[g] = int32(len(e.need))
				consIdx = append(consIdx, g)
				e.need = append(e.need, an.cons[g].need)
				room := 0
				for _, bb := range an.cons[g].boxes {
					room += len(an.boxes[bb].cells)
				}
				e.room = append(e.room, room)
			}
		}
	}
	e.consIdx = consIdx // kept for the next component
	for i := range e.need {
		if e.need[i] < 0 || e.need[i] > e.room[i] {
			return ErrInconsistent
		}
	}
	if cap(e.bcons) < nb {
		e.bcons = make([][]int, nb)
	}
	e.bcons = e.bcons[:nb]
	for j, b := range c.boxes {
		e.bcons[j] = e.bcons[j][:0]
		for _, g := range an.boxes[b].cons {
			e.bcons[j] = append(e.bcons[j], int(e.local[g]))
		}
	}
	if c.ncells > maxExactCells {
		// Too large to enumerate, or to order boxes for.
		c.w, c.s, c.lo, c.hi = c.w[:0], c.s[:0], c.lo[:0], c.hi[:0]
		return e.fallback(consIdx)
	}
	e.orderBoxes(consIdx)
	// Result tables: a row is added when the search first meets a number
	// of mines (see search).
	e.limit = min(an.mines, c.ncells)
	c.w = resize(c.w, e.limit+1)
	c.row = resize(c.row, e.limit+1)
	clear(c.w)
	c.s, c.lo, c.hi = c.s[:0], c.lo[:0], c.hi[:0]
	e.assign = resize(e.assign, nb)
	e.nodes, e.over = 0, false
	// A run may spend at most four components' budgets in all, so a move's
	// time stays bounded on boards with many hard components.
	e.budget = min(an.budget, max(4*an.budget-an.spent, an.budget/64))
	e.search(0, 0, 1)
	an.spent += e.nodes
	if e.over {
		return e.fallback(consIdx)
	}
	c.exact = true
	c.approx = c.approx[:0]
	c.cert = c.cert[:0]
	top := 0.0
	for _, w := range c.w {
		top = max(top, w)
	}
	if top == 0 {
		return ErrInconsistent
	}
	for k := range c.w {
		c.w[k] /= top
	}
	for i := range c.s {
		c.s[i] /= top // the rows with solutions only
	}
	c.logScale = math.Log(top)
	// Trim impossible high counts so convolutions stay short.
	last := len(c.w) - 1
	for last > 0 && c.w[last] == 0 {
		last--
	}
	c.w = c.w[:last+1]
	return nil
}

// orderBoxes sets e.order so that numbers are closed early: each next box
// is one of the number with the fewest boxes left, among the numbers
// already touched (the first such number on ties).
func (e *enumerator) orderBoxes(consIdx []int32) {
	an, c := e.an, e.c
	nb := len(c.boxes)
	e.order = e.order[:0]
	left := resize(e.left, len(consIdx))
	touched := resize(e.touched, len(consIdx))
	placed := resize(e.placed, nb)
	e.left, e.touched, e.placed = left, touched, placed
	clear(touched)
	clear(placed)
	for i, g := range consIdx {
		left[i] = len(an.cons[g].boxes)
	}
	// Local index of each global box of the component; the numbers of
	// a component only touch its boxes.
	e.boxLocal = resize(e.boxLocal, len(an.boxes))
	for j, b := range c.boxes {
		e.boxLocal[b] = int32(j)
	}
	// active holds the touched numbers with boxes left, in no order.
	active := e.active[:0]
	next := 0 // no box before it is unplaced
	for len(e.order) < nb {
		best, bestLeft := -1, math.MaxInt
		for a := 0; a < len(active); {
			i := active[a]
			if left[i] == 0 {
				active[a] = active[len(active)-1]
				active = active[:len(active)-1]
				continue
			}
			if left[i] < bestLeft || (left[i] == bestLeft && i < best) {
				best, bestLeft = i, left[i]
			}
			a++
		}
		pick := -1
		if best < 0 {
			for placed[next] {
				next++
			}
			pick = next
		} else {
			// The unplaced box of that number in the most touched numbers.
			bestScore := -1
			for _, gb := range an.cons[consIdx[best]].boxes {
				j := int(e.boxLocal[gb])
				if placed[j] {
					continue
				}
				score := 0
				for _, ci := range e.bcons[j] {
					if touched[ci] {
						score += 4
					}
					if left[ci] == 1 {
						score += 8
					}
				}
				if score > bestScore {
					pick, bestScore = j, score
				}
			}
		}
		placed[pick] = true
		e.order = append(e.order, pick)
		for _, ci := range e.bcons[pick] {
			if !touched[ci] {
				touched[ci] = true
				active = append(active, ci)
			}
			left[ci]--
		}
	}
	e.active = active
}

// search assigns the box at depth d and the ones after it; k is the mines
// placed so far and w the number of ways to place them.
func (e *enumerator) search(d, k int, w float64) {
	c := e.c
	if d == len(e.order) {
		nb := len(c.boxes)
		if c.w[k] == 0 {
			// The first solution with k mines: add its row.
			c.row[k] = int32(len(c.s) / nb)
			c.s = slices.Grow(c.s, nb)[:len(c.s)+nb]
			c.lo = slices.Grow(c.lo, nb)[:len(c.lo)+nb]
			c.hi = slices.Grow(c.hi, nb)[:len(c.hi)+nb]
			clear(c.s[len(c.s)-nb:])
			for j := len(c.lo) - nb; j < len(c.lo); j++ {
				c.lo[j], c.hi[j] = 127, -1
			}
		}
		row := int(c.row[k]) * nb
		c.w[k] += w
		for j, x := range e.assign {
			c.s[row+j] += w * float64(x)
			if int8(x) < c.lo[row+j] {
				c.lo[row+j] = int8(x)
			}
			if int8(x) > c.hi[row+j] {
				c.hi[row+j] = int8(x)
			}
		}
		return
	}
	j := e.order[d]
	size := c.sizes[j]
	lo, hi := 0, size
	for _, ci := range e.bcons[j] {
		hi = min(hi, e.need[ci])
		lo = max(lo, e.need[ci]-(e.room[ci]-size))
	}
	hi = min(hi, e.limit-k)
	for x := lo; x <= hi; x++ {
		e.nodes++
		if e.nodes > e.budget {
			e.over = true
			return
		}
		for _, ci := range e.bcons[j] {
			e.need[ci] -= x
			e.room[ci] -= size
		}
		e.assign[j] = x
		e.search(d+1, k+x, w*choose9[size][x])
		for _, ci := range e.bcons[j] {
			e.need[ci] += x
			e.room[ci] += size
		}
		if e.over {
			return
		}
	}
}

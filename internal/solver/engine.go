package solver

import (
	"context"
	"math"
	"slices"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// defaultBudget is the number of search nodes one component may use before
// the analysis falls back to sound but approximate reasoning for it.
const defaultBudget = 1 << 17

// maxExactCells is the most cells a component may have for exact
// enumeration; it keeps the counts of layouts well inside float64 range.
const maxExactCells = 600

// Certainty of a closed cell.
const (
	certNone uint8 = iota
	certSafe
	certMine
)

// analyzer holds the state and scratch memory of one analysis. The zero
// value is ready to use once budget is set; it reuses memory across runs.
type analyzer struct {
	budget int // search nodes per component
	// ctx, when not nil, stops a run between components once it is done.
	ctx context.Context
	// noApprox leaves components too large to enumerate undecided rather
	// than reasoning on their numbers one and two at a time (see fallback).
	noApprox bool
	work     int // a measure of the last run's cost, beyond the search
	spent    int // search nodes spent since the last resetSpent

	// input
	w, h, mines int
	tiles       []board.Tile

	// output
	prob    []float64 // per cell
	certain []uint8   // per cell: certNone, certSafe, certMine
	exact   bool
	logZ    float64 // log of the number of layouts, when exact
	outside int     // closed cells next to no number
	outProb float64 // mine probability of each outside cell

	// problem structure
	conID    []int32 // per cell: constraint id of an open number, or -1
	boxOf    []int32 // per cell: box of a frontier cell, or -1
	boxKey   map[[8]int32]int32
	boxes    []box
	cons     []constraint
	parent   []int32 // union-find over boxes
	compOf   []int32 // per root box: component index
	boxComp  []int32 // per box: its component, for hints (see placeBoxes)
	boxIndex []int32 // per box: its place in its component's boxes
	preBuf   [][]float64
	preBBuf  [][]bool
	rBuf     [][]float64
	rBBuf    [][]bool
	compList [][]int32
	comps    []*component
	cache    *compCache
	keyBuf   []byte
	nb       []int32
	en       enumerator

	// combineLimit, when not 0, is the most that combining the components
	// exactly may cost (see combineCost) in place of the default, so that
	// tests reach the other ways of combining on small boards.
	combineLimit int
	// combine's components: exact, of a varying and of a fixed mine
	// count, with their boxes in the view; and combineApprox's ranges of
	// mines per component and logarithms of weights.
	exactComps, varComps, fixedComps []*component
	exactBoxes, varBoxes, fixedBoxes [][]int32
	kLo, kHi                         []int
	logW                             []float64
}

// box is a set of closed cells next to exactly the same open numbers; only
// how many mines it holds matters to the numbers.
type box struct {
	cells  []int32
	cons   []int32
	lo, hi int8 // fewest and most mines in any layout (exact analyses)
}

// constraint is an open number: need mines among its boxes.
type constraint struct {
	cell  int32
	need  int
	boxes []int32
}

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
	cert   []uint8
	key    string
	gen    uint64 // the move that last used it
}

// run analyses the view given by its parts. It fills prob, certain, exact
// and logZ, or returns ErrInconsistent.
func (an *analyzer) run(w, h, mines int, tiles []board.Tile) error {
	if err := an.components(w, h, mines, tiles); err != nil {
		return err
	}
	return an.combine()
}

// components builds the frontier of the view given by its parts and
// enumerates its components, or takes them from the cache: it fills comps
// and compList, and returns ErrInconsistent when a component or the mine
// count has no solution.
func (an *analyzer) components(w, h, mines int, tiles []board.Tile) error {
	an.w, an.h, an.mines, an.tiles = w, h, mines, tiles
	n := w * h
	an.prob = resize(an.prob, n)
	an.certain = resize(an.certain, n)
	an.conID = resize(an.conID, n)
	an.boxOf = resize(an.boxOf, n)
	clear(an.prob)
	clear(an.certain)
	if an.boxKey == nil {
		an.boxKey = make(map[[8]int32]int32)
	}
	clear(an.boxKey)
	an.boxes = an.boxes[:0]
	an.cons = an.cons[:0]

	// Constraints: open numbers with a closed neighbour.
	for i, t := range tiles {
		an.conID[i] = -1
		if t < 0 {
			continue
		}
		an.nb = an.neighbours(an.nb[:0], i)
		closed := 0
		for _, j := range an.nb {
			if tiles[j] < 0 {
				closed++
			}
		}
		if closed == 0 {
			if t != 0 {
				return ErrInconsistent // a number with no closed cell to hold its mines
			}
			continue
		}
		an.conID[i] = int32(len(an.cons))
		an.cons = appendCons(an.cons, int32(i), int(t))
	}
	// Boxes: closed cells grouped by the set of numbers around them.
	an.outside = 0
	closedCount := 0
	for i, t := range tiles {
		an.boxOf[i] = -1
		if t >= 0 {
			continue
		}
		closedCount++
		var key [8]int32
		k := 0
		an.nb = an.neighbours(an.nb[:0], i)
		for _, j := range an.nb {
			if c := an.conID[j]; c >= 0 {
				key[k] = c + 1 // zero pads the key
				k++
			}
		}
		if k == 0 {
			an.outside++
			continue
		}
		b, ok := an.boxKey[key]
		if !ok {
			b = int32(len(an.boxes))
			an.boxKey[key] = b
			an.boxes = appendBox(an.boxes)
			bx := &an.boxes[b]
			for _, c := range key[:k] {
				bx.cons = append(bx.cons, c-1)
				an.cons[c-1].boxes = append(an.cons[c-1].boxes, b)
			}
		}
		an.boxOf[i] = b
		an.boxes[b].cells = append(an.boxes[b].cells, int32(i))
	}
	if an.mines > closedCount {
		return ErrInconsistent
	}
	// Components: union-find over boxes through constraints.
	an.parent = resize(an.parent, len(an.boxes))
	for i := range an.parent {
		an.parent[i] = int32(i)
	}
	for _, c := range an.cons {
		for _, b := range c.boxes[1:] {
			an.union(c.boxes[0], b)
		}
	}
	for i := range an.compList {
		an.compList[i] = an.compList[i][:0]
	}
	nc := 0
	an.compOf = resize(an.compOf, len(an.boxes))
	for i := range an.compOf {
		an.compOf[i] = -1
	}
	for b := range an.boxes {
		r := an.find(int32(b))
		ci := int(an.compOf[r])
		if ci < 0 {
			ci = nc
			an.compOf[r] = int32(ci)
			nc++
			if len(an.compList) < nc {
				an.compList = append(an.compList, nil)
			}
		}
		an.compList[ci] = append(an.compList[ci], int32(b))
	}
	// Enumerate each component, or take it from the cache.
	if an.cache == nil {
		an.cache = new(compCache)
	}
	an.comps = an.comps[:0]
	for ci := range nc {
		if an.ctx != nil && an.ctx.Err() != nil {
			return an.ctx.Err()
		}
		comp, err := an.solve(an.compList[ci])
		if err != nil {
			return err
		}
		an.comps = append(an.comps, comp)
	}
	return nil
}

// appendCons appends a constraint needing need mines, reusing the memory of
// an earlier one where it can.
func appendCons(cs []constraint, cell int32, need int) []constraint {
	if len(cs) < cap(cs) {
		cs = cs[:len(cs)+1]
		c := &cs[len(cs)-1]
		c.cell, c.need = cell, need
		c.boxes = c.boxes[:0]
		return cs
	}
	return append(cs, constraint{cell: cell, need: need})
}

// appendBox appends an empty box, reusing memory where it can.
func appendBox(bs []box) []box {
	if len(bs) < cap(bs) {
		bs = bs[:len(bs)+1]
		b := &bs[len(bs)-1]
		b.cells = b.cells[:0]
		b.cons = b.cons[:0]
		b.lo, b.hi = 127, -1
		return bs
	}
	return append(bs, box{lo: 127, hi: -1})
}

// resize returns s with length n, reallocated when too short.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

func (an *analyzer) find(x int32) int32 {
	for an.parent[x] != x {
		an.parent[x] = an.parent[an.parent[x]]
		x = an.parent[x]
	}
	return x
}

func (an *analyzer) union(a, b int32) {
	a, b = an.find(a), an.find(b)
	if a != b {
		an.parent[a] = b
	}
}

// neighbours appends the indices of the cells around cell i to dst.
func (an *analyzer) neighbours(dst []int32, i int) []int32 {
	x, y := i%an.w, i/an.w
	for dy := -1; dy <= 1; dy++ {
		yy := y + dy
		if yy < 0 || yy >= an.h {
			continue
		}
		for dx := -1; dx <= 1; dx++ {
			xx := x + dx
			if (dx == 0 && dy == 0) || xx < 0 || xx >= an.w {
				continue
			}
			dst = append(dst, int32(yy*an.w+xx))
		}
	}
	return dst
}

// valueRange returns the fewest and the most mines that closed cell i's
// number can show in the view tiles this analyser analysed: its neighbours
// certainly mines, and those plus the ones that may be.
func (an *analyzer) valueRange(tiles []board.Tile, i int) (lo, hi int) {
	an.nb = an.neighbours(an.nb[:0], i)
	for _, j := range an.nb {
		if tiles[j] >= 0 {
			continue
		}
		switch an.certain[j] {
		case certMine:
			lo++
			hi++
		case certNone:
			hi++
		}
	}
	return lo, hi
}

// closedCells returns, over the closed cells of the view tiles this
// analyser analysed, how many are certainly safe, the last of them (or
// -1), and the least mine probability of the others that are not
// certainly mines (1 when there are none).
func (an *analyzer) closedCells(tiles []board.Tile) (safe, safeCell int, minP float64) {
	safeCell, minP = -1, 1
	for j, t := range tiles {
		if t >= 0 {
			continue
		}
		switch an.certain[j] {
		case certSafe:
			safe++
			safeCell = j
		case certNone:
			minP = min(minP, an.prob[j])
		}
	}
	return safe, safeCell, minP
}

// compKey returns a key that identifies a component's problem: its
// cells, box by box, and the numbers on it. Equal keys have equal
// solutions, so the key indexes the cache. It lives in an.keyBuf until
// the next call.
func (an *analyzer) compKey(boxes []int32) []byte {
	k := an.keyBuf[:0]
	put := func(v int32) { k = append(k, byte(v), byte(v>>8), byte(v>>16), byte(v>>24)) }
	put(int32(an.mines))
	for _, b := range boxes {
		bx := &an.boxes[b]
		put(int32(len(bx.cells)))
		for _, c := range bx.cells {
			put(c)
		}
		put(int32(len(bx.cons)))
		for _, c := range bx.cons {
			// The number's position and value identify it.
			put(int32(an.cons[c].need))
			put(an.cons[c].cell)
		}
	}
	an.keyBuf = k
	return k
}

// solve enumerates the component made of the given boxes.
func (an *analyzer) solve(boxes []int32) (*component, error) {
	key := an.compKey(boxes)
	if c, ok := an.cache.m[string(key)]; ok { // no copy of the key to look up
		c.gen = an.cache.gen
		return c, nil
	}
	c := an.cache.newComponent()
	c.key = string(key)
	c.boxes = append(c.boxes[:0], boxes...)
	c.sizes = c.sizes[:0]
	c.ncells = 0
	for _, b := range boxes {
		s := len(an.boxes[b].cells)
		c.sizes = append(c.sizes, s)
		c.ncells += s
	}
	if err := an.en.enumerate(an, c); err != nil {
		return nil, err
	}
	if an.cache.m == nil {
		an.cache.m = make(map[string]*component)
	}
	c.gen = an.cache.gen
	an.cache.m[c.key] = c
	return c, nil
}

// compCache holds enumerated components by key, so that analyses of
// views that differ in one place (the look-ahead) share the work on the
// parts that did not change. Analyzers may share one.
type compCache struct {
	m    map[string]*component
	pool []*component
	gen  uint64 // the current move; see advance
}

// newComponent returns a component from the pool or a new one.
func (cc *compCache) newComponent() *component {
	if len(cc.pool) > 0 {
		c := cc.pool[len(cc.pool)-1]
		cc.pool = cc.pool[:len(cc.pool)-1]
		return c
	}
	return &component{}
}

// advance starts a new move: it keeps the exact components used in the
// last move, which consecutive positions mostly share, and forgets the
// others. Approximate components are forgotten too, since they depend on
// the budget left when they were made; exact ones depend only on their key.
func (cc *compCache) advance() {
	for k, c := range cc.m {
		if c.gen != cc.gen || !c.exact {
			cc.pool = append(cc.pool, c)
			delete(cc.m, k)
		}
	}
	cc.gen++
}

// reset forgets cached components; their memory goes back to the pool.
func (cc *compCache) reset() {
	for k, c := range cc.m {
		cc.pool = append(cc.pool, c)
		delete(cc.m, k)
	}
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

// fallback fills a component too large to enumerate: with the sound
// approximation of approximate, or, when the analyzer's noApprox is set,
// with nothing certain and even odds, which is sound too and costs no time.
func (e *enumerator) fallback(consIdx []int32) error {
	c := e.c
	if !e.an.noApprox {
		return e.approximate(consIdx)
	}
	c.exact = false
	c.approx = resize(c.approx, len(c.boxes))
	c.cert = resize(c.cert, len(c.boxes))
	for j := range c.boxes {
		c.approx[j], c.cert[j] = 0.5, certNone
	}
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

// approximate fills c, whose search exceeded the budget, with certainties
// from sound reasoning on single numbers and pairs of numbers, and with
// estimated probabilities for the rest.
//
// The reasoning runs in passes over the numbers, then over the pairs of
// numbers that share a box, until a pass changes nothing. A number or a
// pair is looked at again only when one of its boxes was decided since it
// was last looked at: otherwise it would find what it found then, which
// is nothing new. So the passes decide the same boxes in the same order as
// looking at everything would, and a pass after the first costs a glance
// at each number and a look at what the boxes decided before it touch.
func (e *enumerator) approximate(consIdx []int32) error {
	an, c := e.an, e.c
	c.exact = false
	nb := len(c.boxes)
	nc := len(consIdx)
	// Work per box: its state is decided only when all its cells are;
	// reasoning is on cell counts. The numbers' boxes, the boxes' numbers
	// and each number's neighbours (the other numbers sharing a box with
	// it) are kept flat: those of i at [start[i], start[i+1]).
	e.boxLocal = resize(e.boxLocal, len(an.boxes))
	for j, b := range c.boxes {
		e.boxLocal[b] = int32(j)
	}
	need := make([]int, nc)
	csStart := make([]int32, nc+1)
	size := 0
	for _, g := range consIdx {
		size += len(an.cons[g].boxes)
	}
	csBoxes := make([]int32, 0, size)
	for i, g := range consIdx {
		need[i] = an.cons[g].need
		for _, b := range an.cons[g].boxes {
			csBoxes = append(csBoxes, e.boxLocal[b])
		}
		csStart[i+1] = int32(len(csBoxes))
	}
	boxesOf := func(i int) []int32 { return csBoxes[csStart[i]:csStart[i+1]] }
	bcStart := make([]int32, nb+1)
	for _, j := range csBoxes {
		bcStart[j+1]++
	}
	for j := range nb {
		bcStart[j+1] += bcStart[j]
	}
	bcList := make([]int32, len(csBoxes))
	fill := slices.Clone(bcStart[:nb])
	for i := range nc {
		for _, j := range boxesOf(i) {
			bcList[fill[j]] = int32(i)
			fill[j]++
		}
	}
	nearStart := make([]int32, nc+1)
	size = 0 // at most the pairs of numbers around each box
	for j := range nb {
		d := int(bcStart[j+1] - bcStart[j])
		size += d * (d - 1)
	}
	nearList := make([]int32, 0, size)
	mark := make([]int32, nc) // i+1 once o is listed as i's neighbour
	for i := range nc {
		for _, j := range boxesOf(i) {
			for _, o := range bcList[bcStart[j]:bcStart[j+1]] {
				if int(o) != i && mark[o] != int32(i+1) {
					mark[o] = int32(i + 1)
					nearList = append(nearList, o)
				}
			}
		}
		nearStart[i+1] = int32(len(nearList))
	}
	// pairOf[k] numbers the pair of numbers of nearList[k], the same in
	// both directions: a pair looked at one way and then, with its boxes
	// unchanged, the other finds nothing new either way.
	pairOf := make([]int32, len(nearList))
	pairs := int32(0)
	inStart := make([]int32, nc+1) // per number, its neighbours before it
	for i := range nc {
		for _, o := range nearList[nearStart[i]:nearStart[i+1]] {
			if int(o) > i {
				inStart[o+1]++
			}
		}
	}
	for i := range nc {
		inStart[i+1] += inStart[i]
	}
	inPair := make([]int32, inStart[nc]) // their pairs, by neighbour
	inFrom := make([]int32, inStart[nc])
	inFill := slices.Clone(inStart[:nc])
	pairWith := mark // reused: the pair of the current number and o
	for i := range nc {
		for q := inStart[i]; q < inStart[i+1]; q++ {
			pairWith[inFrom[q]] = inPair[q]
		}
		for k := nearStart[i]; k < nearStart[i+1]; k++ {
			o := nearList[k]
			if int(o) < i {
				pairOf[k] = pairWith[o]
				continue
			}
			pairOf[k] = pairs
			inPair[inFill[o]], inFrom[inFill[o]] = pairs, int32(i)
			inFill[o]++
			pairs++
		}
	}
	const (
		unknown = 0
		safe    = 1
		mine    = 2
	)
	state := make([]uint8, nb)
	// clock counts the boxes decided; changed[i] is its value when a box
	// of number i was last decided, looked[i] and lookedPair[p] when
	// number i and pair p were last looked at. A pair needs a look only
	// when a box of either number was decided since.
	clock := 0
	changed := make([]int, nc)
	looked := make([]int, nc)
	lookedPair := make([]int, pairs)
	for i := range looked {
		looked[i] = -1
	}
	for p := range lookedPair {
		lookedPair[p] = -1
	}
	// due[i] says that a pair of number i may need a look: one of its
	// boxes or of its neighbours' was decided since i's pairs were last
	// gone through.
	due := make([]bool, nc)
	for i := range due {
		due[i] = true
	}
	// rest returns the mines still needed and the cells still unknown
	// around number i, kept from the last call while its boxes stay.
	restNeed := make([]int, nc)
	restFree := make([]int, nc)
	restAt := make([]int, nc)
	for i := range restAt {
		restAt[i] = -1
	}
	rest := func(i int) (needed, free int) {
		if restAt[i] >= changed[i] {
			return restNeed[i], restFree[i]
		}
		needed = need[i]
		for _, j := range boxesOf(i) {
			switch state[j] {
			case mine:
				needed -= c.sizes[j]
			case unknown:
				free += c.sizes[j]
			}
		}
		restNeed[i], restFree[i], restAt[i] = needed, free, clock
		return needed, free
	}
	set := func(boxes []int32, to uint8) bool {
		decided := false
		for _, j := range boxes {
			if state[j] == unknown {
				state[j] = to
				decided = true
				clock++
				for _, i := range bcList[bcStart[j]:bcStart[j+1]] {
					changed[i] = clock
					due[i] = true
					for _, o := range nearList[nearStart[i]:nearStart[i+1]] {
						due[o] = true
					}
				}
			}
		}
		return decided
	}
	inB := make([]bool, nb)
	inA := make([]bool, nb)
	var onlyA, onlyB []int32
	for again := true; again; {
		again = false
		for i := range nc {
			if changed[i] <= looked[i] {
				continue
			}
			looked[i] = clock
			needed, free := rest(i)
			if needed < 0 || needed > free {
				return ErrInconsistent
			}
			if free > 0 && needed == 0 {
				again = set(boxesOf(i), safe) || again
			} else if free > 0 && needed == free {
				again = set(boxesOf(i), mine) || again
			}
		}
		// Pairs of numbers that share a box.
		for ia := range nc {
			if !due[ia] {
				continue
			}
			due[ia] = false
			A := boxesOf(ia)
			for k := nearStart[ia]; k < nearStart[ia+1]; k++ {
				ib, p := int(nearList[k]), pairOf[k]
				if changed[ia] <= lookedPair[p] && changed[ib] <= lookedPair[p] {
					continue
				}
				lookedPair[p] = clock
				rA, _ := rest(ia)
				B := boxesOf(ib)
				for _, j := range B {
					inB[j] = state[j] == unknown
				}
				shared, sizeA := 0, 0
				onlyA = onlyA[:0]
				for _, j := range A {
					if state[j] != unknown {
						continue
					}
					if inB[j] {
						shared += c.sizes[j]
					} else {
						onlyA = append(onlyA, j)
						sizeA += c.sizes[j]
					}
				}
				if shared == 0 {
					for _, j := range B {
						inB[j] = false
					}
					continue
				}
				rB, freeB := rest(ib)
				sizeB := freeB - shared
				onlyB = onlyB[:0]
				for _, j := range A {
					inA[j] = true
				}
				for _, j := range B {
					if state[j] == unknown && !inA[j] {
						onlyB = append(onlyB, j)
					}
					inB[j] = false
				}
				for _, j := range A {
					inA[j] = false
				}
				// Mines in the shared cells lie in [sLo, sHi].
				sLo := max(0, rA-sizeA, rB-sizeB)
				sHi := min(shared, rA, rB)
				if sLo > sHi {
					return ErrInconsistent
				}
				if len(onlyA) > 0 {
					if rA-sLo == 0 {
						again = set(onlyA, safe) || again
					} else if rA-sHi == sizeA {
						again = set(onlyA, mine) || again
					}
				}
				if len(onlyB) > 0 {
					if rB-sLo == 0 {
						again = set(onlyB, safe) || again
					} else if rB-sHi == sizeB {
						again = set(onlyB, mine) || again
					}
				}
			}
		}
	}
	// Estimates: the mean of the densities of the numbers around a box.
	c.approx = resize(c.approx, nb)
	c.cert = resize(c.cert, nb)
	clear(c.approx)
	cnt := make([]int, nb)
	for i := range nc {
		needed, free := rest(i)
		if free == 0 {
			continue
		}
		d := float64(needed) / float64(free)
		for _, j := range boxesOf(i) {
			c.approx[j] += d
			cnt[j]++
		}
	}
	for j := range nb {
		switch state[j] {
		case safe:
			c.approx[j], c.cert[j] = 0, certSafe
		case mine:
			c.approx[j], c.cert[j] = 1, certMine
		default:
			c.cert[j] = certNone
			p := 0.5
			if cnt[j] > 0 {
				p = c.approx[j] / float64(cnt[j])
			}
			// Never 0 or 1 unless proven.
			c.approx[j] = min(max(p, 1e-6), 1-1e-6)
		}
	}
	return nil
}

// resetCache forgets the cached components.
func (an *analyzer) resetCache() {
	if an.cache != nil {
		an.cache.reset()
	}
}

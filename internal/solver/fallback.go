package solver

import "slices"

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

// approximate fills c, whose search exceeded the budget, with certainties
// from sound reasoning on single numbers and pairs of numbers (see
// numberReasoning), and with estimated probabilities for the rest.
func (e *enumerator) approximate(consIdx []int32) error {
	an, c := e.an, e.c
	c.exact = false
	e.boxLocal = resize(e.boxLocal, len(an.boxes))
	for j, b := range c.boxes {
		e.boxLocal[b] = int32(j)
	}
	if e.reason == nil {
		e.reason = new(numberReasoning)
	}
	r := e.reason
	r.link(an, c, consIdx, e.boxLocal)
	if err := r.reason(); err != nil {
		return err
	}
	r.estimate(c)
	return nil
}

// The states of a box in numberReasoning: decided only when all its cells
// are.
const (
	boxUnknown uint8 = iota
	boxSafe
	boxMine
)

// numberReasoning is the state of approximate's reasoning on the numbers
// of a component, whose memory the next component reuses. It works per
// box, on cell counts. The numbers' boxes,
// the boxes' numbers and each number's neighbours (the other numbers
// sharing a box with it) are kept flat: those of i at [start[i],
// start[i+1]).
//
// The reasoning runs in passes over the numbers, then over the pairs of
// numbers that share a box, until a pass changes nothing. A number or a
// pair is looked at again only when one of its boxes was decided since it
// was last looked at: otherwise it would find what it found then, which
// is nothing new. So the passes decide the same boxes in the same order as
// looking at everything would, and a pass after the first costs a glance
// at each number and a look at what the boxes decided before it touch.
type numberReasoning struct {
	sizes []int // per box: its cells
	need  []int // per number: the mines it shows

	csStart, csBoxes    []int32 // the numbers' boxes
	bcStart, bcList     []int32 // the boxes' numbers
	nearStart, nearList []int32 // the numbers' neighbours
	// pairOf[k] numbers the pair of numbers of nearList[k], the same in
	// both directions: a pair looked at one way and then, with its boxes
	// unchanged, the other finds nothing new either way.
	pairOf []int32
	pairs  int32

	state []uint8 // per box: boxUnknown, boxSafe or boxMine
	// clock counts the boxes decided; changed[i] is its value when a box
	// of number i was last decided, looked[i] and lookedPair[p] when
	// number i and pair p were last looked at. A pair needs a look only
	// when a box of either number was decided since.
	clock                       int
	changed, looked, lookedPair []int
	// due[i] says that a pair of number i may need a look: one of its
	// boxes or of its neighbours' was decided since i's pairs were last
	// gone through.
	due []bool
	// The mines still needed and the cells still unknown around each
	// number, as rest found them at clock restAt.
	restNeed, restFree, restAt []int

	// lookAtPair's scratch memory: which boxes are in either number, and
	// the boxes of only one.
	inA, inB     []bool
	onlyA, onlyB []int32
	// link's and estimate's scratch memory, a slot per box or number.
	fill, mark, inStart, inPair, inFrom, inFill []int32
	cnt                                         []int
}

// link sets r up for component c, whose numbers by global id are consIdx
// and whose boxes' local indices are at boxLocal[global id]: nothing
// decided yet, every number and pair to look at.
func (r *numberReasoning) link(an *analyzer, c *component, consIdx, boxLocal []int32) {
	nb, nc := len(c.boxes), len(consIdx)
	r.sizes = c.sizes
	r.linkNumbers(an, consIdx, boxLocal)
	r.linkBoxes(nb)
	r.mark = resize(r.mark, nc)
	clear(r.mark)
	r.linkNeighbours(r.mark)
	r.numberPairs(r.mark)
	r.state = resize(r.state, nb)
	clear(r.state)
	r.clock = 0
	r.changed = resize(r.changed, nc)
	clear(r.changed)
	r.looked = filled(r.looked, nc, -1)
	r.lookedPair = filled(r.lookedPair, int(r.pairs), -1)
	r.due = filled(r.due, nc, true)
	r.restNeed = resize(r.restNeed, nc)
	r.restFree = resize(r.restFree, nc)
	r.restAt = filled(r.restAt, nc, -1)
	r.inB = filled(r.inB, nb, false)
	r.inA = filled(r.inA, nb, false)
}

// filled returns s with length n and every element v, reallocated when
// too short.
func filled[T any](s []T, n int, v T) []T {
	s = resize(s, n)
	for i := range s {
		s[i] = v
	}
	return s
}

// linkNumbers lists the mines and the local boxes of each number.
func (r *numberReasoning) linkNumbers(an *analyzer, consIdx, boxLocal []int32) {
	nc := len(consIdx)
	r.need = resize(r.need, nc)
	r.csStart = resize(r.csStart, nc+1)
	r.csStart[0] = 0
	size := 0
	for _, g := range consIdx {
		size += len(an.cons[g].boxes)
	}
	r.csBoxes = slices.Grow(r.csBoxes[:0], size)
	for i, g := range consIdx {
		r.need[i] = an.cons[g].need
		for _, b := range an.cons[g].boxes {
			r.csBoxes = append(r.csBoxes, boxLocal[b])
		}
		r.csStart[i+1] = int32(len(r.csBoxes))
	}
}

// linkBoxes lists the numbers of each of the nb boxes, from the numbers'
// boxes.
func (r *numberReasoning) linkBoxes(nb int) {
	nc := len(r.need)
	r.bcStart = resize(r.bcStart, nb+1)
	clear(r.bcStart)
	for _, j := range r.csBoxes {
		r.bcStart[j+1]++
	}
	for j := range nb {
		r.bcStart[j+1] += r.bcStart[j]
	}
	r.bcList = resize(r.bcList, len(r.csBoxes))
	r.fill = append(r.fill[:0], r.bcStart[:nb]...)
	for i := range nc {
		for _, j := range r.boxesOf(i) {
			r.bcList[r.fill[j]] = int32(i)
			r.fill[j]++
		}
	}
}

// linkNeighbours lists the neighbours of each number, in the order of its
// boxes and of their numbers, each once; mark is scratch memory of a slot
// per number, zero on entry.
func (r *numberReasoning) linkNeighbours(mark []int32) {
	nc := len(r.need)
	r.nearStart = resize(r.nearStart, nc+1)
	r.nearStart[0] = 0
	size := 0 // at most the pairs of numbers around each box
	for j := range len(r.bcStart) - 1 {
		d := int(r.bcStart[j+1] - r.bcStart[j])
		size += d * (d - 1)
	}
	r.nearList = slices.Grow(r.nearList[:0], size)
	for i := range nc {
		for _, j := range r.boxesOf(i) {
			for _, o := range r.numbersOf(j) {
				if int(o) != i && mark[o] != int32(i+1) { // i+1 once o is listed as i's neighbour
					mark[o] = int32(i + 1)
					r.nearList = append(r.nearList, o)
				}
			}
		}
		r.nearStart[i+1] = int32(len(r.nearList))
	}
}

// numberPairs fills pairOf and pairs, numbering the pairs in the order in
// which their first number lists its later neighbours; pairWith is
// scratch memory of a slot per number.
func (r *numberReasoning) numberPairs(pairWith []int32) {
	nc := len(r.need)
	r.pairOf = resize(r.pairOf, len(r.nearList))
	r.pairs = 0
	inStart := resize(r.inStart, nc+1) // per number, its neighbours before it
	clear(inStart)
	for i := range nc {
		for _, o := range r.neighboursOf(i) {
			if int(o) > i {
				inStart[o+1]++
			}
		}
	}
	for i := range nc {
		inStart[i+1] += inStart[i]
	}
	inPair := resize(r.inPair, int(inStart[nc])) // their pairs, by neighbour
	inFrom := resize(r.inFrom, int(inStart[nc]))
	inFill := append(r.inFill[:0], inStart[:nc]...)
	r.inStart, r.inPair, r.inFrom, r.inFill = inStart, inPair, inFrom, inFill
	for i := range nc {
		for q := inStart[i]; q < inStart[i+1]; q++ {
			pairWith[inFrom[q]] = inPair[q] // the pair of i and inFrom[q]
		}
		for k := r.nearStart[i]; k < r.nearStart[i+1]; k++ {
			o := r.nearList[k]
			if int(o) < i {
				r.pairOf[k] = pairWith[o]
				continue
			}
			r.pairOf[k] = r.pairs
			inPair[inFill[o]], inFrom[inFill[o]] = r.pairs, int32(i)
			inFill[o]++
			r.pairs++
		}
	}
}

// boxesOf returns the boxes of number i.
func (r *numberReasoning) boxesOf(i int) []int32 { return r.csBoxes[r.csStart[i]:r.csStart[i+1]] }

// numbersOf returns the numbers of box j.
func (r *numberReasoning) numbersOf(j int32) []int32 {
	return r.bcList[r.bcStart[j]:r.bcStart[j+1]]
}

// neighboursOf returns the neighbours of number i.
func (r *numberReasoning) neighboursOf(i int) []int32 {
	return r.nearList[r.nearStart[i]:r.nearStart[i+1]]
}

// rest returns the mines still needed and the cells still unknown around
// number i, kept from the last call while its boxes stay.
func (r *numberReasoning) rest(i int) (needed, free int) {
	if r.restAt[i] >= r.changed[i] {
		return r.restNeed[i], r.restFree[i]
	}
	needed = r.need[i]
	for _, j := range r.boxesOf(i) {
		switch r.state[j] {
		case boxMine:
			needed -= r.sizes[j]
		case boxUnknown:
			free += r.sizes[j]
		}
	}
	r.restNeed[i], r.restFree[i], r.restAt[i] = needed, free, r.clock
	return needed, free
}

// set decides the boxes still unknown among boxes as to, marks their
// numbers changed and those numbers' pairs due, and reports whether it
// decided any.
func (r *numberReasoning) set(boxes []int32, to uint8) bool {
	decided := false
	for _, j := range boxes {
		if r.state[j] != boxUnknown {
			continue
		}
		r.state[j] = to
		decided = true
		r.clock++
		for _, i := range r.numbersOf(j) {
			r.changed[i] = r.clock
			r.due[i] = true
			for _, o := range r.neighboursOf(int(i)) {
				r.due[o] = true
			}
		}
	}
	return decided
}

// reason looks at the numbers, then at the pairs, until a pass decides
// nothing more; a number or a pair its mines cannot satisfy is
// ErrInconsistent.
func (r *numberReasoning) reason() error {
	for again := true; again; {
		singles, err := r.lookAtNumbers()
		if err != nil {
			return err
		}
		pairs, err := r.lookAtPairs()
		if err != nil {
			return err
		}
		again = singles || pairs
	}
	return nil
}

// lookAtNumbers decides the unknown boxes of each number changed since it
// was last looked at: safe when its mines are all found, mines when they
// fill its unknown cells. It reports whether it decided any.
func (r *numberReasoning) lookAtNumbers() (again bool, err error) {
	for i := range r.need {
		if r.changed[i] <= r.looked[i] {
			continue
		}
		r.looked[i] = r.clock
		needed, free := r.rest(i)
		if needed < 0 || needed > free {
			return again, ErrInconsistent
		}
		again = r.settle(r.boxesOf(i), needed, needed, free) || again
	}
	return again, nil
}

// lookAtPairs looks at each pair of numbers sharing a box, of a number
// due, that either number's boxes changed since it was last looked at, and
// reports whether it decided any box.
func (r *numberReasoning) lookAtPairs() (again bool, err error) {
	for ia := range r.need {
		if !r.due[ia] {
			continue
		}
		r.due[ia] = false
		for k := r.nearStart[ia]; k < r.nearStart[ia+1]; k++ {
			ib, p := int(r.nearList[k]), r.pairOf[k]
			if r.changed[ia] <= r.lookedPair[p] && r.changed[ib] <= r.lookedPair[p] {
				continue
			}
			r.lookedPair[p] = r.clock
			decided, err := r.lookAtPair(ia, ib)
			if err != nil {
				return again, err
			}
			again = decided || again
		}
	}
	return again, nil
}

// lookAtPair bounds the mines in the unknown cells numbers ia and ib share
// by what each needs and holds beside them; from those bounds, the cells
// of one number only are safe when it needs no more mines, or mines when
// it needs them all. It reports whether it decided any box.
func (r *numberReasoning) lookAtPair(ia, ib int) (again bool, err error) {
	A, B := r.boxesOf(ia), r.boxesOf(ib)
	rA, _ := r.rest(ia)
	for _, j := range B {
		r.inB[j] = r.state[j] == boxUnknown
	}
	shared, sizeA := 0, 0
	r.onlyA = r.onlyA[:0]
	for _, j := range A {
		if r.state[j] != boxUnknown {
			continue
		}
		if r.inB[j] {
			shared += r.sizes[j]
		} else {
			r.onlyA = append(r.onlyA, j)
			sizeA += r.sizes[j]
		}
	}
	if shared == 0 {
		for _, j := range B {
			r.inB[j] = false
		}
		return false, nil
	}
	rB, freeB := r.rest(ib)
	sizeB := freeB - shared
	r.onlyB = r.onlyB[:0]
	for _, j := range A {
		r.inA[j] = true
	}
	for _, j := range B {
		if r.state[j] == boxUnknown && !r.inA[j] {
			r.onlyB = append(r.onlyB, j)
		}
		r.inB[j] = false
	}
	for _, j := range A {
		r.inA[j] = false
	}
	// Mines in the shared cells lie in [sLo, sHi].
	sLo := max(0, rA-sizeA, rB-sizeB)
	sHi := min(shared, rA, rB)
	if sLo > sHi {
		return false, ErrInconsistent
	}
	again = r.settle(r.onlyA, rA-sLo, rA-sHi, sizeA)
	again = r.settle(r.onlyB, rB-sLo, rB-sHi, sizeB) || again
	return again, nil
}

// settle decides the unknown boxes among boxes, whose size cells hold
// between fewest and most mines: safe when most is 0, mines when fewest is
// size. It reports whether it decided any. A number alone is the case
// where fewest and most are what it still needs.
func (r *numberReasoning) settle(boxes []int32, most, fewest, size int) bool {
	switch {
	case len(boxes) == 0:
		return false
	case most == 0:
		return r.set(boxes, boxSafe)
	case fewest == size:
		return r.set(boxes, boxMine)
	}
	return false
}

// estimate fills c's probabilities and certainties: the boxes decided are
// certain, and the others have the mean of the densities of the numbers
// around them, never 0 or 1.
func (r *numberReasoning) estimate(c *component) {
	nb := len(r.state)
	c.approx = resize(c.approx, nb)
	c.cert = resize(c.cert, nb)
	clear(c.approx)
	r.cnt = resize(r.cnt, nb)
	clear(r.cnt)
	cnt := r.cnt
	for i := range r.need {
		needed, free := r.rest(i)
		if free == 0 {
			continue
		}
		d := float64(needed) / float64(free)
		for _, j := range r.boxesOf(i) {
			c.approx[j] += d
			cnt[j]++
		}
	}
	for j := range nb {
		switch r.state[j] {
		case boxSafe:
			c.approx[j], c.cert[j] = 0, certSafe
		case boxMine:
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
}

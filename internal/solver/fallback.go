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

package solver

import "github.com/minesweeper-go/minesweeper/internal/board"

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

// components builds the frontier of the view given by its parts and
// enumerates its components, or takes them from the cache: it fills comps
// and compList, and returns ErrInconsistent when a component or the mine
// count has no solution.
func (an *analyzer) components(w, h, mines int, tiles []board.Tile) error {
	an.setView(w, h, mines, tiles)
	if err := an.findConstraints(); err != nil {
		return err
	}
	if closed := an.groupBoxes(); an.mines > closed {
		return ErrInconsistent
	}
	return an.solveComponents(an.joinBoxes())
}

// setView takes the view given by its parts as the analyzer's input, and
// clears the output and the frontier of the last run, keeping their memory.
func (an *analyzer) setView(w, h, mines int, tiles []board.Tile) {
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
}

// findConstraints fills cons with the open numbers that have a closed
// neighbour, and conID with their ids. A number other than 0 with no
// closed neighbour to hold its mines is ErrInconsistent.
func (an *analyzer) findConstraints() error {
	w, h := an.w, an.h
	for i, t := range an.tiles {
		an.conID[i] = -1
		if t < 0 {
			continue
		}
		closed := 0
		for j := range board.Neighbours(w, h, i) {
			if an.tiles[j] < 0 && an.tiles[j] != tileGone {
				closed++
			}
		}
		if closed == 0 {
			if t != 0 {
				return ErrInconsistent
			}
			continue
		}
		an.conID[i] = int32(len(an.cons))
		an.cons = appendCons(an.cons, int32(i), int(t))
	}
	return nil
}

// groupBoxes groups the closed cells by the set of numbers around them into
// boxes, linked both ways with those numbers, counts in outside the closed
// cells next to no number, and returns the number of closed cells.
func (an *analyzer) groupBoxes() (closed int) {
	w, h := an.w, an.h
	an.outside = 0
	for i, t := range an.tiles {
		an.boxOf[i] = -1
		if t >= 0 || t == tileGone {
			continue
		}
		closed++
		var key [8]int32
		k := 0
		for j := range board.Neighbours(w, h, i) {
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
	return closed
}

// joinBoxes joins the boxes that share a number into components, by
// union-find through the numbers, fills compList[:n] with the boxes of
// each component, in the order of their first box, and returns n.
func (an *analyzer) joinBoxes() (n int) {
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
	an.compOf = resize(an.compOf, len(an.boxes))
	for i := range an.compOf {
		an.compOf[i] = -1
	}
	for b := range an.boxes {
		r := an.find(int32(b))
		ci := int(an.compOf[r])
		if ci < 0 {
			ci = n
			an.compOf[r] = int32(ci)
			n++
			if len(an.compList) < n {
				an.compList = append(an.compList, nil)
			}
		}
		an.compList[ci] = append(an.compList[ci], int32(b))
	}
	return n
}

// solveComponents fills comps with the solutions of the first n
// components of compList, enumerated or taken from the cache, and stops
// between components once ctx is done.
func (an *analyzer) solveComponents(n int) error {
	if an.cache == nil {
		an.cache = new(compCache)
	}
	an.comps = an.comps[:0]
	for ci := range n {
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

// find returns the root of box x in the union-find over boxes, halving
// the path to it on the way.
func (an *analyzer) find(x int32) int32 {
	for an.parent[x] != x {
		an.parent[x] = an.parent[an.parent[x]]
		x = an.parent[x]
	}
	return x
}

// union joins the sets of boxes a and b in the union-find over boxes.
func (an *analyzer) union(a, b int32) {
	a, b = an.find(a), an.find(b)
	if a != b {
		an.parent[a] = b
	}
}

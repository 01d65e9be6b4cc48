package solver

import (
	"math"
	"slices"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// maxLayouts is the most layouts for which the solver can search the whole
// game tree for the move with the best chance to win; defaultLayouts is the
// most for which it does by default.
const (
	maxLayouts     = 1 << 16
	defaultLayouts = 4096
)

// enumNodes caps the nodes of the enumeration of layouts, per layout
// the search may take.
const enumNodes = 128

// endgame searches the game tree over the few layouts that fit a view:
// a move's value is the chance to win after it, playing perfectly, where
// opening a cell shows its number. It lists the layouts; gameTree searches.
type endgame struct {
	cells []int32 // unknown closed cells, by board index
	unk   []int32 // per board cell: index in cells, or -1
	n     int     // layouts
	limit int     // most layouts searched
	tree  gameTree

	// enumeration of layouts
	cons    []egCons
	cellCon [][]int
	assign  []bool
	left    int      // mines still to place
	sets    []uint64 // layout l's bits over cells: sets[l*words:(l+1)*words]
	words   int
	enNodes int

	// work is what the game tree searches may still take in this move
	// (see Solver.treeWork); nodes counts the enumerations' nodes in it.
	work  int
	nodes int
}

// egCons is a number's demand on unknown cells.
type egCons struct {
	need, room int
}

// Outcome classes of opening a cell: its number 0..8, or a mine.
const outMine = 9

// solve returns the cell to open for the best chance to win, and that
// chance, or ok false when the position is beyond the search's limits.
// Cells certainly safe in the analysis are left out of the search: the
// solver opens them before it guesses.
func (e *endgame) solve(an *analyzer) (cell int, win float64, ok bool) {
	if e.work <= 0 {
		return -1, 0, false
	}
	if !e.layouts(an) {
		return -1, 0, false
	}
	u, win, ok := e.search(an)
	if !ok {
		return -1, 0, false
	}
	return int(e.cells[u]), win, true
}

// search searches the game tree over the layouts listed, within the work
// left in this move, and takes the work it did from it.
func (e *endgame) search(an *analyzer) (u int, win float64, ok bool) {
	e.tree.budget = e.work
	u, win, ok = e.tree.search(e, an)
	e.work -= e.tree.work
	return u, win, ok
}

// layout returns layout l's bits over the unknown cells.
func (e *endgame) layout(l int) []uint64 { return e.sets[l*e.words : (l+1)*e.words] }

// layouts lists every layout of mines over the unknown cells that fits the
// view, or reports false when there are more than the limit or the search
// runs too long.
func (e *endgame) layouts(an *analyzer) bool {
	e.cells = e.cells[:0]
	e.unk = resize(e.unk, len(an.tiles))
	fixed := 0
	for i, t := range an.tiles {
		e.unk[i] = -1
		if t >= 0 {
			continue
		}
		switch an.certain[i] {
		case certMine:
			fixed++
		case certNone:
			// Frontier cells first, in the order the numbers come.
			if an.boxOf[i] >= 0 {
				e.unk[i] = int32(len(e.cells))
				e.cells = append(e.cells, int32(i))
			}
		}
	}
	for i, t := range an.tiles {
		if t < 0 && an.certain[i] == certNone && an.boxOf[i] < 0 {
			e.unk[i] = int32(len(e.cells))
			e.cells = append(e.cells, int32(i))
		}
	}
	return e.enumerateCells(an, an.mines-fixed)
}

// enumerateCells lists every layout of left mines over e.cells (whose
// indices e.unk holds) that fits the numbers of the view, or reports false
// when there are more than the limit, the search runs too long, or there
// is none. Every closed neighbour of a number next to e.cells must be in
// e.cells or certainly a mine.
func (e *endgame) enumerateCells(an *analyzer, left int) bool {
	U := len(e.cells)
	e.words = (U + 63) / 64
	e.left = left
	if e.left < 0 || e.left > U {
		return false
	}
	// Numbers over unknown cells.
	e.cons = e.cons[:0]
	e.cellCon = resize(e.cellCon, U)
	for u := range e.cellCon {
		e.cellCon[u] = e.cellCon[u][:0]
	}
	nb := make([]int, 0, 8)
	for i, t := range an.tiles {
		if t < 0 {
			continue
		}
		need, room := int(t), 0
		nb = slices.AppendSeq(nb[:0], board.Neighbours(an.w, an.h, i))
		for _, j := range nb {
			if an.tiles[j] >= 0 {
				continue
			}
			if an.certain[j] == certMine {
				need--
			} else if e.unk[j] >= 0 {
				room++
			}
		}
		if room == 0 {
			continue
		}
		ci := len(e.cons)
		e.cons = append(e.cons, egCons{need, room})
		for _, j := range nb {
			if u := e.unk[j]; u >= 0 {
				e.cellCon[u] = append(e.cellCon[u], ci)
			}
		}
	}
	e.assign = resize(e.assign, U)
	e.sets = e.sets[:0]
	e.n, e.enNodes = 0, 0
	listed := e.enumerate(0, U)
	e.nodes += e.enNodes
	return listed && e.n > 0
}

// solvePocket returns the cell to open for the best chance to win a
// pocket, and that chance, or ok false when the view has no pocket within
// the search's limits. A pocket is a component of the frontier that holds
// the same number of mines in every layout and none of whose cells has a
// closed neighbour outside it but cells certainly mines: what it holds
// tells nothing of the rest of the board, nor the rest of it, and its
// layouts are equally likely whatever the rest holds. Its game is played
// alone, sooner or later, so its best move, found by searching its game
// tree whatever the layouts of the whole board, is a best move now.
func (e *endgame) solvePocket(an *analyzer) (cell int, win float64, ok bool) {
	for ci, comp := range an.comps {
		if e.work <= 0 {
			break
		}
		k, ok := fixedCount(comp)
		if !comp.exact || !ok {
			continue
		}
		if !e.pocket(an, ci, k) {
			continue
		}
		u, win, ok := e.search(an)
		if ok {
			return int(e.cells[u]), win, true
		}
	}
	return -1, 0, false
}

// pocket lists the layouts of the component ci of an, holding k mines,
// when it is a pocket (see solvePocket) with few enough layouts; it
// reports whether it is, with a cell to guess.
func (e *endgame) pocket(an *analyzer, ci, k int) bool {
	boxes := an.compList[ci]
	root := an.find(boxes[0])
	e.cells = e.cells[:0]
	e.unk = resize(e.unk, len(an.tiles))
	for i := range e.unk {
		e.unk[i] = -1
	}
	for _, b := range boxes {
		for _, c := range an.boxes[b].cells {
			if an.certain[c] == certMine {
				k--
				continue
			}
			e.unk[c] = int32(len(e.cells))
			e.cells = append(e.cells, c)
		}
	}
	if len(e.cells) < 2 {
		return false
	}
	for _, c := range e.cells {
		for j := range board.Neighbours(an.w, an.h, int(c)) {
			if an.tiles[j] >= 0 || an.certain[j] == certMine {
				continue
			}
			if b := an.boxOf[j]; b < 0 || an.find(b) != root {
				return false
			}
		}
	}
	return e.enumerateCells(an, k)
}

// enumerate assigns unknown cell u and those after it; it returns false
// when the layouts are too many or the search too long.
func (e *endgame) enumerate(u, U int) bool {
	if u == U {
		if e.left != 0 {
			return true
		}
		if e.n >= e.limit {
			return false
		}
		at := len(e.sets)
		e.sets = slices.Grow(e.sets, e.words)[:at+e.words]
		set := e.sets[at:]
		clear(set)
		for k, m := range e.assign {
			if m {
				set[k/64] |= 1 << (k % 64)
			}
		}
		e.n++
		return true
	}
	e.enNodes++
	if e.enNodes > enumNodes*e.limit || U-u < e.left {
		return e.enNodes <= enumNodes*e.limit
	}
	for _, m := range [2]bool{false, true} {
		x := 0
		if m {
			x = 1
			if e.left == 0 {
				continue
			}
		}
		ok := true
		for _, ci := range e.cellCon[u] {
			c := &e.cons[ci]
			if c.need-x < 0 || c.need-x > c.room-1 {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		for _, ci := range e.cellCon[u] {
			e.cons[ci].need -= x
			e.cons[ci].room--
		}
		e.left -= x
		e.assign[u] = m
		more := e.enumerate(u+1, U)
		e.left += x
		for _, ci := range e.cellCon[u] {
			e.cons[ci].need += x
			e.cons[ci].room++
		}
		if !more {
			return false
		}
	}
	return true
}

// fewLayouts reports whether the analysed view has at most limit layouts.
func (an *analyzer) fewLayouts(limit int) bool {
	return an.exact && an.logZ <= math.Log(float64(limit))+1e-9
}

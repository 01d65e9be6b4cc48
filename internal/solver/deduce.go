package solver

import "github.com/minesweeper-go/minesweeper/internal/board"

// Deducer finds the certain cells of a sequence of views of one board that
// change a little at a time, as a generator's views do while it clears a
// board by logic. Between calls it keeps the groups of connected cells it
// enumerated in the last call, so a call pays only for the parts of the
// view that changed. One Deducer serves one goroutine.
type Deducer struct {
	an analyzer
}

// NewDeducer returns a Deducer with the default node budget. A group of
// connected cells too large to enumerate within it is left undecided: the
// reasoning on single numbers and pairs that Analyze falls back to there
// is the caller's to do, on the cells that changed, where it is cheap.
func NewDeducer() *Deducer {
	d := &Deducer{}
	d.an.budget = defaultBudget
	d.an.noApprox = true
	d.an.cache = new(compCache)
	return d
}

// Certain analyses the view of a width by height board holding mines
// mines, given as one tile a cell in row-major order, board.TileClosed or
// an open count from 0 to 8, and appends to safe and mine the row-major
// indices of the closed cells that are certainly safe and of those that
// certainly hold a mine. The answer is exact where the enumeration stays
// within its budget, and sound everywhere. It returns
// ErrInconsistent when no layout fits the view.
func (d *Deducer) Certain(width, height, mines int, tiles []board.Tile, safe, mine []int) ([]int, []int, error) {
	an := &d.an
	an.cache.advance()
	an.spent = 0
	if err := an.components(width, height, mines, tiles); err != nil {
		return safe, mine, err
	}
	if !an.countFree() {
		if err := an.combine(); err != nil {
			return safe, mine, err
		}
	}
	for i, t := range tiles {
		if t >= 0 {
			continue
		}
		switch an.certain[i] {
		case certSafe:
			safe = append(safe, i)
		case certMine:
			mine = append(mine, i)
		}
	}
	return safe, mine, nil
}

// countFree reports whether the mine count cannot decide any cell of the
// view whose components the analyzer holds, and if so marks the cells
// that the components decide alone; combine need not run. That holds when
// every component is exact and the cells next to no number can take the
// mines left over by any choice of the components' mine counts, with room
// to spare either way: then each solution of each component is part of
// some layout, and no cell next to no number is certain. Combining the
// components by mine count costs time in proportion to the components
// times their range of mines, the square of the board on large boards;
// this costs a pass over their rows.
func (an *analyzer) countFree() bool {
	lo, hi := 0, 0
	for _, c := range an.comps {
		if !c.exact {
			return false
		}
		first, last := -1, -1
		for k, w := range c.w {
			if w > 0 {
				if first < 0 {
					first = k
				}
				last = k
			}
		}
		if first < 0 {
			return false
		}
		lo, hi = lo+first, hi+last
	}
	if an.mines-hi < 1 || an.mines-lo > an.outside-1 {
		return false
	}
	for ci, c := range an.comps {
		boxes := an.compList[ci]
		nb := len(boxes)
		for b, id := range boxes {
			bx := &an.boxes[id]
			canSafe, canMine := false, false
			for k, w := range c.w {
				if w == 0 {
					continue
				}
				r := int(c.row[k]) * nb
				canSafe = canSafe || c.lo[r+b] < int8(c.sizes[b])
				canMine = canMine || c.hi[r+b] > 0
			}
			cert := certNone
			switch {
			case !canMine:
				cert = certSafe
			case !canSafe:
				cert = certMine
			}
			for _, cell := range bx.cells {
				an.certain[cell] = cert
			}
		}
	}
	return true
}

package solver

import (
	"cmp"
	"math"
	"math/bits"
	"slices"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// maxLayouts is the most layouts for which the solver can search the whole
// game tree for the move with the best chance to win; defaultLayouts is the
// most for which it does by default.
const (
	maxLayouts     = 256
	defaultLayouts = 256
)

// endgameBudget caps the work of one endgame search, counted in cells
// examined, so that a move stays within a few milliseconds.
const endgameBudget = 400000

// layoutSet is a set of layouts, by index, one bit each.
type layoutSet [maxLayouts / 64]uint64

func (s *layoutSet) and(t *layoutSet) (r layoutSet) {
	for i := range s {
		r[i] = s[i] & t[i]
	}
	return r
}

func (s *layoutSet) count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

func (s *layoutSet) empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// endgame searches the game tree over the few layouts that fit a view:
// a move's value is the chance to win after it, playing perfectly, where
// opening a cell shows its number.
type endgame struct {
	cells  []int32 // unknown closed cells, by board index
	unk    []int32 // per board cell: index in cells, or -1
	n      int     // layouts
	limit  int     // most layouts searched
	mine   [][9 + 1]layoutSet
	memo   map[layoutSet]float64
	cands  [][]egCand // per depth of the search: its candidates
	depth  int
	nodes  int
	budget int
	over   bool

	// enumeration of layouts
	cons    []egCons
	cellCon [][]int
	assign  []bool
	left    int        // mines still to place
	sets    [][]uint64 // per layout: bits over cells
	words   int
	enNodes int
}

// egCand is a cell the endgame search may open: unknown cell u, and the
// layouts where it is a mine, or -1 for a safe cell telling layouts apart.
type egCand struct {
	u, mines int
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
	if !e.layouts(an) {
		return -1, 0, false
	}
	U := len(e.cells)
	// Per cell and outcome, the set of layouts where opening it gives
	// that outcome.
	e.mine = resize(e.mine, U)
	for u := range U {
		e.mine[u] = [10]layoutSet{}
	}
	nb := make([]int, 0, 8)
	for u, c := range e.cells {
		nb = slices.AppendSeq(nb[:0], board.Neighbours(an.w, an.h, int(c)))
		for l, set := range e.sets {
			if set[u/64]>>(u%64)&1 == 1 {
				e.mine[u][outMine][l/64] |= 1 << (l % 64)
				continue
			}
			num := 0
			for _, j := range nb {
				if an.tiles[j] >= 0 {
					continue
				}
				if k := e.unk[j]; k >= 0 {
					num += int(set[k/64] >> (k % 64) & 1)
				} else if an.certain[j] == certMine {
					num++
				}
			}
			e.mine[u][num][l/64] |= 1 << (l % 64)
		}
	}
	var all layoutSet
	for l := range e.n {
		all[l/64] |= 1 << (l % 64)
	}
	if e.memo == nil {
		e.memo = make(map[layoutSet]float64)
	}
	clear(e.memo)
	e.nodes, e.over, e.depth = 0, false, 0
	if e.budget == 0 {
		e.budget = endgameBudget
	}
	best, val := e.best(all, true)
	if e.over || best < 0 {
		return -1, 0, false
	}
	return int(e.cells[best]), val, true
}

// best returns the best cell to open on the layouts in s and the chance
// to win with it. At the top it considers every cell; below, a free
// informative move is taken at once.
func (e *endgame) best(s layoutSet, top bool) (int, float64) {
	n := s.count()
	if n <= 1 {
		return -1, 1
	}
	if !top {
		if v, ok := e.memo[s]; ok {
			return -1, v
		}
	}
	e.nodes += len(e.cells)
	if e.nodes > e.budget {
		e.over = true
		return -1, 0
	}
	// The candidates at this depth of the search, in memory kept for it.
	if e.depth == len(e.cands) {
		e.cands = append(e.cands, nil)
	}
	cands := e.cands[e.depth][:0]
	e.depth++
	defer func() {
		e.depth--
		e.cands[e.depth] = cands[:0]
	}()
	for u := range e.cells {
		m := e.mine[u][outMine].and(&s)
		mc := m.count()
		if mc == n {
			continue
		}
		if mc == 0 {
			// A safe cell: free, and worth it when it tells layouts apart.
			classes := 0
			for v := range 9 {
				if t := e.mine[u][v].and(&s); !t.empty() {
					classes++
				}
			}
			if classes > 1 && !top {
				val := e.split(s, u, n)
				e.memo[s] = val
				return u, val
			}
			if classes > 1 {
				cands = append(cands, egCand{u, -1})
			}
			continue
		}
		cands = append(cands, egCand{u, mc})
	}
	slices.SortFunc(cands, func(a, b egCand) int { return cmp.Compare(a.mines, b.mines) })
	bestU, bestV := -1, -1.0
	for _, c := range cands {
		if c.mines >= 0 && float64(n-c.mines)/float64(n) <= bestV+1e-12 {
			break
		}
		v := e.split(s, c.u, n)
		if e.over {
			return -1, 0
		}
		if v > bestV+1e-12 {
			bestU, bestV = c.u, v
		}
		if c.mines < 0 {
			break // a free informative move is as good as any
		}
	}
	if bestU < 0 {
		bestV = 0
	}
	if !top {
		e.memo[s] = bestV
	}
	return bestU, bestV
}

// split returns the chance to win after opening cell u on the n layouts in
// s: the mean over the numbers it may show of the best play after.
func (e *endgame) split(s layoutSet, u, n int) float64 {
	total := 0.0
	for v := range 9 {
		t := e.mine[u][v].and(&s)
		k := t.count()
		if k == 0 {
			continue
		}
		_, w := e.best(t, false)
		if e.over {
			return 0
		}
		total += float64(k) * w
	}
	return total / float64(n)
}

// layouts lists every layout of mines over the unknown cells that fits the
// view, or reports false when there are more than maxLayouts or the search
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
	U := len(e.cells)
	e.words = (U + 63) / 64
	e.left = an.mines - fixed
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
	e.enNodes = 0
	if !e.enumerate(0, U) {
		return false
	}
	e.n = len(e.sets)
	return e.n > 0
}

// enumerate assigns unknown cell u and those after it; it returns false
// when the layouts are too many or the search too long.
func (e *endgame) enumerate(u, U int) bool {
	if u == U {
		if e.left != 0 {
			return true
		}
		if len(e.sets) >= e.limit {
			return false
		}
		set := make([]uint64, e.words)
		for k, m := range e.assign {
			if m {
				set[k/64] |= 1 << (k % 64)
			}
		}
		e.sets = append(e.sets, set)
		return true
	}
	e.enNodes++
	if e.enNodes > 200000 || U-u < e.left {
		return e.enNodes <= 200000
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

package solver

import (
	"cmp"
	"slices"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/splitmix"
)

// treeBudget caps the work of the searches of the game tree in one move,
// counted in layouts looked at (a position of n layouts over U cells costs
// n*U), so that a move stays within a few milliseconds.
const treeBudget = 24 << 20

// treeEps is the tolerance below which two chances to win are the same.
const treeEps = 1e-12

// gameTree searches the game tree over the layouts the endgame listed: a
// position is the set of layouts that fit what has been seen, and a move's
// value is the chance to win after it, playing perfectly, where opening a
// cell shows its number. Positions are lists of layout indices, so the
// search takes time in proportion to the layouts it looks at; their values
// are kept by a hash of the set, so two orders of play that tell the same
// layouts apart meet in one entry.
//
// Four rules keep the search small without changing its value:
//   - a cell certainly safe that tells layouts apart is opened at once, as
//     information bought for free can only help;
//   - a dead cell, one that shows the same number in every layout where it
//     is safe, is opened only when every cell is dead: opening it tells only
//     that it was safe, which opening it later tells as well, when other
//     cells may have shown it to be a mine and saved the risk;
//   - cells are tried from the safest, and no cell is tried whose chance to
//     be safe is no better than the best found;
//   - a position's chance to win is at most the best chance to be safe of
//     its cells (1 with a free cell), so a cell whose numbers lead to
//     positions that cannot together beat the best found is dropped before
//     they are searched, and as soon as the ones searched show it cannot;
//     each of those positions is searched only as far as telling whether
//     it reaches what the cell needs of it, and once it cannot, that bound
//     is kept in place of its value.
//
// Layouts are indexed by uint16: maxLayouts stays at most 1<<16.
type gameTree struct {
	cells  int         // U, unknown cells
	n      int         // L, layouts
	out    []uint8     // out[u*L+l]: what cell u shows in layout l, a number or outMine
	hash   [][2]uint64 // per layout: two random words; a set's key is their sums
	memo   map[[2]uint64]treeValue
	arena  []uint16     // the layout lists of the positions being searched
	scans  [][]treeScan // per depth: the scans of the positions a cell leads to
	dead   []treeCand   // scratch for scan
	all    []int32      // every unknown cell
	work   int
	budget int
	over   bool
	depth  int
}

// treeCand is a cell the search may open: unknown cell u, mine in mines of
// the position's layouts.
type treeCand struct {
	u, mines int
}

// treeValue is a position's chance to win, or when not exact a bound it
// does not exceed.
type treeValue struct {
	v     float64
	exact bool
}

// treeScan is what one pass over a position's layouts finds.
type treeScan struct {
	known bool       // the value is known: val
	val   float64    // the chance to win, when known
	free  int        // a certainly safe cell that tells layouts apart, or -1
	cands []treeCand // the cells worth opening, safest first
	ub    float64    // at least the chance to win
	// active lists the cells neither safe nor mines in every layout,
	// living or dead: the only cells that a position holding fewer of
	// these layouts need look at, as a cell dead or known stays so.
	active []int32
}

// search returns the unknown cell (an index into e.cells) to open for the
// best chance to win over the layouts e listed, and that chance, or ok
// false when the search ran over its budget.
func (t *gameTree) search(e *endgame, an *analyzer) (u int, win float64, ok bool) {
	U, L := len(e.cells), e.n
	t.cells, t.n = U, L
	t.out = resize(t.out, U*L)
	nb := make([]int, 0, 8)
	for u, c := range e.cells {
		nb = slices.AppendSeq(nb[:0], board.Neighbours(an.w, an.h, int(c)))
		row := t.out[u*L : (u+1)*L]
		for l := range L {
			set := e.layout(l)
			if set[u/64]>>(u%64)&1 == 1 {
				row[l] = outMine
				continue
			}
			num := uint8(0)
			for _, j := range nb {
				if an.tiles[j] >= 0 {
					continue
				}
				if k := e.unk[j]; k >= 0 {
					num += uint8(set[k/64] >> (k % 64) & 1)
				} else if an.certain[j] == certMine {
					num++
				}
			}
			row[l] = num
		}
	}
	for l := len(t.hash); l < L; l++ {
		t.hash = append(t.hash, [2]uint64{splitmix.Mix(uint64(l)*2 + 1), splitmix.Mix(uint64(l)*2 + 2)})
	}
	if t.memo == nil {
		t.memo = make(map[[2]uint64]treeValue)
	}
	clear(t.memo)
	t.arena = slices.Grow(t.arena[:0], L)[:L]
	var key [2]uint64
	for l := range L {
		t.arena[l] = uint16(l)
		key[0] += t.hash[l][0]
		key[1] += t.hash[l][1]
	}
	t.work, t.over, t.depth = 0, false, 0
	t.all = resize(t.all, U)
	for u := range U {
		t.all[u] = int32(u)
	}
	var top treeScan
	t.scan(t.arena[:L], key, &top, t.all, false)
	best, val, _ := t.value(t.arena[:L], key, &top, -1)
	if t.over || best < 0 {
		return -1, 0, false
	}
	return best, val, true
}

// scan fills sc for the position s, whose key is key, looking at the
// given cells only: its value when the memo has it (and useMemo) or it is
// won, else its free cell or its candidates and a bound on its value.
func (t *gameTree) scan(s []uint16, key [2]uint64, sc *treeScan, cells []int32, useMemo bool) {
	n := len(s)
	sc.known, sc.free, sc.cands, sc.active = false, -1, sc.cands[:0], sc.active[:0]
	if n <= 1 {
		sc.known, sc.val, sc.ub = true, 1, 1
		return
	}
	bound := 1.0
	if m, ok := t.memo[key]; ok && useMemo {
		if m.exact {
			sc.known, sc.val, sc.ub = true, m.v, m.v
			return
		}
		bound = m.v
	}
	L := t.n
	t.work += n * len(cells)
	if t.work > t.budget {
		t.over = true
		return
	}
	dead := t.dead[:0]
	mostSafe := 0
	for k, u32 := range cells {
		u := int(u32)
		row := t.out[u*L : (u+1)*L]
		var cnt [outMine + 1]int32
		for _, l := range s {
			cnt[row[l]]++
		}
		mines := int(cnt[outMine])
		if mines == n {
			continue
		}
		classes := 0
		for _, c := range cnt[:outMine] {
			if c > 0 {
				classes++
			}
		}
		switch {
		case classes > 1 && mines == 0:
			// Free information: as good as any move. The cells not yet
			// looked at may be active.
			sc.free, sc.ub = u, bound
			sc.active = append(sc.active, cells[k:]...)
			t.dead = dead
			return
		case classes > 1:
			sc.cands = append(sc.cands, treeCand{u, mines})
		case mines > 0:
			dead = append(dead, treeCand{u, mines})
		default:
			continue // safe, and tells nothing
		}
		sc.active = append(sc.active, u32)
		mostSafe = max(mostSafe, n-mines)
	}
	if len(sc.cands) == 0 {
		sc.cands = append(sc.cands, dead...)
	}
	t.dead = dead
	slices.SortStableFunc(sc.cands, func(a, b treeCand) int { return cmp.Compare(a.mines, b.mines) })
	sc.ub = min(bound, float64(mostSafe)/float64(n))
}

// value returns the best cell to open on the position s, scanned in sc,
// and the chance to win with it; the cell is -1 when the value was known.
// With need at least 0 the caller wants the value only if it exceeds
// need: once it cannot, value stops and returns need, not exact.
func (t *gameTree) value(s []uint16, key [2]uint64, sc *treeScan, need float64) (u int, v float64, exact bool) {
	if sc.known || t.over {
		return -1, sc.val, true
	}
	if need >= 0 && sc.ub <= need+treeEps {
		return -1, need, false
	}
	t.depth++
	defer func() { t.depth-- }()
	if sc.free >= 0 {
		v := t.split(s, sc.free, need, sc.active)
		if need >= 0 && v <= need+treeEps {
			t.remember(key, need, false)
			return -1, need, false
		}
		t.remember(key, v, true)
		return sc.free, v, true
	}
	n := float64(len(s))
	bestU, bestV := -1, max(need, 0)
	for _, c := range sc.cands {
		if n-float64(c.mines) <= (bestV+treeEps)*n {
			break
		}
		v := t.split(s, c.u, bestV, sc.active)
		if t.over {
			return -1, 0, true
		}
		if v > bestV+treeEps {
			bestU, bestV = c.u, v
		}
	}
	if bestU < 0 && need >= 0 {
		t.remember(key, need, false)
		return -1, need, false
	}
	t.remember(key, bestV, true)
	return bestU, bestV, true
}

// remember keeps the value of the position whose key is key, or, when not
// exact, a bound it does not exceed.
func (t *gameTree) remember(key [2]uint64, v float64, exact bool) {
	if t.over {
		return
	}
	if m, ok := t.memo[key]; ok && !exact && (m.exact || m.v <= v) {
		return
	}
	t.memo[key] = treeValue{v, exact}
}

// split returns the chance to win by opening cell u on the position s and
// playing perfectly after: the mean over the numbers it may show of the
// value of the position each leaves. With alpha at least 0, once that
// chance cannot exceed alpha it stops and returns a value at most alpha.
// The positions it leads to are scanned over the given cells.
func (t *gameTree) split(s []uint16, u int, alpha float64, cells []int32) float64 {
	n := len(s)
	row := t.out[u*t.n : (u+1)*t.n]
	var cnt [outMine + 1]int32
	for _, l := range s {
		cnt[row[l]]++
	}
	// Lay the layouts out by number, each number's run after the last.
	start := len(t.arena)
	t.arena = slices.Grow(t.arena, n)[:start+n]
	var at [outMine + 1]int32
	var keys [outMine][2]uint64
	pos := int32(start)
	for v := range outMine {
		at[v] = pos
		pos += cnt[v]
	}
	for _, l := range s {
		v := row[l]
		if v == outMine {
			continue
		}
		t.arena[at[v]] = l
		at[v]++
		keys[v][0] += t.hash[l][0]
		keys[v][1] += t.hash[l][1]
	}
	arena := t.arena
	defer func() { t.arena = t.arena[:start] }()
	// The numbers shown most often first: they settle the value soonest.
	var order [outMine]int
	k := 0
	for v := range outMine {
		if cnt[v] > 0 {
			order[k] = v
			k++
		}
	}
	slices.SortStableFunc(order[:k], func(a, b int) int { return cmp.Compare(cnt[b], cnt[a]) })
	for len(t.scans) <= t.depth {
		t.scans = append(t.scans, make([]treeScan, outMine))
	}
	scans := t.scans[t.depth]
	child := func(v int) []uint16 { return arena[at[v]-cnt[v] : at[v]] }
	// A bound on the chance to win from each position's bound, made exact
	// position by position.
	bound := 0.0
	for j, v := range order[:k] {
		t.scan(child(v), keys[v], &scans[j], cells, true)
		if t.over {
			return 0
		}
		bound += float64(cnt[v]) * scans[j].ub
	}
	limit := (alpha + treeEps) * float64(n)
	for j, v := range order[:k] {
		if alpha >= 0 && bound <= limit {
			return alpha
		}
		sc := &scans[j]
		if sc.known {
			continue
		}
		c := float64(cnt[v])
		// The value the position must exceed for u to beat alpha.
		need := -1.0
		if alpha >= 0 {
			need = max((limit-(bound-c*sc.ub))/c, -1)
		}
		_, w, exact := t.value(child(v), keys[v], sc, need)
		if t.over {
			return 0
		}
		if !exact {
			return alpha // it does not exceed need: u cannot beat alpha
		}
		bound += c * (w - sc.ub)
	}
	if alpha >= 0 && bound <= limit {
		return alpha
	}
	return bound / float64(n)
}

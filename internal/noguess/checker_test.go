package noguess_test

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// This file holds its own logic player, written apart from the generator
// and from the solver package, so that the generator is judged by code that
// shares none of its mistakes. The player sees what a person sees: the open
// numbers, the mines it has proved, and the total mine count. It makes only
// certain deductions: a cell is opened when no layout that fits the view
// puts a mine there, and proved a mine when none leaves it safe.

// The states of a cell as the player knows it.
const (
	closed uint8 = iota
	opened
	proved // a mine the player has proved
)

// player plays one board by certain deductions.
type player struct {
	w, h     int
	mine     []bool
	count    []int   // mines around each cell
	nb       [][]int // neighbours of each cell
	state    []uint8
	mines    int
	safeLeft int  // safe cells still closed
	useCount bool // whether the player uses the total mine count
	rng      *rand.Rand
	fault    error // a deduction the layout disproves: a bug in the player
}

// newPlayer returns a player for the w by h board with the given mines.
func newPlayer(w, h int, mines []board.Point) *player {
	n := w * h
	p := &player{
		w: w, h: h,
		mine:     make([]bool, n),
		count:    make([]int, n),
		nb:       make([][]int, n),
		state:    make([]uint8, n),
		mines:    len(mines),
		safeLeft: n - len(mines),
		useCount: true,
		rng:      rand.New(rand.NewPCG(1, 2)),
	}
	for i := range n {
		p.nb[i] = slices.Collect(board.Neighbours(w, h, i))
	}
	for _, m := range mines {
		p.mine[m.Y*w+m.X] = true
	}
	for i := range n {
		for _, j := range p.nb[i] {
			if p.mine[j] {
				p.count[i]++
			}
		}
	}
	return p
}

// play opens first, then deduces until every safe cell is open or nothing
// more is certain. It reports whether every safe cell was opened; an error
// means the player itself is wrong.
func (p *player) play(first board.Point) (bool, error) {
	p.reveal(first.Y*p.w + first.X)
	for p.fault == nil && p.safeLeft > 0 {
		if p.single() {
			continue
		}
		if !p.exact() {
			break
		}
	}
	return p.fault == nil && p.safeLeft == 0, p.fault
}

// reveal opens cell i and, from a zero, its neighbours and theirs.
func (p *player) reveal(i int) {
	if p.mine[i] {
		p.fail("opened the mine at %d,%d", i%p.w, i/p.w)
		return
	}
	stack := []int{i}
	p.state[i] = opened
	p.safeLeft--
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if p.count[c] != 0 {
			continue
		}
		for _, j := range p.nb[c] {
			if p.state[j] == closed {
				p.state[j] = opened
				p.safeLeft--
				stack = append(stack, j)
			}
		}
	}
}

// prove records that cell i holds a mine.
func (p *player) prove(i int) {
	if !p.mine[i] {
		p.fail("proved a mine at %d,%d, which is safe", i%p.w, i/p.w)
		return
	}
	p.state[i] = proved
}

// fail records the first fault of the player, with the view it had.
func (p *player) fail(format string, args ...any) {
	if p.fault == nil {
		p.fault = fmt.Errorf("checker fault: "+format+"\n%s", append(args, p)...)
	}
}

// single applies the rule of one number, once over the board: a number
// with all its mines proved frees its other closed neighbours, and one with
// as many closed neighbours as mines still hidden has them all as mines.
// The exact analysis would find the same; this only saves it time. It
// reports whether it changed anything.
func (p *player) single() bool {
	progress := false
	for c, st := range p.state {
		if st != opened {
			continue
		}
		shut, found := 0, 0
		for _, j := range p.nb[c] {
			switch p.state[j] {
			case closed:
				shut++
			case proved:
				found++
			}
		}
		need := p.count[c] - found
		if shut == 0 || need != 0 && need != shut {
			continue
		}
		progress = true
		for _, j := range p.nb[c] {
			switch {
			case p.state[j] != closed:
			case need == 0:
				p.reveal(j)
			default:
				p.prove(j)
			}
		}
	}
	return progress
}

// constraint is an open number: need mines among the cells at pos.
type constraint struct {
	need int
	pos  []int // positions in the group's search order
}

// group is one connected part of the frontier: closed cells next to open
// numbers, linked when a number sees both.
type group struct {
	cells []int // board cells, in search order
	cons  []constraint
	at    [][]int // at[k]: the constraints that see cells[k]
	after [][]int // after[k][j]: cells of constraint at[k][j] after position k
	live  [][]int // live[k]: the constraints with a cell at position k or later
	base  map[string][]bool
	buf   []byte
}

// fixing forces the cell at position pos to val in a search; pos -1 forces
// nothing.
type fixing struct{ pos, val int }

// counts returns the mine counts, in cells[k:], of the assignments of
// cells[k:] that satisfy every constraint given the residual needs res,
// as a set: counts(...)[c] reports whether c mines are possible. Results
// are kept in memo by position and the residuals that still matter; those
// past fix.pos do not depend on fix and are shared in g.base.
func (g *group) counts(k int, res []int, fix fixing, memo map[string][]bool) []bool {
	if k == len(g.cells) {
		return []bool{true}
	}
	m := memo
	if k > fix.pos {
		m = g.base
	}
	key := g.key(k, res)
	if s, ok := m[key]; ok {
		return s
	}
	out := make([]bool, len(g.cells)-k+1)
	for v := range 2 {
		if k == fix.pos && v != fix.val || !g.fits(k, res, v) {
			continue
		}
		g.take(k, res, v)
		sub := g.counts(k+1, res, fix, memo)
		g.take(k, res, -v)
		for c, ok := range sub {
			out[c+v] = out[c+v] || ok
		}
	}
	m[key] = out
	return out
}

// key is the memo key of position k with residuals res: only the
// constraints still live at k shape what follows.
func (g *group) key(k int, res []int) string {
	g.buf = binary.AppendUvarint(g.buf[:0], uint64(k))
	for _, c := range g.live[k] {
		g.buf = append(g.buf, byte(res[c]))
	}
	return string(g.buf)
}

// fits reports whether value v (1 a mine) at position k leaves every
// constraint that sees it satisfiable by the cells after k.
func (g *group) fits(k int, res []int, v int) bool {
	for j, c := range g.at[k] {
		if r := res[c] - v; r < 0 || r > g.after[k][j] {
			return false
		}
	}
	return true
}

// take subtracts v from the residual of each constraint that sees
// position k.
func (g *group) take(k int, res []int, v int) {
	for _, c := range g.at[k] {
		res[c] -= v
	}
}

// needs returns a fresh copy of the constraints' needs.
func (g *group) needs() []int {
	res := make([]int, len(g.cons))
	for c, con := range g.cons {
		res[c] = con.need
	}
	return res
}

// witness returns one assignment, as a value a position, whose mine count
// lies in allowed, choosing at random where both values can go on; g.base
// must hold the unforced counts.
func (g *group) witness(rng *rand.Rand, allowed []bool) []int {
	res := g.needs()
	vals := make([]int, len(g.cells))
	mines := 0
	for k := range g.cells {
		var can []int
		for v := range 2 {
			if !g.fits(k, res, v) {
				continue
			}
			g.take(k, res, v)
			sub := []bool{true}
			if k+1 < len(g.cells) {
				sub = g.base[g.key(k+1, res)]
			}
			g.take(k, res, -v)
			for c, ok := range sub {
				if ok && allowed[mines+v+c] {
					can = append(can, v)
					break
				}
			}
		}
		v := can[rng.IntN(len(can))] // the caller made sure there is one
		vals[k] = v
		mines += v
		g.take(k, res, v)
	}
	return vals
}

// newGroup gathers the frontier group that holds cell start; in marks
// each cell's group index, -1 for none yet.
func (p *player) newGroup(start int, in []int, index int) *group {
	g := &group{base: map[string][]bool{}}
	pos := map[int]int{}
	in[start] = index
	g.cells = append(g.cells, start)
	seen := map[int]bool{} // the numbers gathered
	for q := 0; q < len(g.cells); q++ {
		for _, o := range p.nb[g.cells[q]] {
			if p.state[o] != opened || seen[o] {
				continue
			}
			seen[o] = true
			for _, j := range p.nb[o] {
				if p.state[j] == closed && in[j] < 0 {
					in[j] = index
					g.cells = append(g.cells, j)
				}
			}
		}
	}
	for k, c := range g.cells {
		pos[c] = k
	}
	g.at = make([][]int, len(g.cells))
	g.after = make([][]int, len(g.cells))
	g.live = make([][]int, len(g.cells))
	numbers := make([]int, 0, len(seen))
	for o := range seen {
		numbers = append(numbers, o)
	}
	slices.Sort(numbers) // a fixed order: maps iterate at random
	for _, o := range numbers {
		con := constraint{need: p.count[o]}
		for _, j := range p.nb[o] {
			switch p.state[j] {
			case proved:
				con.need--
			case closed:
				con.pos = append(con.pos, pos[j])
			}
		}
		slices.Sort(con.pos)
		c := len(g.cons)
		g.cons = append(g.cons, con)
		for i, k := range con.pos {
			g.at[k] = append(g.at[k], c)
			g.after[k] = append(g.after[k], len(con.pos)-1-i)
		}
		for k := 0; k <= con.pos[len(con.pos)-1]; k++ {
			g.live[k] = append(g.live[k], c)
		}
	}
	return g
}

// sumset returns the set of sums a+b, a in x, b in y.
func sumset(x, y []bool) []bool {
	out := make([]bool, len(x)+len(y)-1)
	for a, okA := range x {
		if !okA {
			continue
		}
		for b, okB := range y {
			if okB {
				out[a+b] = true
			}
		}
	}
	return out
}

// exact decides, for every closed cell, whether some layout that fits the
// view puts a mine there and whether some leaves it safe, and opens or
// proves the cells for which only one is possible. Each group's possible
// mine counts come from an exhaustive (memoized) search; the total count
// couples the groups and the cells outside the frontier, which may hold
// any number of the mines left up to their number. It reports whether it
// changed anything.
func (p *player) exact() bool {
	n := p.w * p.h
	in := make([]int, n)
	for i := range in {
		in[i] = -1
	}
	left := p.mines
	for _, st := range p.state {
		if st == proved {
			left--
		}
	}
	var groups []*group
	var outside []int
	for i, st := range p.state {
		if st != closed || in[i] >= 0 {
			continue
		}
		front := false
		for _, j := range p.nb[i] {
			front = front || p.state[j] == opened
		}
		if front {
			groups = append(groups, p.newGroup(i, in, len(groups)))
		} else {
			outside = append(outside, i)
		}
	}
	// sets[i]: the possible mine counts of group i; pre and suf: of the
	// groups before i and from i on.
	sets := make([][]bool, len(groups))
	pre := [][]bool{{true}}
	for i, g := range groups {
		sets[i] = g.counts(0, g.needs(), fixing{pos: -1}, g.base)
		pre = append(pre, sumset(pre[i], sets[i]))
	}
	suf := make([][]bool, len(groups)+1)
	suf[len(groups)] = []bool{true}
	for i := len(groups) - 1; i >= 0; i-- {
		suf[i] = sumset(sets[i], suf[i+1])
	}
	// A layout fits when the mines outside the frontier number from 0 to
	// len(outside): the frontier holds from lo to hi of them.
	lo, hi := left-len(outside), left
	if !p.useCount {
		lo, hi = 0, n
	}
	var safe, mines []int
	for i, g := range groups {
		others := sumset(pre[i], suf[i+1])
		allowed := make([]bool, len(g.cells)+1)
		for a := range allowed {
			for b, ok := range others {
				if ok && lo <= a+b && a+b <= hi {
					allowed[a] = true
					break
				}
			}
		}
		if !meets(sets[i], allowed) {
			p.fail("no layout fits the view")
			return false
		}
		// Witnesses show values possible cheaply; a forced search settles
		// the rest.
		seen := make([][2]bool, len(g.cells))
		for range 8 {
			for k, v := range g.witness(p.rng, allowed) {
				seen[k][v] = true
			}
		}
		for k, c := range g.cells {
			for v := range 2 {
				if seen[k][v] {
					continue
				}
				forced := g.counts(0, g.needs(), fixing{pos: k, val: v}, map[string][]bool{})
				if meets(forced, allowed) {
					seen[k][v] = true
				}
			}
			switch {
			case !seen[k][1]:
				safe = append(safe, c)
			case !seen[k][0]:
				mines = append(mines, c)
			}
		}
	}
	// The cells outside the frontier are alike: a mine can be there when
	// the frontier can leave 1 to len(outside) mines for them, and a safe
	// cell when it can leave 0 to len(outside)-1.
	if p.useCount && len(outside) > 0 {
		mineThere, safeThere := false, false
		for t, ok := range pre[len(groups)] {
			if ok && left-t >= 1 && left-t <= len(outside) {
				mineThere = true
			}
			if ok && left-t >= 0 && left-t <= len(outside)-1 {
				safeThere = true
			}
		}
		switch {
		case !mineThere:
			safe = append(safe, outside...)
		case !safeThere:
			mines = append(mines, outside...)
		}
	}
	for _, c := range mines {
		p.prove(c)
	}
	for _, c := range safe {
		if p.state[c] == closed { // a flood may have opened it
			p.reveal(c)
		}
	}
	return len(safe)+len(mines) > 0
}

// meets reports whether the sets x and y share an element.
func meets(x, y []bool) bool {
	for i := range min(len(x), len(y)) {
		if x[i] && y[i] {
			return true
		}
	}
	return false
}

// String draws the board as the player sees it, with the truth under the
// closed cells: '0'-'8' open, 'F' a proved mine, '*' a closed mine, '#' a
// closed safe cell.
func (p *player) String() string {
	var b strings.Builder
	for i, st := range p.state {
		switch {
		case st == opened:
			b.WriteByte(byte('0' + p.count[i]))
		case st == proved:
			b.WriteByte('F')
		case p.mine[i]:
			b.WriteByte('*')
		default:
			b.WriteByte('#')
		}
		if i%p.w == p.w-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// noGuess reports whether a player who deduces only certain cells, the
// total mine count included, opens every safe cell of the w by h board
// with mines when first is opened first; when not, it returns where the
// player was stuck.
func noGuess(w, h int, mines []board.Point, first board.Point) (bool, string, error) {
	p := newPlayer(w, h, mines)
	ok, err := p.play(first)
	return ok, p.String(), err
}

func TestCheckerTinyBoards(t *testing.T) {
	tests := []struct {
		name     string
		layout   string
		first    board.Point
		useCount bool
		want     bool
	}{
		{"no mines", `
			...
			...
			...`, board.Point{X: 1, Y: 1}, true, true},
		{"cleared by the opening", `
			.....
			.....
			.....
			.....
			....*`, board.Point{X: 0, Y: 0}, true, true},
		{"a 50/50 at the end of a corridor", `
			..
			..
			..
			..
			*.`, board.Point{X: 0, Y: 0}, true, false},
		{"a 50/50 with the count", `
			.
			.
			*
			.
			*`, board.Point{X: 0, Y: 0}, true, false},
		// The 1 proves the mine below it; only the count says that the
		// two cells past it are safe.
		{"the count clears a strip", `
			.
			.
			*
			.
			.`, board.Point{X: 0, Y: 0}, true, true},
		{"the strip needs the count", `
			.
			.
			*
			.
			.`, board.Point{X: 0, Y: 0}, false, false},
		{"every closed cell is a mine", `
			.
			.
			*
			*
			*`, board.Point{X: 0, Y: 0}, true, true},
		// The 1s prove the middle mine of column 2 and free the cells
		// above and below it; then each 2 sees one mine in column 3 next
		// to it, which is the middle cell, or both the others: one mine
		// left says which.
		{"the count picks between two layouts", `
			....
			..**
			....`, board.Point{X: 0, Y: 0}, true, true},
		{"two layouts without the count", `
			....
			..**
			....`, board.Point{X: 0, Y: 0}, false, false},
		{"solved by the numbers", `
			.....
			.....
			..*..
			.....
			*...*`, board.Point{X: 0, Y: 0}, true, true},
		// Behind the wall, one mine among three cells that no number sees.
		{"a wall of mines hides a guess", `
			...*.
			...*.
			...**`, board.Point{X: 0, Y: 1}, true, false},
		{"the count opens the cells behind a wall", `
			...*.
			...*.
			...*.`, board.Point{X: 0, Y: 1}, true, true},
		{"the cells behind a wall need the count", `
			...*.
			...*.
			...*.`, board.Point{X: 0, Y: 1}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := board.Parse(tt.layout)
			if err != nil {
				t.Fatal(err)
			}
			p := newPlayer(b.Width(), b.Height(), b.Layout())
			p.useCount = tt.useCount
			got, err := p.play(tt.first)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("play(%v) = %v; want %v; the player stopped at\n%s", tt.first, got, tt.want, p)
			}
		})
	}
}

// enumerate is the slow player: at each step it lists every way to lay
// the mines left in the closed cells, keeps those that fit the open
// numbers, and opens or proves the cells that are the same in all of them.
// It returns the cells it opened (see player.opened).
func enumerate(w, h int, mines []board.Point, first board.Point) (string, error) {
	p := newPlayer(w, h, mines)
	p.reveal(first.Y*w + first.X)
	for p.fault == nil && p.safeLeft > 0 {
		var shut []int
		left := p.mines
		for i, st := range p.state {
			switch st {
			case closed:
				shut = append(shut, i)
			case proved:
				left--
			}
		}
		mineThere := make([]bool, len(shut))
		safeThere := make([]bool, len(shut))
		try := make([]bool, w*h) // a layout of the closed cells
		for mask := range 1 << len(shut) {
			if bits.OnesCount(uint(mask)) != left {
				continue
			}
			for k, i := range shut {
				try[i] = mask>>k&1 != 0
			}
			if !p.fits(try) {
				continue
			}
			for k, i := range shut {
				mineThere[k] = mineThere[k] || try[i]
				safeThere[k] = safeThere[k] || !try[i]
			}
		}
		progress := false
		for k, i := range shut {
			switch {
			case p.state[i] != closed:
			case !mineThere[k]:
				p.reveal(i)
				progress = true
			case !safeThere[k]:
				p.prove(i)
				progress = true
			}
		}
		if !progress {
			break
		}
	}
	return p.opened(), p.fault
}

// opened draws the cells the player opened as 'o', the others as '#'.
func (p *player) opened() string {
	var b strings.Builder
	for i, st := range p.state {
		b.WriteByte("#o#"[st])
		if i%p.w == p.w-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// fits reports whether the closed cells laid as try agree with every open
// number.
func (p *player) fits(try []bool) bool {
	for c, st := range p.state {
		if st != opened {
			continue
		}
		n := 0
		for _, j := range p.nb[c] {
			if p.state[j] == proved || p.state[j] == closed && try[j] {
				n++
			}
		}
		if n != p.count[c] {
			return false
		}
	}
	return true
}

// TestCheckerAgainstEnumeration plays random small boards, laid here and
// not by the generator, with the player and with the slow one that lists
// every layout; both deduce every certain cell, so both must open the
// same cells.
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestCheckerAgainstEnumeration(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, slow under -race: run without it, in make test's second pass")
	}
	rng := rand.New(rand.NewPCG(7, 7))
	boards := 2000
	if testing.Short() {
		boards = 500
	}
	for n := range boards {
		// At most 20 cells: the first click opens at least 4, so at most
		// 2^16 layouts to list.
		w, h := 2+rng.IntN(4), 2+rng.IntN(4)
		if w*h > 20 {
			h = 20 / w
		}
		first := board.Point{X: rng.IntN(w), Y: rng.IntN(h)}
		var free []board.Point
		for y := range h {
			for x := range w {
				if abs(x-first.X) > 1 || abs(y-first.Y) > 1 {
					free = append(free, board.Point{X: x, Y: y})
				}
			}
		}
		rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
		mines := free[:rng.IntN(len(free)+1)]
		want, err := enumerate(w, h, mines, first)
		if err != nil {
			t.Fatalf("board %d: enumerate: %v", n, err)
		}
		p := newPlayer(w, h, mines)
		if _, err := p.play(first); err != nil {
			t.Fatalf("board %d: %v", n, err)
		}
		if got := p.opened(); got != want {
			t.Errorf("board %d, %dx%d, mines %v, first %v: the player opens\n%s\nwant\n%s\nit stops at\n%s", n, w, h, mines, first, got, want, p)
		}
	}
}

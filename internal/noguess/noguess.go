// Package noguess lays the mines of boards that logic alone clears: from
// the first click, which opens an area, every safe cell can be found by
// certain deductions on what a player sees, the total mine count included,
// so the game never asks for a guess.
//
// # How a board is made
//
// A board is drawn at random, as any other, and played by logic from the
// first click: single numbers first, then pairs of numbers up to two cells
// apart, both on the numbers that changed, and, when they are stuck, the
// solver's exact analysis of the whole view (solver.Deducer), which keeps
// the groups of cells it enumerated between calls, so each call pays for
// what changed. A board that logic clears is kept: up to a
// number of draws that depends on the board (see Plan), the boards made
// are exactly the random boards that logic clears, each as likely as any
// other.
//
// Past those draws, a board is repaired rather than drawn again, after the
// mineperturb of Simon Tatham's Mines: when logic is stuck, the closed
// cells around an open number all become safe or all mines, trading with
// cells that no number touches, so the count stays (see perturb); the
// counts around them are updated and logic goes on from where it stopped.
// A change can make an earlier deduction fail, since the numbers it read
// have changed, so a repaired board is played again from its first click,
// and kept only once a play clears it without a repair.
//
// A board with more mines than MaxMines allows, or more cells than
// MaxCells, is refused at once with an error that names the limit:
// repairs would take too long there.
package noguess

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// ErrTooDense refuses a no-guess board with more mines than MaxMines
// allows for its size.
var ErrTooDense = errors.New("too many mines for a no-guess board")

// ErrTooLarge refuses a no-guess board of more than MaxCells cells.
var ErrTooLarge = errors.New("board too large for a no-guess board")

// errGaveUp is returned if no board was found within maxDraws draws, which
// MaxMines is chosen to make unreachable.
var errGaveUp = errors.New("no no-guess board found")

// MaxMines returns the most mines a width by height no-guess board may
// hold: a share of its cells that falls as the board grows, where repairs
// cost more each and more of them are needed, and is lower on long narrow
// boards, whose corridors leave little room to repair. A board two cells
// wide holds none: the two cells of a row touch the same numbers of the
// row before, so a row with one mine is a guess. It is 0 on boards larger
// than MaxCells. The shares keep the time to lay a board well under a
// second on this project's machine (see the package benchmarks) and were
// checked on every start cell of small and narrow boards.
func MaxMines(width, height int) int {
	area := width * height
	short, long := min(width, height), max(width, height)
	if short == 2 {
		return 0
	}
	for _, d := range densest {
		if area > d.cells {
			continue
		}
		p := d.percent
		if short == 3 {
			p = min(p, 25)
		}
		if long > 32 {
			p = min(p, 30)
		}
		return min(area*p/100, board.MaxMines(width, height, board.Opening))
	}
	return 0
}

// MaxCells is the largest no-guess board.
const MaxCells = 1 << 22

// densest is the highest density, in percent, of no-guess boards up to a
// number of cells.
var densest = []struct{ cells, percent int }{
	{2048, 40},
	{4096, 30},
	{16384, 25},
	{65536, 20},
	{262144, 15},
	{1 << 20, 10},
	{MaxCells, 5},
}

// Check returns nil when s can be laid by Layout: valid settings (see
// board.Settings.Check) with no more mines than MaxMines allows.
func Check(s board.Settings) error {
	if err := s.Check(); err != nil {
		return err
	}
	if s.Rule != board.Opening {
		return board.ErrNoGuessRule
	}
	if area := s.Cells(); area > MaxCells {
		return fmt.Errorf("%w: no-guess boards have at most %d cells, not %d (%dx%d)",
			ErrTooLarge, MaxCells, area, s.Width, s.Height)
	}
	if limit := MaxMines(s.Width, s.Height); s.Mines > limit {
		return fmt.Errorf("%w: %dx%d holds at most %d mines (%.1f%%) without a guess, not %d",
			ErrTooDense, s.Width, s.Height, limit, 100*float64(limit)/float64(s.Cells()), s.Mines)
	}
	return nil
}

// Layout is the board.Layout of no-guess boards: it returns the mines of a
// board that logic clears when first is opened first. It draws from rng
// alone, so the same settings, first cell and random stream give the same
// board.
func Layout(s board.Settings, first board.Point, rng *rand.Rand) ([]board.Point, error) {
	mines, _, err := Generate(s, first, rng)
	return mines, err
}

// Stats says how a board was made.
type Stats struct {
	Draws    int // random boards drawn, the kept one included
	Repaired bool
	Repairs  int // mines moved, over every draw
	Plays    int // plays of a board by logic, from its first click
	Exact    int // exact analyses of the whole view
}

// Generate is Layout, and says how the board was made.
func Generate(s board.Settings, first board.Point, rng *rand.Rand) ([]board.Point, Stats, error) {
	var st Stats
	if err := Check(s); err != nil {
		return nil, st, err
	}
	if first.X < 0 || first.X >= s.Width || first.Y < 0 || first.Y >= s.Height {
		return nil, st, fmt.Errorf("first click %v: %w", first, board.ErrOutOfBounds)
	}
	if rng == nil {
		return nil, st, errors.New("a no-guess board needs a random source")
	}
	g := newGenerator(s, first)
	plan := PlanFor(s)
	random := s
	random.NoGuess = false
	for st.Draws < maxDraws && st.Plays < maxTotalPlays {
		st.Draws++
		b, err := board.Generate(random, first, nil, rng)
		if err != nil {
			return nil, st, err
		}
		g.load(b)
		repair := st.Draws > plan.Draws
		ok, err := g.clear(rng, repair, &st)
		if err != nil {
			return nil, st, err
		}
		if ok {
			st.Repaired = repair && st.Repairs > 0
			return g.layout(), st, nil
		}
	}
	return nil, st, fmt.Errorf("%v: %w after %d draws", s, errGaveUp, st.Draws)
}

// maxDraws and maxTotalPlays bound the work on one board; see errGaveUp.
const (
	maxDraws      = 10000
	maxTotalPlays = 200
)

// Plan is how Generate makes a kind of board: Draws boards are drawn and
// kept only if logic clears them as drawn, and then each next draw is
// repaired, with at most Repairs mines moved before it is given up for
// another.
type Plan struct {
	Draws   int
	Repairs int
}

// PlanFor returns the plan for boards of settings s. Drawing keeps every
// no-guess board equally likely; it pays on boards where a fair share of
// draws can be cleared by logic, and only there: the budget of draws falls
// as the density rises and as the board grows, since both make a board
// that needs no guess rarer. The figures were measured on the boards of
// the package benchmarks.
func PlanFor(s board.Settings) Plan {
	area := max(s.Cells(), 1)
	density := float64(s.Mines) / float64(area)
	p := Plan{Repairs: 4*area + 100}
	switch {
	case density < 0.13:
		p.Draws = 60
	case density < 0.17:
		p.Draws = 40
	case density < 0.22:
		p.Draws = 25
	default:
		p.Draws = 0
	}
	if area > 2000 {
		p.Draws = 0
	}
	return p
}

// The states of a cell as logic knows it.
const (
	unknown uint8 = iota
	opened
	flagged // known to hold a mine
)

// generator plays one board by logic and repairs it. Its memory is reused
// between draws.
type generator struct {
	s        board.Settings
	w, h     int
	first    int
	mine     []bool
	count    []uint8 // mines around each cell
	state    []uint8
	tiles    []board.Tile
	queue    []int32 // open numbers to look at again
	inQ      []bool
	pairQ    []int32 // open numbers that single left unsettled
	inPair   []bool
	nbA, nbB []int32 // pair's scratch
	left     int     // safe cells still closed
	ded      *solver.Deducer

	safe, mines []int   // the deducer's answers
	front       []int32 // perturb's scratch: closed cells next to a number
	outMine     []int32 // closed mines next to no number
	outSafe     []int32 // closed safe cells next to no number
	stack       []int32 // flood opening
}

func newGenerator(s board.Settings, first board.Point) *generator {
	n := s.Cells()
	return &generator{
		s: s, w: s.Width, h: s.Height, first: first.Y*s.Width + first.X,
		mine:   make([]bool, n),
		count:  make([]uint8, n),
		state:  make([]uint8, n),
		tiles:  make([]board.Tile, n),
		inQ:    make([]bool, n),
		inPair: make([]bool, n),
		ded:    solver.NewDeducer(),
	}
}

// load takes the mines of the laid board b.
func (g *generator) load(b *board.Board) {
	clear(g.mine)
	clear(g.count)
	for _, p := range b.Layout() {
		i := p.Y*g.w + p.X
		g.mine[i] = true
		for j := range board.Neighbours(g.w, g.h, i) {
			g.count[j]++
		}
	}
}

// layout returns the mines.
func (g *generator) layout() []board.Point {
	mines := make([]board.Point, 0, g.s.Mines)
	for i, m := range g.mine {
		if m {
			mines = append(mines, board.Point{X: i % g.w, Y: i / g.w})
		}
	}
	return mines
}

// clear plays the board by logic from the first click and reports whether
// logic clears it. With repair, a stuck play moves mines (see perturb) and
// goes on, and a board so repaired is played again from the start, until a
// play clears it unchanged; past the plan's repairs it gives up.
func (g *generator) clear(rng *rand.Rand, repair bool, st *Stats) (bool, error) {
	budget := PlanFor(g.s).Repairs
	for range maxPlays {
		st.Plays++
		before := st.Repairs
		ok, err := g.play(rng, repair, &budget, st)
		if err != nil || !ok {
			return false, err
		}
		if st.Repairs == before {
			return true, nil
		}
	}
	return false, nil
}

// maxPlays bounds the plays of one draw. Repairs seldom break an earlier
// deduction, and a second play nearly always clears the board unchanged;
// on dense boards a few draws would go on breaking and repairing for
// long, and are better drawn again.
const maxPlays = 6

// play runs logic once from the first click; see clear.
func (g *generator) play(rng *rand.Rand, repair bool, budget *int, st *Stats) (bool, error) {
	clear(g.state)
	clear(g.inQ)
	clear(g.inPair)
	g.queue, g.pairQ = g.queue[:0], g.pairQ[:0]
	g.left = len(g.mine) - g.s.Mines
	g.open(g.first)
	for {
		g.local()
		if g.left == 0 {
			return true, nil
		}
		st.Exact++
		progress, err := g.exact()
		if err != nil {
			return false, err
		}
		if progress {
			continue
		}
		if !repair || *budget <= 0 || !g.perturb(rng) {
			return false, nil
		}
		*budget--
		st.Repairs++
	}
}

// open opens safe cell i and, from a zero, its neighbours and theirs.
func (g *generator) open(i int) {
	g.stack = append(g.stack[:0], int32(i))
	g.state[i] = opened
	g.left--
	for len(g.stack) > 0 {
		c := int(g.stack[len(g.stack)-1])
		g.stack = g.stack[:len(g.stack)-1]
		g.touch(c)
		if g.count[c] != 0 {
			continue
		}
		for j := range board.Neighbours(g.w, g.h, c) {
			if g.state[j] == unknown {
				g.state[j] = opened
				g.left--
				g.stack = append(g.stack, int32(j))
			}
		}
	}
}

// touch queues cell c, if open, and its open neighbours: their closed
// neighbours changed.
func (g *generator) touch(c int) {
	g.push(c)
	for j := range board.Neighbours(g.w, g.h, c) {
		g.push(j)
	}
}

// push queues the open cell j.
func (g *generator) push(j int) {
	if g.state[j] == opened && !g.inQ[j] {
		g.inQ[j] = true
		g.queue = append(g.queue, int32(j))
	}
}

// local applies the rules of single numbers and pairs of numbers until
// none applies; see single and pair.
func (g *generator) local() {
	for {
		g.single()
		if len(g.pairQ) == 0 {
			return
		}
		c := int(g.pairQ[len(g.pairQ)-1])
		g.pairQ = g.pairQ[:len(g.pairQ)-1]
		g.inPair[c] = false
		if g.state[c] == opened {
			g.pair(c)
		}
	}
}

// single applies the rules of single numbers to the queued numbers until
// none applies: a number whose mines are all flagged frees its other
// closed neighbours, and one with as many closed neighbours as mines still
// hidden flags them all. A number neither rule settles waits for pair.
func (g *generator) single() {
	for len(g.queue) > 0 {
		c := int(g.queue[len(g.queue)-1])
		g.queue = g.queue[:len(g.queue)-1]
		g.inQ[c] = false
		closed, need := g.closedAround(c, g.nbA[:0])
		if len(closed) == 0 {
			continue
		}
		if need != 0 && need != len(closed) {
			if !g.inPair[c] {
				g.inPair[c] = true
				g.pairQ = append(g.pairQ, int32(c))
			}
			continue
		}
		for _, j := range closed {
			if g.state[j] != unknown {
				continue
			}
			if need == 0 {
				g.open(int(j))
			} else {
				g.flag(int(j))
			}
		}
	}
}

// closedAround appends to dst the closed neighbours of open cell c and
// returns them with the mines among them not yet flagged.
func (g *generator) closedAround(c int, dst []int32) ([]int32, int) {
	need := int(g.count[c])
	for j := range board.Neighbours(g.w, g.h, c) {
		switch g.state[j] {
		case unknown:
			dst = append(dst, int32(j))
		case flagged:
			need--
		}
	}
	return dst, need
}

// pair compares open number a with each open number b up to two cells
// away. With x the mines in the closed cells both touch, the numbers bound
// x from both sides; when the bounds leave the cells that only one of
// them touches no choice (no mine, or all mines), those cells are settled.
// It stops at the first pair that settles a cell, since the queue of
// single numbers then has work.
func (g *generator) pair(a int) {
	A, needA := g.closedAround(a, g.nbA[:0])
	g.nbA = A
	if len(A) == 0 {
		return
	}
	ax, ay := a%g.w, a/g.w
	for y := max(ay-2, 0); y <= min(ay+2, g.h-1); y++ {
		for x := max(ax-2, 0); x <= min(ax+2, g.w-1); x++ {
			b := y*g.w + x
			if b == a || g.state[b] != opened {
				continue
			}
			B, needB := g.closedAround(b, g.nbB[:0])
			g.nbB = B
			if len(B) == 0 {
				continue
			}
			both := 0
			for _, i := range A {
				if slices.Contains(B, i) {
					both++
				}
			}
			if both == 0 {
				continue
			}
			onlyA, onlyB := len(A)-both, len(B)-both
			xlo := max(0, needA-onlyA, needB-onlyB)
			xhi := min(needA, needB, both)
			if g.settle(A, B, onlyA, needA-xhi, needA-xlo) || g.settle(B, A, onlyB, needB-xhi, needB-xlo) {
				return
			}
		}
	}
}

// settle settles the cells of A that B does not hold, n of them, when
// they hold from lo to hi mines and that leaves no choice; it reports
// whether it settled any.
func (g *generator) settle(A, B []int32, n, lo, hi int) bool {
	if n == 0 || (hi != 0 && lo != n) {
		return false
	}
	for _, i := range A {
		if slices.Contains(B, i) || g.state[i] != unknown {
			continue
		}
		if hi == 0 {
			g.open(int(i))
		} else {
			g.flag(int(i))
		}
	}
	return true
}

// flag records that cell j holds a mine.
func (g *generator) flag(j int) {
	g.state[j] = flagged
	for k := range board.Neighbours(g.w, g.h, j) {
		g.push(k)
	}
}

// exact asks the solver for the certain cells of the view and records
// them; it reports whether it found any.
func (g *generator) exact() (bool, error) {
	for i, st := range g.state {
		if st == opened {
			g.tiles[i] = board.Tile(g.count[i])
		} else {
			g.tiles[i] = board.TileClosed
		}
	}
	var err error
	g.safe, g.mines, err = g.ded.Certain(g.w, g.h, g.s.Mines, g.tiles, g.safe[:0], g.mines[:0])
	if err != nil {
		return false, fmt.Errorf("no-guess generator: %w", err) // a fault of ours: the view is a true one
	}
	progress := false
	for _, i := range g.mines {
		if g.state[i] == unknown {
			g.flag(i)
			progress = true
		}
	}
	for _, i := range g.safe {
		if g.state[i] == unknown {
			g.open(i)
			progress = true
		}
	}
	return progress, nil
}

// perturb changes the mines around an open number, chosen at random among
// those next to a closed cell, so that a stuck play can go on: its closed
// neighbours all become safe, or all mines, and the number is then
// settled. The mines go to, or come from, closed cells that no number
// touches, chosen at random, so the count stays; with too few of those,
// closed cells next to other numbers take their place. Clearing is chosen
// with the chance of a safe cell among the neighbours, so that on average
// as many mines leave the numbers as come to them: repairs do not push the
// mines away from the first click. It reports whether it changed anything.
func (g *generator) perturb(rng *rand.Rand) bool {
	g.front, g.outMine, g.outSafe = g.front[:0], g.outMine[:0], g.outSafe[:0]
	nums := g.stack[:0]
	for i, st := range g.state {
		switch st {
		case unknown:
			next := false
			for j := range board.Neighbours(g.w, g.h, i) {
				next = next || g.state[j] == opened
			}
			switch {
			case next:
				g.front = append(g.front, int32(i))
			case g.mine[i]:
				g.outMine = append(g.outMine, int32(i))
			default:
				g.outSafe = append(g.outSafe, int32(i))
			}
		case opened:
			closed := false
			for j := range board.Neighbours(g.w, g.h, i) {
				closed = closed || g.state[j] == unknown
			}
			if closed {
				nums = append(nums, int32(i))
			}
		}
	}
	g.stack = nums
	if len(nums) == 0 {
		return g.breach(rng)
	}
	c := int(nums[rng.IntN(len(nums))])
	var set []int
	mines := 0
	for j := range board.Neighbours(g.w, g.h, c) {
		if g.state[j] == unknown {
			set = append(set, j)
			if g.mine[j] {
				mines++
			}
		}
	}
	// Clear with the chance of a safe cell in the set; fall back to the
	// other way when there is nothing to trade with.
	clearSet := rng.IntN(len(set)) >= mines
	for range 2 {
		if g.trade(rng, set, clearSet) {
			return true
		}
		clearSet = !clearSet
	}
	return false
}

// breach opens a way out of an open area walled in by known mines, with
// closed cells behind the wall: a mine of the wall, chosen at random
// among those next to a closed cell, becomes safe, and a closed cell that
// no number touches becomes a mine. The numbers beside the old mine then
// show it safe. It reports whether there was such a pair.
func (g *generator) breach(rng *rand.Rand) bool {
	if len(g.outSafe) == 0 {
		return false
	}
	wall := g.stack[:0]
	for i, st := range g.state {
		if st != flagged {
			continue
		}
		open, closed := false, false
		for j := range board.Neighbours(g.w, g.h, i) {
			open = open || g.state[j] == opened
			closed = closed || g.state[j] == unknown
		}
		if open && closed {
			wall = append(wall, int32(i))
		}
	}
	g.stack = wall
	if len(wall) == 0 {
		return false
	}
	c := int(wall[rng.IntN(len(wall))])
	g.state[c] = unknown
	g.flip(c)
	g.flip(int(g.outSafe[rng.IntN(len(g.outSafe))]))
	return true
}

// trade makes every cell of set safe (clearSet) or a mine, trading with
// closed cells of the other kind outside the numbers, or next to them
// when those run out; it reports whether there were enough to trade with,
// and changes nothing when not.
func (g *generator) trade(rng *rand.Rand, set []int, clearSet bool) bool {
	need := 0
	for _, j := range set {
		if g.mine[j] == clearSet {
			need++
		}
	}
	pool := g.outSafe
	if !clearSet {
		pool = g.outMine
	}
	var extra []int32
	if len(pool) < need {
		for _, j := range g.front {
			if g.mine[j] == clearSet || slices.Contains(set, int(j)) {
				continue
			}
			extra = append(extra, j)
		}
		if len(pool)+len(extra) < need {
			return false
		}
	}
	for _, j := range set {
		if g.mine[j] != clearSet {
			continue
		}
		g.flip(j)
		// Draw a partner without replacement: pool first, then extra.
		if len(pool) > 0 {
			k := rng.IntN(len(pool))
			g.flip(int(pool[k]))
			pool[k] = pool[len(pool)-1]
			pool = pool[:len(pool)-1]
			continue
		}
		k := rng.IntN(len(extra))
		g.flip(int(extra[k]))
		extra[k] = extra[len(extra)-1]
		extra = extra[:len(extra)-1]
	}
	return true
}

// flip changes cell i from mine to safe or back and updates the counts
// around it; the open numbers among them are looked at again.
func (g *generator) flip(i int) {
	g.mine[i] = !g.mine[i]
	for j := range board.Neighbours(g.w, g.h, i) {
		if g.mine[i] {
			g.count[j]++
		} else {
			g.count[j]--
		}
		g.push(j)
	}
}

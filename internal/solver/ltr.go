package solver

import (
	"math"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// A 50/50 that no opening can resolve forms where two closed cells hold one
// mine and every cell that sees one of them but not the other is a mine or
// off the board; likewise for a square of four cells holding two mines on a
// diagonal, walled at its four corners. Such a guess must be made sooner or
// later at even odds, so a cell that may end in one costs less to guess now
// than its chance of a mine says: DavidNHill's solver credits a cell with
// nine tenths of the chance that a 50/50 forms through it (its long-term
// risk). These are the shapes and that credit.

// tileGone marks, in a view the look-ahead builds, a cell taken to be a
// mine and taken off the board, its neighbours' numbers lowered by one: the
// analyser treats it as neither closed nor a number, so the layouts of that
// view are those of the first with the cell a mine (see minesChance).
const tileGone board.Tile = -100

const (
	// influenceScale is the share of the chance that a 50/50 forms
	// through a cell that the cell is credited with.
	influenceScale = 0.9
	// enablerMin is the least chance to form of a 50/50 a wall short of
	// being complete whose missing wall cell is credited with it too:
	// opening that cell also ends the risk.
	enablerMin = 0.025
	// maxMissing is the most wall cells not known to be mines that a
	// shape may have for a cell in it to be credited; the sweep that
	// credits the missing walls takes shapes with at most one.
	maxMissing = 3
)

// shapeKind is one of the shapes in which a 50/50 forms.
type shapeKind uint8

const (
	shapeAcross shapeKind = iota // two cells side by side
	shapeDown                    // two cells one above the other
	shapeSquare                  // four cells in a square
)

// shape returns, for the shape of kind whose top left cell is (x, y) on v,
// the cells taken as mines and as safe when its 50/50 forms (one way of
// the two, the shapes being symmetrical), and its walls not known to be
// mines. It reports false when a cell of it is off the board, open or
// certainly a mine, or a wall is open.
func (la *lookahead) shape(v *View, kind shapeKind, x, y int, mines, safes, missing []int) ([]int, []int, []int, bool) {
	an := la.an
	at := func(dx, dy int) int {
		if x+dx < 0 || x+dx >= v.width || y+dy < 0 || y+dy >= v.height {
			return -1
		}
		return (y+dy)*v.width + x + dx
	}
	// The shape's cells, those taken as mines first, and its walls.
	var cells []int
	var walls [][2]int
	nMines := 1
	switch kind {
	case shapeAcross:
		cells = []int{at(0, 0), at(1, 0)}
		walls = [][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {2, -1}, {2, 0}, {2, 1}}
	case shapeDown:
		cells = []int{at(0, 0), at(0, 1)}
		walls = [][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 2}, {0, 2}, {1, 2}}
	default:
		cells = []int{at(0, 0), at(1, 1), at(1, 0), at(0, 1)}
		walls = [][2]int{{-1, -1}, {2, -1}, {-1, 2}, {2, 2}}
		nMines = 2
	}
	for k, c := range cells {
		if c < 0 || v.tiles[c] >= 0 || an.certain[c] == certMine {
			return mines, safes, missing, false
		}
		if k < nMines {
			mines = append(mines, c)
		} else {
			safes = append(safes, c)
		}
	}
	for _, d := range walls {
		c := at(d[0], d[1])
		switch {
		case c < 0:
		case v.tiles[c] >= 0:
			return mines, safes, missing, false
		case an.certain[c] != certMine:
			missing = append(missing, c)
		}
	}
	return mines, safes, missing, true
}

// formChance returns the chance that the 50/50 of the shape of kind at
// (x, y) forms, the way shape takes it, with its missing walls, when it
// has at most most of them; 0 otherwise or when the chance cannot be
// counted exactly. Chances are kept for the rest of the move.
func (la *lookahead) formChance(v *View, kind shapeKind, x, y, most int) (float64, []int) {
	mines, safes, missing, ok := la.shape(v, kind, x, y, la.shapeMines[:0], la.shapeSafes[:0], la.shapeMissing[:0])
	la.shapeMines, la.shapeSafes, la.shapeMissing = mines, safes, missing
	if !ok || len(missing) > most || len(missing)+len(mines) > v.mines {
		return 0, nil
	}
	key := [3]int{int(kind), x, y}
	if la.forms == nil {
		la.forms = make(map[[3]int]float64)
	}
	if p, ok := la.forms[key]; ok {
		return p, missing
	}
	// The chance that the mines are mines and the safe cells safe, by
	// inclusion and exclusion over the safe cells.
	all := append(append(la.shapeAll[:0], missing...), mines...)
	p := 0.0
	for sub := range 1 << len(safes) {
		set := all
		sign := 1.0
		for k, c := range safes {
			if sub&(1<<k) != 0 {
				set = append(set, c)
				sign = -sign
			}
		}
		q, ok := la.minesChance(v, set)
		if !ok {
			p = 0
			break
		}
		p += sign * q
	}
	la.shapeAll = all[:0]
	p = max(p, 0)
	la.forms[key] = p
	return p, missing
}

// riskCells is the share of lookCells that the long-term risk's analyses
// may go through in one move: on large boards, where each analysis goes
// through many cells, the rest is left for weighing the guesses.
const riskCells = lookCells / 2

// minesChance returns the chance that every cell of set (closed, not
// certainly mines, none twice) is a mine, in the view v analysed by la.an.
// It reports false when that cannot be counted exactly.
func (la *lookahead) minesChance(v *View, set []int) (float64, bool) {
	if len(set) > v.mines {
		return 0, true
	}
	la.condBuf = append(la.condBuf[:0], v.tiles...)
	b := la.condBuf
	for _, c := range set {
		b[c] = tileGone
		for j := range board.Neighbours(v.width, v.height, c) {
			switch {
			case b[j] == 0:
				return 0, true // a number with one mine too many around it
			case b[j] > 0:
				b[j]--
			}
		}
	}
	ch := &la.cond
	if ch.spent > 2*ch.budget || la.lookSpent >= lookCells || la.riskSpent >= la.riskBudget {
		return 0, false
	}
	la.lookSpent += len(b)
	la.riskSpent += len(b)
	if err := ch.run(v.width, v.height, v.mines-len(set), b); err != nil {
		return 0, true
	}
	if !ch.exact || !la.an.exact {
		return 0, false
	}
	return math.Exp(ch.logZ - la.an.logZ), true
}

// sweepRisks credits, for this move, the missing wall of each shape short
// of one wall cell whose 50/50 forms with a chance of at least enablerMin,
// and the cells of those shapes, with that chance (in la.enabler and
// la.risky). It stops at the first shape, across, then down, then square,
// with a pseudo 50/50 (see pseudoCells), and returns its cells; nil when
// there is none.
func (la *lookahead) sweepRisks(v *View) []int {
	n := len(v.tiles)
	la.enabler = resize(la.enabler, n)
	la.risky = resize(la.risky, n)
	clear(la.enabler)
	clear(la.risky)
	for _, kind := range []shapeKind{shapeAcross, shapeDown, shapeSquare} {
		for x := range v.width {
			for y := range v.height {
				p, missing := la.formChance(v, kind, x, y, 1)
				if p <= 0 {
					continue
				}
				if pseudo := la.pseudoCells(v, kind, x, y, p); len(pseudo) > 0 {
					return pseudo
				}
				if p <= enablerMin {
					continue
				}
				for _, c := range missing {
					la.enabler[c] += p
					la.risky[c] += p
				}
				for _, c := range la.shapeCells(v, kind, x, y) {
					la.risky[c] += p
				}
			}
		}
	}
	return nil
}

// pseudoCells returns the living cells of the shape of kind at (x, y),
// whose 50/50 forms with chance p, that are mines only when it forms: such
// a cell is a 50/50 or safe, a guess that will have to be made at even odds
// if ever it is a mine, and so costs nothing to make now.
func (la *lookahead) pseudoCells(v *View, kind shapeKind, x, y int, p float64) []int {
	var out []int
	for _, c := range la.shapeCells(v, kind, x, y) {
		q := la.an.prob[c]
		if q > 0 && math.Abs(q-p) <= 1e-9*q && !la.an.dead(v.tiles, c) {
			out = append(out, c)
		}
	}
	return out
}

// shapeCells returns the cells of the shape of kind at (x, y), which is on
// the board.
func (la *lookahead) shapeCells(v *View, kind shapeKind, x, y int) []int {
	i := y*v.width + x
	switch kind {
	case shapeAcross:
		return []int{i, i + 1}
	case shapeDown:
		return []int{i, i + v.width}
	}
	return []int{i, i + 1, i + v.width, i + v.width + 1}
}

// influence returns the chance that a 50/50 forms through closed cell i,
// the way DavidNHill's solver counts it: the likeliest such shape across,
// down and as a square, each with at most maxMissing walls missing, and
// what sweepRisks credited i with as a wall, at most the chance that i is a
// mine or safe.
func (la *lookahead) influence(v *View, i int) float64 {
	x, y := i%v.width, i/v.width
	total := la.enabler[i]
	for _, kind := range []shapeKind{shapeAcross, shapeDown, shapeSquare} {
		best := 0.0
		for _, d := range [][2]int{{0, 0}, {-1, 0}, {0, -1}, {-1, -1}} {
			if kind == shapeAcross && d[1] != 0 || kind == shapeDown && d[0] != 0 {
				continue
			}
			p, _ := la.formChance(v, kind, x+d[0], y+d[1], maxMissing)
			best = max(best, p)
		}
		total += best
	}
	p := la.an.prob[i]
	return min(total, p, 1-p)
}

// riskCredit returns the factor by which the long-term risk raises the
// worth of guessing closed cell i: its chance to be safe plus the credited
// chance, over its chance to be safe.
func (la *lookahead) riskCredit(v *View, i int) float64 {
	safe := 1 - la.an.prob[i]
	if safe <= 0 {
		return 1
	}
	return 1 + influenceScale*la.influence(v, i)/safe
}

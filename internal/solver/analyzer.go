package solver

import (
	"context"
	"fmt"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// defaultBudget is the number of search nodes one component may use before
// the analysis falls back to sound but approximate reasoning for it.
const defaultBudget = 1 << 17

// certainty is what an analysis knows of a closed cell, one value a cell
// in analyzer.certain: certSafe, certMine or, when neither is certain,
// certNone. While combineExact and combineApprox weigh the solutions of a
// component, the first cell of each box collects someSafe and someMine
// instead, which then decide the box's certainty.
type certainty uint8

// The flags of a certainty.
const (
	certSafe certainty = 1 << iota // the cell is certainly safe
	certMine                       // the cell certainly holds a mine
	someSafe                       // a cell of the box is safe in some solution weighed
	someMine                       // a cell of the box is a mine in some solution weighed
)

// certNone is the certainty of a cell that may or may not hold a mine.
const certNone certainty = 0

// String returns the names of c's flags, joined by "|", or "none".
func (c certainty) String() string {
	if c == certNone {
		return "none"
	}
	var names []string
	for _, f := range []struct {
		flag certainty
		name string
	}{{certSafe, "safe"}, {certMine, "mine"}, {someSafe, "someSafe"}, {someMine, "someMine"}} {
		if c&f.flag != 0 {
			names = append(names, f.name)
			c &^= f.flag
		}
	}
	if c != 0 {
		names = append(names, fmt.Sprintf("certainty(%#x)", uint8(c)))
	}
	return strings.Join(names, "|")
}

// analyzer holds the state and scratch memory of one analysis. The zero
// value is ready to use once budget is set; it reuses memory across runs.
type analyzer struct {
	budget int // search nodes per component
	// ctx, when not nil, stops a run between components once it is done.
	ctx context.Context
	// noApprox leaves components too large to enumerate undecided rather
	// than reasoning on their numbers one and two at a time (see fallback).
	noApprox bool
	work     int // a measure of the last run's cost, beyond the search
	spent    int // search nodes spent since it was last set to 0

	// input
	w, h, mines int
	tiles       []board.Tile

	// output
	prob    []float64   // per cell
	certain []certainty // per cell: certNone, certSafe or certMine
	exact   bool
	logZ    float64 // log of the number of layouts, when exact
	outside int     // closed cells next to no number
	outProb float64 // mine probability of each outside cell

	// problem structure
	conID    []int32 // per cell: constraint id of an open number, or -1
	boxOf    []int32 // per cell: box of a frontier cell, or -1
	boxKey   map[[8]int32]int32
	boxes    []box
	cons     []constraint
	parent   []int32 // union-find over boxes
	compOf   []int32 // per root box: component index
	boxComp  []int32 // per box: its component, for hints (see placeBoxes)
	boxIndex []int32 // per box: its place in its component's boxes
	preBuf   [][]float64
	preBBuf  [][]bool
	rBuf     [][]float64
	rBBuf    [][]bool
	compList [][]int32
	comps    []*component
	cache    *compCache
	keyBuf   []byte
	en       enumerator

	// combineLimit, when not 0, is the most that combining the components
	// exactly may cost (see combineCost) in place of the default, so that
	// tests reach the other ways of combining on small boards.
	combineLimit int
	// combine's components: exact, of a varying and of a fixed mine
	// count, with their boxes in the view; and combineApprox's ranges of
	// mines per component and logarithms of weights.
	exactComps, varComps, fixedComps []*component
	exactBoxes, varBoxes, fixedBoxes [][]int32
	kLo, kHi                         []int
	logW                             []float64
}

// run analyses the view given by its parts. It fills prob, certain, exact
// and logZ, or returns ErrInconsistent.
func (an *analyzer) run(w, h, mines int, tiles []board.Tile) error {
	if err := an.components(w, h, mines, tiles); err != nil {
		return err
	}
	return an.combine()
}

// resize returns s with length n, reallocated when too short.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// valueRange returns the fewest and the most mines that closed cell i's
// number can show in the view tiles this analyser analysed: its neighbours
// certainly mines, and those plus the ones that may be.
func (an *analyzer) valueRange(tiles []board.Tile, i int) (lo, hi int) {
	for j := range board.Neighbours(an.w, an.h, i) {
		if tiles[j] >= 0 {
			continue
		}
		switch an.certain[j] {
		case certMine:
			lo++
			hi++
		case certNone:
			hi++
		}
	}
	return lo, hi
}

// closedCells returns, over the closed cells of the view tiles this
// analyser analysed, how many are certainly safe, the last of them (or
// -1), and the least mine probability of the others that are not
// certainly mines (1 when there are none).
func (an *analyzer) closedCells(tiles []board.Tile) (safe, safeCell int, minP float64) {
	safeCell, minP = -1, 1
	for j, t := range tiles {
		if t >= 0 {
			continue
		}
		switch an.certain[j] {
		case certSafe:
			safe++
			safeCell = j
		case certNone:
			minP = min(minP, an.prob[j])
		}
	}
	return safe, safeCell, minP
}

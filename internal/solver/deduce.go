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

// NewDeducer returns a Deducer with the default node budget.
func NewDeducer() *Deducer {
	d := &Deducer{}
	d.an.budget = defaultBudget
	d.an.cache = new(compCache)
	return d
}

// Certain analyses the view of a width by height board holding mines
// mines, given as one tile a cell in row-major order, board.TileClosed or
// an open count from 0 to 8, and appends to safe and mine the row-major
// indices of the closed cells that are certainly safe and of those that
// certainly hold a mine. The answer is the one Analyze gives: exact where
// the enumeration stays within its budget, sound everywhere. It returns
// ErrInconsistent when no layout fits the view.
func (d *Deducer) Certain(width, height, mines int, tiles []board.Tile, safe, mine []int) ([]int, []int, error) {
	an := &d.an
	an.cache.advance()
	an.spent = 0
	if err := an.run(width, height, mines, tiles); err != nil {
		return safe, mine, err
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

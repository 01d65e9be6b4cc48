package board

import (
	"errors"
	"slices"
)

// ErrLaid refuses to lay the mines of a board whose mines are already laid.
var ErrLaid = errors.New("the mines are already laid")

// Laid returns a copy of the pending board b with its mines laid as
// b.Reveal(first) would lay them and b's marks kept; first is not opened.
//
// Laying the mines of a huge board takes seconds. Laid only reads b, so a
// caller can lay them on another goroutine while b is still drawn, and keep
// answering its user; b must not change meanwhile. Laid draws from b's
// random source, which makes b itself spent: play the copy, not b.
//
// It refuses what Reveal(first) would refuse before laying anything: a
// point off the board, a flagged cell, a board already laid.
func (b *Board) Laid(first Point) (*Board, error) {
	i, err := b.check(first)
	switch {
	case err != nil:
		return nil, err
	case !b.pending:
		return nil, ErrLaid
	case b.cells[i]&flagBit != 0:
		return nil, ErrFlagged
	}
	nb := *b
	nb.cells = slices.Clone(b.cells)
	nb.spans, nb.spans2 = nil, nil // scratch memory is never shared
	if err := nb.place(i); err != nil {
		return nil, err
	}
	return &nb, nil
}

package ui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// layOffLoopCells is the area from which the first click lays the mines
// off the event loop; a no-guess board is laid off the loop at any size,
// since its repairs may take a few frames on a small board too. A board of this size is laid in a few milliseconds,
// within a frame; the largest (16384x16384) takes a second or two with the
// copy Laid makes, and meanwhile the game must still answer its keys, the
// clock, resizes and signals.
const layOffLoopCells = 1 << 18

// laid is the data of the event that brings a laid board back to the loop:
// the pending board's copy with the first move played on it.
type laid struct {
	move board.Move
	b    *board.Board
	n    int // cells the move opened
	err  error
}

// layAndPlay lays the mines of the pending board b for move m and plays m
// on the copy; a variable so that tests can hold it.
var layAndPlay = func(b *board.Board, m board.Move) (*board.Board, int, error) {
	nb, err := b.Laid(m.At)
	if err != nil {
		return nil, 0, err
	}
	n, err := nb.Apply(m)
	return nb, n, err
}

// whileLaying reports whether an action may go on while the mines are
// being laid: those that leave the board alone. A new game waits too:
// laying cannot be stopped, and new games started meanwhile would each lay
// a board of their own, at once.
func (a action) whileLaying() bool {
	switch a {
	case actMove, actHelp, actQuit, actSuspend, actRedraw:
		return true
	}
	return false
}

// layOffLoop starts laying the mines for m off the loop and reports
// whether it did: on a large board still pending, for a move that lays
// them. Until the laid board comes back, the pending board is only drawn,
// and moves that would change it are refused.
func (u *ui) layOffLoop(s tcell.Screen, m board.Move) bool {
	b := u.g.b
	slow := b.Width()*b.Height() >= layOffLoopCells || b.Settings().NoGuess
	if b.Started() || !slow || m.Action != board.Open || b.Mark(m.At) == board.Flag {
		return false
	}
	u.laying = true
	lay := layAndPlay
	go func() {
		nb, n, err := lay(b, m)
		post(s, laid{move: m, b: nb, n: n, err: err}, u.done)
	}()
	return true
}

// adopt takes the board a laying job brought back.
func (u *ui) adopt(d laid) {
	u.laying = false
	if d.err != nil {
		u.v.message = messageFor(d.err)
		return
	}
	u.g.adopt(d.b, d.move, d.n, u.cfg.Now())
}

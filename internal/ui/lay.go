package ui

import (
	"context"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
)

// layOffLoopCells is the area from which the first click lays the mines
// off the event loop; a no-guess board is laid off the loop at any size,
// since its repairs may take a few frames on a small board too. A board of
// this size is laid in a few milliseconds, within a frame; the largest
// (16384x16384) takes a second or two with the copy Laid makes, and
// meanwhile the game must still answer its keys, the clock, resizes and
// signals.
const layOffLoopCells = 1 << 18

// laid is the answer of a laying job.
type laid struct {
	l   game.Laid
	err error
}

// whileLaying reports whether the action a may go on while the mines are
// being laid: those that leave the board alone. A new game waits too:
// laying cannot be stopped, and new games started meanwhile would each lay
// a board of their own, at once.
func whileLaying(a keys.Action) bool {
	switch a {
	case keys.ActMove, keys.ActHelp, keys.ActQuit, keys.ActSuspend, keys.ActRedraw:
		return true
	}
	return false
}

// layOffLoop starts laying the mines for m off the loop and reports
// whether it did: on a large or no-guess board still pending, for a move
// that lays them. Until the laid board comes back, the pending board is
// only drawn, and moves that would change it are refused.
func (u *ui) layOffLoop(s tcell.Screen, m game.Move) bool {
	b := u.g.Board()
	if b.Width()*b.Height() < layOffLoopCells && !u.g.Settings().NoGuess {
		return false
	}
	job := u.g.LayJob(m)
	if job == nil {
		return false
	}
	if u.cfg.layGate != nil {
		inner := job
		job = func() (game.Laid, error) { u.cfg.layGate(); return inner() }
	}
	u.p.Audit(m.At)
	u.start(s, jobLay, func(context.Context) any {
		l, err := job()
		return laid{l: l, err: err}
	})
	return true
}

// adopt takes the board a laying job brought back.
func (u *ui) adopt(d laid) {
	if d.err != nil {
		u.v.message = messageFor(d.err)
		return
	}
	if err := u.p.Adopt(d.l); err != nil {
		u.v.message = messageFor(err)
	}
}

package ui

import (
	"errors"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// layOffLoopCells is the area from which the first click lays the mines
// off the event loop. Laying takes about 40 ns a cell at the default
// density, so a board of this size takes around 10 ms, within a frame;
// the largest board takes seconds, during which the game must still answer
// its keys, the clock, resizes and signals.
const layOffLoopCells = 1 << 18

// laying is a first click whose mines are being laid off the loop.
type laying struct {
	move board.Move
}

// laid is the data of the event that brings a laid board back to the loop:
// the pending board's copy with job's move played on it.
type laid struct {
	job *laying
	b   *board.Board
	n   int // cells the move opened
	err error
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
// being laid: those that leave the board alone.
func (a action) whileLaying() bool {
	switch a {
	case actMove, actNew, actHelp, actQuit, actSuspend, actRedraw:
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
	if b.Started() || b.Width()*b.Height() < layOffLoopCells || m.Action != board.Open ||
		b.Mark(m.At) == board.Flag {
		return false
	}
	job := &laying{move: m}
	u.laying = job
	lay := layAndPlay
	go func() {
		nb, n, err := lay(b, m)
		post(s, laid{job: job, b: nb, n: n, err: err}, u.done)
	}()
	return true
}

// adopt takes the board a laying job brought back, unless a new game has
// dropped the job since.
func (u *ui) adopt(d laid) {
	if d.job != u.laying {
		return
	}
	u.laying = nil
	if d.err != nil {
		u.v.message = messageFor(d.err)
		return
	}
	u.g.adopt(d.b, d.job.move, d.n, u.cfg.Now())
}

// post posts an event with data to s, waiting for room in the queue until
// done is closed: unlike a tick, this event must not be lost.
func post(s tcell.Screen, data any, done <-chan struct{}) {
	for {
		err := s.PostEvent(tcell.NewEventInterrupt(data))
		if !errors.Is(err, tcell.ErrEventQFull) {
			return
		}
		select {
		case <-done:
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
}

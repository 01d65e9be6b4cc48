package ui

import (
	"context"
	"errors"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// The paces of auto-play: a person can follow ten moves a second; a second
// a plays five times faster.
var autoPace = [...]time.Duration{1: 100 * time.Millisecond, 2: 20 * time.Millisecond}

// autoplay is the solver playing the game for the player.
type autoplay struct {
	speed   int // 0 off, else an index of autoPace
	running bool
	cancel  context.CancelFunc
	last    time.Time // when the last move was played
}

// autoMoved is the data of the event that brings auto-play's next move
// back to the loop.
type autoMoved struct {
	version uint64
	at      board.Point
	err     error
}

// nextMove is the work of one auto-play job; a variable so that tests can
// hold it. Each job has a solver of its own: a stopped job's may still be
// thinking when the next starts. Reseeding it with the game's seed keeps
// the solver's choices between equal guesses the same for a seed.
var nextMove = func(ctx context.Context, rule board.FirstClick, seed uint64, v *solver.View) (board.Point, error) {
	p := solver.New(solver.Options{Rule: rule})
	p.Reseed(seed)
	return p.Next(v)
}

// toggleAuto starts auto-play, or makes it faster when it runs.
func (u *ui) toggleAuto(s tcell.Screen) {
	a := &u.auto
	if u.g.b.Status() != board.Playing {
		u.v.message = "the game is over: n new game, r restart, q quit"
		return
	}
	if a.speed < len(autoPace)-1 {
		a.speed++
	}
	u.g.assisted = true
	u.v.message = "auto-play: a again plays faster, any other key stops"
	u.autoNext(s)
}

// stopAuto stops auto-play; it reports whether it was on.
func (u *ui) stopAuto() bool {
	a := &u.auto
	if a.speed == 0 {
		return false
	}
	if a.running {
		a.cancel()
		a.running = false
	}
	a.speed = 0
	u.v.message = "auto-play stopped"
	return true
}

// autoNext starts the job that finds auto-play's next move, when auto-play
// is on and nothing else is under way. The job waits out the pace before
// it brings the move back.
func (u *ui) autoNext(s tcell.Screen) {
	a, g := &u.auto, u.g
	if a.speed == 0 || a.running || u.laying {
		return
	}
	if g.b.Status() != board.Playing {
		a.speed = 0
		return
	}
	v, err := solver.NewView(g.b.Width(), g.b.Height(), g.b.Mines(), g.b.Tiles(nil))
	if err != nil {
		a.speed = 0
		u.v.message = err.Error()
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	a.running, a.cancel = true, cancel
	due := a.last.Add(autoPace[a.speed])
	version, rule, seed, work := g.version, g.kind.Rule, g.seed, nextMove
	go func() {
		at, err := work(ctx, rule, seed, v)
		if wait := time.Until(due); err == nil && wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
			}
		}
		if ctx.Err() != nil {
			return
		}
		post(s, autoMoved{version: version, at: at, err: err}, u.done)
	}()
}

// autoBack plays the move auto-play's job brought back, if auto-play is
// still on and the board has not changed, and asks for the next.
func (u *ui) autoBack(s tcell.Screen, d autoMoved) {
	a := &u.auto
	if !a.running || d.version != u.g.version {
		return
	}
	a.cancel()
	a.running = false
	if a.speed == 0 {
		return
	}
	if d.err != nil {
		a.speed = 0
		if errors.Is(d.err, solver.ErrInconsistent) {
			u.v.message = "auto-play stopped: no layout of mines fits the board"
		} else {
			u.v.message = "auto-play stopped: " + d.err.Error()
		}
		return
	}
	a.last = time.Now()
	u.do(s, command{act: actOpen, at: d.at, onCell: true})
	if u.g.b.Status() != board.Playing {
		a.speed = 0
		return
	}
	u.v.message = "auto-play: a again plays faster, any other key stops"
	u.autoNext(s)
}

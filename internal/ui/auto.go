package ui

import (
	"context"
	"errors"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// The paces of auto-play: a person can follow ten moves a second; a second
// a plays five times faster.
var autoPace = [...]time.Duration{1: 100 * time.Millisecond, 2: 20 * time.Millisecond}

// autoplay is the solver playing the game for the player.
type autoplay struct {
	speed int       // 0 off, else an index of autoPace
	last  time.Time // when the last move was played
}

// autoMoved is the answer of an auto-play job: its next move.
type autoMoved struct {
	version uint64
	at      board.Point
	err     error
}

// autoMessage is what the footer says while auto-play runs.
const autoMessage = "auto-play: a again plays faster, any other key stops"

// toggleAuto starts auto-play, or makes it faster when it runs.
func (u *ui) toggleAuto(s tcell.Screen) {
	a := &u.auto
	if u.g.Status() != board.Playing {
		u.v.message = overMessage
		return
	}
	if a.speed < len(autoPace)-1 {
		a.speed++
	}
	u.v.message = autoMessage
	u.autoNext(s)
}

// stopAuto stops auto-play; it reports whether it was on.
func (u *ui) stopAuto() bool {
	a := &u.auto
	if a.speed == 0 {
		return false
	}
	u.stop(jobAuto)
	a.speed = 0
	u.v.message = "auto-play stopped"
	return true
}

// autoNext starts the job that finds auto-play's next move, when auto-play
// is on and nothing else is under way. The job waits out the pace before
// it brings the move back.
func (u *ui) autoNext(s tcell.Screen) {
	a, g, b := &u.auto, u.g, u.g.Board()
	if a.speed == 0 || u.running(jobAuto) || u.running(jobLay) {
		return
	}
	if b.Status() != board.Playing {
		a.speed = 0
		return
	}
	v, err := solver.NewView(b.Width(), b.Height(), b.Mines(), b.Tiles(nil))
	if err != nil {
		a.speed = 0
		u.v.message = err.Error()
		return
	}
	pace := max(a.last.Add(autoPace[a.speed]).Sub(u.cfg.Now()), 0)
	version, rule, seed, sv := g.Version(), g.Settings().Rule, g.Seed(), u.solver()
	u.start(s, jobAuto, func(ctx context.Context) any {
		at, err := sv.Next(ctx, v, rule, seed)
		if err == nil && pace > 0 {
			wait(ctx, pace)
		}
		return autoMoved{version: version, at: at, err: err}
	})
}

// autoBack plays the move auto-play's job brought back, if auto-play is
// still on and the board has not changed, and asks for the next.
func (u *ui) autoBack(s tcell.Screen, d autoMoved) {
	a := &u.auto
	if d.version != u.g.Version() || a.speed == 0 {
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
	a.last = u.cfg.Now()
	if p, ok := u.g.StartCell(); ok {
		d.at = p // a daily board opens at its start cell
	}
	u.v.cursor = d.at
	m := game.Move{Action: game.AutoOpen, At: d.at}
	if !u.layOffLoop(s, m) {
		if err := u.play(m, u.cfg.Now()); err != nil {
			a.speed = 0
			u.v.message = "auto-play stopped: " + messageFor(err)
			return
		}
	}
	u.stale()
	u.freshOdds(s)
	if u.g.Status() != board.Playing {
		a.speed = 0
		u.v.message = "" // the footer offers the next steps
		return
	}
	u.v.message = autoMessage
	u.autoNext(s)
}

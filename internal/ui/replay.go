package ui

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
)

// Replays. A kept game is played back on the game's own screen: each move
// at its time on the game's clock, scaled by the speed, with the guess
// audit as in play, so that a replay ends on the screen the game ended on.

// replayTick is how often the clock posts a tick during a replay: moves
// are played within a fiftieth of a second of their time.
const replayTick = time.Second / 50

// replayLead is how long, on the game's clock, the closed board is shown
// before the first move.
const replayLead = time.Second

// The slowest and the fastest replay; each step of the keys halves or
// doubles the speed.
const (
	minSpeed = 1.0 / 16
	maxSpeed = 64.0
)

// replayer is the state of a replay: the kept game and where its playback
// stands. It is view state: the game state is the board it plays on.
type replayer struct {
	k      game.Kept
	next   int           // the index in k.Moves of the next move to play
	at     time.Duration // the position on the game's clock; negative before the first move
	speed  float64       // game time per real time
	paused bool
	last   time.Time // the real time at which at was last advanced
	base   time.Time // the game's first opening, in the game's time
}

// startReplay makes the ui play k back, at cfg.Start.ReplaySpeed, from its
// board as newGame loads it: every cell closed, the clock before the
// first move.
func (u *ui) startReplay(k game.Kept) {
	u.newAudits()
	now := u.cfg.Now()
	speed := u.cfg.Start.ReplaySpeed
	if speed <= 0 {
		speed = 1
	}
	u.rp = &replayer{k: k, at: -replayLead, speed: min(max(speed, minSpeed), maxSpeed), last: now, base: now}
	u.rp.startClock(u.g)
}

// startClock starts the clock of g, the game the replay plays on, where
// the kept game's moves count from, when the kept game's had run (see
// game.Game.StartClock).
func (r *replayer) startClock(g *game.Game) {
	if r.k.Elapsed > 0 {
		g.StartClock(r.base)
	}
}

// done reports whether every move has been played.
func (r *replayer) done() bool { return r.next >= len(r.k.Moves) }

// end returns the game's clock at the end of the replay: its last move,
// or the clock when it was kept if that is later.
func (r *replayer) end() time.Duration {
	end := r.k.Elapsed
	if n := len(r.k.Moves); n > 0 {
		end = max(end, r.k.Moves[n-1].At)
	}
	return end
}

// now returns the replay's time on the game's clock.
func (r *replayer) now() time.Time { return r.base.Add(r.at) }

// replayOn advances the replay to the real time now at its speed, unless
// it is paused, playing the moves whose time has come.
func (u *ui) replayOn(s tcell.Screen, now time.Time) {
	r := u.rp
	if !r.paused {
		at := r.at + time.Duration(float64(now.Sub(r.last))*r.speed)
		if r.done() {
			at = min(at, r.end())
		}
		u.replayTo(s, at)
	}
	r.last = now
}

// replayTo plays every move up to the time at on the game's clock.
func (u *ui) replayTo(s tcell.Screen, at time.Duration) {
	r := u.rp
	for !r.done() && r.k.Moves[r.next].At <= at {
		u.replayStep(s)
	}
	r.at = max(r.at, at)
}

// replayStep plays the next move at its time.
func (u *ui) replayStep(s tcell.Screen) {
	r := u.rp
	m := r.k.Moves[r.next]
	r.next++
	r.at = max(r.at, m.At)
	if u.g.Board().In(m.Move.At) {
		u.v.cursor = m.Move.At // where the player acted, as a click puts the cursor
	}
	_ = u.play(m.Move, r.base.Add(m.At)) // a move that fails changes nothing, as in play
	u.stale()
	u.freshOdds(s)
}

// replayRestart closes the board again and goes back to before the first
// move, keeping the speed and the pause.
func (u *ui) replayRestart() {
	r := u.rp
	if g, err := game.Load(u.g.Config(), r.k); err == nil {
		u.setPlay(u.replayPlay(g))
		r.startClock(g)
	}
	u.newAudits()
	u.stale()
	r.next, r.at = 0, -replayLead
}

// replayKey carries out a key during a replay and reports whether the
// replay should end. Any key closes the help; the replay's keys are
// keys.ReplayTable's.
func (u *ui) replayKey(s tcell.Screen, ev *tcell.EventKey) bool {
	c := keys.CommandOf(keys.ReplayCommands, ev)
	if u.v.overlay != noOverlay {
		switch {
		case c.Act == keys.ActQuit:
			return true
		case c.Act == keys.ActMove && c.DX == 0 && u.scrollHelp(c.DY):
		case c.Act != keys.ActSuspend && c.Act != keys.ActRedraw:
			u.v.overlay = noOverlay
		default:
			return u.do(s, c)
		}
		return false
	}
	r, now := u.rp, u.cfg.Now()
	u.replayOn(s, now)
	switch c.Act {
	case keys.ActPause:
		if !r.paused && r.done() && r.at >= r.end() {
			u.replayRestart() // at the end, play starts it again
		} else {
			r.paused = !r.paused
		}
	case keys.ActFaster:
		r.speed = min(r.speed*2, maxSpeed)
	case keys.ActSlower:
		r.speed = max(r.speed/2, minSpeed)
	case keys.ActStep:
		r.paused = true
		if !r.done() {
			u.replayStep(s)
		}
	case keys.ActToEnd:
		u.replayTo(s, r.end())
	case keys.ActToStart:
		u.replayRestart()
	case keys.ActQuit:
		if u.back != nil {
			u.endReplay()
			return false
		}
		return true
	case keys.ActSuspend, keys.ActRedraw, keys.ActHelp:
		return u.do(s, c)
	}
	return false
}

// replayGame replays the game that just ended, on its own screen ('e'); q
// comes back to it as it was.
func (u *ui) replayGame() error {
	if u.g.Status() == board.Playing {
		return errReplayInPlay
	}
	k := u.g.Record(u.cfg.Now())
	g, err := game.Load(u.g.Config(), k)
	if err != nil {
		return err
	}
	u.stopAuto()
	u.back = u.p
	u.setPlay(u.replayPlay(g))
	u.startReplay(k)
	return nil
}

// errReplayInPlay refuses to replay a game still in play.
var errReplayInPlay = errors.New("a game is replayed once it is over")

// endReplay goes back from the replay of a game to the game.
func (u *ui) endReplay() {
	u.setPlay(u.back)
	u.back, u.rp = nil, nil
	u.v.overlay = noOverlay
	u.newAudits()
	u.stale()
}

// replayState returns the header's word for the replay: "replay 2x",
// "replay paused", or "" once it has played every move of a game that
// ended, when the header says how the game ended.
func (u *ui) replayState() string {
	r := u.rp
	switch {
	case r.done() && u.g.Status() != board.Playing:
		return ""
	case r.paused:
		return "replay paused"
	}
	return "replay " + speedText(r.speed)
}

// speedText writes a speed as a factor: "1x", "0.25x", "16x".
func speedText(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64) + "x"
}

// replayPlace returns where the replay stands, for its footer: "move 12
// of 40".
func (u *ui) replayPlace() string {
	return fmt.Sprintf("move %d of %d", u.rp.next, len(u.rp.k.Moves))
}

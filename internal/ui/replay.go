package ui

import (
	"errors"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/ui/replay"
)

// Replays. A kept game, ours or another program's video, is played back
// on the game's own screen: each move at its time on the game's clock,
// scaled by the speed, so that a replay ends on the screen the game ended
// on. Its state and its places to seek to are a replay.Reel's; the judged
// guesses (Config.ReplayMarks) are said as they are played.

// replayTick is how often the clock posts a tick during a replay: moves
// are played within a fiftieth of a second of their time.
const replayTick = time.Second / 50

// startReplay makes the ui play k back, at cfg.Start.ReplaySpeed, from its
// board as newGame loads it: every cell closed, the clock before the
// first move. A title of the game is its first message.
func (u *ui) startReplay(k game.Kept) {
	u.newAudits()
	u.rp = replay.New(k, u.cfg.Start.ReplaySpeed, u.cfg.Now(), u.cfg.ReplayMarks)
	u.replayClock(u.g)
	u.v.message = u.cfg.ReplayTitle
}

// replayClock starts the clock of g, the game the replay plays on, where
// the kept game's moves count from, when the kept game's had run (see
// game.Game.StartClock).
func (u *ui) replayClock(g *game.Game) {
	if u.rp.Kept.Elapsed > 0 {
		g.StartClock(u.rp.Base)
	}
}

// replayOn advances the replay to the real time now at its speed, unless
// it is paused, playing the moves whose time has come.
func (u *ui) replayOn(s tcell.Screen, now time.Time) {
	u.replayTo(s, u.rp.Target(now))
}

// replayTo plays every move up to the time at on the game's clock.
func (u *ui) replayTo(s tcell.Screen, at time.Duration) {
	r := u.rp
	for r.Due(at) {
		u.replayStep(s)
	}
	r.At = max(r.At, at)
}

// replayStep plays the next move at its time, and says its verdict if it
// is judged.
func (u *ui) replayStep(s tcell.Screen) {
	r := u.rp
	m := r.Take()
	if u.g.Board().In(m.Move.At) {
		u.v.cursor = m.Move.At // where the player acted, as a click puts the cursor
	}
	_ = u.play(m.Move, r.Base.Add(m.At)) // a move that fails changes nothing, as in play
	if mk, ok := r.Played(); ok {
		u.v.message = mk.Text
	}
	u.stale()
	u.freshOdds(s)
}

// replaySeek closes the board again and plays the first n moves at once,
// their audit left out (each judged move has its verdict), keeping the
// speed; it pauses unless n is 0. Going forward it plays on from where it
// stands.
func (u *ui) replaySeek(s tcell.Screen, n int) {
	r := u.rp
	n = r.Clamp(n)
	if n < r.Next || n == 0 {
		if g, err := game.Load(u.g.Config(), r.Kept); err == nil {
			u.setPlay(u.replayPlay(g))
			u.replayClock(g)
		}
		u.newAudits()
		r.Rewind()
	}
	for r.Next < n {
		m := r.Take()
		_, _ = u.g.Apply(m.Move, r.Base.Add(m.At))
		if u.g.Board().In(m.Move.At) {
			u.v.cursor = m.Move.At
		}
	}
	u.v.message = ""
	if mk, ok := r.Played(); ok {
		u.v.message = mk.Text
	}
	r.Paused = r.Paused || n > 0
	u.stale()
	u.freshOdds(s)
}

// replayKey carries out a key during a replay and reports whether the
// replay should end. Any key closes the help; the replay's keys are
// keys.ReplayTable's, a count before g, t, n and N as in the game.
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
	if u.v.count.Key(ev) {
		return false
	}
	c = u.v.count.Apply(c)
	r := u.rp
	u.replayOn(s, u.cfg.Now())
	switch c.Act {
	case keys.ActPause:
		if !r.Paused && r.AtEnd() {
			u.replaySeek(s, 0) // at the end, play starts it again
		} else {
			r.Paused = !r.Paused
		}
	case keys.ActFaster:
		r.Faster()
	case keys.ActSlower:
		r.Slower()
	case keys.ActStep:
		r.Paused = true
		if !r.Done() {
			u.replayStep(s)
		}
	case keys.ActBack:
		u.replaySeek(s, r.Next-max(c.Times(), 1))
	case keys.ActSeek:
		u.replaySeek(s, c.Times())
	case keys.ActSeekTime:
		u.replaySeek(s, r.MoveAt(time.Duration(c.Times())*time.Second))
	case keys.ActGuess:
		if n, ok := r.Guess(c.DY, c.Times()); ok {
			u.replaySeek(s, n)
		} else {
			u.v.message = "no guess is judged that way"
		}
	case keys.ActToEnd:
		u.replayTo(s, r.End())
	case keys.ActToStart:
		u.replaySeek(s, 0)
	case keys.ActQuit:
		if u.back != nil {
			u.endReplay()
			return false
		}
		return true
	case keys.ActSuspend, keys.ActRedraw, keys.ActHelp, keys.ActOdds:
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
	u.v.message = ""
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
func (u *ui) replayState() string { return u.rp.State(u.g.Status() != board.Playing) }

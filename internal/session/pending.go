package session

import (
	"fmt"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// A game that ended is never lost: one the store cannot take (busy past
// its wait, the disk full, the file read-only or damaged) waits in a
// pending file of the store (store.Store.Pend) and is kept, in the order
// the games ended, at the next start or before the next game kept
// (store.Store.KeepPending), under the rules a game kept at its end is
// (decide). The player is told it is not kept yet, and why in words
// (store.Fault), never with a path or an error number.

// decide returns the game to keep of g, a game that ended or was given
// up, given what the records held for it in the transaction that keeps
// it, and what it counts for: a practice game of a daily board is kept
// known.
func decide(g history.Game, p store.Prior, open bool) (history.Game, Counts) {
	d := DailyOf(g, p.DailyCounted, open)
	if d.Practice() {
		g.Known = true
	}
	best := int64(-1)
	if p.HasBest {
		best = p.Best
	}
	c := CountOf(g, best, true)
	c.Daily = d
	return g, c
}

// KeepWaiting keeps the games that wait in st's pending files, in the
// order they ended, under the rules of the records, as the start of a
// game does; a command that reads the records (stats, history) calls it
// once the store is open. It returns how many it kept, what it says of
// them ("" for none), how many wait still, and why.
func KeepWaiting(st store.Store) (kept int, msg string, left int, err error) {
	kept, left, err = st.KeepPending(ctx, func(g history.Game, p store.Prior) history.Game {
		g, _ = decide(g, p, false)
		return g
	})
	if kept > 0 {
		msg = fmt.Sprintf("%s that could not be kept when %s ended %s kept now", record.Count(kept, "game"), plural(kept, "it", "they"), plural(kept, "is", "are"))
	}
	return kept, msg, left, err
}

// keepWaiting keeps the games that wait in pending files, and reports
// whether some wait still, with why.
func (s *Session) keepWaiting() (bool, error) {
	_, msg, left, err := KeepWaiting(s.store)
	if msg != "" {
		s.Warn(msg)
	}
	return left > 0, err
}

// pend keeps g, which the store refused for cause, in a pending file to
// be kept later, and returns what it counts for now: it is not kept
// (yet).
func (s *Session) pend(g history.Game, cause error) Counts {
	c := Counts{Why: NotKept, GaveUp: g.GaveUp, Fault: store.FaultOf(cause)}
	name, err := s.store.Pend(g, "")
	if err != nil {
		s.report(fmt.Sprintf("the game was not kept (%v), nor kept for later: %v", cause, err),
			fmt.Sprintf("the game was not kept: %s", c.Fault))
		return c
	}
	c.Pending = true
	s.waiting = &waiting{g, name}
	s.report(fmt.Sprintf("the game was not kept yet (%v); it waits in a file to be kept at the next start", cause),
		fmt.Sprintf("games cannot be kept right now (%s): the game is kept for later", c.Fault))
	return c
}

// fault tells of err, a write the store refused, as what it failed to
// do: the player reads why in words (see report).
func (s *Session) fault(what string, err error) {
	s.report(what+": "+err.Error(), what+": "+store.FaultOf(err).String())
}

// report tells of a fault: with a Log, detail goes to the log and the
// player is told plain; else the player is told detail, after the
// screen.
func (s *Session) report(detail, plain string) {
	if s.Log != nil {
		s.Log(detail)
		s.Warn(plain)
		return
	}
	s.Warn(detail)
}

// plural returns one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// waiting is the last game this session put in a pending file, and the
// file's name: an undo of its end marks it undone there (see Reopened).
type waiting struct {
	g    history.Game
	name string
}

// reopenWaiting marks the game that waits in a pending file undone, as
// Reopened marks a game kept.
func (s *Session) reopenWaiting() {
	w := s.waiting
	if w == nil || w.g.Undone || !s.open() {
		return
	}
	g := w.g
	g.Undone = true
	if _, err := s.store.Pend(g, w.name); err != nil {
		s.report("the game that waits to be kept was not marked undone: "+err.Error(), "the game that waits to be kept was not marked undone: "+store.FaultOf(err).String())
		return
	}
	w.g = g
}

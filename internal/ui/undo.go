package ui

import (
	"errors"
	"fmt"
	"slices"
	"time"
)

// errNothingToUndo refuses an undo before any move changed the board or
// its marks.
var errNothingToUndo = errors.New("nothing to undo")

// undo takes back the last move, even one that lost the game, as Simon
// Tatham's Mines allows, and marks the game undone for good (until a new
// game or a restart).
//
// The board is closed again (Reset keeps the layout) and every move but
// the last is played again: once the mines are laid the rules are
// deterministic, so each move has the effect it had. A board whose first
// opening laid its mines keeps them when that opening is taken back: the
// next first opening may then hit a mine, as in Tatham's game.
//
// A game that had ended plays again: its clock runs on from where it
// stopped, the time between the end and the undo not counted, and its
// note is forgotten. The clock never goes back to zero, not even when the
// first opening is taken back. A game that ended has been handed to
// cfg.Finished already; should it end again, it is handed over again,
// undone, so the history may keep both.
//
// The guess audit forgets the openings taken back, so a fatal opening
// undone is no guess. It refuses with an error while paused or before any
// move. Should a move fail to play again (a bug: it cannot happen), the
// game keeps the moves before it and the error names it.
func (g *game) undo(now time.Time) error {
	switch {
	case g.paused():
		return errPaused
	case len(g.moves) == 0:
		return errNothingToUndo
	}
	keep := g.moves[:len(g.moves)-1]
	g.b.Reset()
	var err error
	for i, m := range keep {
		if _, e := g.b.Apply(m.Move); e != nil {
			keep, err = keep[:i], fmt.Errorf("undo: playing %v again: %w", m.Move, e)
			break
		}
	}
	g.moves = keep
	if safe := g.b.Width()*g.b.Height() - g.b.Mines(); g.b.SafeLeft() == safe && g.b.Started() {
		g.reopen = true // every opening taken back, the mines laid
	}
	for len(g.opens) > 0 && !g.b.Tile(g.opens[len(g.opens)-1].at).IsOpen() {
		g.opens = g.opens[:len(g.opens)-1]
	}
	if !g.end.IsZero() {
		if !g.start.IsZero() {
			g.stoppedFor += max(now.Sub(g.end), 0)
		}
		g.end, g.note = time.Time{}, ""
	}
	g.version++
	g.undone = true
	return err
}

// undo takes back the last move (see game.undo) and drops the analyses
// still to come of the openings it took back.
func (u *ui) undo(now time.Time) error {
	g, d := u.g, &u.aud
	// The analysis running off the loop, if any, is of the first opening
	// still pending that no queued job is for.
	running := -1
	if d.running {
		queued := make(map[int]bool, len(d.queue))
		for _, j := range d.queue {
			queued[j.index] = true
		}
		for i, o := range g.opens {
			if o.pending && !queued[i] {
				running = i
				break
			}
		}
	}
	err := g.undo(now)
	n := len(g.opens)
	if running >= n {
		// It cannot be stopped, and a new opening may take its index before
		// it comes back: a new epoch of the game's audits makes auditBack
		// ignore it. The queue held only later openings, all taken back.
		d.game, d.queue = g.version, nil
		return err
	}
	d.queue = slices.DeleteFunc(d.queue, func(j auditJob) bool { return j.index >= n })
	return err
}

package ui

import (
	"slices"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// undo takes back the last move (see game.Game.Undo), drops the analyses
// still to come of the openings it took back, and tells the keeper when a
// game that had ended plays on: it was kept when it ended, and is now
// marked undone there.
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
		for i := range g.Openings() {
			if g.Opening(i).Pending && !queued[i] {
				running = i
				break
			}
		}
	}
	over := g.Status() != board.Playing
	err := g.Undo(now)
	if over && g.Status() == board.Playing && (u.counts.Number > 0 || u.counts.Pending) && u.keep != nil && u.rp == nil {
		k := g.Record(now)
		u.keep.Reopened(k, u.counts.Number)
	}
	n := g.Openings()
	if running >= n {
		// Its opening was taken back: it is stopped, and a new epoch of the
		// game's audits makes auditBack ignore an answer already on its
		// way. The queue held only later openings, all taken back.
		u.stop(jobAudit)
		d.game, d.queue, d.running = g.Version(), nil, false
		return err
	}
	d.queue = slices.DeleteFunc(d.queue, func(j auditJob) bool { return j.index >= n })
	return err
}

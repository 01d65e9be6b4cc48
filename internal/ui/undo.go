package ui

import (
	"slices"
)

// undo takes back the last move (see play.Play.Undo: the keeper is told
// when a game that had ended plays on), and drops the analyses still to
// come of the openings it took back.
func (u *ui) undo() error {
	g, d := u.g, &u.aud
	// The analysis running off the loop, if any, is of the first opening
	// still pending that no queued job is for.
	running := -1
	if u.running(jobAudit) {
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
	_, err := u.p.Undo()
	n := g.Openings()
	if running >= n {
		// Its opening was taken back: it is stopped, and a new epoch of the
		// game's audits makes auditBack ignore an answer already on its
		// way. The queue held only later openings, all taken back.
		u.stop(jobAudit)
		d.game, d.queue = g.Version(), nil
		return err
	}
	d.queue = slices.DeleteFunc(d.queue, func(j auditJob) bool { return j.index >= n })
	return err
}

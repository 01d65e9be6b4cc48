package ui

import (
	"context"
	"fmt"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// auditJob is an opening whose analysis waits its turn.
type auditJob struct {
	version uint64 // the game, by its first version, that the job belongs to
	index   int
	at      board.Point
	view    *solver.View
}

// audited is the data of the event that brings an opening's analysis
// back to the loop.
type audited struct {
	job auditJob
	an  *solver.Analysis
	err error
}

// auditor analyses the openings one at a time, off the loop, in order,
// as jobs of the kind jobAudit, so that their answers come back as every
// job's do and a game that ends stops its analysis.
type auditor struct {
	queue []auditJob
	game  uint64 // the version the current game started at
}

// maxAuditQueue is the most openings waiting for their analysis: each
// holds a view of its board (2 bytes a cell), so a player opening cells
// faster than they are analysed on a large board must not hold views
// without end. Past it the oldest waiting opening is not counted (the
// last, the one that may lose the game, always is).
const maxAuditQueue = 8

// audit judges the opening index of g about to be made at p (see
// play.Config.Audit) on the board as it stands: with the ready analysis
// when it is of this board, at once when the board is small, else off the
// loop.
func (u *ui) audit(g *game.Game, index int, p board.Point) {
	if a := &u.as; a.ready && a.version == g.Version() && a.err == nil {
		g.Judge(index, p, a.an)
		return
	}
	b := g.Board()
	v, err := solver.NewView(b.Width(), b.Height(), b.Mines(), b.Tiles(nil))
	if err != nil {
		g.Judge(index, p, nil)
		return
	}
	if b.Width()*b.Height() <= play.SyncAuditCells {
		an, err := u.solver().Analyze(context.Background(), v, g.Settings().Rule)
		if err != nil {
			an = nil
		}
		g.Judge(index, p, an)
		return
	}
	if q := u.aud.queue; len(q) >= maxAuditQueue {
		g.Judge(q[0].index, q[0].at, nil)
		u.aud.queue = q[1:]
	}
	u.aud.queue = append(u.aud.queue, auditJob{version: u.aud.game, index: index, at: p, view: v})
	u.auditNext(u.scr)
}

// auditNext starts the next queued analysis, unless one runs.
func (u *ui) auditNext(s tcell.Screen) {
	d := &u.aud
	if u.running(jobAudit) || len(d.queue) == 0 {
		return
	}
	job := d.queue[0]
	d.queue = d.queue[1:]
	rule, sv := u.g.Settings().Rule, u.solver()
	u.start(s, jobAudit, func(ctx context.Context) any {
		an, err := sv.Analyze(ctx, job.view, rule)
		return audited{job: job, an: an, err: err}
	})
}

// auditBack records an opening's analysis and starts the next.
func (u *ui) auditBack(s tcell.Screen, d audited) {
	if d.job.version == u.aud.game {
		an := d.an
		if d.err != nil {
			an = nil
		}
		u.g.Judge(d.job.index, d.job.at, an)
	}
	u.auditNext(s)
}

// newAudits forgets the queued analyses of the last game, and stops the
// one running: a new game or a restart.
func (u *ui) newAudits() {
	u.stop(jobAudit)
	u.aud.queue = nil
	u.aud.game = u.g.Version()
}

func abs(x int) int { return max(x, -x) }

// showSafe moves the cursor to the cell that was certainly safe when the
// fatal cell was opened.
func (u *ui) showSafe() {
	o, ok := u.g.Fatal()
	if !ok || o.Pending || !o.Safe {
		u.v.message = "no certainly safe cell to show"
		return
	}
	u.v.cursor = o.SafeAt
	u.v.message = fmt.Sprintf("%s was certainly safe when the last cell was opened", o.SafeAt.Shown())
}

package ui

import (
	"context"
	"fmt"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// opening is one cell the player opened, as the solver saw the board just
// before: whether it was a guess the game forced, and with what chance.
type opening struct {
	at      board.Point
	pending bool        // its analysis has not come back yet
	failed  bool        // its analysis failed (a view no layout fits cannot happen in play)
	mine    float64     // the chance that the cell held a mine
	safe    bool        // some closed cell was certainly safe
	safeAt  board.Point // the certainly safe cell nearest the opened one, when safe
	sure    bool        // the opened cell itself was certainly safe
}

// guess reports whether the opening was a guess the game forced: no cell
// was certainly safe.
func (o opening) guess() bool { return !o.pending && !o.failed && !o.safe }

// auditJob is an opening whose analysis waits its turn.
type auditJob struct {
	version uint64 // the game, by its first version, that the job belongs to
	index   int
	view    *solver.View
}

// audited is the data of the event that brings an opening's analysis
// back to the loop.
type audited struct {
	job auditJob
	an  *solver.Analysis
	err error
}

// auditor analyses the openings one at a time, off the loop, in order.
type auditor struct {
	queue   []auditJob
	running bool
	game    uint64 // the version the current game started at
}

// syncAuditCells is the largest board whose openings are analysed on the
// loop: on expert (480 cells) an analysis takes well under a millisecond
// (p99 0.5 ms, see BenchmarkHintExpert); on larger boards it may take
// longer than a frame.
const syncAuditCells = 1 << 11

// audit records that the player is about to open the closed cell at p,
// and has the board as it stands analysed: at once when the ready analysis
// is of this board or the board is small, else off the loop.
func (u *ui) audit(s tcell.Screen, p board.Point) {
	g := u.g
	if g.b.Status() != board.Playing || g.b.SafeLeft() == g.b.Width()*g.b.Height()-g.b.Mines() && !g.reopen {
		return // over, or the first opening: the rule decides, not the player
	}
	o := opening{at: p, pending: true}
	g.opens = append(g.opens, o)
	index := len(g.opens) - 1
	if a := &u.as; a.ready && a.version == g.version && a.err == nil {
		g.opens[index] = judge(o, a.an)
		return
	}
	v, err := solver.NewView(g.b.Width(), g.b.Height(), g.b.Mines(), g.b.Tiles(nil))
	if err != nil {
		g.opens[index].pending, g.opens[index].failed = false, true
		return
	}
	if g.b.Width()*g.b.Height() <= syncAuditCells {
		an, err := solver.New(solver.Options{Rule: g.kind.Rule}).Analyze(v)
		if err != nil {
			g.opens[index].pending, g.opens[index].failed = false, true
		} else {
			g.opens[index] = judge(o, an)
		}
		return
	}
	u.aud.queue = append(u.aud.queue, auditJob{version: u.aud.game, index: index, view: v})
	u.auditNext(s)
}

// auditNext starts the next queued analysis, unless one runs.
func (u *ui) auditNext(s tcell.Screen) {
	d := &u.aud
	if d.running || len(d.queue) == 0 {
		return
	}
	job := d.queue[0]
	d.queue = d.queue[1:]
	d.running = true
	rule := u.g.kind.Rule
	go func() {
		an, err := solver.New(solver.Options{Rule: rule}).AnalyzeContext(context.Background(), job.view)
		post(s, audited{job: job, an: an, err: err}, u.done)
	}()
}

// auditBack records an opening's analysis and starts the next.
func (u *ui) auditBack(s tcell.Screen, d audited) {
	u.aud.running = false
	if d.job.version == u.aud.game && d.job.index < len(u.g.opens) {
		o := &u.g.opens[d.job.index]
		if d.err != nil {
			o.pending, o.failed = false, true
		} else {
			*o = judge(*o, d.an)
		}
	}
	u.auditNext(s)
}

// newAudits forgets the openings of the last game: a new game or a
// restart.
func (u *ui) newAudits() {
	u.g.opens = nil
	u.aud.queue = nil
	u.aud.game = u.g.version
}

// judge fills opening o from the analysis of the board just before it.
func judge(o opening, an *solver.Analysis) opening {
	o.pending = false
	o.mine = an.Prob(o.at)
	o.sure, _ = an.Certain(o.at)
	best := -1
	for _, p := range an.Safe() {
		if d := max(abs(p.X-o.at.X), abs(p.Y-o.at.Y)); best < 0 || d < best {
			o.safeAt, best = p, d
		}
	}
	o.safe = best >= 0
	return o
}

func abs(x int) int { return max(x, -x) }

// verdict sums up the openings of a finished game: the guesses it forced,
// each with the chance the player survived it, and after a loss whether
// the fatal cell was a forced guess. It is empty while the game goes on.
func (g *game) verdict() string {
	st := g.b.Status()
	if st == board.Playing {
		return ""
	}
	var b strings.Builder
	pending := 0
	var guesses []string
	for _, o := range g.opens {
		switch {
		case o.pending:
			pending++
		case o.guess():
			guesses = append(guesses, survival(o.mine))
		}
	}
	switch len(guesses) {
	case 0:
		b.WriteString("no guess forced")
	case 1:
		fmt.Fprintf(&b, "1 guess: %s", guesses[0])
	default:
		fmt.Fprintf(&b, "%d guesses: %s", len(guesses), strings.Join(guesses, ", "))
	}
	switch {
	case pending == 1:
		b.WriteString(" (1 opening still being counted)")
	case pending > 1:
		fmt.Fprintf(&b, " (%d openings still being counted)", pending)
	}
	if st == board.Lost {
		if o, ok := g.fatal(); ok && !o.pending && !o.failed {
			if o.safe {
				fmt.Fprintf(&b, "; lost on a %s mine; %v was safe: w shows it", solver.Percent(o.mine), o.safeAt)
			} else {
				fmt.Fprintf(&b, "; lost on a forced guess, a %s chance of a mine", solver.Percent(o.mine))
			}
		}
	}
	return b.String()
}

// fatal returns the opening that lost the game.
func (g *game) fatal() (opening, bool) {
	hit, ok := g.b.Hit()
	if !ok || len(g.opens) == 0 || g.opens[len(g.opens)-1].at != hit {
		return opening{}, false
	}
	return g.opens[len(g.opens)-1], true
}

// survival writes the chance of surviving a guess with chance p of a mine.
func survival(p float64) string { return solver.Percent(1 - p) }

// showSafe moves the cursor to the cell that was certainly safe when the
// fatal cell was opened.
func (u *ui) showSafe() {
	o, ok := u.g.fatal()
	if !ok || o.pending || !o.safe {
		u.v.message = "no certainly safe cell to show"
		return
	}
	u.v.cursor = o.safeAt
	u.v.message = fmt.Sprintf("%v was certainly safe when the last cell was opened", o.safeAt)
}

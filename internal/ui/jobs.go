package ui

import (
	"context"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/solver"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
)

// jobKind is a kind of work the game runs off its loop.
type jobKind uint8

// The kinds of work. A new job of a kind cancels the one of that kind still
// running, whose answer is then dropped.
const (
	jobAnalyse jobKind = iota // the analysis behind a hint, the flags and the odds
	jobAuto                   // auto-play's next move
	jobAudit                  // the analysis of an opening, for the guess count
	jobClaim                  // the game left unfinished, claimed beside the first frame
	jobLay                    // laying the mines of a large or no-guess board
	jobLeaders                // reading the server's leaderboards
	jobTick                   // the clock's next tick
	jobThink                  // the redraw when the thinking mark is due
	jobKinds
)

// jobKindNames are the names of the jobKind values, by value.
var jobKindNames = [...]string{
	jobAnalyse: "analyse",
	jobAuto:    "auto",
	jobAudit:   "audit",
	jobClaim:   "claim",
	jobLay:     "lay",
	jobLeaders: "leaders",
	jobTick:    "tick",
	jobThink:   "think",
}

// String returns the kind's name.
func (k jobKind) String() string { return enumName(jobKindNames[:], k, "jobKind") }

// jobs is the one way the game runs work off its loop, as bubbletea's
// commands do: a job gets a context, a newer job of its kind cancels it,
// and its answer comes back to the loop as one event, jobDone, which the
// loop drops unless the job is still the latest of its kind.
type jobs struct {
	seq    [jobKinds]uint64
	cancel [jobKinds]context.CancelFunc
}

// jobDone is the data of the event that brings a job's answer back.
type jobDone struct {
	kind jobKind
	seq  uint64
	v    any
}

// start runs work off the loop as the latest job of kind, cancelling the
// one before, and posts its answer to s.
func (u *ui) start(s tcell.Screen, kind jobKind, work func(context.Context) any) {
	j := &u.jobs
	if c := j.cancel[kind]; c != nil {
		c()
	}
	ctx, cancel := context.WithCancel(context.Background())
	j.seq[kind]++
	j.cancel[kind] = cancel
	seq, done := j.seq[kind], u.done
	go func() {
		defer func() {
			// A panic off the loop is raised again on it, where the
			// terminal is restored before it goes on up (see playOn).
			if r := recover(); r != nil {
				term.Post(s, jobPanic{kind: kind, v: r, stack: debug.Stack()}, done)
			}
		}()
		v := work(ctx)
		if ctx.Err() == nil {
			term.Post(s, jobDone{kind: kind, seq: seq, v: v}, done)
		}
	}()
}

// jobPanic is the data of the event that brings a job's panic back to
// the loop.
type jobPanic struct {
	kind  jobKind
	v     any
	stack []byte
}

// String describes the panic, with the job's stack.
func (p jobPanic) String() string {
	return fmt.Sprintf("%v (in a %v job)\n%s", p.v, p.kind, p.stack)
}

// stopAll cancels every running job: the game is over, and nothing is to
// go on working for it.
func (u *ui) stopAll() {
	for k := range jobKinds {
		u.stop(k)
	}
}

// stop cancels the running job of kind, if any: its answer is dropped.
func (u *ui) stop(kind jobKind) {
	j := &u.jobs
	if c := j.cancel[kind]; c != nil {
		c()
		j.cancel[kind] = nil
	}
	j.seq[kind]++
}

// running reports whether a job of kind runs: started, and neither
// stopped nor back.
func (u *ui) running(kind jobKind) bool { return u.jobs.cancel[kind] != nil }

// after runs a job of kind that comes back with data after d, unless it is
// stopped first: the clock's ticks, a mark due on the screen.
func (u *ui) after(s tcell.Screen, kind jobKind, d time.Duration, data any) {
	u.start(s, kind, func(ctx context.Context) any {
		wait(ctx, d)
		return data
	})
}

// wait waits d, or until ctx is done if that comes first: a job's time
// off the loop (the clock's tick, auto-play's pace).
func wait(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// latest reports whether d is the answer of the latest job of its kind,
// still wanted, and marks the kind as running nothing.
func (u *ui) latest(d jobDone) bool {
	j := &u.jobs
	if d.seq != j.seq[d.kind] || j.cancel[d.kind] == nil {
		return false
	}
	j.cancel[d.kind]()
	j.cancel[d.kind] = nil
	return true
}

// Solver is what the game asks of the solver, off its loop. Config.Solver
// sets it; nil means the real one.
type Solver interface {
	// Hint returns a safe cell near near, or the best guess, with the
	// analysis of the view.
	Hint(ctx context.Context, v *solver.View, rule board.FirstClick, near board.Point) (solver.Hint, *solver.Analysis, error)
	// Analyze returns the analysis of the view.
	Analyze(ctx context.Context, v *solver.View, rule board.FirstClick) (*solver.Analysis, error)
	// Next returns the solver's next move on the view, its choices between
	// equal guesses fixed by seed.
	Next(ctx context.Context, v *solver.View, rule board.FirstClick, seed uint64) (board.Point, error)
}

// realSolver is package solver behind Solver: a new solver for each job,
// since a cancelled job's may still be thinking when the next starts.
type realSolver struct{}

// Hint asks a new solver of rule for a hint near near.
func (realSolver) Hint(ctx context.Context, v *solver.View, rule board.FirstClick, near board.Point) (solver.Hint, *solver.Analysis, error) {
	return solver.New(solver.Options{Rule: rule}).Hint(ctx, v, near)
}

// Analyze asks a new solver of rule for the analysis of v.
func (realSolver) Analyze(ctx context.Context, v *solver.View, rule board.FirstClick) (*solver.Analysis, error) {
	return solver.New(solver.Options{Rule: rule}).AnalyzeContext(ctx, v)
}

// Next asks a new solver of rule, reseeded with seed, for its next move.
func (realSolver) Next(_ context.Context, v *solver.View, rule board.FirstClick, seed uint64) (board.Point, error) {
	p := solver.New(solver.Options{Rule: rule})
	p.Reseed(seed)
	return p.Next(v)
}

// solver returns the solver the game asks.
func (u *ui) solver() Solver {
	if u.cfg.Solver != nil {
		return u.cfg.Solver
	}
	return realSolver{}
}

// enumName returns the name of v in names, the names of its type's values
// by value, or typ(N) for a value without one.
func enumName[T ~uint8](names []string, v T, typ string) string {
	if int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, uint8(v))
}

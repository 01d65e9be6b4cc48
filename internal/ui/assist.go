package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// thinkingAfter is how long an analysis runs before the footer says the
// solver is thinking: on expert boards it is back within a frame, and the
// word would only flicker.
const thinkingAfter = 100 * time.Millisecond

// want is what the player asked the solver for, done when its analysis of
// the board comes back.
type want uint8

// The requests.
const (
	wantNothing want = iota
	wantHint         // move the cursor to a safe cell, or explain it
	wantFlags        // flag every certain mine
)

// wantNames are the names of the want values, by value.
var wantNames = [...]string{
	wantNothing: "nothing",
	wantHint:    "hint",
	wantFlags:   "flags",
}

// String returns the request's name.
func (w want) String() string { return enumName(wantNames[:], w, "want") }

// assist is the solver's side of the view: the analysis of the board, made
// off the loop, and what the player asked of it. An analysis is of one
// version of the game's board; a move makes it stale and cancels it if it
// still runs.
type assist struct {
	version uint64      // the board version of the result below, or of the running job
	near    board.Point // the cursor the hint was chosen near
	ready   bool        // hint and an hold the analysis of version
	hint    solver.Hint
	an      *solver.Analysis
	err     error

	started time.Time // when the running job (jobAnalyse) started

	want   want
	hinted bool // the cursor was moved to hint.Cell: a second s explains it
	odds   bool // the odds view is on: it asks for each new board's analysis
	// oddsLogged reports whether the odds view was logged in the game
	// since it was last turned on.
	oddsLogged bool
}

// analysed is the answer of an analysis job.
type analysed struct {
	version uint64
	hint    solver.Hint
	an      *solver.Analysis
	err     error
}

// ask asks the solver for w on the board as it stands: at once when its
// analysis is ready, else once the analysis started here comes back.
// Asking for nothing only starts the analysis, quietly, as the odds view
// does after each move.
func (u *ui) ask(s tcell.Screen, w want) {
	g, b := u.g, u.g.Board()
	if b.Status() != board.Playing || b.SafeLeft() == b.Width()*b.Height()-b.Mines() {
		switch {
		case w == wantNothing:
		case b.Status() != board.Playing:
			u.v.message = overMessage
		default:
			u.v.message = game.ErrNotStarted.Error()
		}
		return
	}
	a := &u.as
	// A ready hint serves where it was chosen, or once the cursor is on it;
	// moved elsewhere, the player gets one near the cursor.
	fresh := w != wantHint || a.near == u.v.cursor || a.hint.Cell == u.v.cursor
	if a.ready && a.version == g.Version() && fresh {
		u.answer(w)
		return
	}
	if w != wantNothing {
		a.want = w
	}
	if u.running(jobAnalyse) && a.version == g.Version() && (fresh || a.near == u.v.cursor) {
		return
	}
	u.stop(jobAnalyse)
	u.stale()
	a.want = w
	v, err := solver.NewView(b.Width(), b.Height(), b.Mines(), b.Tiles(nil))
	if err != nil {
		u.v.message = err.Error()
		a.want = wantNothing
		return
	}
	a.version, a.near, a.ready = g.Version(), u.v.cursor, false
	a.started = u.cfg.Now()
	version, rule, near, sv := g.Version(), g.Settings().Rule, u.v.cursor, u.solver()
	u.start(s, jobAnalyse, func(ctx context.Context) any {
		h, an, err := sv.Hint(ctx, v, rule, near)
		return analysed{version: version, hint: h, an: an, err: err}
	})
	// Redraw when the thinking mark is due, if the answer is not back.
	u.after(s, jobThink, thinkingAfter, nil)
}

// stale cancels a running analysis and forgets a result: the board has
// changed since.
func (u *ui) stale() {
	a := &u.as
	if u.running(jobAnalyse) && a.version != u.g.Version() {
		u.stop(jobAnalyse)
		a.want = wantNothing
	}
	if a.version != u.g.Version() {
		a.ready, a.hinted = false, false
	}
}

// analysedBack takes an analysis that came back to the loop, and does what
// the player asked for if the board has not changed since.
func (u *ui) analysedBack(d analysed) {
	a := &u.as
	if d.version != u.g.Version() {
		return // stale: a newer move or request cancelled it
	}
	a.hint, a.an, a.err, a.ready = d.hint, d.an, d.err, true
	w := a.want
	a.want = wantNothing
	u.answer(w)
	u.logOdds()
}

// toggleOdds shows or hides the odds view.
func (u *ui) toggleOdds(s tcell.Screen) {
	a := &u.as
	a.odds, a.oddsLogged = !a.odds, false
	if !a.odds {
		return
	}
	u.v.message = fmt.Sprintf("odds: chance of a mine in tenths, 3 is 30%%; %s safe, %s a mine",
		u.th.OddsSafe[0]+u.th.OddsSafe[1], u.th.OddsMine[0]+u.th.OddsMine[1])
	u.ask(s, wantNothing)
	u.logOdds()
}

// logOdds logs in the game that the odds view shows the odds of a started
// board, once each time it is turned on: before the first opening it shows
// nothing, and marks nothing.
func (u *ui) logOdds() {
	a := &u.as
	if !a.odds || a.oddsLogged || u.rp != nil || u.oddsShown() == nil {
		return
	}
	if _, err := u.p.Apply(game.Move{Action: game.Odds}); err == nil {
		a.oddsLogged = true
	}
}

// freshOdds asks for the analysis of a changed board while the odds view
// is on.
func (u *ui) freshOdds(s tcell.Screen) {
	if a := &u.as; a.odds && !u.running(jobAnalyse) && !(a.ready && a.version == u.g.Version()) {
		u.ask(s, wantNothing)
	}
}

// oddsShown returns the analysis the odds view shows, or nil when the view
// is off or its analysis is not back.
func (u *ui) oddsShown() *solver.Analysis {
	a := &u.as
	if !a.odds || !a.ready || a.version != u.g.Version() || a.err != nil || u.g.Status() != board.Playing {
		return nil
	}
	return a.an
}

// thinking reports whether the footer says the solver is thinking.
func (u *ui) thinking(now time.Time) bool {
	return u.running(jobAnalyse) && now.Sub(u.as.started) >= thinkingAfter
}

// answer does w with the ready analysis: the hint and the flags are moves
// of the game, logged, so undo, saves and replays see them.
func (u *ui) answer(w want) {
	a, g, now := &u.as, u.g, u.cfg.Now()
	if a.err != nil {
		if errors.Is(a.err, solver.ErrInconsistent) {
			u.v.message = "the solver finds no layout of mines that fits the board"
		} else {
			u.v.message = "the solver failed: " + a.err.Error()
		}
		return
	}
	switch w {
	case wantHint:
		h := a.hint
		if _, err := u.p.ApplyAt(game.Move{Action: game.Hint, At: h.Cell}, now); err != nil {
			u.v.message = messageFor(err)
			return
		}
		u.stale()
		if a.hinted && u.v.cursor == h.Cell || !h.Safe() {
			u.v.cursor = h.Cell
			a.hinted = true
			u.v.message = h.String()
			return
		}
		u.v.cursor = h.Cell
		a.hinted = true
		u.v.message = fmt.Sprintf("safe: %s; s again says why", h.Cell.Shown())
	case wantFlags:
		n := 0
		for _, p := range a.an.Mines() {
			if g.Board().Mark(p) == board.Flag {
				n++ // flagged already: still certain
				continue
			}
			if _, err := u.p.ApplyAt(game.Move{Action: game.FlagMine, At: p}, now); err == nil {
				n++
			}
		}
		u.v.message = "no mine is certain yet"
		if n > 0 {
			u.v.message = fmt.Sprintf("%s certain: all flagged", countMines(n))
		}
	}
}

// countMines returns "1 mine is" or "3 mines are".
func countMines(n int) string {
	if n == 1 {
		return "1 mine is"
	}
	return fmt.Sprintf("%d mines are", n)
}

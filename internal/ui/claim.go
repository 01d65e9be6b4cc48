package ui

import (
	"context"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
)

// maxHeld is how many of the player's events wait for the claim's answer
// (see Config.Claim); more are dropped, as a terminal drops keys typed
// faster than a program reads them.
const maxHeld = 256

// claimAnswer is the answer of the claim job: the start as the claim
// left it, and the game it resumes, laid again (nil when it resumes
// none), its board back at back.
type claimAnswer struct {
	start play.Start
	g     *game.Game
	back  time.Time
	err   error
}

// claim starts the claim of the game left unfinished (Config.Claim) off
// the loop, beside the first frame; until it comes back (claimBack), the
// player's events are held (hold).
func (u *ui) claim(s tcell.Screen) {
	st, claim, now := u.cfg.Start, u.cfg.Claim, u.cfg.Now
	gc := game.Config{QuestionMarks: u.cfg.Prefs.QuestionMarks}
	done := make(chan struct{})
	u.claiming, u.holding = done, true
	u.start(s, jobClaim, func(context.Context) any {
		defer close(done)
		a := claimAnswer{start: st}
		if a.err = claim(&a.start); a.err != nil || a.start.Resume == nil {
			return a
		}
		a.g, a.err = play.First(a.start, gc, func() time.Time {
			a.back = now()
			return a.back
		})
		return a
	})
}

// claimed waits for the claim to be over, if one was started: it works on
// the session, which is the caller's again once Run returns.
func (u *ui) claimed() {
	if u.claiming != nil {
		<-u.claiming
	}
}

// claimBack takes the claim's answer: the game it resumes replaces the
// new game drawn until then, the resume question asked; a game left
// unfinished that is played elsewhere is said; a claim that failed is
// said, the new game played. The events held meanwhile are then handled.
func (u *ui) claimBack(a claimAnswer) {
	u.holding = false
	if a.err != nil {
		u.v.message = "the game left unfinished was not read: " + a.err.Error()
		return
	}
	u.cfg.Start = a.start
	if a.g == nil {
		if a.start.Elsewhere > 0 {
			u.v.message = play.ElsewhereNote
		}
		return
	}
	u.setPlay(u.newPlay(a.g))
	u.newAudits()
	u.stale()
	u.begin(a.back)
}

// hold reports whether ev is one of the player's events that waits for
// the claim's answer, and keeps it to handle then (see handleHeld).
func (u *ui) hold(ev tcell.Event) bool {
	if !u.holding {
		return false
	}
	switch ev.(type) {
	case *tcell.EventKey, *tcell.EventMouse, *tcell.EventPaste:
		if len(u.held) < maxHeld {
			u.held = append(u.held, ev)
		}
		return true
	}
	return false
}

// handleHeld handles the events held for the claim once it is back, in
// order, and reports whether one of them ended the game.
func (u *ui) handleHeld(s tcell.Screen) bool {
	for !u.holding && len(u.held) > 0 {
		ev := u.held[0]
		u.held = u.held[1:]
		if u.handle(s, ev) {
			return true
		}
		u.settle(s)
	}
	return false
}

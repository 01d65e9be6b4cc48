package ui

import (
	"fmt"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
)

// askResume pauses the game resumed at the start, its board hidden, its
// clock stopped at back (the time its board was back), and asks the
// player whether to go on with it or to start a new game (see
// answerResume).
func (u *ui) askResume(back time.Time) {
	if u.g.Status() == board.Playing {
		u.g.SetStop(game.StopPause, true, back)
		u.v.overlay = resumeOverlay
	}
}

// answerResume reads the player's answer to the resume prompt from a key: go on
// with the saved game, start a new one, or quit (the game stays saved).
// Other keys leave the prompt open. It reports whether the game should end.
func (u *ui) answerResume(s tcell.Screen, ev *tcell.EventKey) bool {
	now := u.cfg.Now()
	switch c := u.keyCommand(ev); {
	case c.Act == keys.ActQuit, keys.CtrlLetter(ev) == 'c':
		return true
	case ev.Key() == tcell.KeyEnter, ev.Key() == tcell.KeyRune && (ev.Rune() == 'y' || ev.Rune() == 'Y'):
		u.v.overlay = noOverlay
		u.g.TogglePause(now)
	case ev.Key() == tcell.KeyRune && (ev.Rune() == 'n' || ev.Rune() == 'N'):
		u.v.overlay = noOverlay
		// Given up ("it is then lost": the prompt asked) for the daily
		// board again, as practice, or a new game.
		if err := u.p.Restarted(u.cfg.Start); err != nil {
			u.v.message = err.Error()
		}
		u.placeCursor()
		u.newAudits()
	case c.Act == keys.ActSuspend:
		return u.do(s, c)
	}
	return false
}

// resumeLines returns the resume prompt's text; with Start.GiveUp (-new),
// the question n asks in a game.
func (u *ui) resumeLines() []string {
	b := u.g.Board()
	safe := b.Width()*b.Height() - b.Mines()
	head := "A game of this board was left unfinished"
	switch o := u.cfg.Start.Others; {
	case o == 1:
		head += " (and 1 more, older)"
	case o > 1:
		head += fmt.Sprintf(" (and %d more, older)", o)
	}
	if o := u.cfg.Start.Elsewhere; o > 0 {
		head += fmt.Sprintf("; %d more played elsewhere", o)
	}
	lines := []string{
		head + ":",
		fmt.Sprintf("%s played, %d of %d safe cells open.", clockText(u.g.Elapsed(u.cfg.Now())), safe-b.SafeLeft(), safe),
		"",
		"  y, Enter  go on with it",
		"  n         start a new game (it is then lost)",
		"  q         quit (it stays saved)",
	}
	if u.cfg.Start.GiveUp {
		lines[2] = "-new gives it up for a new game: it counts as a loss."
		lines[3], lines[4] = "  n         give it up, start a new game", "  y, Enter  go on with it instead"
	}
	return lines
}

// clockText writes a clock's time as minutes and seconds, "3:07", or as
// seconds under a minute, "42 s".
func clockText(d time.Duration) string {
	secs := int(d / time.Second)
	if secs < 60 {
		return fmt.Sprintf("%d s", secs)
	}
	return fmt.Sprintf("%d:%02d", secs/60, secs%60)
}

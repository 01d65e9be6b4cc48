package ui

import (
	"fmt"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Kept is a game as it was kept, by the history or as a saved game: its
// layout, its moves with their times, and how it stood. A resumed game
// goes on from it; a replay plays it back.
type Kept struct {
	Mines    []board.Point // the layout, of Config.Board's size and mine count
	Moves    []TimedMove   // in order, timed from the first opening
	Elapsed  time.Duration // the clock when it was kept
	Seed     uint64        // the seed it was laid from
	Source   string        // the record file it came from, if it did; else the seed is shown
	Assisted bool          // the solver helped
	Undone   bool          // a move was taken back
}

// load makes the game k's board, every cell closed and the clock at zero,
// with k's marks of help and undo: the moves are then played by the ui
// (see ui.playKept), so that the openings are audited as in play.
func (g *game) load(k *Kept) error {
	if len(k.Mines) != g.kind.Mines {
		return fmt.Errorf("the kept game has %d mines, its board %d", len(k.Mines), g.kind.Mines)
	}
	b, err := board.New(g.kind.Width, g.kind.Height, k.Mines)
	if err != nil {
		return fmt.Errorf("the kept game's layout: %w", err)
	}
	b.SetQuestionMarks(g.cfg.QuestionMarks)
	g.b, g.seed, g.fixed = b, k.Seed, k.Source != ""
	g.version++
	g.moves, g.note = nil, ""
	g.resetClock()
	g.assisted, g.undone, g.reopen = k.Assisted, k.Undone, false
	return nil
}

// play carries out m as the player's move at now: an opening of a closed
// cell is audited first, on the board as it stands (see audit).
func (u *ui) play(s tcell.Screen, m board.Move, now time.Time) error {
	if t := u.g.b.Tile(m.At); m.Action == board.Open && u.g.b.In(m.At) && (t == board.TileClosed || t == board.TileQuestion) {
		u.audit(s, m.At)
	}
	return u.g.apply(m, now)
}

// playKept plays moves as the player made them, each at its own time from
// the first opening, which is at base. Moves that fail change nothing and
// are skipped, as a record's clicks are; cfg.Finished is not told of a
// game they end, as it was told when the game was played.
func (u *ui) playKept(s tcell.Screen, moves []TimedMove, base time.Time) {
	g := u.g
	finished := g.cfg.Finished
	g.cfg.Finished = nil
	defer func() { g.cfg.Finished = finished }()
	for _, m := range moves {
		_ = u.play(s, m.Move, base.Add(m.At))
	}
}

// resume makes k, a game left before its end, the game in play: its
// moves played again on its layout and the clock at k.Elapsed at now. With
// ask the game is paused, its board hidden, and the player asked whether
// to go on with it or to start a new game (see answerResume).
func (u *ui) resume(s tcell.Screen, k *Kept, now time.Time, ask bool) error {
	if err := u.g.load(k); err != nil {
		return err
	}
	u.newAudits()
	u.playKept(s, k.Moves, now.Add(-k.Elapsed))
	if ask && u.g.b.Status() == board.Playing {
		u.g.setStop(stopPause, true, now)
		u.v.overlay = resumeOverlay
	}
	return nil
}

// answerResume reads the player's answer to the resume prompt from a key: go on
// with the saved game, start a new one with the configured seed, or quit
// (the game stays saved). Other keys leave the prompt open. It reports
// whether the game should end.
func (u *ui) answerResume(s tcell.Screen, ev *tcell.EventKey) bool {
	now := u.cfg.Now()
	switch c := keyCommand(ev); {
	case c.act == actQuit, ctrlLetter(ev) == 'c':
		return true
	case ev.Key() == tcell.KeyEnter, ev.Key() == tcell.KeyRune && (ev.Rune() == 'y' || ev.Rune() == 'Y'):
		u.v.overlay = noOverlay
		u.g.togglePause(now)
	case ev.Key() == tcell.KeyRune && (ev.Rune() == 'n' || ev.Rune() == 'N'):
		u.v.overlay = noOverlay
		if err := u.g.random(u.cfg.Seed); err != nil {
			u.v.message = err.Error()
		}
		u.newAudits()
		u.v.cursor = board.Point{}
	case c.act == actSuspend:
		return u.do(s, c)
	}
	return false
}

// resumeLines returns the resume prompt's text.
func (u *ui) resumeLines() []string {
	g := u.g
	safe := g.b.Width()*g.b.Height() - g.b.Mines()
	return []string{
		"A game of this board was left unfinished:",
		fmt.Sprintf("%s played, %d of %d safe cells open.", clockText(g.elapsed(u.cfg.Now())), safe-g.b.SafeLeft(), safe),
		"",
		"  y, Enter  go on with it",
		"  n         start a new game (it is then lost)",
		"  q         quit (it stays saved)",
	}
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

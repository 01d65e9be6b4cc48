package ui

import (
	"context"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/ui/leaders"
)

// leadersRead is the answer of a job that read the leaderboards.
type leadersRead struct {
	boards []history.Leaderboard
	err    error
}

// openLeaders opens the leaderboards overlay and reads its boards off
// the loop: those of the level in play, or of every level on a board of
// none. Off a server it only says there are none.
func (u *ui) openLeaders(s tcell.Screen) {
	read := u.cfg.Leaders
	if read == nil {
		u.v.message = leaders.None
		return
	}
	levels := []string{board.LevelOf(u.g.Settings())}
	lv := levels[0]
	if _, err := daily.Level(lv); err != nil {
		lv, levels = "", nil
		for _, l := range board.Levels {
			levels = append(levels, l.Name)
		}
	}
	u.v.overlay, u.v.helpTop = leadersOverlay, 0
	u.v.leaders = leaders.Open(lv)
	u.start(s, jobLeaders, func(ctx context.Context) any {
		var all []history.Leaderboard
		for _, l := range levels {
			boards, err := read(l)
			if err != nil {
				return leadersRead{err: err}
			}
			all = append(all, boards...)
		}
		return leadersRead{boards: all}
	})
}

// leadersBack takes the boards read, if their overlay is still open.
func (u *ui) leadersBack(r leadersRead) {
	if u.v.overlay == leadersOverlay {
		u.v.leaders.Back(r.boards, r.err)
	}
}

// leadersKey applies a key to the open leaderboards overlay: Tab, Right
// and l show the next board, Shift-Tab, Left and h the one before, Up
// and Down choose a row, Enter replays its game (Config.Replay). It
// reports whether it took the key (ok), and whether the game should end;
// a key it does not take is read as on any overlay: the arrows up and
// down scroll, Ctrl-C quits, Ctrl-Z suspends, Ctrl-L redraws, any other
// key closes it.
func (u *ui) leadersKey(s tcell.Screen, ev *tcell.EventKey) (done, ok bool) {
	step, l := 0, &u.v.leaders
	switch k := ev.Key(); {
	case k == tcell.KeyEnter && u.cfg.Replay != nil:
		if lb, ok := l.Chosen(); ok {
			u.replayEntry(s, lb, l.Row)
			return false, true
		}
	case k == tcell.KeyTab, k == tcell.KeyRight:
		step = 1
	case k == tcell.KeyBacktab, k == tcell.KeyLeft:
		step = -1
	case k == tcell.KeyRune && ev.Modifiers()&tcell.ModCtrl == 0: // Ctrl-L redraws
		switch ev.Rune() {
		case 'l':
			step = 1
		case 'h':
			step = -1
		}
	}
	switch c := u.keyCommand(ev); {
	case step != 0:
	case c.Act == keys.ActMove && c.DX == 0:
		// Up and down scroll a board too long for the screen, and
		// never close it: the arrows are the overlay's.
		u.scrollHelp(c.DY)
		l.Choose(c.DY)
		return false, true
	default:
		return false, false
	}
	if l.Switch(step) {
		u.v.helpTop = 0
	}
	return false, true
}

// replayEntry shows the replay of entry i of board lb (Config.Replay) on
// s until the viewer leaves; the events posted to the loop meanwhile are
// held, and handled after it.
func (u *ui) replayEntry(s tcell.Screen, lb history.Leaderboard, i int) {
	show, err := u.cfg.Replay(lb, i)
	if err != nil {
		u.v.leaders.Note = err.Error()
		return
	}
	u.v.message = show(s, func(ev tcell.Event) { u.held = append(u.held, ev) })
	u.whole = true // the replay drew on the screen
}

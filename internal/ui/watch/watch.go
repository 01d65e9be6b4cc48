// Package watch is the viewer's screen of a game played elsewhere (on a
// server, another session's): a read-only view of the player's frames
// (see play.Frame), drawn in the player's glyphs with the player's cursor,
// and the list of games to choose one from. It reads the frames and draws
// them, a game in play's once for all its viewers whose screens are alike
// (Live); nothing a viewer types reaches the game.
package watch

import (
	"fmt"
	"sync/atomic"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui/canvas"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// Source is a game followed.
type Source interface {
	// Frame copies the game's latest frame into f, or returns why it can
	// be followed no more (the player left): one line for the viewer.
	Frame(f *play.Frame) error
	// Changed has a token when the frame changed since Frame last read it.
	Changed() <-chan struct{}
}

// Look is how the viewer's screen looks: the viewer's own preferences.
type Look struct {
	ASCII, Mono bool
	Theme       string // a theme's name (see theme.Names); "" is the default
}

// changed is the data of the event posted when the frame changed.
type changed struct{}

// Follow draws the game of src, whose player is called name (printable),
// on r until the viewer leaves (q, Esc, Ctrl-C), r quits, or src can be
// followed no more; it returns the line that says why the view ended
// then, "" when the viewer left.
func Follow(r *remote.Screen, name string, look Look, src Source) string {
	return FollowOn(r.Tcell(), name, look, src, r.Quitting, nil)
}

// FollowOn is Follow on screen s, for a loop that lends its screen (the
// game's, from its leaderboards): quitting reports whether the view must
// end, and pass, when not nil, is handed the events posted to s that are
// not the view's (a job's answer, a tick), in order, for the loop to
// handle once the view ends; a term.Quit among them ends the view.
func FollowOn(s tcell.Screen, name string, look Look, src Source, quitting func() bool, pass func(tcell.Event)) string {
	th := newTheme(s, look)
	done := make(chan struct{})
	defer close(done)
	var pending atomic.Bool // a changed event is posted and not yet handled
	go func() {
		for {
			select {
			case <-done:
				return
			case <-src.Changed():
			}
			if !pending.Swap(true) {
				term.Post(s, changed{}, done)
			}
		}
	}()
	var f play.Frame
	var sh canvas.Shadow
	var at layout
	for {
		pending.Store(false) // before the read: a change after it is posted again
		if err := src.Frame(&f); err != nil {
			return err.Error()
		}
		sw, sh0 := s.Size()
		if w, h := sh.Size(); w != sw || h != sh0 {
			sh.Reset(sw, sh0)
			at = layout{}
		}
		drawFrame(canvas.On(s, &sh), th, name, &f, &at)
		s.Show()
		if quit := waitEvent(s, quitting, pass); quit {
			return ""
		}
	}
}

// Playback returns the show of src, the game of the player called name
// (printable) played back, for a loop that lends its screen (ui.Playback):
// FollowOn on that screen in look until the viewer leaves; stop is called
// then, and ends the playback.
func Playback(name string, look Look, src Source, stop func()) func(s tcell.Screen, pass func(tcell.Event)) string {
	return func(s tcell.Screen, pass func(tcell.Event)) string {
		defer stop()
		return FollowOn(s, name, look, src, func() bool { return false }, pass)
	}
}

// waitEvent waits for the next event worth a frame, handing pass those
// that are not the view's, and reports whether the view ends.
func waitEvent(s tcell.Screen, quitting func() bool, pass func(tcell.Event)) bool {
	for {
		ev := s.PollEvent()
		if ev == nil || quitting() {
			return true
		}
		switch ev := ev.(type) {
		case *tcell.EventResize:
			s.Sync()
			return false
		case *tcell.EventInterrupt:
			_, quit := ev.Data().(term.Quit)
			if _, ok := ev.Data().(changed); !ok && pass != nil {
				pass(ev)
			}
			return quit
		case *tcell.EventKey:
			if leaves(ev) {
				return true
			}
			if ev.Key() == tcell.KeyCtrlL { // the whole screen again
				s.Sync()
				return false
			}
		case *tcell.EventError:
			if pass != nil {
				pass(ev)
			}
			return true
		}
	}
}

// leaves reports whether key ev leaves a view or the list.
func leaves(ev *tcell.EventKey) bool {
	switch ev.Key() {
	case tcell.KeyEscape, tcell.KeyCtrlC:
		return true
	case tcell.KeyRune:
		return ev.Rune() == 'q' || ev.Rune() == 'Q'
	}
	return false
}

// newTheme returns the theme of look on s.
func newTheme(s tcell.Screen, look Look) *theme.Theme {
	if theme.Check(look.Theme) != nil {
		look.Theme = ""
	}
	return theme.New(look.Theme, look.ASCII || !term.IsUTF8(s.CharacterSet()), look.Mono, s.Colors())
}

// layout is where a frame put its board on a screen: the screen's size,
// and the column past the board's frame and the frame's bottom row.
type layout struct{ sw, sh, x1, y1 int }

// drawFrame draws frame f of the game of the player name on s: a header
// (whose game, mines left, time, state), the board in a frame scrolled to
// keep the cursor in view, and a footer. The screen around the board is
// blanked when the layout is not at, the last frame's, which it becomes:
// a viewer's frame puts the cells that may have changed, not the screen.
//
// Each cell is put once a frame: a cell blanked and then drawn again is
// one tcell sends again, and a viewer's frame would be the whole board
// each move instead of the cells that changed.
func drawFrame(s tcell.Screen, th *theme.Theme, name string, f *play.Frame, at *layout) {
	sw, sh := s.Size()
	// The terminal's own cursor rests on the player's, as on the
	// player's screen: where screen readers follow it.
	s.HideCursor()
	state := "playing"
	switch {
	case f.Status == board.Won:
		state = "won"
	case f.Status == board.Lost:
		state = "lost"
	case f.Hidden:
		state = "paused"
	}
	head := fmt.Sprintf("watching %s  Mines %d/%d  Time %d  [ %s ]  %dx%d, %.0f%% cleared",
		name, f.FlagsLeft, f.Mines, int(f.Elapsed/time.Second), state, f.Width, f.Height, 100*f.Cleared())
	line(s, 0, sw, head, th.Text)
	x1, y1 := drawBoard(s, th, f, 0, 1, sw, sh-4)
	if now := (layout{sw, sh, x1, y1}); now != *at {
		*at = now
		for y := 1; y < sh-1; y++ {
			x := 0
			if y <= y1 {
				x = x1
			}
			canvas.Blank(s, x, sw, y)
		}
	}
	if sh > 1 {
		line(s, sh-1, sw, "q stops watching", th.Text)
	}
}

// line puts text in style st on row y of a screen sw columns wide, the
// rest of the row blank.
func line(s tcell.Screen, y, sw int, text string, st tcell.Style) {
	canvas.Blank(s, canvas.PutText(s, 0, y, sw, text, st), sw, y)
}

// drawBoard draws the board of frame f in its frame at x0, y0, in at most
// w columns and rows rows for the cells, scrolled to keep the cursor in
// view; it returns the column past the frame's right edge and the frame's
// bottom row (x0 and y0-1 when there is no room). Every cell inside the
// frame is put.
func drawBoard(s tcell.Screen, th *theme.Theme, f *play.Frame, x0, y0, w, rows int) (int, int) {
	vc, vr := min(f.Width, (w-2)/theme.CellW), min(f.Height, rows)
	if vc <= 0 || vr <= 0 {
		return x0, y0 - 1
	}
	ox := max(0, min(f.Cursor.X-vc/2, f.Width-vc))
	oy := max(0, min(f.Cursor.Y-vr/2, f.Height-vr))
	x1, y1 := x0+vc*theme.CellW+1, y0+vr+1
	th.Box(s, x0, y0, x1, y1)
	if f.Hidden || len(f.Tiles) != f.Width*f.Height {
		// Left to right: a cell put makes the shadow forget the next.
		canvas.Blank(s, x0+1, x0+2, y0+1)
		canvas.Blank(s, canvas.PutText(s, x0+2, y0+1, x1, "hidden by the player", th.Text), x1, y0+1)
		for y := y0 + 2; y < y1; y++ {
			canvas.Blank(s, x0+1, x1, y)
		}
		return x1 + 1, y1
	}
	for y := oy; y < oy+vr; y++ {
		for x := ox; x < ox+vc; x++ {
			gl, st := th.Tile(f.Tiles[y*f.Width+x])
			sx := x0 + 1 + (x-ox)*theme.CellW
			if x == f.Cursor.X && y == f.Cursor.Y {
				st = th.Cursor(st)
				s.ShowCursor(sx, y0+1+y-oy)
			}
			s.Put(sx, y0+1+y-oy, gl[0], st)
			s.Put(sx+1, y0+1+y-oy, gl[1], st)
		}
	}
	return x1 + 1, y1
}

package watch

import (
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui/canvas"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// puts is a screen that counts the cells put on it.
type puts struct {
	tcell.Screen
	n int
}

func (p *puts) Put(x, y int, str string, st tcell.Style) (string, int) {
	p.n++
	return p.Screen.Put(x, y, str, st)
}

// A viewer's frame puts in tcell only the cells that changed since the
// last: a cell blanked and drawn again is one tcell sends again, and 200
// viewers each sent the whole board at each move of the player's.
func TestDrawFramePutsChanges(t *testing.T) {
	s := tcell.NewSimulationScreen("UTF-8")
	if err := s.Init(); err != nil {
		t.Fatal(err)
	}
	defer s.Fini()
	s.SetSize(80, 24)
	th := theme.New("", false, false, 256)
	tiles := make([]board.Tile, 81)
	frame := func(cursor board.Point, hidden bool) *play.Frame {
		f := &play.Frame{Width: 9, Height: 9, Mines: 10, FlagsLeft: 10, SafeLeft: 71, Cursor: cursor, Hidden: hidden}
		if !hidden {
			f.Tiles = tiles
		}
		return f
	}
	for _, tt := range []struct {
		name       string
		last, next *play.Frame
		most       int // cells put at most
	}{
		{"the same frame", frame(board.Point{X: 4, Y: 4}, false), frame(board.Point{X: 4, Y: 4}, false), 0},
		{"the cursor moved", frame(board.Point{X: 4, Y: 4}, false), frame(board.Point{X: 5, Y: 4}, false), 2 * theme.CellW},
		{"hidden again", frame(board.Point{X: 4, Y: 4}, true), frame(board.Point{X: 4, Y: 4}, true), 0},
	} {
		var sh canvas.Shadow
		var at layout
		sh.Reset(s.Size())
		p := &puts{Screen: s}
		c := canvas.On(p, &sh)
		// Twice: a cell put beside one the shadow knows not (the first
		// frame's) is put again once.
		drawFrame(c, th, "Alice", tt.last, &at)
		drawFrame(c, th, "Alice", tt.last, &at)
		p.n = 0
		drawFrame(c, th, "Alice", tt.next, &at)
		if p.n > tt.most {
			t.Errorf("%s: drawFrame put %d cells; want %d at most", tt.name, p.n, tt.most)
		}
	}
}

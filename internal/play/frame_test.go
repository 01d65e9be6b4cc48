package play

import (
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
)

// A frame is the board as the player sees it after each move: no mine
// before the loss, every mine after it; covered when the player's board
// is; its cells filled again when they change, a new game's too.
func TestFrame(t *testing.T) {
	p := newPlay(t, nil)
	var f Frame
	now := time.Date(2026, 1, 2, 3, 5, 0, 0, time.UTC)
	rows := func() string {
		var b strings.Builder
		for i, tl := range f.Tiles {
			if i > 0 && i%f.Width == 0 {
				b.WriteByte('/')
			}
			b.WriteByte(tl.Byte())
		}
		return b.String()
	}
	tests := []struct {
		move    *game.Move
		hidden  bool
		want    string
		cleared float64
		status  board.Status
	}{
		{nil, false, "#####/#####/#####/#####", 0, board.Playing},
		{&game.Move{Action: game.Open, At: board.Point{X: 4, Y: 0}}, false, "#1000/11000/00111/001##", 17.0 / 18, board.Playing},
		{nil, true, "", 17.0 / 18, board.Playing},
		{&game.Move{Action: game.Open, At: board.Point{X: 3, Y: 3}}, false, "*1000/11000/00111/001X#", 17.0 / 18, board.Lost},
	}
	for i, tt := range tests {
		if tt.move != nil {
			if _, err := p.Apply(*tt.move); err != nil {
				t.Fatalf("Apply(%v): %v", *tt.move, err)
			}
		}
		p.Frame(&f, board.Point{X: 1, Y: 2}, tt.hidden, now)
		if got := rows(); got != tt.want || f.Hidden != tt.hidden || f.Cleared() != tt.cleared || f.Status != tt.status || f.Cursor != (board.Point{X: 1, Y: 2}) {
			t.Errorf("step %d: Frame = %q hidden %v cleared %v %v cursor %v; want %q %v %v %v", i, got, f.Hidden, f.Cleared(), f.Status, f.Cursor, tt.want, tt.hidden, tt.cleared, tt.status)
		}
	}
	v := f.Version
	if err := p.NewGame(); err != nil {
		t.Fatal(err)
	}
	p.Frame(&f, board.Point{}, false, now)
	if f.Version == v || rows() != "#####/#####/#####/#####" {
		t.Errorf("Frame after a new game: version %d (%d before), %q; want another version, every cell closed", f.Version, v, rows())
	}
}

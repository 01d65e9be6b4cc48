package video

import (
	"slices"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// TestMoves turns button events on a 3x3 board of 16-pixel cells into
// moves, as the clones handle the mouse.
func TestMoves(t *testing.T) {
	c := func(x, y int) [2]int { return [2]int{x*16 + 8, y*16 + 8} }
	type ev struct {
		k  Kind
		at [2]int
	}
	tests := []struct {
		name   string
		events []ev
		want   []board.Move
	}{
		{"left click opens on release", []ev{{LeftPress, c(0, 0)}, {Move, c(1, 0)}, {LeftRelease, c(1, 0)}},
			[]board.Move{{Action: board.Open, At: board.Point{X: 1}}}},
		{"a release without its press opens", []ev{{LeftRelease, c(2, 2)}},
			[]board.Move{{Action: board.Open, At: board.Point{X: 2, Y: 2}}}},
		{"right press marks", []ev{{RightPress, c(1, 1)}, {RightRelease, c(2, 1)}},
			[]board.Move{{Action: board.Toggle, At: board.Point{X: 1, Y: 1}}}},
		{"both buttons chord once", []ev{{LeftPress, c(1, 1)}, {RightPress, c(1, 1)}, {RightRelease, c(1, 1)}, {LeftRelease, c(1, 1)}},
			[]board.Move{{Action: board.Chord, At: board.Point{X: 1, Y: 1}}}},
		{"right held, two left clicks chord twice", []ev{{RightPress, c(0, 0)}, {LeftPress, c(1, 1)}, {LeftRelease, c(1, 1)},
			{LeftPress, c(2, 2)}, {LeftRelease, c(2, 2)}, {RightRelease, c(2, 2)}},
			[]board.Move{{Action: board.Toggle}, {Action: board.Chord, At: board.Point{X: 1, Y: 1}}, {Action: board.Chord, At: board.Point{X: 2, Y: 2}}}},
		{"middle release chords", []ev{{MiddlePress, c(1, 2)}, {MiddleRelease, c(1, 2)}},
			[]board.Move{{Action: board.Chord, At: board.Point{X: 1, Y: 2}}}},
		{"off the board, nothing", []ev{{LeftPress, [2]int{48, 8}}, {LeftRelease, [2]int{48, 8}}}, nil},
	}
	for _, tt := range tests {
		v := &Video{Width: 3, Height: 3, SquareSize: 16}
		for i, e := range tt.events {
			v.addEvent(time.Duration(i)*time.Millisecond, e.k, e.at[0], e.at[1])
		}
		var got []board.Move
		for _, s := range v.Moves() {
			got = append(got, s.Move)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: Moves() = %v; want %v", tt.name, got, tt.want)
		}
	}
}

// TestPlayZeroChord plays a chord on an open zero whose neighbour a flag
// placed before the start kept closed through the flood, the flag since
// taken off: the chord opens it, and wins.
func TestPlayZeroChord(t *testing.T) {
	v := &Video{Width: 4, Height: 1, SquareSize: 16, Mines: []board.Point{{X: 3}}, PreFlags: []board.Point{{X: 0}}}
	for i, e := range []struct {
		k Kind
		x int
	}{{LeftRelease, 24}, {RightPress, 8}, {RightRelease, 8}, {MiddlePress, 24}, {MiddleRelease, 24}} {
		v.addEvent(time.Duration(i)*time.Second, e.k, e.x, 8)
	}
	g, err := v.Play()
	if err != nil {
		t.Fatal(err)
	}
	if g.Board.Status() != board.Won || g.Time() != 4*time.Second {
		t.Errorf("Play() = %v after %v; want won after 4s\n%v", g.Board.Status(), g.Time(), g.Board)
	}
}

package ui

import (
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
)

// TestBoardMove checks the moves of the game that commands stand for: an
// opening is a chord on an open cell, and commands of the view are none.
func TestBoardMove(t *testing.T) {
	b, err := board.Parse(`
		*..
		...
		...`)
	if err != nil {
		t.Fatalf("board.Parse: %v", err)
	}
	if _, err := b.Reveal(board.Point{X: 1, Y: 1}); err != nil {
		t.Fatalf("Reveal: %v", err)
	}
	open, closed := board.Point{X: 1, Y: 1}, board.Point{X: 0, Y: 0}
	tests := []struct {
		act    keys.Action
		at     board.Point
		want   game.Move
		wantOK bool
	}{
		{keys.ActOpen, closed, game.Move{Action: game.Open, At: closed}, true},
		{keys.ActOpen, open, game.Move{Action: game.Chord, At: open}, true},
		{keys.ActMark, closed, game.Move{Action: game.Toggle, At: closed}, true},
		{keys.ActChord, open, game.Move{Action: game.Chord, At: open}, true},
		{keys.ActMove, closed, game.Move{}, false},
		{keys.ActUndo, closed, game.Move{}, false},
		{keys.ActHint, closed, game.Move{}, false},
		{keys.ActNone, closed, game.Move{}, false},
	}
	for _, tt := range tests {
		got, ok := boardMove(tt.act, tt.at, b)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("boardMove(%v, %v) = %v, %v; want %v, %v", tt.act, tt.at, got, ok, tt.want, tt.wantOK)
		}
	}
}

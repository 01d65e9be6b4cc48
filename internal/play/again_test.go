package play

import (
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
)

// TestAgain checks the command that plays a game again, from what the
// player left.
func TestAgain(t *testing.T) {
	nine := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	custom := board.Settings{Width: 20, Height: 10, Mines: 30, Rule: board.Safe, NoGuess: true}
	tests := []struct {
		res   Result
		saved bool
		want  string
	}{
		{Result{Kept: game.Kept{Settings: nine, Seed: 7}}, true, "minesweeper -level beginner -resume"},
		{Result{Kept: game.Kept{Settings: custom, Seed: 7}}, true, "minesweeper -width 20 -height 10 -mines 30 -first-click safe -no-guess -resume"},
		{Result{Kept: game.Kept{Settings: nine, Seed: 7, Origin: game.Seeded}}, false, "minesweeper -level beginner -seed 7"},
		{Result{Kept: game.Kept{Settings: nine, Seed: 7}}, false, ""},
		{Result{Kept: game.Kept{Settings: nine, Source: "my board.txt"}}, false, "minesweeper -board 'my board.txt'"},
		{Result{Kept: game.Kept{Settings: nine, Daily: "2026-11-25"}}, true, "minesweeper daily -date 2026-11-25 -level beginner"},
	}
	for _, tt := range tests {
		if got := Again(tt.res, tt.saved); got != tt.want {
			t.Errorf("Again(%+v, %v) = %q; want %q", tt.res.Kept, tt.saved, got, tt.want)
		}
	}
}

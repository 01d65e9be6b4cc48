package solver

import (
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// TestSecondaryLooksAtEveryGuess pins that secondary safety weighs every
// cell of its pool, as DavidNHill's solver does. In this position of the
// decision study of seed 4901 (game 505, move 150) 44 cells are nearly as
// safe as the safest; the cap of 24 the solver had, taken first by cells
// outside the frontier, left out (0,8), the frontier cell with the best
// secondary safety and his solver's choice, and the solver played an
// outside cell ((0,2) in the study, which won 126 of 200 rollouts to its
// 139).
func TestSecondaryLooksAtEveryGuess(t *testing.T) {
	v := parseView(t, `1###############10001111111#10
################10012#12#21110
###############31001#212#21121
################21012211111#2#
#################2212#10001121
################5#3#2232222222
####3#########33##3111##2##2##
#3323########3#334321234454322
##1##########422#2##12#3###210
111134##5#####21122323#34#5#21
00001#5##23#5#311012#2112#44#2
0000113#4221212#101#2212223##3
000000112#100122212122#2#12#4#
00000000111113#21#213#32111121
001121100002#4#2112#4#20000011
001#2#100002#3110012#21000001#`, 99)
	best := board.Point{X: 0, Y: 8}
	tests := []struct {
		name   string
		capped bool
		want   bool // whether the guess is best
	}{
		{"every guess of the pool", false, true},
		{"capped at 24, the rule before", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(Options{Rule: board.Safe})
			s.ahead.capped = tt.capped
			s.Reseed(1398)
			got, err := s.Next(v)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.want && got != best:
				t.Errorf("Next = %v; want %v", got, best)
			case !tt.want && got == best:
				t.Errorf("Next = %v; want another cell: the cap leaves it out", got)
			}
		})
	}
}

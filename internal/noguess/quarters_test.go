package noguess

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

var quarters = flag.Bool("quarters", false, "run TestQuarters: mine shares by quarter over 1,000 boards (takes a minute)")

// TestQuarters lays 1,000 boards of expert and of 30x16 with 170 mines,
// no-guess and plain random from the same seeds and first clicks, and
// prints the share of each quarter's cells that hold a mine: the first
// click drawn at random as gen draws it, and the first click fixed near
// the top-left corner, where repairs that pushed mines away from the
// first click would show in the far quarters. It fails when a no-guess
// quarter strays more than two points from the same quarter of the
// random boards. The README quotes its table; run it with -quarters.
func TestQuarters(t *testing.T) {
	if !*quarters {
		t.Skip("run with -quarters")
	}
	const boards = 1000
	var out strings.Builder
	fmt.Fprintf(&out, "%-10s %-10s %-9s %6s %6s %6s %6s  %s\n", "board", "first", "layout", "TL", "TR", "BL", "BR", "all")
	for _, s := range []board.Settings{
		{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true},
		{Width: 30, Height: 16, Mines: 170, Rule: board.Opening, NoGuess: true},
	} {
		for _, corner := range []bool{false, true} {
			var shares [2][4]float64
			for kind := range 2 {
				var mines [4]int
				for seed := range uint64(boards) {
					rng := rand.New(rand.NewPCG(seed, 2026))
					first := board.Point{X: rng.IntN(s.Width), Y: rng.IntN(s.Height)}
					if corner {
						first = board.Point{X: 2, Y: 2}
					}
					var layout []board.Point
					if kind == 0 {
						m, _, err := Generate(s, first, rng)
						if err != nil {
							t.Fatal(err)
						}
						layout = m
					} else {
						r := s
						r.NoGuess = false
						b, err := board.Generate(r, first, nil, rng)
						if err != nil {
							t.Fatal(err)
						}
						layout = b.Layout()
					}
					for _, p := range layout {
						mines[quarter(s, p)]++
					}
				}
				for q := range 4 {
					shares[kind][q] = 100 * float64(mines[q]) / float64(boards*quarterCells(s, q))
				}
			}
			first := "random"
			if corner {
				first = "(2,2)"
			}
			avg := 100 * float64(s.Mines) / float64(s.Cells())
			for kind, name := range []string{"no-guess", "random"} {
				fmt.Fprintf(&out, "%-10s %-10s %-9s", fmt.Sprintf("%dx%dn%d", s.Width, s.Height, s.Mines), first, name)
				for q := range 4 {
					fmt.Fprintf(&out, " %5.1f%%", shares[kind][q])
				}
				fmt.Fprintf(&out, "  %.1f%%\n", avg)
			}
			for q := range 4 {
				if d := shares[0][q] - shares[1][q]; d > 2 || d < -2 {
					t.Errorf("%v, first click %s: quarter %d holds %.1f%% mines on no-guess boards, %.1f%% on random ones",
						s, first, q, shares[0][q], shares[1][q])
				}
			}
		}
	}
	t.Logf("mine share of each quarter over %d boards:\n%s", boards, out.String())
}

// quarter returns the quarter of the board p lies in: 0 top left, 1 top
// right, 2 bottom left, 3 bottom right.
func quarter(s board.Settings, p board.Point) int {
	q := 0
	if 2*p.X >= s.Width {
		q++
	}
	if 2*p.Y >= s.Height {
		q += 2
	}
	return q
}

// quarterCells returns the cells of quarter q.
func quarterCells(s board.Settings, q int) int {
	w, h := (s.Width+1)/2, (s.Height+1)/2
	if q%2 == 1 {
		w = s.Width - w
	}
	if q >= 2 {
		h = s.Height - h
	}
	return w * h
}

package solver_test

import (
	"fmt"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// A 1-2-1 under three closed cells: the middle one is safe and the two
// others are mines.
func ExampleAnalyze() {
	c := board.TileClosed
	tiles := []board.Tile{
		c, c, c,
		1, 2, 1,
		0, 0, 0,
	}
	v, err := solver.NewView(3, 3, 2, tiles)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := solver.Analyze(v)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("safe:", a.Safe())
	fmt.Println("mines:", a.Mines())
	// Output:
	// safe: [(1,0)]
	// mines: [(0,0) (2,0)]
}

// A single 1 in the middle of a closed 5x5 board with 4 mines: its 8
// neighbours share one mine, and the 16 cells of the rim hold the other
// three.
func ExampleSolver_Next() {
	tiles := make([]board.Tile, 25)
	for i := range tiles {
		tiles[i] = board.TileClosed
	}
	tiles[2*5+2] = 1
	v, err := solver.NewView(5, 5, 4, tiles)
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := solver.Analyze(v)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("next to the 1: %.4f, on the rim: %.4f\n", a.Prob(board.Point{X: 1, Y: 1}), a.Prob(board.Point{X: 0, Y: 0}))
	p, err := solver.New(solver.Options{}).Next(v)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("next: a cell with mine probability %.4f\n", a.Prob(p))
	// Output:
	// next to the 1: 0.1250, on the rim: 0.1875
	// next: a cell with mine probability 0.1250
}

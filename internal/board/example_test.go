package board_test

import (
	"fmt"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// A click on a zero opens the area around it; the board's text rendering
// shows '#' for closed cells and the counts of the open ones.
func ExampleBoard_Reveal() {
	b, err := board.Parse(`
		.....
		.*...
		.....
		....*`)
	if err != nil {
		panic(err)
	}
	n, err := b.Reveal(board.Point{X: 4, Y: 0})
	fmt.Println(n, err, b.Status())
	fmt.Print(b)
	n, err = b.Reveal(board.Point{X: 1, Y: 1})
	fmt.Println(n, err, b.Status())
	fmt.Print(b)
	// Output:
	// 9 <nil> playing
	// ##100
	// ##100
	// ##111
	// #####
	// 0 <nil> lost
	// ##100
	// #X100
	// ##111
	// ####*
}

// Chording an open number whose flags are all placed opens the rest of its
// neighbours.
func ExampleBoard_Chord() {
	b, _ := board.Parse(`
		*..
		...
		..*`)
	b.Reveal(board.Point{X: 1, Y: 1})
	b.ToggleMark(board.Point{X: 0, Y: 0})
	b.ToggleMark(board.Point{X: 2, Y: 2})
	n, err := b.Chord(board.Point{X: 1, Y: 1})
	fmt.Println(n, err, b.Status(), b.FlagsLeft())
	fmt.Print(b)
	// Output:
	// 6 <nil> won 0
	// F10
	// 121
	// 01F
}

// A kind of board has a text form, for files and flags, and a name, for a
// person.
func ExampleSettings_Name() {
	s, err := board.ParseSettings("16x16n40 safe")
	if err != nil {
		panic(err)
	}
	fmt.Println(s)
	fmt.Println(s.Name())
	// Output:
	// 16x16n40 safe
	// intermediate safe
}

package record_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// A caller tells the kinds of malformed record apart with errors.Is, and
// finds the line with errors.As.
func ExampleError() {
	_, err := record.Read(strings.NewReader("4 5 1 1\n1 2\n4 0\n"))
	var e *record.Error
	if errors.As(err, &e) && errors.Is(err, board.ErrOutOfBounds) {
		fmt.Printf("off the board on line %d\n", e.Line)
	}
	fmt.Println(err)
	// Output:
	// off the board on line 3
	// line 3: click 1 of 1: row 4 is off the board (0 to 3)
}

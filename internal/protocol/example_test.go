package protocol_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/protocol"
)

// A client sends a view; the answer names a closed cell by row and column.
func ExampleReader() {
	in := "3 3 1 safe\n0 1 -1\n0 1 -1\n0 0 0\n\n2 2 1\n-1 -1\n-1 x\n"
	r := protocol.NewReader(strings.NewReader(in))
	for {
		req, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Printf("%dx%d, %d mine(s), %s rule, %d closed\n", req.Rows, req.Cols, req.Mines, req.Rule, req.Closed())
		protocol.WriteMove(os.Stdout, board.Point{X: 2, Y: 1}) // row 1, column 2
	}
	// Output:
	// 3x3, 1 mine(s), safe rule, 2 closed
	// 1 2
	// line 8: row 2, number 2: "x" is not -1 (closed) or 0 to 8 (open)
}

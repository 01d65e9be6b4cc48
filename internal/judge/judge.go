// Package judge replays a record's clicks on its layout and prints what the
// assignment's judge prints: the board after each click that changed it,
// "You lose" on a mine, "You win" once every safe cell is open.
package judge

import (
	"bufio"
	"errors"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// Run replays rec's clicks in order and writes the judge's output to w:
//   - a click on an open cell is ignored and prints nothing;
//   - a click on a mine prints "You lose" and ends the replay;
//   - any other click prints the board, one line a row of space-separated
//     integers, -1 for a closed cell and the neighbour count for an open one,
//     followed by "You win" when no safe cell is left closed, which ends it.
//
// The outputs of consecutive clicks are separated by one empty line. Output
// is buffered; Run returns the first write error.
func Run(rec *record.Record, w io.Writer) error {
	b, err := rec.Board()
	if err != nil {
		return err
	}
	out := bufio.NewWriterSize(w, 1<<16)
	// rows holds each row as last printed. A click changes only the cells
	// it opens, and the n cells a click opens are connected to it, so they
	// lie within n-1 rows of it: only those rows are rendered again, and a
	// board is otherwise printed by copying rows. (A win flags the mines,
	// which still print as -1.)
	rows := make([][]byte, b.Height())
	var scratch []byte
	render := func(y int) {
		scratch = b.AppendRow(scratch[:0], y)
		rows[y] = appendJudgeRow(rows[y][:0], scratch)
	}
	printed := false
	for _, click := range rec.Clicks {
		n, err := b.Reveal(click)
		if errors.Is(err, board.ErrOpen) {
			continue
		} else if err != nil {
			return err
		}
		if printed {
			out.WriteByte('\n')
		}
		if b.Status() == board.Lost {
			out.WriteString("You lose\n")
			break
		}
		if !printed {
			for y := range rows {
				render(y)
			}
		} else {
			for y := max(click.Y-(n-1), 0); y <= min(click.Y+(n-1), len(rows)-1); y++ {
				render(y)
			}
		}
		printed = true
		for _, row := range rows {
			if _, err := out.Write(row); err != nil {
				return err
			}
		}
		if b.Status() == board.Won {
			out.WriteString("You win\n")
			break
		}
	}
	return out.Flush()
}

// appendJudgeRow appends a row drawn as Board.AppendRow draws it in the
// judge's notation: '0' to '8' as they are, any other cell as -1, separated
// by single spaces, then a newline.
func appendJudgeRow(dst, row []byte) []byte {
	for x, c := range row {
		if x > 0 {
			dst = append(dst, ' ')
		}
		if '0' <= c && c <= '8' {
			dst = append(dst, c)
		} else {
			dst = append(dst, '-', '1')
		}
	}
	return append(dst, '\n')
}

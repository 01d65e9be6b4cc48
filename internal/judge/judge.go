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
	var tiles []board.Tile
	var line []byte
	printed := false
	for _, click := range rec.Clicks {
		if _, err := b.Reveal(click); errors.Is(err, board.ErrOpen) {
			continue
		} else if err != nil {
			return err
		}
		if printed {
			out.WriteByte('\n')
		}
		printed = true
		if b.Status() == board.Lost {
			out.WriteString("You lose\n")
			break
		}
		tiles = b.Tiles(tiles)
		for y := range b.Height() {
			line = AppendRow(line[:0], tiles[y*b.Width():(y+1)*b.Width()])
			if _, err := out.Write(line); err != nil {
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

// AppendRow appends one row of tiles in the judge's notation to dst: the
// integers separated by single spaces, -1 for any closed cell, then a
// newline.
func AppendRow(dst []byte, row []board.Tile) []byte {
	for x, t := range row {
		if x > 0 {
			dst = append(dst, ' ')
		}
		if t.IsOpen() {
			dst = append(dst, '0'+byte(t))
		} else {
			dst = append(dst, '-', '1')
		}
	}
	return append(dst, '\n')
}

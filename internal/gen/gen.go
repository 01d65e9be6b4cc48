// Package gen makes the boards minesweeper gen writes: a board laid as the
// game lays it for a seed and a start click, as a record with that click,
// written as a record or as an MBF file.
package gen

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/mbf"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// The formats Write writes.
const (
	Record = "record" // the record format, text: the mines and the start click
	MBF    = "mbf"    // JSMinesweeper's binary board file, the mines only
)

// Start returns the start click on a width by height board: at, which
// must lie on the board, or, when at is nil, the cell board.StartCell
// draws from seed. Its errors name the row or the column at fault.
func Start(width, height int, seed uint64, at *board.Point) (board.Point, error) {
	if at == nil {
		return board.StartCell(width, height, seed), nil
	}
	if at.Y < 0 || at.Y >= height {
		return board.Point{}, fmt.Errorf("row %d is off the %d-row board (0 to %d)", at.Y, height, height-1)
	}
	if at.X < 0 || at.X >= width {
		return board.Point{}, fmt.Errorf("column %d is off the %d-column board (0 to %d)", at.X, width, width-1)
	}
	return *at, nil
}

// Board returns the board of settings s that the game lays with layout
// from seed when its first click is first, as a record whose one click
// is first.
func Board(s board.Settings, layout board.Layout, seed uint64, first board.Point) (*record.Record, error) {
	b, err := board.Generate(s, first, layout, board.NewRand(seed))
	if err != nil {
		return nil, err
	}
	return &record.Record{Rows: s.Height, Cols: s.Width, Mines: b.Layout(), Clicks: []board.Point{first}}, nil
}

// Write writes rec on w in format, Record or MBF (its mines only), in
// one Write: nothing is written unless the whole board is.
func Write(w io.Writer, rec *record.Record, format string) error {
	var buf bytes.Buffer
	var err error
	if format == MBF {
		err = mbf.Write(&buf, rec.Cols, rec.Rows, rec.Mines)
	} else {
		err = record.Write(&buf, rec)
	}
	if err != nil {
		return err
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("writing the board: %v", err)
	}
	return nil
}

// Daily returns the daily board of date and level that gen -daily writes:
// the public one when secret is "", else the server's laid from secret
// (64 hexadecimal digits, as a server shows it once the date has ended),
// whose commitment must then be commitment unless that is "". Its errors
// name gen's flag at fault; a secret that does not match its commitment
// is daily.ErrCommitment.
func Daily(date, level, secret, commitment string) (daily.Board, error) {
	if secret == "" {
		if commitment != "" {
			return daily.Board{}, errors.New("-commitment: only with -secret")
		}
		return daily.Of(date, level)
	}
	s, err := daily.ParseSecret(secret)
	if err != nil {
		return daily.Board{}, fmt.Errorf("-secret: %w", err)
	}
	if commitment != "" {
		if err := daily.CheckCommitment(date, level, s, commitment); err != nil {
			return daily.Board{}, fmt.Errorf("-commitment: %w", err)
		}
	}
	return daily.OfSecret(date, level, s)
}

// Package mbf reads and writes MBF files, the binary board format of
// JSMinesweeper (David Hill's player and solver), so that a board made
// here can be analysed there and a board from there played here.
//
// An MBF file holds a board's mines and nothing else: no clicks, no
// first-click rule, no magic number, no version, no checksum.
//
//	byte 0       the width, 1 to 255
//	byte 1       the height, 1 to 255
//	bytes 2, 3   the number of mines k, big-endian: byte 2 * 256 + byte 3
//	then k pairs of bytes, one a mine: its column (x), then its row (y),
//	each counted from 0
//
// So a file is exactly 4 + 2k bytes long; an empty board is the 4 bytes of
// its header. The layout is the one JSMinesweeper writes and reads, in
// github.com/DavidNHill/JSMinesweeper, Minesweeper/client:
//   - Board.js and MinesweeperGame.js, getFormatMBF: it refuses a board
//     wider or taller than 255, sets byte 2 to floor(k/256) and byte 3 to
//     k%256, then writes x and y for each mine in the row-major order of
//     the cells. Write writes the mines in that order too.
//   - main.js, newGameFromMBF, and MinesweeperGame.js, createGameFromMFB
//     and ServerGame.resetMines: it takes the width from byte 0, the
//     height from byte 1 and the count as byte 2 * 256 + byte 3, then makes
//     a mine of every pair from byte 4 to the end of the file.
//   - main.js, dropHandler: a dropped file whose name ends in ".mbf" or
//     ".abf" is read that way; the two are one format.
//
// JSMinesweeper checks nothing when it reads a file: a mine off the board,
// a repeated mine, a file cut short, or pairs beyond the k of the header
// (which it lays as extra mines, the counter still saying k) each give it
// a board other than the one meant. Read refuses each of them with an
// *Error naming the byte. The name MBF is said to come from Minesweeper
// Arbiter, whose source is not public; no description of its files was
// found to check this package against, and none of another variant.
package mbf

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// The largest board the format holds: one byte a side, two bytes of mine
// count. A board of MaxSide by MaxSide cells holds at most 65,025 mines,
// so the count's limit is never the one that binds.
const (
	MaxSide  = 255
	MaxMines = 65535
)

// headerLen is the length of the header: width, height and the count.
const headerLen = 4

// Causes of the errors that Read and Write return, for errors.Is. Read
// also reports board.ErrSize for a width or height of 0,
// board.ErrMineCount for more mines than cells, board.ErrOutOfBounds for
// a mine off the board and board.ErrRepeatedMine.
var (
	// ErrShort is the cause of an *Error for a file that ends before the
	// header or the mines it counts.
	ErrShort = errors.New("input ends early")
	// ErrTrailing is the cause of an *Error for bytes after the last mine
	// that the header counts.
	ErrTrailing = errors.New("unexpected data after the last mine")
	// ErrTooLarge is the cause of Write's error for a board the format
	// cannot hold: a side over MaxSide or more than MaxMines mines.
	ErrTooLarge = errors.New("board too large for MBF")
)

// Error is a malformed MBF file: where the problem is and what it is.
type Error struct {
	// Offset is the byte, from 0, that is wrong; for ErrShort it is the
	// length of the input, where more was wanted.
	Offset int
	Err    error // the cause; see the package's error variables
}

// Error returns "byte N: reason".
func (e *Error) Error() string { return fmt.Sprintf("byte %d: %v", e.Offset, e.Err) }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

func errorf(offset int, format string, args ...any) error {
	return &Error{Offset: offset, Err: fmt.Errorf(format, args...)}
}

// Read reads one MBF file from r, to its end, as a record of the board
// with no clicks: Rows is the height, Cols the width, Mines in the order
// of the file. Errors are *Error values naming the byte, except read
// errors from r, which are returned as they are. Read reads at most one
// byte past the mines the header counts, so an endless input ends too.
func Read(r io.Reader) (*record.Record, error) {
	var hdr [headerLen]byte
	if n, err := io.ReadFull(r, hdr[:]); err != nil {
		if !isEOF(err) {
			return nil, err
		}
		return nil, shortHeader(hdr[:n])
	}
	width, height := int(hdr[0]), int(hdr[1])
	if width == 0 {
		return nil, errorf(0, "the width is 0: %w", board.ErrSize)
	}
	if height == 0 {
		return nil, errorf(1, "the height is 0: %w", board.ErrSize)
	}
	k := int(hdr[2])<<8 | int(hdr[3])
	if cells := width * height; k > cells {
		return nil, errorf(2, "%w: %s do not fit in %s (%dx%d)",
			board.ErrMineCount, record.Count(k, "mine"), record.Count(cells, "cell"), width, height)
	}

	body := make([]byte, 2*k)
	n, err := io.ReadFull(r, body)
	if err != nil && !isEOF(err) {
		return nil, err
	}
	rec := &record.Record{Rows: height, Cols: width, Mines: make([]board.Point, 0, n/2)}
	// A problem with a mine read in full comes before the end of the file.
	seen := make([]uint64, (width*height+63)/64)
	for i := 0; 2*i+1 < n; i++ {
		at := headerLen + 2*i
		p := board.Point{X: int(body[2*i]), Y: int(body[2*i+1])}
		switch {
		case p.X >= width:
			return nil, errorf(at, "mine %d of %d: column %d is %w (0 to %d)", i+1, k, p.X, board.ErrOutOfBounds, width-1)
		case p.Y >= height:
			return nil, errorf(at+1, "mine %d of %d: row %d is %w (0 to %d)", i+1, k, p.Y, board.ErrOutOfBounds, height-1)
		}
		c := p.Y*width + p.X
		if seen[c/64]&(1<<(c%64)) != 0 {
			return nil, errorf(at, "mine %d of %d: %w at column %d, row %d", i+1, k, board.ErrRepeatedMine, p.X, p.Y)
		}
		seen[c/64] |= 1 << (c % 64)
		rec.Mines = append(rec.Mines, p)
	}
	if n < len(body) {
		i, part := n/2, "(column and row)"
		if n%2 == 1 {
			part = "(row)"
		}
		return nil, errorf(headerLen+n, "%w: want mine %d of %d %s", ErrShort, i+1, k, part)
	}

	var extra [1]byte
	switch n, err := io.ReadFull(r, extra[:]); {
	case n > 0:
		return nil, errorf(headerLen+len(body), "%w: the header counts %s", ErrTrailing, record.Count(k, "mine"))
	case !isEOF(err):
		return nil, err
	}
	return rec, nil
}

// shortHeader returns the error for a file that ends within the header,
// after the bytes got.
func shortHeader(got []byte) error {
	want := [...]string{"the width", "the height", "the number of mines (2 bytes)", "the second byte of the number of mines"}
	return errorf(len(got), "%w: want %s", ErrShort, want[len(got)])
}

func isEOF(err error) bool { return err == io.EOF || err == io.ErrUnexpectedEOF }

// CheckSize returns an error, wrapping ErrTooLarge, for a board wider or
// taller than MaxSide, which Write refuses.
func CheckSize(width, height int) error {
	if width > MaxSide || height > MaxSide {
		return fmt.Errorf("%w: %dx%d, and MBF holds at most %dx%d", ErrTooLarge, width, height, MaxSide, MaxSide)
	}
	return nil
}

// Write writes a width by height board with the given mines as an MBF
// file, the mines in row-major order as JSMinesweeper writes them,
// whatever their order in mines. It refuses, with nothing written, a side
// below 1 or over MaxSide (ErrTooLarge), a mine off the board and a
// repeated mine; errors from w are returned as they are.
func Write(w io.Writer, width, height int, mines []board.Point) error {
	if width < 1 || height < 1 {
		return fmt.Errorf("%w (got %dx%d)", board.ErrSize, width, height)
	}
	if err := CheckSize(width, height); err != nil {
		return err
	}
	if len(mines) > MaxMines {
		return fmt.Errorf("%w: %s, and MBF holds at most %d", ErrTooLarge, record.Count(len(mines), "mine"), MaxMines)
	}
	sorted := slices.Clone(mines)
	slices.SortFunc(sorted, func(a, b board.Point) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	})
	buf := make([]byte, headerLen, headerLen+2*len(sorted))
	buf[0], buf[1] = byte(width), byte(height)
	buf[2], buf[3] = byte(len(sorted)>>8), byte(len(sorted))
	for i, p := range sorted {
		if p.X < 0 || p.X >= width || p.Y < 0 || p.Y >= height {
			return fmt.Errorf("mine at column %d, row %d: %w of %dx%d", p.X, p.Y, board.ErrOutOfBounds, width, height)
		}
		if i > 0 && p == sorted[i-1] {
			return fmt.Errorf("mine at column %d, row %d: %w", p.X, p.Y, board.ErrRepeatedMine)
		}
		buf = append(buf, byte(p.X), byte(p.Y))
	}
	_, err := w.Write(buf)
	return err
}

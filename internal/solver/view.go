package solver

import (
	"errors"
	"fmt"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// ErrNoMove is returned by Next when the view has no closed cell.
var ErrNoMove = errors.New("no closed cell to open")

// View is what a player sees of a board: its size, the total number of
// mines, and per cell (row-major, index y*width+x) a board.Tile. It can hold
// no mine positions: that is the point. Flags and question marks are kept as
// plain closed cells, since a player's flags are never trusted.
type View struct {
	width, height, mines int
	tiles                []board.Tile // board.TileClosed or 0..8
}

// NewView validates and copies a player's view of a board: len(tiles) must
// be width*height, width and height at least 1, mines between 0 and the
// number of cells, and each tile closed (board.TileClosed, TileFlag or
// TileQuestion, all treated as closed) or open (0..8). The tiles of a lost
// game (TileMine, TileHit, TileWrongFlag) are rejected: the game is over.
func NewView(width, height, mines int, tiles []board.Tile) (*View, error) {
	if err := board.CheckSize(width, height); err != nil {
		return nil, err
	}
	cells := width * height
	if len(tiles) != cells {
		return nil, fmt.Errorf("view has %d tiles, want %dx%d = %d", len(tiles), width, height, cells)
	}
	if mines < 0 || mines > cells {
		return nil, fmt.Errorf("%w: %d mines on %d cells", board.ErrMineCount, mines, cells)
	}
	v := &View{width: width, height: height, mines: mines, tiles: make([]board.Tile, cells)}
	for i, t := range tiles {
		switch {
		case t.IsOpen():
			v.tiles[i] = t
		case t == board.TileClosed || t == board.TileFlag || t == board.TileQuestion:
			v.tiles[i] = board.TileClosed
		default:
			return nil, fmt.Errorf("tile %v is %v: %w", board.Point{X: i % width, Y: i / width}, t, board.ErrGameOver)
		}
	}
	return v, nil
}

// Width returns the number of columns.
func (v *View) Width() int { return v.width }

// Height returns the number of rows.
func (v *View) Height() int { return v.height }

// Mines returns the total number of mines on the board.
func (v *View) Mines() int { return v.mines }

// In reports whether p lies on the board.
func (v *View) In(p board.Point) bool {
	return p.X >= 0 && p.X < v.width && p.Y >= 0 && p.Y < v.height
}

// Closed reports whether the cell at p is closed. Points off the board are
// not closed.
func (v *View) Closed(p board.Point) bool {
	return v.In(p) && v.tiles[p.Y*v.width+p.X] < 0
}

// Count returns the number shown by the cell at p and whether the cell is
// open; a closed cell or a point off the board returns 0, false.
func (v *View) Count(p board.Point) (n int, open bool) {
	if !v.In(p) {
		return 0, false
	}
	t := v.tiles[p.Y*v.width+p.X]
	if t < 0 {
		return 0, false
	}
	return int(t), true
}

// point returns the point of cell index i.
func (v *View) point(i int) board.Point { return board.Point{X: i % v.width, Y: i / v.width} }

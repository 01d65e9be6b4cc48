package solver

import (
	"errors"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

func TestNewView(t *testing.T) {
	c, f, q := board.TileClosed, board.TileFlag, board.TileQuestion
	tests := []struct {
		name          string
		width, height int
		mines         int
		tiles         []board.Tile
		wantErr       error // nil: any error will do when fail is set
		fail          bool
	}{
		{name: "valid", width: 2, height: 2, mines: 1, tiles: []board.Tile{1, c, f, q}},
		{name: "all open", width: 1, height: 2, mines: 0, tiles: []board.Tile{0, 0}},
		{name: "zero width", width: 0, height: 2, tiles: nil, fail: true, wantErr: board.ErrSize},
		{name: "short tiles", width: 2, height: 2, tiles: []board.Tile{c, c, c}, fail: true},
		{name: "negative mines", width: 1, height: 1, mines: -1, tiles: []board.Tile{c}, fail: true, wantErr: board.ErrMineCount},
		{name: "too many mines", width: 1, height: 1, mines: 2, tiles: []board.Tile{c}, fail: true, wantErr: board.ErrMineCount},
		{name: "mine shown", width: 1, height: 2, mines: 1, tiles: []board.Tile{board.TileMine, 1}, fail: true, wantErr: board.ErrGameOver},
		{name: "hit shown", width: 1, height: 1, mines: 1, tiles: []board.Tile{board.TileHit}, fail: true, wantErr: board.ErrGameOver},
		{name: "wrong flag shown", width: 1, height: 1, tiles: []board.Tile{board.TileWrongFlag}, fail: true, wantErr: board.ErrGameOver},
		{name: "number 9", width: 1, height: 1, tiles: []board.Tile{9}, fail: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := NewView(tt.width, tt.height, tt.mines, tt.tiles)
			if tt.fail {
				if err == nil {
					t.Fatalf("NewView = %v, nil; want an error", v)
				}
				if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
					t.Errorf("NewView error = %v; want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("NewView: %v", err)
			}
			if v.Width() != tt.width || v.Height() != tt.height || v.Mines() != tt.mines {
				t.Errorf("size = %dx%d, %d mines; want %dx%d, %d", v.Width(), v.Height(), v.Mines(), tt.width, tt.height, tt.mines)
			}
			for i, tl := range tt.tiles {
				p := board.Point{X: i % tt.width, Y: i / tt.width}
				n, open := v.Count(p)
				if open != tl.IsOpen() || v.Closed(p) == tl.IsOpen() {
					t.Errorf("Count(%v) = %d, %v, Closed = %v; tile %v", p, n, open, v.Closed(p), tl)
				}
				if open && n != int(tl) {
					t.Errorf("Count(%v) = %d; want %d", p, n, tl)
				}
			}
		})
	}
}

func TestViewCopies(t *testing.T) {
	tiles := []board.Tile{board.TileClosed, 1}
	v, err := NewView(2, 1, 1, tiles)
	if err != nil {
		t.Fatal(err)
	}
	tiles[0] = 0
	if !v.Closed(board.Point{}) {
		t.Errorf("Closed((0,0)) = false after the caller's slice changed; want true (NewView copies)")
	}
	if v.Closed(board.Point{X: -1}) || v.Closed(board.Point{X: 2}) {
		t.Errorf("Closed off the board = true; want false")
	}
}

package play

import (
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
)

// Frame is what a player's screen shows of the game in play at one
// frame, for a front end to pass on to others who follow the game (a
// viewer on a server): the cells as the player sees them, the cursor, the
// clock and the mines left. Nothing in it is what the player could not
// see: no mine before a loss, no seed.
type Frame struct {
	Width, Height int
	Mines         int // the mines of the board
	FlagsLeft     int // the mines less the flags
	SafeLeft      int // the safe cells still closed
	// Tiles are the cells as the player sees them, row by row; empty
	// while Hidden.
	Tiles   []board.Tile
	Cursor  board.Point
	Elapsed time.Duration // the game's clock
	Status  board.Status
	// Hidden reports whether the board is covered on the player's screen
	// (paused, an overlay): a viewer sees it covered too.
	Hidden bool
	// Daily is the date of the daily board in play, "" for another.
	Daily string
	// Version counts the changes of the cells: Tiles changed when it did
	// (see game.Game.Version), or when Game did.
	Version uint64
	// Game counts the games in play that the frames were filled from: a
	// resumed game or a replay is another, whose Version starts again.
	Game uint64

	of *game.Game // the game whose cells Tiles are
}

// Frame fills f with the frame of the game in play at now, its cursor at
// cursor, covered when hidden. Its Tiles are filled again only when the
// cells changed since f was filled last, so that a front end can call it
// at each frame of a large board.
func (p *Play) Frame(f *Frame, cursor board.Point, hidden bool, now time.Time) {
	g, b := p.g, p.g.Board()
	if f.of != g {
		f.of, f.Game, f.Version = g, f.Game+1, 0
		f.Tiles = f.Tiles[:0]
	}
	f.Width, f.Height, f.Mines = b.Width(), b.Height(), b.Mines()
	f.FlagsLeft, f.SafeLeft, f.Status = b.FlagsLeft(), b.SafeLeft(), b.Status()
	f.Cursor, f.Elapsed, f.Hidden = cursor, g.Elapsed(now), hidden
	f.Daily = ""
	if d, ok := g.Daily(); ok {
		f.Daily = d.Date
	}
	switch {
	case hidden:
		f.Tiles = f.Tiles[:0]
	case len(f.Tiles) == 0 || f.Version != g.Version():
		f.Tiles = b.Tiles(f.Tiles)
	}
	f.Version = g.Version()
}

// Cleared returns the share of the safe cells opened, from 0 to 1.
func (f *Frame) Cleared() float64 {
	safe := f.Width*f.Height - f.Mines
	if safe <= 0 {
		return 0
	}
	return float64(safe-f.SafeLeft) / float64(safe)
}

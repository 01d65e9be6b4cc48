package board

import (
	"errors"
	"fmt"
)

// Point is a cell's position on the board: X is the column and Y the row,
// both counted from zero at the top-left corner.
type Point struct{ X, Y int }

// String returns the point as "(x,y)", counted from zero as the code,
// the record format and the move text count it.
func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

// Shown returns the point as a player reads it, on the full screen and
// in the line mode alike: column then row, counted from 1 at the top-left
// corner, "(4,7)" for Point{3, 6}. Every cell put in text for a player
// goes through it, so that cells are counted one way.
func (p Point) Shown() string { return fmt.Sprintf("(%d,%d)", p.X+1, p.Y+1) }

// Add returns the point p+q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// MaxCells is the largest area, in cells, that a board may have. A board
// holds one byte per cell, so the largest board takes 256 MiB.
const MaxCells = 1 << 28

// Status is the state of a game.
type Status uint8

// The states of a game.
const (
	Playing Status = iota // moves are still possible
	Won                   // every safe cell is open
	Lost                  // a mine was opened
)

// String returns "playing", "won" or "lost".
func (s Status) String() string {
	switch s {
	case Playing:
		return "playing"
	case Won:
		return "won"
	case Lost:
		return "lost"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// FirstClick is the rule that decides where mines may lie relative to the
// first cell a player opens.
type FirstClick uint8

// The first-click rules.
const (
	// Unsafe places mines anywhere; the first click may lose, as in the
	// assignment's judge.
	Unsafe FirstClick = iota
	// Safe keeps the first opened cell free of mines.
	Safe
	// Opening keeps the first opened cell and its neighbours free of mines,
	// so the first click always opens an area. It is the game's default.
	Opening
)

// String returns the rule's name as the command line spells it.
func (r FirstClick) String() string {
	switch r {
	case Unsafe:
		return "unsafe"
	case Safe:
		return "safe"
	case Opening:
		return "opening"
	}
	return fmt.Sprintf("FirstClick(%d)", uint8(r))
}

// FirstClicks are the first-click rules, in the order the help lists them.
var FirstClicks = []FirstClick{Unsafe, Safe, Opening}

// ParseFirstClick returns the rule named s: "unsafe", "safe" or "opening".
func ParseFirstClick(s string) (FirstClick, error) {
	for _, r := range FirstClicks {
		if s == r.String() {
			return r, nil
		}
	}
	return 0, fmt.Errorf("unknown first-click rule %q (want unsafe, safe or opening)", s)
}

// Mark is what a player has put on a closed cell.
type Mark uint8

// The marks, in the order ToggleMark cycles through them.
const (
	NoMark   Mark = iota // a plain closed cell
	Flag                 // the player believes the cell is a mine
	Question             // the player is unsure
)

// String returns "none", "flag" or "question".
func (m Mark) String() string {
	switch m {
	case NoMark:
		return "none"
	case Flag:
		return "flag"
	case Question:
		return "question"
	}
	return fmt.Sprintf("Mark(%d)", uint8(m))
}

// Tile is what a player sees of one cell. The values 0 to 8 are open cells
// showing that many neighbouring mines; the negative values are named below.
// TileMine, TileHit and TileWrongFlag appear only after a lost game.
type Tile int8

// The tiles that are not open numbers.
const (
	TileClosed    Tile = -1 // closed, no mark (the judge prints -1)
	TileFlag      Tile = -2 // closed with a flag
	TileQuestion  Tile = -3 // closed with a question mark
	TileMine      Tile = -4 // a mine, shown after a loss
	TileHit       Tile = -5 // the mine whose opening lost the game
	TileWrongFlag Tile = -6 // a flag on a safe cell, shown after a loss
)

// IsOpen reports whether the tile is an open cell showing a count.
func (t Tile) IsOpen() bool { return t >= 0 && t <= 8 }

// Byte returns the character that stands for the tile in the board's text
// rendering: '0'-'8' open, '#' closed, 'F' flag, '?' question mark, '*' mine,
// 'X' the mine that was hit, '!' a wrong flag.
func (t Tile) Byte() byte {
	if t.IsOpen() {
		return '0' + byte(t)
	}
	switch t {
	case TileClosed:
		return '#'
	case TileFlag:
		return 'F'
	case TileQuestion:
		return '?'
	case TileMine:
		return '*'
	case TileHit:
		return 'X'
	case TileWrongFlag:
		return '!'
	}
	return '~'
}

// String names the tile: "0" to "8", "closed", "flag", "question", "mine",
// "hit" or "wrong flag".
func (t Tile) String() string {
	if t.IsOpen() {
		return string(rune('0' + t))
	}
	switch t {
	case TileClosed:
		return "closed"
	case TileFlag:
		return "flag"
	case TileQuestion:
		return "question"
	case TileMine:
		return "mine"
	case TileHit:
		return "hit"
	case TileWrongFlag:
		return "wrong flag"
	}
	return fmt.Sprintf("Tile(%d)", int8(t))
}

// Action is the kind of a Move.
type Action uint8

// The actions a player can take.
const (
	Open   Action = iota // open a closed cell
	Chord                // open the unflagged neighbours of a satisfied number
	Toggle               // cycle the mark on a closed cell
)

// String returns "open", "chord" or "mark".
func (a Action) String() string {
	switch a {
	case Open:
		return "open"
	case Chord:
		return "chord"
	case Toggle:
		return "mark"
	}
	return fmt.Sprintf("Action(%d)", uint8(a))
}

// Move is one player action on one cell.
type Move struct {
	Action Action
	At     Point
}

// Errors returned by constructors and moves. Moves that return an error leave
// the board unchanged.
var (
	ErrSize         = errors.New("board size must be at least 1x1")
	ErrTooLarge     = fmt.Errorf("board is larger than %d cells", MaxCells)
	ErrMineCount    = errors.New("mine count out of range")
	ErrOutOfBounds  = errors.New("off the board")
	ErrRepeatedMine = errors.New("repeated mine")
	ErrGameOver     = errors.New("the game is over")
	ErrOpen         = errors.New("cell is already open")
	ErrFlagged      = errors.New("cell is flagged")
	ErrNotNumber    = errors.New("only an open number can be chorded")
	ErrFlagCount    = errors.New("flags around the cell do not match its number")
	ErrNothingToDo  = errors.New("no closed unflagged cell around it")
	ErrAction       = errors.New("unknown action")
)

// CheckSize reports an error unless a board of width by height cells can be
// built: both at least 1 and the area at most MaxCells.
func CheckSize(width, height int) error {
	if width < 1 || height < 1 {
		return fmt.Errorf("%w (got %dx%d)", ErrSize, width, height)
	}
	if width > MaxCells || height > MaxCells || width > MaxCells/height {
		return fmt.Errorf("%w (got %dx%d)", ErrTooLarge, width, height)
	}
	return nil
}

// MaxMines returns the most mines a width by height board can hold under
// the first-click rule, whichever cell is opened first. The size must be
// valid (see CheckSize).
func MaxMines(width, height int, rule FirstClick) int {
	area := width * height
	switch rule {
	case Safe:
		return area - 1
	case Opening:
		return area - min(width, 3)*min(height, 3)
	}
	return area
}

// Package history keeps what the player did: every finished game, one JSON
// line each in a log that is the source of truth, and the statistics
// computed from it.
package history

import (
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Version is the version of the log's lines that this program writes. A
// line of a later version is left alone: the log is then read-only.
const Version = 1

// Game is one finished game, as one line of the log.
type Game struct {
	V        int            `json:"v"`                // Version
	Date     time.Time      `json:"date"`             // when the game ended
	Board    board.Settings `json:"board"`            // in its text form, "30x16n99 opening"
	Level    string         `json:"level,omitempty"`  // beginner, intermediate, expert; empty for a custom board
	Seed     uint64         `json:"seed"`             // the seed the board was laid from; 0 for a record's board
	Source   string         `json:"source,omitempty"` // the record file the board came from, if it did
	Layout   []Cell         `json:"layout"`           // the mines
	Result   string         `json:"result"`           // "won" or "lost"
	TimeMS   int64          `json:"time_ms"`          // the clock at the end, in milliseconds
	ThreeBV  int            `json:"3bv"`              // the fewest clicks that clear the board
	Clicks   int            `json:"clicks"`           // openings, chords and marks the player made
	Assisted bool           `json:"assisted,omitempty"`
	Undone   bool           `json:"undone,omitempty"` // a move was taken back
	Moves    []Move         `json:"moves"`            // every move, with its time
}

// Cell is a cell as [column, row].
type Cell [2]int

// Move is one move of a game and when it was made, in milliseconds from
// the game's first opening (negative before it).
type Move struct {
	Move board.Move `json:"m"` // its text form, "O3,4"
	At   int64      `json:"t"`
}

// Won reports whether the game was won.
func (g *Game) Won() bool { return g.Result == "won" }

// Kind returns the kind of board the game was played on, as statistics
// group games: its settings.
func (g *Game) Kind() board.Settings { return g.Board }

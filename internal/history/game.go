// Package history is what the player did, as records: a finished (or
// saved) game as one versioned JSON object, the form the store keeps, a
// replay file holds and an old history.jsonl had a line of; the
// statistics' definition (Summarize, which the store's kept statistics
// are tested against); and the tables and JSON that "minesweeper stats"
// and "minesweeper history" print.
package history

import (
	"encoding/json"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
)

// Version is the version of the records this program writes. A record of
// a later version is left alone, unread.
const Version = 2

// Game is one finished game, as its record.
type Game struct {
	V       int            `json:"v"`                // Version
	Date    time.Time      `json:"date"`             // when the game ended
	Board   board.Settings `json:"board"`            // in its text form, "30x16n99 opening"
	Level   string         `json:"level,omitempty"`  // beginner, intermediate, expert; empty for a custom board
	Seed    uint64         `json:"seed"`             // the seed the board was laid from; 0 for a record's board
	Source  string         `json:"source,omitempty"` // the record file the board came from, if it did
	Layout  []Cell         `json:"layout"`           // the mines
	Result  string         `json:"result"`           // "won" or "lost"
	TimeMS  int64          `json:"time_ms"`          // the clock at the end, in milliseconds
	ThreeBV int            `json:"3bv"`              // the fewest clicks that clear the board
	Clicks  int            `json:"clicks"`           // openings, chords and marks, the player's and the solver's

	// The game's figures (see game.Figures), kept since they were
	// counted: a game kept before has none (0, and its clicks are not
	// split), nor has a game on a board of over game.LayoutCells cells
	// what its board is made of.
	Opens    int `json:"opens,omitempty"`      // the clicks that opened a cell (O)
	Chords   int `json:"chords,omitempty"`     // the chords (C)
	Flags    int `json:"flags,omitempty"`      // the marks (F)
	Wasted   int `json:"wasted,omitempty"`     // of the marks, those that left no flag standing
	Solver   int `json:"solver,omitempty"`     // the solver's moves for the player (M, A)
	Openings int `json:"openings,omitempty"`   // the board's openings
	Islands  int `json:"islands,omitempty"`    // the board's islands
	Solved   int `json:"3bv_solved,omitempty"` // the 3BV cleared
	ZiNi     int `json:"zini,omitempty"`       // the board's greedy ZiNi

	// NF reports whether the game was won in the NF style, with no flag
	// placed (neither the player's mark nor the solver's), which
	// speedrunners rank apart. A record's moves say it: reading a record
	// with its moves sets it (see Retell), so a record kept before the
	// field was has it too.
	NF bool `json:"nf,omitempty"`

	Assisted bool   `json:"assisted,omitempty"`
	Undone   bool   `json:"undone,omitempty"` // a move was taken back
	Moves    []Move `json:"moves"`            // every move, with its time

	// Known reports whether the player could know the board: laid from a
	// seed the player chose, or played again (r) after its cells were
	// revealed. A board file's game (Source) is known too. Known games are
	// kept, and counted apart: never in the best times or the win rate.
	Known bool `json:"known,omitempty"`
	// Seeded reports whether the player chose the seed (-seed).
	Seeded bool `json:"seeded,omitempty"`
	// Restarted reports whether the game was played again after its cells
	// were revealed.
	Restarted bool `json:"restarted,omitempty"`
	// Daily is the date (YYYY-MM-DD, UTC) of the daily board the game was
	// played on, if it was one: its seed is the one of that date and its
	// Level, and its First the board's start cell. Whether it counted for
	// that date or was practice, its Known says.
	Daily string `json:"daily,omitempty"`
	// GaveUp reports whether the game was given up before its end (a new
	// game, a restart or another board asked for): its Result is "lost".
	GaveUp bool `json:"gave_up,omitempty"`
	// First is the cell whose opening laid the mines, and Sum the
	// layout's fingerprint (board.Board.LayoutSum): with the seed they lay
	// the board again, so a saved game need not hold its Layout.
	First *Cell  `json:"first,omitempty"`
	Sum   uint64 `json:"sum,omitempty"`
	// Ends counts the times the game ended, and Ended says how it ended
	// the first time, for a saved game that ended and was played on after
	// an undo ("won" or "lost").
	Ends  int    `json:"ends,omitempty"`
	Ended string `json:"ended,omitempty"`
	// Guesses are what the guess audit counted of the game's openings (see
	// game.Kept.Guesses), so that a saved game resumes without analysing
	// them again: each guess the game forced, and each opening not
	// counted, in order. A line written before they were kept has none
	// (nil): its openings are then not counted. Empty, it is written [].
	Guesses []Guess `json:"guesses,omitzero"`
}

// Guess is an opening the guess audit counted: a guess, with the chance
// that the cell held a mine, or an opening not counted.
type Guess struct {
	At        Cell    `json:"at"`
	Mine      float64 `json:"mine,omitempty"`
	Uncounted bool    `json:"uncounted,omitempty"`
}

// IsKnown reports whether the player could know the board before playing
// it: Known, or a board file's game.
func (g *Game) IsKnown() bool { return g.Known || g.Source != "" }

// Cell is a cell as [column, row].
type Cell [2]int

// Move is one move of a game and when it was made, in milliseconds from
// the game's first opening (negative before it).
type Move struct {
	Move game.Move `json:"m"` // its text form, "O3,4"
	At   int64     `json:"t"`
}

// Won reports whether the game was won.
func (g *Game) Won() bool { return g.Result == "won" }

// Kind returns the kind of board the game was played on, as statistics
// group games: its settings.
func (g *Game) Kind() board.Settings { return g.Board }

// Tally is what the moves of a record count: the moves on the board (the
// player's and the solver's, the clicks; see game.Figures), the solver's
// among them, and the marks (a player's F or the solver's M: each places
// a flag, or follows one). Its UnmarshalJSON reads a record's moves
// without keeping them, for a table that does not show them.
type Tally struct {
	Moves  int // the moves of the record, events of help among them
	Board  int
	Solver int
	Marks  int
}

// TallyOf returns the tally of moves.
func TallyOf(moves []Move) Tally {
	var t Tally
	for _, m := range moves {
		t.count(m.Move.Action)
	}
	return t
}

// count counts one move of action a.
func (t *Tally) count(a game.Action) {
	t.Moves++
	if a.Event() {
		return
	}
	t.Board++
	switch a {
	case game.FlagMine:
		t.Solver++
		t.Marks++
	case game.AutoOpen:
		t.Solver++
	case game.Toggle:
		t.Marks++
	}
}

// UnmarshalJSON tallies a record's moves, a JSON array of moves (see
// Move), keeping none.
func (t *Tally) UnmarshalJSON(data []byte) error {
	var moves []struct {
		M game.Move `json:"m"`
	}
	if err := json.Unmarshal(data, &moves); err != nil {
		return err
	}
	*t = Tally{}
	for _, m := range moves {
		t.count(m.M.Action)
	}
	return nil
}

// Retell sets what the record's moves, tallied in t, say of the game
// beyond what the record says: whether it was won in the NF style and,
// for a record kept before the solver's moves were clicks, whose clicks
// were the player's alone (an auto-played win read "1 click, 1400%
// efficiency"), its clicks as they are counted now, the moves on the
// board, the solver's among them (see game.Figures). A record with no
// move (one kept without them) is left as it is.
func (g *Game) Retell(t Tally) {
	if t.Moves == 0 {
		return
	}
	g.NF = g.Won() && t.Marks == 0
	if g.Solver > 0 || t.Solver == 0 || g.Clicks != t.Board-t.Solver || t.Board > MaxClicks {
		return // the solver's moves counted, or none made
	}
	if g.Opens+g.Chords+g.Flags == g.Clicks && g.Clicks > 0 {
		g.Solver = t.Solver // the record's clicks split, without the solver's
	}
	g.Clicks = t.Board
}

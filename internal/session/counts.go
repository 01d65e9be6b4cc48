package session

import "fmt"

// Reason is why a game that was kept does not count in the records.
type Reason uint8

// The reasons, in the order the rules try them.
const (
	Counted  Reason = iota // it counts: a clean game on a board the player could not know
	Known                  // the board was known: a board file, a chosen seed, a restart after cells were revealed
	Assisted               // the solver helped
	Undone                 // a move was taken back
	Again                  // it ended before and was undone: it was kept then, not again
	NotKept                // the history cannot be written (see the warnings)
)

// reasonNames are the reasons' names, in their order.
var reasonNames = [...]string{
	Counted:  "counted",
	Known:    "known board",
	Assisted: "assisted",
	Undone:   "undone",
	Again:    "kept before",
	NotKept:  "not kept",
}

// String returns the reason's name.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Counts is what a game counts for, as the session kept it: data for the
// screen and the line printed at the end to word.
type Counts struct {
	// Number is the game's number in the history ("minesweeper replay
	// N"), or 0 when it was not kept (this time).
	Number int
	// Played reports whether the game counts in games played, won, the
	// win rate and the streaks: not on a known board.
	Played bool
	// Clean reports whether the game counts in the best times and speeds:
	// Played, won, without help or undo.
	Clean bool
	// NewBest reports whether it is the fastest clean win of its kind.
	NewBest bool
	// Why is why it is not clean, or Counted when it is.
	Why Reason
	// GaveUp reports whether it was given up before its end, and so
	// counted as a loss.
	GaveUp bool
}

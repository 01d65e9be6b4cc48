package session

import (
	"fmt"

	"github.com/minesweeper-go/minesweeper/internal/store"
)

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
	// Daily is what a game on a daily board counts for: its date, or
	// practice; NotDaily for another board.
	Daily Daily
	// Pending reports whether a game NotKept waits in a file to be kept,
	// at the next start or with the next game kept.
	Pending bool
	// Fault is why the store did not take a game NotKept, if it refused
	// it.
	Fault store.Fault
}

// Daily is what a game on a daily board counts for.
type Daily uint8

// The daily counts, in the order the rules try them (see DailyOf).
const (
	NotDaily      Daily = iota // not a daily board
	DailyCounted               // the first game of its date and level to end, played on its date: the date's result
	DailyAgain                 // practice: a game of its date and level counted already, or the board was known
	DailyOtherDay              // practice: played on a date other than its board's
	DailyOpen                  // practice: another game of its date and level, left unfinished, is the one that counts
)

// dailyNames are the daily counts' names, in their order.
var dailyNames = [...]string{
	NotDaily:      "not daily",
	DailyCounted:  "counted",
	DailyAgain:    "practice, played before",
	DailyOtherDay: "practice, another date",
	DailyOpen:     "practice, another left unfinished",
}

// String returns the daily count's name.
func (d Daily) String() string {
	if int(d) < len(dailyNames) {
		return dailyNames[d]
	}
	return fmt.Sprintf("Daily(%d)", uint8(d))
}

// Practice reports whether d is a practice game of a daily board.
func (d Daily) Practice() bool { return d == DailyAgain || d == DailyOtherDay || d == DailyOpen }

// Note words what a game kept as c counts for, as the full screen's
// numbers line, the line printed at the end and the line mode say it;
// "" for a game not kept (yet) or that counts as any other.
func (c Counts) Note() string {
	note := ""
	switch {
	case c.NewBest:
		note = "new best time"
	case c.Daily.Practice():
		// Practice is kept as a known board: the daily says why.
	case c.Why == Known:
		note = "known board: not in the records"
	case c.Why == Again:
		note = "practice: kept as it ended first"
	case c.Why == NotKept && c.Pending:
		note = "not kept yet: " + c.Fault.String() + "; it will be at the next start"
	case c.Why == NotKept && c.Fault != store.NoFault:
		note = "not kept: " + c.Fault.String()
	case c.Why == NotKept:
		note = "not kept"
	}
	switch c.Daily {
	case DailyCounted:
		if note != "" {
			return "the day's daily result, " + note
		}
		return "the day's daily result"
	case DailyAgain:
		return "practice: this daily board was played before"
	case DailyOtherDay:
		return "practice: the daily board of another date"
	case DailyOpen:
		return "practice: your game of this daily left unfinished is the one that counts"
	}
	return note
}

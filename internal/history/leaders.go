package history

import "time"

// Leaderboard is the ranking of the players of a server on one level: on
// the daily board of a date (Date set), each player's first attempt, or
// of all time (Date ""), each player's best clean win on a board nobody
// could know.
type Leaderboard struct {
	Level string `json:"level"`          // beginner, intermediate or expert
	Date  string `json:"date,omitempty"` // YYYY-MM-DD of a daily board; "" for all time
	// NF makes an all-time board the NF style's: each player's best
	// clean win with no flag placed (Game.NF), ranked apart.
	NF bool `json:"nf,omitempty"`
	// Players is how many players the board holds: every first attempt
	// of the date, or every player with a clean win of the level. Entries
	// may hold fewer (a limit).
	Players int     `json:"players"`
	Entries []Entry `json:"entries"`
	// Commitment is, for a server's daily board, the commitment to the
	// secret of the date it is laid from (see daily.Commitment), 64
	// hexadecimal digits; "" when none was drawn yet.
	Commitment string `json:"commitment,omitempty"`
	// Secret is that secret, 64 hexadecimal digits, once the date has
	// ended; "" before.
	Secret string `json:"secret,omitempty"`
}

// Entry is one player's line of a Leaderboard.
type Entry struct {
	// Rank is the place of a clean win, from 1: by time, then by 3BV/s
	// (higher first), then by date (earlier first). Zero for an attempt
	// that was not a clean win, listed after the ranked ones.
	Rank   int       `json:"rank,omitempty"`
	Name   string    `json:"name"`   // the player's display name
	Result string    `json:"result"` // "won", "won with help" (hints, undo) or "lost"
	TimeMS int64     `json:"time_ms"`
	Speed  float64   `json:"3bvs"` // 3BV per second of a clean win with a time; 0 when not known
	Date   time.Time `json:"date"` // when the game ended
}

// Entry results.
const (
	EntryWon      = "won"
	EntryAssisted = "won with help"
	EntryLost     = "lost"
)

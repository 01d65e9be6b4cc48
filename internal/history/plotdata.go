package history

import "time"

// Day is how many games ended on one day of the player's calendar, as the
// activity calendar of minesweeper stats -plot counts them.
type Day struct {
	Date  string // YYYY-MM-DD, in the player's time zone
	Games int
}

// Win is one clean win whose 3BV is known, as the plots of a kind of
// board show it: time against 3BV, and the best time of each month.
type Win struct {
	Date   time.Time
	TimeMS int64
	BV     int // the board's 3BV
}

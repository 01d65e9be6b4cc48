package game

import "time"

// Numbers are what speedrunners read of a game: its time, its 3BV (the
// fewest clicks that clear the board) and the player's clicks. The screen,
// the line printed at the end and the statistics all read them here.
type Numbers struct {
	Time    time.Duration
	ThreeBV int // 0 while the game goes on
	Clicks  int
	Won     bool
}

// Speed returns the 3BV per second, or 0 when it is not known: a game
// not won, no 3BV, no time on the clock.
func (n Numbers) Speed() float64 {
	if !n.Won || n.ThreeBV <= 0 || n.Time <= 0 {
		return 0
	}
	return float64(n.ThreeBV) / n.Time.Seconds()
}

// Efficiency returns the 3BV per click of a won game, as a fraction (1 is
// 100%), or 0 when it is not known.
func (n Numbers) Efficiency() float64 {
	if !n.Won || n.ThreeBV <= 0 || n.Clicks <= 0 {
		return 0
	}
	return float64(n.ThreeBV) / float64(n.Clicks)
}

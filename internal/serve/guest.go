package serve

import (
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/session"
)

// guest is the keeper of a player who came without a key: nothing is
// kept, so nothing counts, but the boards are laid under the server's
// limits as a player's are.
type guest struct {
	choose func(board.Settings) (board.Layout, error)
}

// Ended keeps nothing.
func (guest) Ended(game.Kept) session.Counts { return session.Counts{} }

// Reopened does nothing: no game was kept.
func (guest) Reopened(game.Kept, int) {}

// GaveUp keeps nothing.
func (guest) GaveUp(game.Kept) session.Counts { return session.Counts{} }

// Stats returns no statistics: a guest has none.
func (guest) Stats(board.Settings) session.Stats { return session.Stats{} }

// Layout lays the boards a player could.
func (g guest) Layout(s board.Settings) (board.Layout, error) { return g.choose(s) }

// Daily returns the daily board of date and level; a guest's game on it
// is practice.
func (guest) Daily(date, level string) (daily.Board, session.Daily, error) {
	b, err := daily.Of(date, level)
	return b, session.DailyAgain, err
}

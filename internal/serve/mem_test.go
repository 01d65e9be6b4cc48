package serve

import (
	"context"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// TEMP until the store-players branch: guests only.
type memPlayers struct{}

func newMemPlayers() store.Players { return memPlayers{} }

func (memPlayers) Player(string) store.Store                     { return nil }
func (memPlayers) Name(context.Context, string) (string, error)  { return "", nil }
func (memPlayers) SetName(context.Context, string, string) error { return nil }
func (memPlayers) Close() error                                  { return nil }
func (memPlayers) Daily(context.Context, string, string, int) (history.Leaderboard, error) {
	return history.Leaderboard{}, nil
}
func (memPlayers) AllTime(context.Context, string, int) (history.Leaderboard, error) {
	return history.Leaderboard{}, nil
}

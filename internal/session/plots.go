package session

import (
	"context"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/plot"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// PlotWins is how many of a kind's latest clean wins the plots read at
// most: enough for two years of a keen player's, and a bounded read.
const PlotWins = 5000

// PlotRecords returns what the plots show of the records in st to now
// (in now's time zone): the games a day of the last year and the latest
// clean wins of kind, each read through its index.
func PlotRecords(ctx context.Context, st store.Store, kind board.Settings, now time.Time) (plot.Records, error) {
	rec := plot.Records{Kind: kind.Name(), Today: now}
	var err error
	if rec.Days, err = st.Activity(ctx, plot.Since(now)); err != nil {
		return rec, err
	}
	rec.Wins, err = st.Wins(ctx, kind, plot.WinsSince(now), PlotWins)
	return rec, err
}

package kept

import (
	"context"
	"io"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/plot"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// PlotView is how minesweeper stats -plot shows the records.
type PlotView struct {
	Width, Height int  // the terminal's size
	ASCII         bool // in ASCII characters alone
	Lines         bool // as sentences of numbers (the line mode), not pictures
}

// Plots writes on w the plots of the records in st to now, in now's time
// zone, in one Write: the activity calendar, and time against 3BV and the
// best time of each month of the kind of board played most (its games
// counted, known boards apart).
func Plots(ctx context.Context, st *store.DB, v PlotView, now time.Time, w io.Writer) error {
	// The first row is the kind played most of those that count, if
	// there is one (see store.DB.Stats).
	stats, err := st.MostPlayed(ctx, 1)
	if err != nil {
		return err
	}
	if len(stats) == 0 {
		_, err = io.WriteString(w, noGames)
		return err
	}
	rec, err := session.PlotRecords(ctx, st, stats[0].Kind, now)
	if err != nil {
		return err
	}
	var out string
	if v.Lines {
		out = strings.Join(plot.Describe(rec), "\n") + "\n"
	} else {
		width := min(max(v.Width-1, 40), 200)
		out = plot.Format(plot.Draw(rec, width, min(max(v.Height/2, 8), 30), v.ASCII))
	}
	_, err = io.WriteString(w, out)
	return err
}

package kept

import (
	"bufio"
	"bytes"
	"context"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// noGames is what Stats and History write when no game has been played.
const noGames = "no games yet: play one with minesweeper\n"

// StatsView is how minesweeper stats shows the statistics.
type StatsView struct {
	JSON    bool // as JSON
	Daily   bool // the daily boards' results alone
	Numbers bool // the bests of the speedrunners' numbers instead
	Top     bool // each kind's streaks, average clean win and best times instead
	ASCII   bool // the speeds' sparkline in ASCII characters
	// Kinds is how many kinds of board are shown, the most played, the
	// others summed up in one row; 0 shows all.
	Kinds int
}

// Stats writes the statistics of the games in st on w as v says, the
// daily streaks running to today (YYYY-MM-DD, UTC), in one Write: nothing
// is written unless the whole is. notice says each import of an earlier
// version's games that another minesweeper has under way: the statistics
// count the games imported so far.
func Stats(ctx context.Context, st *store.DB, v StatsView, today string, w io.Writer, notice func(string)) error {
	if importing, err := st.Importing(ctx); err == nil {
		for _, msg := range importing {
			notice(msg)
		}
	}
	stats, err := st.MostPlayed(ctx, v.Kinds)
	var days []history.DailyStats
	if err == nil {
		days, err = st.DailyStats(ctx, today)
	}
	if err != nil {
		return err
	}
	var out bytes.Buffer
	switch {
	case v.Daily && v.JSON:
		err = history.WriteDailyJSON(&out, days)
	case v.JSON:
		err = history.WriteStatsJSON(&out, stats)
	case v.Daily && len(days) == 0:
		_, err = io.WriteString(&out, "no daily board played yet: play one with minesweeper daily\n")
	case v.Daily:
		err = history.WriteDaily(&out, days)
	case len(stats) == 0:
		_, err = io.WriteString(&out, noGames)
	case v.Numbers:
		err = history.WriteBests(&out, stats)
	case v.Top:
		err = history.WriteTop(&out, stats)
	default:
		spark := history.Sparkline
		if v.ASCII {
			spark = history.SparklineASCII
		}
		err = history.WriteStats(&out, stats, spark)
		if err == nil && len(days) > 0 {
			out.WriteString("\n")
			err = history.WriteDaily(&out, days)
		}
	}
	if err == nil {
		_, err = w.Write(out.Bytes())
	}
	return err
}

// History writes the latest n games in st on w (all when n is 0), newest
// first: with asJSON as JSON lines, each game as the records hold it,
// written as it is read (any number of games in the memory of one); else
// one line each, with its number, as replay takes it.
func History(ctx context.Context, st *store.DB, n int, asJSON bool, w io.Writer) error {
	if asJSON {
		bw := bufio.NewWriter(w)
		err := st.EachLatest(ctx, n, true, func(g store.Numbered) error {
			return history.WriteGameJSON(bw, &g.Game)
		})
		if err == nil {
			err = bw.Flush()
		}
		return err
	}
	latest, err := st.Latest(ctx, n, false)
	if err != nil {
		return err
	}
	if len(latest) == 0 {
		_, err = io.WriteString(w, noGames)
		return err
	}
	games, nums := make([]history.Game, len(latest)), make([]int64, len(latest))
	for i, l := range latest {
		games[i], nums[i] = l.Game, l.N
	}
	return history.WriteGames(w, games, nums)
}

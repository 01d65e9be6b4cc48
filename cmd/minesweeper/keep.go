package main

import (
	"fmt"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/ui"
)

// keeper appends each finished game to the history log. It runs on the
// game's loop, where nothing may be printed, so what goes wrong is kept
// as warnings for after the screen is closed: play always goes on.
type keeper struct {
	store    *history.Store // opened with the first finished game
	broken   bool           // the store could not be opened
	level    string         // the level's name, or "custom"
	warnings []string
	now      func() time.Time
}

// newKeeper returns the keeper of games played at level. The store is
// opened when a game first ends, so that a game quit before its end
// leaves no directory behind.
func newKeeper(level string) *keeper {
	return &keeper{level: level, now: time.Now}
}

// warn keeps a warning for later.
func (k *keeper) warn(msg string) { k.warnings = append(k.warnings, msg) }

// finished keeps the game r, won or lost, and returns "new best time"
// when it is the fastest win of its kind of board that used no help.
func (k *keeper) finished(r ui.Result) string {
	if !k.open() {
		return ""
	}
	g := historyGame(r, k.level, k.now())
	best := int64(-1)
	if games, err := k.store.Games(); err == nil {
		for _, s := range history.Summarize(games) {
			if s.Kind == g.Kind() && len(s.Best) > 0 {
				best = s.Best[0].TimeMS
			}
		}
	}
	if err := k.store.Append(g); err != nil {
		k.warn("the game was not kept: " + err.Error())
		return ""
	}
	if g.Won() && !g.Assisted && !g.Undone && (best < 0 || g.TimeMS < best) {
		return "new best time"
	}
	return ""
}

// open opens the store the first time it is needed, and reports whether
// it is open.
func (k *keeper) open() bool {
	if k.store == nil && !k.broken {
		dir, err := history.Dir()
		if err == nil {
			k.store, err = history.Open(dir, k.warn)
		}
		if err != nil {
			k.broken = true
			k.warn("games are not kept: " + err.Error())
		}
	}
	return k.store != nil
}

// stats returns the lines the game's statistics key shows for the kind
// of board s.
func (k *keeper) stats(s board.Settings) []string {
	if !k.open() {
		return []string{"No statistics: the games are not kept (see the warning at the end)."}
	}
	games, err := k.store.Games()
	if err != nil {
		return []string{"The history cannot be read: " + err.Error()}
	}
	for _, st := range history.Summarize(games) {
		if st.Kind == s.String() {
			return statsLines(st)
		}
	}
	return []string{"No game of this kind has ended yet."}
}

// statsLines writes one kind's statistics for the game's overlay.
func statsLines(st history.Stats) []string {
	lines := []string{
		fmt.Sprintf("played %d, won %d (%.0f%%)", st.Played, st.Won, 100*st.WinRate),
		fmt.Sprintf("winning streak %d, best %d", st.CurrentStreak, st.BestStreak),
	}
	if st.Best3BVs > 0 {
		lines = append(lines, fmt.Sprintf("best 3BV/s %.2f", st.Best3BVs))
	}
	if len(st.Best) == 0 {
		return append(lines, "no win without help yet")
	}
	lines = append(lines, "best times:")
	for i, b := range st.Best {
		lines = append(lines, fmt.Sprintf("%2d. %8.2f s  %s", i+1, float64(b.TimeMS)/1000, b.Date.Format("2006-01-02 15:04")))
	}
	return lines
}

// historyGame returns the history's line for the finished game r, played
// at level ("custom" for none) and ended at end.
func historyGame(r ui.Result, level string, end time.Time) history.Game {
	g := history.Game{
		V:        history.Version,
		Date:     end.UTC().Truncate(time.Millisecond),
		Board:    r.Board.String(),
		Seed:     r.Seed,
		Source:   r.Source,
		Result:   "lost",
		TimeMS:   r.Elapsed.Milliseconds(),
		ThreeBV:  r.ThreeBV,
		Assisted: r.Assisted,
		Undone:   r.Undone,
	}
	if level != "custom" {
		g.Level = level
	}
	if r.Source != "" {
		g.Seed = 0
	}
	if r.Status == board.Won {
		g.Result = "won"
	}
	for _, p := range r.Mines {
		g.Layout = append(g.Layout, history.Cell{p.X, p.Y})
	}
	g.Moves = make([]history.Move, 0, len(r.Moves))
	for _, m := range r.Moves {
		g.Moves = append(g.Moves, history.Move{Move: m.Move, At: m.At.Milliseconds()})
	}
	g.Clicks = len(r.Moves)
	return g
}

package main

import (
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
	if k.store == nil {
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

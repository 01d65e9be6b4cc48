package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/ui"
)

// keeper appends each finished game to the history log. It runs on the
// game's loop, where nothing may be printed, so what goes wrong is kept
// as warnings for after the screen is closed: play always goes on.
type keeper struct {
	store    *history.Store // opened when first needed
	broken   bool           // the store could not be opened
	warnings []string
	now      func() time.Time
	last     int                      // the number in the history of the last game kept, or 0
	offered  board.Settings           // the kind of board whose saved game the game started from, or none (the zero Settings)
	best     map[board.Settings]int64 // the best clean time of each kind of board, once read (see bestTime)
}

// newKeeper returns the keeper of the games of one run of the game. The
// store is opened when it is first needed; reading what the player left
// (see prefs and saved) opens it only if its directory exists.
func newKeeper() *keeper {
	return &keeper{now: time.Now}
}

// warn keeps a warning for later.
func (k *keeper) warn(msg string) { k.warnings = append(k.warnings, msg) }

// flush prints the warnings kept, one line each, and forgets them.
func (k *keeper) flush(w io.Writer) {
	for _, msg := range k.warnings {
		fmt.Fprintf(w, "minesweeper: warning: %s\n", msg)
	}
	k.warnings = nil
}

// finished keeps the game r, won or lost, and returns "new best time"
// when it is the fastest win of its kind of board that used no help.
func (k *keeper) finished(r ui.Result) string {
	k.last = 0
	if !k.open() {
		return ""
	}
	g := historyGame(r, k.now())
	clean := g.Won() && !g.Assisted && !g.Undone
	best, known := int64(-1), false
	if clean {
		best, known = k.bestTime(g.Kind())
	}
	n, err := k.store.Append(g)
	if err != nil {
		k.warn("the game was not kept: " + err.Error())
		return ""
	}
	k.last = n
	if clean && known && (best < 0 || g.TimeMS < best) {
		k.best[g.Kind()] = g.TimeMS
		return "new best time"
	}
	return ""
}

// bestTime returns the best time of a clean win on the kind of board kind
// (-1 for none yet), and whether it is known. The log is read once, for
// the first clean win of a run; the run's own wins keep it up to date, so
// a game's end does not read a log that grows with every game. A faster
// win kept meanwhile by another game running at once is not seen.
func (k *keeper) bestTime(kind board.Settings) (int64, bool) {
	if k.best == nil {
		games, err := k.store.Games()
		if err != nil {
			return 0, false
		}
		k.best = map[board.Settings]int64{}
		for _, s := range history.Summarize(games) {
			if len(s.Best) > 0 {
				k.best[s.Kind] = s.Best[0].TimeMS
			}
		}
	}
	if t, ok := k.best[kind]; ok {
		return t, true
	}
	return -1, true
}

// peek opens the store if its directory exists, to read what an earlier
// game left, and reports whether it is open: nothing is there to read
// before the first game, and no directory is made for that.
func (k *keeper) peek() bool {
	if k.store == nil && !k.broken {
		dir, err := history.Dir()
		if err != nil {
			return k.open() // warns of it
		}
		if _, err := os.Stat(dir); err != nil {
			return false
		}
	}
	return k.open()
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
		if st.Kind == s {
			return statsLines(st)
		}
	}
	return []string{"No game of this kind has ended yet."}
}

// prefs returns what the player chose last: the board, if there is one
// that can be read, and the theme ("" for none).
func (k *keeper) prefs() (s board.Settings, boardOK bool, theme string) {
	if !k.peek() {
		return s, false, ""
	}
	p, ok, err := k.store.Prefs()
	if err != nil {
		k.warn(err.Error())
	}
	if !ok {
		return s, false, ""
	}
	if err := ui.CheckTheme(p.Theme); err != nil {
		k.warn(fmt.Sprintf("the last theme is not used: %v", err))
		p.Theme = ""
	}
	if err := p.Board.Check(); err != nil {
		k.warn(fmt.Sprintf("the last board is not used: %v", err))
		return s, false, p.Theme
	}
	return p.Board, true, p.Theme
}

// remember keeps s and theme as what the player chose last; with
// withBoard false, the board kept before stays.
func (k *keeper) remember(s board.Settings, withBoard bool, theme string) {
	if !k.open() {
		return
	}
	p, _, _ := k.store.Prefs()
	if withBoard {
		p.Board, p.Level = s, ""
		if name := board.LevelOf(s); name != "custom" {
			p.Level = name
		}
	}
	p.Theme = theme
	if p.Board == (board.Settings{}) {
		return // nothing worth keeping: a board file's game, no theme chosen
	}
	if err := k.store.SavePrefs(p); err != nil {
		k.warn("the settings were not kept: " + err.Error())
	}
}

// saved returns the saved game of the kind of board s, if there is one
// that can be resumed; one that cannot is moved aside, with a warning.
func (k *keeper) saved(s board.Settings) (*ui.Kept, bool) {
	if !k.peek() {
		return nil, false
	}
	var kept *ui.Kept
	_, ok, err := k.store.Saved(s, func(g history.Game) error {
		var err error
		_, kept, err = keptGame(g)
		return err
	})
	if err != nil {
		k.warn(err.Error())
	}
	return kept, ok
}

// discard removes the saved game of the kind of board s.
func (k *keeper) discard(s board.Settings) {
	if k.peek() {
		if err := k.store.Discard(s); err != nil {
			k.warn("the saved game was not removed: " + err.Error())
		}
	}
}

// leaving is what became of the last game when the player left, for the
// line printed.
type leaving struct {
	number int  // its number in the history, when it ended and was kept
	saved  bool // it was left before its end and saved, to be resumed
}

// leave keeps what the player left, r being the last game: a game left
// before its end and laid from a seed is saved for the next run, replacing
// the saved game of its kind; a saved game the run started from and that
// is now over, lost to a new game or replaced is removed.
func (k *keeper) leave(r ui.Result) leaving {
	var out leaving
	kind := r.Board
	if r.Started && r.Status == board.Playing && r.Source == "" && k.open() {
		g := historyGame(r, k.now())
		if err := k.store.Save(g); err != nil {
			k.warn("the game was not saved: " + err.Error())
		} else {
			out.saved = true
		}
	}
	if k.offered != (board.Settings{}) && !(out.saved && k.offered == kind) && k.open() {
		if err := k.store.Discard(k.offered); err != nil {
			k.warn("the saved game was not removed: " + err.Error())
		}
	}
	if r.Status != board.Playing {
		out.number = k.last
	}
	return out
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

// historyGame returns the history's line for the game r, ended (or left)
// at end: its level is the one of its size, unless it was a board file's.
func historyGame(r ui.Result, end time.Time) history.Game {
	g := history.Game{
		V:        history.Version,
		Date:     end.UTC().Truncate(time.Millisecond),
		Board:    r.Board,
		Seed:     r.Seed,
		Source:   r.Source,
		Result:   "lost",
		TimeMS:   r.Elapsed.Milliseconds(),
		ThreeBV:  r.ThreeBV,
		Assisted: r.Assisted,
		Undone:   r.Undone,
	}
	if level := board.LevelOf(r.Board); level != "custom" && r.Source == "" {
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

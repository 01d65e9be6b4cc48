package ui

import (
	"fmt"
	"slices"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/splitmix"
)

// NextSeed returns the seed of the game that follows a game seeded with
// seed: a SplitMix64 step (see splitmix.Next), so a sequence of new games
// is reproducible and seeds do not repeat in practice.
func NextSeed(seed uint64) uint64 { return splitmix.Next(seed) }

// game is the game state: the board, how it was made and the clock. It knows
// nothing of the screen.
type game struct {
	cfg   Config
	b     *board.Board
	seed  uint64
	fixed bool           // b holds the config's layout rather than a random one
	kind  board.Settings // the settings b was made with

	// version counts the changes of b, so that an analysis of b made off
	// the loop is known to be stale when it comes back.
	version uint64
	// assisted reports whether the solver helped: a hint, flags it placed.
	assisted bool
	// undone reports whether a move was taken back (see undo).
	undone bool
	// reopen reports whether every opening was taken back after the first
	// laid the mines: they stand, so the next opening is no longer the
	// first-click rule's but the player's, and the audit judges it.
	reopen bool
	// opens are the cells the player opened after the first, each judged
	// by the solver as the board stood before it.
	opens []opening
	// moves are the moves that changed the board or its marks, timed.
	moves []TimedMove
	// note is what cfg.Finished said of the game when it ended.
	note string

	start      time.Time     // first opening; zero before it
	end        time.Time     // win or loss; zero while playing
	stops      clockStop     // why the clock stands still, if it does
	stoppedAt  time.Time     // when it last began to stand still
	stoppedFor time.Duration // total time it stood still since start
}

// clockStop is a reason for the clock to stand still: it counts only the
// time the player can play.
type clockStop uint8

// The reasons, as bits: the clock runs when none holds.
const (
	stopPause   clockStop = 1 << iota // the player paused
	stopOverlay                       // the help, statistics or a prompt covers the board
	stopSmall                         // the terminal is too small to show the board
	stopLaying                        // the mines of the first opening are being laid
)

// newGame returns the first game of cfg: its fixed layout with its clicks
// replayed, or a random board seeded with cfg.Seed. A config it cannot
// play, such as one that names no theme of ThemeNames, is an error.
func newGame(cfg Config, now time.Time) (*game, error) {
	if err := CheckTheme(cfg.Theme); err != nil {
		return nil, err
	}
	g := &game{cfg: cfg, seed: cfg.Seed, kind: cfg.Board}
	switch {
	case cfg.Replay != nil:
		// The replay's own board: no layout is drawn, which a no-guess
		// board could not be without cfg.Layout.
		return g, g.load(cfg.Replay)
	case !cfg.Fixed:
		return g, g.random(g.seed)
	}
	b, err := board.New(cfg.Board.Width, cfg.Board.Height, cfg.Mines)
	if err != nil {
		return nil, err
	}
	b.SetQuestionMarks(cfg.QuestionMarks)
	g.b, g.fixed = b, true
	for _, p := range cfg.Clicks {
		if b.Status() != board.Playing {
			break
		}
		g.apply(board.Move{Action: board.Open, At: p}, now) // an error changes nothing: skip the click
	}
	return g, nil
}

// random replaces the board with a random one seeded with seed.
func (g *game) random(seed uint64) error {
	kind, lay := g.cfg.Board, g.cfg.Layout
	if kind.Mines > board.MaxMines(kind.Width, kind.Height, kind.Rule) {
		// Only a record's layout can hold more mines than its rule allows;
		// its new games fall back to mines anywhere.
		kind.Rule, kind.NoGuess, lay = board.Unsafe, false, nil
	}
	b, err := board.NewRandom(kind, lay, board.NewRand(seed))
	if err != nil {
		return err
	}
	b.SetQuestionMarks(g.cfg.QuestionMarks)
	g.b, g.seed, g.fixed, g.kind = b, seed, false, kind
	g.version++
	g.assisted, g.undone, g.reopen = false, false, false
	g.moves, g.note = nil, ""
	g.resetClock()
	return nil
}

// renew starts a new random game with the next seed.
func (g *game) renew() error { return g.random(NextSeed(g.seed)) }

// restart closes every cell of the same board and stops the clock.
func (g *game) restart() {
	g.b.Reset()
	g.version++
	g.assisted, g.undone, g.reopen = false, false, false
	g.moves, g.note = nil, ""
	g.resetClock()
}

// resetClock sets the clock to zero, not started, and unpauses it; the
// other reasons to stand still are the screen's and stay.
func (g *game) resetClock() {
	g.start, g.end, g.stoppedFor = time.Time{}, time.Time{}, 0
	g.stops &^= stopPause
}

// setStop makes why a reason for the clock to stand still from now, or no
// longer one. The clock counts the time between the moment the last
// reason ends and the moment the next begins.
func (g *game) setStop(why clockStop, on bool, now time.Time) {
	before := g.stops
	if on {
		g.stops |= why
	} else {
		g.stops &^= why
	}
	switch {
	case before == 0 && g.stops != 0:
		g.stoppedAt = now
	case before != 0 && g.stops == 0 && !g.start.IsZero() && g.end.IsZero():
		g.stoppedFor += max(now.Sub(later(g.stoppedAt, g.start)), 0)
	}
}

// apply carries out m on the board and runs the clock (see moved). An
// error means nothing changed.
func (g *game) apply(m board.Move, now time.Time) error {
	if g.paused() {
		return errPaused
	}
	n, err := g.b.Apply(m)
	if err != nil {
		return err
	}
	g.moved(m, n, now)
	return nil
}

// adopt replaces the pending board with b, its copy on which move m was
// played off the loop and opened n cells, and runs the clock as apply
// would have.
func (g *game) adopt(b *board.Board, m board.Move, n int, now time.Time) {
	g.b = b
	g.moved(m, n, now)
}

// moved runs the clock after move m opened n cells: it starts on the first
// move that opens something and stops when the game ends.
func (g *game) moved(m board.Move, n int, now time.Time) {
	g.version++
	over := g.b.Status() != board.Playing
	if g.start.IsZero() && m.Action != board.Toggle && (n > 0 || over) {
		g.start = now
	}
	at := time.Duration(0)
	if !g.start.IsZero() {
		at = (now.Sub(g.start) - g.stoppedFor).Truncate(time.Millisecond)
	}
	g.moves = append(g.moves, TimedMove{Move: m, At: at})
	if over && g.end.IsZero() {
		g.end = now
		if g.cfg.Finished != nil {
			g.note = g.cfg.Finished(g.result(now))
		}
	}
}

// later returns the later of a and b.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// errPaused refuses moves while the game is paused.
var errPaused = fmt.Errorf("paused: press p to resume")

// paused reports whether the game is paused.
func (g *game) paused() bool { return g.stops&stopPause != 0 }

// togglePause pauses a game in play or resumes a paused one. A finished
// game does not pause.
func (g *game) togglePause(now time.Time) {
	switch {
	case g.paused():
		g.setStop(stopPause, false, now)
	case g.b.Status() == board.Playing:
		g.setStop(stopPause, true, now)
	}
}

// elapsed returns the time on the clock: from the first opening to the end
// of the game, or to now, less the pauses, to the millisecond.
func (g *game) elapsed(now time.Time) time.Duration {
	if g.start.IsZero() {
		return 0
	}
	stop := now
	switch {
	case !g.end.IsZero():
		stop = g.end
	case g.stops != 0:
		stop = later(g.stoppedAt, g.start)
	}
	// To the millisecond, as the history keeps it, so that a replay of the
	// game shows the time the game showed.
	return max(stop.Sub(g.start)-g.stoppedFor, 0).Truncate(time.Millisecond)
}

// result summarises the game for the line printed after the screen closes.
func (g *game) result(now time.Time) Result {
	r := Result{
		Status:   g.b.Status(),
		Started:  !g.start.IsZero(),
		Elapsed:  g.elapsed(now),
		Board:    g.kind,
		Seed:     g.seed,
		Assisted: g.assisted,
		Undone:   g.undone,
		Verdict:  g.verdict(),
		Mines:    g.b.Layout(),
		ThreeBV:  g.threeBV(),
		Moves:    slices.Clone(g.moves),
		Note:     g.note,
	}
	if g.fixed {
		r.Source = g.cfg.Source
	}
	return r
}

// threeBV returns the board's 3BV once the game is won or lost, and 0
// before: on the largest boards it takes a pass over the whole grid.
func (g *game) threeBV() int {
	if g.b.Status() == board.Playing {
		return 0
	}
	return g.b.ThreeBV()
}

// numbers returns what speedrunners read of a finished game: the time to
// the hundredth, and for a win the 3BV, the 3BV per second, the clicks and
// the efficiency (3BV per click); with the note cfg.Finished gave.
func (g *game) numbers(now time.Time) string {
	t := g.elapsed(now)
	text := fmt.Sprintf("%.2f s, %d clicks", t.Seconds(), len(g.moves))
	if bv := g.threeBV(); g.b.Status() == board.Won && bv > 0 {
		text = fmt.Sprintf("%.2f s, 3BV %d", t.Seconds(), bv)
		if t > 0 {
			text += fmt.Sprintf(", %.2f 3BV/s", float64(bv)/t.Seconds())
		}
		if n := len(g.moves); n > 0 {
			text += fmt.Sprintf(", %d clicks, %.0f%% efficiency", n, 100*float64(bv)/float64(n))
		}
	}
	if g.note != "" {
		text += ", " + g.note
	}
	return text
}

package history

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// The largest numbers a game may hold. A game's numbers come from files
// the player could have edited (the log, a saved game, a replay): Check
// holds them to these before any arithmetic is done on them.
const (
	// MaxTimeMS is the longest time a game's clock, or one of its moves,
	// may show, in milliseconds: a hundred years (of 366 days). Far
	// beyond any game, it keeps the time in nanoseconds (time.Duration,
	// which ends after 292 years), and a sum of thousands of such times,
	// within an int64.
	MaxTimeMS = 100 * 366 * 24 * 60 * 60 * 1000
	// MaxClicks is the most clicks a game may count, and the most times
	// it may have ended: a click every millisecond for 24 days, and a
	// number that fits any int.
	MaxClicks = math.MaxInt32
	// MaxRecord is the largest record of a game, in bytes, that is kept
	// or imported: a game of a million cells (game.LayoutCells) with a
	// move on each is some 40 MB, and a record of hundreds of megabytes
	// would make every read of the history slow and large.
	MaxRecord = 64 << 20
)

// errNoBoard is Check's error for a game that names no board.
var errNoBoard = errors.New(`no board (want "board":"WIDTHxHEIGHTnMINES RULE")`)

// Check returns an error naming the first of the game's numbers that is
// out of range, worded as session.KeptOf words the checks it shares, or
// nil. In range are: a board that can be made; a time from 0 to
// MaxTimeMS; a 3BV from 0 to the board's cells; clicks and ends from 0 to
// MaxClicks; the figures as checkFigures holds them; mines, a first
// opening and moves on the board; moves' times within MaxTimeMS of the
// first opening; and a daily board's date written YYYY-MM-DD, on a
// level's no-guess board, its level named. The seed and the layout's
// fingerprint may be any number. Whether the layout holds the board's
// mines, each once, is for session.KeptOf to check when it lays them.
func (g *Game) Check() error {
	s := g.Board
	if s == (board.Settings{}) {
		return errNoBoard
	}
	if err := s.Check(); err != nil {
		return fmt.Errorf("board %q: %w", s, err)
	}
	cells := s.Width * s.Height // at most board.MaxCells: s is checked
	switch {
	case g.TimeMS < 0 || g.TimeMS > MaxTimeMS:
		return fmt.Errorf("time_ms %d is out of range (0 to %d, a hundred years)", g.TimeMS, int64(MaxTimeMS))
	case g.ThreeBV < 0 || g.ThreeBV > cells:
		return fmt.Errorf("3bv %d is out of range (0 to %d, the board's cells)", g.ThreeBV, cells)
	case g.Clicks < 0 || g.Clicks > MaxClicks:
		return fmt.Errorf("clicks %d is out of range (0 to %d)", g.Clicks, MaxClicks)
	case g.Ends < 0 || g.Ends > MaxClicks:
		return fmt.Errorf("ends %d is out of range (0 to %d)", g.Ends, MaxClicks)
	}
	if err := g.checkFigures(cells); err != nil {
		return err
	}
	if g.Daily != "" {
		if d, err := time.Parse(dateLayout, g.Daily); err != nil || d.Format(dateLayout) != g.Daily {
			return fmt.Errorf("daily %q is not a date (want YYYY-MM-DD)", g.Daily)
		}
		if lv := board.LevelOf(s); !s.NoGuess || lv == "custom" || g.Level != lv {
			return fmt.Errorf("daily %s: board %q, level %q: not a level's no-guess board", g.Daily, s, g.Level)
		}
	}
	if len(g.Layout) > cells {
		return fmt.Errorf("layout: %d mines do not fit in %d cells", len(g.Layout), cells)
	}
	for i, c := range g.Layout {
		if err := s.CheckPoint(board.Point{X: c[0], Y: c[1]}); err != nil {
			return fmt.Errorf("layout: mine %d of %d: %w", i+1, len(g.Layout), err)
		}
	}
	if g.First != nil {
		if err := s.CheckPoint(board.Point{X: g.First[0], Y: g.First[1]}); err != nil {
			return fmt.Errorf("first opening: %w", err)
		}
	}
	for i, m := range g.Moves {
		if err := s.CheckPoint(m.Move.At); err != nil {
			return fmt.Errorf("move %d of %d (%v): %w", i+1, len(g.Moves), m.Move, err)
		}
		if m.At < -MaxTimeMS || m.At > MaxTimeMS {
			return fmt.Errorf("move %d of %d (%v): time %d is out of range (%d to %d)", i+1, len(g.Moves), m.Move, m.At, int64(-MaxTimeMS), int64(MaxTimeMS))
		}
	}
	return nil
}

// checkFigures returns an error naming the first of the game's figures
// out of range, or nil: the clicks of each kind from 0 to MaxClicks, and
// together at most Clicks; the wasted ones at most the marks; the
// openings, islands, 3BV solved and ZiNi from 0 to the board's cells, the
// 3BV solved at most the 3BV.
func (g *Game) checkFigures(cells int) error {
	for _, c := range []struct {
		name string
		n    int
	}{{"opens", g.Opens}, {"chords", g.Chords}, {"flags", g.Flags}, {"wasted", g.Wasted}, {"solver", g.Solver}} {
		if c.n < 0 || c.n > MaxClicks {
			return fmt.Errorf("%s %d is out of range (0 to %d)", c.name, c.n, MaxClicks)
		}
	}
	if sum := int64(g.Opens) + int64(g.Chords) + int64(g.Flags) + int64(g.Solver); sum > int64(g.Clicks) {
		return fmt.Errorf("opens, chords, flags and the solver's moves make %d, more than the %d clicks", sum, g.Clicks)
	}
	if g.Wasted > g.Flags {
		return fmt.Errorf("wasted %d is more than the %d flags", g.Wasted, g.Flags)
	}
	for _, c := range []struct {
		name string
		n    int
	}{{"openings", g.Openings}, {"islands", g.Islands}, {"3bv_solved", g.Solved}, {"zini", g.ZiNi}} {
		if c.n < 0 || c.n > cells {
			return fmt.Errorf("%s %d is out of range (0 to %d, the board's cells)", c.name, c.n, cells)
		}
	}
	if g.Solved > g.ThreeBV {
		return fmt.Errorf("3bv_solved %d is more than the 3bv %d", g.Solved, g.ThreeBV)
	}
	return nil
}

package game

import (
	"errors"
	"fmt"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Kept is a game as it is kept, by the history or as a saved game: what
// rebuilds its board, its moves with their times, and how it stood. A
// resumed game goes on from it; a replay plays it back.
//
// The board is rebuilt from its layout, Mines, when it has one; else it is
// laid again from Settings, Seed and First, as the game laid it, and Sum
// checks that it is the same layout. A board file's game always keeps its
// layout: nothing else can lay it again.
type Kept struct {
	Settings board.Settings
	Seed     uint64
	Origin   Origin
	Source   string        // the board file's name, for a File game
	Mines    []board.Point // the layout; nil to lay it again
	Laid     bool          // the mines were laid, by an opening of First
	First    board.Point
	Sum      uint64 // the layout's board.LayoutSum, when Laid

	Moves   []TimedMove
	Elapsed time.Duration // the clock when it was kept
	Status  board.Status  // board.Playing for a game left before its end
	ThreeBV int           // the board's 3BV, once the game is over; else 0
	Ends    int           // how many times it ended (see Game.Ends)
	Ended   board.Status  // how it ended the first time

	Assisted, Undone, Restarted bool
}

// Known reports whether the player could know the board before playing
// it (see Game.Known).
func (k *Kept) Known() bool { return k.Origin != Drawn || k.Restarted }

// Clicks returns the player's own moves of the game (see Game.Clicks).
func (k *Kept) Clicks() int {
	n := 0
	for _, m := range k.Moves {
		if !m.Move.Action.Help() {
			n++
		}
	}
	return n
}

// LayoutCells is the largest board whose record keeps its layout (see
// Game.Record): a million cells, far more than any board a terminal shows
// whole. A larger board's layout runs to hundreds of megabytes and takes
// seconds to write; its seed and first opening lay it again in one or two.
const LayoutCells = 1 << 20

// Record returns the game as it stands at now, to keep in the history:
// with its layout, unless its board is larger than LayoutCells and laid
// from a seed (see Kept).
func (g *Game) Record(now time.Time) Kept {
	return g.Kept(now, g.kind.Cells() <= LayoutCells)
}

// Kept returns the game as it stands at now, to keep. With layout, or for
// a board file's game, it holds the layout; else the layout is laid again
// from the seed and the first opening when it is loaded.
func (g *Game) Kept(now time.Time, layout bool) Kept {
	k := Kept{
		Settings:  g.kind,
		Seed:      g.seed,
		Origin:    g.origin,
		Source:    g.source,
		Laid:      g.b.Started() && g.origin != File,
		First:     g.first,
		Moves:     g.Moves(),
		Elapsed:   g.Elapsed(now),
		Status:    g.b.Status(),
		Ends:      g.ends,
		Ended:     g.ended,
		Assisted:  g.assisted,
		Undone:    g.undone,
		Restarted: g.restarted,
	}
	if layout || g.origin == File {
		k.Mines = g.b.Layout()
	}
	if k.Laid {
		k.Sum = g.b.LayoutSum()
	}
	if k.Status != board.Playing {
		k.ThreeBV = g.threeBV()
	}
	return k
}

// ErrRelaid refuses a kept game whose layout, laid again from its seed and
// first opening, is not the one it was played on: the generator changed.
var ErrRelaid = errors.New("its board cannot be laid again the same (a different version laid it)")

// StartClock starts the clock at at if it has not started. A kept game
// played again from Load starts it there, at the time its moves count
// from, when it had run (k.Elapsed > 0): the opening that started it may
// have been taken back, and the first that stands is logged later.
func (g *Game) StartClock(at time.Time) {
	if g.start.IsZero() {
		g.start = at
	}
}

// Load returns the game k with every cell closed and the clock at zero,
// with k's marks of help, undo and restart: the caller then starts the
// clock at base, when k's had run (see StartClock), and plays k.Moves,
// each at base plus its time, through Apply, as the player made them. cfg lays the
// new games that follow it and, when k holds no layout, lays k's again: it
// must be the config of k's settings.
func Load(cfg Config, k Kept) (*Game, error) {
	s := k.Settings
	g := &Game{cfg: cfg, kind: s, seed: k.Seed, origin: k.Origin, source: k.Source}
	switch {
	case k.Mines != nil:
		if len(k.Mines) != s.Mines {
			return nil, fmt.Errorf("the kept game has %d mines, its board %d", len(k.Mines), s.Mines)
		}
		b, err := board.New(s.Width, s.Height, k.Mines)
		if err != nil {
			return nil, fmt.Errorf("the kept game's layout: %w", err)
		}
		g.b = b
	default:
		b, err := board.NewRandom(s, cfg.Layout, board.NewRand(k.Seed))
		if err != nil {
			return nil, fmt.Errorf("the kept game's board: %w", err)
		}
		if k.Laid {
			if b, err = b.Laid(k.First); err != nil {
				return nil, fmt.Errorf("the kept game's board: %w", err)
			}
			if b.LayoutSum() != k.Sum {
				return nil, ErrRelaid
			}
		}
		g.b = b
	}
	g.b.SetQuestionMarks(cfg.QuestionMarks)
	g.version = 1
	g.first = k.First
	g.assisted, g.undone, g.restarted = k.Assisted, k.Undone, k.Restarted
	g.ends, g.ended = k.Ends, k.Ended
	return g, nil
}

package game

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Kept is a game as it is kept, by the history or as a saved game: what
// rebuilds its board, its moves with their times, how it stood, and what
// its guess audit had found. A resumed game goes on from it (Resume); a
// replay plays it back (Load).
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
	Daily    string        // the daily board's date, for a Daily game
	Mines    []board.Point // the layout; nil to lay it again
	Laid     bool          // the mines were laid, by an opening of First
	First    board.Point   // for a Daily game, its start cell, laid or not
	Sum      uint64        // the layout's board.LayoutSum, when Laid

	Moves   []TimedMove
	Elapsed time.Duration // the clock when it was kept
	Status  board.Status  // board.Playing for a game left before its end
	ThreeBV int           // the board's 3BV, once the game is over; else 0
	Figures Figures       // the game's figures, once it is over; else none
	Ends    int           // how many times it ended (see Game.Ends)
	Ended   board.Status  // how it ended the first time

	Assisted, Undone, Restarted bool

	// Guesses are the openings of the guess audit that its verdict counts
	// (see Game.Verdict), in order: each guess the game forced, and each
	// opening not counted (Failed), an analysis that failed or had not
	// come back when the game was kept. The openings found safe are left
	// out: they count for nothing, and an undo that takes one back changes
	// no verdict. A resumed game goes on from them rather than analysing
	// every opening again, which on the largest boards takes gigabytes.
	// Nil, unlike empty, means the audit was not kept (a game kept before
	// it was): a resumed game's openings then count as Failed.
	Guesses []Opening
}

// Known reports whether the player could know the board before playing
// it (see Game.Known).
func (k *Kept) Known() bool { return known(k.Origin, k.Restarted) }

// Clicks returns the moves of the game on the board (see Game.Clicks).
func (k *Kept) Clicks() int {
	n := 0
	for _, m := range k.Moves {
		if !m.Move.Action.Event() {
			n++
		}
	}
	return n
}

// Flagged reports whether a flag was placed in the game, by the player
// (Toggle: a mark's cycle starts at a flag) or the solver (FlagMine); a
// game without is played in the NF style.
func (k *Kept) Flagged() bool {
	for _, m := range k.Moves {
		if m.Move.Action == Toggle || m.Move.Action == FlagMine {
			return true
		}
	}
	return false
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
		Daily:     g.date,
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
		k.Figures = g.Figures()
	}
	k.Guesses = make([]Opening, 0, len(g.opens))
	for _, o := range g.opens {
		switch {
		case o.Pending:
			// Its analysis comes back to this game, not to the kept one.
			k.Guesses = append(k.Guesses, Opening{At: o.At, Failed: true})
		case o.Failed, o.Guess():
			k.Guesses = append(k.Guesses, o)
		}
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
// with k's marks of help, undo and restart, and an empty guess audit, for
// a replay: the caller then starts the clock at base, when k's had run (see
// StartClock), and plays k.Moves, each at base plus its time, through
// Apply, as the player made them. cfg lays the new games that follow it
// and, when k holds no layout, lays k's again: it must be the config of
// k's settings. Resume goes on with a game instead.
func Load(cfg Config, k Kept) (*Game, error) {
	s := k.Settings
	g := &Game{cfg: cfg, kind: s, seed: k.Seed, origin: k.Origin, source: k.Source, date: k.Daily}
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

// Resume returns the game k as it was left, to go on with it: Load's game
// with k's moves played again through Apply and the guess audit as k kept
// it (Kept.Guesses). No past opening is analysed again, nor is any copy of
// the board made for one: a resume costs what laying the board and
// playing the moves do. The clock stands at k.Elapsed at now(), which is
// read once the board is laid (on the largest boards that takes a second
// or two, which are not played), and each move is played at its time
// before that, as the player made it. A move that fails changes nothing
// and is skipped, as in play.
//
// A game kept before its audit was (k.Guesses nil) has its openings noted
// as they are played again, as WillOpen notes them, but not analysed: they
// count as Failed, and the verdict says how many were not counted. The
// first-click rule's guess, which needs no analysis, counts as it did.
func Resume(cfg Config, k Kept, now func() time.Time) (*Game, error) {
	g, err := Load(cfg, k)
	if err != nil {
		return nil, err
	}
	base := now().Add(-k.Elapsed)
	if k.Elapsed > 0 {
		g.StartClock(base)
	}
	kept := k.Guesses != nil
	for _, m := range k.Moves {
		if !kept && (m.Move.Action == Open || m.Move.Action == AutoOpen) {
			g.WillOpen(m.Move.At)
		}
		_, _ = g.Apply(m.Move, base.Add(m.At))
	}
	if kept {
		g.opens = slices.Clone(k.Guesses)
	}
	// No analysis comes back for an opening of the game that was kept.
	for i := range g.opens {
		if o := &g.opens[i]; o.Pending {
			o.Pending, o.Failed = false, true
		}
	}
	// The first-click rule's guess, which WillOpen notes before the mines
	// are laid, while Load lays them at once; it left the audit if its
	// opening was taken back (see Undo).
	s := g.kind
	if !kept && k.Laid && !k.Restarted && s.Rule == board.Unsafe && g.b.Tile(k.First).IsOpen() {
		first := Opening{At: k.First, Mine: float64(s.Mines) / float64(s.Width*s.Height)}
		g.opens = slices.Insert(g.opens, 0, first)
	}
	return g, nil
}

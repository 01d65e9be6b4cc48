// Package game is a game of Minesweeper in play: its settings and seed,
// its board, its clock, and the log of timed moves that made it. Every
// change of a game's board is a move in its log, made by Apply (or by
// Adopt, which logs the move whose board was laid off the loop); the
// solver's help is a move too (a mine it flags, a cell auto-play opens) or
// an event in the log (a hint, the odds view), so undo, saved games and
// replays see everything that happened. Undo takes the last move out of
// the log and marks the game undone; Renew, Choose, ChooseDaily and
// Restart start a new game, with a new log.
//
// Two things change beside the log, and are not moves: the guess audit
// (WillOpen, Judge), the solver's judgement of openings the log holds,
// which a replay judges again and a record keeps as it stood; and the
// clock's stops (SetStop, TogglePause), which the moves' times already
// count. The record of a game (Kept) and loading one belong here too. It
// knows nothing of screens or files.
package game

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Config is what a game's random boards are made with.
type Config struct {
	Settings board.Settings
	// Layout lays the mines of random boards on the first opening; nil
	// means uniformly at random. No-guess settings need a Layout that lays
	// no-guess boards.
	Layout        board.Layout
	QuestionMarks bool // Toggle cycles flag, question mark, none; else flag, none
}

// Origin is where a game's board came from.
type Origin uint8

// The origins.
const (
	Drawn  Origin = iota // laid from a seed the player could not choose or foresee
	Seeded               // laid from a seed the player chose (-seed)
	File                 // a board file's layout: a record, an MBF file or a replay
	// Daily is a daily board: laid from the seed of its date and level,
	// its start cell opened first (see DailyBoard). Whether the player could
	// know it (played before, or a date other than the day's) is for the
	// records to say: the game does not count it known.
	Daily
)

// String returns the origin's name.
func (o Origin) String() string {
	switch o {
	case Drawn:
		return "drawn"
	case Seeded:
		return "seeded"
	case File:
		return "file"
	case Daily:
		return "daily"
	}
	return fmt.Sprintf("Origin(%d)", uint8(o))
}

// Errors of Apply and Undo, beside the board's own (board.ErrOpen, ...).
var (
	ErrPaused        = errors.New("paused: press p to resume")
	ErrNothingToUndo = errors.New("nothing to undo")
	// ErrNotStarted refuses help before the first opening: there are no
	// numbers to reason from.
	ErrNotStarted = errors.New("open a cell first: the solver starts from the numbers")
	// ErrFlagged refuses to flag, for the solver, a cell flagged already.
	ErrFlagged = errors.New("the cell is flagged already")
	// ErrStale refuses a board laid off the loop for a game that changed
	// meanwhile.
	ErrStale = errors.New("the game changed while its mines were laid")
	// ErrStartCell refuses an opening of a daily board, before its mines
	// are laid, anywhere but its start cell: the board is the one laid
	// from there.
	ErrStartCell = errors.New("a daily board is opened first at its start cell")
)

// DailyBoard is a daily board as a game plays it: the date that names
// it, the seed its mines are laid from, and the start cell, where the
// first opening must be, since the mines are laid around the first
// opening.
type DailyBoard struct {
	Date  string // YYYY-MM-DD
	Seed  uint64
	Start board.Point
}

// Stop is a reason for the clock to stand still: it counts only the time
// the player can play.
type Stop uint8

// The reasons, as bits: the clock runs when none holds.
const (
	StopPause   Stop = 1 << iota // the player paused
	StopOverlay                  // the help, statistics or a prompt covers the board
	StopSmall                    // the terminal is too small to show the board
	StopLaying                   // the mines of the first opening are being laid
)

// Game is one game in play. Its zero value is not usable: see New, NewFixed
// and Load.
type Game struct {
	cfg    Config
	kind   board.Settings // the settings b was made with
	b      *board.Board
	seed   uint64
	origin Origin
	source string // the board file's name, for a File game
	date   string // the daily board's date, for a Daily game
	// first is the cell whose opening laid the mines, once laid; for a
	// Daily game, the start cell from the start.
	first board.Point

	// version counts the changes of b, so that an analysis of b made off
	// the loop is known to be stale when it comes back. Events of help do
	// not change it.
	version uint64

	assisted  bool // the solver helped on a started board
	undone    bool // a move was taken back
	restarted bool // played again (Restart) after cells of its layout were revealed
	// reopen reports whether every opening was taken back after the first
	// laid the mines: they stand, so the next opening is the player's.
	reopen bool
	// ends counts the times the game ended; an undo after an end lets it
	// end again. ended is how it ended the first time.
	ends  int
	ended board.Status

	// bv is the board's 3BV as counted at bvVersion, when bvSet.
	bv        int
	bvVersion uint64
	bvSet     bool
	// census is what the board is made of as counted at censusVersion,
	// when censusSet; zini is its layout's ZiNi, when ziniSet.
	census        board.Census
	censusVersion uint64
	censusSet     bool
	zini          int
	ziniSet       bool

	opens []Opening   // the openings after the first, judged by the solver
	moves []TimedMove // every change, timed

	start      time.Time     // first opening; zero before it
	end        time.Time     // win or loss; zero while playing
	stops      Stop          // why the clock stands still, if it does
	stoppedAt  time.Time     // when it last began to stand still
	stoppedFor time.Duration // total time it stood still since start
}

// New returns a new random game of cfg laid from seed; origin says whether
// the player chose the seed.
func New(cfg Config, seed uint64, origin Origin) (*Game, error) {
	g := &Game{cfg: cfg}
	if err := g.random(seed); err != nil {
		return nil, err
	}
	g.origin = origin
	return g, nil
}

// NewFixed returns a game on exactly the given mines (a board file's
// layout, not moved by any first-click rule) of a board of cfg's size; its
// new games (Renew) are random boards of cfg. source names the file; seed
// is shown when there is none.
func NewFixed(cfg Config, mines []board.Point, source string, seed uint64) (*Game, error) {
	b, err := board.New(cfg.Settings.Width, cfg.Settings.Height, mines)
	if err != nil {
		return nil, err
	}
	b.SetQuestionMarks(cfg.QuestionMarks)
	return &Game{cfg: cfg, kind: cfg.Settings, b: b, origin: File, source: source, seed: seed, version: 1}, nil
}

// NewDaily returns a new game of the daily board d, whose mines cfg lays
// (cfg must hold the daily board's settings and layout).
func NewDaily(cfg Config, d DailyBoard) (*Game, error) {
	g := &Game{cfg: cfg}
	if err := g.daily(d); err != nil {
		return nil, err
	}
	return g, nil
}

// ChooseDaily makes cfg the settings of the game's new boards and starts
// a game of the daily board d, whose mines cfg lays.
func (g *Game) ChooseDaily(cfg Config, d DailyBoard) error {
	old := g.cfg
	g.cfg = cfg
	if err := g.daily(d); err != nil {
		g.cfg = old
		return err
	}
	return nil
}

// daily replaces the board with the daily board d.
func (g *Game) daily(d DailyBoard) error {
	if !g.cfg.Settings.NoGuess {
		return fmt.Errorf("the daily board of %s: not a no-guess board", d.Date)
	}
	if err := g.cfg.Settings.CheckPoint(d.Start); err != nil {
		return fmt.Errorf("the daily board of %s: start cell: %w", d.Date, err)
	}
	if err := g.random(d.Seed); err != nil {
		return err
	}
	g.origin, g.date, g.first = Daily, d.Date, d.Start
	return nil
}

// Daily returns the daily board the game plays, and reports whether it
// plays one.
func (g *Game) Daily() (DailyBoard, bool) {
	if g.origin != Daily {
		return DailyBoard{}, false
	}
	return DailyBoard{Date: g.date, Seed: g.seed, Start: g.first}, true
}

// StartCell returns the cell the first opening must open, and reports
// whether there is one: the start cell of a daily board whose mines are
// not laid yet.
func (g *Game) StartCell() (board.Point, bool) {
	if g.origin != Daily || g.b.Started() {
		return board.Point{}, false
	}
	return g.first, true
}

// random replaces the board with a random one seeded with seed.
func (g *Game) random(seed uint64) error {
	kind, lay := g.cfg.Settings, g.cfg.Layout
	if kind.Mines > board.MaxMines(kind.Width, kind.Height, kind.Rule) {
		// Only a board file's layout can hold more mines than its rule
		// allows; its new games fall back to mines anywhere.
		kind.Rule, kind.NoGuess, lay = board.Unsafe, false, nil
	}
	b, err := board.NewRandom(kind, lay, board.NewRand(seed))
	if err != nil {
		return err
	}
	b.SetQuestionMarks(g.cfg.QuestionMarks)
	g.b, g.seed, g.kind, g.origin, g.source, g.date, g.first = b, seed, kind, Drawn, "", "", board.Point{}
	g.fresh()
	return nil
}

// fresh forgets everything of the last game but its board: marks, moves,
// openings and the clock.
func (g *Game) fresh() {
	g.version++
	g.ziniSet = false // a new board, or one to be laid
	g.assisted, g.undone, g.restarted, g.reopen = false, false, false, false
	g.ends, g.ended = 0, board.Playing
	g.moves, g.opens = nil, nil
	g.start, g.end, g.stoppedFor = time.Time{}, time.Time{}, 0
	g.stops &^= StopPause
}

// SetQuestionMarks makes Toggle cycle through a question mark after the
// flag, or not, from the next game on: the game in play keeps its own,
// by which its clicks are counted.
func (g *Game) SetQuestionMarks(on bool) { g.cfg.QuestionMarks = on }

// Renew starts a new random game of the game's settings, laid from seed,
// a seed the player did not choose.
func (g *Game) Renew(seed uint64) error { return g.random(seed) }

// Choose makes cfg the settings of the game's new boards and starts a new
// random game of them laid from seed.
func (g *Game) Choose(cfg Config, seed uint64) error {
	old := g.cfg
	g.cfg = cfg
	if err := g.random(seed); err != nil {
		g.cfg = old
		return err
	}
	return nil
}

// Restart closes every cell of the same board, forgets the moves and stops
// the clock. Once any cell of the layout was revealed the player knows the
// board: the game is then marked restarted, for good (see Known).
func (g *Game) Restart() {
	known := g.restarted || g.b.Started()
	g.b.Reset()
	g.fresh()
	g.restarted = known
}

// Board returns the game's board, to be read: every change of it is a
// move in the log (see the package doc).
func (g *Game) Board() View { return g.b }

// View is what can be read of a game's board.
type View interface {
	Width() int
	Height() int
	Mines() int
	Status() board.Status
	FlagsLeft() int
	SafeLeft() int
	Started() bool
	In(p board.Point) bool
	Hit() (board.Point, bool)
	Tile(p board.Point) board.Tile
	Mark(p board.Point) board.Mark
	Tiles(dst []board.Tile) []board.Tile
	AppendRow(dst []byte, y int) []byte
	String() string
}

// Settings returns the settings the game's board was made with.
func (g *Game) Settings() board.Settings { return g.kind }

// Config returns what the game's random boards are made with.
func (g *Game) Config() Config { return g.cfg }

// Seed returns the seed the board was laid from; 0 for a File game.
func (g *Game) Seed() uint64 { return g.seed }

// Origin returns where the board came from.
func (g *Game) Origin() Origin { return g.origin }

// Source returns the board file's name for a File game, else "".
func (g *Game) Source() string { return g.source }

// Version counts the changes of the board: an analysis made of one
// version is stale at the next.
func (g *Game) Version() uint64 { return g.version }

// Status returns how the game stands.
func (g *Game) Status() board.Status { return g.b.Status() }

// Assisted reports whether the solver helped on a started board.
func (g *Game) Assisted() bool { return g.assisted }

// Undone reports whether a move was taken back.
func (g *Game) Undone() bool { return g.undone }

// Restarted reports whether the game was played again after cells of its
// layout were revealed.
func (g *Game) Restarted() bool { return g.restarted }

// Known reports whether the player could know the board before playing
// it: a board file's, one laid from a seed the player chose, or one played
// again after its cells were revealed. A daily board is not known here:
// whether it was played before is for the records to say.
func (g *Game) Known() bool { return known(g.origin, g.restarted) }

// known reports whether a board of origin, restarted or not, is known.
func known(origin Origin, restarted bool) bool {
	return origin != Drawn && origin != Daily || restarted
}

// Ends returns how many times the game ended (an undo after an end lets it
// end again), and how it ended the first time (board.Playing if never).
func (g *Game) Ends() (int, board.Status) { return g.ends, g.ended }

// Moves returns a copy of the game's log.
func (g *Game) Moves() []TimedMove { return slices.Clone(g.moves) }

// Started reports whether the clock has started: something was opened.
func (g *Game) Started() bool { return !g.start.IsZero() }

// Apply carries out m at now and returns the number of cells it opened. An
// error means nothing changed: a move the board refuses, any move while
// paused, help before the first opening.
//
// A hint or the odds view is logged and marks the game assisted; it
// changes nothing else. A mine the solver flags (FlagMine) gets a flag
// whatever its mark was. A hint, the odds or flags on a board not yet
// started (nothing to analyse) are refused and mark nothing; auto-play's
// opening (AutoOpen) may open the first cell, and marks the game.
func (g *Game) Apply(m Move, now time.Time) (int, error) {
	if g.Paused() {
		return 0, ErrPaused
	}
	if m.Action.Event() || m.Action == FlagMine {
		switch {
		case g.b.Status() != board.Playing:
			return 0, board.ErrGameOver
		case !g.b.Started() || g.b.SafeLeft() == g.b.Width()*g.b.Height()-g.b.Mines():
			return 0, ErrNotStarted
		}
	}
	if m.Action.Event() {
		if !g.b.In(m.At) && m.Action == Hint {
			return 0, fmt.Errorf("%v: %w", m.At, board.ErrOutOfBounds)
		}
		g.assisted = true
		g.moves = append(g.moves, TimedMove{Move: m, At: g.clock(now)})
		return 0, nil
	}
	if err := g.checkStart(m); err != nil {
		return 0, err
	}
	pending := !g.b.Started()
	n, err := g.play(g.b, m)
	if err != nil {
		return 0, err
	}
	if pending && g.b.Started() {
		g.first = m.At
	}
	g.moved(m, n, now)
	return n, nil
}

// checkStart refuses m if it would lay the mines of a daily board
// elsewhere than from its start cell.
func (g *Game) checkStart(m Move) error {
	start, ok := g.StartCell()
	if ok && (m.Action == Open || m.Action == AutoOpen) && m.At != start && g.b.In(m.At) {
		return fmt.Errorf("%w %v", ErrStartCell, start)
	}
	return nil
}

// play carries out m on b, a board move or one of the solver's.
func (g *Game) play(b *board.Board, m Move) (int, error) {
	bm, ok := m.Board()
	if !ok {
		return 0, fmt.Errorf("%w %d", board.ErrAction, m.Action)
	}
	if m.Action == FlagMine {
		if !b.In(m.At) {
			return 0, fmt.Errorf("%v: %w", m.At, board.ErrOutOfBounds)
		}
		if b.Mark(m.At) == board.Flag {
			return 0, ErrFlagged
		}
		// At most two turns: a question mark, then none, then a flag.
		for range 3 {
			if _, err := b.ToggleMark(m.At); err != nil {
				return 0, err
			}
			if b.Mark(m.At) == board.Flag {
				return 0, nil
			}
		}
		return 0, ErrFlagged
	}
	return b.Apply(bm)
}

// moved logs m, which opened n cells, and runs the clock: it starts on the
// first move that opens something and stops when the game ends.
func (g *Game) moved(m Move, n int, now time.Time) {
	g.version++
	over := g.b.Status() != board.Playing
	if m.Action.Help() {
		g.assisted = true
	}
	opens := m.Action == Open || m.Action == Chord || m.Action == AutoOpen
	if g.start.IsZero() && opens && (n > 0 || over) {
		g.start = now
	}
	g.moves = append(g.moves, TimedMove{Move: m, At: g.clock(now)})
	if over && g.end.IsZero() {
		g.end = now
		g.ends++
		if g.ends == 1 {
			g.ended = g.b.Status()
		}
	}
}

// clock returns the time on the clock at now for a move's log entry.
func (g *Game) clock(now time.Time) time.Duration {
	if g.start.IsZero() {
		return 0
	}
	return max(now.Sub(g.start)-g.stoppedFor, 0).Truncate(time.Millisecond)
}

// Laid is a board whose mines were laid off the loop for the game's first
// opening, with that opening played on it.
type Laid struct {
	version uint64
	move    Move
	b       *board.Board
	n       int
}

// LayJob returns, for an opening m that lays the mines of the pending
// board, the work that lays them and plays m on a copy, to be run off the
// loop: the board is only read meanwhile, and Adopt takes the result. It
// returns nil when m lays nothing.
func (g *Game) LayJob(m Move) func() (Laid, error) {
	b, version := g.b, g.version
	if b.Started() || (m.Action != Open && m.Action != AutoOpen) || !b.In(m.At) || b.Mark(m.At) == board.Flag || g.checkStart(m) != nil {
		return nil
	}
	return func() (Laid, error) {
		nb, err := b.Laid(m.At)
		if err != nil {
			return Laid{}, err
		}
		n, err := g.play(nb, m)
		return Laid{version: version, move: m, b: nb, n: n}, err
	}
}

// Adopt takes the board a LayJob laid, as Apply would have played its
// move at now, unless the game changed meanwhile (ErrStale).
func (g *Game) Adopt(l Laid, now time.Time) error {
	if l.version != g.version || l.b == nil {
		return ErrStale
	}
	g.b, g.first, g.ziniSet = l.b, l.move.At, false
	g.moved(l.move, l.n, now)
	return nil
}

// Undo takes back the last move that changed the board, even one that
// ended the game, as Simon Tatham's Mines allows, and marks the game
// undone for good (until a new game or a restart). Events of help stay in
// the log: what the solver showed cannot be taken back.
//
// The board is closed again (Reset keeps the layout) and every move but
// that one is played again: once the mines are laid the rules are
// deterministic, so each move has the effect it had. A board whose first
// opening laid its mines keeps them when that opening is taken back: the
// next opening may then hit a mine, as in Tatham's game.
//
// A game that had ended plays again: its clock runs on from where it
// stopped, the time between the end and the undo not counted. The clock
// never goes back to zero. The openings taken back leave the guess audit.
// It refuses while paused or before any move. Should a move fail to play
// again (a bug: it cannot happen), the game keeps the moves before it and
// the error names it.
func (g *Game) Undo(now time.Time) error {
	last := -1
	for i := len(g.moves) - 1; i >= 0; i-- {
		if !g.moves[i].Move.Action.Event() {
			last = i
			break
		}
	}
	switch {
	case g.Paused():
		return ErrPaused
	case last < 0:
		return ErrNothingToUndo
	}
	keep := slices.Delete(slices.Clone(g.moves), last, last+1)
	g.b.Reset()
	var err error
	for i, m := range keep {
		if m.Move.Action.Event() {
			continue
		}
		if _, e := g.play(g.b, m.Move); e != nil {
			keep, err = keep[:i], fmt.Errorf("undo: playing %v again: %w", m.Move, e)
			break
		}
	}
	g.moves = keep
	if safe := g.b.Width()*g.b.Height() - g.b.Mines(); g.b.SafeLeft() == safe && g.b.Started() {
		g.reopen = true // every opening taken back, the mines laid
	}
	for len(g.opens) > 0 && !g.b.Tile(g.opens[len(g.opens)-1].At).IsOpen() {
		g.opens = g.opens[:len(g.opens)-1]
	}
	if !g.end.IsZero() {
		if !g.start.IsZero() {
			g.stoppedFor += max(now.Sub(g.end), 0)
		}
		g.end = time.Time{}
		if g.stops != 0 {
			// The clock stands still for another reason too: the time
			// to now is counted above, and the stop's from now on, lest
			// SetStop count it again when the reason ends.
			g.stoppedAt = now
		}
	}
	g.version++
	g.undone = true
	return err
}

// SetStop makes why a reason for the clock to stand still from now, or no
// longer one. The clock counts the time between the moment the last
// reason ends and the moment the next begins.
func (g *Game) SetStop(why Stop, on bool, now time.Time) {
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

// later returns the later of a and b.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// Paused reports whether the player paused the game.
func (g *Game) Paused() bool { return g.stops&StopPause != 0 }

// TogglePause pauses a game in play or resumes a paused one. A finished
// game does not pause.
func (g *Game) TogglePause(now time.Time) {
	switch {
	case g.Paused():
		g.SetStop(StopPause, false, now)
	case g.b.Status() == board.Playing:
		g.SetStop(StopPause, true, now)
	}
}

// Elapsed returns the time on the clock: from the first opening to the end
// of the game, or to now, less the time it stood still, to the
// millisecond, as the history keeps it.
func (g *Game) Elapsed(now time.Time) time.Duration {
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
	return max(stop.Sub(g.start)-g.stoppedFor, 0).Truncate(time.Millisecond)
}

// Clicks returns the moves on the board: the player's openings, chords and
// marks, and the solver's openings and flags for the player, one a move
// (see Figures).
func (g *Game) Clicks() int {
	k := Kept{Moves: g.moves}
	return k.Clicks()
}

// Numbers returns the game's numbers at now: the clicks by kind at any
// time, the 3BV and what the board is made of only once it has ended (on
// the largest boards they take a pass over the grid).
func (g *Game) Numbers(now time.Time) Numbers {
	n := Numbers{Time: g.Elapsed(now), Clicks: g.Clicks(), Won: g.b.Status() == board.Won}
	if g.b.Status() != board.Playing {
		n.ThreeBV = g.threeBV()
		n.Figures = g.Figures()
	} else {
		n.Figures = clickFigures(g.moves, g.b.QuestionMarks())
	}
	return n
}

// Figures returns the game's figures as it stands: the clicks by kind
// and, once its mines are laid, on a board of up to LayoutCells cells,
// what the board is made of and the 3BV solved so far. A larger board
// has none of those: counting them would hold up the end of its game for
// seconds, and ZiNi would take gigabytes.
func (g *Game) Figures() Figures {
	f := clickFigures(g.moves, g.b.QuestionMarks())
	if !g.b.Started() || g.b.Width()*g.b.Height() > LayoutCells {
		return f
	}
	// Once over, the board stands still until a move changes its version:
	// a screen that shows the numbers at every frame counts them once.
	if !g.censusSet || g.censusVersion != g.version {
		g.census, g.censusVersion, g.censusSet = g.b.Census(), g.version, true
	}
	if !g.ziniSet {
		g.zini, g.ziniSet = g.b.ZiNi(), true // of the layout: no move changes it
	}
	f.Openings, f.Islands, f.Solved, f.ZiNi = g.census.Openings, g.census.Islands, g.census.Solved, g.zini
	return f
}

// SolvedSoFar returns the 3BV the game has cleared so far, as Figures
// counts it (Solved), and reports whether it is known: once the mines are
// laid, on a board of up to LayoutCells cells. It counts no ZiNi, so a
// screen may ask for it at every frame of a game in play: the count is
// kept until a move changes the board.
func (g *Game) SolvedSoFar() (int, bool) {
	if !g.b.Started() || g.b.Width()*g.b.Height() > LayoutCells {
		return 0, false
	}
	if !g.censusSet || g.censusVersion != g.version {
		g.census, g.censusVersion, g.censusSet = g.b.Census(), g.version, true
	}
	return g.census.Solved, true
}

// ThreeBV returns the board's 3BV, the fewest clicks that clear it, once
// its mines are laid; 0 before. On the largest boards it takes a pass over
// the grid.
func (g *Game) ThreeBV() int {
	if !g.b.Started() {
		return 0
	}
	return g.threeBV()
}

// threeBV returns the board's 3BV.
func (g *Game) threeBV() int {
	// Once over, the board stands still until a move changes its version:
	// a screen that shows the numbers at every frame counts them once.
	if !g.bvSet || g.bvVersion != g.version {
		g.bv, g.bvVersion, g.bvSet = g.b.ThreeBV(), g.version, true
	}
	return g.bv
}

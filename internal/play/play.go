// Package play is the midend: the one policy of a game in play, which
// every front end drives (the full screen of package ui, the line mode of
// package reader, and the server through ui), as mines.c's midend is for
// its front ends. A front end reads input and turns it into a move, and
// shows the game; Play carries the move out: an opening audited first, the
// move applied, a game that ends kept, a game given up kept as a loss, an
// undo of an end told to the keeper, a new game started. Which game a run
// starts with is First's policy (Start); what the player left, and the
// lines that report it, are Result's and Summary's.
package play

import (
	"context"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/solver"
	"github.com/minesweeper-go/minesweeper/internal/splitmix"
)

// Keeper is what a game in play tells the session of its ends, and asks
// of it: *session.Session is one. It decides what a game counts for and
// answers with data, which the front ends word.
type Keeper interface {
	// Ended keeps a game that ended, won or lost, for the first time.
	Ended(k game.Kept) session.Counts
	// Reopened tells that the game kept as number n (0: the one that
	// waits to be kept, Counts' Pending) plays on after an undo took back
	// its end: it is marked undone there.
	Reopened(k game.Kept, n int)
	// GaveUp keeps a started game given up before its end, as a loss.
	GaveUp(k game.Kept) session.Counts
	// Stats returns the statistics of a kind of board, and the records
	// its plots show, for the front ends to word.
	Stats(s board.Settings) session.Stats
}

// Config is what a Play is played with.
type Config struct {
	Keeper Keeper // nil keeps nothing
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
	// NewSeed returns the seed of each new game: one the player cannot
	// foresee from the game before. Nil means a SplitMix64 step from the
	// last seed (see NextSeed), which tests can foresee.
	NewSeed func() uint64
	// Audit judges the opening about to be made at at, the game's opening
	// number index (see game.Game.WillOpen): a front end that runs work
	// off its loop analyses large boards there. Nil means SyncAudit.
	Audit func(g *game.Game, index int, at board.Point)
}

// Play is a game in play and what the run knows of it: what the keeper
// said it counts for, the games given up before it, and how the run's
// first daily game ended.
type Play struct {
	cfg       Config
	g         *game.Game
	counts    session.Counts
	gaveUp    int
	daily     *DailyResult
	committed daily.Board // the server's commitment to the daily board in play, if any
}

// New returns the play of g with cfg.
func New(g *game.Game, cfg Config) *Play {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Play{cfg: cfg, g: g}
}

// Game returns the game in play.
func (p *Play) Game() *game.Game { return p.g }

// Counts returns what the keeper said the game in play counts for, once
// it ended.
func (p *Play) Counts() session.Counts { return p.counts }

// Stats returns the statistics of the kind of board in play and its
// plots' records, as the keeper keeps them (see Keeper.Stats); none
// (Kept false) without a keeper.
func (p *Play) Stats() session.Stats {
	if p.cfg.Keeper == nil {
		return session.Stats{}
	}
	return p.cfg.Keeper.Stats(p.g.Settings())
}

// GaveUpCount returns how many games of the run were given up before the
// one in play, each kept as a loss.
func (p *Play) GaveUpCount() int { return p.gaveUp }

// Daily returns how the run's first game on a daily board ended or was
// given up; nil if none did.
func (p *Play) Daily() *DailyResult { return p.daily }

// Now returns the current time, by the play's clock.
func (p *Play) Now() time.Time { return p.cfg.Now() }

// Commit notes the daily board b, with a server's commitment to it, as
// the board of the daily game in play: the line a player shares tells it
// by its commitment (see ShareLine).
func (p *Play) Commit(b daily.Board) { p.committed = b }

// Committed returns the daily board noted by Commit.
func (p *Play) Committed() daily.Board { return p.committed }

// Apply carries out m, the player's or the solver's move, now: an opening
// of a closed cell is audited first, on the board as it stands; a game it
// ends is kept. It returns the cells m opened.
func (p *Play) Apply(m game.Move) (int, error) { return p.ApplyAt(m, p.cfg.Now()) }

// ApplyAt is Apply at the time at, such as a replayed move's.
func (p *Play) ApplyAt(m game.Move, at time.Time) (int, error) {
	if m.Action == game.Open || m.Action == game.AutoOpen {
		p.Audit(m.At)
	}
	before, _ := p.g.Ends()
	n, err := p.g.Apply(m, at)
	p.ended(before)
	return n, err
}

// Audit notes that the cell at at is about to be opened (see
// game.Game.WillOpen) and has the opening judged on the board as it
// stands (Config.Audit). Apply audits its openings; a front end that lays
// a board off its loop audits the opening that lays it first.
func (p *Play) Audit(at board.Point) {
	index, judge := p.g.WillOpen(at)
	if !judge {
		return
	}
	if p.cfg.Audit != nil {
		p.cfg.Audit(p.g, index, at)
		return
	}
	SyncAudit(p.g, index, at)
}

// Adopt takes the board that l, a laying job of the game in play (see
// game.Game.LayJob), laid off the front end's loop, and plays the move
// that laid it; a game it ends is kept.
func (p *Play) Adopt(l game.Laid) error {
	before, _ := p.g.Ends()
	if err := p.g.Adopt(l, p.cfg.Now()); err != nil {
		return err
	}
	p.ended(before)
	return nil
}

// SyncAuditCells is the largest board whose openings are analysed on the
// spot: on expert (480 cells) an analysis takes well under a millisecond
// (p99 0.5 ms, see the solver's BenchmarkHintExpert); on larger boards it
// may take longer than a frame, or a line.
const SyncAuditCells = 1 << 11

// SyncAudit judges the opening index at at of g on the board as it
// stands: analysed on the spot up to SyncAuditCells cells, not counted
// (judged without an analysis) on larger boards.
func SyncAudit(g *game.Game, index int, at board.Point) {
	b := g.Board()
	if b.Width()*b.Height() > SyncAuditCells {
		g.Judge(index, at, nil)
		return
	}
	v, err := solver.NewView(b.Width(), b.Height(), b.Mines(), b.Tiles(nil))
	if err != nil {
		g.Judge(index, at, nil)
		return
	}
	an, err := solver.New(solver.Options{Rule: g.Settings().Rule}).AnalyzeContext(context.Background(), v)
	if err != nil {
		an = nil
	}
	g.Judge(index, at, an)
}

// ended keeps the game if it has just ended for the first time: it had
// ended before times before the move.
func (p *Play) ended(before int) {
	ends, _ := p.g.Ends()
	if ends == before {
		return
	}
	if ends > 1 {
		p.counts = session.Counts{Number: p.counts.Number, Why: session.Again}
		return
	}
	p.counts = session.Counts{}
	if p.cfg.Keeper != nil {
		p.counts = p.cfg.Keeper.Ended(p.g.Record(p.cfg.Now()))
	}
	p.noteDaily(p.counts, false)
}

// AtStake reports whether leaving the game in play gives it up: it was
// started, is in play, and was not kept already at an end (a game played
// on after an undo of its end was kept then).
func (p *Play) AtStake() bool {
	ends, _ := p.g.Ends()
	return p.g.Started() && p.g.Status() == board.Playing && ends == 0
}

// GiveUp keeps the game in play, if it is at stake, as a loss. It
// reports whether the keeper kept it so.
func (p *Play) GiveUp() bool {
	if !p.AtStake() {
		return false
	}
	var c session.Counts
	if p.cfg.Keeper != nil {
		k := p.g.Record(p.cfg.Now())
		// A loss's 3BV and figures, as the history keeps them.
		k.ThreeBV, k.Figures = p.g.ThreeBV(), p.g.Figures()
		c = p.cfg.Keeper.GaveUp(k)
	}
	p.noteDaily(c, true)
	if c.Number > 0 {
		p.gaveUp++ // kept as a loss, as the summary says
		return true
	}
	return false
}

// NewGame gives up the game at stake and starts a new random one of its
// settings, with a seed the player cannot foresee (Config.NewSeed).
func (p *Play) NewGame() error {
	p.GiveUp()
	p.counts = session.Counts{}
	return p.g.Renew(p.newSeed())
}

// Renew gives up the game at stake and starts a new random one of its
// settings with seed.
func (p *Play) Renew(seed uint64) error {
	p.GiveUp()
	p.counts = session.Counts{}
	return p.g.Renew(seed)
}

// Restart gives up the game at stake and starts the same board again.
func (p *Play) Restart() {
	p.GiveUp()
	p.counts = session.Counts{}
	p.g.Restart()
}

// Choose gives up the game at stake and starts a new game of settings gc
// (see game.Game.Choose).
func (p *Play) Choose(gc game.Config) error {
	p.GiveUp()
	p.counts = session.Counts{}
	return p.g.Choose(gc, p.newSeed())
}

// ChooseDaily gives up the game at stake and starts a game of the daily
// board b, laid by daily.Layout, with gc's preferences.
func (p *Play) ChooseDaily(gc game.Config, b daily.Board) error {
	p.GiveUp()
	gc.Settings, gc.Layout = b.Settings, daily.Layout
	if err := p.g.ChooseDaily(gc, b.Game()); err != nil {
		return err
	}
	p.counts = session.Counts{}
	p.committed = b
	return nil
}

// Resume makes k, a game left before its end, the game in play (see
// game.Resume), with gc's settings and preferences; the clock goes on
// from the time the board is back, which it returns.
func (p *Play) Resume(gc game.Config, k game.Kept) (time.Time, error) {
	var now time.Time
	g, err := game.Resume(gc, k, func() time.Time {
		now = p.cfg.Now()
		return now
	})
	if err != nil {
		return now, err
	}
	p.g, p.counts = g, session.Counts{}
	return now, nil
}

// Undo takes back the last move (see game.Game.Undo) and tells the keeper
// when a game that had ended plays on: it was kept when it ended, and is
// now marked undone there. It reports whether the undo reopened an ended
// game.
func (p *Play) Undo() (bool, error) {
	g, now := p.g, p.cfg.Now()
	over := g.Status() != board.Playing
	if err := g.Undo(now); err != nil {
		return false, err
	}
	reopened := over && g.Status() == board.Playing
	if reopened && (p.counts.Number > 0 || p.counts.Pending) && p.cfg.Keeper != nil {
		p.cfg.Keeper.Reopened(g.Record(now), p.counts.Number)
	}
	return reopened, nil
}

// newSeed returns the seed of a new game: Config.NewSeed's, or the step
// after the game's seed.
func (p *Play) newSeed() uint64 {
	if p.cfg.NewSeed != nil {
		return p.cfg.NewSeed()
	}
	return NextSeed(p.g.Seed())
}

// NextSeed returns the seed that follows seed: a SplitMix64 step (see
// splitmix.Next), the new games' seeds when Config.NewSeed is nil.
func NextSeed(seed uint64) uint64 { return splitmix.Next(seed) }

// noteDaily keeps how the game in play, if it is the run's first game on
// a daily board to end or be given up, ended: as c says it counts, given
// up or not.
func (p *Play) noteDaily(c session.Counts, gaveUp bool) {
	d, ok := p.g.Daily()
	if !ok || p.daily != nil {
		return
	}
	g := p.g
	p.daily = &DailyResult{
		Date: d.Date, Level: board.LevelOf(g.Settings()),
		Won: g.Status() == board.Won, GaveUp: gaveUp,
		Numbers: g.Numbers(p.cfg.Now()), Assisted: g.Assisted(), Undone: g.Undone(),
		Counts: c,
	}
	if cm := p.committed; cm.Commitment != "" && cm.Date == d.Date && cm.Seed == d.Seed && cm.Start == d.Start {
		p.daily.Commitment = cm.Commitment
	}
}

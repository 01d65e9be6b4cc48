// Package reader is the game in lines, for screen readers and terminals
// that cannot draw a full screen (TERM=dumb): no alternate screen, no
// redraws, no cursor addressing. It reads one command a line and says, in
// one plain line, what each changed. It plays through package game and
// tells the session (Keeper) of each game as the full screen does, so the
// records keep the same games either way. It does not import tcell.
package reader

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/solver"
	"github.com/minesweeper-go/minesweeper/internal/splitmix"
)

// Keeper is what the line mode tells the session of the games, the calls
// the full screen makes (see ui.Keeper): *session.Session is one.
type Keeper interface {
	// Ended keeps a game that ended, won or lost, for the first time.
	Ended(k game.Kept) session.Counts
	// Reopened tells that the game kept as number n (0: the one that
	// waits to be kept, Counts' Pending) plays on after an undo took back
	// its end.
	Reopened(k game.Kept, n int)
	// GaveUp keeps a started game given up before its end, as a loss.
	GaveUp(k game.Kept) session.Counts
}

// Config is what Run plays.
type Config struct {
	Game   *game.Game    // the first game: new, resumed or a board file's
	Clicks []board.Point // a board file's clicks, played first as the player's openings
	Note   string        // said after the first line, such as that a game was resumed
	// GiveUp reports whether the Note asked to give the first game up
	// (-new): n then gives it up at once, as a second n does.
	GiveUp bool
	Keeper Keeper // nil keeps nothing
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
	// NewSeed returns the seed of each new game (n); nil means the
	// SplitMix64 step the full screen takes.
	NewSeed func() uint64
	// Stop, when closed, ends the game as q does, between two lines: a
	// signal the caller caught. Nil never stops.
	Stop <-chan struct{}
}

// Result is how the last game stood when the player left.
type Result struct {
	Game   *game.Game
	Counts session.Counts // what the last game counts for, once it ended
	GaveUp int            // games given up before the last, each kept as a loss
	// Daily is how the run's first game on a daily board ended or was
	// given up; nil if none did.
	Daily *DailyEnd
}

// DailyEnd is how a game on a daily board ended, for the line to share.
type DailyEnd struct {
	Date, Level      string
	Won, GaveUp      bool
	Assisted, Undone bool
	Numbers          game.Numbers
	Counts           session.Counts
}

// HelpLine is the line "?" says.
const HelpLine = "cells are column then row, from 1 at the top left. " +
	"o 4 7 or 4 7 opens, f 4 7 flags (again: question mark, none), c 4 7 chords an open number; " +
	"without a cell they act at the cursor. h j k l move the cursor left, down, up, right; " +
	"x or look says the cursor's cell and its neighbours; s hints and says why; u undoes; " +
	"n starts a new game (twice when one is in play: it counts as a loss); q or the end of input quits, the game saved"

// syncAuditCells is the largest board whose openings the guess audit
// analyses (the full screen's limit for analysing on its loop): larger
// ones would hold up each line; their openings are not counted.
const syncAuditCells = 1 << 11

// player is the line mode's state: the game, the cursor and what the
// session said.
type player struct {
	cfg     Config
	g       *game.Game
	cursor  board.Point
	counts  session.Counts
	gaveUp  int
	confirm bool // n was said once with a game at stake
	daily   *DailyEnd
}

// Run plays cfg, reading commands from in and saying one line for each on
// out, until q or the end of in. It returns the last game's result; an
// error only if out cannot be written or in cannot be read.
func Run(in io.Reader, out io.Writer, cfg Config) (Result, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	p := &player{cfg: cfg, g: cfg.Game, confirm: cfg.GiveUp}
	for _, c := range cfg.Clicks {
		_ = p.play(game.Move{Action: game.Open, At: c}) // a click that fails changes nothing
	}
	if s, ok := p.g.StartCell(); ok {
		p.cursor = s
	}
	w := bufio.NewWriter(out)
	say := func(line string) error {
		w.WriteString(line)
		w.WriteByte('\n')
		return w.Flush()
	}
	err := say(p.intro())
	if err == nil && cfg.Note != "" {
		err = say(cfg.Note)
	}
	lines, readErr := readLines(in, cfg.Stop)
	for err == nil {
		var line string
		var ok bool
		select {
		case line, ok = <-lines:
		case <-cfg.Stop:
		}
		if !ok {
			break // the end of the input, or stopped
		}
		c, perr := Parse(line)
		if perr != nil {
			err = say(perr.Error())
			continue
		}
		if c.Verb == Quit {
			break
		}
		err = say(p.do(c))
	}
	if err == nil {
		select {
		case err = <-readErr:
		default: // stopped while a line was being read
		}
	}
	return Result{Game: p.g, Counts: p.counts, GaveUp: p.gaveUp, Daily: p.daily}, err
}

// readLines reads the lines of in on a goroutine of its own, so that the
// game can stop while a read waits: it sends each line until stop is
// closed, then closes lines, the read's error (nil at the end of in) sent
// first on the channel it returns.
func readLines(in io.Reader, stop <-chan struct{}) (<-chan string, <-chan error) {
	lines, errc := make(chan string), make(chan error, 1)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-stop:
				return
			}
		}
		errc <- sc.Err()
	}()
	return lines, errc
}

// intro says the board: its size, its mines, how cells are counted and
// where to start.
func (p *player) intro() string {
	b := p.g.Board()
	line := fmt.Sprintf("minesweeper: %d columns, %d rows, %s; cells are column then row from 1 at the top left; ? for help",
		b.Width(), b.Height(), mines(b.Mines()))
	if s, ok := p.g.StartCell(); ok {
		line += "; a daily board: open its start cell " + Cell(s) + " first"
	} else if p.g.Started() {
		line += "; " + p.standing()
	}
	return line
}

// standing says how a game stands: the cells left to open and the mines
// left to flag, or its end.
func (p *player) standing() string {
	b := p.g.Board()
	switch b.Status() {
	case board.Won, board.Lost:
		return OverLine
	}
	return fmt.Sprintf("%d safe cells to open, %s left", b.SafeLeft(), mines(b.FlagsLeft()))
}

// do carries out c and returns the line that says what changed.
func (p *player) do(c Command) string {
	confirm := p.confirm
	p.confirm = false
	b := p.g.Board()
	switch c.Verb {
	case Open, Flag, Chord:
		at := p.cursor
		if c.HasAt {
			at = c.At
		}
		if !b.In(at) {
			return fmt.Sprintf("%s is off the board: columns 1 to %d, rows 1 to %d", Cell(at), b.Width(), b.Height())
		}
		p.cursor = at
		return p.move(c.Verb, at)
	case Hint:
		return p.hint()
	case Look:
		return Around(b, p.cursor)
	case Left, Down, Up, Right:
		return p.step(c.Verb)
	case Undo:
		return p.undo()
	case New:
		if p.atStake() && !confirm {
			p.confirm = true
			return "give up this game for a new one? it counts as a loss: n again"
		}
		return p.newGame()
	case Help:
		return HelpLine
	}
	return Usage
}

// move plays an opening, a flag or a chord at at.
func (p *player) move(v Verb, at board.Point) string {
	act := map[Verb]game.Action{Open: game.Open, Flag: game.Toggle, Chord: game.Chord}[v]
	if t := p.g.Board().Tile(at); v == Open && t.IsOpen() {
		if t == 0 {
			return Cell(at) + " is open already"
		}
		act = game.Chord // as Enter on an open number does on the full screen
	}
	n, err := p.playN(game.Move{Action: act, At: at})
	b := p.g.Board()
	switch {
	case errors.Is(err, game.ErrStartCell):
		s, _ := p.g.StartCell()
		return "a daily board opens first at its start cell " + Cell(s)
	case err != nil:
		return Refused(err, at)
	case act == game.Toggle:
		return Marked(b, at)
	}
	return Opened(b, at, n, p.g.Elapsed(p.cfg.Now()), p.counts)
}

// step moves the cursor one cell, and says where it is.
func (p *player) step(v Verb) string {
	b := p.g.Board()
	d := map[Verb]board.Point{Left: {X: -1}, Down: {Y: 1}, Up: {Y: -1}, Right: {X: 1}}[v]
	to := p.cursor.Add(d)
	if !b.In(to) {
		edge := map[Verb]string{Left: "left", Down: "bottom", Up: "top", Right: "right"}[v]
		return At(b, p.cursor, edge)
	}
	p.cursor = to
	return At(b, to, "")
}

// hint asks the solver for a safe cell near the cursor, logs the hint
// (it marks the game assisted, as on the full screen), moves the cursor
// there and says why it is safe.
func (p *player) hint() string {
	g, b := p.g, p.g.Board()
	switch {
	case b.Status() != board.Playing:
		return OverLine
	case b.SafeLeft() == b.Width()*b.Height()-b.Mines():
		return game.ErrNotStarted.Error()
	}
	v, err := solver.NewView(b.Width(), b.Height(), b.Mines(), b.Tiles(nil))
	if err != nil {
		return err.Error()
	}
	h, _, err := solver.New(solver.Options{Rule: g.Settings().Rule}).Hint(context.Background(), v, p.cursor)
	switch {
	case errors.Is(err, solver.ErrInconsistent):
		return "the solver finds no layout of mines that fits the board"
	case err != nil:
		return "the solver failed: " + err.Error()
	}
	if _, err := g.Apply(game.Move{Action: game.Hint, At: h.Cell}, p.cfg.Now()); err != nil {
		return Refused(err, h.Cell)
	}
	p.cursor = h.Cell
	return HintWords(h)
}

// undo takes back the last move and tells the keeper when a game that
// had ended plays on, as the full screen does.
func (p *player) undo() string {
	g := p.g
	var last game.Move
	for _, m := range g.Moves() {
		if !m.Move.Action.Event() {
			last = m.Move
		}
	}
	now := p.cfg.Now()
	over := g.Status() != board.Playing
	if err := g.Undo(now); err != nil {
		if errors.Is(err, game.ErrNothingToUndo) {
			return "nothing to undo"
		}
		return err.Error()
	}
	reopened := over && g.Status() == board.Playing
	if reopened && (p.counts.Number > 0 || p.counts.Pending) && p.cfg.Keeper != nil {
		p.cfg.Keeper.Reopened(g.Record(now), p.counts.Number)
	}
	p.cursor = last.At
	return Undone(last, reopened)
}

// newGame gives up the game at stake and starts a new one.
func (p *player) newGame() string {
	now := p.cfg.Now()
	p.giveUp(now)
	p.counts = session.Counts{}
	next := splitmix.Next(p.g.Seed())
	if p.cfg.NewSeed != nil {
		next = p.cfg.NewSeed()
	}
	if err := p.g.Renew(next); err != nil {
		return err.Error()
	}
	p.cursor = board.Point{}
	b := p.g.Board()
	return fmt.Sprintf("new game: %d columns, %d rows, %s", b.Width(), b.Height(), mines(b.Mines()))
}

// play carries out m as the full screen's play does: an opening is
// audited first, on the board as it stands; a game it ends is kept.
func (p *player) play(m game.Move) error {
	_, err := p.playN(m)
	return err
}

// playN is play, returning the cells m opened.
func (p *player) playN(m game.Move) (int, error) {
	if m.Action == game.Open {
		p.audit(m.At)
	}
	before, _ := p.g.Ends()
	n, err := p.g.Apply(m, p.cfg.Now())
	p.ended(before)
	return n, err
}

// audit notes the opening about to be made at at for the guess audit and
// judges it on the board as it stands (see game.Game.WillOpen).
func (p *player) audit(at board.Point) {
	g := p.g
	index, judge := g.WillOpen(at)
	if !judge {
		return
	}
	b := g.Board()
	if b.Width()*b.Height() > syncAuditCells {
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

// ended keeps the game if it has just ended for the first time.
func (p *player) ended(before int) {
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

// atStake reports whether leaving the game in play gives it up.
func (p *player) atStake() bool {
	ends, _ := p.g.Ends()
	return p.g.Started() && p.g.Status() == board.Playing && ends == 0
}

// giveUp keeps the game in play, if it is at stake, as a loss.
func (p *player) giveUp(now time.Time) {
	if !p.atStake() {
		return
	}
	var c session.Counts
	if p.cfg.Keeper != nil {
		k := p.g.Record(now)
		k.ThreeBV, k.Figures = p.g.ThreeBV(), p.g.Figures()
		c = p.cfg.Keeper.GaveUp(k)
	}
	p.noteDaily(c, true)
	if c.Number > 0 {
		p.gaveUp++ // kept as a loss, as the summary says
	}
}

// noteDaily keeps how the game in play ended, if it is the run's first
// game on a daily board to end or be given up.
func (p *player) noteDaily(c session.Counts, gaveUp bool) {
	d, ok := p.g.Daily()
	if !ok || p.daily != nil {
		return
	}
	g := p.g
	p.daily = &DailyEnd{
		Date: d.Date, Level: board.LevelOf(g.Settings()),
		Won: g.Status() == board.Won, GaveUp: gaveUp,
		Assisted: g.Assisted(), Undone: g.Undone(),
		Numbers: g.Numbers(p.cfg.Now()), Counts: c,
	}
}

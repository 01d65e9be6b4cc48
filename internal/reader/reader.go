// Package reader is the game in lines, for screen readers and terminals
// that cannot draw a full screen (TERM=dumb): no alternate screen, no
// redraws, no cursor addressing. It reads one command a line and says, in
// one plain line, what each changed (the board, and the statistics that
// the session keeps, a line a part). It plays through package game and
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
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// Config is what Run plays.
type Config struct {
	// Start is the first game: new, resumed (in lines without asking: the
	// first line says so, and n gives it up), a daily board or a board
	// file's, whose clicks are played first as the player's openings (see
	// play.First).
	Start play.Start
	// QuestionMarks makes f cycle through a question mark after the flag.
	QuestionMarks bool
	Keeper        play.Keeper // the session; nil keeps nothing
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
	// NewSeed returns the seed of each new game (n); nil means the
	// SplitMix64 step the full screen takes.
	NewSeed func() uint64
	// Stop, when closed, ends the game as q does, between two lines: a
	// signal the caller caught. Nil never stops.
	Stop <-chan struct{}
}

// player is the line mode's state: the game in play and the cursor.
type player struct {
	cfg     Config
	p       *play.Play
	cursor  board.Point
	confirm bool // n was said once with a game at stake
}

// Run plays cfg, reading commands from in and saying one line for each on
// out, until q or the end of in. It returns the last game's result; an
// error if the first game cannot be made, out cannot be written or in
// cannot be read.
func Run(in io.Reader, out io.Writer, cfg Config) (play.Result, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	g, err := play.First(cfg.Start, game.Config{QuestionMarks: cfg.QuestionMarks}, cfg.Now)
	if err != nil {
		return play.Result{}, err
	}
	pl := play.New(g, play.Config{Keeper: cfg.Keeper, Now: cfg.Now, NewSeed: cfg.NewSeed})
	p := &player{cfg: cfg, p: pl, confirm: cfg.Start.Resume != nil && cfg.Start.GiveUp}
	pl.Begin(cfg.Start)
	if s, ok := p.p.Game().StartCell(); ok {
		p.cursor = s
	}
	w := bufio.NewWriter(out)
	say := func(line string) error {
		w.WriteString(line)
		w.WriteByte('\n')
		return w.Flush()
	}
	err = say(p.intro())
	if note := startNote(cfg.Start); err == nil && note != "" {
		err = say(note)
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
	return pl.Result(cfg.Now()), err
}

// startNote is what is said after the first line: that a game was
// resumed, and how to give it up, or that the games of the board left
// unfinished are played elsewhere.
func startNote(st play.Start) string {
	switch {
	case st.Resume != nil && st.GiveUp:
		// -new: n gives it up at once, as a second n does in a game.
		return "-new: give up the game of this board left unfinished for a new game? it counts as a loss: n (anything else goes on with it)"
	case st.Resume != nil:
		return "resumed the game of this board left unfinished; n gives it up for a new game"
	case st.Elsewhere > 0:
		return play.ElsewhereNote
	}
	return ""
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
	b := p.p.Game().Board()
	line := fmt.Sprintf("%d columns, %d rows, %s; column then row, from 1 at top left; help: ?",
		b.Width(), b.Height(), mines(b.Mines()))
	if s, ok := p.p.Game().StartCell(); ok {
		line += "; a daily board: open its start cell, " + Spot(s) + ", first"
	} else if p.p.Game().Started() {
		line += "; " + p.standing()
	}
	return line
}

// standing says how a game stands: the cells left to open and the mines
// left to flag, or its end.
func (p *player) standing() string {
	b := p.p.Game().Board()
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
	b := p.p.Game().Board()
	switch c.Verb {
	case Open, Flag, Chord:
		at := p.cursor
		if c.HasAt {
			at = c.At
		}
		if !b.In(at) {
			return p.off(at)
		}
		p.cursor = at
		return p.move(c.Verb, at)
	case Hint:
		return p.hint()
	case Look:
		at := p.cursor
		if c.HasAt {
			at = c.At
		}
		if !b.In(at) {
			return p.off(at)
		}
		p.cursor = at
		return Around(b, at)
	case Row, Column, Whole, MinesLeft, Clock:
		return p.read(c)
	case Left, Down, Up, Right:
		return p.step(c.Verb)
	case Undo:
		return p.undo()
	case New:
		if p.p.AtStake() && !confirm {
			p.confirm = true
			return "give up this game for a new one? it counts as a loss: n again"
		}
		return p.newGame()
	case Stats:
		return StatsWords(p.p.Stats())
	case Plots:
		return PlotWords(p.p.Stats())
	case Help:
		return HelpLine
	}
	return Usage
}

// off says that at is off the board, and the board's bounds.
func (p *player) off(at board.Point) string {
	b := p.p.Game().Board()
	return fmt.Sprintf("%s is off the board: columns 1 to %d, rows 1 to %d", Cell(at), b.Width(), b.Height())
}

// read says a part of the board, or what it counts, changing nothing but
// the cursor's row or column, which a row or a column read moves to.
func (p *player) read(c Command) string {
	b := p.p.Game().Board()
	switch c.Verb {
	case Row:
		y := p.cursor.Y
		if c.HasAt {
			y = c.At.Y
		}
		if y >= b.Height() {
			return fmt.Sprintf("row %d is off the board: rows 1 to %d", y+1, b.Height())
		}
		p.cursor.Y = y
		return RowWords(b, y)
	case Column:
		x := p.cursor.X
		if c.HasAt {
			x = c.At.X
		}
		if x >= b.Width() {
			return fmt.Sprintf("column %d is off the board: columns 1 to %d", x+1, b.Width())
		}
		p.cursor.X = x
		return ColumnWords(b, x)
	case Whole:
		return BoardWords(b)
	case MinesLeft:
		return MinesWords(b)
	}
	return TimeWords(p.p.Game().Elapsed(p.cfg.Now()))
}

// move plays an opening, a flag or a chord at at.
func (p *player) move(v Verb, at board.Point) string {
	act := map[Verb]game.Action{Open: game.Open, Flag: game.Toggle, Chord: game.Chord}[v]
	if t := p.p.Game().Board().Tile(at); v == Open && t.IsOpen() {
		if t == 0 {
			return Cell(at) + " is open already"
		}
		act = game.Chord // as Enter on an open number does on the full screen
	}
	n, err := p.p.Apply(game.Move{Action: act, At: at})
	b := p.p.Game().Board()
	switch {
	case errors.Is(err, game.ErrStartCell):
		s, _ := p.p.Game().StartCell()
		return "a daily board opens first at its start cell " + Cell(s)
	case err != nil:
		return Refused(err, at)
	case act == game.Toggle:
		return Marked(b, at)
	}
	return Opened(b, at, n, p.p.Game().Elapsed(p.cfg.Now()), p.p.Counts())
}

// step moves the cursor one cell, and says where it is.
func (p *player) step(v Verb) string {
	b := p.p.Game().Board()
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
	g, b := p.p.Game(), p.p.Game().Board()
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
	if _, err := p.p.Apply(game.Move{Action: game.Hint, At: h.Cell}); err != nil {
		return Refused(err, h.Cell)
	}
	p.cursor = h.Cell
	return HintWords(h)
}

// undo takes back the last move; the play tells the keeper when a game
// that had ended plays on.
func (p *player) undo() string {
	var last game.Move
	for _, m := range p.p.Game().Moves() {
		if !m.Move.Action.Event() {
			last = m.Move
		}
	}
	reopened, err := p.p.Undo()
	if err != nil {
		if errors.Is(err, game.ErrNothingToUndo) {
			return "nothing to undo"
		}
		return err.Error()
	}
	p.cursor = last.At
	return Undone(last, reopened)
}

// newGame gives up the game at stake and starts a new one.
func (p *player) newGame() string {
	if err := p.p.NewGame(); err != nil {
		return err.Error()
	}
	p.cursor = board.Point{}
	b := p.p.Game().Board()
	return fmt.Sprintf("new game: %d columns, %d rows, %s", b.Width(), b.Height(), mines(b.Mines()))
}

package video

import (
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Step is one move that a video's clicks make.
type Step struct {
	At    time.Duration
	Move  board.Move
	Event int // the index in Events of the event that made it
}

// buttons is the state of the mouse's buttons as the events leave it.
type buttons struct {
	left, right bool
	// both is set once both buttons are down together; the release of
	// either chords, and nothing else happens until both are up or a
	// button goes down again.
	both, chorded bool
}

// Moves returns the moves the video's events make, as the classic game
// and its clones handle the mouse: a right press alone cycles the mark
// of its cell; a left release opens the cell under the pointer (a left
// press the file left out is assumed); with both buttons down, the first
// release of either chords the cell under the pointer, and nothing more
// happens until both are up or one goes down again (a player who holds
// the right button chords with each left click); a middle release chords. A move whose cell
// is off the board is left out; one that the board would refuse is kept
// (see Play, which skips it).
func (v *Video) Moves() []Step {
	var steps []Step
	var b buttons
	add := func(i int, a board.Action) {
		if e := v.Events[i]; e.Cell != Off {
			steps = append(steps, Step{At: e.At, Move: board.Move{Action: a, At: e.Cell}, Event: i})
		}
	}
	for i, e := range v.Events {
		switch e.Kind {
		case LeftPress:
			b.left = true
			if b.right {
				b.both, b.chorded = true, false
			}
		case RightPress:
			b.right = true
			if b.left {
				b.both, b.chorded = true, false
			} else if !b.both {
				add(i, board.Toggle)
			}
		case LeftRelease, RightRelease:
			wasLeft := e.Kind == LeftRelease
			switch {
			case b.both && !b.chorded:
				add(i, board.Chord)
				b.chorded = true
			case !b.both && wasLeft:
				add(i, board.Open)
			}
			if wasLeft {
				b.left = false
			} else {
				b.right = false
			}
			if !b.left && !b.right {
				b.both, b.chorded = false, false
			}
		case MiddleRelease:
			add(i, board.Chord)
		}
	}
	return steps
}

// Game is a video played on the board of its layout.
type Game struct {
	Board *board.Board
	// Steps are the moves that changed the board (a mark, or a cell
	// opened, or a mine), up to the one that ended the game.
	Steps []Step
	// Start is the time of the first opening, End that of the last step;
	// End-Start is the game's time as the programs count it.
	Start, End time.Duration
}

// Time returns the game's time: from the first opening to the end.
func (g *Game) Time() time.Duration { return g.End - g.Start }

// Play plays the video's moves (see Moves) on a board of its layout, its
// flags placed before the first click set first, up to the move that
// wins or loses the game, or to the last. A move the board refuses (an
// open cell opened, a chord whose flags do not match) changes nothing
// and is skipped, as the programs ignore such a click. A chord on an open
// zero opens its closed unflagged neighbours, as in the clones (see
// zeroChord); its Steps are those openings.
func (v *Video) Play() (*Game, error) {
	b, err := board.New(v.Width, v.Height, v.Mines)
	if err != nil {
		return nil, err
	}
	b.SetQuestionMarks(v.QuestionMarks)
	for _, p := range v.PreFlags {
		if b.Mark(p) == board.NoMark {
			b.ToggleMark(p)
		}
	}
	g := &Game{Board: b}
	opened := false
	for _, s := range v.Moves() {
		for _, s := range zeroChord(b, s) {
			before := b.Mark(s.Move.At)
			n, err := b.Apply(s.Move)
			if err != nil || (s.Move.Action != board.Toggle && n == 0 && b.Status() == board.Playing) ||
				(s.Move.Action == board.Toggle && b.Mark(s.Move.At) == before) {
				continue
			}
			if !opened && s.Move.Action != board.Toggle {
				opened = true
				g.Start = s.At
			}
			g.Steps = append(g.Steps, s)
			g.End = s.At
			if b.Status() != board.Playing {
				return g, nil
			}
		}
	}
	return g, nil
}

// zeroChord returns the steps that make s on b: s itself, or, for a chord
// on an open zero, the opening of each closed unflagged neighbour. The
// clones chord a zero as any number whose flags are all there (none): its
// neighbours closed after a flood stopped at flags since taken off open;
// the game's board refuses a chord on a zero, so it is played as the
// openings it makes.
func zeroChord(b *board.Board, s Step) []Step {
	if s.Move.Action != board.Chord || b.Tile(s.Move.At) != 0 {
		return []Step{s}
	}
	var steps []Step
	w, h := b.Width(), b.Height()
	for j := range board.Neighbours(w, h, s.Move.At.Y*w+s.Move.At.X) {
		p := board.Point{X: j % w, Y: j / w}
		if b.Mark(p) == board.NoMark && !b.Tile(p).IsOpen() {
			steps = append(steps, Step{At: s.At, Move: board.Move{Action: board.Open, At: p}, Event: s.Event})
		}
	}
	return steps
}

// Clock returns the time of g, the game of v, as the program that
// recorded v counts it: from the first opening to the end, or for
// Minesweeper Clone (MVF) from the left press that made the first opening,
// since Clone's score starts there.
func (v *Video) Clock(g *Game) time.Duration {
	if v.Format != MVF {
		return g.Time()
	}
	for _, s := range g.Steps {
		if s.Move.Action == board.Toggle {
			continue
		}
		for i := min(s.Event, len(v.Events)-1); i >= 0; i-- {
			if e := v.Events[i]; e.Kind == LeftPress {
				return g.End - e.At
			}
		}
		break
	}
	return g.Time()
}

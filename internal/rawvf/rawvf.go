// Package rawvf writes a kept game as a RAW video (RAWVF): the open,
// human-readable text format of Minesweeper videos that the community's
// converters write and its parsers and web players read, so that a game
// played here can be watched and analysed there.
//
// A video is three parts, as Revision 5 of the format (Cryslon's "Open,
// human-readable minesweeper video format", minesweeper.info forum; kept
// with thefinerminer/minesweeper-rawvf, which hosts the converters and
// the master parser, src/parser_raw.c) describes them:
//
//	Name: value              the description, one option a line
//	Board:                   the layout, one line a row:
//	*0000000                 '*' a mine, '0' a safe cell
//	Events:                  then one event a line:
//	1.250 lc 3 2 (40 24)     the time in seconds to the thousandth, the
//	                         event, the cell's column and row (from 1)
//	                         and the pointer in pixels (x y) from the
//	                         board's top left corner
//
// The events are the mouse's: lc and lr press and release the left
// button, rc and rr the right one (mc, mr the middle one, mv a move).
// Readers find the cell from the pixels, dividing by the size of a square,
// 16 unless a SquareSize option says otherwise (parser_raw.c divides by
// 16 and reads no option). A left press and release opens a cell; a right
// press cycles its mark (flag, question mark when Marks is on, none); a
// left and a right button down together chord on the release of either.
//
// This program is played with the keyboard, so Write turns each move into
// the clicks that make it, at the centre of its cell, all at the move's
// time: an opening is lc lr, a mark rc rr, a chord lc rc lr rr. A mine
// the solver flagged takes the right clicks its mark needed; a hint or the
// odds view changes no cell and is left out. The description says that the
// game was played with the keyboard, so no reader takes it for a mouse
// game, and its Mode says how the game counts (see Write).
package rawvf

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
)

// Revision is the revision of the format Write follows, as its
// RawVF_Version option says.
const Revision = "Rev5"

// SquareSize is the side of a cell in the pixels of the events: the size
// readers assume when a video names none.
const SquareSize = 16

// MaxSide is the widest and tallest board Write writes. The master parser
// (parser_raw.c) reads a line into 1000 bytes, so a row of the board,
// its newline and the string's end fit when the row has at most 998
// cells; the height is held to the same.
const MaxSide = 998

// ErrTooLarge is the cause of the error for a board wider or taller than
// MaxSide.
var ErrTooLarge = errors.New("board too large for RAWVF")

// Input is the value of the description's Input option: how the game was
// played, for the readers that would otherwise rank it as a mouse game.
const Input = "Keyboard (each move written as clicks at the centre of its cell; not a rankable video)"

// Info is what a video's description says beside the game itself.
type Info struct {
	Program string    // the program that played the game
	Date    time.Time // when the game ended, written in UTC; zero for none
}

// CheckSize returns an error, wrapping ErrTooLarge, for a board that Write
// refuses for its size: one line, saying what the format holds.
func CheckSize(width, height int) error {
	if width > MaxSide || height > MaxSide {
		return fmt.Errorf("%w: %dx%d, and RAWVF readers take at most %dx%d", ErrTooLarge, width, height, MaxSide, MaxSide)
	}
	return nil
}

// Write writes the kept game k on w as a RAW video: its description, its
// layout, and its moves played again as clicks. k must hold its layout
// (Mines): a game kept without one has it once game.Load lays it again.
//
// The description gives the level by the board's size (Beginner,
// Intermediate, Expert or Custom), Marks On (the question marks of f: the
// records do not keep whether they were switched off, and a replay plays
// them on too), the time and, for a finished game, its status and 3BV. Its
// Mode is Classic, or UPK (unlimited previous knowledge) for a board the
// player could know (see game.Kept.Known), or Cheat for a game the solver
// helped or with a move taken back; its Style NF for a game with no flag
// placed (the NF style, which history marks on a win), else FL.
//
// The kept moves are the ones that stand: an undo takes its move out of
// the log (see game.Game.Undo), so the video shows the game the player's
// board went through, without the moves taken back, to the same end.
//
// Write refuses, with nothing written, a board over MaxSide (see
// CheckSize), a game without its layout and a move that does not play
// again; errors from w are returned as they are.
func Write(w io.Writer, k game.Kept, info Info) error {
	s := k.Settings
	if err := CheckSize(s.Width, s.Height); err != nil {
		return err
	}
	if k.Mines == nil {
		return errors.New("the game's layout is not known")
	}
	events, err := eventsOf(k)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	writeDescription(bw, k, info)
	writeBoard(bw, s.Width, s.Height, k.Mines)
	bw.WriteString("Events:\n")
	for _, e := range events {
		e.append(bw)
	}
	return bw.Flush()
}

// writeDescription writes the options of the video, in the order of the
// format's example.
func writeDescription(w *bufio.Writer, k game.Kept, info Info) {
	s := k.Settings
	opt := func(name, format string, args ...any) {
		fmt.Fprintf(w, "%s: %s\n", name, oneLine(fmt.Sprintf(format, args...)))
	}
	opt("RawVF_Version", "%s", Revision)
	opt("Program", "%s", info.Program)
	if !info.Date.IsZero() {
		opt("Timestamp", "%s", info.Date.UTC().Format(time.RFC3339))
	}
	opt("Level", "%s", level(s))
	opt("Width", "%d", s.Width)
	opt("Height", "%d", s.Height)
	opt("Mines", "%d", s.Mines)
	opt("Mode", "%s", mode(k))
	opt("Style", "%s", style(k))
	opt("Marks", "On")
	opt("Input", "%s", Input)
	opt("Time", "%s", seconds(k.Elapsed))
	switch k.Status {
	case board.Won:
		opt("Status", "won")
	case board.Lost:
		opt("Status", "lost")
	}
	if k.ThreeBV > 0 {
		opt("BBBV", "%d", k.ThreeBV)
	}
}

// oneLine returns s with its control characters, line ends among them, as
// spaces: an option is one line.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}

// level returns the format's name of the level of s's size and mines.
func level(s board.Settings) string {
	switch board.LevelOf(s) {
	case "beginner":
		return "Beginner"
	case "intermediate":
		return "Intermediate"
	case "expert":
		return "Expert"
	}
	return "Custom"
}

// mode returns the format's mode of the game: Cheat for help or an undo,
// UPK for a board the player could know, else Classic.
func mode(k game.Kept) string {
	switch {
	case k.Assisted || k.Undone:
		return "Cheat"
	case k.Known():
		return "UPK"
	}
	return "Classic"
}

// style returns the format's style of the game, as the rankings tell
// them apart: NF when no flag was placed (no mark of the player's, no
// flag of the solver's), else FL.
func style(k game.Kept) string {
	if k.Flagged() {
		return "FL"
	}
	return "NF"
}

// writeBoard writes the layout: "Board:", then each row.
func writeBoard(w *bufio.Writer, width, height int, mines []board.Point) {
	grid := make([]byte, width*height)
	for i := range grid {
		grid[i] = '0'
	}
	for _, p := range mines {
		grid[p.Y*width+p.X] = '*'
	}
	w.WriteString("Board:\n")
	for y := range height {
		w.Write(grid[y*width : (y+1)*width])
		w.WriteByte('\n')
	}
}

// event is one mouse event of a video.
type event struct {
	at   time.Duration
	kind string // lc, lr, rc, rr
	cell board.Point
}

// append writes the event's line: the time, the event, the cell from 1
// and the pixels of its centre.
func (e event) append(w *bufio.Writer) {
	fmt.Fprintf(w, "%s %s %d %d (%d %d)\n", seconds(e.at), e.kind, e.cell.X+1, e.cell.Y+1,
		e.cell.X*SquareSize+SquareSize/2, e.cell.Y*SquareSize+SquareSize/2)
}

// seconds writes d as the format's time: seconds to the thousandth,
// "-0.250" before the clock started.
func seconds(d time.Duration) string {
	ms := d.Milliseconds()
	sign := ""
	if ms < 0 {
		sign, ms = "-", -ms
	}
	return fmt.Sprintf("%s%d.%03d", sign, ms/1000, ms%1000)
}

// The clicks of each kind of move.
var (
	openClicks  = []string{"lc", "lr"}
	markClicks  = []string{"rc", "rr"}
	chordClicks = []string{"lc", "rc", "lr", "rr"}
)

// eventsOf plays k's moves again on its layout, with question marks on,
// and returns their clicks. The board says how many right clicks a mine
// the solver flagged took: one from no mark, two from a question mark.
func eventsOf(k game.Kept) ([]event, error) {
	g, err := game.Load(game.Config{Settings: k.Settings, QuestionMarks: true}, k)
	if err != nil {
		return nil, err
	}
	var base time.Time // the times of the moves are k's; the clock's are not read
	events := make([]event, 0, 2*len(k.Moves))
	for i, m := range k.Moves {
		var clicks []string
		switch m.Move.Action {
		case game.Open, game.AutoOpen:
			clicks = openClicks
		case game.Chord:
			clicks = chordClicks
		case game.Toggle:
			clicks = markClicks
		case game.FlagMine:
			clicks = markClicks
			if g.Board().Mark(m.Move.At) == board.Question {
				clicks = slices.Concat(markClicks, markClicks)
			}
		case game.Hint, game.Odds:
			continue
		}
		if _, err := g.Apply(m.Move, base.Add(m.At)); err != nil {
			return nil, fmt.Errorf("move %d of %d (%v) does not play again: %v", i+1, len(k.Moves), m.Move, err)
		}
		for _, c := range clicks {
			events = append(events, event{at: m.At, kind: c, cell: m.Move.At})
		}
	}
	return events, nil
}

package reader

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Verb is what a command line asks for.
type Verb uint8

// The verbs, each with the letters that say it (see Parse).
const (
	Open      Verb = iota + 1 // o, open, or a cell alone: open a cell
	Flag                      // f, flag: cycle the mark of a closed cell
	Chord                     // c, chord: open around an open number
	Hint                      // s, hint: the solver's safe cell, explained
	Look                      // x, look, a, around: a cell (the cursor's without one) and its neighbours
	Left                      // h: the cursor one column left
	Down                      // j: one row down
	Up                        // k: one row up
	Right                     // l: one column right
	Undo                      // u, undo: take back the last move
	New                       // n, new: a new game
	Quit                      // q, quit, or the end of the input
	Help                      // ?, help: the commands
	Row                       // r, row: a row (the cursor's without a number), its runs counted
	Column                    // v, col, column: a column, top to bottom
	Whole                     // b, board: every row
	MinesLeft                 // m, mines: the mines left; after the end, where they were
	Clock                     // t, time: the game's time
	Stats                     // i, stats: the statistics of this kind of board
	Plots                     // stats plot, plots: the plots of the records, as numbers
)

// verbNames are the verbs' names, by value.
var verbNames = [...]string{
	Open: "open", Flag: "flag", Chord: "chord", Hint: "hint", Look: "look",
	Left: "left", Down: "down", Up: "up", Right: "right",
	Undo: "undo", New: "new", Quit: "quit", Help: "help",
	Row: "row", Column: "column", Whole: "board", MinesLeft: "mines", Clock: "time",
	Stats: "stats", Plots: "plots",
}

// String returns the verb's name.
func (v Verb) String() string {
	if int(v) < len(verbNames) && verbNames[v] != "" {
		return verbNames[v]
	}
	return fmt.Sprintf("Verb(%d)", uint8(v))
}

// words are the words and letters of each verb. The letters are the full
// screen's keys where they mean the same; 'l' moves right there, so look
// has its own word and 'x'.
var words = map[string]Verb{
	"o": Open, "open": Open,
	"f": Flag, "flag": Flag,
	"c": Chord, "chord": Chord,
	"s": Hint, "hint": Hint,
	"x": Look, "look": Look, "a": Look, "around": Look,
	"h": Left, "left": Left,
	"j": Down, "down": Down,
	"k": Up, "up": Up,
	"l": Right, "right": Right,
	"u": Undo, "undo": Undo,
	"n": New, "new": New,
	"q": Quit, "quit": Quit,
	"?": Help, "help": Help,
	"r": Row, "row": Row,
	"v": Column, "col": Column, "column": Column,
	"b": Whole, "board": Whole,
	"m": MinesLeft, "mines": MinesLeft,
	"t": Clock, "time": Clock,
	"i": Stats, "stats": Stats, "statistics": Stats,
	"plot": Plots, "plots": Plots,
}

// Command is one line of the player's: a verb and, for those that take
// one, a cell or a line. A cell is said as column then row, both counted
// from 1 at the top left, as a player says them; At holds it counted from
// 0, as the board does. A row or a column is said by its number from 1;
// At.Y holds a row, At.X a column, from 0.
type Command struct {
	Verb  Verb
	At    board.Point
	HasAt bool // a cell or a line was given; else the verb acts at the cursor
}

// takes returns how many numbers v takes after it: 2 (a cell), 1 (a row
// or a column), or 0; each may be left out for the cursor's.
func (v Verb) takes() int {
	switch v {
	case Open, Flag, Chord, Look:
		return 2
	case Row, Column:
		return 1
	}
	return 0
}

// Usage is the line said to input that is not a command.
const Usage = "say o 4 7 or 4 7 to open column 4 row 7 (from 1), f 4 7 to flag, c 4 7 to chord, " +
	"r 3 row, v 4 column, a 4 7 around, b board, m mines, t time, i stats, stats plot, s hint, h j k l move, u undo, n new game, q quit, ? help"

// ErrEmpty is the error of a blank line: nothing was asked.
var ErrEmpty = errors.New("nothing said: " + Usage)

// Parse reads one line: a verb and, for o, f, c and a, an optional cell as
// column and row counted from 1, separated by spaces or a comma ("o 4 7",
// "f 5,8"), for r and v an optional row or column ("r 3"); a cell alone
// opens it ("4 7"); "stats plot" (or "i plot") asks for the plots. Case
// does not matter. An error says what is accepted.
func Parse(line string) (Command, error) {
	fields := strings.Fields(strings.ToLower(strings.ReplaceAll(line, ",", " ")))
	if len(fields) == 0 {
		return Command{}, ErrEmpty
	}
	verb, ok := words[fields[0]]
	args := fields[1:]
	if !ok {
		if _, err := strconv.Atoi(fields[0]); err != nil {
			return Command{}, fmt.Errorf("%q is no command: %s", fields[0], Usage)
		}
		verb, args = Open, fields
	}
	if verb == Stats && len(args) == 1 && (args[0] == "plot" || args[0] == "plots") {
		return Command{Verb: Plots}, nil
	}
	c := Command{Verb: verb}
	switch {
	case len(args) == 0:
		return c, nil
	case verb.takes() == 0:
		return Command{}, fmt.Errorf("%s takes no cell: %s", verb, Usage)
	case verb.takes() == 1:
		n, err := strconv.Atoi(args[0])
		if len(args) != 1 || err != nil || n < 1 {
			return Command{}, fmt.Errorf("a %s is one number counted from 1, as in %s 3", verb, verb.letter())
		}
		c.At, c.HasAt = board.Point{X: n - 1, Y: n - 1}, true
		return c, nil
	case len(args) != 2:
		return Command{}, fmt.Errorf("a cell is a column and a row, as in %s 4 7", verb.letter())
	}
	x, errX := strconv.Atoi(args[0])
	y, errY := strconv.Atoi(args[1])
	if errX != nil || errY != nil || x < 1 || y < 1 {
		return Command{}, fmt.Errorf("a cell is a column and a row counted from 1, as in %s 4 7", verb.letter())
	}
	c.At, c.HasAt = board.Point{X: x - 1, Y: y - 1}, true
	return c, nil
}

// letter returns the verb's letter, for the examples of the errors.
func (v Verb) letter() string {
	switch v {
	case Flag:
		return "f"
	case Chord:
		return "c"
	case Look:
		return "a"
	case Row:
		return "r"
	case Column:
		return "v"
	}
	return "o"
}

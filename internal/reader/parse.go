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
	Open  Verb = iota + 1 // o, open, or a cell alone: open a cell
	Flag                  // f, flag: cycle the mark of a closed cell
	Chord                 // c, chord: open around an open number
	Hint                  // s, hint: the solver's safe cell, explained
	Look                  // look, x: what is at the cursor and around it
	Left                  // h: the cursor one column left
	Down                  // j: one row down
	Up                    // k: one row up
	Right                 // l: one column right
	Undo                  // u, undo: take back the last move
	New                   // n, new: a new game
	Quit                  // q, quit, or the end of the input
	Help                  // ?, help: the commands
)

// verbNames are the verbs' names, by value.
var verbNames = [...]string{
	Open: "open", Flag: "flag", Chord: "chord", Hint: "hint", Look: "look",
	Left: "left", Down: "down", Up: "up", Right: "right",
	Undo: "undo", New: "new", Quit: "quit", Help: "help",
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
	"x": Look, "look": Look,
	"h": Left, "left": Left,
	"j": Down, "down": Down,
	"k": Up, "up": Up,
	"l": Right, "right": Right,
	"u": Undo, "undo": Undo,
	"n": New, "new": New,
	"q": Quit, "quit": Quit,
	"?": Help, "help": Help,
}

// Command is one line of the player's: a verb and, for those that take
// one, a cell. A cell is said as column then row, both counted from 1
// at the top left, as a player says them; At holds it counted from 0, as
// the board does.
type Command struct {
	Verb  Verb
	At    board.Point
	HasAt bool // a cell was given; else Open, Flag and Chord act at the cursor
}

// Usage is the line said to input that is not a command.
const Usage = "say o 4 7 or 4 7 to open column 4 row 7 (from 1), f 4 7 to flag, c 4 7 to chord, s hint, x look, h j k l move, u undo, n new game, q quit, ? help"

// ErrEmpty is the error of a blank line: nothing was asked.
var ErrEmpty = errors.New("nothing said: " + Usage)

// Parse reads one line: a verb and, for o, f and c, an optional cell as
// column and row counted from 1, separated by spaces or a comma ("o 4 7",
// "f 5,8"); a cell alone opens it ("4 7"). Case does not matter. An error
// says what is accepted.
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
	c := Command{Verb: verb}
	switch {
	case len(args) == 0:
		return c, nil
	case verb != Open && verb != Flag && verb != Chord:
		return Command{}, fmt.Errorf("%s takes no cell: %s", verb, Usage)
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
	}
	return "o"
}

package keys

import (
	"fmt"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Action is what a command asks for.
type Action uint8

// The actions a key or a click can ask for.
const (
	ActNone     Action = iota // nothing: an unbound key
	ActMove                   // move the cursor by (dx, dy), clamped to the board
	ActOpen                   // open the cell, or chord on an open number
	ActMark                   // cycle the marks on the cell
	ActChord                  // chord on the cell
	ActNew                    // a new game with the next seed
	ActRestart                // the same board again
	ActPause                  // pause or resume
	ActHelp                   // show the help
	ActQuit                   // leave the game
	ActSuspend                // Ctrl-Z
	ActRedraw                 // repaint the whole terminal
	ActHint                   // move to a certainly safe cell; again, say why
	ActFlags                  // flag every certain mine
	ActOdds                   // show or hide every closed cell's chance of a mine
	ActAuto                   // let the solver play; again, faster
	ActWhere                  // after a loss, show the cell that was certainly safe
	ActStats                  // show the statistics of this kind of board
	ActUndo                   // take back the last move, even a fatal one
	ActFaster                 // a replay: twice as fast
	ActSlower                 // a replay: half as fast
	ActStep                   // a replay: pause, then play the next move
	ActToEnd                  // a replay: play every move left
	ActToStart                // a replay: back to before the first move
	ActMenu                   // the options menu
	ActReplay                 // after the end: replay the game
	ActLeaders                // show the server's leaderboards of the level
	ActJump                   // move (dx, dy) to the next closed cell past opened ground
	ActNumber                 // move to the next (dy 1) or previous (dy -1) number with a closed neighbour
	ActCounters               // show or hide the live counters under the board
)

// actionNames are the names of the action values, by value.
var actionNames = [...]string{
	ActNone:     "none",
	ActMove:     "move",
	ActOpen:     "open",
	ActMark:     "mark",
	ActChord:    "chord",
	ActNew:      "new",
	ActRestart:  "restart",
	ActPause:    "pause",
	ActHelp:     "help",
	ActQuit:     "quit",
	ActSuspend:  "suspend",
	ActRedraw:   "redraw",
	ActHint:     "hint",
	ActFlags:    "flags",
	ActOdds:     "odds",
	ActAuto:     "auto",
	ActWhere:    "where",
	ActStats:    "stats",
	ActUndo:     "undo",
	ActFaster:   "faster",
	ActSlower:   "slower",
	ActStep:     "step",
	ActToEnd:    "to-end",
	ActToStart:  "to-start",
	ActMenu:     "menu",
	ActReplay:   "replay",
	ActLeaders:  "leaders",
	ActJump:     "jump",
	ActNumber:   "number",
	ActCounters: "counters",
}

// String returns the action's name.
func (a Action) String() string {
	if int(a) < len(actionNames) && actionNames[a] != "" {
		return actionNames[a]
	}
	return fmt.Sprintf("action(%d)", uint8(a))
}

// Command is one key or click turned into what it means.
type Command struct {
	Act    Action      // what it asks for
	DX, DY int         // ActMove, ActJump: the step; ActNumber: DY the way
	At     board.Point // the cell under the mouse, when OnCell
	OnCell bool        // a mouse gesture: move the cursor to At first
	Page   bool        // ActMove: DY counts screens of rows, not rows
	times  int         // ActJump, ActNumber: how many jumps, 0 meaning one
}

// far is a move long enough to reach any edge; moves are clamped.
const far = board.MaxCells

// GameCommand returns what a key means in the game, as Table says.
func GameCommand(ev *tcell.EventKey) Command { return CommandOf(keyCommands, ev) }

// CommandOf returns what a key means in the table of bindings cmds. A
// special key with Shift held means what its shifted row says, else what
// it means alone; characters carry their case, so Shift plays no part;
// Ctrl-letters are read in every form tcell delivers them (see
// CtrlLetter). A key held with Alt (or Meta), and a special key held with
// Ctrl that is no Ctrl-letter, mean nothing: Alt+a is not a, which would
// start auto-play.
func CommandOf(cmds map[Key]Command, ev *tcell.EventKey) Command {
	mods := ev.Modifiers()
	if mods&(tcell.ModAlt|tcell.ModMeta) != 0 {
		return Command{}
	}
	if k := ev.Key(); k != tcell.KeyRune {
		if mods&tcell.ModCtrl != 0 && CtrlLetter(ev) == 0 {
			return Command{} // Ctrl+Up is not Up
		}
		if mods&tcell.ModShift != 0 {
			if c, ok := cmds[shifted(k)]; ok {
				return c
			}
		}
		if c, ok := cmds[special(k)]; ok {
			return c
		}
	}
	if r := CtrlLetter(ev); r != 0 {
		return cmds[ctrl(r)]
	}
	if ev.Key() == tcell.KeyRune {
		return cmds[char(ev.Rune())]
	}
	return Command{}
}

// CtrlLetter returns the lower-case letter of a Ctrl-letter key, or 0. It
// reads the three forms tcell v2.13 produces: KeyCtrlA..KeyCtrlZ (legacy
// terminals), the ASCII control codes such as KeyETX (CSI u reports of
// control characters), and KeyRune with ModCtrl (CSI u with Shift).
func CtrlLetter(ev *tcell.EventKey) rune {
	switch k := ev.Key(); {
	case k >= tcell.KeyCtrlA && k <= tcell.KeyCtrlZ:
		return rune('a' + k - tcell.KeyCtrlA)
	case k >= tcell.KeySOH && k <= tcell.KeySUB && k != tcell.KeyBackspace && k != tcell.KeyTab && k != tcell.KeyEnter:
		// Only the codes no other key shares (Backspace is Ctrl-H, Tab
		// Ctrl-I, Enter Ctrl-M): a keys file may bind any other letter.
		return rune('a' + k - 1)
	case k == tcell.KeyRune && ev.Modifiers()&tcell.ModCtrl != 0:
		r := ev.Rune()
		if r >= 'A' && r <= 'Z' {
			r += 'a' - 'A'
		}
		return r
	}
	return 0
}

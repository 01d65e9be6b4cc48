package reader

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// Cell writes a cell as the player says it: column and row counted from
// 1, "(4,7)".
func Cell(p board.Point) string { return fmt.Sprintf("(%d,%d)", p.X+1, p.Y+1) }

// TileWord says what a tile shows: "closed", "flag", "2", "empty" for an
// open 0, "mine" after a loss.
func TileWord(t board.Tile) string {
	switch t {
	case board.TileClosed:
		return "closed"
	case board.TileFlag:
		return "flag"
	case board.TileQuestion:
		return "question mark"
	case board.TileMine:
		return "mine"
	case board.TileHit:
		return "the mine hit"
	case board.TileWrongFlag:
		return "wrong flag"
	case 0:
		return "empty"
	}
	return fmt.Sprintf("%d", t)
}

// seconds writes a time on the clock to the tenth of a second, "42.9 s".
func seconds(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

// Opened says what an opening or a chord at p that opened n cells did,
// and the end it brought, if any: "opened (4,7): 2", "opened 23 cells",
// "you win in 42.9 s", "boom: (3,3) was a mine; you lose after 12.1 s".
// c is what the ended game counts for.
func Opened(b game.View, p board.Point, n int, elapsed time.Duration, c session.Counts) string {
	switch b.Status() {
	case board.Won:
		return join("you win in "+seconds(elapsed), c.Note())
	case board.Lost:
		hit, _ := b.Hit()
		return join(fmt.Sprintf("boom: %s was a mine; you lose after %s", Cell(hit), seconds(elapsed)), c.Note())
	}
	switch n {
	case 0:
		return fmt.Sprintf("nothing to open at %s", Cell(p))
	case 1:
		if b.Tile(p).IsOpen() {
			return fmt.Sprintf("opened %s: %s", Cell(p), TileWord(b.Tile(p)))
		}
		return "opened 1 cell"
	}
	return fmt.Sprintf("opened %d cells", n)
}

// Marked says the mark at p after a flag move: "flag at (5,8), 9 mines
// left".
func Marked(b game.View, p board.Point) string {
	switch b.Mark(p) {
	case board.Flag:
		return fmt.Sprintf("flag at %s, %s left", Cell(p), mines(b.FlagsLeft()))
	case board.Question:
		return fmt.Sprintf("question mark at %s, %s left", Cell(p), mines(b.FlagsLeft()))
	}
	return fmt.Sprintf("no mark at %s, %s left", Cell(p), mines(b.FlagsLeft()))
}

// mines writes "1 mine" or "9 mines".
func mines(n int) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d mine", n)
	}
	return fmt.Sprintf("%d mines", n)
}

// Around says what is at p and around it, "(4,7) closed; around: (3,6) 1,
// (4,6) empty, ...", from the top left.
func Around(b game.View, p board.Point) string {
	var around []string
	for y := p.Y - 1; y <= p.Y+1; y++ {
		for x := p.X - 1; x <= p.X+1; x++ {
			q := board.Point{X: x, Y: y}
			if q != p && b.In(q) {
				around = append(around, Cell(q)+" "+TileWord(b.Tile(q)))
			}
		}
	}
	return fmt.Sprintf("%s %s; around: %s", Cell(p), TileWord(b.Tile(p)), strings.Join(around, ", "))
}

// At says where the cursor is and what it is on: "(4,7) closed", with
// the edge when the move was stopped by it.
func At(b game.View, p board.Point, edge string) string {
	line := Cell(p) + " " + TileWord(b.Tile(p))
	if edge != "" {
		line += ", the " + edge + " edge"
	}
	return line
}

// HintWords explains a hint as the full screen does (solver.Hint's
// String), its cells counted from 1: "hint (4,7), safe: the 1 at (3,6)
// already touches the mine at (2,5)"; a guess names its cell.
func HintWords(h solver.Hint) string {
	one := board.Point{X: 1, Y: 1}
	s := h
	s.Cell, s.Number = h.Cell.Add(one), h.Number.Add(one)
	s.Mines = make([]board.Point, len(h.Mines))
	for i, m := range h.Mines {
		s.Mines[i] = m.Add(one)
	}
	if !h.Safe() {
		return s.String()
	}
	return fmt.Sprintf("hint %s, %s", Cell(h.Cell), s.String())
}

// Undone says what an undo took back: the move m, and that the game
// plays on if it had ended.
func Undone(m game.Move, reopened bool) string {
	what := "the move"
	switch m.Action {
	case game.Open, game.AutoOpen:
		what = "the opening of " + Cell(m.At)
	case game.Chord:
		what = "the chord at " + Cell(m.At)
	case game.Toggle, game.FlagMine:
		what = "the mark at " + Cell(m.At)
	}
	line := "took back " + what
	if reopened {
		line += "; the game goes on"
	}
	return line
}

// Refused says why a move changed nothing.
func Refused(err error, p board.Point) string {
	switch {
	case errors.Is(err, board.ErrOpen):
		return Cell(p) + " is open already"
	case errors.Is(err, board.ErrGameOver):
		return OverLine
	case errors.Is(err, board.ErrFlagged):
		return Cell(p) + " is flagged: f removes the flag first"
	case errors.Is(err, board.ErrNotNumber):
		return "only an open number can be chorded"
	case errors.Is(err, board.ErrFlagCount):
		return "the flags around " + Cell(p) + " do not match its number"
	case errors.Is(err, board.ErrNothingToDo):
		return "nothing to open around " + Cell(p)
	case errors.Is(err, game.ErrStartCell):
		return "a daily board opens first at its start cell"
	}
	return err.Error()
}

// OverLine is said when a finished game is asked for a move.
const OverLine = "the game is over: u undo, n new game, q quit"

// join returns a and b joined by a comma, or the one that is not empty.
func join(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + ", " + b
}

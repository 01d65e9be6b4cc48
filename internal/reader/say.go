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
// 1, "(4,7)", as the full screen writes it (board.Point.Shown).
func Cell(p board.Point) string { return p.Shown() }

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

// Spot writes a cell for the ear, column then row from 1: "4 7".
func Spot(p board.Point) string { return fmt.Sprintf("%d %d", p.X+1, p.Y+1) }

// plural is the word of a run of n tiles of word w: "3 closed", "2 flags".
func plural(n int, w string) string {
	switch w {
	case "closed", "empty":
		return fmt.Sprintf("%d %s", n, w)
	case "the mine hit":
		return fmt.Sprintf("%d mines hit", n)
	}
	return fmt.Sprintf("%d %ss", n, w)
}

// Runs says tiles in order, a run of the same word counted and said once
// ("3 closed, 1, 2, 4 empty"); numbers are said one by one, so that a
// count is always followed by its word.
func Runs(tiles []board.Tile) string {
	var parts []string
	for i := 0; i < len(tiles); {
		j := i + 1
		for j < len(tiles) && tiles[j] == tiles[i] {
			j++
		}
		w := TileWord(tiles[i])
		switch {
		case tiles[i] >= 1 && tiles[i] <= 8:
			for k := i; k < j; k++ {
				parts = append(parts, w)
			}
		case j-i > 1:
			parts = append(parts, plural(j-i, w))
		default:
			parts = append(parts, w)
		}
		i = j
	}
	return strings.Join(parts, ", ")
}

// line returns the tiles of the cells from p, a step d at a time, while
// they are on the board.
func line(b game.View, p, d board.Point) []board.Tile {
	var tiles []board.Tile
	for ; b.In(p); p = p.Add(d) {
		tiles = append(tiles, b.Tile(p))
	}
	return tiles
}

// RowWords says row y (from 0) left to right: "row 3: 3 closed, 1, 2".
func RowWords(b game.View, y int) string {
	return fmt.Sprintf("row %d: %s", y+1, Runs(line(b, board.Point{Y: y}, board.Point{X: 1})))
}

// ColumnWords says column x (from 0) top to bottom: "column 4: 9 closed".
func ColumnWords(b game.View, x int) string {
	return fmt.Sprintf("column %d: %s", x+1, Runs(line(b, board.Point{X: x}, board.Point{Y: 1})))
}

// BoardWords says the board row by row, a line a row, rows alike in a
// row said once: "rows 1 to 3: 9 closed".
func BoardWords(b game.View) string {
	var lines []string
	for y := 0; y < b.Height(); {
		words := Runs(line(b, board.Point{Y: y}, board.Point{X: 1}))
		z := y + 1
		for z < b.Height() && Runs(line(b, board.Point{Y: z}, board.Point{X: 1})) == words {
			z++
		}
		if z-y > 1 {
			lines = append(lines, fmt.Sprintf("rows %d to %d: %s", y+1, z, words))
		} else {
			lines = append(lines, fmt.Sprintf("row %d: %s", y+1, words))
		}
		y = z
	}
	return strings.Join(lines, "\n")
}

// Around says what is at p, then its neighbours a row at a time, left to
// right: "2 at 4 4; above: closed, 1, 1; beside: closed, empty; below: 3
// empty". At an edge it says so, and a row then starts at p's column
// (left edge) or ends there (right edge).
func Around(b game.View, p board.Point) string {
	parts := []string{At(b, p, "")}
	for _, e := range []struct {
		off  bool
		name string
	}{{p.X == 0, "left"}, {p.X == b.Width()-1, "right"}, {p.Y == 0, "top"}, {p.Y == b.Height()-1, "bottom"}} {
		if e.off {
			parts[0] += ", " + e.name + " edge"
		}
	}
	for _, r := range []struct {
		dy   int
		name string
	}{{-1, "above"}, {0, "beside"}, {1, "below"}} {
		var tiles []board.Tile
		for dx := -1; dx <= 1; dx++ {
			q := board.Point{X: p.X + dx, Y: p.Y + r.dy}
			if q != p && b.In(q) {
				tiles = append(tiles, b.Tile(q))
			}
		}
		if len(tiles) > 0 {
			parts = append(parts, r.name+": "+Runs(tiles))
		}
	}
	return strings.Join(parts, "; ")
}

// At says what the cursor is on, the tile first, then where: "1 at 6 5",
// "closed at 1 1, top edge" when the move was stopped by the edge.
func At(b game.View, p board.Point, edge string) string {
	line := TileWord(b.Tile(p)) + " at " + Spot(p)
	if edge != "" {
		line += ", " + edge + " edge"
	}
	return line
}

// MinesWords says the mines left to flag and the cells left to open; after
// the end, where the mines were, each said once (the one hit, those
// flagged, those not), and the flags that were wrong: "2 mines; hit 1 1;
// not flagged: 4 4; 1 wrong flag: 5 4", "2 mines, all flagged: 1 1, 4 4;
// no wrong flag".
func MinesWords(b game.View) string {
	if b.Status() == board.Playing {
		return fmt.Sprintf("%s left, %d safe cells to open", mines(b.FlagsLeft()), b.SafeLeft())
	}
	won := b.Status() == board.Won
	var hit, flagged, unflagged, wrong []string
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			p := board.Point{X: x, Y: y}
			switch t := b.Tile(p); {
			case t == board.TileHit:
				hit = append(hit, Spot(p))
			case t == board.TileWrongFlag:
				wrong = append(wrong, Spot(p))
			case t == board.TileFlag:
				flagged = append(flagged, Spot(p))
			case t == board.TileMine, won && !t.IsOpen():
				unflagged = append(unflagged, Spot(p)) // a loss shows its mines; a win leaves only mines closed
			}
		}
	}
	n := len(hit) + len(flagged) + len(unflagged)
	var parts []string
	if len(flagged) == n {
		parts = append(parts, mines(n)+", all flagged: "+strings.Join(flagged, ", "))
	} else {
		parts = append(parts, mines(n))
		if len(hit) > 0 {
			parts = append(parts, "hit "+strings.Join(hit, ", "))
		}
		if len(flagged) > 0 {
			parts = append(parts, "flagged: "+strings.Join(flagged, ", "))
		}
		if len(unflagged) > 0 {
			parts = append(parts, "not flagged: "+strings.Join(unflagged, ", "))
		}
	}
	switch len(wrong) {
	case 0:
		parts = append(parts, "no wrong flag")
	case 1:
		parts = append(parts, "1 wrong flag: "+wrong[0])
	default:
		parts = append(parts, fmt.Sprintf("%d wrong flags: %s", len(wrong), strings.Join(wrong, ", ")))
	}
	return strings.Join(parts, "; ")
}

// TimeWords says the game's time in seconds: "42.9 seconds".
func TimeWords(d time.Duration) string { return fmt.Sprintf("%.1f seconds", d.Seconds()) }

// HintWords explains a hint as the full screen does (solver.Hint's
// String), its cells counted from 1: "hint (4,7), safe: the 1 at (3,6)
// already touches the mine at (2,5)"; a guess names its cell.
func HintWords(h solver.Hint) string {
	if !h.Safe() {
		return h.String()
	}
	return fmt.Sprintf("hint %s, %s", Cell(h.Cell), h.String())
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

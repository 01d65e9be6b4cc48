package keys

import (
	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
)

// maxCount is the largest count: a count of more steps than any board has
// cells moves no further.
const maxCount = board.MaxCells

// countHelp is the help's line on counts, which have no row in Table:
// the digits count before any key.
var countHelp = Row{mouse: "1-9, then 0-9", help: "count: repeat the next move or jump; Esc drops it"}

// Count is a count typed before a move, vi's way: 0 is none.
type Count int

// Key takes a key that writes a count: a digit 1 to 9, or any digit once
// a count is begun ('0' alone is the first column), and Esc, which
// forgets a count begun rather than quit. It reports whether it took the
// key.
func (n *Count) Key(ev *tcell.EventKey) bool {
	if ev.Key() == tcell.KeyEsc && *n > 0 {
		*n = 0
		return true
	}
	if ev.Key() != tcell.KeyRune || ev.Modifiers()&(tcell.ModCtrl|tcell.ModAlt) != 0 {
		return false
	}
	r := ev.Rune()
	if r < '0' || r > '9' || r == '0' && *n == 0 {
		return false
	}
	*n = Count(min(int(*n)*10+int(r-'0'), maxCount))
	return true
}

// Apply returns c as the count begun makes it, and forgets the count: a
// move goes count times as far, a jump is made count times. Other commands
// ignore a count.
func (n *Count) Apply(c Command) Command {
	times := int(*n)
	*n = 0
	if times == 0 {
		return c
	}
	switch c.Act {
	case ActMove:
		if abs(c.DX) < far {
			c.DX *= times
		}
		if abs(c.DY) < far {
			c.DY *= times
		}
	case ActJump, ActNumber, ActGuess, ActSeek, ActSeekTime, ActBack:
		c.times = times
	}
	return c
}

// Times returns the count a command was given (see Count.Apply), 0 for
// none.
func (c Command) Times() int { return c.times }

// jumpFrom returns where a jump from p by the step (dx, dy) lands on b:
// past the run of closed cells p is in, then past opened ground (open
// cells and flags), on the first closed cell. It reports false, for no
// such cell before the board's edge.
func jumpFrom(b game.View, p board.Point, dx, dy int) (board.Point, bool) {
	target := func(q board.Point) bool {
		t := b.Tile(q)
		return t == board.TileClosed || t == board.TileQuestion
	}
	for b.In(p) && target(p) {
		p.X, p.Y = p.X+dx, p.Y+dy
	}
	for b.In(p) && !target(p) {
		p.X, p.Y = p.X+dx, p.Y+dy
	}
	return p, b.In(p)
}

// numberFrom returns the next number after p on b (dir 1), or the one
// before it (dir -1), in reading order and round the board, that has a
// closed neighbour without a flag: a number with work left around it. It
// reports false when there is none but p itself.
func numberFrom(b game.View, p board.Point, dir int) (board.Point, bool) {
	w, h := b.Width(), b.Height()
	n := w * h
	start := p.Y*w + p.X
	for step := 1; step <= n; step++ {
		i := ((start+dir*step)%n + n) % n
		q := board.Point{X: i % w, Y: i / w}
		if t := b.Tile(q); !t.IsOpen() || t == 0 {
			continue
		}
		for j := range board.Neighbours(w, h, i) {
			if t := b.Tile(board.Point{X: j % w, Y: j / w}); t == board.TileClosed || t == board.TileQuestion {
				if i == start {
					return q, false
				}
				return q, true
			}
		}
	}
	return p, false
}

// Jump carries out a jump command (ActJump or ActNumber) from p on b,
// c.times times, and returns where it lands, and the footer's word when
// it finds nowhere to go (the cursor then stays where the last jump
// landed).
func Jump(b game.View, p board.Point, c Command) (board.Point, string) {
	for range max(c.times, 1) {
		var to board.Point
		var ok bool
		if c.Act == ActJump {
			to, ok = jumpFrom(b, p, c.DX, c.DY)
		} else {
			to, ok = numberFrom(b, p, c.DY)
		}
		if !ok {
			if c.Act == ActJump {
				return p, "no closed cell that way"
			}
			return p, "no other number with a closed cell around it"
		}
		p = to
	}
	return p, ""
}

// abs returns the absolute value of x.
func abs(x int) int { return max(x, -x) }

package ui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
)

// maxCount is the largest count: a count of more steps than any board has
// cells moves no further.
const maxCount = board.MaxCells

// countHelp is the help's line on counts, which have no row in keyTable:
// the digits count before any key.
var countHelp = keyRow{mouse: "1-9, then 0-9", help: "count: repeat the next move or jump; Esc drops it"}

// countKey takes a key that writes a count, vi's way: a digit 1 to 9, or
// any digit once a count is begun ('0' alone is the first column), and
// Esc, which forgets a count begun rather than quit. It reports whether it
// took the key.
func (u *ui) countKey(ev *tcell.EventKey) bool {
	if ev.Key() == tcell.KeyEsc && u.v.count > 0 {
		u.v.count = 0
		return true
	}
	if ev.Key() != tcell.KeyRune || ev.Modifiers()&(tcell.ModCtrl|tcell.ModAlt) != 0 {
		return false
	}
	r := ev.Rune()
	if r < '0' || r > '9' || r == '0' && u.v.count == 0 {
		return false
	}
	u.v.count = min(u.v.count*10+int(r-'0'), maxCount)
	return true
}

// counted returns c as the count begun makes it, and forgets the count: a
// move goes count times as far, a jump is made count times. Other commands
// ignore a count.
func (u *ui) counted(c command) command {
	n := u.v.count
	u.v.count = 0
	if n == 0 {
		return c
	}
	switch c.act {
	case actMove:
		if abs(c.dx) < far {
			c.dx *= n
		}
		if abs(c.dy) < far {
			c.dy *= n
		}
	case actJump, actNumber:
		c.times = n
	}
	return c
}

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

// jumpCursor carries out a jump command, times times, and returns the
// footer's word when it finds nowhere to go.
func (u *ui) jumpCursor(c command) string {
	b := u.g.Board()
	for range max(c.times, 1) {
		var to board.Point
		var ok bool
		if c.act == actJump {
			to, ok = jumpFrom(b, u.v.cursor, c.dx, c.dy)
		} else {
			to, ok = numberFrom(b, u.v.cursor, c.dy)
		}
		if !ok {
			if c.act == actJump {
				return "no closed cell that way"
			}
			return "no other number with a closed cell around it"
		}
		u.v.cursor = to
	}
	return ""
}

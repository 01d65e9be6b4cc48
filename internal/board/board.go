// Package board holds the rules of Minesweeper and nothing else: the grid,
// mine placement, neighbour counts, opening and flood opening, chords, marks,
// win and loss. It reads no clock and no global random source; a random board
// takes its *rand.Rand from the caller, so a seed replays a game exactly.
package board

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
)

// cell is one square of the grid in one byte: the low four bits hold the
// number of neighbouring mines (0..8), the high bits its state.
type cell uint8

const (
	countMask   cell = 0x0f
	mineBit     cell = 1 << 4
	openBit     cell = 1 << 5
	flagBit     cell = 1 << 6
	questionBit cell = 1 << 7
	markBits         = flagBit | questionBit
)

// Board is one game of Minesweeper. The zero value is not usable; build a
// Board with New, NewRandom or Generate.
type Board struct {
	w, h          int
	cells         []cell // row-major: index y*w + x
	mines         int
	safeLeft      int // closed cells without a mine
	flags         int
	status        Status
	hit           int  // index of the mine that lost the game, or -1
	noQuery       bool // question marks switched off
	pending       bool // mines are laid on the first Reveal
	rule          FirstClick
	noGuess       bool
	layout        Layout // nil: the uniform random layout
	rng           *rand.Rand
	spans, spans2 []span // scratch for flood opening, reused between moves
}

// New returns a board of width by height cells with mines at exactly the
// given points. It fails on a size below 1, an area over MaxCells, a mine off
// the board or a repeated mine.
func New(width, height int, mines []Point) (*Board, error) {
	if err := CheckSize(width, height); err != nil {
		return nil, err
	}
	b := newBoard(width, height)
	for _, p := range mines {
		if !b.In(p) {
			return nil, fmt.Errorf("mine %v: %w", p, ErrOutOfBounds)
		}
		i := p.Y*width + p.X
		if b.cells[i]&mineBit != 0 {
			return nil, fmt.Errorf("mine %v: %w", p, ErrRepeatedMine)
		}
		b.cells[i] |= mineBit
	}
	for _, p := range mines {
		b.countAround(p.X, p.Y)
	}
	b.mines = len(mines)
	b.safeLeft = len(b.cells) - b.mines
	return b, nil
}

// NewRandom returns a board of s.Width by s.Height cells whose s.Mines
// mines are laid on the first Reveal, by lay when it is not nil and else
// uniformly at random among the layouts that the first-click rule allows
// for the opened cell. Marks may be placed before then. It fails on
// settings that Check refuses, and on no-guess settings without a Layout.
func NewRandom(s Settings, lay Layout, rng *rand.Rand) (*Board, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	if rng == nil {
		return nil, errors.New("a random board needs a random source")
	}
	if s.NoGuess && lay == nil {
		return nil, errors.New("a no-guess board needs a layout that lays one")
	}
	b := newBoard(s.Width, s.Height)
	b.mines = s.Mines
	b.safeLeft = len(b.cells) - s.Mines
	b.pending = true
	b.rule, b.noGuess, b.layout = s.Rule, s.NoGuess, lay
	b.rng = rng
	return b, nil
}

// Generate returns a board with mines laid as NewRandom(s, lay, rng) would
// lay them when first is opened first; the board is returned before that
// opening.
func Generate(s Settings, first Point, lay Layout, rng *rand.Rand) (*Board, error) {
	b, err := NewRandom(s, lay, rng)
	if err != nil {
		return nil, err
	}
	if !b.In(first) {
		return nil, fmt.Errorf("first click %v: %w", first, ErrOutOfBounds)
	}
	if err := b.place(b.index(first)); err != nil {
		return nil, err
	}
	return b, nil
}

func newBoard(width, height int) *Board {
	return &Board{w: width, h: height, cells: make([]cell, width*height), hit: -1}
}

// Width returns the number of columns.
func (b *Board) Width() int { return b.w }

// Height returns the number of rows.
func (b *Board) Height() int { return b.h }

// Mines returns the number of mines on the board.
func (b *Board) Mines() int { return b.mines }

// Status returns whether the game goes on, is won or is lost.
func (b *Board) Status() Status { return b.status }

// Flags returns the number of flags on the board.
func (b *Board) Flags() int { return b.flags }

// FlagsLeft returns the mines minus the flags; it is negative when the
// player has placed more flags than there are mines.
func (b *Board) FlagsLeft() int { return b.mines - b.flags }

// SafeLeft returns the number of safe cells still closed.
func (b *Board) SafeLeft() int { return b.safeLeft }

// Started reports whether the mines have been laid: always for boards from
// New and Generate, after the first opening for boards from NewRandom.
func (b *Board) Started() bool { return !b.pending }

// In reports whether p lies on the board.
func (b *Board) In(p Point) bool { return p.X >= 0 && p.X < b.w && p.Y >= 0 && p.Y < b.h }

func (b *Board) index(p Point) int { return p.Y*b.w + p.X }

// SetQuestionMarks switches question marks on (the default) or off. Turning
// them off leaves existing question marks in place; ToggleMark then skips
// them.
func (b *Board) SetQuestionMarks(on bool) { b.noQuery = !on }

// QuestionMarks reports whether ToggleMark puts question marks.
func (b *Board) QuestionMarks() bool { return !b.noQuery }

// Hit returns the mine whose opening lost the game, and whether there is one.
func (b *Board) Hit() (Point, bool) {
	if b.hit < 0 {
		return Point{}, false
	}
	return Point{b.hit % b.w, b.hit / b.w}, true
}

// Layout returns the mines' positions in row-major order, or nil while a
// random board waits for its first opening.
func (b *Board) Layout() []Point {
	if b.pending {
		return nil
	}
	mines := make([]Point, 0, b.mines)
	for i, c := range b.cells {
		if c&mineBit != 0 {
			mines = append(mines, Point{i % b.w, i / b.w})
		}
	}
	return mines
}

// Reset closes every cell and removes every mark, keeping the layout, so the
// same board can be played again from the start.
func (b *Board) Reset() {
	for i, c := range b.cells {
		b.cells[i] = c & (countMask | mineBit)
	}
	b.status, b.hit, b.flags = Playing, -1, 0
	b.safeLeft = len(b.cells) - b.mines
}

// Apply carries out one move and returns the number of cells it opened. A
// move that cannot apply returns an error and changes nothing.
func (b *Board) Apply(m Move) (int, error) {
	switch m.Action {
	case Open:
		return b.Reveal(m.At)
	case Chord:
		return b.Chord(m.At)
	case Toggle:
		_, err := b.ToggleMark(m.At)
		return 0, err
	}
	return 0, fmt.Errorf("%w %d", ErrAction, m.Action)
}

// check validates a move on p: on the board, game not over.
func (b *Board) check(p Point) (int, error) {
	if !b.In(p) {
		return 0, fmt.Errorf("%v: %w", p, ErrOutOfBounds)
	}
	if b.status != Playing {
		return 0, ErrGameOver
	}
	return b.index(p), nil
}

// Reveal opens the closed cell at p and returns the number of cells opened.
// A mine loses the game; a zero opens its neighbours, and theirs, without
// recursion; opening the last safe cell wins. A flagged cell, an open cell,
// a point off the board or a finished game gives an error and no change.
func (b *Board) Reveal(p Point) (int, error) {
	i, err := b.check(p)
	if err != nil {
		return 0, err
	}
	c := b.cells[i]
	switch {
	case c&openBit != 0:
		return 0, ErrOpen
	case c&flagBit != 0:
		return 0, ErrFlagged
	}
	if b.pending {
		if err := b.place(i); err != nil {
			return 0, err
		}
		c = b.cells[i]
	}
	if c&mineBit != 0 {
		b.lose(i)
		return 0, nil
	}
	n := b.open(i)
	b.settle()
	return n, nil
}

// Chord opens every closed, unflagged neighbour of the open number at p when
// the flags around it equal the number. A wrong flag means one of those
// neighbours is a mine, and the game is lost, as in the classic game.
func (b *Board) Chord(p Point) (int, error) {
	i, err := b.check(p)
	if err != nil {
		return 0, err
	}
	c := b.cells[i]
	if c&openBit == 0 || c&countMask == 0 {
		return 0, ErrNotNumber
	}
	flags, closed, mine := 0, 0, -1
	for j := range Neighbours(b.w, b.h, i) {
		switch d := b.cells[j]; {
		case d&flagBit != 0:
			flags++
		case d&openBit == 0:
			closed++
			if d&mineBit != 0 && mine < 0 {
				mine = j
			}
		}
	}
	switch {
	case flags != int(c&countMask):
		return 0, ErrFlagCount
	case closed == 0:
		return 0, ErrNothingToDo
	case mine >= 0:
		b.lose(mine)
		return 0, nil
	}
	n := 0
	for j := range Neighbours(b.w, b.h, i) {
		if b.cells[j]&(openBit|flagBit) == 0 {
			n += b.open(j)
		}
	}
	b.settle()
	return n, nil
}

// ToggleMark cycles the mark on the closed cell at p: none, flag, question
// mark (unless switched off), none. It returns the new mark.
func (b *Board) ToggleMark(p Point) (Mark, error) {
	i, err := b.check(p)
	if err != nil {
		return NoMark, err
	}
	c := b.cells[i]
	if c&openBit != 0 {
		return NoMark, ErrOpen
	}
	c &^= markBits
	var m Mark
	switch {
	case b.cells[i]&flagBit != 0:
		b.flags--
		if !b.noQuery {
			c |= questionBit
			m = Question
		}
	case b.cells[i]&questionBit != 0:
	default:
		c |= flagBit
		b.flags++
		m = Flag
	}
	b.cells[i] = c
	return m, nil
}

// Mark returns the mark on the cell at p; open cells and points off the
// board have none.
func (b *Board) Mark(p Point) Mark {
	if !b.In(p) {
		return NoMark
	}
	switch c := b.cells[b.index(p)]; {
	case c&flagBit != 0:
		return Flag
	case c&questionBit != 0:
		return Question
	}
	return NoMark
}

// span is a run of zeros on row y, from column x0 to x1, that a flood has
// opened but whose neighbours it has not opened yet.
type span struct{ y, x0, x1 int32 }

// open opens the safe, closed, unflagged cell i and, when it is a zero,
// floods with a scanline fill: a run of zeros is extended left and right
// along its row, then the rows above and below it are scanned once over
// the run's width, opening every closed cell there and queueing the runs of
// zeros found. Each zero is scanned around once and the grid is read along
// its rows rather than cell by cell in all directions. The runs are taken
// breadth first, one generation at a time, so the scratch memory holds the
// runs at the flood's front, not its area (a depth-first order keeps many
// more runs waiting). Flagged cells stay closed and stop the flood; a
// zero's other neighbours are always safe.
func (b *Board) open(i int) int {
	cells, w, h := b.cells, b.w, b.h
	c := cells[i]
	cells[i] = c&^questionBit | openBit
	if c&countMask != 0 {
		b.safeLeft--
		return 1
	}
	n := 1
	cur, next := b.spans[:0], b.spans2[:0]
	cur = append(cur, span{int32(i / w), int32(i % w), int32(i % w)})
	for len(cur) > 0 {
		for _, s := range cur {
			y := int(s.y)
			row := cells[y*w : y*w+w]
			// Extend the run over closed zeros; the number that ends it opens
			// too, and the scan of the next rows covers its column.
			l := int(s.x0)
			for l > 0 {
				c := row[l-1]
				if c&(openBit|flagBit) != 0 {
					break
				}
				row[l-1] = c&^questionBit | openBit
				n++
				if c&countMask != 0 {
					break
				}
				l--
			}
			r := int(s.x1)
			for r < w-1 {
				c := row[r+1]
				if c&(openBit|flagBit) != 0 {
					break
				}
				row[r+1] = c&^questionBit | openBit
				n++
				if c&countMask != 0 {
					break
				}
				r++
			}
			lo, hi := max(l-1, 0), min(r+1, w-1)
			for _, yy := range [2]int{y - 1, y + 1} {
				if yy < 0 || yy >= h {
					continue
				}
				nrow := cells[yy*w+lo : yy*w+hi+1]
				start := -1 // where the current run of new zeros began, or -1
				for x, c := range nrow {
					if c&(openBit|flagBit) == 0 {
						nrow[x] = c&^questionBit | openBit
						n++
						if c&countMask == 0 {
							if start < 0 {
								start = x
							}
							continue
						}
					}
					if start >= 0 {
						next = append(next, span{int32(yy), int32(lo + start), int32(lo + x - 1)})
						start = -1
					}
				}
				if start >= 0 {
					next = append(next, span{int32(yy), int32(lo + start), int32(hi)})
				}
			}
		}
		cur, next = next, cur[:0]
	}
	b.spans, b.spans2 = cur[:0], next[:0]
	b.safeLeft -= n
	return n
}

// settle wins the game when no safe cell is closed, flagging every mine.
func (b *Board) settle() {
	if b.safeLeft > 0 {
		return
	}
	b.status = Won
	for i, c := range b.cells {
		if c&mineBit != 0 {
			b.cells[i] = c&^questionBit | flagBit
		}
	}
	b.flags = b.mines
}

// lose ends the game on the mine at cell i.
func (b *Board) lose(i int) {
	b.status = Lost
	b.hit = i
	b.cells[i] = b.cells[i]&^markBits | openBit
}

// Tile returns what a player sees at p. While the game is played, and after
// a win, mines are never shown; after a loss every mine, the mine that was
// hit and every wrong flag are. Points off the board read as TileClosed.
func (b *Board) Tile(p Point) Tile {
	if !b.In(p) {
		return TileClosed
	}
	i := b.index(p)
	return b.tile(i, b.cells[i])
}

func (b *Board) tile(i int, c cell) Tile {
	if b.status == Lost {
		switch {
		case i == b.hit:
			return TileHit
		case c&(flagBit|mineBit) == flagBit:
			return TileWrongFlag
		case c&(flagBit|mineBit) == mineBit:
			return TileMine
		}
	}
	switch {
	case c&openBit != 0:
		return Tile(c & countMask)
	case c&flagBit != 0:
		return TileFlag
	case c&questionBit != 0:
		return TileQuestion
	}
	return TileClosed
}

// Tiles writes what a player sees of every cell, row by row, into dst
// (grown when too short) and returns it.
func (b *Board) Tiles(dst []Tile) []Tile {
	if cap(dst) < len(b.cells) {
		dst = make([]Tile, len(b.cells))
	}
	dst = dst[:len(b.cells)]
	for i, c := range b.cells {
		dst[i] = b.tile(i, c)
	}
	return dst
}

// AppendRow appends what a player sees of row y, one character a cell as in
// String, to dst.
func (b *Board) AppendRow(dst []byte, y int) []byte {
	for i := y * b.w; i < (y+1)*b.w; i++ {
		dst = append(dst, b.tile(i, b.cells[i]).Byte())
	}
	return dst
}

// String renders what a player sees, one line a row, one character a cell
// (see Tile.Byte): '#' closed, 'F' flag, '?' question mark, '0'-'8' open,
// and after a loss '*' mine, 'X' the mine that was hit, '!' wrong flag.
func (b *Board) String() string {
	buf := make([]byte, 0, (b.w+1)*b.h)
	for y := 0; y < b.h; y++ {
		buf = b.AppendRow(buf, y)
		buf = append(buf, '\n')
	}
	return string(buf)
}

// Parse builds a board from a layout drawn as text, as tests and examples
// write it: one line a row, '*' a mine and '.' a safe cell. Blank lines and
// the indentation and trailing space of each line are ignored; rows must be
// of equal length.
func Parse(text string) (*Board, error) {
	var mines []Point
	width, height := 0, 0
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if height > 0 && len(line) != width {
			return nil, fmt.Errorf("row %d has %d cells, want %d", height+1, len(line), width)
		}
		width = len(line)
		for x := 0; x < len(line); x++ {
			switch line[x] {
			case '*':
				mines = append(mines, Point{x, height})
			case '.':
			default:
				return nil, fmt.Errorf("row %d: unexpected %q (want '*' or '.')", height+1, line[x])
			}
		}
		height++
	}
	return New(width, height, mines)
}

// LayoutSum returns a fingerprint of the layout: FNV-1a over the indices
// of the mines in row-major order, or 0 while a random board waits for
// its first opening. A game kept without its layout keeps the sum, so that
// the layout laid again from its seed is known to be the same.
func (b *Board) LayoutSum() uint64 {
	if b.pending {
		return 0
	}
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	for i, c := range b.cells {
		if c&mineBit != 0 {
			for v := uint64(i); ; v >>= 8 {
				h = (h ^ v&0xff) * prime
				if v < 0x100 {
					break
				}
			}
			h = (h ^ 0xff) * prime // ends the index
		}
	}
	return h
}

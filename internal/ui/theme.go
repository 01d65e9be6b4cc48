package ui

import (
	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// glyph is what one cell shows: one character for each of its two columns.
type glyph [cellW]string

// theme is the look of the game: glyphs and styles, chosen once from the
// -ascii flag and NO_COLOR.
type theme struct {
	mono bool

	closed, flag, question, mine, hit, wrongFlag glyph
	num                                          [9]glyph
	// The frame: horizontal, vertical, the corners clockwise from the
	// top-left, and the arrows that say more of the board lies that way.
	h, v, tl, tr, br, bl     string
	up, down, left, right    string
	sClosed, sFlag, sQuery   tcell.Style
	sNum                     [9]tcell.Style
	sMine, sHit, sWrongFlag  tcell.Style
	sText, sBold, sFrame     tcell.Style
	sWin, sLose, sPause, sOK tcell.Style

	names map[tcell.Style]string // every style the board uses, for tests
}

// The classic colours of the numbers 1 to 8 and the cells' backgrounds, as
// fixed RGB values so they read the same on dark and light terminals.
var (
	numColours = [9]tcell.Color{
		0: tcell.NewHexColor(0xd0d0d0), // a zero shows nothing
		1: tcell.NewHexColor(0x0000ff), // blue
		2: tcell.NewHexColor(0x008000), // green
		3: tcell.NewHexColor(0xff0000), // red
		4: tcell.NewHexColor(0x000080), // navy
		5: tcell.NewHexColor(0x800000), // maroon
		6: tcell.NewHexColor(0x008080), // teal
		7: tcell.NewHexColor(0x000000), // black
		8: tcell.NewHexColor(0x808080), // grey
	}
	openBg     = tcell.NewHexColor(0xd0d0d0)
	closedBg   = tcell.NewHexColor(0x6c6c6c)
	closedFg   = tcell.NewHexColor(0x9e9e9e)
	flagFg     = tcell.NewHexColor(0xff3030)
	queryFg    = tcell.NewHexColor(0xffffff)
	hitBg      = tcell.NewHexColor(0xff0000)
	wrongBg    = tcell.NewHexColor(0xffd75f)
	wrongFg    = tcell.NewHexColor(0xd70000)
	cursorBg   = tcell.NewHexColor(0xffff00)
	blackFg    = tcell.NewHexColor(0x000000)
	winFg      = tcell.NewHexColor(0x00af00)
	loseFg     = tcell.NewHexColor(0xff0000)
	pauseFg    = tcell.NewHexColor(0xffaf00)
	emptyStyle = tcell.StyleDefault
)

func newTheme(ascii, mono bool) *theme {
	t := &theme{mono: mono}
	if ascii {
		t.closed, t.flag, t.question = glyph{"#", " "}, glyph{"F", " "}, glyph{"?", " "}
		t.mine, t.hit, t.wrongFlag = glyph{"*", " "}, glyph{"X", " "}, glyph{"!", " "}
		t.h, t.v, t.tl, t.tr, t.br, t.bl = "-", "|", "+", "+", "+", "+"
		t.up, t.down, t.left, t.right = "^", "v", "<", ">"
	} else {
		t.closed, t.flag, t.question = glyph{"░", "░"}, glyph{"⚑", " "}, glyph{"?", " "}
		t.mine, t.hit, t.wrongFlag = glyph{"✱", " "}, glyph{"✖", " "}, glyph{"⚑", "✗"}
		t.h, t.v, t.tl, t.tr, t.br, t.bl = "─", "│", "┌", "┐", "┘", "└"
		t.up, t.down, t.left, t.right = "▲", "▼", "◀", "▶"
	}
	t.num[0] = glyph{" ", " "}
	for n := 1; n <= 8; n++ {
		t.num[n] = glyph{string(rune('0' + n)), " "}
	}

	t.sText, t.sFrame = emptyStyle, emptyStyle
	t.sBold = emptyStyle.Bold(true)
	if mono {
		t.sClosed, t.sQuery = emptyStyle, emptyStyle
		t.sFlag = emptyStyle.Bold(true)
		t.sNum[0] = emptyStyle
		for n := 1; n <= 8; n++ {
			t.sNum[n] = emptyStyle.Bold(true)
		}
		t.sMine = emptyStyle
		t.sHit = emptyStyle.Bold(true).Underline(true)
		t.sWrongFlag = emptyStyle.Bold(true).Italic(true)
		t.sWin, t.sLose, t.sPause, t.sOK = t.sBold, t.sBold, t.sBold, t.sBold
	} else {
		closed := emptyStyle.Background(closedBg)
		t.sClosed = closed.Foreground(closedFg)
		t.sFlag = closed.Foreground(flagFg).Bold(true)
		t.sQuery = closed.Foreground(queryFg).Bold(true)
		open := emptyStyle.Background(openBg)
		for n := range t.sNum {
			t.sNum[n] = open.Foreground(numColours[n]).Bold(true)
		}
		t.sMine = open.Foreground(blackFg)
		t.sHit = emptyStyle.Background(hitBg).Foreground(blackFg).Bold(true)
		t.sWrongFlag = emptyStyle.Background(wrongBg).Foreground(wrongFg).Bold(true)
		t.sWin = emptyStyle.Foreground(winFg).Bold(true)
		t.sLose = emptyStyle.Foreground(loseFg).Bold(true)
		t.sPause = emptyStyle.Foreground(pauseFg).Bold(true)
		t.sOK = t.sBold
	}

	t.names = map[tcell.Style]string{}
	add := func(name string, st tcell.Style) {
		if _, ok := t.names[st]; !ok {
			t.names[st] = name
		}
	}
	add("default", emptyStyle)
	add("bold", t.sBold)
	add("win", t.sWin)
	add("lose", t.sLose)
	add("pause", t.sPause)
	for _, tl := range allTiles {
		_, st := t.tile(tl)
		add(tl.String(), st)
		add("cursor+"+tl.String(), t.cursor(st))
	}
	return t
}

// allTiles lists every tile a board can show.
var allTiles = []board.Tile{0, 1, 2, 3, 4, 5, 6, 7, 8,
	board.TileClosed, board.TileFlag, board.TileQuestion,
	board.TileMine, board.TileHit, board.TileWrongFlag}

// tile returns the glyph and style of a tile.
func (t *theme) tile(tl board.Tile) (glyph, tcell.Style) {
	if tl.IsOpen() {
		return t.num[tl], t.sNum[tl]
	}
	switch tl {
	case board.TileFlag:
		return t.flag, t.sFlag
	case board.TileQuestion:
		return t.question, t.sQuery
	case board.TileMine:
		return t.mine, t.sMine
	case board.TileHit:
		return t.hit, t.sHit
	case board.TileWrongFlag:
		return t.wrongFlag, t.sWrongFlag
	}
	return t.closed, t.sClosed
}

// cursor returns the style of a cell under the cursor: reverse video
// without colours, a bright yellow background with them.
func (t *theme) cursor(st tcell.Style) tcell.Style {
	if t.mono {
		return st.Reverse(true)
	}
	return st.Background(cursorBg).Bold(true)
}

package ui

import (
	"fmt"
	"maps"
	"math"
	"slices"

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
	// The odds view: glyphs of certainly safe cells and certain mines, and
	// the styles of those and of the chances, by oddsBands.
	oddsSafe, oddsMine   glyph
	sOddsSafe, sOddsMine tcell.Style
	sOdds                [len(oddsBands)]tcell.Style

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
	oddsAltBg  = tcell.NewHexColor(0x4e4e4e)
	emptyStyle = tcell.StyleDefault
)

// oddsBands are the upper bounds, in percent, of the chances of a mine that
// the odds view colours alike, and oddsColours their colours, from green to
// red.
var (
	oddsBands   = [...]int{10, 30, 50, 80, 100}
	oddsColours = [len(oddsBands)]tcell.Color{
		tcell.NewHexColor(0x87ff87),
		tcell.NewHexColor(0xffff87),
		tcell.NewHexColor(0xffaf00),
		tcell.NewHexColor(0xff8700),
		tcell.NewHexColor(0xff5f5f),
	}
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
	t.oddsSafe, t.oddsMine = glyph{"-", "-"}, glyph{"!", "!"}
	if !ascii {
		t.oddsSafe = glyph{"·", "·"}
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
		t.sOddsSafe, t.sOddsMine = emptyStyle, emptyStyle.Bold(true)
		for i, top := range oddsBands {
			t.sOdds[i] = emptyStyle.Bold(top > 50)
		}
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
		closedOdds := emptyStyle.Background(closedBg).Bold(true)
		t.sOddsSafe = closedOdds.Foreground(oddsColours[0])
		t.sOddsMine = closedOdds.Foreground(oddsColours[len(oddsColours)-1])
		for i := range oddsBands {
			t.sOdds[i] = closedOdds.Foreground(oddsColours[i])
		}
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
	odds := map[string]tcell.Style{"odds safe": t.sOddsSafe, "odds mine": t.sOddsMine}
	for i, top := range oddsBands {
		odds[fmt.Sprintf("odds below %d%%", top)] = t.sOdds[i]
	}
	for _, name := range slices.Sorted(maps.Keys(odds)) {
		add(name, odds[name])
		add("cursor+"+name, t.cursor(odds[name]))
		add(name+" alt", t.oddsAlt(odds[name]))
		add("cursor+"+name+" alt", t.cursor(t.oddsAlt(odds[name])))
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

// odds returns the glyph and style of a closed cell in the odds view, from
// the chance p that it holds a mine and whether it is certainly safe or
// certainly a mine: certain cells apart, the others as a percentage from 1
// to 99 ("7%", "42"), so that the view reads without colours.
//
// Two-digit chances side by side would read as one number ("1542"), so
// every other cell, as on a chessboard (alt), is set apart: a darker
// background in colour, underlined without colours.
func (t *theme) odds(p float64, safe, mine, alt bool) (glyph, tcell.Style) {
	g, st := t.oddsOf(p, safe, mine)
	if alt {
		st = t.oddsAlt(st)
	}
	return g, st
}

// oddsAlt returns the odds style st on every other cell.
func (t *theme) oddsAlt(st tcell.Style) tcell.Style {
	if t.mono {
		return st.Underline(true)
	}
	return st.Background(oddsAltBg)
}

// oddsOf returns the glyph and style of a chance, before odds sets every
// other cell apart.
func (t *theme) oddsOf(p float64, safe, mine bool) (glyph, tcell.Style) {
	switch {
	case safe:
		return t.oddsSafe, t.sOddsSafe
	case mine:
		return t.oddsMine, t.sOddsMine
	}
	// Two digits, or one and a percent sign, so that a chance never reads
	// as an open cell's number, which is one digit and a space.
	pc := min(max(int(math.Round(100*p)), 1), 99)
	text := fmt.Sprintf("%d%%", pc)
	if pc >= 10 {
		text = fmt.Sprintf("%d", pc)
	}
	band := 0
	for band < len(oddsBands)-1 && pc >= oddsBands[band] {
		band++
	}
	return glyph{text[:1], text[1:]}, t.sOdds[band]
}

// cursor returns the style of a cell under the cursor: reverse video
// without colours, a bright yellow background with them.
func (t *theme) cursor(st tcell.Style) tcell.Style {
	if t.mono {
		return st.Reverse(true)
	}
	return st.Background(cursorBg).Bold(true)
}

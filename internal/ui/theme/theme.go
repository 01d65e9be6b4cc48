// Package theme is the look of the full-screen game: the glyphs and
// styles of each kind of cell, of the frame and of the header's state, in
// the themes a player picks from (see Names), on terminals of any number
// of colours, and the cursor's style on each.
package theme

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/plot"
)

// CellW is how many columns a board cell is drawn in: two, so that the
// grid looks square.
const CellW = 2

// Glyph is what one cell shows: one character for each of its two columns.
type Glyph [CellW]string

// Theme is the look of the game: glyphs and styles, chosen once from the
// theme's name, the -ascii flag and NO_COLOR.
type Theme struct {
	mono bool
	ansi bool // drawn in the 8 ANSI colours (see ansiPalettes)

	closed, flag, question, mine, hit, wrongFlag Glyph
	// Start marks the start cell of a daily board before it is opened,
	// drawn in the closed cells' style.
	Start Glyph
	num   [9]Glyph
	// The frame: horizontal, vertical, the corners clockwise from the
	// top-left, and the arrows that say more of the board lies that way.
	H, V, TL, TR, BR, BL    string
	Up, Down, Left, Right   string
	sClosed, sFlag, sQuery  tcell.Style
	sNum                    [9]tcell.Style
	sMine, sHit, sWrongFlag tcell.Style
	Text, Bold, Frame       tcell.Style // the header's and footer's text, its keys, the frame
	Win, Lose, Pause, OK    tcell.Style // the header's state
	// The odds view: glyphs of certainly safe cells and certain mines, and
	// the styles of those and of the chances, by oddsBands, and the
	// background of every other cell.
	OddsSafe, OddsMine   Glyph
	sOddsSafe, sOddsMine tcell.Style
	sOdds                [len(oddsBands)]tcell.Style
	oddsAltBg            tcell.Color

	// ASCII reports whether the theme draws with ASCII characters alone.
	ASCII bool
	plot  [plot.Bar + 1]tcell.Style // the plots' styles, by class

	// cursors maps the style of every kind of cell on the board to its
	// style under the cursor; the monochrome theme has none.
	cursors    map[tcell.Style]tcell.Style
	StyleNames map[tcell.Style]string // every style the board uses, for tests
}

// themes are the themes by name, the default first. A nil palette is the
// monochrome theme: the terminal's own colours, bold, underline and
// reverse video.
var themes = []struct {
	name string
	pal  *palette
	ansi *palette // the palette on terminals of fewer than 256 colours
}{
	{"default", &classicPalette, &classicANSI},
	{"colour-blind", &okabeItoPalette, &okabeItoANSI},
	{"mono", nil, nil},
}

// TrueColour is tcell's Screen.Colors of a true-colour terminal.
const TrueColour = 1 << 24

// ErrUnknown is the error of a theme's name that Names does not
// list.
var ErrUnknown = errors.New("unknown theme")

// Names returns the names of the themes, the default first.
func Names() []string {
	names := make([]string, len(themes))
	for i, th := range themes {
		names[i] = th.name
	}
	return names
}

// Check returns nil if name is the name of a theme or empty (the
// default), and otherwise an error that wraps ErrUnknown and lists the
// names.
func Check(name string) error {
	if _, ok := themePalette(name); ok {
		return nil
	}
	names := Names()
	return fmt.Errorf("%w %q: want %s or %s", ErrUnknown, name,
		strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

// themePalette returns the palette of the theme called name, nil for the
// monochrome one, and whether there is such a theme; "" is the default.
func themePalette(name string) (*palette, bool) {
	pal, _, ok := themePalettes(name)
	return pal, ok
}

// themePalettes returns the palettes of the theme called name, nil for the
// monochrome one, for terminals of 256 colours or more and for those of
// fewer, and whether there is such a theme; "" is the default.
func themePalettes(name string) (pal, ansi *palette, ok bool) {
	if name == "" {
		return themes[0].pal, themes[0].ansi, true
	}
	for _, th := range themes {
		if th.name == name {
			return th.pal, th.ansi, true
		}
	}
	return nil, nil, false
}

// palette is the colours of a coloured theme.
//
// Every colour is one of the 240 colours of the 256-colour palette after
// its first 16, which terminals let their own themes change (Solarized
// turns bright yellow into a grey): a 256-colour terminal shows it as it
// is, and so does a true-colour one. tcell shows it on a 16-colour
// terminal as the nearest of those 16, by its own table of them; each
// Glyph's colour and its cell's background are chosen so that their
// contrast is at least 4.5:1 either way, under the cursor too
// (theme_test.go computes it).
//
// The cursor turns a cell's lightness over: a dark Glyph on a light cell
// becomes a light Glyph on a dark cursor, and the other way round. The
// cursor so stands out from the cells around it, and a terminal without
// colours, where tcell shows dark glyphs in reverse video, shows it too.
type palette struct {
	open, closed       tcell.Color // the backgrounds of open and closed cells
	openCur, closedCur tcell.Color // the cursor's background on them
	// The glyphs' colours, plain and under the cursor: the numbers and the
	// mines on open cells, the others on closed cells.
	num                      [9]pen
	mine                     pen
	closedFg, flag, question pen
	// A hit mine and a wrong flag have backgrounds of their own.
	hit, wrongFlag ink
	// The odds view: the colours of the chances by oddsBands, on closed
	// cells, and the background of every other cell.
	odds    [len(oddsBands)]pen
	oddsAlt tcell.Color
	// The header's state, on the terminal's own background, dark or light,
	// unless it has a background of its own (the ANSI palettes'; the
	// terminal's own if not Valid).
	win, lose, pause       tcell.Color
	winBg, loseBg, pauseBg tcell.Color
}

// pen is the colour of a Glyph on its cell, and under the cursor.
type pen struct{ fg, cur tcell.Color }

// on returns the ink of p's glyphs on cells of background bg, whose
// background under the cursor is cur.
func (p pen) on(bg, cur tcell.Color) ink { return ink{p.fg, bg, p.cur, cur} }

// ink is how a cell looks: its Glyph's colour on its background, plain and
// under the cursor.
type ink struct{ fg, bg, curFg, curBg tcell.Color }

// hex returns the colour of a 24-bit RGB value.
func hex(v int32) tcell.Color { return tcell.NewHexColor(v) }

// classicPalette is the default theme's: the classic numbers (blue 1, green
// 2, red 3, navy 4, and so on) on light open cells, dark closed cells, a
// yellow cursor on closed cells and a navy one on open cells. The board
// brings its own backgrounds, so it reads alike on dark and light
// terminals.
var classicPalette = palette{
	open: hex(0xe4e4e4), closed: hex(0x262626),
	openCur: hex(0x000087), closedCur: hex(0xffd700),
	num: [9]pen{
		{hex(0x303030), hex(0xeeeeee)}, // a zero shows only the cursor
		{hex(0x0000d7), hex(0x87afff)}, // blue
		{hex(0x005f00), hex(0x5fff87)}, // green
		{hex(0xaf0000), hex(0xffafaf)}, // red
		{hex(0x000087), hex(0xafafff)}, // navy
		{hex(0x87005f), hex(0xffafd7)}, // crimson, apart from red on 16 colours
		{hex(0x005f5f), hex(0x5fffff)}, // teal
		{hex(0x121212), hex(0xe4e4e4)}, // black
		{hex(0x3a3a3a), hex(0xbcbcbc)}, // grey
	},
	mine:      pen{hex(0x121212), hex(0xffd7d7)},
	closedFg:  pen{hex(0x949494), hex(0x3a3a3a)},
	flag:      pen{hex(0xff8700), hex(0xaf0000)},
	question:  pen{hex(0xeeeeee), hex(0x000087)},
	hit:       ink{hex(0xeeeeee), hex(0xaf0000), hex(0x870000), hex(0xffd700)},
	wrongFlag: ink{hex(0x870000), hex(0xffd7af), hex(0xff87af), hex(0x000087)},
	odds: [len(oddsBands)]pen{
		{hex(0x5fff5f), hex(0x005f00)}, // green
		{hex(0xd7ff5f), hex(0x1c1c1c)}, // yellow-green
		{hex(0xffd75f), hex(0x5f005f)}, // yellow
		{hex(0xffaf00), hex(0x5f0000)}, // orange
		{hex(0xff5f00), hex(0xaf005f)}, // red
	},
	oddsAlt: hex(0x080808),
	win:     hex(0x00875f), lose: hex(0xaf5f5f), pause: hex(0x767676),
}

// okabeItoPalette is the colour-blind theme's: the numbers in the colours
// of Okabe and Ito's palette for colour-blind readers (sky blue, bluish
// green, vermillion, blue, reddish purple, orange, yellow and white), as
// near as the 256 colours come, on dark open cells; light closed cells; a
// yellow cursor on open cells and a navy one on closed cells.
var okabeItoPalette = palette{
	open: hex(0x121212), closed: hex(0xbcbcbc),
	openCur: hex(0xffd700), closedCur: hex(0x000087),
	num: [9]pen{
		{hex(0x949494), hex(0x1c1c1c)}, // a zero shows only the cursor
		{hex(0x00d7ff), hex(0x005faf)}, // sky blue
		{hex(0x5fd7af), hex(0x005f00)}, // bluish green
		{hex(0xd75f00), hex(0xaf0000)}, // vermillion
		{hex(0x0087d7), hex(0x0000af)}, // blue
		{hex(0xaf87af), hex(0x870087)}, // reddish purple
		{hex(0xffaf00), hex(0x5f0000)}, // orange
		{hex(0xffff87), hex(0x3a3a3a)}, // yellow
		{hex(0xeeeeee), hex(0x121212)}, // white
	},
	mine:      pen{hex(0xeeeeee), hex(0x262626)},
	closedFg:  pen{hex(0x3a3a3a), hex(0xbcbcbc)},
	flag:      pen{hex(0x870000), hex(0xffd700)},
	question:  pen{hex(0x121212), hex(0xeeeeee)},
	hit:       ink{hex(0x121212), hex(0xff5f00), hex(0xffd7af), hex(0x000087)},
	wrongFlag: ink{hex(0x121212), hex(0x87d7ff), hex(0xffffaf), hex(0x000087)},
	odds: [len(oddsBands)]pen{
		{hex(0x0000af), hex(0x87d7ff)}, // blue
		{hex(0x5f00af), hex(0xafafff)}, // violet
		{hex(0x870087), hex(0xd7afff)}, // purple
		{hex(0x87005f), hex(0xffafd7)}, // crimson
		{hex(0x5f0000), hex(0xffafaf)}, // dark red
	},
	oddsAlt: hex(0xd0d0d0),
	win:     hex(0x00875f), lose: hex(0xaf5f5f), pause: hex(0x767676),
}

// The ANSI colours the themes use of the 8 every terminal with colours
// has, each in the RGB its palette gives it; magenta (5) reads at 4.5:1 on
// none of the others in xterm's palette.
var (
	ansiBlack  = tcell.PaletteColor(0)
	ansiRed    = tcell.PaletteColor(1)
	ansiGreen  = tcell.PaletteColor(2)
	ansiYellow = tcell.PaletteColor(3)
	ansiBlue   = tcell.PaletteColor(4)
	ansiCyan   = tcell.PaletteColor(6)
	ansiWhite  = tcell.PaletteColor(7) // a light grey: bright white is colour 15
)

// ansiLight reports whether c is one of the light ANSI colours: green,
// yellow, cyan and white, whose luminance is above 0.4 in xterm's palette,
// against black, red, blue and magenta below 0.2.
func ansiLight(c tcell.Color) bool {
	switch c {
	case ansiGreen, ansiYellow, ansiCyan, ansiWhite:
		return true
	}
	return false
}

// The ANSI palettes: the themes on terminals of fewer than 256 colours
// (TERM=xterm, xterm-16color, linux), in the first 8 colours only.
//
// tcell would show a theme's own colours there as the nearest of the 8 or
// 16 by its own table of their values, which is not the terminal's: in
// xterm's palette (#00cd00 green, #00cdcd cyan, #e5e5e5 white, ...), the
// default theme's 6 came out cyan on white, 1.57:1, and its 2 green on
// white, 1.71:1. The ANSI palettes instead pair colours whose contrast
// reaches 4.5:1 in xterm's palette, the common one, with a margin for
// others: a light Glyph (ansiLight) only on black, blue or red, a dark one
// only on white, yellow, green or cyan, never magenta.
//
// Most terminals show a bold Glyph of the 8 dark colours in its bright
// variant (xterm's boldColors); some only thicken it. paint makes a Glyph
// bold only where it is lighter than its cell, where the brighter colour
// raises the contrast, so that it reaches 4.5:1 either way (ansi_test.go
// computes both).
var (
	// classicANSI is the default theme's: dark glyphs on white open
	// cells, white closed cells on black, a blue cursor on open cells and a
	// yellow one on closed cells.
	classicANSI = palette{
		open: ansiWhite, closed: ansiBlack,
		openCur: ansiBlue, closedCur: ansiYellow,
		num: [9]pen{
			{ansiBlack, ansiWhite},
			{ansiBlue, ansiCyan},
			{ansiBlack, ansiWhite}, // no green reads on white
			{ansiRed, ansiYellow},
			{ansiBlue, ansiCyan},
			{ansiRed, ansiYellow},
			{ansiBlack, ansiWhite},
			{ansiBlack, ansiWhite},
			{ansiBlack, ansiWhite},
		},
		mine:      pen{ansiBlack, ansiWhite},
		closedFg:  pen{ansiWhite, ansiBlack},
		flag:      pen{ansiYellow, ansiBlue},
		question:  pen{ansiCyan, ansiBlack},
		hit:       ink{ansiWhite, ansiRed, ansiBlack, ansiYellow},
		wrongFlag: ink{ansiRed, ansiWhite, ansiYellow, ansiBlue},
		odds: [len(oddsBands)]pen{
			{ansiGreen, ansiBlack},
			{ansiCyan, ansiBlack},
			{ansiWhite, ansiBlack},
			{ansiYellow, ansiBlue},
			{ansiYellow, ansiBlue},
		},
		win: ansiBlack, winBg: ansiGreen,
		lose: ansiWhite, loseBg: ansiRed,
	}
	// okabeItoANSI is the colour-blind theme's: light glyphs on black open
	// cells, black closed cells on white, a yellow cursor on open cells and
	// a blue one on closed cells.
	okabeItoANSI = palette{
		open: ansiBlack, closed: ansiWhite,
		openCur: ansiYellow, closedCur: ansiBlue,
		num: [9]pen{
			{ansiWhite, ansiBlack},
			{ansiCyan, ansiBlue},    // sky blue
			{ansiGreen, ansiBlack},  // bluish green
			{ansiYellow, ansiBlack}, // vermillion
			{ansiCyan, ansiBlue},    // blue
			{ansiWhite, ansiBlack},  // reddish purple
			{ansiYellow, ansiBlue},  // orange
			{ansiYellow, ansiBlack}, // yellow
			{ansiWhite, ansiBlack},  // white
		},
		mine:      pen{ansiWhite, ansiBlack},
		closedFg:  pen{ansiBlack, ansiWhite},
		flag:      pen{ansiRed, ansiYellow},
		question:  pen{ansiBlue, ansiCyan},
		hit:       ink{ansiWhite, ansiRed, ansiBlack, ansiYellow},
		wrongFlag: ink{ansiBlack, ansiGreen, ansiWhite, ansiBlue},
		odds: [len(oddsBands)]pen{
			{ansiBlue, ansiCyan},
			{ansiBlue, ansiCyan},
			{ansiBlack, ansiWhite},
			{ansiRed, ansiYellow},
			{ansiRed, ansiYellow},
		},
		win: ansiBlack, winBg: ansiGreen,
		lose: ansiWhite, loseBg: ansiRed,
	}
)

// oddsBands are the upper bounds, in percent, of the chances of a mine that
// the odds view colours alike.
var oddsBands = [...]int{10, 30, 50, 80, 100}

// New returns the theme called name (see Names; "" and names
// that Check refuses are the default) on a terminal of colors colours
// (tcell's Screen.Colors), drawn with ASCII characters only if ascii, and
// without colours if mono or the theme is "mono". A terminal of fewer than
// 256 colours gets the theme's ANSI palette; one without colours gets the
// full palette, which tcell shows in reverse video or not by its glyphs'
// lightness.
func New(name string, ascii, mono bool, colors int) *Theme {
	pal, ansi, ok := themePalettes(name)
	if !ok {
		pal, ansi = themes[0].pal, themes[0].ansi
	}
	if colors > 0 && colors < 256 {
		pal = ansi
	}
	if mono {
		pal = nil
	}
	t := &Theme{mono: pal == nil, ansi: pal != nil && pal == ansi, ASCII: ascii}
	if ascii {
		t.closed, t.flag, t.question = Glyph{"#", " "}, Glyph{"F", " "}, Glyph{"?", " "}
		t.mine, t.hit, t.wrongFlag = Glyph{"*", " "}, Glyph{"X", " "}, Glyph{"!", " "}
		t.H, t.V, t.TL, t.TR, t.BR, t.BL = "-", "|", "+", "+", "+", "+"
		t.Up, t.Down, t.Left, t.Right = "^", "v", "<", ">"
		t.Start = Glyph{"<", ">"}
	} else {
		t.closed, t.flag, t.question = Glyph{"░", "░"}, Glyph{"⚑", " "}, Glyph{"?", " "}
		t.mine, t.hit, t.wrongFlag = Glyph{"✱", " "}, Glyph{"✖", " "}, Glyph{"⚑", "✗"}
		t.H, t.V, t.TL, t.TR, t.BR, t.BL = "─", "│", "┌", "┐", "┘", "└"
		t.Up, t.Down, t.Left, t.Right = "▲", "▼", "◀", "▶"
		t.Start = Glyph{"◆", " "}
	}
	t.OddsSafe, t.OddsMine = Glyph{"-", "-"}, Glyph{"!", "!"}
	if !ascii {
		t.OddsSafe = Glyph{"·", "·"}
	}
	t.num[0] = Glyph{" ", " "}
	for n := 1; n <= 8; n++ {
		t.num[n] = Glyph{string(rune('0' + n)), " "}
	}

	t.Text, t.Frame = tcell.StyleDefault, tcell.StyleDefault
	t.Bold = tcell.StyleDefault.Bold(true)
	t.OK = t.Bold
	if pal == nil {
		t.monochrome()
	} else {
		t.colour(pal)
	}

	t.plotStyles()
	t.StyleNames = map[tcell.Style]string{}
	add := func(name string, st tcell.Style) {
		if _, ok := t.StyleNames[st]; !ok {
			t.StyleNames[st] = name
		}
	}
	add("default", tcell.StyleDefault)
	add("bold", t.Bold)
	add("win", t.Win)
	add("lose", t.Lose)
	add("pause", t.Pause)
	for _, tl := range allTiles {
		_, st := t.Tile(tl)
		add(tl.String(), st)
		add("cursor+"+tl.String(), t.Cursor(st))
	}
	odds := map[string]tcell.Style{"odds safe": t.sOddsSafe, "odds mine": t.sOddsMine}
	for i, top := range oddsBands {
		odds[fmt.Sprintf("odds below %d%%", top)] = t.sOdds[i]
	}
	for _, name := range slices.Sorted(maps.Keys(odds)) {
		add(name, odds[name])
		add("cursor+"+name, t.Cursor(odds[name]))
		add(name+" alt", t.oddsAlt(odds[name]))
		add("cursor+"+name+" alt", t.Cursor(t.oddsAlt(odds[name])))
	}
	return t
}

// Plot returns the style of the spans of class c of a plot of the
// records (see internal/plot).
func (t *Theme) Plot(c plot.Class) tcell.Style {
	if c < 0 || int(c) >= len(t.plot) {
		return t.Text
	}
	return t.plot[c]
}

// plotStyles sets the plots' styles, on the terminal's own background:
// a day of the calendar in the colour of a win, bold at the busiest, a
// win on the plot of time against 3BV in the colour of a 1, the best line
// in the colour of a loss, a month's bar in the colour of a 2. Without
// colours, the glyphs tell them apart, the wins and the busiest in bold.
func (t *Theme) plotStyles() {
	plain := tcell.StyleDefault
	on := func(st tcell.Style, fromBg bool) tcell.Style {
		fg, bg, _ := st.Decompose()
		if fromBg {
			fg = bg
		}
		return plain.Foreground(fg)
	}
	t.plot = [...]tcell.Style{plot.Text: t.Text, plot.Axis: t.Frame, plot.Level0: plain.Dim(true),
		plot.Level1: plain, plot.Level2: plain, plot.Level3: plain, plot.Level4: plain.Bold(true),
		plot.Dot: plain.Bold(true), plot.Best: plain, plot.Bar: plain}
	if t.mono {
		return
	}
	for c := plot.Level1; c <= plot.Level4; c++ {
		t.plot[c] = on(t.Win, true).Bold(c == plot.Level4)
	}
	t.plot[plot.Dot], t.plot[plot.Best], t.plot[plot.Bar] = on(t.sNum[1], false), on(t.Lose, true), on(t.sNum[2], false)
}

// monochrome sets the styles of the monochrome theme: the terminal's own
// colours, bold, italics and underline; the cursor is reverse video.
func (t *Theme) monochrome() {
	plain := tcell.StyleDefault
	t.sClosed, t.sQuery = plain, plain
	t.sFlag = plain.Bold(true)
	t.sNum[0] = plain
	for n := 1; n <= 8; n++ {
		t.sNum[n] = plain.Bold(true)
	}
	t.sMine = plain
	t.sHit = plain.Bold(true).Underline(true)
	t.sWrongFlag = plain.Bold(true).Italic(true)
	t.Win, t.Lose, t.Pause = t.Bold, t.Bold, t.Bold
	t.sOddsSafe, t.sOddsMine = plain, plain.Bold(true)
	for i, top := range oddsBands {
		t.sOdds[i] = plain.Bold(top > 50)
	}
}

// colour sets the styles of a coloured theme from its palette p, and the
// styles of its cells under the cursor.
func (t *Theme) colour(p *palette) {
	t.cursors = map[tcell.Style]tcell.Style{}
	open := func(pn pen) ink { return pn.on(p.open, p.openCur) }
	closed := func(pn pen) ink { return pn.on(p.closed, p.closedCur) }
	for n := range t.sNum {
		t.sNum[n] = t.paint(open(p.num[n]), true)
	}
	t.sMine = t.paint(open(p.mine), false)
	t.sClosed = t.paint(closed(p.closedFg), false)
	t.sFlag = t.paint(closed(p.flag), true)
	t.sQuery = t.paint(closed(p.question), true)
	t.sHit = t.paint(p.hit, true)
	t.sWrongFlag = t.paint(p.wrongFlag, true)
	state := func(fg, bg tcell.Color) tcell.Style {
		return tcell.StyleDefault.Foreground(fg).Background(bg).Bold(t.bold(fg, bg))
	}
	t.Win, t.Lose, t.Pause = state(p.win, p.winBg), state(p.lose, p.loseBg), state(p.pause, p.pauseBg)
	t.oddsAltBg = p.oddsAlt
	for i, pn := range p.odds {
		t.sOdds[i] = t.paint(closed(pn), true)
		if t.ansi {
			// Underlined, as without colours: no second background
			// keeps every band's Glyph at 4.5:1.
			t.cursors[t.oddsAlt(t.sOdds[i])] = t.cursors[t.sOdds[i]]
			continue
		}
		t.paint(pn.on(p.oddsAlt, p.closedCur), true) // every other cell's
	}
	t.sOddsSafe, t.sOddsMine = t.sOdds[0], t.sOdds[len(t.sOdds)-1]
}

// paint returns the style of cells of ink k, in bold or not, and keeps the
// style of those cells under the cursor, in bold, for cursor. In ANSI
// colours, bold is as bold says instead.
func (t *Theme) paint(k ink, bold bool) tcell.Style {
	cur := true
	if t.ansi {
		bold, cur = t.bold(k.fg, k.bg), t.bold(k.curFg, k.curBg)
	}
	st := tcell.StyleDefault.Foreground(k.fg).Background(k.bg).Bold(bold)
	t.cursors[st] = tcell.StyleDefault.Foreground(k.curFg).Background(k.curBg).Bold(cur)
	return st
}

// bold reports whether a Glyph of colour fg on bg is bold: always, but in
// ANSI colours only where the Glyph is lighter than its cell (or the
// cell is the terminal's own, or the Glyph too), since bold shows a dark colour's bright
// variant on most terminals: a lighter Glyph gains contrast by it, a
// darker one would lose it.
func (t *Theme) bold(fg, bg tcell.Color) bool {
	if !t.ansi || !fg.Valid() {
		return true
	}
	return ansiLight(fg) && (!bg.Valid() || !ansiLight(bg))
}

// allTiles lists every tile a board can show.
var allTiles = []board.Tile{0, 1, 2, 3, 4, 5, 6, 7, 8,
	board.TileClosed, board.TileFlag, board.TileQuestion,
	board.TileMine, board.TileHit, board.TileWrongFlag}

// Tile returns the Glyph and style of a tile.
func (t *Theme) Tile(tl board.Tile) (Glyph, tcell.Style) {
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

// Odds returns the Glyph and style of a closed cell in the odds view, from
// the chance p that it holds a mine and whether it is certainly safe or
// certainly a mine: certain cells apart, the others as the chance in
// tenths, one digit from 0 to 9 ("3" is 25% to 34%) and a blank column.
//
// A cell is two columns wide, and two digits, or a digit and a percent
// sign, side by side read as one number ("171717", "8%8%8%"); one digit
// and a blank column read apart on any terminal, with or without colours,
// beside each other and beside open cells, whose numbers are written the
// same way (a digit on the right would run into the number of an open
// cell on its left). A chance is told from a number by its closed cell's
// background, or underline, and the footer says the view is on. A player
// picks the safest cell by the digits, and within a tenth by the colours,
// whose bands are finer at the low chances that matter. Every other cell,
// as on a chessboard (alt), is set apart too: a darker background in
// colour, underlined without colours.
func (t *Theme) Odds(p float64, safe, mine, alt bool) (Glyph, tcell.Style) {
	g, st := t.oddsOf(p, safe, mine)
	if alt {
		st = t.oddsAlt(st)
	}
	return g, st
}

// oddsAlt returns the odds style st on every other cell.
func (t *Theme) oddsAlt(st tcell.Style) tcell.Style {
	if t.mono || t.ansi {
		return st.Underline(true)
	}
	return st.Background(t.oddsAltBg)
}

// oddsOf returns the Glyph and style of a chance, before odds sets every
// other cell apart.
func (t *Theme) oddsOf(p float64, safe, mine bool) (Glyph, tcell.Style) {
	switch {
	case safe:
		return t.OddsSafe, t.sOddsSafe
	case mine:
		return t.OddsMine, t.sOddsMine
	}
	pc := min(max(int(math.Round(100*p)), 1), 99)
	tenths := min(int(math.Round(10*p)), 9)
	band := 0
	for band < len(oddsBands)-1 && pc >= oddsBands[band] {
		band++
	}
	return Glyph{strconv.Itoa(tenths), " "}, t.sOdds[band]
}

// Cursor returns the style of a cell of style st under the cursor: in
// colour, its Glyph's lightness turned over (see palette); in reverse video
// without colours, and for a style the theme does not know.
func (t *Theme) Cursor(st tcell.Style) tcell.Style {
	if c, ok := t.cursors[st]; ok {
		return c
	}
	return st.Reverse(true)
}

// NoColour is tcell's Screen.Colors of a terminal without colours.
const NoColour = 0

// depths are the colour depths at which every Glyph on the board must
// reach minContrast against its cell in the theme's own colours; on fewer
// colours the themes draw in ANSI colours (TestContrastANSI).

// Shown returns the colour that tcell sends to a terminal of n colours for
// c, as its tScreen.sendFgBg does: an RGB colour as it is to a true-colour
// terminal, a palette colour the terminal has as it is, and any other
// colour as the nearest colour of the terminal's palette (tcell.FindColor,
// with tcell's table of the palette's RGB values).
func Shown(c tcell.Color, n int) tcell.Color {
	switch {
	case !c.Valid(), n == TrueColour && c.IsRGB():
		return c
	case !c.IsRGB() && int(c&^tcell.ColorValid) < min(n, 256):
		return c
	}
	pal := make([]tcell.Color, min(n, 256))
	for i := range pal {
		pal[i] = tcell.PaletteColor(i)
	}
	return tcell.FindColor(c, pal)
}

// ReversedWithoutColour reports whether a terminal without colours shows a
// cell of style st in reverse video. tcell sends no colours to it; it
// shows a Glyph whose colour is nearer black than white in reverse video,
// so that dark glyphs on light cells stay dark on light.
func ReversedWithoutColour(st tcell.Style) bool {
	fg, _, attr := st.Decompose()
	rev := attr&tcell.AttrReverse != 0
	if fg.Valid() && tcell.FindColor(fg, []tcell.Color{tcell.ColorBlack, tcell.ColorWhite}) == tcell.ColorBlack {
		rev = !rev
	}
	return rev
}

// Box draws a frame in t's glyphs and frame style on s, its corners at
// (x0, y0) and (x1, y1); what lies inside is left as it is.
func (t *Theme) Box(s tcell.Screen, x0, y0, x1, y1 int) {
	for x := x0 + 1; x < x1; x++ {
		s.Put(x, y0, t.H, t.Frame)
		s.Put(x, y1, t.H, t.Frame)
	}
	for y := y0 + 1; y < y1; y++ {
		s.Put(x0, y, t.V, t.Frame)
		s.Put(x1, y, t.V, t.Frame)
	}
	s.Put(x0, y0, t.TL, t.Frame)
	s.Put(x1, y0, t.TR, t.Frame)
	s.Put(x1, y1, t.BR, t.Frame)
	s.Put(x0, y1, t.BL, t.Frame)
}

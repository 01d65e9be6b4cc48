package theme

import (
	"fmt"
	"math"
	"testing"

	"github.com/gdamore/tcell/v2"
)

// xtermANSI is the palette the checks of 8 and 16 colours assume: xterm's
// default RGB values of the 16 ANSI colours (black, red, green, yellow,
// blue, magenta, cyan and white, then their bright variants). A terminal
// of 8 or 16 colours shows its own values, which the tests cannot know;
// xterm's are the common ones, and darker than tcell's table in the
// middle (its green is #00cd00, tcell's #008000).
var xtermANSI = [16]int32{
	0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
	0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
}

// ansiIndex returns which of the ANSI colours a terminal of n colours (8
// or 16) shows for c, as tcell sends it, and false for none (the
// terminal's own).
func ansiIndex(c tcell.Color, n int) (int, bool) {
	if !c.Valid() {
		return 0, false
	}
	return int(Shown(c, n) &^ tcell.ColorValid), true
}

// ansiRenderings returns the colours a terminal of n ANSI colours shows
// for a Glyph of style st: its Glyph's on its background, once with bold
// showing the bright variant of a dark colour (xterm's boldColors, most
// terminals' default) and once without (terminals that only thicken bold
// strokes). ok is false where the style leaves the Glyph or the background
// to the terminal.
func ansiRenderings(st tcell.Style, n int) (pairs [][2]tcell.Color, ok bool) {
	fg, bg, attr := st.Decompose()
	fi, okf := ansiIndex(fg, n)
	bi, okb := ansiIndex(bg, n)
	if !okf || !okb {
		return nil, false
	}
	if attr&tcell.AttrReverse != 0 {
		fi, bi = bi, fi
	}
	rgb := func(i int) tcell.Color { return tcell.NewHexColor(xtermANSI[i]) }
	pairs = [][2]tcell.Color{{rgb(fi), rgb(bi)}}
	if attr&tcell.AttrBold != 0 && fi < 8 {
		pairs = append(pairs, [2]tcell.Color{rgb(fi + 8), rgb(bi)})
	}
	return pairs, true
}

// ansiTheme returns the theme called name on a terminal of n colours.
func ansiTheme(name string, n int) *Theme { return New(name, false, false, n) }

// TestContrastANSI checks, for every theme on terminals of 8 and 16
// colours (TERM=xterm, xterm-16color) and xterm's palette, that every
// Glyph on the board, plain and under the cursor, reaches 4.5:1 against
// its cell whether bold brightens it or not; that the cursor's background
// stands at 3:1 from its cell's; and that the header's states do too, or
// leave their colours to the terminal.
func TestContrastANSI(t *testing.T) {
	type pair struct {
		what string
		gl   string
		st   tcell.Style
	}
	for _, name := range Names() {
		for _, n := range []int{8, 16} {
			th := ansiTheme(name, n)
			var pairs []pair
			for _, c := range boardCells(th) {
				pairs = append(pairs, pair{c.name, fmt.Sprintf("%q", c.gl), c.st}, pair{"cursor on " + c.name, fmt.Sprintf("%q", c.gl), th.Cursor(c.st)})
				if th.mono {
					continue
				}
				_, plain := colours(c.st, n)
				_, under := colours(th.Cursor(c.st), n)
				pi, _ := ansiIndex(plain, n)
				ui, _ := ansiIndex(under, n)
				if r := contrast(tcell.NewHexColor(xtermANSI[ui]), tcell.NewHexColor(xtermANSI[pi])); r < minCursorContrast {
					t.Errorf("theme %q, %s: cursor on %s %q, background %06x on %06x: contrast %.2f:1; want at least %.1f:1",
						name, depthName(n), c.name, c.gl, xtermANSI[ui], xtermANSI[pi], r, minCursorContrast)
				}
			}
			for _, st := range []struct {
				what string
				st   tcell.Style
			}{{"win", th.Win}, {"lose", th.Lose}, {"pause", th.Pause}, {"text", th.Text}, {"bold text", th.Bold}, {"frame", th.Frame}} {
				pairs = append(pairs, pair{"header's " + st.what, "", st.st})
			}
			worst, at := math.Inf(1), ""
			for _, p := range pairs {
				rs, ok := ansiRenderings(p.st, n)
				if !ok {
					fg, bg, _ := p.st.Decompose()
					if fg.Valid() || bg.Valid() {
						t.Errorf("theme %q, %s: %s %s in %v on %v; want colours of its own or the terminal's own", name, depthName(n), p.what, p.gl, fg, bg)
					}
					continue
				}
				for i, r := range rs {
					how := "bold as bright"
					if i == 0 {
						how = "bold not brighter"
					}
					ratio := contrast(r[0], r[1])
					if ratio < minContrast {
						t.Errorf("theme %q, %s: %s %s, %06x on %06x (%s): contrast %.2f:1; want at least %.1f:1",
							name, depthName(n), p.what, p.gl, r[0].Hex(), r[1].Hex(), how, ratio, minContrast)
					}
					if ratio < worst {
						worst, at = ratio, fmt.Sprintf("%s %s, %06x on %06x (%s)", p.what, p.gl, r[0].Hex(), r[1].Hex(), how)
					}
				}
			}
			if !th.mono {
				t.Logf("theme %q, %s: worst %.2f:1, %s", name, depthName(n), worst, at)
			}
		}
	}
}

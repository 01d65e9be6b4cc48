package theme

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
)

var depths = []int{TrueColour, 256}

// minContrast is WCAG's least contrast of text (success criterion 1.4.3),
// and minCursorContrast its least contrast of a focus indicator (1.4.11),
// here the cursor's background against the cell's own.
const (
	minContrast       = 4.5
	minCursorContrast = 3.0
)

// depthName names a colour depth in messages.
func depthName(n int) string {
	switch n {
	case TrueColour:
		return "true colour"
	case NoColour:
		return "no colour"
	}
	return fmt.Sprintf("%d colours", n)
}

// colours returns the colours a terminal of n colours shows for a cell of
// style st: its Glyph's and its background's, swapped by reverse video.
func colours(st tcell.Style, n int) (fg, bg tcell.Color) {
	fg, bg, attr := st.Decompose()
	fg, bg = Shown(fg, n), Shown(bg, n)
	if attr&tcell.AttrReverse != 0 {
		fg, bg = bg, fg
	}
	return fg, bg
}

// luminance returns the relative luminance of c, from 0 (black) to 1
// (white), as WCAG defines it.
func luminance(c tcell.Color) float64 {
	r, g, b := c.RGB()
	return 0.2126*linear(r) + 0.7152*linear(g) + 0.0722*linear(b)
}

// linear returns an sRGB component, from 0 to 255, as linear light.
func linear(v int32) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// contrast returns WCAG's contrast ratio of two colours, from 1 to 21.
func contrast(a, b tcell.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// cell is one kind of cell the board can show.
type cell struct {
	name string
	gl   Glyph
	st   tcell.Style
}

// boardCells returns every kind of cell th draws on the board: the tiles,
// then the odds view's certain cells and one chance of each band, on
// every other cell too.
func boardCells(th *Theme) []cell {
	var cells []cell
	for _, tl := range allTiles {
		gl, st := th.Tile(tl)
		cells = append(cells, cell{tl.String(), gl, st})
	}
	type chance struct {
		name       string
		p          float64
		safe, mine bool
	}
	odds := []chance{{"odds safe", 0, true, false}, {"odds mine", 1, false, true}}
	low := 1
	for _, top := range oddsBands {
		pc := (low + top) / 2
		odds = append(odds, chance{fmt.Sprintf("odds %d%%", pc), float64(pc) / 100, false, false})
		low = top
	}
	for _, o := range odds {
		for _, alt := range []bool{false, true} {
			gl, st := th.Odds(o.p, o.safe, o.mine, alt)
			name := o.name
			if alt {
				name += " alt"
			}
			cells = append(cells, cell{name, gl, st})
		}
	}
	return cells
}

// colourThemes returns the names of the themes with colours.
func colourThemes(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, name := range Names() {
		if !New(name, false, false, TrueColour).mono {
			names = append(names, name)
		}
	}
	if len(names) < 2 {
		t.Fatalf("ThemeNames() = %q; want a default and a colour-blind theme with colours", Names())
	}
	return names
}

// TestThemeNames checks the themes' names and that Check takes them,
// and "", and refuses any other name with a line that lists them.
func TestThemeNames(t *testing.T) {
	got := Names()
	if want := []string{"default", "colour-blind", "mono"}; !slices.Equal(got, want) {
		t.Errorf("ThemeNames() = %q; want %q", got, want)
	}
	tests := []struct {
		name string
		ok   bool
	}{
		{"", true},
		{"default", true},
		{"colour-blind", true},
		{"mono", true},
		{"Default", false},
		{"color-blind", false},
		{"neon", false},
	}
	for _, tt := range tests {
		err := Check(tt.name)
		if tt.ok {
			if err != nil {
				t.Errorf("Check(%q) = %v; want nil", tt.name, err)
			}
			continue
		}
		want := fmt.Sprintf(`unknown theme %q: want default, colour-blind or mono`, tt.name)
		if err == nil || err.Error() != want || !errors.Is(err, ErrUnknown) {
			t.Errorf("Check(%q) = %v; want %q, wrapping ErrUnknown", tt.name, err, want)
		}
	}
}

// TestThemeChoice checks that "" is the default theme and that NO_COLOR
// (Config.Mono) makes any theme the monochrome one, the ASCII glyphs kept.
func TestThemeChoice(t *testing.T) {
	tests := []struct {
		name        string
		ascii, mono bool
		want        *Theme
	}{
		{"", false, false, New("default", false, false, TrueColour)},
		{"", true, false, New("default", true, false, TrueColour)},
		{"default", false, true, New("mono", false, false, TrueColour)},
		{"colour-blind", false, true, New("mono", false, false, TrueColour)},
		{"colour-blind", true, true, New("mono", true, false, TrueColour)},
	}
	for _, tt := range tests {
		th := New(tt.name, tt.ascii, tt.mono, TrueColour)
		got, want := boardCells(th), boardCells(tt.want)
		if !slices.Equal(got, want) || th.Win != tt.want.Win {
			t.Errorf("New(%q, %v, %v) draws %v; want %v", tt.name, tt.ascii, tt.mono, got, want)
		}
	}
	if d, cb := New("default", false, false, TrueColour), New("colour-blind", false, false, TrueColour); slices.Equal(boardCells(d), boardCells(cb)) {
		t.Errorf("the default and colour-blind themes draw alike: %v", boardCells(d))
	}
}

// TestContrast checks, for every theme with colours, that every Glyph on
// the board, plain and under the cursor, reaches a contrast of 4.5:1
// against its cell in true colour and as tcell shows it on terminals of
// 256 and 16 colours; and that the monochrome theme keeps to the
// terminal's own colours, whose contrast is the terminal's.
func TestContrast(t *testing.T) {
	for _, name := range Names() {
		th := New(name, false, false, TrueColour)
		for _, n := range depths {
			worst, at := math.Inf(1), ""
			for _, c := range boardCells(th) {
				for _, under := range []bool{false, true} {
					st, what := c.st, c.name
					if under {
						st, what = th.Cursor(st), "cursor on "+c.name
					}
					fg, bg := colours(st, n)
					if th.mono {
						if fg.Valid() || bg.Valid() {
							t.Errorf("theme %q: %s %q in %v on %v; want the terminal's own colours", name, what, c.gl, fg, bg)
						}
						continue
					}
					if !fg.Valid() || !bg.Valid() {
						t.Errorf("theme %q, %s: %s %q in %v on %v; want colours of its own", name, depthName(n), what, c.gl, fg, bg)
						continue
					}
					r := contrast(fg, bg)
					if r < minContrast {
						t.Errorf("theme %q, %s: %s %q, %06x on %06x: contrast %.2f:1; want at least %.1f:1",
							name, depthName(n), what, c.gl, fg.Hex(), bg.Hex(), r, minContrast)
					}
					if r < worst {
						worst, at = r, fmt.Sprintf("%s %q, %06x on %06x", what, c.gl, fg.Hex(), bg.Hex())
					}
				}
			}
			if !th.mono {
				t.Logf("theme %q, %s: worst %.2f:1, %s", name, depthName(n), worst, at)
			}
		}
	}
}

// TestHeaderContrast checks that the header's state reads at 4.5:1 on the
// terminal's own background, be it black or white, wherever a colour
// keeps its value: no colour of the first 16 does it on both.
func TestHeaderContrast(t *testing.T) {
	for _, name := range colourThemes(t) {
		th := New(name, false, false, TrueColour)
		for _, st := range []tcell.Style{th.Win, th.Lose, th.Pause} {
			for _, n := range []int{TrueColour, 256} {
				fg, _ := colours(st, n)
				for _, bg := range []tcell.Color{tcell.ColorBlack, tcell.ColorWhite} {
					if r := contrast(fg, bg); r < minContrast {
						t.Errorf("theme %q, %s: %s in %06x on %06x: contrast %.2f:1; want at least %.1f:1",
							name, depthName(n), th.StyleNames[st], fg.Hex(), bg.Hex(), r, minContrast)
					}
				}
			}
		}
	}
}

// TestColoursOutsideTerminalThemes checks that every colour of a theme is
// one of the 256-colour palette's after its first 16, which terminals'
// themes change: a 256-colour terminal then shows it unchanged.
func TestColoursOutsideTerminalThemes(t *testing.T) {
	for _, name := range colourThemes(t) {
		th := New(name, false, false, TrueColour)
		styles := []tcell.Style{th.Win, th.Lose, th.Pause}
		for _, c := range boardCells(th) {
			styles = append(styles, c.st, th.Cursor(c.st))
		}
		for _, st := range styles {
			fg, bg, _ := st.Decompose()
			for _, c := range []tcell.Color{fg, bg} {
				if !c.Valid() {
					continue
				}
				got := Shown(c, 256)
				if i := int(got &^ tcell.ColorValid); i < 16 || got.Hex() != c.Hex() {
					t.Errorf("theme %q: %06x (%s) shows as colour %d (%06x) on 256 colours; want itself, after the first 16",
						name, c.Hex(), th.StyleNames[st], i, got.Hex())
				}
			}
		}
	}
}

// TestCellsGrey checks that open and closed cells keep grey backgrounds,
// one apart from the other, where tcell shows them on 16 and 8 colours:
// closed cells of #6c6c6c once turned teal on TERM=xterm.
func TestCellsGrey(t *testing.T) {
	greys := []tcell.Color{tcell.ColorBlack, tcell.ColorGray, tcell.ColorSilver, tcell.ColorWhite}
	for _, name := range colourThemes(t) {
		for _, n := range []int{16, 8} {
			th := New(name, false, false, n)
			_, open := colours(th.sNum[0], n)
			_, closed := colours(th.sClosed, n)
			if !slices.Contains(greys, open) || !slices.Contains(greys, closed) || open == closed {
				t.Errorf("theme %q, %s: open cells on %06x, closed cells on %06x; want two of black, grey, silver and white",
					name, depthName(n), open.Hex(), closed.Hex())
			}
		}
	}
}

// TestCursorVisible checks that the cursor stands out on every cell of
// every theme: its background against the cell's own at 3:1 wherever the
// glyphs reach 4.5:1; another background, and a Glyph on it, on 8
// colours; and, without colours, reverse video where the cell has none or
// none where the cell has it.
func TestCursorVisible(t *testing.T) {
	for _, name := range Names() {
		th := New(name, false, false, TrueColour)
		for _, c := range boardCells(th) {
			cur := th.Cursor(c.st)
			if got, want := ReversedWithoutColour(cur), !ReversedWithoutColour(c.st); got != want {
				t.Errorf("theme %q, %s: cursor on %s %q in reverse video: %v; want %v, unlike the cell",
					name, depthName(NoColour), c.name, c.gl, got, want)
			}
			if th.mono {
				if want := c.st.Reverse(true); cur != want {
					t.Errorf("theme %q: cursor on %s %q = %v; want the cell in reverse video, %v", name, c.name, c.gl, cur, want)
				}
				continue
			}
			for _, n := range depths {
				_, plain := colours(c.st, n)
				_, under := colours(cur, n)
				if r := contrast(under, plain); r < minCursorContrast {
					t.Errorf("theme %q, %s: cursor on %s %q, %06x on %06x: contrast %.2f:1; want at least %.1f:1",
						name, depthName(n), c.name, c.gl, under.Hex(), plain.Hex(), r, minCursorContrast)
				}
			}
		}
		if th.mono {
			continue
		}
		th8 := New(name, false, false, 8)
		for _, c := range boardCells(th8) {
			_, plain := colours(c.st, 8)
			fg, under := colours(th8.Cursor(c.st), 8)
			if under == plain || fg == under {
				t.Errorf("theme %q, %s: cursor on %s %q shows %06x on %06x, the cell %06x; want another background and a Glyph on it",
					name, depthName(8), c.name, c.gl, fg.Hex(), under.Hex(), plain.Hex())
			}
		}
	}
}

// TestBoardStylesDistinct checks that no two kinds of cell share a style,
// plain or under the cursor, but the odds view's certain cells and the
// bands they fall in, and the cursor on every other cell: so a screen's
// styles tell what its cells are, and where the cursor is.
func TestBoardStylesDistinct(t *testing.T) {
	for _, name := range colourThemes(t) {
		th := New(name, false, false, TrueColour)
		seen := map[tcell.Style]string{}
		check := func(what string, st tcell.Style) {
			if other, ok := seen[st]; ok {
				t.Errorf("theme %q: %s has the style of %s, %v", name, what, other, st)
			}
			seen[st] = what
		}
		var curs []cell
		for _, c := range boardCells(th) {
			if strings.HasPrefix(c.name, "odds safe") || strings.HasPrefix(c.name, "odds mine") {
				continue
			}
			check(c.name, c.st)
			if strings.HasSuffix(c.name, " alt") {
				continue // the cursor hides the chessboard
			}
			curs = append(curs, cell{"cursor on " + c.name, c.gl, th.Cursor(c.st)})
		}
		for _, c := range curs {
			check(c.name, c.st)
		}
	}
}

// protan and deutan simulate protanopia and deuteranopia on linear RGB
// (Viénot, Brettel and Mollon, 1999, as DaltonLens gives them).
var (
	protan = [3][3]float64{{0.11238, 0.88762, 0}, {0.11238, 0.88762, 0}, {0.00401, -0.00401, 1}}
	deutan = [3][3]float64{{0.29275, 0.70725, 0}, {0.29275, 0.70725, 0}, {-0.02234, 0.02234, 1}}
)

// lab returns CIELAB's L*, a* and b* of c (D65), seen through m, a
// simulation of colour blindness, or as it is when m is nil.
func lab(c tcell.Color, m *[3][3]float64) [3]float64 {
	r, g, b := c.RGB()
	rgb := [3]float64{linear(r), linear(g), linear(b)}
	if m != nil {
		var sim [3]float64
		for i := range sim {
			for j := range rgb {
				sim[i] += m[i][j] * rgb[j]
			}
			sim[i] = min(max(sim[i], 0), 1)
		}
		rgb = sim
	}
	xyz := [3]float64{
		(0.4124*rgb[0] + 0.3576*rgb[1] + 0.1805*rgb[2]) / 0.95047,
		0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2],
		(0.0193*rgb[0] + 0.1192*rgb[1] + 0.9505*rgb[2]) / 1.08883,
	}
	for i, v := range xyz {
		if v > 216.0/24389 {
			xyz[i] = math.Cbrt(v)
		} else {
			xyz[i] = (24389.0/27*v + 16) / 116
		}
	}
	return [3]float64{116*xyz[1] - 16, 500 * (xyz[0] - xyz[1]), 200 * (xyz[1] - xyz[2])}
}

// minNumberDistance is the least CIE76 distance between the colours of two
// numbers of the colour-blind theme, seen with each kind of vision.
const minNumberDistance = 15

// TestColourBlindNumbers checks that the colour-blind theme's numbers keep
// their colours apart for readers with protanopia and deuteranopia, as
// well as with full colour vision, and that the default theme's do not:
// else the colour-blind theme would be needless.
func TestColourBlindNumbers(t *testing.T) {
	visions := []struct {
		name string
		m    *[3][3]float64
	}{{"full colour vision", nil}, {"protanopia", &protan}, {"deuteranopia", &deutan}}
	closest := func(name string, m *[3][3]float64) (d float64, a, b int) {
		th := New(name, false, false, TrueColour)
		d = math.Inf(1)
		for i := 1; i <= 8; i++ {
			for j := i + 1; j <= 8; j++ {
				fi, _, _ := th.sNum[i].Decompose()
				fj, _, _ := th.sNum[j].Decompose()
				li, lj := lab(fi, m), lab(fj, m)
				if e := math.Hypot(math.Hypot(li[0]-lj[0], li[1]-lj[1]), li[2]-lj[2]); e < d {
					d, a, b = e, i, j
				}
			}
		}
		return d, a, b
	}
	for _, v := range visions {
		if d, a, b := closest("colour-blind", v.m); d < minNumberDistance {
			t.Errorf("colour-blind theme, %s: %d and %d are %.1f apart; want at least %d", v.name, a, b, d, minNumberDistance)
		} else {
			t.Logf("colour-blind theme, %s: closest numbers %d and %d, %.1f apart", v.name, a, b, d)
		}
	}
	if d, a, b := closest("default", &deutan); d >= minNumberDistance {
		t.Errorf("default theme, deuteranopia: closest numbers %d and %d are %.1f apart; want under %d, or no need of a colour-blind theme", a, b, d, minNumberDistance)
	}
}

// TestOddsReadApart checks that the chances of two cells side by side in
// the odds view read as two figures, not one ("171717", "8%8%8%"), in
// every theme, with and without colours, and that the figure is the
// chance in tenths, on the left of its cell as an open cell's number.
func TestOddsReadApart(t *testing.T) {
	for _, name := range Names() {
		for _, ascii := range []bool{false, true} {
			th := New(name, ascii, false, TrueColour)
			for pc := 1; pc <= 99; pc++ {
				p := float64(pc) / 100
				gl, _ := th.Odds(p, false, false, false)
				alt, _ := th.Odds(p, false, false, true)
				row := gl[0] + gl[1] + alt[0] + alt[1] + gl[0] + gl[1]
				if got := strings.Fields(row); len(got) != 3 {
					t.Errorf("%s (ascii %v): three cells of %d%% read %q: %d figures; want 3", name, ascii, pc, row, len(got))
				}
				if want := fmt.Sprint(min((pc+5)/10, 9)); gl[0] != want || gl[1] != " " {
					t.Errorf("%s (ascii %v): the odds of %d%% = %q; want %q and a blank", name, ascii, pc, gl[0]+gl[1], want)
				}
			}
		}
	}
}

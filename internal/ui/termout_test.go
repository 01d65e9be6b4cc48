package ui

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/gdamore/tcell/v2/terminfo"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// vt is just enough of a terminal to read what tcell's terminal screen
// writes for a frame: where each character goes, with its SGR attributes
// and colours.
type vt struct {
	w, h  int
	x, y  int
	pen   vtPen
	cells []vtPen
}

// vtPen is how a terminal draws a character: attributes, and colours as
// palette indices, 1<<24 plus an RGB value, or -1 for the terminal's own.
type vtPen struct {
	bold, underline, reverse bool
	fg, bg                   int
}

// newVT returns a blank terminal of w columns and h rows.
func newVT(w, h int) *vt {
	return &vt{w: w, h: h, pen: vtPen{fg: -1, bg: -1}, cells: make([]vtPen, w*h)}
}

// write takes in what tcell wrote: cursor moves, SGR sequences, other
// control sequences (skipped) and characters.
func (v *vt) write(out []byte) {
	s := string(out)
	for len(s) > 0 {
		switch {
		case strings.HasPrefix(s, "\x1b["):
			end := strings.IndexFunc(s[2:], func(r rune) bool { return r >= 0x40 && r <= 0x7e })
			if end < 0 {
				return
			}
			params, final := s[2:2+end], s[2+end]
			s = s[3+end:]
			v.csi(params, final)
		case strings.HasPrefix(s, "\x1b(") || strings.HasPrefix(s, "\x1b)"):
			s = s[min(3, len(s)):]
		case s[0] == 0x1b:
			s = s[min(2, len(s)):]
		case s[0] < 0x20:
			s = s[1:]
		default:
			_, size := utf8.DecodeRuneInString(s)
			if v.x < v.w && v.y < v.h {
				v.cells[v.y*v.w+v.x] = v.pen
			}
			v.x++
			s = s[size:]
		}
	}
}

// csi applies a control sequence: CUP, ED and SGR; others change nothing
// this test reads.
func (v *vt) csi(params string, final byte) {
	var ps []int
	if !strings.HasPrefix(params, "?") {
		for _, p := range strings.Split(params, ";") {
			n, _ := strconv.Atoi(p)
			ps = append(ps, n)
		}
	}
	switch final {
	case 'H':
		v.y, v.x = 0, 0
		if len(ps) >= 2 {
			v.y, v.x = max(ps[0]-1, 0), max(ps[1]-1, 0)
		}
	case 'J':
		for i := range v.cells {
			v.cells[i] = v.pen
		}
	case 'm':
		for i := 0; i < len(ps); i++ {
			switch p := ps[i]; {
			case p == 0:
				v.pen = vtPen{fg: -1, bg: -1}
			case p == 1:
				v.pen.bold = true
			case p == 4:
				v.pen.underline = true
			case p == 7:
				v.pen.reverse = true
			case p >= 30 && p <= 37:
				v.pen.fg = p - 30
			case p >= 40 && p <= 47:
				v.pen.bg = p - 40
			case p >= 90 && p <= 97:
				v.pen.fg = p - 90 + 8
			case p >= 100 && p <= 107:
				v.pen.bg = p - 100 + 8
			case (p == 38 || p == 48) && i+2 < len(ps) && ps[i+1] == 5:
				c := ps[i+2]
				i += 2
				if p == 38 {
					v.pen.fg = c
				} else {
					v.pen.bg = c
				}
			case (p == 38 || p == 48) && i+4 < len(ps) && ps[i+1] == 2:
				c := 1<<24 | ps[i+2]<<16 | ps[i+3]<<8 | ps[i+4]
				i += 4
				if p == 38 {
					v.pen.fg = c
				} else {
					v.pen.bg = c
				}
			}
		}
	}
}

// vtColour returns how vt records the colour tcell sends for c to a
// terminal of n colours.
func vtColour(c tcell.Color, n int) int {
	c = theme.Shown(c, n)
	switch {
	case !c.Valid():
		return -1
	case c.IsRGB():
		return 1<<24 | int(c.Hex())
	}
	return int(c &^ tcell.ColorValid)
}

// TestCursorOnTerminals plays on tcell's own terminal screen for a vt100
// (no colours), an xterm (8), a 16-colour xterm and xterm-256color, in
// every theme, and reads what it writes: each cell comes out as the model
// of the tests above says (colours, and reverse video without colours),
// and the cursor on a zero, a number, a closed cell and a flag comes out
// unlike the same kind of cell beside it.
func TestCursorOnTerminals(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	t.Setenv("COLORTERM", "")
	t.Setenv("LC_ALL", "en_US.UTF-8")
	term.UseEncodings()
	terms := []struct {
		name   string
		colors int
	}{{"vt100", theme.NoColour}, {"xterm", 8}, {"xterm-256color", 16}, {"xterm-256color", 256}}
	steps := []struct {
		keys     string
		cur, ref board.Point // the cursor's cell, and one of the same kind
		tile     board.Tile
	}{
		{"$\r", board.Point{X: 8, Y: 0}, board.Point{X: 7, Y: 0}, 0},
		{"hhhhhh", board.Point{X: 2, Y: 0}, board.Point{X: 2, Y: 1}, 1},
		{"h", board.Point{X: 1, Y: 0}, board.Point{X: 1, Y: 1}, board.TileClosed},
		{"fjf", board.Point{X: 1, Y: 1}, board.Point{X: 1, Y: 0}, board.TileFlag},
	}
	for _, tt := range terms {
		for _, name := range theme.Names() {
			t.Run(fmt.Sprintf("%s/%d/%s", tt.name, tt.colors, name), func(t *testing.T) {
				ti, err := terminfo.LookupTerminfo(tt.name)
				if err != nil {
					t.Fatalf("LookupTerminfo(%q): %v", tt.name, err)
				}
				tic := *ti
				tic.Colors = tt.colors
				tty := newFakeTty()
				s, err := tcell.NewTerminfoScreenFromTtyTerminfo(tty, term.Unpadded(&tic))
				if err != nil {
					t.Fatalf("NewTerminfoScreenFromTtyTerminfo: %v", err)
				}
				if err := s.Init(); err != nil {
					t.Fatalf("Init: %v", err)
				}
				defer s.Fini()
				cfg := fixed(t, nine)
				cfg.Prefs.Theme, cfg.Tick = name, -1
				th := theme.New(name, false, false, tt.colors)
				done := make(chan error, 1)
				go func() {
					_, err := Run(s, cfg)
					done <- err
				}()
				for _, st := range steps {
					for _, r := range st.keys {
						k := tcell.NewEventKey(tcell.KeyRune, r, tcell.ModNone)
						if r == '\r' {
							k = tcell.NewEventKey(tcell.KeyEnter, 0, tcell.ModNone)
						}
						_ = s.PostEvent(k)
					}
					out := make(chan []byte, 1)
					_ = s.PostEvent(tcell.NewEventInterrupt(func() { out <- tty.output() }))
					v := newVT(80, 24)
					select {
					case o := <-out:
						v.write(o)
					case <-testwait.After(t):
						t.Fatal("no frame")
					}
					lay := newLayout(80, 24, 9, 9, st.cur, 0, 0) // where the board is drawn
					_, plain := th.Tile(st.tile)
					cells := []struct {
						what string
						p    board.Point
						st   tcell.Style
					}{{"cursor on", st.cur, th.Cursor(plain)}, {"", st.ref, plain}}
					var pens [2][cellW]vtPen
					for i, c := range cells {
						fg, bg, attr := c.st.Decompose()
						want := vtPen{bold: attr&tcell.AttrBold != 0, underline: c.st.GetUnderlineStyle() != tcell.UnderlineStyleNone,
							reverse: attr&tcell.AttrReverse != 0, fg: vtColour(fg, tt.colors), bg: vtColour(bg, tt.colors)}
						if tt.colors == theme.NoColour {
							want.fg, want.bg, want.reverse = -1, -1, theme.ReversedWithoutColour(c.st)
						}
						for col := range cellW {
							got := v.cells[lay.cellY(c.p.Y)*80+lay.cellX(c.p.X)+col]
							pens[i][col] = got
							if got != want {
								t.Errorf("%s %v (%s), column %d: written %+v; want %+v", c.what, c.p, st.tile, col, got, want)
							}
						}
					}
					if pens[0] == pens[1] {
						t.Errorf("cursor on %v (%s) written as %+v, like %v beside it", st.cur, st.tile, pens[0], st.ref)
					}
				}
				_ = s.PostEvent(tcell.NewEventKey(tcell.KeyRune, 'q', tcell.ModNone))
				select {
				case err := <-done:
					if err != nil {
						t.Errorf("Run: %v", err)
					}
				case <-testwait.After(t):
					t.Fatal("the game did not end")
				}
			})
		}
	}
}

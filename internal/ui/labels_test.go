package ui

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/ui/labels"
)

// rowScreen is a screen that keeps only the text of its cells: cheap
// enough to draw thousands of frames on. draw uses no other method of a
// screen than those it has.
type rowScreen struct {
	tcell.Screen // nil: a method draw should not call panics
	w, h         int
	cells        []string
}

func newRowScreen(w, h int) *rowScreen {
	return &rowScreen{w: w, h: h, cells: make([]string, w*h)}
}

func (r *rowScreen) Size() (int, int) { return r.w, r.h }
func (r *rowScreen) HideCursor()      {}
func (r *rowScreen) ShowCursor(int, int) {
}
func (r *rowScreen) Clear() { clear(r.cells) }

func (r *rowScreen) Put(x, y int, str string, _ tcell.Style) (string, int) {
	if x >= 0 && y >= 0 && x < r.w && y < r.h {
		r.cells[y*r.w+x] = str
	}
	return "", 1
}

// row returns the text of row y, without the spaces at its ends.
func (r *rowScreen) row(y int) string {
	var b strings.Builder
	for _, c := range r.cells[y*r.w : (y+1)*r.w] {
		if c == "" {
			c = " "
		}
		b.WriteString(c)
	}
	return strings.TrimSpace(b.String())
}

// randomBoard returns the text of a w by h board with n mines, laid by a
// PCG of seed.
func randomBoard(w, h, n int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, seed))
	cells := make([]byte, w*h)
	for i := range cells {
		cells[i] = '.'
	}
	for _, i := range r.Perm(w * h)[:n] {
		cells[i] = '*'
	}
	var b strings.Builder
	for y := range h {
		b.Write(cells[y*w : (y+1)*w])
		b.WriteByte('\n')
	}
	return b.String()
}

// labelState is a game brought to a state whose lines the sweep checks.
type labelState struct {
	name string
	// drive plays g at t0 and sets up u: the moves of the state, its
	// footer's message, the counters.
	drive func(u *ui, g *game.Game, mines []board.Point, safe []board.Point, t0 time.Time)
}

var labelStates = []labelState{
	{"playing", func(u *ui, g *game.Game, _, safe []board.Point, t0 time.Time) {
		g.Apply(game.Move{Action: game.Open, At: safe[0]}, t0)
	}},
	{"counters", func(u *ui, g *game.Game, _, safe []board.Point, t0 time.Time) {
		u.cfg.Prefs.Counters = true
		g.Apply(game.Move{Action: game.Open, At: safe[0]}, t0)
		g.Apply(game.Move{Action: game.Open, At: safe[len(safe)/2]}, t0.Add(3*time.Second))
	}},
	{"paused", func(u *ui, g *game.Game, _, safe []board.Point, t0 time.Time) {
		g.Apply(game.Move{Action: game.Open, At: safe[0]}, t0)
		g.TogglePause(t0.Add(time.Second))
	}},
	{"won", func(u *ui, g *game.Game, _, safe []board.Point, t0 time.Time) {
		for i, p := range safe {
			g.Apply(game.Move{Action: game.Open, At: p}, t0.Add(time.Duration(i)*time.Second))
		}
	}},
	{"lost", func(u *ui, g *game.Game, mines, safe []board.Point, t0 time.Time) {
		g.Apply(game.Move{Action: game.Open, At: safe[0]}, t0)
		g.Apply(game.Move{Action: game.Toggle, At: mines[0]}, t0.Add(time.Second))
		g.Apply(game.Move{Action: game.Open, At: mines[1]}, t0.Add(2*time.Second))
	}},
	{"hint", func(u *ui, g *game.Game, _, safe []board.Point, t0 time.Time) {
		g.Apply(game.Move{Action: game.Open, At: safe[0]}, t0)
		g.Apply(game.Move{Action: game.Hint, At: safe[1]}, t0)
		u.v.message = fmt.Sprintf("safe: %v; s again says why", safe[1])
	}},
	{"odds", func(u *ui, g *game.Game, _, safe []board.Point, t0 time.Time) {
		u.cfg.Prefs.Counters = true
		g.Apply(game.Move{Action: game.Open, At: safe[0]}, t0)
		g.Apply(game.Move{Action: game.Odds}, t0)
		u.v.message = "odds: chance of a mine in %, ░ safe, ✱ a mine"
	}},
}

// TestWholeLabels draws the header, the footer and the line under the
// board at every width from 20 to 200 columns and a few heights, on a
// beginner, an expert and a custom board, playing, with the counters on,
// paused, won, lost, after a hint and with the odds shown, and checks the
// rule: every label the layout chose is drawn whole on its row, and
// nothing else but what separates them: no part of a label it left out.
func TestWholeLabels(t *testing.T) {
	if raceEnabled {
		t.Skip("a layout check at every size, slow under -race: make test runs it without; the other tests check the loop under it")
	}
	boards := []struct {
		name    string
		w, h, n int
	}{
		{"beginner", 9, 9, 10},
		{"expert", 30, 16, 99},
		{"custom", 45, 25, 222},
	}
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	now := t0.Add(123*time.Second + 456*time.Millisecond)
	for _, bd := range boards {
		text := randomBoard(bd.w, bd.h, bd.n, 7)
		var mines, safe []board.Point
		for y := range bd.h {
			for x := range bd.w {
				p := board.Point{X: x, Y: y}
				if text[y*(bd.w+1)+x] == '*' {
					mines = append(mines, p)
				} else {
					safe = append(safe, p)
				}
			}
		}
		for _, st := range labelStates {
			t.Run(bd.name+"/"+st.name, func(t *testing.T) {
				cfg := fixed(t, text)
				cfg.Now = func() time.Time { return now }
				g, err := firstGame(cfg)
				if err != nil {
					t.Fatal(err)
				}
				u := newUI(nil, g, cfg, nil)
				st.drive(u, g, mines, safe, t0)
				for _, h := range []int{7, 12, 24, 40} {
					for w := 20; w <= 200; w++ {
						checkFrame(t, u, w, h, now)
					}
				}
			})
		}
	}
}

// checkFrame draws u's frame on a w by h screen and checks its lines of
// labels against the screen's rows.
func checkFrame(t *testing.T, u *ui, w, h int, now time.Time) {
	t.Helper()
	s := newRowScreen(w, h)
	u.settle(s)
	if u.lay.tooSmall {
		return
	}
	u.draw(s, now)
	l := u.lay
	lines := []struct {
		name string
		y    int
		ln   labels.Line
	}{
		{"header", l.headerY, u.headerLine(now, w)},
		{"footer", l.footerY, u.footerLine(w)},
		{"numbers", l.footerY + 1, u.numbersLine(now, w)},
	}
	for _, line := range lines {
		if line.y >= h {
			continue
		}
		shown := line.name != "numbers" || u.g.Status() != board.Playing || u.cfg.Prefs.Counters
		if w == 200 && shown && len(line.ln.Labels()) == 0 {
			t.Errorf("%dx%d: %s %q draws no label", w, h, line.name, s.row(line.y))
		}
		if err := checkLabels(s.row(line.y), line.ln, w); err != "" {
			t.Errorf("%dx%d: %s %q (labels %q, left out %q): %s", w, h, line.name, s.row(line.y), line.ln.Labels(), line.ln.Dropped, err)
		}
	}
}

// checkLabels checks row, the text of a line of labels ln on a screen
// width columns wide: the line fits; each label it draws is on the row,
// whole, in order; between and around them there is nothing but
// separators, so no label it left out shows in part; and none it left out
// shows whole. It returns what is wrong, or "".
func checkLabels(row string, ln labels.Line, width int) string {
	if ln.Width() > width {
		return fmt.Sprintf("%d columns wide", ln.Width())
	}
	rest := row
	var gaps strings.Builder
	for _, l := range ln.Labels() {
		i := strings.Index(rest, l)
		if i < 0 {
			return fmt.Sprintf("label %q is not drawn whole, in order", l)
		}
		gaps.WriteString(rest[:i] + "|")
		rest = rest[i+len(l):]
	}
	gaps.WriteString(rest)
	if g := strings.Trim(gaps.String(), " ,;:|"); strings.ContainsFunc(g, func(r rune) bool { return !strings.ContainsRune(" ,;:|", r) }) {
		return fmt.Sprintf("text outside the labels drawn: %q", gaps.String())
	}
	for _, d := range ln.Dropped {
		inside := false
		for _, l := range ln.Labels() {
			inside = inside || strings.Contains(l, d)
		}
		if !inside && strings.Contains(row, d) {
			return fmt.Sprintf("label %q is left out, yet drawn", d)
		}
	}
	return ""
}

// TestLabelsGolden compares whole screens at 20, 40, 80 and 200 columns
// with testdata/labels-*.golden: a lost game's numbers, and a game in
// play with the live counters on (c); go test ./internal/ui -update
// rewrites them. TestWholeLabels checks the rule at every width.
func TestLabelsGolden(t *testing.T) {
	drives := []struct {
		name  string
		drive func(h *harness)
	}{
		{"loss", loss},
		{"counters", func(h *harness) { mid(h); h.typ("c") }},
	}
	for _, d := range drives {
		for _, w := range []int{20, 40, 80, 200} {
			name := fmt.Sprintf("labels-%s-%d", d.name, w)
			t.Run(name, func(t *testing.T) {
				h := start(t, fixed(t, nine), w, 24)
				d.drive(h)
				checkGolden(t, name, h.snap().golden(h.th))
			})
		}
	}
}

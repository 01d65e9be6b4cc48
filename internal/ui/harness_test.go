package ui

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// clock is a settable time source for Config.Now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)} }

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// fixed returns a config that plays the layout drawn in text ('*' a mine,
// '.' a safe cell) without relocation.
func fixed(t testing.TB, text string) Config {
	t.Helper()
	b, err := board.Parse(text)
	if err != nil {
		t.Fatalf("board.Parse: %v", err)
	}
	return Config{
		Start: play.Start{Board: board.Settings{Width: b.Width(), Height: b.Height(), Mines: b.Mines(), Rule: board.Opening}, Seed: 42, Fixed: true, Mines: b.Layout()},
		Prefs: Prefs{QuestionMarks: true},
		// The scripts of the tests name their cells from the top-left
		// corner.
		Cursor: &board.Point{},
	}
}

// harness is a running event loop on a simulated screen, driven by a test.
type harness struct {
	t     testing.TB
	s     tcell.SimulationScreen
	clock *clock
	th    *theme.Theme
	bw    int // the board's width and height, as cfg sets them
	bh    int
	done  chan outcome
	out   *outcome
}

type outcome struct {
	res play.Result
	err error
}

// start runs the real event loop of cfg on a w by h simulated screen.
func start(t testing.TB, cfg Config, w, h int) *harness {
	t.Helper()
	s := tcell.NewSimulationScreen("UTF-8")
	if err := s.Init(); err != nil {
		t.Fatalf("Init: %v", err)
	}
	s.SetSize(w, h)
	hs := &harness{t: t, s: s, clock: newClock(), th: theme.New(cfg.Prefs.Theme, cfg.Prefs.ASCII, cfg.Prefs.Mono, theme.TrueColour),
		bw: cfg.Start.Board.Width, bh: cfg.Start.Board.Height, done: make(chan outcome, 1)}
	cfg.Now = hs.clock.now
	if cfg.Tick == 0 {
		cfg.Tick = -1
	}
	go func() {
		res, err := Run(s, cfg)
		hs.done <- outcome{res, err}
	}()
	t.Cleanup(func() {
		if hs.out == nil {
			s.InjectKey(tcell.KeyCtrlC, 0, tcell.ModCtrl)
			hs.wait()
		}
		s.Fini()
	})
	return hs
}

// wait returns what Run returned, failing the test if it does not return.
func (h *harness) wait() outcome {
	h.t.Helper()
	if h.out != nil {
		return *h.out
	}
	select {
	case o := <-h.done:
		h.out = &o
		return o
	case <-testwait.After(h.t):
		h.t.Fatal("the event loop did not end")
	}
	return outcome{}
}

// ended reports whether Run has returned. After a snap, a loop that is
// still running has handled every event injected before it.
func (h *harness) ended() bool {
	h.t.Helper()
	if h.out != nil {
		return true
	}
	select {
	case o := <-h.done:
		h.out = &o
		return true
	default:
		return false
	}
}

// typ injects each rune of keys; '\n' is Enter.
func (h *harness) typ(keys string) {
	for _, r := range keys {
		if r == '\n' {
			h.s.InjectKey(tcell.KeyEnter, 0, tcell.ModNone)
			continue
		}
		h.s.InjectKey(tcell.KeyRune, r, tcell.ModNone)
	}
}

func (h *harness) key(k tcell.Key, mod tcell.ModMask) { h.s.InjectKey(k, 0, mod) }

// click presses and releases a mouse button at screen position (x, y).
func (h *harness) click(x, y int, btn tcell.ButtonMask) {
	h.s.InjectMouse(x, y, btn, tcell.ModNone)
	h.s.InjectMouse(x, y, tcell.ButtonNone, tcell.ModNone)
}

// clickCell clicks the board cell p, given the viewport's offset, where
// the layout of the screen's size puts it.
func (h *harness) clickCell(p, off board.Point, btn tcell.ButtonMask) {
	x, y := h.cellPos(p, off)
	h.click(x, y, btn)
}

// cellPos returns the screen position of the board cell p, given the
// viewport's offset, where the layout of the screen's size puts it.
func (h *harness) cellPos(p, off board.Point) (x, y int) {
	w, hh := h.s.Size()
	l := newLayout(w, hh, h.bw, h.bh, board.Point{}, 0, 0)
	return l.fx + 1 + (p.X-off.X)*cellW, l.fy + 1 + p.Y - off.Y
}

// resize changes the screen's size as a terminal would.
func (h *harness) resize(w, hh int) {
	h.s.SetSize(w, hh)
	h.post(tcell.NewEventResize(w, hh))
}

// post posts ev, waiting while the event queue is full.
func (h *harness) post(ev tcell.Event) {
	h.t.Helper()
	if !testwait.Until(h.t, func() bool { return h.s.PostEvent(ev) == nil }) {
		h.t.Fatal("the event queue stays full")
	}
}

// screen is one captured frame.
type screen struct {
	w, h  int
	text  []string // the rows, trailing spaces removed
	cells []tcell.SimCell
}

// snap waits until the loop has handled every event injected so far and
// shown its frame, and returns the frame.
func (h *harness) snap() screen {
	h.t.Helper()
	got := make(chan screen, 1)
	h.post(tcell.NewEventInterrupt(func() {
		cells, w, hh := h.s.GetContents()
		sc := screen{w: w, h: hh, cells: append([]tcell.SimCell(nil), cells...)}
		for y := 0; y < hh; y++ {
			var b strings.Builder
			for x := 0; x < w; x++ {
				c := cells[y*w+x]
				if len(c.Runes) == 0 {
					b.WriteByte(' ')
					continue
				}
				b.WriteString(string(c.Runes))
				if userfile.Width(string(c.Runes)) == 2 {
					x++ // the wide character's second column: the text is as a terminal shows it
				}
			}
			sc.text = append(sc.text, strings.TrimRight(b.String(), " "))
		}
		got <- sc
	}))
	select {
	case sc := <-got:
		return sc
	case <-testwait.After(h.t):
		h.t.Fatal("no frame")
	}
	return screen{}
}

// String returns the screen's text, one line a row, trailing blank rows
// removed.
func (sc screen) String() string {
	return strings.TrimRight(strings.Join(sc.text, "\n"), "\n") + "\n"
}

// line returns row y of the text.
func (sc screen) line(y int) string { return sc.text[y] }

// style returns the style at (x, y).
func (sc screen) style(x, y int) tcell.Style { return sc.cells[y*sc.w+x].Style }

// frame returns the column and row of the top-left corner of the board's
// frame: on the first row that starts with a corner and a line, after the
// spaces that centre it. It is meant for screens with no overlay.
func (sc screen) frame() (x, y int, ok bool) {
	for y, line := range sc.text {
		r := []rune(strings.TrimLeft(line, " "))
		if len(r) >= 2 && (r[0] == '┌' && r[1] == '─' || r[0] == '+' && r[1] == '-') {
			return len([]rune(line)) - len(r), y, true
		}
	}
	return 0, 0, false
}

// at returns the screen position of the board cell p counted from the
// viewport's top-left cell, inside the frame.
func (sc screen) at(p board.Point) (x, y int) {
	fx, fy, _ := sc.frame()
	return fx + 1 + p.X*cellW, fy + 1 + p.Y
}

// headerY returns the row of the header: the one above the frame.
func (sc screen) headerY() int {
	_, y, _ := sc.frame()
	return max(y-1, 0)
}

// header returns the header's line.
func (sc screen) header() string { return sc.text[sc.headerY()] }

// boardRows returns the rows of the board's visible cells: one character a
// cell (its first column), as drawn inside the frame.
func (sc screen) boardRows() []string {
	fx, fy, ok := sc.frame()
	if !ok {
		return nil
	}
	// Inside the frame: to the corner that ends its top line.
	top := []rune(sc.text[fy])
	right := fx + 1
	for right < len(top) && (top[right] == '─' || top[right] == '-') {
		right++
	}
	var rows []string
	for y := fy + 1; y < sc.h; y++ {
		line := []rune(sc.text[y])
		if len(line) <= fx || (line[fx] != '│' && line[fx] != '|' && line[fx] != '◀' && line[fx] != '<') {
			break
		}
		var b strings.Builder
		for x := fx + 1; x+1 < len(line) && x < right; x += cellW {
			b.WriteRune(line[x])
		}
		rows = append(rows, b.String())
	}
	return rows
}

// cursor returns the screen position of the cell drawn in a cursor style.
func (sc screen) cursor(th *theme.Theme) (x, y int, ok bool) {
	for i, c := range sc.cells {
		if strings.HasPrefix(th.StyleNames[c.Style], "cursor+") {
			return i % sc.w, i / sc.w, true
		}
	}
	return 0, 0, false
}

// golden renders the screen with a map of its styles: one letter a
// column ('.' the default style) and a legend naming each letter after the
// theme's style, with its colours and attributes.
func (sc screen) golden(th *theme.Theme) string {
	var b strings.Builder
	b.WriteString(sc.String())
	b.WriteString("-- styles --\n")
	letters := map[tcell.Style]byte{tcell.StyleDefault: '.'}
	var legend []string
	var rows []string
	for y := 0; y < sc.h; y++ {
		row := make([]byte, sc.w)
		for x := 0; x < sc.w; x++ {
			st := sc.style(x, y)
			l, ok := letters[st]
			if !ok {
				l = byte('a' + len(legend))
				if len(legend) >= 26 {
					l = '~'
				}
				letters[st] = l
				name, ok := th.StyleNames[st]
				if !ok {
					name = "unknown style"
				}
				legend = append(legend, fmt.Sprintf("%c %s%s", l, name, styleLegend(st)))
			}
			row[x] = l
		}
		rows = append(rows, strings.TrimRight(string(row), "."))
	}
	b.WriteString(strings.TrimRight(strings.Join(rows, "\n"), "\n") + "\n")
	b.WriteString("-- legend --\n")
	for _, l := range legend {
		b.WriteString(l + "\n")
	}
	return b.String()
}

// checkGolden compares got with testdata/name.golden, or rewrites the
// file with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/ui -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("screen differs from %s (run go test ./internal/ui -update after checking):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// keeper is a Keeper that remembers what it was told, for tests: each
// game ended gets the next number, and counts as note says.
type keeper struct {
	mu       sync.Mutex
	ended    []game.Kept
	reopened []int
	gaveUp   []game.Kept
	newBest  func(game.Kept) bool // when not nil, which wins are new best times
	layout   func(board.Settings) (board.Layout, error)
	count    session.Daily // what a daily game counts for, as Daily says
	stats    session.Stats
	asked    []board.Settings
}

func (k *keeper) Ended(g game.Kept) session.Counts {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.ended = append(k.ended, g)
	c := session.Counts{Number: len(k.ended) + len(k.gaveUp), Played: true}
	if k.newBest != nil && k.newBest(g) {
		c.Clean, c.NewBest = true, true
	}
	return c
}

func (k *keeper) Reopened(g game.Kept, n int) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.reopened = append(k.reopened, n)
}

func (k *keeper) GaveUp(g game.Kept) session.Counts {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.gaveUp = append(k.gaveUp, g)
	return session.Counts{Number: len(k.ended) + len(k.gaveUp), Played: true, GaveUp: true}
}

func (k *keeper) Stats(s board.Settings) session.Stats {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.asked = append(k.asked, s)
	return k.stats
}

func (k *keeper) Layout(s board.Settings) (board.Layout, error) {
	if k.layout != nil {
		return k.layout(s)
	}
	if s.NoGuess {
		return nil, session.ErrNoGuessLayout
	}
	return nil, s.Check()
}

func (k *keeper) Daily(date, level string) (daily.Board, session.Daily, error) {
	b, err := daily.Of(date, level)
	if err != nil {
		return daily.Board{}, session.NotDaily, err
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.count == session.NotDaily {
		return b, session.DailyCounted, nil
	}
	return b, k.count, nil
}

// firstGame returns the first game of cfg, as Run starts it.
func firstGame(cfg Config) (*game.Game, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return startGame(cfg, cfg.Now)
}

// styleLegend returns the colours and attributes of st for a golden screen's
// legend, such as ": #949494 on #262626, bold"; "" for the terminal's own
// colours and no attributes.
func styleLegend(st tcell.Style) string {
	fg, bg, attr := st.Decompose()
	var parts []string
	switch {
	case fg.Valid() && bg.Valid():
		parts = append(parts, colourName(fg)+" on "+colourName(bg))
	case fg.Valid():
		parts = append(parts, colourName(fg))
	case bg.Valid():
		parts = append(parts, "on "+colourName(bg))
	}
	for _, a := range []struct {
		mask tcell.AttrMask
		name string
	}{{tcell.AttrBold, "bold"}, {tcell.AttrItalic, "italic"}, {tcell.AttrReverse, "reverse"}, {tcell.AttrBlink, "blink"}, {tcell.AttrDim, "dim"}, {tcell.AttrStrikeThrough, "strike-through"}} {
		if attr&a.mask != 0 {
			parts = append(parts, a.name)
		}
	}
	if st.GetUnderlineStyle() != tcell.UnderlineStyleNone {
		parts = append(parts, "underline")
	}
	if len(parts) == 0 {
		return ""
	}
	return ": " + strings.Join(parts, ", ")
}

// colourName returns "#rrggbb" for an RGB colour and "colour n" for one of
// the terminal's palette.
func colourName(c tcell.Color) string {
	if c.IsRGB() {
		return fmt.Sprintf("#%06x", c.Hex())
	}
	return fmt.Sprintf("colour %d", c&^tcell.ColorValid)
}

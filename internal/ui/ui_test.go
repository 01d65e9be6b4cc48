package ui

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/solver"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// small is a 5x4 board: opening the top-right corner floods everything but
// the two mines and the cell (4,3).
const small = `
*....
.....
.....
...*.
`

func asciiCfg(t testing.TB, text string) Config {
	cfg := fixed(t, text)
	cfg.Prefs.ASCII = true
	return cfg
}

func checkRows(t testing.TB, sc screen, want ...string) {
	t.Helper()
	if got := sc.boardRows(); !slices.Equal(got, want) {
		t.Errorf("board rows = %q; want %q\nscreen:\n%s", got, want, sc)
	}
}

// checkHeader checks that the screen's header contains want.
func checkHeader(t *testing.T, sc screen, want string) {
	t.Helper()
	if got := sc.header(); !strings.Contains(got, want) {
		t.Errorf("header = %q; want it to contain %q", got, want)
	}
}

func TestOpenFloods(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	sc := h.snap()
	checkRows(t, sc, "#####", "#####", "#####", "#####")
	checkHeader(t, sc, "Mines 2/2  Time 0  [ playing ]  5x4, seed 42")
	h.typ("$\n")
	checkRows(t, h.snap(), "#1   ", "11   ", "  111", "  1##")
	h.typ("\n") // Enter on an open zero does nothing
	checkRows(t, h.snap(), "#1   ", "11   ", "  111", "  1##")
}

func TestMoves(t *testing.T) {
	cfg := fixed(t, strings.Repeat(strings.Repeat(".", 20)+"\n", 12))
	tests := []struct {
		name string
		keys func(h *harness)
		want board.Point
	}{
		{"start", func(h *harness) {}, board.Point{X: 0, Y: 0}},
		{"hjkl", func(h *harness) { h.typ("lljjjkh") }, board.Point{X: 1, Y: 2}},
		{"arrows", func(h *harness) {
			for _, k := range []tcell.Key{tcell.KeyRight, tcell.KeyRight, tcell.KeyDown, tcell.KeyLeft, tcell.KeyDown, tcell.KeyUp} {
				h.key(k, tcell.ModNone)
			}
		}, board.Point{X: 1, Y: 1}},
		{"HJKL", func(h *harness) { h.typ("LLJJKH") }, board.Point{X: 5, Y: 5}},
		{"shift arrows", func(h *harness) {
			h.key(tcell.KeyRight, tcell.ModShift)
			h.key(tcell.KeyDown, tcell.ModShift)
			h.key(tcell.KeyDown, tcell.ModShift)
		}, board.Point{X: 5, Y: 10}},
		{"clamped", func(h *harness) { h.typ("hhkkJJJJLLLLLLL") }, board.Point{X: 19, Y: 11}},
		{"$ G", func(h *harness) { h.typ("$G") }, board.Point{X: 19, Y: 11}},
		{"$ G 0 g", func(h *harness) { h.typ("$G0g") }, board.Point{X: 0, Y: 0}},
		{"End PgDn", func(h *harness) {
			h.key(tcell.KeyEnd, tcell.ModNone)
			h.key(tcell.KeyPgDn, tcell.ModNone)
		}, board.Point{X: 19, Y: 11}},
		{"Home PgUp", func(h *harness) {
			h.typ("LJ")
			h.key(tcell.KeyHome, tcell.ModNone)
			h.key(tcell.KeyPgUp, tcell.ModNone)
		}, board.Point{X: 0, Y: 0}},
		{"unbound keys", func(h *harness) { h.typ("xyz!"); h.key(tcell.KeyF5, tcell.ModNone) }, board.Point{X: 0, Y: 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t, cfg, 80, 24)
			tt.keys(h)
			sc := h.snap()
			x, y, ok := sc.cursor(h.th)
			x0, y0 := sc.at(board.Point{})
			got := board.Point{X: (x - x0) / cellW, Y: y - y0}
			if !ok || got != tt.want {
				t.Errorf("cursor at %v (found %v); want %v", got, ok, tt.want)
			}
		})
	}
}

func TestMarks(t *testing.T) {
	tests := []struct {
		question bool
		keys     string
		want     string // the top-left cell
		mines    string
	}{
		{true, "f", "F", "Mines 1/2"},
		{true, "ff", "?", "Mines 2/2"},
		{true, "fff", "#", "Mines 2/2"},
		{false, "f", "F", "Mines 1/2"},
		{false, "ff", "#", "Mines 2/2"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v/%s", tt.question, tt.keys), func(t *testing.T) {
			cfg := asciiCfg(t, small)
			cfg.Prefs.QuestionMarks = tt.question
			h := start(t, cfg, 80, 24)
			h.typ(tt.keys)
			sc := h.snap()
			if got := sc.boardRows()[0][:1]; got != tt.want {
				t.Errorf("after %q the cell shows %q; want %q", tt.keys, got, tt.want)
			}
			checkHeader(t, sc, tt.mines)
		})
	}
}

func TestFlaggedCellDoesNotOpen(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("f\n")
	sc := h.snap()
	checkRows(t, sc, "F####", "#####", "#####", "#####")
	if !strings.Contains(sc.String(), "flagged") {
		t.Errorf("no message about the flag:\n%s", sc)
	}
	h.typ("l") // any command clears the message
	if sc := h.snap(); strings.Contains(sc.String(), "flagged") {
		t.Errorf("message still shown:\n%s", sc)
	}
}

func TestChord(t *testing.T) {
	tests := []struct {
		name   string
		drive  func(h *harness)
		rows   []string
		header string
	}{
		{"enter on a number", func(h *harness) {
			h.typ("$\n") // flood
			h.typ("jjjh" + "f" + "kl\n")
		}, []string{"F1   ", "11   ", "  111", "  1F1"}, "You win"},
		{"middle click", func(h *harness) {
			h.typ("$\n")
			h.clickCell(board.Point{X: 3, Y: 3}, board.Point{}, tcell.Button2) // right click flags
			h.clickCell(board.Point{X: 4, Y: 2}, board.Point{}, tcell.Button3)
		}, []string{"F1   ", "11   ", "  111", "  1F1"}, "You win"},
		{"left click on a number", func(h *harness) {
			h.typ("$\n")
			h.clickCell(board.Point{X: 3, Y: 3}, board.Point{}, tcell.Button2)
			h.clickCell(board.Point{X: 4, Y: 2}, board.Point{}, tcell.Button1)
		}, []string{"F1   ", "11   ", "  111", "  1F1"}, "You win"},
		{"wrong flag loses", func(h *harness) {
			h.typ("$\n")
			h.clickCell(board.Point{X: 4, Y: 3}, board.Point{}, tcell.Button2)
			h.clickCell(board.Point{X: 4, Y: 2}, board.Point{}, tcell.Button3)
		}, []string{"*1   ", "11   ", "  111", "  1X!"}, "You lose"},
		{"flags do not match", func(h *harness) {
			h.typ("$\n")
			h.clickCell(board.Point{X: 4, Y: 2}, board.Point{}, tcell.Button3)
		}, []string{"#1   ", "11   ", "  111", "  1##"}, "playing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t, asciiCfg(t, small), 80, 24)
			tt.drive(h)
			sc := h.snap()
			checkRows(t, sc, tt.rows...)
			checkHeader(t, sc, tt.header)
		})
	}
}

func TestWinStopsClock(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("$\n")
	h.snap()
	h.clock.advance(7 * time.Second)
	h.post(tcell.NewEventInterrupt(tick{}))
	checkHeader(t, h.snap(), "Time 7  [ playing ]")
	h.typ("jjj\n")
	sc := h.snap()
	checkRows(t, sc, "F1   ", "11   ", "  111", "  1F1")
	checkHeader(t, sc, "Mines 0/2  Time 7  [ You win ]")
	h.clock.advance(time.Minute)
	h.typ("f\n") // frozen
	sc = h.snap()
	checkRows(t, sc, "F1   ", "11   ", "  111", "  1F1")
	checkHeader(t, sc, "Time 7  [ You win ]")
	if !strings.Contains(sc.String(), "the game is over") {
		t.Errorf("no game-over message:\n%s", sc)
	}
	h.typ("q")
	o := h.wait()
	got := o.res
	want := board.Settings{Width: 5, Height: 4, Mines: 2, Rule: board.Opening}
	if o.err != nil || got.Status != board.Won || !got.Started || got.Elapsed != 7*time.Second || got.Settings != want || got.Seed != 42 ||
		got.Verdict != "no guess forced" || len(got.Mines) != 2 || got.ThreeBV == 0 || moveTexts(got.Moves) != "O4,0 O4,3" || got.Numbers.Time != 7*time.Second {
		t.Errorf("Run = %+v, %v; want won in 7 s on %v of seed 42, its 2 mines, its 3BV, its two openings, no guess forced", got, o.err, want)
	}
}

func TestLoseShowsMines(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("lf" + "$f" + "0\n") // flag (1,0) and (4,0), wrong both; open the mine at (0,0)
	sc := h.snap()
	checkRows(t, sc, "X!##!", "#####", "#####", "###*#")
	checkHeader(t, sc, "[ You lose ]")
	h.typ("$\n") // frozen
	checkRows(t, h.snap(), "X!##!", "#####", "#####", "###*#")
	h.typ("r") // restart: same layout, all closed, and known: marked restarted
	sc = h.snap()
	checkRows(t, sc, "#####", "#####", "#####", "#####")
	checkHeader(t, sc, "Mines 2/2  Time 0  [ playing ]  5x4, restarted, seed 42")
	h.typ("\n") // the cursor stayed at (4,0): it floods as before
	checkRows(t, h.snap(), "#1   ", "11   ", "  111", "  1##")
	h.key(tcell.KeyEsc, tcell.ModNone)
	if o := h.wait(); o.res.Status != board.Playing || !o.res.Started {
		t.Errorf("Run = %+v; want a started game in play", o.res)
	}
}

func TestRecordClicksReplayed(t *testing.T) {
	cfg := asciiCfg(t, small)
	cfg.Start.Clicks = []board.Point{{X: 4, Y: 0}, {X: 4, Y: 3}, {X: 0, Y: 0}} // wins on the second
	cfg.Start.Source = "small.txt"
	h := start(t, cfg, 80, 24)
	sc := h.snap()
	checkRows(t, sc, "F1   ", "11   ", "  111", "  1F1")
	checkHeader(t, sc, "Mines 0/2  Time 0  [ You win ]  5x4, board small.txt")
	h.typ("q")
	if o := h.wait(); o.res.Source != "small.txt" || o.res.Status != board.Won {
		t.Errorf("Run = %+v; want a won game of small.txt", o.res)
	}
}

// TestSourcePrintable checks that the header draws a board file's name
// with nothing a terminal would act on: the name may come from a replay
// or a saved game, files the player could have edited.
func TestSourcePrintable(t *testing.T) {
	cfg := asciiCfg(t, small)
	cfg.Start.Clicks = []board.Point{{X: 4, Y: 0}}
	cfg.Start.Source = "dir/\x1b[2Jsmall\x9b31m\u202e.txt"
	h := start(t, cfg, 80, 24)
	checkHeader(t, h.snap(), "Mines 2/2  Time 0  [ playing ]  5x4, board \uFFFD[2Jsmall\uFFFD31m\uFFFD.txt")
}

// TestNewGame starts a new game with n, and with a click on the header's
// state: the game in play is at stake, so each asks first, and the second
// n or click gives it up, a loss handed to the keeper.
func TestNewGame(t *testing.T) {
	cfg := Config{Start: play.Start{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, Seed: 7}, Prefs: Prefs{ASCII: true}, Cursor: &board.Point{}}
	clickState := func(h *harness) {
		sc := h.snap()
		x := strings.Index(sc.header(), "[ ")
		h.click(x+3, sc.headerY(), tcell.Button1)
	}
	tests := []struct {
		name string
		new  func(h *harness)
	}{
		{"n", func(h *harness) { h.typ("n") }},
		{"click the state", clickState},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := &keeper{}
			cfg := cfg
			cfg.Keeper = k
			h := start(t, cfg, 80, 24)
			h.typ("jjll\n") // the opening rule: the first cell is a zero
			sc := h.snap()
			if got := sc.boardRows()[2][2]; got != ' ' {
				t.Errorf("first opened cell shows %q; want a blank zero\n%s", got, sc)
			}
			checkHeader(t, sc, "seed 7")
			tt.new(h)
			sc = h.snap()
			if !sc.contains("give up this game for a new game? it counts as a loss") || !sc.contains("seed 7") {
				t.Errorf("the first %s does not ask:\n%s", tt.name, sc)
			}
			tt.new(h)
			sc = h.snap()
			if len(k.gaveUp) != 1 || k.gaveUp[0].Seed != 7 || k.gaveUp[0].Status != board.Playing || k.gaveUp[0].ThreeBV == 0 {
				t.Errorf("given up %+v; want the game of seed 7, in play, with its 3BV", k.gaveUp)
			}
			next := play.NextSeed(7)
			checkHeader(t, sc, fmt.Sprintf("Mines 10/10  Time 0  [ playing ]  9x9, seed %d", next))
			checkRows(t, sc, slices.Repeat([]string{"#########"}, 9)...)
			h.typ("q")
			if o := h.wait(); o.res.Seed != next || o.res.Started {
				t.Errorf("Run = %+v; want seed %d, not started", o.res, next)
			}
		})
	}
}

func TestSameSeedSameBoard(t *testing.T) {
	cfg := Config{Start: play.Start{Board: board.Settings{Width: 16, Height: 16, Mines: 40, Rule: board.Opening}, Seed: 99}, Prefs: Prefs{ASCII: true}}
	var first []string
	for i := range 2 {
		h := start(t, cfg, 80, 24)
		h.typ("JL\n")
		rows := h.snap().boardRows()
		if i == 0 {
			first = rows
		} else if !slices.Equal(rows, first) {
			t.Errorf("seed 99 gave %q, then %q", first, rows)
		}
	}
}

func TestScroll(t *testing.T) {
	b, err := board.New(200, 100, []board.Point{{X: 199, Y: 99}, {X: 198, Y: 99}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Start: play.Start{Board: board.Settings{Width: 200, Height: 100, Mines: 2}, Fixed: true, Mines: b.Layout()}, Prefs: Prefs{ASCII: true}, Cursor: &board.Point{}}
	h := start(t, cfg, 80, 24)
	sc := h.snap()
	footer := "cols 1-39 of 200, rows 1-20 of 100  q quit  ? help"
	if got := strings.TrimLeft(sc.line(23), " "); got != footer {
		t.Errorf("footer = %q; want %q", got, footer)
	}
	if got := sc.line(1); strings.Contains(got, "^") {
		t.Errorf("an arrow up on the top line %q at the top of the board", got)
	}
	if got := sc.line(22); !strings.Contains(got, "-v-") {
		t.Errorf("no arrow down on the bottom line %q", got)
	}
	if got := sc.line(11); !strings.HasSuffix(got, ">") {
		t.Errorf("no arrow to the right on line 11: %q", got)
	}
	h.typ("$G")
	sc = h.snap()
	if got, want := strings.TrimLeft(sc.line(23), " "), "cols 162-200 of 200, rows 81-100 of 100  q quit  ? help"; got != want {
		t.Errorf("footer = %q; want %q", got, want)
	}
	if x, y, ok := sc.cursor(h.th); !ok || x != 1+38*cellW || y != 21 {
		t.Errorf("cursor on screen at (%d,%d) %v; want (%d,21)", x, y, ok, 1+38*cellW)
	}
	// Clicks follow the scrolled view: right click on the top-left visible
	// cell flags board cell (161, 80).
	h.clickCell(board.Point{X: 161, Y: 80}, board.Point{X: 161, Y: 80}, tcell.Button2)
	sc = h.snap()
	if got := sc.boardRows()[0][0]; got != 'F' {
		t.Errorf("clicked cell shows %q; want F", got)
	}
	checkHeader(t, sc, "Mines 1")
	if got := sc.line(11); !strings.HasPrefix(got, "<") || strings.HasSuffix(got, ">") {
		t.Errorf("line 11 = %q; want an arrow to the left only", got)
	}
	h.typ("j") // moving within the view does not scroll
	if got, want := strings.TrimLeft(h.snap().line(23), " "), "cols 162-200 of 200, rows 81-100 of 100  q quit  ? help"; got != want {
		t.Errorf("footer = %q; want %q", got, want)
	}
	h.typ(strings.Repeat("k", 20) + "0") // up past the top of the view: it follows
	if got, want := strings.TrimLeft(h.snap().line(23), " "), "cols 1-39 of 200, rows 62-81 of 100  q quit  ? help"; got != want {
		t.Errorf("footer = %q; want %q", got, want)
	}
	h.s.InjectMouse(5, 5, tcell.WheelDown, tcell.ModNone)
	h.typ("gG")
	h.s.InjectMouse(5, 5, tcell.WheelUp, tcell.ModNone)
	if x, y, _ := h.snap().cursor(h.th); y != 20 || x != 1 {
		t.Errorf("cursor after the wheel at (%d,%d); want (1,20)", x, y)
	}
}

func TestTooSmallAndResize(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("$\n")
	h.snap()
	h.resize(20, 5)
	sc := h.snap()
	if got, want := sc.String(), "\nterminal too small:\n     need 14x7\n"; got != want {
		t.Errorf("screen at 20x5 = %q; want %q", got, want)
	}
	h.resize(40, 8)
	sc = h.snap()
	checkRows(t, sc, "#1   ", "11   ", "  111", "  1##")
	h.resize(31, 6)
	if got, want := h.snap().line(2), " terminal too small: need 14x7"; got != want {
		t.Errorf("line 2 = %q; want %q", got, want)
	}
	h.clickCell(board.Point{X: 0, Y: 0}, board.Point{}, tcell.Button1) // nothing is clickable
	h.typ("0\n")                                                       // nor playable: (0,0) is a mine
	h.snap()
	h.resize(14, 7) // just enough
	checkRows(t, h.snap(), "#1   ", "11   ", "  111")
	h.resize(80, 24)
	sc = h.snap()
	checkRows(t, sc, "#1   ", "11   ", "  111", "  1##")
	checkHeader(t, sc, "[ playing ]")
}

func TestHelp(t *testing.T) {
	tests := []struct {
		name  string
		close func(h *harness)
		quits bool
	}{
		{"any key closes", func(h *harness) { h.typ("x") }, false},
		{"q closes", func(h *harness) { h.typ("q") }, false},
		{"Esc closes", func(h *harness) { h.key(tcell.KeyEsc, tcell.ModNone) }, false},
		{"a click closes", func(h *harness) { h.click(1, 2, tcell.Button1) }, false},
		{"Ctrl-C quits", func(h *harness) { h.key(tcell.KeyCtrlC, tcell.ModCtrl) }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t, asciiCfg(t, small), 80, 40)
			h.typ("?")
			sc := h.snap()
			for _, want := range []string{"Keys", "Mouse", "right click", "Ctrl-Z", "new game"} {
				if !strings.Contains(sc.String(), want) {
					t.Errorf("help lacks %q:\n%s", want, sc)
				}
			}
			tt.close(h)
			if tt.quits {
				h.wait()
				return
			}
			sc = h.snap()
			if strings.Contains(sc.String(), "Mouse") {
				t.Errorf("help still shown:\n%s", sc)
			}
			checkRows(t, sc, "#####", "#####", "#####", "#####") // the click did not open
			if h.ended() {
				t.Error("the game ended")
			}
		})
	}
}

// TestHelpScrolls checks that a help too long for the screen scrolls with
// the arrows, says so, and still closes on any other key.
func TestHelpScrolls(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("?")
	sc := h.snap()
	if s := sc.String(); strings.Contains(s, "any other key closes") || !strings.Contains(s, "v more: arrows scroll") {
		t.Errorf("help at 80x24 shows its end, or no more mark:\n%s", sc)
	}
	h.typ(strings.Repeat("j", 30)) // past the end: it stops there
	sc = h.snap()
	for _, want := range []string{"right click", "any other key closes it.", "^ more: arrows scroll"} {
		if !strings.Contains(sc.String(), want) {
			t.Errorf("scrolled help lacks %q:\n%s", want, sc)
		}
	}
	h.typ("x")
	if sc := h.snap(); strings.Contains(sc.String(), "Mouse") {
		t.Errorf("help still shown after x:\n%s", sc)
	}
}

func TestPause(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("$\n")
	h.snap()
	h.clock.advance(3 * time.Second)
	h.typ("p")
	sc := h.snap()
	checkHeader(t, sc, "Time 3  [ paused ]")
	for y := sc.headerY() + 2; y < sc.headerY()+6; y++ {
		if strings.ContainsAny(sc.line(y), "#1") {
			t.Errorf("board shown while paused:\n%s", sc)
			break
		}
	}
	if !strings.Contains(sc.String(), "p resumes") {
		t.Errorf("no word on how to resume:\n%s", sc)
	}
	h.clock.advance(time.Hour)
	h.typ("jjj\nf") // refused
	checkHeader(t, h.snap(), "Time 3  [ paused ]")
	h.typ("p")
	h.snap()
	h.clock.advance(2 * time.Second)
	sc = h.snap()
	checkHeader(t, sc, "Time 5  [ playing ]")
	checkRows(t, sc, "#1   ", "11   ", "  111", "  1##")
}

func TestQuitKeys(t *testing.T) {
	tests := []struct {
		name string
		quit func(h *harness)
	}{
		{"q", func(h *harness) { h.typ("q") }},
		{"Esc", func(h *harness) { h.key(tcell.KeyEsc, tcell.ModNone) }},
		{"KeyCtrlC", func(h *harness) { h.key(tcell.KeyCtrlC, tcell.ModCtrl) }},
		{"rune c with ModCtrl", func(h *harness) { h.s.InjectKey(tcell.KeyRune, 'c', tcell.ModCtrl) }},
		{"rune C with Ctrl+Shift", func(h *harness) { h.s.InjectKey(tcell.KeyRune, 'C', tcell.ModCtrl|tcell.ModShift) }},
		{"KeyETX", func(h *harness) { h.key(tcell.KeyETX, tcell.ModCtrl) }},
		{"signal", func(h *harness) { h.post(tcell.NewEventInterrupt(term.Quit{})) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t, asciiCfg(t, small), 80, 24)
			h.typ("l")
			tt.quit(h)
			if o := h.wait(); o.err != nil || o.res.Started {
				t.Errorf("Run = %+v, %v; want an unstarted game, nil", o.res, o.err)
			}
		})
	}
}

func TestCtrlLetters(t *testing.T) {
	tests := []struct {
		ev   *tcell.EventKey
		want keys.Action
	}{
		{tcell.NewEventKey(tcell.KeyCtrlC, 0, tcell.ModCtrl), keys.ActQuit},
		{tcell.NewEventKey(tcell.KeyRune, 'c', tcell.ModCtrl), keys.ActQuit},
		{tcell.NewEventKey(tcell.KeyRune, 'C', tcell.ModCtrl|tcell.ModShift), keys.ActQuit},
		{tcell.NewEventKey(tcell.KeyRune, 3, tcell.ModNone), keys.ActQuit}, // a raw control code
		{tcell.NewEventKey(tcell.KeyCtrlZ, 0, tcell.ModCtrl), keys.ActSuspend},
		{tcell.NewEventKey(tcell.KeyRune, 'z', tcell.ModCtrl), keys.ActSuspend},
		{tcell.NewEventKey(tcell.KeySUB, 0, tcell.ModCtrl), keys.ActSuspend},
		{tcell.NewEventKey(tcell.KeyCtrlL, 0, tcell.ModCtrl), keys.ActRedraw},
		{tcell.NewEventKey(tcell.KeyRune, 'q', tcell.ModCtrl), keys.ActNone},
		{tcell.NewEventKey(tcell.KeyRune, 'q', tcell.ModNone), keys.ActQuit},
		{tcell.NewEventKey(tcell.KeyTab, 0, tcell.ModNone), keys.ActNumber}, // Tab's own, not Ctrl-I's
		{tcell.NewEventKey(tcell.KeyEnter, 0, tcell.ModNone), keys.ActOpen},
	}
	for _, tt := range tests {
		if got := keys.GameCommand(tt.ev).Act; got != tt.want {
			t.Errorf("keyCommand(%s key %d rune %q mod %d) = %v; want %v",
				tt.ev.Name(), tt.ev.Key(), tt.ev.Rune(), tt.ev.Modifiers(), got, tt.want)
		}
	}
}

func TestSuspend(t *testing.T) {
	cfg := asciiCfg(t, small)
	called := make(chan struct{}, 2)
	cfg.Suspend = func() { called <- struct{}{} }
	h := start(t, cfg, 80, 24)
	h.typ("$\n")
	h.key(tcell.KeyCtrlZ, tcell.ModCtrl)
	sc := h.snap()
	if len(called) != 1 {
		t.Errorf("Suspend called %d times; want 1", len(called))
	}
	checkHeader(t, sc, "[ paused ]") // it comes back paused
}

func TestClockTicks(t *testing.T) {
	cfg := asciiCfg(t, small)
	cfg.Tick = time.Millisecond
	h := start(t, cfg, 80, 24)
	h.typ("$\n")
	h.snap()
	h.clock.advance(4 * time.Second)
	h.waitUntil("the clock at 4 s", func(sc screen) bool { return strings.Contains(sc.header(), "Time 4 ") })
}

// TestPanicRestoresScreen panics inside the loop: playOn must finalise the
// screen, then raise the panic again with its value, from above the frames
// where it happened so that the runtime prints their stack.
func TestPanicRestoresScreen(t *testing.T) {
	s := tcell.NewSimulationScreen("UTF-8")
	calls := 0
	cfg := asciiCfg(t, small)
	cfg.Tick = -1
	cfg.Now = func() time.Time {
		calls++
		if calls > 1 { // the first frame
			panic("boom")
		}
		return time.Time{}
	}
	r, stack, res, err := playOnPanics(t, s, cfg)
	if r != "boom" {
		t.Fatalf("playOn = %+v, %v, panic %v; want the panic \"boom\" raised again", res, err, r)
	}
	if w, h := s.Size(); w != 0 || h != 0 {
		t.Errorf("screen is %dx%d after the panic; want finalised (0x0)", w, h)
	}
	if !strings.Contains(stack, "TestPanicRestoresScreen.func1") {
		t.Errorf("stack of the panic raised again:\n%s\nwant the frame of cfg.Now, where it happened", stack)
	}
}

// playOnPanics runs playOn on s and returns the value it panics with and
// the stack where the panic was recovered, or nil and what it returned.
func playOnPanics(t *testing.T, s tcell.Screen, cfg Config) (r any, stack string, res play.Result, err error) {
	defer func() {
		if r = recover(); r != nil {
			stack = string(debug.Stack())
		}
	}()
	res, err = playOnScreen(s, cfg, noRescue(t))
	return nil, "", res, err
}

func TestBadConfig(t *testing.T) {
	s := tcell.NewSimulationScreen("UTF-8")
	if err := s.Init(); err != nil {
		t.Fatal(err)
	}
	defer s.Fini()
	_, err := Run(s, Config{Start: play.Start{Board: board.Settings{Width: 3, Height: 3, Mines: 1}, Fixed: true, Mines: []board.Point{{X: 5, Y: 5}}}})
	if !errors.Is(err, board.ErrOutOfBounds) {
		t.Errorf("Run with a mine off the board = %v; want ErrOutOfBounds", err)
	}
}

func TestNextSeed(t *testing.T) {
	seen := map[uint64]bool{}
	s := uint64(0)
	for range 1000 {
		s = play.NextSeed(s)
		if seen[s] {
			t.Fatalf("NextSeed repeated %d", s)
		}
		seen[s] = true
	}
}

func TestEnumStrings(t *testing.T) {
	for a := keys.ActNone; a <= keys.ActRedraw; a++ {
		if strings.HasPrefix(a.String(), "action(") {
			t.Errorf("action %d has no name", a)
		}
	}
	if got := keys.Action(200).String(); got != "action(200)" {
		t.Errorf("action(200).String() = %q", got)
	}
	if got := helpOverlay.String(); got != "help" {
		t.Errorf("helpOverlay.String() = %q", got)
	}
}

// panicSolver is a solver whose hints panic, as a bug off the loop would.
type panicSolver struct{ realSolver }

func (panicSolver) Hint(context.Context, *solver.View, board.FirstClick, board.Point) (solver.Hint, *solver.Analysis, error) {
	panic("boom off the loop")
}

// TestJobPanicRestoresScreen checks that a panic in work run off the loop
// (a hint's analysis) reaches the loop, which restores the terminal before
// the panic goes on up, with the job's stack in its value.
func TestJobPanicRestoresScreen(t *testing.T) {
	s := tcell.NewSimulationScreen("UTF-8")
	cfg := asciiCfg(t, small)
	cfg.Tick, cfg.Solver = -1, panicSolver{}
	var once sync.Once
	cfg.Now = func() time.Time {
		// The first read of the clock is on the loop, the screen made:
		// the keys can go in.
		once.Do(func() {
			s.InjectKey(tcell.KeyRune, '$', tcell.ModNone)
			s.InjectKey(tcell.KeyEnter, 0, tcell.ModNone)  // an opening
			s.InjectKey(tcell.KeyRune, 's', tcell.ModNone) // a hint
		})
		return time.Time{}
	}
	r, _, res, err := playOnPanics(t, s, cfg)
	msg, _ := r.(string)
	if !strings.Contains(msg, "boom off the loop (in a analyse job)") || !strings.Contains(msg, "panicSolver.Hint") {
		t.Fatalf("playOn = %+v, %v, panic %v; want the job's panic raised again on the loop, with its stack", res, err, r)
	}
	if w, h := s.Size(); w != 0 || h != 0 {
		t.Errorf("screen is %dx%d after the panic; want finalised (0x0)", w, h)
	}
}

// TestRunUnknownTheme checks that Run refuses a theme it does not know
// before it draws.
func TestRunUnknownTheme(t *testing.T) {
	cfg := fixed(t, nine)
	cfg.Prefs.Theme = "neon"
	h := start(t, cfg, 80, 24)
	if o := h.wait(); !errors.Is(o.err, theme.ErrUnknown) {
		t.Errorf("Run with Theme %q = %v; want theme.ErrUnknown", cfg.Prefs.Theme, o.err)
	}
}

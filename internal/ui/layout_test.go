package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/ui/labels"
)

// TestTooSmall draws the 9x9 board, which needs 14x7 (the footer's
// "q quit  ? help" is the widest part that must show), on screens too small
// for it: the message always shows the size needed, wrapped at its spaces
// when the line is short, dropping its first words when the rows are few,
// and never cuts a word.
func TestTooSmall(t *testing.T) {
	tests := []struct {
		w, h int
		want string
	}{
		{20, 6, "\n\nterminal too small:\n     need 14x7\n"},
		{10, 3, " terminal\ntoo small:\nneed 14x7\n"},
		{1, 1, "\n"}, // not even the size fits: nothing rather than a part of it
		{31, 5, "\n\n terminal too small: need 14x7\n"},
		{80, 4, "\n                         terminal too small: need 14x7\n"},
		{13, 24, strings.Repeat("\n", 10) + "terminal too\n small: need\n    14x7\n"},
		{20, 1, "too small: need 14x7\n"},
		{9, 1, "need 14x7\n"},
		{5, 2, "need\n14x7\n"},
		{4, 1, "14x7\n"},
		{3, 5, "\n"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d", tt.w, tt.h), func(t *testing.T) {
			h := start(t, fixed(t, nine), tt.w, tt.h)
			if got := h.snap().String(); got != tt.want {
				t.Errorf("screen at %dx%d =\n%q; want\n%q", tt.w, tt.h, got, tt.want)
			}
		})
	}
}

// TestNeed checks the smallest screen each board is drawn on: at that size
// the game shows, its header and its footer whole; one column or one row
// less, the too-small screen asks for it.
func TestNeed(t *testing.T) {
	tests := []struct {
		name, board  string
		needW, needH int
		footer       string
		header       string // the mines and the time, the last to go
	}{
		// A board wider than the screen scrolls, and the footer says
		// where the view is, in the words that fit.
		{"9x9", nine, 14, 7, "q quit  ? help", "6/6 0s"},
		{"30x16", strings.Repeat(strings.Repeat(".", 29)+"*\n", 16), 14, 7, "q quit  ? help", "16/16 0s"},
		{"3x2", "*..\n...\n", 14, 6, "q quit  ? help", "1/1 0s"},
		{"1x1", ".\n", 14, 5, "q quit  ? help", "0/0 0s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := fixed(t, tt.board)
			l := newLayout(tt.needW, tt.needH, cfg.Start.Board.Width, cfg.Start.Board.Height, board.Point{}, 0, 0)
			if l.needW != tt.needW || l.needH != tt.needH || l.tooSmall {
				t.Errorf("newLayout at %dx%d: need %dx%d, too small %v; want need %dx%d, not too small",
					tt.needW, tt.needH, l.needW, l.needH, l.tooSmall, tt.needW, tt.needH)
			}
			h := start(t, cfg, tt.needW, tt.needH)
			sc := h.snap()
			if got := strings.TrimSpace(sc.header()); got != tt.header {
				t.Errorf("header at %dx%d = %q; want %q", tt.needW, tt.needH, got, tt.header)
			}
			if got := strings.TrimSpace(sc.line(sc.footerY())); got != tt.footer {
				t.Errorf("footer at %dx%d = %q; want %q", tt.needW, tt.needH, got, tt.footer)
			}
			want := fmt.Sprintf("need %dx%d", tt.needW, tt.needH)
			for _, size := range [][2]int{{tt.needW - 1, tt.needH}, {tt.needW, tt.needH - 1}} {
				h.resize(size[0], size[1])
				if sc := h.snap(); !strings.Contains(strings.Join(strings.Fields(sc.String()), " "), want) {
					t.Errorf("screen at %dx%d:\n%s\nwant it to say %q", size[0], size[1], sc, want)
				}
			}
		})
	}
}

// TestTwentyColumns checks that a 9x9 board is drawn whole, unscrolled, on
// a screen of 20 columns, its frame's width.
func TestTwentyColumns(t *testing.T) {
	h := start(t, fixed(t, nine), 20, 13)
	sc := h.snap()
	rows := sc.boardRows()
	if len(rows) != 9 || rows[0] != "░░░░░░░░░" || rows[8] != "░░░░░░░░░" {
		t.Errorf("board rows at 20x13 = %q; want 9 rows of 9 closed cells\n%s", rows, sc)
	}
	if got, want := strings.TrimSpace(sc.header()), "6/6  0s  [ playing ]"; got != want {
		t.Errorf("header at 20x13 = %q; want %q", got, want)
	}
}

// TestCentred checks that the block of header, frame and footer is centred
// on screens larger than it needs, and that clicks follow it: a right click
// on a cell flags it, a click on the header's state starts a new game,
// with the next seed.
func TestCentred(t *testing.T) {
	tests := []struct {
		w, h   int
		fx, fy int // the frame's top-left corner
	}{
		// The block: header 1, frame 11, footer 1, numbers 1 rows; the
		// frame 20 columns wide.
		{80, 24, 30, 6},
		{200, 60, 90, 24},
		{81, 25, 30, 6},
		{20, 14, 0, 1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d", tt.w, tt.h), func(t *testing.T) {
			h := start(t, asciiCfg(t, nine), tt.w, tt.h)
			sc := h.snap()
			if x, y, ok := sc.frame(); !ok || x != tt.fx || y != tt.fy {
				t.Fatalf("frame at (%d,%d) %v; want (%d,%d)\n%s", x, y, ok, tt.fx, tt.fy, sc)
			}
			for _, y := range []int{tt.fy - 1, tt.fy + 11} { // the header and the footer
				line := sc.line(y)
				text := strings.TrimLeft(line, " ")
				if got, want := len([]rune(line))-len([]rune(text)), (tt.w-len([]rune(text)))/2; got != want {
					t.Errorf("line %d %q starts at column %d; want %d, centred", y, line, got, want)
				}
			}
			for y := range tt.fy - 1 {
				if sc.line(y) != "" {
					t.Errorf("line %d = %q above the header; want it blank", y, sc.line(y))
				}
			}
			// Right click on cell (2,1), where it is drawn.
			h.click(tt.fx+1+2*cellW, tt.fy+1+1, tcell.Button2)
			sc = h.snap()
			if got := sc.boardRows()[1]; got != "##F######" {
				t.Errorf("row 1 after a right click on (2,1) = %q; want a flag on (2,1)", got)
			}
			x := strings.Index(sc.header(), "[ playing ]")
			h.click(x+2, tt.fy-1, tcell.Button1)
			sc = h.snap()
			if got := sc.boardRows()[1]; got != "#########" {
				t.Errorf("row 1 after a click on the state = %q; want a new game's closed row", got)
			}
			h.typ("q")
			if o := h.wait(); o.res.Seed != play.NextSeed(42) {
				t.Errorf("seed after a click on the state = %d; want the next, %d", o.res.Seed, play.NextSeed(42))
			}
		})
	}
}

// TestFooterWords draws the footer at every width from 30 to 120 columns:
// the keys' labels are whole, "q quit" and "? help" always there; a
// message and the game's numbers are cut only between clauses, and "? help"
// still follows the message.
func TestFooterWords(t *testing.T) {
	if raceEnabled {
		t.Skip("a layout check at every size, slow under -race: make test runs it without; the other tests check the loop under it")
	}
	scrolled := strings.Repeat(strings.Repeat(".", 200)+"\n", 99) + strings.Repeat(".", 198) + "**\n"
	tests := []struct {
		name  string
		board string
		drive func(h *harness)
		// msg returns the footer's whole message on a screen w columns
		// wide, "" for the keys' labels. When it is nil the test reads the
		// message, and the numbers line under it, off a screen wide enough
		// for all of them.
		msg func(w int) string
	}{
		{"keys", nine, func(h *harness) {}, func(int) string { return "" }},
		{"verdict", nine, loss, nil},
		{"refusal", nine, func(h *harness) { loss(h); h.typ("f") }, nil},
		{"scrolled", scrolled, func(h *harness) {}, func(w int) string {
			return fmt.Sprintf("cols 1-%d of 200, rows 1-20 of 100", (w-2)/cellW)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t, fixed(t, tt.board), 120, 24)
			tt.drive(h)
			h.snap() // the drive's clicks land before the size changes
			msg, numbers := tt.msg, ""
			if msg == nil {
				h.resize(250, 24)
				sc := h.snap()
				full := strings.TrimSuffix(strings.TrimSpace(sc.line(sc.footerY())), "  q quit  ? help")
				numbers = strings.TrimSpace(sc.line(sc.footerY() + 1))
				msg = func(int) string { return full }
			}
			for w := 30; w <= 120; w++ {
				h.resize(w, 24)
				sc := h.snap()
				footer := strings.TrimSpace(sc.line(sc.footerY()))
				if msg(w) == "" {
					checkFooter(t, w, footer)
					continue
				}
				head, ok := strings.CutSuffix(footer, "q quit  ? help")
				if !ok {
					t.Errorf("width %d: footer %q; want it to end with \"q quit  ? help\"", w, footer)
				}
				if head = strings.TrimRight(head, " "); !clausePrefix(head, msg(w)) || len([]rune(footer)) > w {
					t.Errorf("width %d: footer %q; want whole clauses of %q, then \"q quit  ? help\"", w, footer, msg(w))
				}
				if numbers == "" {
					continue
				}
				// The further numbers come whole clauses, or not at all.
				if got := strings.TrimSpace(sc.line(sc.footerY() + 1)); got == "" || !clausePrefix(got, numbers) {
					t.Errorf("width %d: numbers %q; want whole clauses of %q", w, got, numbers)
				}
			}
		})
	}
}

// footerY returns the row of the footer: the one under the frame.
func (sc screen) footerY() int {
	return sc.headerY() + 2 + len(sc.boardRows()) + 1
}

// TestHelpSmall opens the help on screens too small for it and scrolls it
// down, a row a key, to its end and back. Put together, the rows seen are
// the whole help, in order, wrapped inside the box (words broken only when
// longer than a row, as on 14 columns); the box says when more lies below
// or above; arrows keep the help open.
func TestHelpSmall(t *testing.T) {
	if raceEnabled {
		t.Skip("a layout check at every size, slow under -race: make test runs it without; the other tests check the loop under it")
	}
	for _, size := range [][2]int{{40, 10}, {24, 8}, {80, 7}, {14, 24}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			cfg := fixed(t, nine)
			h := start(t, cfg, size[0], size[1])
			h.typ("?")
			first := h.snap()
			if !strings.Contains(first.String(), "▼ more") {
				t.Fatalf("the help's first screen does not say more lies below:\n%s", first)
			}
			rows := map[int]string{} // the help's rows by index, without spaces
			sc, top := first, 0
			for ; ; top++ {
				for i, text := range helpRows(t, sc) {
					if strings.HasPrefix(text, "▲") || strings.HasPrefix(text, "▼") {
						continue // a row saying more lies above or below
					}
					if was, ok := rows[top+i]; ok && was != text {
						t.Fatalf("row %d of the help reads %q scrolled to %d, %q before", top+i, text, top, was)
					}
					rows[top+i] = text
				}
				if !strings.Contains(sc.String(), "▼ more") {
					break
				}
				if top == 500 {
					t.Fatalf("the help never reached its end:\n%s", sc)
				}
				h.key(tcell.KeyDown, tcell.ModNone)
				sc = h.snap()
			}
			if !strings.Contains(sc.String(), "▲ more") {
				t.Errorf("the help's last screen:\n%s\nwant it to say more lies above", sc)
			}
			var got strings.Builder
			for i := range len(rows) {
				text, ok := rows[i]
				if !ok {
					t.Fatalf("row %d of the help never shown; rows seen: %v", i, rows)
				}
				got.WriteString(text)
			}
			if want := strings.Join(strings.Fields(strings.Join(keys.HelpText(keys.Offered(keys.Table, cfg.keyMode()), cfg.keyMode()), " ")), ""); got.String() != want {
				t.Errorf("the help's rows, put together without spaces:\n%s\nwant the help:\n%s", got.String(), want)
			}
			h.key(tcell.KeyDown, tcell.ModNone) // past the end: nothing moves
			if got := h.snap(); got.String() != sc.String() {
				t.Errorf("Down at the help's end changed it:\n%s\nwant:\n%s", got, sc)
			}
			for range top {
				h.key(tcell.KeyUp, tcell.ModNone)
			}
			if got := h.snap(); got.String() != first.String() {
				t.Errorf("the help scrolled back up:\n%s\nwant its first screen:\n%s", got, first)
			}
		})
	}
}

// helpRows returns the rows inside the help's box, which spans the
// screen's rows, without their spaces. It fails the test if a row of the box is not closed by its
// sides.
func helpRows(t *testing.T, sc screen) []string {
	t.Helper()
	top := []rune(sc.line(0))
	x0, x1 := slices.Index(top, '┌'), slices.Index(top, '┐')
	if x0 < 0 || x1 < 0 || !strings.HasPrefix(strings.TrimLeft(sc.line(sc.h-1), " "), "└") {
		t.Fatalf("the help's box does not span the screen's rows:\n%s", sc)
	}
	var rows []string
	for y := 1; y < sc.h-1; y++ {
		r := []rune(sc.line(y))
		if len(r) <= x1 || r[x0] != '│' || r[x1] != '│' {
			t.Fatalf("row %d %q is not a row of the box from column %d to %d:\n%s", y, sc.line(y), x0, x1, sc)
		}
		rows = append(rows, strings.Join(strings.Fields(string(r[x0+1:x1])), ""))
	}
	return rows
}

// TestHeaderParts pins the header's forms as the line narrows: the mines
// and the time are the last to go; and checks that on the narrowest
// screen a game is drawn on (14 columns) every state keeps them, and its
// state in its short word when it fits.
func TestHeaderParts(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		width int
		want  string
	}{
		{80, "Mines 6/6  Time 0  [ playing ]  9x9, seed 42"},
		{44, "Mines 6/6  Time 0  [ playing ]  9x9, seed 42"},
		{43, "Mines 6/6  Time 0  [ playing ]  9x9"},
		{34, "Mines 6/6  Time 0  [ playing ]"},
		{29, "Mines 6/6  0s  [ playing ]"},
		{25, "6/6  0s  [ playing ]"},
		{18, "6/6  0s  [playing]"},
		{17, "6/6 0s [playing]"},
		{10, "6/6 0s"},
		{5, "6/6"},
		{0, ""},
	}
	cfg := fixed(t, nine)
	g, err := firstGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	u := newUI(nil, g, cfg, nil)
	for _, tt := range tests {
		ln := u.headerLine(t0, tt.width)
		if got := lineText(ln); got != tt.want {
			t.Errorf("headerLine(%d) = %q; want %q", tt.width, got, tt.want)
		}
	}
	states := []struct {
		name string
		play func(g *game.Game)
		want string
	}{
		{"playing", func(g *game.Game) {}, "6/6 0s"},
		{"lost", func(g *game.Game) { g.Apply(game.Move{Action: game.Open, At: board.Point{X: 1, Y: 1}}, t0) }, "6/6 0s [lost]"},
		{"paused", func(g *game.Game) {
			g.Apply(game.Move{Action: game.Open, At: board.Point{X: 8, Y: 0}}, t0)
			g.TogglePause(t0)
		}, "6/6 0s"},
		{"won", func(g *game.Game) {
			for y := range 9 {
				for x := range 9 {
					if !isMine(x, y) {
						g.Apply(game.Move{Action: game.Open, At: board.Point{X: x, Y: y}}, t0)
					}
				}
			}
		}, "0/6 0s [won]"},
	}
	for _, st := range states {
		g, err := firstGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		st.play(g)
		u := newUI(nil, g, cfg, nil)
		if got := lineText(u.headerLine(t0, 14)); !strings.HasPrefix(got, st.want) || len(got) > 14 {
			t.Errorf("%s: headerLine(14) = %q; want %q first, in 14 columns", st.name, got, st.want)
		}
	}
}

// lineText returns the text a line draws.
func lineText(ln labels.Line) string {
	var b strings.Builder
	for _, p := range ln.Parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

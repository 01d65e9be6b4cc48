package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
)

// TestHelpListsEveryKey checks that the help overlay shows every row on
// one line, its keys' names then its text, so every action a key reaches
// is in the help, and that the text follows the settings: a row offered
// only on a server (b, the leaderboards) is there only then.
func TestHelpListsEveryKey(t *testing.T) {
	for _, question := range []bool{true, false} {
		for _, server := range []bool{true, false} {
			t.Run(fmt.Sprintf("question marks %v, server %v", question, server), func(t *testing.T) {
				cfg := asciiCfg(t, small)
				cfg.Prefs.QuestionMarks = question
				if server {
					cfg.Leaders = func(string) ([]history.Leaderboard, error) { return nil, nil }
				}
				helpListsEveryKey(t, cfg, question)
			})
		}
	}
}

// helpListsEveryKey is TestHelpListsEveryKey under cfg.
func helpListsEveryKey(t *testing.T, cfg Config, question bool) {
	t.Helper()
	h := start(t, cfg, 80, 44)
	h.typ("?")
	sc := h.snap()
	acts := map[keys.Action]bool{}
	for _, r := range keys.Table {
		text := r.Text(cfg.keyMode())
		shown := slices.ContainsFunc(sc.text, func(line string) bool {
			i := strings.Index(line, "  "+r.Names()+"  ")
			return i >= 0 && strings.Contains(line[i:], "  "+text)
		})
		if offer := r.Only == nil || r.Only(cfg.keyMode()); !offer {
			if shown {
				t.Errorf("help shows the line %q ... %q, which is not offered:\n%s", r.Names(), text, sc)
			}
			continue
		}
		if !shown {
			t.Errorf("help lacks the line %q ... %q:\n%s", r.Names(), text, sc)
			continue
		}
		for _, b := range r.Keys {
			acts[b.Cmd.Act] = true
			name := b.Key.String()
			if !strings.Contains(r.Names(), name) && !(b.Key.Kind() == keys.SpecialKind && strings.Contains(r.Names(), "arrows")) {
				t.Errorf("help names %q for the row of %v", r.Names(), name)
			}
		}
	}
	for _, a := range []keys.Action{keys.ActMove, keys.ActOpen, keys.ActMark, keys.ActNew, keys.ActRestart, keys.ActPause, keys.ActHelp, keys.ActQuit, keys.ActSuspend, keys.ActRedraw} {
		if !acts[a] {
			t.Errorf("no key in the help asks for %v", a)
		}
	}
	mark := "put or remove a flag"
	if question {
		mark = "cycle flag, question mark, none"
	}
	if !strings.Contains(sc.String(), mark) {
		t.Errorf("help lacks f's %q:\n%s", mark, sc)
	}
}

// checkFooter checks a keys footer of a line width columns wide: whole
// labels, the ones of lowest prio, in the table's order, as many as fit.
func checkFooter(t *testing.T, width int, footer string) {
	t.Helper()
	var byPrio []keys.Row
	for _, r := range keys.Table {
		if r.Label != "" {
			byPrio = append(byPrio, r)
		}
	}
	slices.SortStableFunc(byPrio, func(a, b keys.Row) int { return a.Prio - b.Prio })
	var got []string
	if footer != "" {
		got = strings.Split(footer, keys.FooterSep)
	}
	n := len(got)
	if n > len(byPrio) {
		t.Errorf("width %d: footer %q has %d parts; there are %d labels", width, footer, n, len(byPrio))
		return
	}
	var want []string
	for _, r := range keys.Table {
		if r.Label != "" && slices.ContainsFunc(byPrio[:n], func(p keys.Row) bool { return p.Label == r.Label }) {
			want = append(want, r.Label)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("width %d: footer %q; want the %d first labels by priority, whole, in order: %q", width, footer, n, want)
	}
	if len(footer) > width {
		t.Errorf("width %d: footer %q is %d wide", width, footer, len(footer))
	}
	if n < len(byPrio) && len(footer)+len(keys.FooterSep)+len(byPrio[n].Label) <= width {
		t.Errorf("width %d: footer %q leaves out %q, which fits", width, footer, byPrio[n].Label)
	}
	if width >= len("q quit  ? help") && (!strings.HasSuffix(footer, "? help") || !strings.Contains(footer, "q quit")) {
		t.Errorf("width %d: footer %q; want \"q quit\" and, at its end, \"? help\"", width, footer)
	}
}

// TestFooterWholeLabels draws the footer at every width from 20 to 120
// columns and checks that it never cuts a label.
func TestFooterWholeLabels(t *testing.T) {
	if raceEnabled {
		t.Skip("a layout check at every size, slow under -race: make test runs it without; the other tests check the loop under it")
	}
	h := start(t, asciiCfg(t, small), 120, 24)
	for w := 20; w <= 120; w++ {
		h.resize(w, 24)
		sc := h.snap()
		l := newLayout(w, 24, 5, 4, board.Point{}, 0, 0)
		if l.tooSmall {
			if !strings.Contains(sc.String(), "terminal too small") {
				t.Errorf("width %d: want the too-small screen:\n%s", w, sc)
			}
			continue
		}
		checkFooter(t, w, strings.TrimLeft(sc.line(l.footerY), " "))
	}
	for w := range 20 { // narrower than any board is drawn
		var labels []string
		for _, r := range keys.FooterRows(keys.Table, w) {
			labels = append(labels, r.Label)
		}
		checkFooter(t, w, strings.Join(labels, keys.FooterSep))
	}
}

// TestFooterWidths pins the footer at a few widths, and its styles: the
// help's label in bold.
func TestFooterWidths(t *testing.T) {
	tests := []struct {
		width int
		want  string
	}{
		{32, "arrows move  q quit  ? help"},
		{40, "arrows move  space open  q quit  ? help"},
		{60, "arrows move  space open  f flag  n new  q quit  ? help"},
		{64, "arrows move  space open  f flag  n new  s hint  q quit  ? help"},
		{73, "arrows move  space open  f flag  n new  p pause  s hint  q quit  ? help"},
		{80, "arrows move  space open  f flag  n new  p pause  s hint  q quit  ? help"},
		{120, "arrows move  space open  f flag  n new  r restart  p pause  s hint  m mines  v odds  a auto  o options  q quit  ? help"},
	}
	for _, tt := range tests {
		h := start(t, asciiCfg(t, small), tt.width, 24)
		sc := h.snap()
		y := newLayout(tt.width, 24, 5, 4, board.Point{}, 0, 0).footerY
		line := sc.line(y)
		if got := strings.TrimLeft(line, " "); got != tt.want {
			t.Errorf("footer at width %d = %q; want %q", tt.width, got, tt.want)
		}
		x := strings.Index(line, "? help")
		if got := h.th.StyleNames[sc.style(x, y)]; got != "bold" {
			t.Errorf("width %d: \"? help\" drawn %s; want bold", tt.width, got)
		}
	}
}

// TestPageKeys checks that PgDn and PgUp move the cursor and the view by a
// screen less one row, and stop at the board's edges.
func TestPageKeys(t *testing.T) {
	cfg := Config{Start: play.Start{Board: board.Settings{Width: 9, Height: 40, Mines: 10, Rule: board.Opening}, Seed: 1}, Prefs: Prefs{ASCII: true}, Cursor: &board.Point{}}
	h := start(t, cfg, 80, 12) // 8 rows of the board in sight
	tests := []struct {
		key      tcell.Key
		row, top int // the cursor's row and the first row in sight
	}{
		{tcell.KeyPgDn, 7, 7},
		{tcell.KeyPgDn, 14, 14},
		{tcell.KeyPgUp, 7, 7},
		{tcell.KeyPgUp, 0, 0},
		{tcell.KeyPgUp, 0, 0},
	}
	for i, tt := range tests {
		h.key(tt.key, tcell.ModNone)
		var got [2]int
		sc := h.snap()
		_, y, ok := sc.cursor(h.th)
		if !ok {
			t.Fatalf("step %d: no cursor on screen:\n%s", i, sc)
		}
		foot := sc.footer()
		if _, err := fmt.Sscanf(foot[strings.Index(foot, "rows "):], "rows %d-", &got[1]); err != nil {
			t.Fatalf("step %d: footer %q: %v", i, foot, err)
		}
		got[0] = y - 2 + got[1] - 1
		if want := [2]int{tt.row, tt.top + 1}; got != want {
			t.Errorf("step %d (%v): cursor row %d, rows from %d; want row %d, rows from %d", i, tcell.KeyNames[tt.key], got[0], got[1], tt.row, tt.top+1)
		}
	}
}

// TestReboundKeysPlay plays with "mark = x" and "open = o", "menu = O":
// x flags, f does nothing, the footer says "x flag" and the help lists x.
func TestReboundKeysPlay(t *testing.T) {
	k, err := keys.Parse("keys.conf", strings.NewReader("mark = x\nopen = o\nmenu = O\n"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := asciiCfg(t, small)
	cfg.Keys = k
	h := start(t, cfg, 80, 30)
	h.typ("$o") // opens the top-right corner: everything but the mines and (4,3)
	h.typ("0gfx")
	sc := h.snap()
	checkRows(t, sc, "F1   ", "11   ", "  111", "  1##")
	foot := sc.footer()
	if !strings.Contains(foot, "x flag") || !strings.Contains(foot, "o open") || strings.Contains(foot, "f flag") {
		t.Errorf("footer %q; want \"x flag\" and \"o open\", not \"f flag\"", foot)
	}
	h.typ("?")
	sc = h.snap()
	text := sc.String()
	for _, want := range []string{"  x    ", "  o    ", "  O    "} {
		if !strings.Contains(text, want) {
			t.Errorf("help lacks a line for %q:\n%s", strings.TrimSpace(want), sc)
		}
	}
	if strings.Contains(text, "  f  ") || strings.Contains(text, "Enter, Space") {
		t.Errorf("help still lists f or Enter, Space:\n%s", sc)
	}
}

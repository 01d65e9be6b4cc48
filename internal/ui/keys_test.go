package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/play"
)

// keyEvents returns the events a terminal may send for k: a Ctrl-letter
// in each of the three forms ctrlLetter reads.
func keyEvents(k key) []*tcell.EventKey {
	switch {
	case k.ctrl:
		return []*tcell.EventKey{
			tcell.NewEventKey(tcell.KeyCtrlA+tcell.Key(k.r-'a'), 0, tcell.ModCtrl),
			tcell.NewEventKey(tcell.KeyRune, k.r, tcell.ModCtrl),
			tcell.NewEventKey(tcell.KeyRune, unicode.ToUpper(k.r), tcell.ModCtrl|tcell.ModShift),
		}
	case k.code == tcell.KeyRune:
		return []*tcell.EventKey{tcell.NewEventKey(tcell.KeyRune, k.r, tcell.ModNone)}
	case k.shift:
		return []*tcell.EventKey{tcell.NewEventKey(k.code, 0, tcell.ModShift)}
	}
	return []*tcell.EventKey{tcell.NewEventKey(k.code, 0, tcell.ModNone)}
}

func describe(ev *tcell.EventKey) string {
	return fmt.Sprintf("%s (key %d rune %q mod %d)", ev.Name(), ev.Key(), ev.Rune(), ev.Modifiers())
}

// TestKeyTableCommands checks that every key of the table yields its
// command through keyCommand, in every form a terminal sends it.
func TestKeyTableCommands(t *testing.T) {
	for _, r := range keyTable {
		for _, b := range r.keys {
			for _, ev := range keyEvents(b.key) {
				if got := keyCommand(ev); got != b.cmd {
					t.Errorf("keyCommand(%s) = %+v; want %+v (the %q row)", describe(ev), got, b.cmd, r.names())
				}
			}
		}
	}
}

// TestKeyModifiers checks how modifiers the table does not name are read:
// a special key with Shift means what it means alone unless a shifted row
// binds it, and characters ignore Alt.
func TestKeyModifiers(t *testing.T) {
	tests := []struct {
		ev   *tcell.EventKey
		want command
	}{
		{tcell.NewEventKey(tcell.KeyUp, 0, tcell.ModShift), move(0, -5)},
		{tcell.NewEventKey(tcell.KeyUp, 0, tcell.ModShift|tcell.ModCtrl), move(0, -5)},
		{tcell.NewEventKey(tcell.KeyUp, 0, tcell.ModCtrl), move(0, -1)},
		{tcell.NewEventKey(tcell.KeyHome, 0, tcell.ModShift), move(-far, 0)},
		{tcell.NewEventKey(tcell.KeyEnter, 0, tcell.ModShift), command{act: actOpen}},
		{tcell.NewEventKey(tcell.KeyRune, 'f', tcell.ModAlt), command{act: actMark}},
		{tcell.NewEventKey(tcell.KeyRune, 'H', tcell.ModShift), move(-5, 0)},
		{tcell.NewEventKey(tcell.KeyRune, 'x', tcell.ModNone), command{}},
		{tcell.NewEventKey(tcell.KeyRune, 'f', tcell.ModCtrl), command{}},
		{tcell.NewEventKey(tcell.KeyF1, 0, tcell.ModNone), command{}},
	}
	for _, tt := range tests {
		if got := keyCommand(tt.ev); got != tt.want {
			t.Errorf("keyCommand(%s) = %+v; want %+v", describe(tt.ev), got, tt.want)
		}
	}
}

// TestKeyTableNoDuplicates checks that no two entries bind one key, nor
// two keys that reach the game as one event.
func TestKeyTableNoDuplicates(t *testing.T) {
	type event struct {
		k   tcell.Key
		r   rune
		mod tcell.ModMask
	}
	keys := map[key]string{}
	events := map[event]string{}
	for _, r := range keyTable {
		for _, b := range r.keys {
			where := fmt.Sprintf("%v in the %q row", b.key, r.names())
			if prev, dup := keys[b.key]; dup {
				t.Errorf("%s is bound again: %s", where, prev)
			}
			keys[b.key] = where
			for _, ev := range keyEvents(b.key) {
				e := event{ev.Key(), ev.Rune(), ev.Modifiers()}
				if prev, dup := events[e]; dup && prev != where {
					t.Errorf("%s sends %s, as %s does", where, describe(ev), prev)
				}
				events[e] = where
			}
		}
	}
	labels := map[string]bool{}
	for _, r := range keyTable {
		if r.label != "" && labels[r.label] {
			t.Errorf("label %q shown twice", r.label)
		}
		labels[r.label] = true
	}
}

// TestKeyTableRows checks each row's form: keys or a gesture, help text,
// and a footer label that starts with the name of one of its keys.
func TestKeyTableRows(t *testing.T) {
	for _, r := range keyTable {
		if (len(r.keys) == 0) == (r.mouse == "") {
			t.Errorf("row %q: want keys or a mouse gesture, not both or neither", r.names())
		}
		if r.text(Config{}) == "" || r.text(Config{Prefs: Prefs{QuestionMarks: true}}) == "" {
			t.Errorf("row %q has no help text", r.names())
		}
		for _, b := range r.keys {
			if b.cmd.act != r.act() {
				t.Errorf("row %q: %v asks for %v, the row for %v; want one action a row", r.names(), b.key, b.cmd.act, r.act())
			}
		}
		if r.label == "" {
			continue
		}
		if len(r.keys) == 0 {
			t.Errorf("mouse row %q has a footer label %q", r.mouse, r.label)
			continue
		}
		first := strings.ToLower(strings.Fields(r.label)[0])
		names := strings.ToLower(r.names())
		if !slices.Contains(strings.FieldsFunc(names, func(c rune) bool { return c == ',' || c == ' ' }), first) {
			t.Errorf("label %q names none of the row's keys %q", r.label, r.names())
		}
	}
}

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
	h := start(t, cfg, 80, 40)
	h.typ("?")
	sc := h.snap()
	acts := map[action]bool{}
	for _, r := range keyTable {
		text := r.text(cfg)
		shown := slices.ContainsFunc(sc.text, func(line string) bool {
			i := strings.Index(line, "  "+r.names()+"  ")
			return i >= 0 && strings.Contains(line[i:], "  "+text)
		})
		if offer := r.only == nil || r.only(cfg); !offer {
			if shown {
				t.Errorf("help shows the line %q ... %q, which is not offered:\n%s", r.names(), text, sc)
			}
			continue
		}
		if !shown {
			t.Errorf("help lacks the line %q ... %q:\n%s", r.names(), text, sc)
			continue
		}
		for _, b := range r.keys {
			acts[b.cmd.act] = true
			name := b.key.String()
			if !strings.Contains(r.names(), name) && !(b.key.kind() == specialKind && strings.Contains(r.names(), "arrows")) {
				t.Errorf("help names %q for the row of %v", r.names(), name)
			}
		}
	}
	for _, a := range []action{actMove, actOpen, actMark, actNew, actRestart, actPause, actHelp, actQuit, actSuspend, actRedraw} {
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
	var byPrio []keyRow
	for _, r := range keyTable {
		if r.label != "" {
			byPrio = append(byPrio, r)
		}
	}
	slices.SortStableFunc(byPrio, func(a, b keyRow) int { return a.prio - b.prio })
	var got []string
	if footer != "" {
		got = strings.Split(footer, footerSep)
	}
	n := len(got)
	if n > len(byPrio) {
		t.Errorf("width %d: footer %q has %d parts; there are %d labels", width, footer, n, len(byPrio))
		return
	}
	var want []string
	for _, r := range keyTable {
		if r.label != "" && slices.ContainsFunc(byPrio[:n], func(p keyRow) bool { return p.label == r.label }) {
			want = append(want, r.label)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("width %d: footer %q; want the %d first labels by priority, whole, in order: %q", width, footer, n, want)
	}
	if len(footer) > width {
		t.Errorf("width %d: footer %q is %d wide", width, footer, len(footer))
	}
	if n < len(byPrio) && len(footer)+len(footerSep)+len(byPrio[n].label) <= width {
		t.Errorf("width %d: footer %q leaves out %q, which fits", width, footer, byPrio[n].label)
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
		for _, r := range footerRows(keyTable, w) {
			labels = append(labels, r.label)
		}
		checkFooter(t, w, strings.Join(labels, footerSep))
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
		if got := h.th.names[sc.style(x, y)]; got != "bold" {
			t.Errorf("width %d: \"? help\" drawn %s; want bold", tt.width, got)
		}
	}
}

func TestFitWords(t *testing.T) {
	tests := []struct {
		text  string
		width int
		want  string
	}{
		{"cols 1-39 of 200, rows 1-20 of 100", 40, "cols 1-39 of 200, rows 1-20 of 100"},
		{"cols 1-39 of 200, rows 1-20 of 100", 34, "cols 1-39 of 200, rows 1-20 of 100"},
		{"cols 1-39 of 200, rows 1-20 of 100", 33, "cols 1-39 of 200, rows 1-20 of"},
		{"cols 1-39 of 200, rows 1-20 of 100", 25, "cols 1-39 of 200, rows"},
		{"cols 1-39 of 200, rows 1-20 of 100", 4, "cols"},
		{"cols 1-39 of 200, rows 1-20 of 100", 3, ""},
		{"laying 40000 mines on 1024x256...", 0, ""},
	}
	for _, tt := range tests {
		if got := fitWords(tt.text, tt.width); got != tt.want {
			t.Errorf("fitWords(%q, %d) = %q; want %q", tt.text, tt.width, got, tt.want)
		}
	}
}

// TestPageKeys checks that PgDn and PgUp move the cursor and the view by a
// screen less one row, and stop at the board's edges.
func TestPageKeys(t *testing.T) {
	cfg := Config{Start: play.Start{Board: board.Settings{Width: 9, Height: 40, Mines: 10, Rule: board.Opening}, Seed: 1}, Prefs: Prefs{ASCII: true}}
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

// TestHelpWithoutQuestionMarks checks that the help does not offer a
// question mark that -question=false turned off.
func TestHelpWithoutQuestionMarks(t *testing.T) {
	cfg := asciiCfg(t, small)
	cfg.Prefs.QuestionMarks = false
	for _, line := range helpText(keyTable, cfg) {
		if strings.Contains(line, "cycle") || strings.Contains(line, "question") {
			t.Errorf("help line %q offers question marks", line)
		}
	}
}

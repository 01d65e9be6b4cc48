package remote

import (
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// asking is AskName running on a simulated screen, driven by a test.
type asking struct {
	t       *testing.T
	s       tcell.SimulationScreen
	checked chan string // every name check was called with
	done    chan askOutcome
	out     *askOutcome // what AskName returned, once it has
}

type askOutcome struct {
	name string
	ok   bool
}

// ask runs AskName with history.CheckName on a w by h simulated screen.
func ask(t *testing.T, w, h int) *asking {
	t.Helper()
	s := tcell.NewSimulationScreen("UTF-8")
	if err := s.Init(); err != nil {
		t.Fatalf("Init: %v", err)
	}
	s.SetSize(w, h)
	a := &asking{t: t, s: s, checked: make(chan string, 100), done: make(chan askOutcome, 1)}
	go func() {
		name, ok := AskName(s, "Choose a display name for the leaderboard", func(name string) error {
			a.checked <- name
			return history.CheckName(name)
		})
		a.done <- askOutcome{name, ok}
	}()
	t.Cleanup(func() {
		if a.out == nil {
			s.InjectKey(tcell.KeyEsc, 0, tcell.ModNone)
			a.wait()
		}
		s.Fini() // once AskName is done with s
	})
	return a
}

// typ injects each rune of keys; '\n' is Enter.
func (a *asking) typ(keys string) {
	for _, r := range keys {
		if r == '\n' {
			a.s.InjectKey(tcell.KeyEnter, 0, tcell.ModNone)
			continue
		}
		a.s.InjectKey(tcell.KeyRune, r, tcell.ModNone)
	}
}

// snap returns the screen's text, one line a row, and the cursor, once
// every event injected so far is handled.
func (a *asking) snap() (text string, cx, cy int) {
	a.t.Helper()
	got := make(chan string, 1)
	ev := tcell.NewEventInterrupt(func() {
		cells, w, h := a.s.GetContents()
		var b strings.Builder
		for y := range h {
			var line strings.Builder
			for x := 0; x < w; x++ {
				c := cells[y*w+x]
				if len(c.Runes) == 0 {
					line.WriteByte(' ')
					continue
				}
				line.WriteString(string(c.Runes))
				if userfile.Width(string(c.Runes)) == 2 {
					x++ // the wide character's second column
				}
			}
			b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
		}
		got <- strings.TrimRight(b.String(), "\n")
	})
	for a.s.PostEvent(ev) != nil {
		time.Sleep(time.Millisecond)
	}
	select {
	case text = <-got:
	case <-testwait.After(a.t):
		a.t.Fatal("no frame")
	}
	cx, cy, _ = a.s.GetCursor()
	return text, cx, cy
}

// field returns the text of the row of the cursor, from the prompt's "> ".
func field(text string, cy int) string {
	rows := strings.Split(text, "\n")
	if cy >= len(rows) {
		return ""
	}
	_, f, _ := strings.Cut(rows[cy], "> ")
	return f
}

// wait returns what AskName returned.
func (a *asking) wait() askOutcome {
	a.t.Helper()
	if a.out != nil {
		return *a.out
	}
	select {
	case o := <-a.done:
		a.out = &o
		return o
	case <-testwait.After(a.t):
		a.t.Fatal("AskName did not return")
	}
	return askOutcome{}
}

// TestAskName drives the prompt with keys and checks the text, the
// cursor and what AskName returns.
func TestAskName(t *testing.T) {
	type key struct {
		k   tcell.Key
		r   rune
		mod tcell.ModMask
	}
	left, home, end := key{k: tcell.KeyLeft}, key{k: tcell.KeyHome}, key{k: tcell.KeyEnd}
	bs, del := key{k: tcell.KeyBackspace2}, key{k: tcell.KeyDelete}
	tests := []struct {
		name   string
		typed  string
		keys   []key
		field  string // the field's text after them
		cursor int    // the cursor's column in the field
	}{
		{"typing", "Ada", nil, "Ada", 3},
		{"backspace", "Adax", []key{bs}, "Ada", 3},
		{"ctrl-h", "Adax", []key{{k: tcell.KeyCtrlH, mod: tcell.ModCtrl}}, "Ada", 3},
		{"left and insert", "Aa", []key{left, {k: tcell.KeyRune, r: 'd'}}, "Ada", 2},
		{"home, delete", "xAda", []key{home, del}, "Ada", 0},
		{"home, end", "Ada", []key{home, end}, "Ada", 3},
		{"ctrl-u cuts before", "xyAda", []key{left, left, left, {k: tcell.KeyCtrlU, mod: tcell.ModCtrl}}, "Ada", 0},
		{"ctrl-k cuts after", "Adaxy", []key{left, left, {k: tcell.KeyCtrlK, mod: tcell.ModCtrl}}, "Ada", 3},
		{"a mark joins its letter", "Jose\u0301", []key{left, {k: tcell.KeyRune, r: 'x'}}, "Josxe\u0301", 4},
		{"wide", "山田", []key{left}, "山田", 2},
		{"unprintables are not typed", "A\u200bd\u0085a", nil, "Ada", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := ask(t, 80, 24)
			a.typ(tt.typed)
			for _, k := range tt.keys {
				a.s.InjectKey(k.k, k.r, k.mod)
			}
			text, cx, cy := a.snap()
			if got := field(text, cy); got != tt.field {
				t.Errorf("field = %q; want %q\n%s", got, tt.field, text)
			}
			fx := strings.Index(strings.Split(text, "\n")[cy], "> ") + 2
			if got := cx - fx; got != tt.cursor {
				t.Errorf("cursor at column %d of the field; want %d\n%s", got, tt.cursor, text)
			}
		})
	}
}

// TestAskNameScreen checks what the prompt shows: the prompt, the rules
// and the keys.
func TestAskNameScreen(t *testing.T) {
	a := ask(t, 80, 24)
	text, _, _ := a.snap()
	for _, want := range []string{"Choose a display name for the leaderboard", "2 to 20 characters", "between words.", "Enter accepts"} {
		if !strings.Contains(text, want) {
			t.Errorf("the prompt lacks %q:\n%s", want, text)
		}
	}
}

// TestAskNameEnter checks that a name the check refuses is said under the
// field and can be edited, the message going with the edit, and that an
// accepted one is returned trimmed.
func TestAskNameEnter(t *testing.T) {
	a := ask(t, 80, 24)
	a.typ("a\n")
	text, _, cy := a.snap()
	rows := strings.Split(text, "\n")
	if cy+1 >= len(rows) || !strings.Contains(rows[cy+1], "too short") {
		t.Errorf("the line under the field does not say the name is too short:\n%s", text)
	}
	if got := <-a.checked; got != "a" {
		t.Errorf("check(%q); want check(%q)", got, "a")
	}
	a.typ("d")
	if text, _, _ := a.snap(); strings.Contains(text, "too short") {
		t.Errorf("the message stays after an edit:\n%s", text)
	}
	a.typ("a  \n")
	if o := a.wait(); o != (askOutcome{"ada", true}) {
		t.Errorf("AskName = %q, %v; want %q, true", o.name, o.ok, "ada")
	}
}

// TestAskNameCancel checks the ways out without a name.
func TestAskNameCancel(t *testing.T) {
	tests := []struct {
		name string
		do   func(a *asking)
	}{
		{"esc", func(a *asking) { a.s.InjectKey(tcell.KeyEsc, 0, tcell.ModNone) }},
		{"ctrl-c", func(a *asking) { a.s.InjectKey(tcell.KeyCtrlC, 0, tcell.ModCtrl) }},
		{"ctrl-d", func(a *asking) { a.s.InjectKey(tcell.KeyCtrlD, 0, tcell.ModCtrl) }},
		{"finalised", func(a *asking) { a.snap(); a.s.Fini() }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := ask(t, 80, 24)
			a.typ("Ada")
			tt.do(a)
			if o := a.wait(); o.ok || o.name != "" {
				t.Errorf("AskName = %q, %v; want \"\", false", o.name, o.ok)
			}
		})
	}
}

// TestAskNameResize checks that a resize redraws the prompt for the new
// size, and that a field longer than the screen keeps the cursor in
// sight.
func TestAskNameResize(t *testing.T) {
	a := ask(t, 80, 24)
	a.typ(strings.Repeat("x", 30))
	a.snap() // drawn, and waiting for the next event
	a.s.SetSize(20, 10)
	for a.s.PostEvent(tcell.NewEventResize(20, 10)) != nil {
		time.Sleep(time.Millisecond)
	}
	text, cx, cy := a.snap()
	if !strings.Contains(text, "Choose a") || cx >= 20 || cy >= 10 {
		t.Errorf("after a resize to 20x10, the cursor at (%d, %d):\n%s", cx, cy, text)
	}
	if strings.Contains(text, "Choose a display name for the leaderboard") {
		t.Errorf("the prompt is not wrapped to 20 columns:\n%s", text)
	}
}

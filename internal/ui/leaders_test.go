package ui

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui/leaders"
)

// fakeLeaders is a Config.Leaders that remembers the levels it was asked
// for and answers with boards of them, or with err; while gate is not
// nil it waits for gate to close.
type fakeLeaders struct {
	mu    sync.Mutex
	asked []string
	err   error
	gate  chan struct{}
}

func (f *fakeLeaders) read(level string) ([]history.Leaderboard, error) {
	f.mu.Lock()
	f.asked = append(f.asked, level)
	gate := f.gate
	f.mu.Unlock()
	if gate != nil {
		<-gate
	}
	if f.err != nil {
		return nil, f.err
	}
	at := time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC)
	return []history.Leaderboard{
		{Level: level, Date: "2026-01-02", Players: 4, Entries: []history.Entry{
			{Rank: 1, Name: "山田太郎", Result: history.EntryWon, TimeMS: 9876, Speed: 3.04, Date: at},
			{Rank: 2, Name: "Ada Lovelace", Result: history.EntryWon, TimeMS: 12340, Speed: 2.43, Date: at.Add(time.Hour)},
			{Name: "x\x1b[2Jy", Result: history.EntryLost, TimeMS: 4100, Date: at.Add(2 * time.Hour)},
			{Name: "Jose\u0301", Result: history.EntryAssisted, TimeMS: 20000, Date: at.Add(3 * time.Hour)},
		}},
		{Level: level, Players: 1, Entries: []history.Entry{
			{Rank: 1, Name: "Grace", Result: history.EntryWon, TimeMS: 7010, Speed: 4.28, Date: at.AddDate(0, -1, 0)},
		}},
	}, nil
}

func (f *fakeLeaders) levels() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.asked)
}

// beginner returns a config of a random beginner board, on a server
// whose leaderboards f gives.
func beginner(f *fakeLeaders) Config {
	return Config{
		Start:   play.Start{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, Seed: 7},
		Prefs:   Prefs{QuestionMarks: true},
		Leaders: f.read,
	}
}

// waitText snaps the screen until it contains want, or fails.
func (h *harness) waitText(want string) screen {
	h.t.Helper()
	return h.waitUntil(fmt.Sprintf("%q", want), func(sc screen) bool { return strings.Contains(sc.String(), want) })
}

// TestLeadersGolden pins the overlay's screens, text and styles, of a
// beginner board: today's daily board, then, after Tab, the all-time one;
// go test ./internal/ui -update rewrites them.
func TestLeadersGolden(t *testing.T) {
	f := &fakeLeaders{}
	h := start(t, beginner(f), 80, 24)
	h.typ("b")
	checkGolden(t, "leaders-daily", h.waitText("Daily beginner").golden(h.th))
	h.key(tcell.KeyTab, tcell.ModNone)
	checkGolden(t, "leaders-all-time", h.waitText("All-time beginner").golden(h.th))
	if got := f.levels(); !slices.Equal(got, []string{"beginner"}) {
		t.Errorf("Leaders asked for %q; want [beginner]", got)
	}
}

// TestLeadersKeys checks the keys of the open overlay: which switch the
// board, which close it (and only close it), and that each opening reads
// the boards anew.
func TestLeadersKeys(t *testing.T) {
	type press struct {
		k   tcell.Key
		r   rune
		mod tcell.ModMask
	}
	tests := []struct {
		name string
		keys []press
		want string // on the screen after them; "" for the overlay closed
	}{
		{"tab", []press{{k: tcell.KeyTab}}, "All-time beginner"},
		{"tab twice wraps", []press{{k: tcell.KeyTab}, {k: tcell.KeyTab}}, "Daily beginner"},
		{"right", []press{{k: tcell.KeyRight}}, "All-time beginner"},
		{"l", []press{{k: tcell.KeyRune, r: 'l'}}, "All-time beginner"},
		{"left wraps", []press{{k: tcell.KeyLeft}}, "All-time beginner"},
		{"h", []press{{k: tcell.KeyRune, r: 'h'}}, "All-time beginner"},
		{"shift-tab", []press{{k: tcell.KeyBacktab}}, "All-time beginner"},
		{"down scrolls nothing", []press{{k: tcell.KeyDown}}, "Daily beginner"},
		{"ctrl-l redraws", []press{{k: tcell.KeyCtrlL, mod: tcell.ModCtrl}}, "Daily beginner"},
		{"esc", []press{{k: tcell.KeyEsc}}, ""},
		{"q", []press{{k: tcell.KeyRune, r: 'q'}}, ""},
		{"b again", []press{{k: tcell.KeyRune, r: 'b'}}, ""},
		{"any other key", []press{{k: tcell.KeyRune, r: 'x'}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeLeaders{}
			h := start(t, beginner(f), 80, 24)
			h.typ("b")
			h.waitText("Board 1 of 2")
			for _, p := range tt.keys {
				h.s.InjectKey(p.k, p.r, p.mod)
			}
			sc := h.snap()
			if h.ended() {
				t.Fatalf("the game ended; want it to go on:\n%s", sc)
			}
			switch {
			case tt.want == "" && strings.Contains(sc.String(), "Leaderboards"):
				t.Errorf("the overlay is still open:\n%s", sc)
			case tt.want != "" && !strings.Contains(sc.String(), tt.want):
				t.Errorf("the screen lacks %q:\n%s", tt.want, sc)
			}
			if tt.want == "" {
				h.typ("b")
				h.waitText("Board 1 of 2")
				if got := f.levels(); len(got) != 2 {
					t.Errorf("Leaders asked for %q; want the level once each time the overlay opens", got)
				}
			}
		})
	}
}

// TestLeadersCtrlC checks that Ctrl-C in the overlay ends the game, as on
// every overlay.
func TestLeadersCtrlC(t *testing.T) {
	h := start(t, beginner(&fakeLeaders{}), 80, 24)
	h.typ("b")
	h.waitText("Daily beginner")
	h.key(tcell.KeyCtrlC, tcell.ModCtrl)
	h.wait()
}

// TestLeadersOffServer checks b when the game is not on a server: it is
// not offered in the footer, and says why it does nothing.
func TestLeadersOffServer(t *testing.T) {
	cfg := beginner(nil)
	cfg.Leaders = nil
	h := start(t, cfg, 160, 24)
	if sc := h.snap(); strings.Contains(sc.String(), "b leaders") {
		t.Errorf("the footer offers b off a server:\n%s", sc)
	}
	h.typ("b")
	sc := h.snap()
	if !strings.Contains(sc.String(), leaders.None) || strings.Contains(sc.String(), "Leaderboards") {
		t.Errorf("b off a server:\n%s\nwant the footer to say %q", sc, leaders.None)
	}

	h = start(t, beginner(&fakeLeaders{}), 160, 24)
	if sc := h.snap(); !strings.Contains(sc.String(), "b leaders") {
		t.Errorf("the footer of a wide screen does not offer b on a server:\n%s", sc)
	}
}

// TestLeadersCustom checks that a board of no level shows the boards of
// every level.
func TestLeadersCustom(t *testing.T) {
	f := &fakeLeaders{}
	cfg := fixed(t, small)
	cfg.Leaders = f.read
	h := start(t, cfg, 80, 24)
	h.typ("b")
	sc := h.waitText("Board 1 of 6")
	if !strings.Contains(sc.String(), "Daily beginner 2026-01-02") {
		t.Errorf("the first board:\n%s\nwant beginner's daily", sc)
	}
	if got, want := f.levels(), []string{"beginner", "intermediate", "expert"}; !slices.Equal(got, want) {
		t.Errorf("Leaders asked for %q; want %q", got, want)
	}
	h.key(tcell.KeyBacktab, tcell.ModNone)
	h.waitText("All-time expert")
}

// TestLeadersError checks that a failed read is said in the overlay, on
// one line, made printable.
func TestLeadersError(t *testing.T) {
	f := &fakeLeaders{err: errors.New("database gone\x1b[2J")}
	h := start(t, beginner(f), 80, 24)
	h.typ("b")
	sc := h.waitText("cannot be read")
	if !strings.Contains(sc.String(), "database gone\uFFFD[2J") {
		t.Errorf("the error is not shown made printable:\n%s", sc)
	}
}

// TestLeadersReading checks the overlay while the boards are read, and
// that boards read after it closed are dropped.
func TestLeadersReading(t *testing.T) {
	f := &fakeLeaders{gate: make(chan struct{})}
	h := start(t, beginner(f), 80, 24)
	h.typ("b")
	h.waitText("reading the leaderboards...")
	h.key(tcell.KeyEsc, tcell.ModNone)
	h.snap()
	close(f.gate)
	time.Sleep(20 * time.Millisecond) // the job's answer comes back, to be dropped
	if sc := h.snap(); strings.Contains(sc.String(), "Leaderboards") {
		t.Errorf("the boards read after the overlay closed opened it again:\n%s", sc)
	}
}

// TestLeadersNarrow checks the table on narrow screens: names are cut so
// that the rows fit, what is left is cut at the box, and no cell holds
// a character a terminal would act on.
func TestLeadersNarrow(t *testing.T) {
	for _, w := range []int{80, 60, 50, 30} {
		h := start(t, beginner(&fakeLeaders{}), w, 24)
		h.typ("b")
		sc := h.waitText("Board 1 of 2")
		for _, c := range sc.cells {
			for _, r := range c.Runes {
				if r < ' ' || r == 0x7f {
					t.Errorf("width %d: a cell holds %U:\n%s", w, r, sc)
				}
			}
		}
		if w >= 60 && !strings.Contains(sc.String(), "9.88 s") {
			t.Errorf("width %d: the times are cut:\n%s", w, sc)
		}
		if w == 50 && !strings.Contains(sc.String(), "Ada…") {
			t.Errorf("width %d: the names are not cut to fit:\n%s", w, sc)
		}
	}
}

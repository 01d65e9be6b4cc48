package ui

import (
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/gdamore/tcell/v2/terminfo"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// ttyKeyTimes returns keyTimes on tcell's real terminal screen made from
// ti on a fake terminal.
func ttyKeyTimes(tb testing.TB, ti *terminfo.Terminfo, n int) []time.Duration {
	tb.Helper()
	tb.Setenv("NO_COLOR", "")
	tb.Setenv("LC_ALL", "en_US.UTF-8")
	useEncodings()
	s, err := tcell.NewTerminfoScreenFromTtyTerminfo(newFakeTty(), ti)
	if err != nil {
		tb.Fatalf("NewTerminfoScreenFromTtyTerminfo: %v", err)
	}
	if err := s.Init(); err != nil {
		tb.Fatalf("Init: %v", err)
	}
	defer s.Fini()
	return keyTimes(tb, s, n)
}

// keyTimes plays the nine board on s, opens a corner, and returns how
// long each of n cursor moves takes: from the key's event to the loop
// past the frame it showed.
func keyTimes(tb testing.TB, s tcell.Screen, n int) []time.Duration {
	tb.Helper()
	b, err := board.Parse(nine)
	if err != nil {
		tb.Fatalf("board.Parse: %v", err)
	}
	cfg := Config{
		Start: Start{Board: board.Settings{Width: b.Width(), Height: b.Height(), Mines: b.Mines(), Rule: board.Opening}, Seed: 42, Fixed: true, Mines: b.Layout()},
		Tick:  -1,
	}
	done := make(chan error, 1)
	go func() {
		_, err := Run(s, cfg)
		done <- err
	}()
	shown := make(chan struct{})
	key := func(k *tcell.EventKey) {
		_ = s.PostEvent(k)
		_ = s.PostEvent(tcell.NewEventInterrupt(func() { shown <- struct{}{} }))
		select {
		case <-shown:
		case <-time.After(10 * time.Second):
			tb.Fatal("no frame after a key")
		}
	}
	key(tcell.NewEventKey(tcell.KeyEnter, 0, tcell.ModNone)) // open the corner
	times := make([]time.Duration, n)
	for i := range times {
		r := 'l'
		if i%2 == 1 {
			r = 'h'
		}
		at := time.Now()
		key(tcell.NewEventKey(tcell.KeyRune, r, tcell.ModNone))
		times[i] = time.Since(at)
	}
	_ = s.PostEvent(tcell.NewEventKey(tcell.KeyRune, 'q', tcell.ModNone))
	select {
	case err := <-done:
		if err != nil {
			tb.Errorf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		tb.Fatal("the game did not end")
	}
	return times
}

// lookup returns a copy of the registry's description of term.
func lookup(tb testing.TB, term string) *terminfo.Terminfo {
	tb.Helper()
	ti, err := terminfo.LookupTerminfo(term)
	if err != nil {
		tb.Fatalf("LookupTerminfo(%q): %v", term, err)
	}
	own := *ti
	return &own
}

// BenchmarkVT100Key measures one cursor move under TERM=vt100, the
// registry's description as tcell gives it (padded) beside the one the
// game uses (screenTerminfo), in the same run.
func BenchmarkVT100Key(b *testing.B) {
	var padded, game time.Duration
	keys := 0
	for b.Loop() {
		for _, d := range ttyKeyTimes(b, lookup(b, "vt100"), 4) {
			padded += d
		}
		for _, d := range ttyKeyTimes(b, screenTerminfo(lookup(b, "vt100")), 4) {
			game += d
		}
		keys += 4
	}
	b.ReportMetric(millis(padded)/float64(keys), "padded-ms/key")
	b.ReportMetric(millis(game)/float64(keys), "game-ms/key")
	b.ReportMetric(float64(padded)/float64(game), "speed-up")
}

// maxKeyTime is the longest the quickest of a few cursor moves may take
// to redraw: a third of the 33 ms of delays that vt100's description asks
// for after the five cursor addresses and four attributes of one move,
// and far above the 0.2 ms it takes without them.
const maxKeyTime = 10 * time.Millisecond

// TestOldTerminalsUnpadded checks that one cursor move redraws quickly on
// the screens of terminals whose descriptions ask for delays, as Play
// (newScreen) and a remote session (OpenRemote) make them: tcell slept
// through the delays, 33 ms a key under TERM=vt100. The quickest of a
// few keys counts, so that a busy machine does not fail the test; a
// delay is a sleep, never shorter.
func TestOldTerminalsUnpadded(t *testing.T) {
	const keys = 8
	for _, term := range []string{"vt100", "vt102"} {
		if ti := lookup(t, term); ti.PadChar == "" || !strings.Contains(ti.SetCursor+ti.AttrOff, "$<") {
			t.Errorf("TERM=%s: the registry's description has no padding: %q, %q; want a terminal that asks for delays", term, ti.SetCursor, ti.AttrOff)
		}
		t.Run(term+"/play", func(t *testing.T) {
			t.Setenv("NO_COLOR", "")
			t.Setenv("LC_ALL", "en_US.UTF-8")
			useEncodings()
			s, err := newScreen(newFakeTty(), term)
			if err != nil {
				t.Fatalf("newScreen(%q): %v", term, err)
			}
			if err := s.Init(); err != nil {
				t.Fatalf("Init: %v", err)
			}
			defer s.Fini()
			if got := slices.Min(keyTimes(t, s, keys)); got > maxKeyTime {
				t.Errorf("TERM=%s: the quickest of %d cursor moves took %v; want at most %v", term, keys, got, maxKeyTime)
			}
		})
		t.Run(term+"/remote", func(t *testing.T) {
			in, w := io.Pipe()
			defer w.Close()
			r, err := OpenRemote(RemoteTerminal{In: in, Out: io.Discard, Term: term, Width: 80, Height: 24})
			if err != nil {
				t.Fatalf("OpenRemote(%q): %v", term, err)
			}
			defer r.Close()
			if got := slices.Min(keyTimes(t, r.s, keys)); got > maxKeyTime {
				t.Errorf("TERM=%s over a connection: the quickest of %d cursor moves took %v; want at most %v", term, keys, got, maxKeyTime)
			}
		})
	}
}

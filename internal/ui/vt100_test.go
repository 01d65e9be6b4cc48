package ui

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/gdamore/tcell/v2/terminfo"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
)

// ttyKeyTimes returns keyTimes on tcell's real terminal screen made from
// ti on a fake terminal.
func ttyKeyTimes(tb testing.TB, ti *terminfo.Terminfo, n int) []time.Duration {
	tb.Helper()
	tb.Setenv("NO_COLOR", "")
	tb.Setenv("LC_ALL", "en_US.UTF-8")
	term.UseEncodings()
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
		Start: play.Start{Board: board.Settings{Width: b.Width(), Height: b.Height(), Mines: b.Mines(), Rule: board.Opening}, Seed: 42, Fixed: true, Mines: b.Layout()},
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
		case <-testwait.After(tb):
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
	case <-testwait.After(tb):
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
// game uses (term.Unpadded), in the same run.
func BenchmarkVT100Key(b *testing.B) {
	var padded, game time.Duration
	keys := 0
	for b.Loop() {
		for _, d := range ttyKeyTimes(b, lookup(b, "vt100"), 4) {
			padded += d
		}
		for _, d := range ttyKeyTimes(b, term.Unpadded(lookup(b, "vt100")), 4) {
			game += d
		}
		keys += 4
	}
	b.ReportMetric(millis(padded)/float64(keys), "padded-ms/key")
	b.ReportMetric(millis(game)/float64(keys), "game-ms/key")
	b.ReportMetric(float64(padded)/float64(game), "speed-up")
}

// TestOldTerminalsUnpadded checks that the game's screens, local and
// remote, drop the padding of old terminals' descriptions, the cause of
// the 33 ms a key under TERM=vt100 (BenchmarkVT100Key times it): tcell
// sleeps for every "$<n>" of a description with a pad character. The
// registry's own description, which other screens share, is left as it
// was.
func TestOldTerminalsUnpadded(t *testing.T) {
	for _, name := range []string{"vt100", "vt102"} {
		ti := lookup(t, name)
		if ti.PadChar == "" || !strings.Contains(ti.SetCursor+ti.AttrOff, "$<") {
			t.Fatalf("TERM=%s: the registry's description has no padding: %q, %q; want a terminal that asks for delays", name, ti.SetCursor, ti.AttrOff)
		}
		own := *ti
		got := term.Unpadded(&own)
		if got.PadChar != "" {
			t.Errorf("TERM=%s: the screen's description pads with %q; want none", name, got.PadChar)
		}
		if got.SetCursor != ti.SetCursor || got.Name != ti.Name {
			t.Errorf("TERM=%s: the screen's description changed more than its padding: %q, want %q", name, got.SetCursor, ti.SetCursor)
		}
		if ti.PadChar == "" {
			t.Errorf("TERM=%s: the registry's description lost its padding", name)
		}
		// Both screens start on it and draw.
		s, err := term.NewScreen(newFakeTty(), name)
		if err != nil {
			t.Fatalf("term.NewScreen(%q): %v", name, err)
		}
		if err := s.Init(); err != nil {
			t.Fatalf("Init: %v", err)
		}
		s.Fini()
		in, w := io.Pipe()
		r, err := remote.Open(remote.Terminal{In: in, Out: io.Discard, Term: name, Width: 80, Height: 24})
		if err != nil {
			t.Fatalf("remote.Open(%q): %v", name, err)
		}
		r.Close()
		w.Close()
	}
}

package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
)

// TestClockCountsPlayOnly checks that the clock stands still while the
// player cannot play: paused, with the help or the statistics over the
// board, with the terminal too small to show it, and while the mines of
// the first opening are laid; and that it runs again after each.
func TestClockCountsPlayOnly(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("$\n") // the clock starts
	h.snap()
	clock := func(what string, want int) {
		t.Helper()
		h.post(tcell.NewEventInterrupt(tick{}))
		got := h.snap().headerLine()
		if strings.HasPrefix(got, "Mines") && !strings.Contains(got, fmt.Sprintf("Time %d ", want)) {
			t.Errorf("%s: header %q; want Time %d", what, got, want)
		}
	}
	// The help and a terminal too small hide the header: the times shown
	// once they are gone say that the clock stood still meanwhile.
	steps := []struct {
		what    string
		do      func()
		advance time.Duration
		want    int
	}{
		{"playing", func() {}, 2 * time.Second, 2},
		{"in the help", func() { h.typ("?") }, time.Minute, 2},
		{"the help closed", func() { h.typ("x") }, 3 * time.Second, 5},
		{"in the statistics", func() { h.typ("i") }, time.Minute, 5},
		{"the statistics closed", func() { h.typ(" ") }, time.Second, 6},
		{"paused", func() { h.typ("p") }, time.Minute, 6},
		{"paused, in the help", func() { h.typ("?") }, time.Minute, 6},
		{"paused, the help closed", func() { h.typ("x") }, time.Minute, 6},
		{"resumed", func() { h.typ("p") }, time.Second, 7},
		{"too small", func() { h.resize(10, 3) }, time.Minute, 7},
		{"large enough again", func() { h.resize(80, 24) }, 4 * time.Second, 11},
	}
	for _, st := range steps {
		st.do()
		h.snap()
		h.clock.advance(st.advance)
		clock(st.what, st.want)
	}
	h.typ("q")
	if got := h.wait().res.Elapsed; got != 11*time.Second {
		t.Errorf("Run's clock = %v; want 11s", got)
	}
}

// TestClockNotWhileLaying checks that the seconds a huge board takes to
// lay its mines after the first opening are not on the clock.
func TestClockNotWhileLaying(t *testing.T) {
	cfg := bigCfg()
	release := holdLaying(t, &cfg)
	h := start(t, cfg, 80, 24)
	h.typ("\n")
	h.snap()
	h.clock.advance(30 * time.Second) // laying
	release()
	h.waitLaid()
	h.clock.advance(2 * time.Second)
	h.post(tcell.NewEventInterrupt(tick{}))
	if got := h.snap().headerLine(); !strings.Contains(got, "Time 2 ") {
		t.Errorf("header %q; want Time 2: the laying does not count", got)
	}
}

package ui

import (
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
)

// postScreen is a screen whose posted events go to a channel, where the
// test plays the loop.
type postScreen struct {
	tcell.Screen // nil: only PostEvent is called
	events       chan tcell.Event
}

func (p *postScreen) PostEvent(ev tcell.Event) error {
	p.events <- ev
	return nil
}

// TestTicksDoNotPileUp checks that the clock's ticks are jobs that the
// loop starts one at a time: a tick comes back, and only once the loop has
// handled it is the next one started. On main before the ticks were jobs,
// a loop slower than the clock (a 512x256 screen under the race detector)
// found the event queue full of ticks, and a key waited behind them for
// minutes.
func TestTicksDoNotPileUp(t *testing.T) {
	p := &postScreen{events: make(chan tcell.Event, 16)}
	cfg := Config{Start: play.Start{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, Seed: 1}}
	g, err := firstGame(cfg)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	u := newUI(p, g, cfg, done)
	defer close(done)
	defer u.stopAll()
	u.tickEvery = 1 // a nanosecond: a clock far faster than any loop
	u.tick(p)
	for i := range 10 {
		ev := <-p.events
		if n := len(p.events); n != 0 {
			t.Fatalf("tick %d: %d more events queued behind it; want none before it is handled", i, n)
		}
		if d, ok := ev.(*tcell.EventInterrupt).Data().(jobDone); !ok || d.kind != jobTick {
			t.Fatalf("tick %d: event %v; want a tick job's answer", i, ev)
		}
		u.handle(p, ev)
		if !u.running(jobTick) {
			t.Fatalf("tick %d handled: no next tick running; want one", i)
		}
	}
}

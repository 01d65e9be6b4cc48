package ui

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
)

// countingPoster counts the events posted to it.
type countingPoster struct{ n atomic.Int64 }

func (p *countingPoster) PostEvent(tcell.Event) error {
	p.n.Add(1)
	return nil
}

// TestTicksDoNotPileUp checks that the clock posts no tick while the last
// one waits to be handled: a loop slower than the clock (a 512x256 screen
// under the race detector) filled the event queue with ticks on main, and
// a key waited behind them for minutes. Once the loop handles the tick,
// the next is posted.
func TestTicksDoNotPileUp(t *testing.T) {
	p := &countingPoster{}
	c := make(chan time.Time) // unbuffered: a send returns once ticks took it
	done := make(chan struct{})
	var queued atomic.Bool
	ended := make(chan struct{})
	go func() {
		ticks(p, c, done, &queued)
		close(ended)
	}()
	for range 10 {
		c <- time.Time{}
	}
	c <- time.Time{} // the tenth was handled by ticks
	if got := p.n.Load(); got != 1 {
		t.Errorf("%d ticks posted while the first waited; want 1", got)
	}
	queued.Store(false) // the loop handled it
	c <- time.Time{}
	c <- time.Time{}
	if got := p.n.Load(); got != 2 {
		t.Errorf("%d ticks posted after the first was handled; want 2", got)
	}
	close(done)
	<-ended
}

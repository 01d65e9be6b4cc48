// Package testwait gives tests the one time limit a wait for a state may
// have: the test binary's own deadline. A test waits for a state (a
// screen, a row, a session's end), never for a duration a busy machine
// may exceed; the limit only turns a hang into a failure that says what
// was awaited, rather than the binary's panic at -timeout. No correct
// program comes near it, however loaded the machine.
package testwait

import (
	"context"
	"testing"
	"time"
)

// margin is how long before the binary's deadline a wait gives up, so
// that the failure, the clean-ups and the logs still have time to run:
// 30 s, or a tenth of a shorter -timeout.
const margin = 30 * time.Second

// started is about when the test binary started: with its deadline, it
// gives the -timeout, which a short margin is a tenth of.
var started = time.Now()

// noDeadline is how long a wait lasts without a deadline: -timeout 0, or
// a benchmark, which has none.
const noDeadline = time.Hour

// Limit returns when a wait of t for a state gives up: shortly before the
// test binary's deadline, the same time for every wait, or an hour from
// now without one.
func Limit(t testing.TB) time.Time {
	if dt, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		if d, ok := dt.Deadline(); ok {
			return d.Add(-min(margin, d.Sub(started)/10))
		}
	}
	return time.Now().Add(noDeadline)
}

// After returns a channel that receives at Limit(t), for a select that
// waits for a state.
func After(t testing.TB) <-chan time.Time {
	return time.After(time.Until(Limit(t)))
}

// Context returns a context done at Limit(t), for a call that waits for a
// state (a shutdown that waits for its sessions' ends), and its cancel.
func Context(t testing.TB) (context.Context, context.CancelFunc) {
	return context.WithDeadline(context.Background(), Limit(t))
}

// Until calls ok every few milliseconds until it reports true, and
// reports whether it did before Limit(t).
func Until(t testing.TB, ok func() bool) bool {
	return Every(t, 20*time.Millisecond, ok)
}

// Every is Until with pauses that grow to most: for a check that costs
// more than a few milliseconds' wait, such as one that starts a process
// (tmux's capture-pane).
func Every(t testing.TB, most time.Duration, ok func() bool) bool {
	limit := Limit(t)
	for pause := time.Millisecond; !ok(); pause = min(2*pause, most) {
		if time.Now().After(limit) {
			return ok()
		}
		time.Sleep(pause)
	}
	return true
}

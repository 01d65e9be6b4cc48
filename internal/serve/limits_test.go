package serve

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// limits returns the default limits with the changes of f, and no limit
// of connections a minute or connecting from one address unless f sets
// one: a test's clients all come from one address.
func limits(f func(*Limits)) Limits {
	l := DefaultLimits
	l.PerMinute, l.ConnectingPerAddress = 0, 0
	f(&l)
	return l
}

// The server ends a session for its own reasons with a line that says
// why, after its screen is closed. Each case waits for its limit, on a
// server of its own, in parallel with the others.
func TestServerEnds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		limits Limits
		end    func(*testing.T, *testServer)
		want   string
	}{
		{"idle", limits(func(l *Limits) { l.Idle = time.Second }), nil, "no key for a while, so the session ended: ssh again to play on"},
		{"length", limits(func(l *Limits) { l.Session = time.Second }), nil, "the session reached the server's longest: ssh again to play on"},
		{"shutdown", limits(func(*Limits) {}), func(t *testing.T, ts *testServer) {
			ctx, cancel := testwait.Context(t)
			defer cancel()
			if err := ts.Shutdown(ctx); err != nil {
				t.Errorf("Shutdown: %v", err)
			}
		}, "the server is stopping: ssh again to play on"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ts := startServer(t, Config{Limits: tt.limits})
			tm := open(t, ts.dial(t, nil), 80, 24)
			tm.waitFor("q quit")
			if tt.end != nil {
				tt.end(t, ts)
			}
			if got := tm.wait(); got != 0 {
				t.Errorf("exit status %d, want 0", got)
			}
			if out := tm.output(); !strings.Contains(out, tt.want+"\r\n") {
				t.Errorf("output ends %q, want the line %q", tail(out), tt.want)
			}
		})
	}
}

// Sessions beyond the limit are turned away with a line; the ones
// playing play on.
func TestSessionLimit(t *testing.T) {
	ts := startServer(t, Config{Limits: limits(func(l *Limits) { l.Sessions = 1 })})
	first := open(t, ts.dial(t, nil), 80, 24)
	first.waitFor("q quit")
	second := open(t, ts.dial(t, nil), 80, 24)
	if got := second.wait(); got != 1 {
		t.Errorf("second session: exit status %d, want 1", got)
	}
	if got, want := second.errs.String(), "minesweeper: the server is full (1 games at once): try again in a minute\r\n"; got != want {
		t.Errorf("second session: stderr %q, want %q", got, want)
	}
	first.send("q")
	if got := first.wait(); got != 0 {
		t.Errorf("first session: exit status %d, want 0", got)
	}
}

// A flood of connections from one address: those beyond the limit a
// minute are closed before their handshake, while a player already
// playing plays on, every key drawn. The flood lasts until the player's
// keys are drawn: a server it held would draw none while it runs. The
// server's clock stands still, so that the flood, however long a busy
// machine makes it, stays in one minute of the limit.
func TestRateLimit(t *testing.T) {
	frozen := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	ts := startServer(t, Config{
		Now: func() time.Time { return frozen },
		// No handshake deadline: it would be set on the clock that
		// stands still, long past.
		Limits: limits(func(l *Limits) { l.PerMinute, l.Handshake = 3, 0 }),
	})
	tm := open(t, ts.dial(t, nil), 80, 24)
	tm.waitFor("q quit")
	var attempts, refused atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				attempts.Add(1)
				c, err := ts.tryDial(nil)
				if err != nil {
					refused.Add(1)
					continue
				}
				c.Close()
			}
		}()
	}
	halt := sync.OnceFunc(func() { close(stop); wg.Wait() })
	defer halt() // when the test fails before the flood's end
	if !testwait.Until(t, func() bool { return refused.Load() >= 100 }) {
		t.Fatalf("%d of %d connections refused by the test's deadline, want 100 at least", refused.Load(), attempts.Load())
	}
	for key := range 20 {
		before := len(tm.output())
		tm.send("lh"[key%2 : key%2+1])
		if !testwait.Until(t, func() bool { return len(tm.output()) > before }) {
			t.Fatalf("key %d: no frame during the flood by the test's deadline", key)
		}
	}
	halt()
	if got, want := refused.Load(), attempts.Load()-2; got != want { // the player's connection and two more were allowed
		t.Errorf("%d of %d connections refused, want %d", got, attempts.Load(), want)
	}
	tm.send("q")
	if got := tm.wait(); got != 0 {
		t.Errorf("the player's exit status %d, want 0", got)
	}
}

// A panic in one session ends it with a line to its player; another
// session plays on.
func TestPanicEndsOneSession(t *testing.T) {
	var boom atomic.Bool
	var seeds atomic.Uint64
	ts := startServer(t, Config{NewSeed: func() uint64 {
		if boom.Load() {
			panic("injected")
		}
		return seeds.Add(1)
	}})
	a := open(t, ts.dial(t, nil), 80, 24)
	b := open(t, ts.dial(t, nil), 80, 24)
	a.waitFor("q quit")
	b.waitFor("q quit")
	boom.Store(true)
	a.send("n")
	if got := a.wait(); got != 1 {
		t.Errorf("the panicking session: exit status %d, want 1", got)
	}
	if want := "this session failed on the server (injected): ssh again to play on; other players are not affected"; !strings.Contains(a.output(), want) {
		t.Errorf("the panicking session's output ends %q, want %q", tail(a.output()), want)
	}
	boom.Store(false)
	b.send("n")
	b.send("q")
	if got := b.wait(); got != 0 {
		t.Errorf("the other session: exit status %d, want 0", got)
	}
	if !strings.Contains(ts.logs.String(), "panic: injected") {
		t.Errorf("the log has no panic: %q", ts.logs.String())
	}
}

// The largest board a session may play is the server's.
func TestChooseLimit(t *testing.T) {
	s := &Game{cfg: Config{Limits: limits(func(l *Limits) { l.Width, l.Height = 100, 50 }),
		Choose: func(b board.Settings) (board.Layout, error) { return nil, b.Check() }}}
	cells := host.NewBudget(0)
	tests := []struct {
		w, h int
		ok   bool
	}{{100, 50, true}, {101, 50, false}, {100, 51, false}, {9, 9, true}}
	for _, tt := range tests {
		_, err := s.choose(cells.Hold(), board.Settings{Width: tt.w, Height: tt.h, Mines: 5, Rule: board.Opening})
		if got := err == nil; got != tt.ok {
			t.Errorf("%dx%d: error %v, want ok %v", tt.w, tt.h, err, tt.ok)
		}
	}
}

// A connection that plays nothing is closed after Limits.Handshake: it
// holds no place for long. One that plays has no such limit: it draws
// after the idle one was closed. The test waits, on a server of its own,
// in parallel with the others.
//
// The playing connection is made while the server's clock runs an hour
// ahead, so that its handshake has an hour, however busy the machine;
// then the clock is set back, and the idle connection has 300 ms. Its
// handshake may take longer than that on a busy machine: it is then
// closed during the handshake, which shows the limit as well.
func TestConnectionDeadline(t *testing.T) {
	t.Parallel()
	var ahead atomic.Int64
	ahead.Store(int64(time.Hour))
	now := func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
	ts := startServer(t, Config{Now: now, Limits: limits(func(l *Limits) { l.Handshake = 300 * time.Millisecond })})
	playing := open(t, ts.dial(t, nil), 80, 24)
	playing.waitFor("q quit")
	ahead.Store(0)
	if idle, err := ts.tryDial(nil); err != nil {
		if !testwait.Until(t, func() bool {
			return strings.Contains(ts.logs.String(), "handshake: ") && strings.Contains(ts.logs.String(), "i/o timeout")
		}) {
			t.Fatalf("the idle connection's handshake failed (%v), but not for its deadline", err)
		}
	} else {
		t.Cleanup(func() { idle.Close() })
		closed := make(chan error, 1)
		go func() { closed <- idle.Wait() }()
		select {
		case <-closed:
		case <-testwait.After(t):
			t.Fatalf("the idle connection was not closed by the test's deadline")
		}
		if _, err := idle.NewSession(); err == nil {
			t.Errorf("a connection closed for its deadline opened a session")
		}
	}
	before := len(playing.output())
	playing.send("l")
	if !testwait.Until(t, func() bool { return len(playing.output()) > before }) {
		t.Errorf("the playing session drew nothing after the deadline")
	}
	playing.send("q")
	if got := playing.wait(); got != 0 {
		t.Errorf("exit status %d, want 0", got)
	}
}

// A connection has one game at a time.
func TestChannelLimit(t *testing.T) {
	ts := startServer(t, Config{})
	c := ts.dial(t, nil)
	for i := range host.MaxChannels {
		if _, err := c.NewSession(); err != nil {
			t.Fatalf("session %d: %v", i+1, err)
		}
	}
	_, err := c.NewSession()
	if err == nil || !strings.Contains(err.Error(), "one game at a time on a connection") {
		t.Errorf("session %d: %v, want refused", host.MaxChannels+1, err)
	}
}

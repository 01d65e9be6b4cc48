package serve

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"golang.org/x/crypto/ssh"
)

// stamps times, for each key a player sends, the first bytes a client
// gets after it: the frame of that key (the clock's ticks are off).
type stamps struct {
	keys *keyClock
	mu   sync.Mutex
	last int64 // the last key stamped
	took []time.Duration
}

func (s *stamps) Write(p []byte) (int, error) {
	k, at := s.keys.current()
	s.mu.Lock()
	if k > s.last {
		s.last = k
		s.took = append(s.took, time.Since(at))
	}
	s.mu.Unlock()
	return len(p), nil
}

// stamped reports whether key k's frame came.
func (s *stamps) stamped(k int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last >= k
}

// keyClock is the key a player sent last, and when.
type keyClock struct {
	mu sync.Mutex
	n  int64
	at time.Time
}

func (c *keyClock) current() (int64, time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n, c.at
}

func (c *keyClock) send(in io.Writer, key string) (int64, error) {
	c.mu.Lock()
	c.n++
	c.at = time.Now()
	n := c.n
	c.mu.Unlock()
	_, err := io.WriteString(in, key)
	return n, err
}

// quantile returns the q quantile of d.
func quantile(d []time.Duration, q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	d = slices.Clone(d)
	slices.Sort(d)
	return d[min(int(q*float64(len(d))), len(d)-1)]
}

// BenchmarkWatch plays one game at a key every 50 ms (the cursor, to and
// fro) watched by 0, 1, 50 and 200 viewers, each on an SSH connection of
// its own in this process: the move-to-viewer-frame p50 and p99 (from
// the player's key sent to the first byte of its frame at each viewer),
// and the player's own key-to-frame p99, against the unwatched game's.
// Run it alone: go test -run '^$' -bench Watch -benchtime 1x ./internal/serve/
func BenchmarkWatch(b *testing.B) {
	const keys = 60
	var alone time.Duration
	for _, n := range []int{0, 1, 50, 200} {
		b.Run(fmt.Sprintf("viewers=%d", n), func(b *testing.B) {
			for range b.N {
				cfg := Config{Limits: limits(func(l *Limits) { l.Viewers = 0 })}
				cfg.tick = -1 // frames of keys alone
				ts := startServer(b, cfg)
				clock := &keyClock{}
				player := &stamps{keys: clock}
				key := testKey(b)
				if err := ts.cfg.Players.SetName(context.Background(), host.Fingerprint(key), "Watched"); err != nil {
					b.Fatal(err)
				}
				in := benchClient(b, ts, key, "", player)
				if !waitUntil(func() bool { _, ok := ts.game.lobby.find("Watched"); return ok }) {
					b.Fatal("the player's game is not listed by the deadline")
				}
				l, _ := ts.game.lobby.find("Watched")
				viewers := make([]*stamps, n)
				for i := range viewers {
					viewers[i] = &stamps{keys: clock}
					benchClient(b, ts, nil, "watch Watched", viewers[i])
				}
				if !waitUntil(func() bool { return l.Viewers() == n }) {
					b.Fatalf("%d viewers by the deadline; want %d", l.Viewers(), n)
				}
				b.ResetTimer()
				for k := range keys {
					start := time.Now()
					sent, err := clock.send(in, "lh"[k%2:k%2+1])
					if err != nil {
						b.Fatal(err)
					}
					waitUntil(func() bool {
						if !player.stamped(sent) {
							return false
						}
						for _, v := range viewers {
							if !v.stamped(sent) {
								return false
							}
						}
						return true
					})
					time.Sleep(time.Until(start.Add(50 * time.Millisecond)))
				}
				b.StopTimer()
				var all []time.Duration
				for _, v := range viewers {
					all = append(all, v.took...)
				}
				p99 := quantile(player.took, 0.99)
				if n == 0 {
					alone = p99
				} else {
					b.ReportMetric(float64(quantile(all, 0.5).Microseconds())/1000, "viewer-p50-ms")
					b.ReportMetric(float64(quantile(all, 0.99).Microseconds())/1000, "viewer-p99-ms")
				}
				b.ReportMetric(float64(p99.Microseconds())/1000, "player-p99-ms")
				if alone > 0 && n > 0 {
					b.ReportMetric(float64(p99)/float64(alone), "player-p99/unwatched")
				}
			}
		})
	}
}

// benchClient connects to ts with key (a guest when nil), runs command (a
// shell when "") on a terminal of 80 by 24 whose output goes to out, and
// returns its input.
func benchClient(b *testing.B, ts *testServer, key ssh.Signer, command string, out io.Writer) io.Writer {
	b.Helper()
	c := ts.dial(b, key)
	sess, err := c.NewSession()
	if err != nil {
		b.Fatal(err)
	}
	sess.Stdout = out
	in, err := sess.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, nil); err != nil {
		b.Fatal(err)
	}
	start := sess.Shell
	if command != "" {
		start = func() error { return sess.Start(command) }
	}
	if err := start(); err != nil {
		b.Fatal(err)
	}
	return in
}

// waitUntil waits for cond, a millisecond at a time, for ten seconds at
// most, and reports whether it held: a benchmark's key waits for its
// frames, and goes on without them past that.
func waitUntil(cond func() bool) bool {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if cond() {
			return true
		}
	}
	return false
}

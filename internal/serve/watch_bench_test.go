package serve

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"golang.org/x/crypto/ssh"
)

// frameEnd ends every frame tcell draws on an xterm-like terminal (the
// end of its synchronized output): a frame has come whole when it has.
const frameEnd = "\x1b[?2026l"

// stamps times, for each key a player sends, the first frame a client
// gets whole after it: the frame of that key (the clock's ticks are off),
// from the key sent to the frame's last byte come.
type stamps struct {
	keys   *keyClock
	mu     sync.Mutex
	tail   []byte // the end of the last write, which may hold part of frameEnd
	frames int    // the frames come whole
	bytes  int64
	last   int64 // the last key stamped
	took   []time.Duration
}

func (s *stamps) Write(p []byte) (int, error) {
	k, at := s.keys.current()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bytes += int64(len(p))
	buf := append(s.tail, p...)
	ended := bytes.Contains(buf, []byte(frameEnd))
	s.tail = append(s.tail[:0], buf[max(0, len(buf)-len(frameEnd)+1):]...)
	if !ended {
		return len(p), nil
	}
	s.frames++
	if k > s.last {
		s.last = k
		s.took = append(s.took, time.Since(at))
	}
	return len(p), nil
}

// stamped reports whether key k's frame came.
func (s *stamps) stamped(k int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.last >= k
}

// drawn reports whether a frame came whole.
func (s *stamps) drawn() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.frames > 0
}

// sent returns the bytes that came.
func (s *stamps) sent() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bytes
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

// watchKeys is how many keys BenchmarkWatch's game is played for.
var watchKeys = flag.Int("watchkeys", 1000, "the `number` of keys BenchmarkWatch plays a game for")

// BenchmarkWatch plays one game at a key every 50 ms (the cursor, to and
// fro) watched by 0, 1, 50 and 200 viewers, each on an SSH connection of
// its own in this process: the move-to-viewer-frame p50 and p99 (from
// the player's key sent to the last byte of its frame come at each
// viewer, every viewer's frames together), and the player's own
// key-to-frame p99, against the unwatched game's (viewers=0, of the same
// run); the CPU time of the whole process a key (server and clients), and
// the bytes a viewer was sent a key. The keys wait for the frames of the
// last: a key's frames that take longer than 50 ms delay the next.
// Run it alone: go test -run '^$' -bench Watch -benchtime 1x ./internal/serve/
// (four games of 50 s; -watchkeys 200 plays them for 10 s, at a noisier
// p99).
func BenchmarkWatch(b *testing.B) {
	// Enough keys that a p99 is not one of the slowest few: of 200 it is
	// the second slowest, which a moment of the machine's decides.
	keys := *watchKeys
	var alone, one time.Duration // the unwatched game's player p99, one viewer's p99
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
				// Each viewer's first frame, the whole screen, comes before
				// the first key: else it would be taken for that key's.
				if !waitUntil(func() bool {
					return player.drawn() && !slices.ContainsFunc(viewers, func(v *stamps) bool { return !v.drawn() })
				}) {
					b.Fatal("the viewers' first frames did not come by the deadline")
				}
				var sent0 int64
				for _, v := range viewers {
					sent0 += v.sent()
				}
				cpu0 := processCPU(b)
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
				b.ReportMetric(float64((processCPU(b)-cpu0).Microseconds())/1000/float64(keys), "cpu-ms/key")
				var all []time.Duration
				var sent1 int64
				for _, v := range viewers {
					all = append(all, v.took...)
					sent1 += v.sent()
				}
				if n > 0 {
					b.ReportMetric(float64(sent1-sent0)/float64(n*keys), "B/viewer-key")
				}
				p99 := quantile(player.took, 0.99)
				if n == 0 {
					alone = p99
				} else {
					b.ReportMetric(float64(quantile(all, 0.5).Microseconds())/1000, "viewer-p50-ms")
					vp99 := quantile(all, 0.99)
					b.ReportMetric(float64(vp99.Microseconds())/1000, "viewer-p99-ms")
					if n == 1 {
						one = vp99
					} else if one > 0 {
						b.ReportMetric(float64(vp99)/float64(one), "viewer-p99/one-viewer")
					}
				}
				b.ReportMetric(float64(quantile(player.took, 0.5).Microseconds())/1000, "player-p50-ms")
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

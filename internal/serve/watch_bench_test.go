package serve

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
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
	took   []time.Duration // key k's at k-1; 0 for a key whose frame came after the next key was sent
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
	if k > int64(len(s.took)) {
		s.took = append(s.took, make([]time.Duration, k-1-int64(len(s.took)))...)
		s.took = append(s.took, time.Since(at))
	}
	return len(p), nil
}

// stamped reports whether key k's frame came.
func (s *stamps) stamped(k int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return int64(len(s.took)) >= k
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

// timed returns how long each key's frame took, key k's at k-1, 0 for
// one that did not come.
func (s *stamps) timed() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.took)
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

// pairedRatio returns the q quantile of a over that of b, and its 95%
// interval by a paired circular block bootstrap: each of resamples
// resamples is blocks of block consecutive indices (past the end, from
// the start again) at starts drawn from rng, len(a) indices in all, the
// same of a and of b; the interval is the 2.5% and 97.5% quantiles of
// the resamples' ratios. a[i] and b[i] were timed at one moment (a key of
// each of two games a few ms apart), and a block keeps a moment of the
// machine's, which lasts over several keys, in both. a and b are of one
// length, and b's durations above 0.
func pairedRatio(a, b []time.Duration, q float64, block, resamples int, rng *rand.Rand) (ratio, lo, hi float64) {
	n := len(a)
	if n == 0 || len(b) != n || resamples < 1 {
		return 0, 0, 0
	}
	block = min(max(block, 1), n)
	at := min(int(q*float64(n)), n-1) // the quantile's place, as quantile takes it
	ra, sa := ranked(a)
	rb, sb := ranked(b)
	ratio = float64(sa[at]) / float64(sb[at])
	// A resample is counted by rank, which finds its quantile without
	// sorting it.
	ca, cb := make([]int, n), make([]int, n)
	ratios := make([]float64, resamples)
	for i := range ratios {
		clear(ca)
		clear(cb)
		for m := 0; m < n; {
			s := rng.IntN(n)
			for j := s; j < s+block && m < n; j, m = j+1, m+1 {
				ca[ra[j%n]]++
				cb[rb[j%n]]++
			}
		}
		ratios[i] = float64(sa[nth(ca, at)]) / float64(sb[nth(cb, at)])
	}
	slices.Sort(ratios)
	return ratio, ratios[int(0.025*float64(resamples))], ratios[min(int(0.975*float64(resamples)), resamples-1)]
}

// ranked returns the place of each of d in d sorted (ties in their
// order), and d sorted.
func ranked(d []time.Duration) (rank []int, sorted []time.Duration) {
	order := make([]int, len(d))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(d[i], d[j]) })
	rank, sorted = make([]int, len(d)), make([]time.Duration, len(d))
	for r, i := range order {
		rank[i], sorted[r] = r, d[i]
	}
	return rank, sorted
}

// nth returns the rank of the at-th smallest of a sample that holds
// count[r] of rank r.
func nth(count []int, at int) int {
	seen := 0
	for r, c := range count {
		if seen += c; seen > at {
			return r
		}
	}
	return len(count) - 1
}

// watchKeys is how many keys BenchmarkWatch's games are played for.
var watchKeys = flag.Int("watchkeys", 1000, "the `number` of keys BenchmarkWatch plays a game for")

// watchTimes is where BenchmarkWatch writes each key's times, if given.
var watchTimes = flag.String("watchtimes", "", "a `file` BenchmarkWatch adds each key's times to (CSV: viewers, key, ms since the first, "+
	"the watched player's frame, the unwatched one's, the last viewer's, and the unwatched key's lag behind the watched one's, in µs)")

// watchOffset is how long after the watched game's key the unwatched
// game's is sent, if the watched game's frames have all come by then
// (else once they have): the two games' frames do not overlap, and each
// key of the one is paired with the key of the other 25 ms apart. Half
// the keys' period, it is above the fan-out to 200 viewers but for its
// slowest keys (p99 15 to 18 ms on two cores busy with another program,
// the slowest 28 to 82 ms, five runs), for which the unwatched key waits:
// of 1,000 keys, 6 to 15 were sent more than 2 ms late.
const watchOffset = 25 * time.Millisecond

// BenchmarkWatch plays two games at once on one server, a key every 50 ms
// each (the cursor, to and fro): one watched by 0, 1, 50 and 200 viewers,
// each on an SSH connection of its own in this process, and one
// unwatched, whose keys are sent watchOffset after the watched game's. It
// reports the move-to-viewer-frame p50 and p99 (from the player's key
// sent to the last byte of its frame come at each viewer, every viewer's
// frames together), the p99 of the fan-out (a key to its last viewer's
// frame), and the watched player's own key-to-frame p99 over the
// unwatched player's of the same sub-run, with its 95% interval
// (pairedRatio, blocks of 25 keys). Played at the same time, the two
// games have the machine's load alike, where a sub-run played minutes
// later could have another (the unwatched p99 was 1.6 to 4.5 ms from one
// run to another); its moments of a few ms still hit one game or the
// other, not both, and the interval shows how far they move the ratio.
// At viewers=0 both games are unwatched: that ratio and its interval are
// the noise's.
// Also the CPU time of the whole process a pair of keys (server and
// clients, both games) and the bytes a viewer was sent a key. A key waits
// for the frames of the last: a key's frames that take longer than 50 ms
// delay the next.
// Run it alone: go test -run '^$' -bench Watch -benchtime 1x ./internal/serve/
// (four runs of 50 s; -watchkeys 200 plays them for 10 s, at a noisier
// p99).
func BenchmarkWatch(b *testing.B) {
	// Enough keys that a p99 is not one of the slowest few: of 200 it is
	// the second slowest, which a moment of the machine's decides.
	keys := *watchKeys
	var one time.Duration // one viewer's p99
	for _, n := range []int{0, 1, 50, 200} {
		b.Run(fmt.Sprintf("viewers=%d", n), func(b *testing.B) {
			for range b.N {
				r := newWatchRig(b, n)
				var sent0 int64
				for _, v := range r.viewers {
					sent0 += v.sent()
				}
				cpu0 := processCPU(b)
				b.ResetTimer()
				r.play(b, keys)
				b.StopTimer()
				b.ReportMetric(float64((processCPU(b)-cpu0).Microseconds())/1000/float64(keys), "cpu-ms/key")
				var all []time.Duration
				var sent1 int64
				fanout := make([]time.Duration, keys)
				for _, v := range r.viewers {
					for k, d := range v.timed() {
						if d > 0 {
							all = append(all, d)
							fanout[k] = max(fanout[k], d)
						}
					}
					sent1 += v.sent()
				}
				if n > 0 {
					b.ReportMetric(float64(sent1-sent0)/float64(n*keys), "B/viewer-key")
					b.ReportMetric(float64(quantile(all, 0.5).Microseconds())/1000, "viewer-p50-ms")
					vp99 := quantile(all, 0.99)
					b.ReportMetric(float64(vp99.Microseconds())/1000, "viewer-p99-ms")
					if n == 1 {
						one = vp99
					} else if one > 0 {
						b.ReportMetric(float64(vp99)/float64(one), "viewer-p99/one-viewer")
					}
					b.ReportMetric(float64(quantile(fanout, 0.99).Microseconds())/1000, "fanout-p99-ms")
				}
				watched, unwatched := r.watched.timed(b, keys), r.unwatched.timed(b, keys)
				b.ReportMetric(float64(quantile(watched, 0.5).Microseconds())/1000, "player-p50-ms")
				b.ReportMetric(float64(quantile(watched, 0.99).Microseconds())/1000, "player-p99-ms")
				b.ReportMetric(float64(quantile(unwatched, 0.99).Microseconds())/1000, "unwatched-p99-ms")
				ratio, lo, hi := pairedRatio(watched, unwatched, 0.99, 25, 2000, rand.New(rand.NewPCG(42, 42)))
				b.ReportMetric(ratio, "player-p99/unwatched")
				b.ReportMetric(lo, "player-p99/unwatched-lo")
				b.ReportMetric(hi, "player-p99/unwatched-hi")
				if *watchTimes != "" {
					r.write(b, *watchTimes, watched, unwatched, fanout)
				}
			}
		})
	}
}

// benchPlayer is a game BenchmarkWatch plays: its player's keys and
// frames.
type benchPlayer struct {
	name   string
	clock  *keyClock
	in     io.Writer
	frames *stamps
}

// timed returns how long each of the keys' frames took, and fails the
// benchmark if one did not come before the next key was sent.
func (p *benchPlayer) timed(b *testing.B, keys int) []time.Duration {
	d := p.frames.timed()
	d = append(d, make([]time.Duration, max(0, keys-len(d)))...)[:keys]
	if i := slices.Index(d, 0); i >= 0 {
		b.Fatalf("%s's key %d had no frame of its own", p.name, i+1)
	}
	return d
}

// watchRig is BenchmarkWatch's server, its two games and the watched
// game's viewers, all ready for the first key.
type watchRig struct {
	watched, unwatched *benchPlayer
	viewers            []*stamps
	at, lag            []time.Duration // each watched key's since the first, the unwatched key's after it
}

// newWatchRig starts a server, a game named Watched with n viewers and
// one named Unwatched, and waits for every client's first frame: else it
// would be taken for the first key's.
func newWatchRig(b *testing.B, n int) *watchRig {
	b.Helper()
	cfg := Config{Limits: limits(func(l *Limits) { l.Viewers = 0 })}
	cfg.tick = -1 // frames of keys alone
	ts := startServer(b, cfg)
	player := func(name string) *benchPlayer {
		p := &benchPlayer{name: name, clock: &keyClock{}}
		p.frames = &stamps{keys: p.clock}
		key := testKey(b)
		if err := ts.cfg.Players.SetName(context.Background(), host.Fingerprint(key), name); err != nil {
			b.Fatal(err)
		}
		p.in = benchClient(b, ts, key, "", p.frames)
		if !waitUntil(func() bool { _, ok := ts.game.lobby.find(name); return ok }) {
			b.Fatalf("%s's game is not listed by the deadline", name)
		}
		return p
	}
	r := &watchRig{watched: player("Watched"), unwatched: player("Unwatched"), viewers: make([]*stamps, n)}
	l, _ := ts.game.lobby.find("Watched")
	for i := range r.viewers {
		r.viewers[i] = &stamps{keys: r.watched.clock}
		benchClient(b, ts, nil, "watch Watched", r.viewers[i])
	}
	if !waitUntil(func() bool { return l.Viewers() == n }) {
		b.Fatalf("%d viewers by the deadline; want %d", l.Viewers(), n)
	}
	if !waitUntil(func() bool {
		return r.watched.frames.drawn() && r.unwatched.frames.drawn() &&
			!slices.ContainsFunc(r.viewers, func(v *stamps) bool { return !v.drawn() })
	}) {
		b.Fatal("the first frames did not come by the deadline")
	}
	return r
}

// play plays keys keys of each game: the watched game's key every 50 ms,
// the unwatched game's watchOffset after it once the watched game's
// frames have all come, and the next pair once the unwatched game's
// frame has.
func (r *watchRig) play(b *testing.B, keys int) {
	b.Helper()
	first := time.Now()
	for k := range keys {
		key := "lh"[k%2 : k%2+1]
		start := time.Now()
		r.at = append(r.at, start.Sub(first))
		sent, err := r.watched.clock.send(r.watched.in, key)
		if err != nil {
			b.Fatal(err)
		}
		waitUntil(func() bool {
			return r.watched.frames.stamped(sent) && !slices.ContainsFunc(r.viewers, func(v *stamps) bool { return !v.stamped(sent) })
		})
		time.Sleep(time.Until(start.Add(watchOffset)))
		r.lag = append(r.lag, time.Since(start))
		sent, err = r.unwatched.clock.send(r.unwatched.in, key)
		if err != nil {
			b.Fatal(err)
		}
		waitUntil(func() bool { return r.unwatched.frames.stamped(sent) })
		time.Sleep(time.Until(start.Add(50 * time.Millisecond)))
	}
}

// write adds each key's times to the CSV file at path.
func (r *watchRig) write(b *testing.B, path string, watched, unwatched, fanout []time.Duration) {
	var buf bytes.Buffer
	for k := range watched {
		fmt.Fprintf(&buf, "%d,%d,%d,%d,%d,%d,%d\n", len(r.viewers), k+1, r.at[k].Milliseconds(),
			watched[k].Microseconds(), unwatched[k].Microseconds(), fanout[k].Microseconds(), r.lag[k].Microseconds())
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err == nil {
		_, err = f.Write(buf.Bytes())
		err = errors.Join(err, f.Close())
	}
	if err != nil {
		b.Fatal(err)
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

package serve

import (
	"context"
	"flag"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"golang.org/x/crypto/ssh"
)

// The load test's size: make test runs 8 sessions for 2 seconds (20 for
// 4 took 50 s under the race detector on a busy machine, each of TestLoad
// and TestLoadHostile), make load 200 for a minute.
var (
	loadSessions = flag.Int("load-sessions", 8, "TestLoad: sessions at once")
	loadDuration = flag.Duration("load-duration", 2*time.Second, "TestLoad: how long the sessions start new games")
	loadThink    = flag.Duration("load-think", 50*time.Millisecond, "TestLoad: a player's pause before each key")
)

// expert is the board the load plays.
var expert = board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}

// loadReport is what a load run measured.
type loadReport struct {
	sessions   int
	games      int             // games the clients saw end
	rows       int64           // games the store kept
	latency    []time.Duration // from a key to the first byte of its frame
	frameBytes []int           // the bytes of each key's frame
	heap       uint64          // heap in use with every session started, less before
	hostile    hostileCounts   // what the hostile clients did, if any
	errs       []error
}

func (r *loadReport) percentile(p float64) time.Duration {
	if len(r.latency) == 0 {
		return 0
	}
	l := slices.Clone(r.latency)
	slices.Sort(l)
	return l[min(int(p*float64(len(l))), len(l)-1)]
}

func (r *loadReport) meanFrame() float64 {
	if len(r.frameBytes) == 0 {
		return 0
	}
	sum := 0
	for _, n := range r.frameBytes {
		sum += n
	}
	return float64(sum) / float64(len(r.frameBytes))
}

// runLoad connects n players, each with a key and a name, playing expert
// games until d has passed, each to its end (see script), every key timed
// from the key to its frame, then a new game; then they quit.
func runLoad(t testing.TB, n int, d time.Duration) *loadReport {
	t.Helper()
	return runLoadWith(t, n, d, nil)
}

// runLoadWith is runLoad beside the hostile clients of h, when not nil:
// then the server has its default limits of connections, and each player
// connects from a loopback address of its own, as players do.
func runLoadWith(t testing.TB, n int, d time.Duration, h *hostile) *loadReport {
	ctx := context.Background()
	t.Helper()
	var seeds atomic.Uint64
	lim := limits(func(l *Limits) { l.Sessions = n })
	if h != nil {
		lim = DefaultLimits
		lim.Sessions = n + h.invalid + h.pasters
	}
	ts := startServer(t, Config{
		NewSeed:  func() uint64 { return seeds.Add(0x9e3779b97f4a7c15) },
		Limits:   lim,
		tick:     -1,
		showSeed: true,
	})
	keys := make([]ssh.Signer, n)
	for i := range keys {
		keys[i] = testKey(t)
		id := host.Fingerprint(keys[i])
		if err := ts.cfg.Players.SetName(ctx, id, fmt.Sprintf("load %03d", i)); err != nil {
			t.Fatal(err)
		}
		p := history.Prefs{V: history.Version, Board: expert, Level: "expert"}
		if err := ts.cfg.Players.Player(id).SavePrefs(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	rep := &loadReport{sessions: n}
	var mu sync.Mutex
	var started sync.WaitGroup
	started.Add(n)
	measured := make(chan struct{})
	var wg sync.WaitGroup
	stop := time.Now().Add(d)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := &loadClient{dial: ts.tryDial, key: keys[i], limit: testwait.Limit(t)}
			if h != nil {
				l.dial = func(key ssh.Signer) (*ssh.Client, error) { return dialKeyFrom(ts.addr, playerAddr(i), key) }
			}
			err := l.play(&started, measured, stop)
			mu.Lock()
			defer mu.Unlock()
			rep.games += l.games
			rep.latency = append(rep.latency, l.latency...)
			rep.frameBytes = append(rep.frameBytes, l.frameBytes...)
			if err != nil {
				rep.errs = append(rep.errs, fmt.Errorf("player %d: %w", i, err))
			}
		}()
	}
	started.Wait()
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if after.HeapInuse > before.HeapInuse {
		rep.heap = (after.HeapInuse - before.HeapInuse) / uint64(n)
	}
	var hostiles *hostileRun
	if h != nil {
		hostiles = h.start(t, ts)
	}
	close(measured)
	wg.Wait()
	if hostiles != nil {
		rep.hostile = hostiles.stop()
	}
	for _, k := range keys {
		c, err := ts.cfg.Players.Player(host.Fingerprint(k)).Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		rep.rows += c
	}
	return rep
}

// loadClient is one player of a load run.
type loadClient struct {
	dial       func(ssh.Signer) (*ssh.Client, error)
	key        ssh.Signer
	limit      time.Time // when a wait for a frame or a header gives up: the test's deadline
	games      int
	latency    []time.Duration
	frameBytes []int

	mu     sync.Mutex
	screen *vt
	got    chan int      // the size of each read
	closed bool          // got was closed
	seen   *atomic.Int64 // when not nil, counts the games seen to end
}

func (l *loadClient) play(started *sync.WaitGroup, measured <-chan struct{}, stop time.Time) error {
	once := sync.OnceFunc(started.Done)
	defer once()
	c, sess, in, err := l.connect()
	// A player the server dropped while 200 connected at once, on a busy
	// machine past the handshake's limit, connects again, as a player
	// does; the measure starts once every player plays.
	for try := 1; err != nil && try < connectTries && time.Now().Before(l.limit); try++ {
		time.Sleep(time.Second)
		c, sess, in, err = l.connect()
	}
	if err != nil {
		return err
	}
	defer c.Close()
	defer sess.Close()
	once()
	<-measured
	for {
		seed, err := l.seedOnScreen()
		if err != nil {
			return err
		}
		keys, err := script(seed, expert)
		if err != nil {
			return err
		}
		// The cursor to the top left corner: frames or not, as it was.
		if _, err := io.WriteString(in, "g0"); err != nil {
			return err
		}
		l.quiet(20 * time.Millisecond)
		for _, k := range keys {
			time.Sleep(*loadThink)
			if err := l.timed(in, k); err != nil {
				return err
			}
		}
		if err := l.waitHeader("You lose"); err != nil {
			return err
		}
		l.games++
		if l.seen != nil {
			l.seen.Add(1)
		}
		if time.Now().After(stop) {
			break
		}
		if _, err := io.WriteString(in, "n"); err != nil {
			return err
		}
		if err := l.waitHeader("playing"); err != nil {
			return err
		}
	}
	if _, err := io.WriteString(in, "q"); err != nil {
		return err
	}
	return sess.Wait()
}

// connectTries is how many times a player of a load tries to connect.
const connectTries = 3

// connect connects l, opens its session on a terminal of 100 by 30 and
// waits for its first game.
func (l *loadClient) connect() (*ssh.Client, *ssh.Session, io.Writer, error) {
	c, err := l.dial(l.key)
	if err != nil {
		return nil, nil, nil, err
	}
	sess, in, err := l.open(c)
	if err != nil {
		c.Close()
		return nil, nil, nil, err
	}
	return c, sess, in, nil
}

// open opens a session on c and reads its screen until the first game.
func (l *loadClient) open(c *ssh.Client) (*ssh.Session, io.Writer, error) {
	sess, err := c.NewSession()
	if err != nil {
		return nil, nil, err
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		sess.Close()
		return nil, nil, err
	}
	in, err := sess.StdinPipe()
	if err != nil {
		sess.Close()
		return nil, nil, err
	}
	if err := sess.RequestPty("xterm-256color", 30, 100, nil); err != nil {
		sess.Close()
		return nil, nil, err
	}
	if err := sess.Shell(); err != nil {
		sess.Close()
		return nil, nil, err
	}
	screen, got := newVT(100, 30), make(chan int, 1024)
	l.mu.Lock()
	l.screen, l.got, l.closed = screen, got, false
	l.mu.Unlock()
	go func() {
		buf := make([]byte, 32<<10)
		for {
			n, err := out.Read(buf)
			if n > 0 {
				l.mu.Lock()
				screen.write(buf[:n])
				l.mu.Unlock()
				select {
				case got <- n:
				default:
				}
			}
			if err != nil {
				close(got)
				return
			}
		}
	}()
	if err := l.waitHeader("playing"); err != nil {
		sess.Close()
		return nil, nil, err
	}
	return sess, in, nil
}

// timed types key, which must change the screen, and keeps the time from
// the key to the first byte of its frame, and the frame's bytes: those
// read until the line is quiet for 5 ms.
func (l *loadClient) timed(in io.Writer, key string) error {
	l.drain()
	t0 := time.Now()
	if _, err := io.WriteString(in, key); err != nil {
		return err
	}
	n, ok := l.next(time.Until(l.limit))
	if !ok {
		if l.closed {
			return fmt.Errorf("the session ended before the frame of %q", key)
		}
		return fmt.Errorf("no frame for %q by the test's deadline", key)
	}
	l.latency = append(l.latency, time.Since(t0))
	l.frameBytes = append(l.frameBytes, n+l.quiet(5*time.Millisecond))
	return nil
}

// quiet reads until nothing comes for d, and returns the bytes read.
func (l *loadClient) quiet(d time.Duration) int {
	n := 0
	for {
		m, ok := l.next(d)
		if !ok {
			return n
		}
		n += m
	}
}

// seedOnScreen returns the seed the header shows.
func (l *loadClient) seedOnScreen() (uint64, error) {
	l.mu.Lock()
	screen := l.screen.text()
	l.mu.Unlock()
	m := seedRE.FindStringSubmatch(screen)
	if m == nil {
		return 0, fmt.Errorf("no seed on the screen:\n%s", screen)
	}
	return strconv.ParseUint(m[1], 10, 64)
}

var seedRE = regexp.MustCompile(`seed (\d+)`)

// script returns the keys of a game of the board kind of seed, with
// the cursor in the top left corner, as a quick player would play it to a
// loss: the corner opened, a walk along the top row opening the safe
// cells still closed, then the way to a mine, opened. Every key changes
// the screen. The board is the one the server lays: the same seed and
// the same first click.
func script(seed uint64, kind board.Settings) ([]string, error) {
	g, err := game.New(game.Config{Settings: kind}, seed, game.Drawn)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	open := func(p board.Point) error {
		_, err := g.Apply(game.Move{Action: game.Open, At: p}, now)
		return err
	}
	if err := open(board.Point{}); err != nil {
		return nil, err
	}
	mines := map[board.Point]bool{}
	for _, m := range g.Kept(now, true).Mines {
		mines[m] = true
	}
	keys := []string{" "}
	at := board.Point{}
	for range min(8, kind.Width-1) {
		at.X++
		keys = append(keys, "l")
		if !mines[at] && g.Board().Tile(at) == board.TileClosed {
			keys = append(keys, " ")
			if err := open(at); err != nil {
				return nil, err
			}
		}
	}
	// The nearest mine, by the keys it takes.
	var mine board.Point
	best := -1
	for m := range mines {
		d := abs(m.X-at.X) + abs(m.Y-at.Y)
		if best < 0 || d < best || d == best && (m.Y < mine.Y || m.Y == mine.Y && m.X < mine.X) {
			mine, best = m, d
		}
	}
	for ; at.Y < mine.Y; at.Y++ {
		keys = append(keys, "j")
	}
	for ; at.Y > mine.Y; at.Y-- {
		keys = append(keys, "k")
	}
	for ; at.X < mine.X; at.X++ {
		keys = append(keys, "l")
	}
	for ; at.X > mine.X; at.X-- {
		keys = append(keys, "h")
	}
	return append(keys, " "), nil
}

func abs(n int) int { return max(n, -n) }

// drain forgets the reads so far.
func (l *loadClient) drain() {
	for {
		select {
		case _, ok := <-l.got:
			if !ok {
				l.closed = true
				return
			}
		default:
			return
		}
	}
}

// next waits up to d for a read, and returns its size; ok is false if
// none came, and closed true once the session's output ended.
func (l *loadClient) next(d time.Duration) (n int, ok bool) {
	select {
	case n, ok := <-l.got:
		if !ok {
			l.closed = true
		}
		return n, ok
	case <-time.After(d):
		return 0, false
	}
}

// waitHeader waits for the header to say word (in brackets: the game's
// state), until l.limit.
func (l *loadClient) waitHeader(word string) error {
	for {
		l.mu.Lock()
		screen := l.screen.text()
		l.mu.Unlock()
		if strings.Contains(screen, "[ "+word) {
			return nil
		}
		left := time.Until(l.limit)
		if left <= 0 {
			l.mu.Lock()
			defer l.mu.Unlock()
			return fmt.Errorf("no %q in the header by the test's deadline; screen:\n%s", word, l.screen.text())
		}
		if l.closed {
			return fmt.Errorf("the session ended before %q", word)
		}
		l.next(min(left, 100*time.Millisecond))
	}
}

// Every session of a load plays its games to their ends, and the store
// keeps every game that ended: none is lost. The load lasts its time, so
// the test runs in parallel with the others that wait, on a server and a
// store of its own.
func TestLoad(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a load test")
	}
	rep := runLoad(t, *loadSessions, *loadDuration)
	for _, err := range rep.errs {
		t.Error(err)
	}
	if rep.games < rep.sessions {
		t.Errorf("%d games ended in %d sessions, want one a session at least", rep.games, rep.sessions)
	}
	if rep.rows != int64(rep.games) {
		t.Errorf("the store keeps %d games, want the %d that ended", rep.rows, rep.games)
	}
	t.Logf("%d sessions, %d games: key to frame p50 %v p99 %v; %.0f bytes a frame; heap %d KiB a session",
		rep.sessions, rep.games, rep.percentile(0.5), rep.percentile(0.99), rep.meanFrame(), rep.heap>>10)
}

// BenchmarkLoad measures sessions at once playing expert games: the time
// from a key to its frame (p50, p99), the bytes of a frame, and the heap
// a session takes (server and client, which share the process). Run
// whole, it reports at 50 and 200 sessions their p99 over the one
// session's of the same run (p99/1-session).
func BenchmarkLoad(b *testing.B) {
	var alone time.Duration // the p99 of one session, once measured
	for _, n := range []int{1, 50, 200} {
		b.Run(fmt.Sprintf("sessions=%d", n), func(b *testing.B) {
			var rep *loadReport
			for b.Loop() {
				rep = runLoad(b, n, *loadDuration)
			}
			for _, err := range rep.errs {
				b.Error(err)
			}
			if rep.rows != int64(rep.games) {
				b.Errorf("the store keeps %d games, want %d", rep.rows, rep.games)
			}
			b.ReportMetric(float64(rep.percentile(0.5).Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(rep.percentile(0.99).Microseconds())/1000, "p99-ms")
			b.ReportMetric(rep.meanFrame(), "bytes/frame")
			b.ReportMetric(float64(rep.heap)/1024, "KiB/session")
			b.ReportMetric(float64(rep.games), "games")
			if n == 1 {
				alone = rep.percentile(0.99)
			} else if alone > 0 {
				b.ReportMetric(float64(rep.percentile(0.99))/float64(alone), "p99/1-session")
			}
		})
	}
}

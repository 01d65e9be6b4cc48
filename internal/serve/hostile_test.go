package serve

import (
	"bytes"
	"flag"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"
)

// loadHostileFull runs TestLoadHostile at the size (make load).
var loadHostileFull = flag.Bool("load-hostile", false, "TestLoadHostile: the full hostile load (10 invalid-byte clients, 10 pasters, 500 silent connections, 50 connections a second from 100 addresses)")

// hostile is the size of a load's hostile clients, every one on loopback
// and stopped with the load.
type hostile struct {
	invalid   int // guests sending invalid UTF-8 and stray escapes, a burst every 100 ms
	pasters   int // guests pasting pasteSize every pasteEvery
	silent    int // TCP connections that never speak, opened again silentAgain after they close
	perSecond int // SSH connection attempts a second, without a key or a guest's method...
	addrs     int // ...from this many loopback addresses, in turn
}

var (
	hostileFull  = hostile{invalid: 10, pasters: 10, silent: 500, perSecond: 50, addrs: 100}
	hostileSmall = hostile{invalid: 2, pasters: 1, silent: 40, perSecond: 10, addrs: 10}
)

const (
	pasteSize  = 1 << 20
	pasteEvery = 10 * time.Second
	// silentAgain is how long a silent client waits to connect again once
	// the server closed its connection (or refused it): a pace a script
	// holding connections open keeps, not a storm of reconnections that
	// the 500 silent connections do not describe.
	silentAgain = time.Second
)

// hostileCounts is what the hostile clients did.
type hostileCounts struct {
	invalidBytes, pastedBytes int64
	silentOpened, attempts    int64
}

// hostileRun is the hostile clients at work.
type hostileRun struct {
	done                      chan struct{}
	wg                        sync.WaitGroup
	invalidBytes, pastedBytes atomic.Int64
	silentOpened, attempts    atomic.Int64
}

// The loopback addresses clients come from: the players each their own,
// as players on the internet do, the hostile ones theirs.
func playerAddr(i int) net.IP  { return net.IPv4(127, 1, byte(i/250), byte(i%250+1)) }
func silentAddr(i int) net.IP  { return net.IPv4(127, 2, 0, byte(i/5%250+1)) } // 5 an address
func attemptAddr(i int) net.IP { return net.IPv4(127, 3, 0, byte(i%250+1)) }
func guestAddr(i int) net.IP   { return net.IPv4(127, 4, 0, byte(i%250+1)) }

// dialKeyFrom connects to addr from the loopback address local, as a player
// with key or a guest when key is nil.
func dialKeyFrom(addr string, local net.IP, key ssh.Signer) (*ssh.Client, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: local}, Timeout: time.Minute}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		return nil, err
	}
	auth := []ssh.AuthMethod{ssh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })}
	if key != nil {
		auth = []ssh.AuthMethod{ssh.PublicKeys(key)}
	}
	sc, chans, reqs, err := ssh.NewClientConn(c, addr, &ssh.ClientConfig{
		User: "player", Auth: auth, HostKeyCallback: ssh.InsecureIgnoreHostKey(), Timeout: time.Minute,
	})
	if err != nil {
		c.Close()
		return nil, err
	}
	return ssh.NewClient(sc, chans, reqs), nil
}

// start starts h's clients against ts; stop stops them and returns what
// they did.
func (h *hostile) start(t testing.TB, ts *testServer) *hostileRun {
	r := &hostileRun{done: make(chan struct{})}
	for i := range h.invalid {
		r.spawn(func() { r.guest(ts.addr, guestAddr(i), r.sendInvalid) })
	}
	for i := range h.pasters {
		r.spawn(func() { r.guest(ts.addr, guestAddr(h.invalid+i), r.paste) })
	}
	for i := range h.silent {
		r.spawn(func() { r.silent(ts.addr, silentAddr(i)) })
	}
	if h.perSecond > 0 {
		r.spawn(func() { r.attempt(ts.addr, h.perSecond, h.addrs) })
	}
	return r
}

func (r *hostileRun) spawn(f func()) {
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		f()
	}()
}

func (r *hostileRun) stop() hostileCounts {
	close(r.done)
	r.wg.Wait()
	return hostileCounts{
		invalidBytes: r.invalidBytes.Load(), pastedBytes: r.pastedBytes.Load(),
		silentOpened: r.silentOpened.Load(), attempts: r.attempts.Load(),
	}
}

// stopped reports whether the run is over, after waiting up to d.
func (r *hostileRun) stopped(d time.Duration) bool {
	select {
	case <-r.done:
		return true
	case <-time.After(d):
		return false
	}
}

// guest plays as a guest from local, doing send on its input until the
// run is over, and connects again if the server ends its session.
func (r *hostileRun) guest(addr string, local net.IP, send func(io.Writer) error) {
	for !r.stopped(0) {
		c, err := dialKeyFrom(addr, local, nil)
		if err != nil {
			if r.stopped(100 * time.Millisecond) {
				return
			}
			continue
		}
		func() {
			defer c.Close()
			// The run's end closes the connection: the server reads a
			// paste at the pace of its input budget and its loop, which
			// on a busy machine under the race detector took minutes, and
			// stop waited for the write of the whole paste to end.
			ended := make(chan struct{})
			defer close(ended)
			go func() {
				select {
				case <-r.done:
					c.Close()
				case <-ended:
				}
			}()
			sess, err := c.NewSession()
			if err != nil {
				return
			}
			defer sess.Close()
			sess.Stdout, sess.Stderr = io.Discard, io.Discard
			in, err := sess.StdinPipe()
			if err != nil || sess.RequestPty("xterm-256color", 24, 80, nil) != nil || sess.Shell() != nil {
				return
			}
			for send(in) == nil {
			}
		}()
	}
}

// invalidBurst is what an invalid-byte client sends every 100 ms: Latin-1
// text, bytes no UTF-8 holds, a CSI never ended, a mouse report cut off.
var invalidBurst = []byte("caf\xe9 \xff\xfe\xc0\xaf\x1b[99999999999999999;\x1b[<0;1\x80\x1bP")

func (r *hostileRun) sendInvalid(in io.Writer) error {
	if r.stopped(100 * time.Millisecond) {
		return io.EOF
	}
	n, err := in.Write(invalidBurst)
	r.invalidBytes.Add(int64(n))
	return err
}

// paste pastes pasteSize of text with no key of the game in it, then
// waits pasteEvery.
func (r *hostileRun) paste(in io.Writer) error {
	n, err := in.Write(bytes.Repeat([]byte("xyz "), pasteSize/4))
	r.pastedBytes.Add(int64(n))
	if err != nil || r.stopped(pasteEvery) {
		return io.EOF
	}
	return nil
}

// silent holds a TCP connection from local that says nothing, and opens
// it again silentAgain after the server closes it.
func (r *hostileRun) silent(addr string, local net.IP) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: local}, Timeout: time.Minute}
	for !r.stopped(0) {
		c, err := d.Dial("tcp", addr)
		if err != nil {
			if r.stopped(silentAgain) {
				return
			}
			continue
		}
		r.silentOpened.Add(1)
		closed := make(chan struct{})
		go func() {
			_, _ = io.Copy(io.Discard, c) // until the server closes it
			close(closed)
		}()
		select {
		case <-r.done:
		case <-closed:
		}
		c.Close()
		<-closed
		r.stopped(silentAgain)
	}
}

// attempt makes perSecond SSH connections a second, each from the next
// of addrs addresses, each offering no method that can succeed: the
// server's rate limit meets them, and its banners tell them why.
func (r *hostileRun) attempt(addr string, perSecond, addrs int) {
	tick := time.NewTicker(time.Second / time.Duration(perSecond))
	defer tick.Stop()
	for i := 0; ; i++ {
		select {
		case <-r.done:
			return
		case <-tick.C:
		}
		r.attempts.Add(1)
		r.spawn(func() {
			d := net.Dialer{LocalAddr: &net.TCPAddr{IP: attemptAddr(i % max(addrs, 1))}, Timeout: 5 * time.Second}
			c, err := d.Dial("tcp", addr)
			if err != nil {
				return
			}
			defer c.Close()
			_ = c.SetDeadline(time.Now().Add(5 * time.Second))
			_, _, _, _ = ssh.NewClientConn(c, addr, &ssh.ClientConfig{
				User: "bot", HostKeyCallback: ssh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second,
			})
		})
	}
}

// The honest players of a load play on beside hostile ones: none of them
// is refused or loses a game, and every game that ended is kept; the
// key-to-frame figures of both, and their ratio, are BenchmarkLoadHostile's.
// make test runs a small hostile load (hostileSmall) for a few seconds;
// make load the (-load-hostile) beside 200 players.
func TestLoadHostile(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a load test")
	}
	h, n := hostileSmall, min(*loadSessions, 10)
	if *loadHostileFull {
		h, n = hostileFull, *loadSessions
	}
	rep := runLoadWith(t, n, *loadDuration, &h)
	for _, err := range rep.errs {
		t.Error(err)
	}
	if rep.games < rep.sessions {
		t.Errorf("%d games ended in %d sessions, want one a session at least", rep.games, rep.sessions)
	}
	if rep.rows != int64(rep.games) {
		t.Errorf("the store keeps %d games, want the %d that ended", rep.rows, rep.games)
	}
	c := rep.hostile
	if h.invalid > 0 && c.invalidBytes == 0 || h.pasters > 0 && c.pastedBytes == 0 || h.silent > 0 && c.silentOpened == 0 || h.perSecond > 0 && c.attempts == 0 {
		t.Errorf("the hostile clients did not all act: %+v", c)
	}
	t.Logf("%d players beside %+v (%+v): key to frame p50 %v p99 %v", rep.sessions, h, c, rep.percentile(0.5), rep.percentile(0.99))
}

// BenchmarkLoadHostile measures the players' key-to-frame time alone and
// beside the hostile clients of the issue (hostileFull), one after the
// other in one run, and the ratio of their p99s: what the hostile ones
// cost the honest. -load-sessions sets the players (200 in make load).
func BenchmarkLoadHostile(b *testing.B) {
	var alone, beside *loadReport
	for b.Loop() {
		alone = runLoadWith(b, *loadSessions, *loadDuration, nil)
		h := hostileFull
		beside = runLoadWith(b, *loadSessions, *loadDuration, &h)
	}
	for _, rep := range []*loadReport{alone, beside} {
		for _, err := range rep.errs {
			b.Error(err)
		}
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(alone.percentile(0.5)), "alone-p50-ms")
	b.ReportMetric(ms(alone.percentile(0.99)), "alone-p99-ms")
	b.ReportMetric(ms(beside.percentile(0.5)), "hostile-p50-ms")
	b.ReportMetric(ms(beside.percentile(0.99)), "hostile-p99-ms")
	if p := alone.percentile(0.99); p > 0 {
		b.ReportMetric(float64(beside.percentile(0.99))/float64(p), "p99-ratio")
	}
	b.Logf("hostile clients: %+v", beside.hostile)
}

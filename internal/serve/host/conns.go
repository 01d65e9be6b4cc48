package host

import (
	"container/list"
	"fmt"
	"net"
	"net/netip"
	"sync"
	"time"

	"golang.org/x/crypto/ssh"
)

// A connection is connecting from its accept until its first session
// plays: its handshake, its authentication, and the opening of a session.
// Connecting costs a client nothing but a socket, so the server holds few
// at once (Limits.Connecting) and few from one address
// (Limits.ConnectingPerAddress); when they are all taken, the oldest is
// closed for the newcomer. Silent connections then hold a slot no longer
// than it takes the newer ones to come, and a player, who authenticates
// in well under that, always gets in.

// addrKey returns the address a client is counted by: an IPv4 address
// whole, an IPv6 address by its /64, which one host or one home is given
// whole and can rotate through.
func addrKey(a net.Addr) string {
	var ip netip.Addr
	switch a := a.(type) {
	case *net.TCPAddr:
		ip, _ = netip.AddrFromSlice(a.IP)
	default:
		ap, err := netip.ParseAddrPort(a.String())
		if err != nil {
			return a.String()
		}
		ip = ap.Addr()
	}
	ip = ip.Unmap().WithZone("")
	if !ip.Is6() {
		return ip.String()
	}
	p, err := ip.Prefix(64)
	if err != nil {
		return ip.String()
	}
	return p.String()
}

// admission is what the server does with a new connection.
type admission uint8

const (
	admitted admission = iota // served: its handshake, then its sessions
	refused                   // told why in the authentication banner, then closed
	dropped                   // closed at once, without a handshake
)

// tracked is what the server knows of a connection it holds.
type tracked struct {
	key        string        // its address as it is counted (addrKey)
	connecting *list.Element // its place among the connecting, or nil
	refusing   bool          // it is being told why it is refused
}

// accept decides what becomes of c, from addrKey key, and tracks it
// unless it is dropped; why is the line a refused client reads, and a
// dropped one's log says. allowed is the rate limit's answer for key.
func (s *Server) accept(c net.Conn, key string, allowed bool) (a admission, why string) {
	lim := s.cfg.Limits
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return dropped, "the server is stopping"
	}
	switch {
	case !allowed:
		why = fmt.Sprintf("more than %d connections a minute from your address: try again in a minute", lim.PerMinute)
	case lim.ConnectingPerAddress > 0 && s.perKey[key] >= lim.ConnectingPerAddress:
		why = fmt.Sprintf("%d connections from your address are connecting already: try again once they are in", lim.ConnectingPerAddress)
	}
	if why != "" {
		// Telling costs a handshake: within a budget, and never more at
		// once than the budget of a second.
		if s.refusing >= max(lim.Refusals, 1) || !s.refusals.take() {
			return dropped, why + " (not told: over the budget of refusals)"
		}
		s.refusing++
		s.track(c, &tracked{key: key, refusing: true})
		return refused, why
	}
	if lim.Connecting > 0 && s.connecting.Len() >= lim.Connecting || len(s.conns) >= s.connCap() {
		s.evictOldest()
	}
	if len(s.conns) >= s.connCap() {
		return dropped, fmt.Sprintf("%d connections open", len(s.conns))
	}
	s.track(c, &tracked{key: key, connecting: s.connecting.PushBack(c)})
	s.perKey[key]++
	return admitted, ""
}

// connCap is the most connections the server holds: its sessions, those
// connecting, and those being told why they are refused. Past it a
// connection is closed at once.
func (s *Server) connCap() int {
	lim := s.cfg.Limits
	if lim.Sessions <= 0 || lim.Connecting <= 0 {
		return int(^uint(0) >> 1)
	}
	return lim.Sessions + lim.Connecting + max(lim.Refusals, 1)
}

// track holds c; s.mu is held.
func (s *Server) track(c net.Conn, t *tracked) {
	s.conns[c] = t
	s.wg.Add(1)
}

// evictOldest closes the connection connecting longest, if any, for a
// newcomer; s.mu is held.
func (s *Server) evictOldest() {
	e := s.connecting.Front()
	if e == nil {
		return
	}
	c := e.Value.(net.Conn)
	s.connected(c)
	c.Close()
	s.cfg.Log("%s: closed: connecting the longest when the server had no room for a new connection", c.RemoteAddr())
}

// connected ends c's connecting, if it was; s.mu is held.
func (s *Server) connected(c net.Conn) {
	t := s.conns[c]
	if t == nil || t.connecting == nil {
		return
	}
	s.connecting.Remove(t.connecting)
	t.connecting = nil
	if s.perKey[t.key]--; s.perKey[t.key] <= 0 {
		delete(s.perKey, t.key)
	}
}

// untrack forgets c, which has closed.
func (s *Server) untrack(c net.Conn) {
	s.mu.Lock()
	s.connected(c)
	if t := s.conns[c]; t != nil && t.refusing {
		s.refusing--
	}
	delete(s.conns, c)
	s.mu.Unlock()
	s.wg.Done()
}

// tellRefused tells the client of c why it is refused, in the banner of its
// authentication, which then fails: OpenSSH's client prints the banner,
// and so does any client with a banner callback. It costs the key
// exchange, which is why refusals have a budget (see accept).
func (s *Server) tellRefused(c net.Conn, why string) {
	cfg := &ssh.ServerConfig{
		// No method is offered: the client's first attempt ("none")
		// fails, the banner told, and the handshake ends.
		NoClientAuth: true,
		NoClientAuthCallback: func(ssh.ConnMetadata) (*ssh.Permissions, error) {
			return nil, fmt.Errorf("refused: %s", why)
		},
		ServerVersion:  s.ssh.ServerVersion,
		BannerCallback: func(ssh.ConnMetadata) string { return s.cfg.App.Name + ": " + why + "\r\n" },
	}
	cfg.AddHostKey(s.cfg.Key)
	d := s.cfg.Limits.Handshake
	if d <= 0 || d > refuseTime {
		d = refuseTime
	}
	_ = c.SetDeadline(s.cfg.Now().Add(d))
	_, _, _, _ = ssh.NewServerConn(c, cfg)
}

// refuseTime is the longest a refused client has to hear why.
const refuseTime = 5 * time.Second

// bucket is a token bucket: n tokens a second, n at most in hand.
type bucket struct {
	n   int
	now func() time.Time

	mu     sync.Mutex
	tokens float64
	last   time.Time
}

func newBucket(n int, now func() time.Time) *bucket {
	return &bucket{n: n, now: now, tokens: float64(n), last: now()}
}

// take reports whether a token was in hand, and takes it if so. A bucket
// of 0 tokens a second has none.
func (b *bucket) take() bool {
	if b.n <= 0 {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	if d := now.Sub(b.last); d > 0 {
		b.tokens = min(float64(b.n), b.tokens+d.Seconds()*float64(b.n))
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// Connecting returns how many connections are connecting now: in their
// handshake, their authentication, or yet to open a session.
func (s *Server) Connecting() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.connecting.Len()
}

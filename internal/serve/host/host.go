// Package host is an SSH server that hosts a terminal app: the listener,
// the limits and budgets, a client's identity (its key's fingerprint, or
// none), bans, the terminal a session asks for and its window changes,
// the idle and length limits, and the accounting of connections. It
// knows nothing of the app it hosts: a Handler, given each session's
// context, identity, terminal and window changes, runs the app and
// returns when it is done (as wish's and soft-serve's handlers do).
//
// Nothing a session does touches the process: no signal is caught, no
// environment variable read, and a panic in a session ends that session
// alone. The server's limits (sessions, connections per address, idle
// time, session length, memory) are Limits.
package host

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/crypto/ssh"
)

// Limits are what the server allows.
type Limits struct {
	Sessions  int           // sessions at once; more are turned away with a line
	PerMinute int           // new connections from one address in any minute
	Idle      time.Duration // a session with no input for this long ends
	Session   time.Duration // a session ends after this long
	// ServerCells is the server's budget of memory, in cells of 64 B, that
	// its sessions share (see Budget; 0: no limit): a screen past 100 by
	// 30 takes its cells from it, and the app takes what it holds beyond
	// what every session may (Session.Hold).
	ServerCells int
	// Handshake is how long a connection has to authenticate.
	Handshake time.Duration
	// Stall is how long the screen may wait for a client that reads
	// nothing before its connection is closed.
	Stall time.Duration
	// Connecting is how many connections may be connecting at once (in
	// their handshake, authentication, or yet to open a session); when
	// they are all taken the oldest is closed for a new one.
	// ConnectingPerAddress is how many of them one address may hold.
	// An address is an IPv4 address, or an IPv6 /64 (see addrKey).
	Connecting, ConnectingPerAddress int
	// Refusals is how many clients a second are told why they are
	// refused (over PerMinute or ConnectingPerAddress), a handshake
	// each; past it they are closed unheard.
	Refusals int
}

// DefaultLimits are the limits of a server whose memory fits a VPS of
// 2 GB, 1.5 GB of it the server's, for 500 sessions of some 1.4 MiB each
// and 12,000,000 cells of 64 B (see the hosted app's figures).
var DefaultLimits = Limits{
	Sessions:    500,
	PerMinute:   20,
	Idle:        10 * time.Minute,
	Session:     4 * time.Hour,
	ServerCells: 12_000_000,
	Handshake:   10 * time.Second,
	Stall:       30 * time.Second,
	// A player is connecting for well under a second, or for as long as
	// they type their key's passphrase; 256 silent connections are a few
	// MB, and 8 from one address let a household or a NAT in at once.
	Connecting:           256,
	ConnectingPerAddress: 8,
	Refusals:             10,
}

// Handler runs the app on one session until it is done, or until ctx is
// done: the server is shutting down, the session reached a limit, or its
// connection ended (context.Cause says which). It returns the session's
// exit status. A panic ends its session alone, with a line to its client.
type Handler func(ctx context.Context, s *Session) int

// App is what a server hosts: its name and words, and its Handler.
type App struct {
	// Name names the app in the server's lines to a client
	// ("minesweeper: the server is full ...") and its SSH version.
	Name string
	// Noun is what a session is to its client, "game" for a game: "one
	// game at a time on a connection", "the game needs a terminal".
	Noun string
	// Env are the environment variables a session may pass the app
	// (Session.Env); the rest are accepted and ignored.
	Env []string
	// Handler runs the app on each session.
	Handler Handler
	// Commands are the first words of the commands a client may run
	// ("ssh -t HOST watch NAME"): the app reads them in Session.Command.
	// A command of another word is refused with a line; none means the
	// app runs no commands.
	Commands []string
}

// Config is what a Server serves.
type Config struct {
	Key    ssh.Signer // the server's host key (see Key)
	Limits Limits
	App    App
	// Banned returns the ban of the key whose fingerprint is key ("" for
	// a client without one) or of the client's address, if either is
	// banned; nil bans nobody.
	Banned func(ctx context.Context, key string, addr netip.Addr) (Ban, bool, error)
	// Log, when not nil, is told of each connection refused, session
	// started and ended, and failure: one line each.
	Log func(format string, args ...any)
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
}

// ErrClosed is what Serve returns after Shutdown.
var ErrClosed = errors.New("the server is shut down")

// Server is an SSH server of an App.
type Server struct {
	cfg      Config
	ssh      *ssh.ServerConfig
	rate     *rate
	refusals *bucket // the handshakes that tell a client why it is refused
	cells    *Budget

	// base is the server's context, of which each connection's and
	// session's is made; Shutdown cancels it with endShutdown.
	base context.Context
	stop context.CancelCauseFunc

	mu         sync.Mutex
	closing    bool
	listener   []net.Listener
	conns      map[net.Conn]*tracked
	connecting list.List      // of net.Conn, the oldest first (see accept)
	perKey     map[string]int // the connecting of each address (addrKey)
	refusing   int            // connections being told why they are refused
	sessions   int            // the sessions admitted
	// bannedConns are the connections that offered a banned key, by
	// their remote address: the line each is told (see banned).
	bannedConns sync.Map
	wg          sync.WaitGroup // the connections' goroutines
	playing     sync.WaitGroup // the sessions admitted, and the work of Go
}

// New returns a server of cfg.
func New(cfg Config) (*Server, error) {
	if cfg.Key == nil || cfg.App.Handler == nil {
		return nil, errors.New("host: a server needs a host key and a handler")
	}
	if cfg.App.Name == "" {
		cfg.App.Name = "host"
	}
	if cfg.App.Noun == "" {
		cfg.App.Noun = "session"
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = func(string, ...any) {}
	}
	s := &Server{
		cfg: cfg, rate: newRate(cfg.Limits.PerMinute, cfg.Now), refusals: newBucket(cfg.Limits.Refusals, cfg.Now),
		cells: NewBudget(cfg.Limits.ServerCells),
		conns: map[net.Conn]*tracked{}, perKey: map[string]int{},
	}
	s.base, s.stop = context.WithCancelCause(context.Background())
	s.ssh = &ssh.ServerConfig{
		// A client is its key: any key is welcome, and its fingerprint
		// names it once the client proves it holds it.
		// A banned key or address is told so (see banned).
		PublicKeyCallback: func(meta ssh.ConnMetadata, key ssh.PublicKey) (*ssh.Permissions, error) {
			fp := ssh.FingerprintSHA256(key)
			if err := s.banned(meta, fp); err != nil {
				return nil, err
			}
			return &ssh.Permissions{Extensions: map[string]string{keyExt: fp}}, nil
		},
		// A client without a key is asked nothing. OpenSSH tries its
		// keys first, so a client with a key is never taken for one
		// without.
		KeyboardInteractiveCallback: func(meta ssh.ConnMetadata, _ ssh.KeyboardInteractiveChallenge) (*ssh.Permissions, error) {
			if err := s.banned(meta, ""); err != nil {
				return nil, err
			}
			return &ssh.Permissions{}, nil
		},
		ServerVersion: "SSH-2.0-" + cfg.App.Name,
		BannerCallback: func(ssh.ConnMetadata) string {
			return ""
		},
	}
	s.ssh.AddHostKey(cfg.Key)
	return s, nil
}

// MaxChannels is how many session channels a connection may have open at
// once: one (a client multiplexing several, such as OpenSSH's
// ControlMaster, is told so), which keeps a connection's deadline a
// matter of its one session (see run).
const MaxChannels = 1

// keyExt is the permission extension that holds a client's key's
// fingerprint.
const keyExt = "host-key-fingerprint"

// Serve accepts connections on l until Shutdown, and returns ErrClosed
// then, or the error that stopped it accepting.
func (s *Server) Serve(l net.Listener) error {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return ErrClosed
	}
	s.listener = append(s.listener, l)
	s.mu.Unlock()
	var delay time.Duration
	for {
		c, err := l.Accept()
		if err != nil {
			if s.isClosing() {
				return ErrClosed
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() || errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) {
				// Out of file descriptors and the like: wait, as
				// net/http does, rather than spin.
				delay = min(max(2*delay, 5*time.Millisecond), time.Second)
				time.Sleep(delay)
				continue
			}
			return err
		}
		delay = 0
		key := addrKey(c.RemoteAddr())
		switch a, why := s.accept(c, key, s.rate.allow(key)); a {
		case dropped:
			s.cfg.Log("%s: dropped: %s", c.RemoteAddr(), why)
			c.Close()
		case refused:
			s.cfg.Log("%s: refused: %s", c.RemoteAddr(), why)
			go func() {
				defer s.untrack(c)
				defer c.Close()
				s.tellRefused(c, why)
			}()
		default:
			go s.conn(c)
		}
	}
}

// Go runs f with the server's context, which Shutdown cancels, and
// Shutdown waits for f as for the sessions: work that lives as long as
// the server, such as an app's sweep at each midnight. After Shutdown it
// runs nothing.
func (s *Server) Go(f func(ctx context.Context)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return
	}
	s.playing.Add(1)
	go func() {
		defer s.playing.Done()
		f(s.base)
	}()
}

func (s *Server) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}

// conn serves one connection: the handshake, then its channels. Its
// sessions' contexts are made of one that ends with it.
func (s *Server) conn(c net.Conn) {
	defer s.untrack(c)
	defer c.Close()
	defer s.bannedConns.Delete(c.RemoteAddr().String())
	host, _, err := net.SplitHostPort(c.RemoteAddr().String())
	if err != nil {
		host = c.RemoteAddr().String()
	}
	if d := s.cfg.Limits.Handshake; d > 0 {
		_ = c.SetDeadline(s.cfg.Now().Add(d))
	}
	sc, chans, reqs, err := ssh.NewServerConn(c, s.ssh)
	if err != nil {
		if !errors.Is(err, io.EOF) {
			s.cfg.Log("%s: handshake: %v", host, err)
		}
		return
	}
	// The deadline stays until a session starts: a client that opens
	// none holds no connection for long (see run).
	go refuseGlobal(reqs)
	ctx, cancel := context.WithCancel(s.base)
	var wg sync.WaitGroup
	var open atomic.Int32
	for nc := range chans {
		if nc.ChannelType() == "session" && open.Load() >= MaxChannels {
			_ = nc.Reject(ssh.ResourceShortage, fmt.Sprintf("one %s at a time on a connection", s.cfg.App.Noun))
			continue
		}
		if nc.ChannelType() != "session" {
			why := "this server plays " + s.cfg.App.Name + " only: " + nc.ChannelType() + " is refused"
			if nc.ChannelType() == "direct-tcpip" || nc.ChannelType() == "forwarded-tcpip" {
				why = "port forwarding is refused: this server plays " + s.cfg.App.Name + " only"
			}
			_ = nc.Reject(ssh.Prohibited, why)
			continue
		}
		wg.Add(1)
		open.Add(1)
		go func() {
			defer wg.Done()
			// The place is given back before the channel closes: a client
			// that opens its next session once the last has closed is
			// never told it has one open.
			s.session(ctx, c, sc, nc, host, func() { open.Add(-1) })
		}()
	}
	cancel() // the connection has ended: so have its sessions
	wg.Wait()
}

// refuseGlobal refuses every global request: remote port forwarding
// (tcpip-forward) and the like. OpenSSH's client says so in one line.
func refuseGlobal(reqs <-chan *ssh.Request) {
	for r := range reqs {
		if r.WantReply {
			_ = r.Reply(false, nil)
		}
	}
}

// Shutdown stops accepting connections, cancels the server's context
// (and so every session's, whose client is told why, and the work of Go),
// and waits for the sessions and that work until ctx is done; then it
// closes every connection.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	for _, l := range s.listener {
		l.Close()
	}
	s.mu.Unlock()
	s.stop(endShutdown)
	ended := make(chan struct{})
	go func() {
		s.playing.Wait()
		close(ended)
	}()
	done := make(chan struct{})
	go func() {
		s.wg.Wait()
		close(done)
	}()
	var err error
	select {
	case <-ended:
		// Each client, told its session's exit status, closes its
		// connection: one the server closed first, with the client's
		// last packets unread, would be reset, and the client could
		// lose the status. They have a second, within ctx's time.
		select {
		case <-done:
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	case <-ctx.Done():
		err = ctx.Err()
	}
	// The sessions have ended, or their time is up: every connection
	// goes, which ends a session still writing to a client that reads
	// nothing.
	s.mu.Lock()
	for c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	select {
	case <-done:
		return err
	case <-time.After(time.Second):
		return errors.Join(err, errors.New("host: connections still open a second after they were closed"))
	}
}

// Run serves on l until ctx is done, then shuts down: every session is
// told why and given up to grace to end (its game saved) before the
// connections are closed. It returns the error that stopped Serve before
// ctx was done, else nil; what the shutdown met is logged.
func (s *Server) Run(ctx context.Context, l net.Listener, grace time.Duration) error {
	served := make(chan error, 1)
	go func() { served <- s.Serve(l) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	s.cfg.Log("%v: stopping: %d sessions to save", context.Cause(ctx), s.Sessions())
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), grace)
	defer cancel()
	if err := s.Shutdown(sctx); err != nil {
		s.cfg.Log("sessions still open after %v: their connections were closed", grace)
	}
	if err := <-served; !errors.Is(err, ErrClosed) {
		s.cfg.Log("%v", err)
	}
	return nil
}

// Sessions returns how many sessions run now.
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions
}

// admit counts a session of connection c, and reports whether the limit
// allows it and the server is not closing; if not, why says so.
func (s *Server) admit(c net.Conn) (ok bool, why string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closing:
		return false, "the server is stopping: try again in a minute"
	case s.cfg.Limits.Sessions > 0 && s.sessions >= s.cfg.Limits.Sessions:
		return false, fmt.Sprintf("the server is full (%d %ss at once): try again in a minute", s.cfg.Limits.Sessions, s.cfg.App.Noun)
	}
	s.sessions++
	s.playing.Add(1)
	s.connected(c)
	return true, ""
}

func (s *Server) leave() {
	s.mu.Lock()
	s.sessions--
	s.mu.Unlock()
	s.playing.Done()
}

// recovered logs a panic of a session with its stack, and returns the
// line its client reads.
func (s *Server) recovered(who string, r any) string {
	s.cfg.Log("%s: panic: %v\n%s", who, r, debug.Stack())
	return fmt.Sprintf("this session failed on the server (%v): ssh again to play on; other players are not affected", r)
}

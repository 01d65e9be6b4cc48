// Package serve is minesweeper serve: the game over SSH. Each SSH session
// plays the full game on a screen of its own (remote.Screen), with its own
// clock, game and session; a player is their public key, a client without
// one a guest whose games are not kept. Every player's records are kept in
// one store.Players, and the leaderboards are made from them: only the
// server's own record of the moves, as the server ran the game.
//
// Nothing a session does touches the process: no signal is caught, no
// environment variable read, and a panic in a session ends that session
// alone. The server's limits (sessions, connections per address, idle
// time, session length, board size) are Limits.
package serve

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"golang.org/x/crypto/ssh"
)

// Limits are what the server allows, each with a flag of minesweeper
// serve and a default in DefaultLimits.
type Limits struct {
	Sessions  int           // sessions at once; more are turned away with a line
	PerMinute int           // new connections from one address in any minute
	Idle      time.Duration // a session with no key for this long ends, its game saved
	Session   time.Duration // a session ends after this long, its game saved
	// Width and Height are the largest board a session may play, and
	// Cells the most cells it may have (0: no limit but Width and Height).
	Width, Height, Cells int
	// ServerCells is the most cells the boards of all sessions may hold
	// at once, boards of an expert's size or less apart (see freeCells;
	// 0: no limit). A board it has no room for is refused with a line.
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

// DefaultLimits are the limits of minesweeper serve without flags.
//
// Their memory fits a VPS of 2 GB, 1.5 GB of it the server's. Measured by
// BenchmarkSessionMemory (go test -run '^$' -bench SessionMemory
// -benchtime 1x ./internal/serve/), a session takes 0.6 MiB (with its
// client, which shares the test's process; 0.7 MiB on a terminal of 100
// by 30 since the frames keep a shadow of the screen, BenchmarkLoad's
// heap a session) and a board, once drawn and
// after a GC, 1.6 B a cell; ten openings on a 1000x1000 board with 20%
// mines held 12 B a cell while their analyses ran and allocated 64 B a
// cell in all, which the heap holds until its next collection (the Go
// heap grows to twice what is live before it collects). So, 64 B a cell
// and twice the sessions' 0.7 MiB:
//
//	500 sessions x 1.4 MiB                               700 MiB
//	500 expert boards (see freeCells) x 480 cells x 64 B  15 MiB
//	12,000,000 cells of larger boards x 64 B             732 MiB
//	in all                                              1.42 GiB, under 1.5
//
// A screen past 100 by 30 takes its cells from the same 12,000,000, each
// as 4 (see screenCost): tcell keeps some 190 B a screen cell.
//
// Before these budgets the worst case was 500 sessions of 1000x1000:
// 5 x 10^8 cells, 30 GiB at 64 B. A session may hold 250,000 cells (a
// board of 500x500, 15 MiB at most): 48 such boards at once, and a
// stranger with many sessions takes the large boards only.
var DefaultLimits = Limits{
	Sessions:    500,
	PerMinute:   20,
	Idle:        10 * time.Minute,
	Session:     4 * time.Hour,
	Width:       1000,
	Height:      1000,
	Cells:       250_000,
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

// Config is what a Server serves.
type Config struct {
	Players store.Players // every player's records
	HostKey ssh.Signer    // the server's key (see HostKey)
	Limits  Limits
	// Choose returns the layout of the boards of some settings, or why
	// they cannot be played, before the limits of size are applied.
	Choose func(board.Settings) (board.Layout, error)
	// Log, when not nil, is told of each connection refused, session
	// started and ended, and failure: one line each.
	Log func(format string, args ...any)
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
	// After waits for a duration of Now's clock, as time.After does (nil
	// means time.After): the server's sweep of the daily games at each
	// UTC midnight waits through it (see sweepDailies).
	After func(time.Duration) <-chan time.Time
	// NewSeed returns the seed of each new game; nil means one nobody can
	// foresee.
	NewSeed func() uint64

	// showSeed shows each game's seed from its start: a load test's
	// players script their games from it.
	showSeed bool

	// tick is the clock's redraw period of every screen (ui.Config.Tick);
	// a load test turns it off to time the frames of keys alone.
	tick time.Duration
}

// ErrClosed is what Serve returns after Shutdown.
var ErrClosed = errors.New("the server is shut down")

// Server is an SSH server of the game.
type Server struct {
	cfg      Config
	ssh      *ssh.ServerConfig
	rate     *rate
	refusals *bucket // the handshakes that tell a client why it is refused
	cells    *cellPool

	mu         sync.Mutex
	closing    bool
	listener   []net.Listener
	conns      map[net.Conn]*tracked
	connecting list.List      // of net.Conn, the oldest first (see accept)
	perKey     map[string]int // the connecting of each address (addrKey)
	refusing   int            // connections being told why they are refused
	sessions   map[*live]struct{}
	// bannedConns are the connections that offered a banned key, by
	// their remote address: the line each is told (see banned).
	bannedConns sync.Map
	wg          sync.WaitGroup // the connections' goroutines
	playing     sync.WaitGroup // the sessions admitted
	stop        chan struct{}  // closed by Shutdown: the sweep of the daily games ends
	swept       chan struct{}  // closed when the sweep has ended
}

// New returns a server of cfg, its sweep of the daily games (see
// sweepDailies) started: Shutdown stops it.
func New(cfg Config) (*Server, error) {
	if cfg.Players == nil || cfg.HostKey == nil {
		return nil, errors.New("serve: a server needs a store and a host key")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.After == nil {
		cfg.After = time.After
	}
	if cfg.Log == nil {
		cfg.Log = func(string, ...any) {}
	}
	if cfg.Choose == nil {
		cfg.Choose = func(s board.Settings) (board.Layout, error) { return nil, s.Check() }
	}
	s := &Server{
		cfg: cfg, rate: newRate(cfg.Limits.PerMinute, cfg.Now), refusals: newBucket(cfg.Limits.Refusals, cfg.Now),
		cells: &cellPool{max: cfg.Limits.ServerCells},
		conns: map[net.Conn]*tracked{}, perKey: map[string]int{}, sessions: map[*live]struct{}{},
		stop: make(chan struct{}), swept: make(chan struct{}),
	}
	s.ssh = &ssh.ServerConfig{
		// A player is their key: any key is welcome, and its fingerprint
		// names them once the client proves it holds it.
		// A banned key or address is told so (see banned).
		PublicKeyCallback: func(meta ssh.ConnMetadata, key ssh.PublicKey) (*ssh.Permissions, error) {
			fp := ssh.FingerprintSHA256(key)
			if err := s.banned(meta, fp); err != nil {
				return nil, err
			}
			return &ssh.Permissions{Extensions: map[string]string{playerExt: fp}}, nil
		},
		// A client without a key is a guest, asked nothing. OpenSSH tries
		// its keys first, so a player with a key is never a guest.
		KeyboardInteractiveCallback: func(meta ssh.ConnMetadata, _ ssh.KeyboardInteractiveChallenge) (*ssh.Permissions, error) {
			if err := s.banned(meta, ""); err != nil {
				return nil, err
			}
			return &ssh.Permissions{}, nil
		},
		ServerVersion: "SSH-2.0-minesweeper",
		BannerCallback: func(ssh.ConnMetadata) string {
			return ""
		},
	}
	s.ssh.AddHostKey(cfg.HostKey)
	go s.sweepDailies()
	return s, nil
}

// maxChannels is how many session channels a connection may have open at
// once: one game at a time (a client multiplexing several, such as
// OpenSSH's ControlMaster, is told so), which keeps a connection's
// deadline a matter of its one session (see play).
const maxChannels = 1

// playerExt is the permission extension that holds a player's id.
const playerExt = "minesweeper-player"

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

func (s *Server) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}

// conn serves one connection: the handshake, then its channels.
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
	// The deadline stays until a game starts: a client that opens no
	// session holds no connection for long (see play).
	go refuseGlobal(reqs)
	var wg sync.WaitGroup
	var open atomic.Int32
	for nc := range chans {
		if nc.ChannelType() == "session" && open.Load() >= maxChannels {
			_ = nc.Reject(ssh.ResourceShortage, "one game at a time on a connection")
			continue
		}
		if nc.ChannelType() != "session" {
			why := "this server plays minesweeper only: " + nc.ChannelType() + " is refused"
			if nc.ChannelType() == "direct-tcpip" || nc.ChannelType() == "forwarded-tcpip" {
				why = "port forwarding is refused: this server plays minesweeper only"
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
			s.session(c, sc, nc, host, func() { open.Add(-1) })
		}()
	}
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

// Shutdown stops accepting connections and the sweep of the daily games,
// ends every session (telling its player, and saving a started game), and
// waits for them, and a sweep under way, until ctx is done; then it
// closes every connection. It does not close the store,
// which is the caller's.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	if !s.closing {
		close(s.stop)
	}
	s.closing = true
	for _, l := range s.listener {
		l.Close()
	}
	plays := make([]*live, 0, len(s.sessions))
	for p := range s.sessions {
		plays = append(plays, p)
	}
	s.mu.Unlock()
	for _, p := range plays {
		p.end(endShutdown)
	}
	ended := make(chan struct{})
	go func() {
		s.playing.Wait()
		<-s.swept // the store is the caller's to close after
		close(ended)
	}()
	var err error
	select {
	case <-ended:
	case <-ctx.Done():
		err = ctx.Err()
	}
	// The games are saved, or their time is up: every connection goes,
	// which ends a session still writing to a client that reads nothing.
	s.mu.Lock()
	for c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	done := make(chan struct{})
	go func() {
		s.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return err
	case <-time.After(time.Second):
		return errors.Join(err, errors.New("serve: connections still open a second after they were closed"))
	}
}

// Sessions returns how many sessions play now.
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

// admit adds p to the sessions, and reports whether the limit allows it
// and the server is not closing.
func (s *Server) admit(p *live) (bool, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closing:
		return false, "the server is stopping: try again in a minute"
	case s.cfg.Limits.Sessions > 0 && len(s.sessions) >= s.cfg.Limits.Sessions:
		return false, fmt.Sprintf("the server is full (%d games at once): try again in a minute", s.cfg.Limits.Sessions)
	}
	s.sessions[p] = struct{}{}
	s.playing.Add(1)
	s.connected(p.conn)
	return true, ""
}

func (s *Server) leave(p *live) {
	s.mu.Lock()
	delete(s.sessions, p)
	s.mu.Unlock()
	s.playing.Done()
}

// recovered logs a panic of a session with its stack, and returns the
// line its player reads.
func (s *Server) recovered(who string, r any) string {
	s.cfg.Log("%s: panic: %v\n%s", who, r, debug.Stack())
	return fmt.Sprintf("this session failed on the server (%v): ssh again to play on; other players are not affected", r)
}

package host

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/minesweeper-go/minesweeper/internal/userfile"
	"golang.org/x/crypto/ssh"
)

// ending is why the server ended a session: the cause of its context's
// cancellation, and the line its client reads.
type ending uint8

const (
	endShutdown ending = iota + 1 // the server is stopping
	endIdle                       // no input for Limits.Idle
	endLength                     // the session lasted Limits.Session
)

var endingLines = [...]string{
	endShutdown: "the server is stopping",
	endIdle:     "no key for a while, so the session ended",
	endLength:   "the session reached the server's longest",
}

// Error returns the line of why a session ended.
func (e ending) Error() string {
	if int(e) < len(endingLines) && e > 0 {
		return endingLines[e]
	}
	return fmt.Sprintf("ending(%d)", e)
}

// The largest screen a session is drawn on: a client asking for more is
// drawn on this much of it. A screen's cells are kept in memory, so a
// client cannot make the server hold gigabytes by saying its terminal is
// a million columns wide.
const (
	MaxColumns = 512
	MaxRows    = 256
)

// clampSize returns a terminal's size within the largest screen.
func clampSize(w, h uint32) (uint32, uint32) {
	return min(w, MaxColumns), min(h, MaxRows)
}

// The size of a terminal whose client has not said it: a client with no
// terminal at hand (ssh -tt with a pipe for its input, some Windows
// clients) sends zeros.
const (
	defaultColumns = 80
	defaultRows    = 24
)

// termSize is a session's terminal size.
type termSize struct{ w, h uint32 }

// resized returns z as a "pty-req" or "window-change" of w by h cells
// leaves it: RFC 4254 (6.2) says a zero dimension MUST be ignored, so each
// that is zero stays as it was; the rest are clamped to the largest screen.
func (z termSize) resized(w, h uint32) termSize {
	w, h = clampSize(w, h)
	if w != 0 {
		z.w = w
	}
	if h != 0 {
		z.h = h
	}
	return z
}

// window returns z as a Window.
func (z termSize) window() Window { return Window{Width: int(z.w), Height: int(z.h)} }

// clip returns s cut to at most n bytes, on a rune boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// ptyRequest is the payload of a "pty-req" request (RFC 4254, 6.2).
type ptyRequest struct {
	Term          string
	Width, Height uint32
	PixW, PixH    uint32
	Modes         string
}

// sizeRequest is the payload of a "window-change" request (RFC 4254, 6.7).
type sizeRequest struct {
	Width, Height uint32
	PixW, PixH    uint32
}

// envRequest is the payload of an "env" request (RFC 4254, 6.4).
type envRequest struct{ Name, Value string }

// maxEnvValue is the longest value of an environment variable a session
// passes its app; a longer one is ignored.
const maxEnvValue = 256

// Window is a terminal's size in cells.
type Window struct{ Width, Height int }

// Session is one session as its app sees it: its client, its terminal
// and its window changes, and its share of the server's budget. Its
// fields are set before the Handler is called, and read only.
type Session struct {
	// User is the user name the client gave, made printable and cut to 64
	// bytes; Key is the SHA-256 fingerprint of the key it proved it holds
	// ("SHA256:..."), or "" for a client that came without one.
	User, Key string
	// Term names the terminal's type, as TERM would.
	Term string
	// Command is the command the client ran, split at its spaces, its
	// first word one of App.Commands; none for a shell.
	Command []string
	// Env are the environment variables of App.Env the client set.
	Env map[string]string
	// Window is the terminal's size at the start, within the largest
	// screen and the server's budget; Windows sends its changes, the
	// latest when they come faster than they are read, and is closed at
	// the session's end.
	Window  Window
	Windows <-chan Window
	// In is what the client types: its end (io.EOF) is the client gone.
	In io.Reader
	// Out is the terminal; a write that waits longer than Limits.Stall
	// for the client to read closes the connection.
	Out io.Writer
	// Stderr is the client's standard error, for a line outside the
	// terminal's screen.
	Stderr io.Writer

	srv *Server
	who string

	mu    sync.Mutex
	holds []*Hold
}

// Log logs a line of the session, after the words that name it.
func (s *Session) Log(format string, args ...any) {
	s.srv.cfg.Log("%s: "+format, append([]any{s.who}, args...)...)
}

// Hold returns a share of the server's budget (Limits.ServerCells) for
// the app to hold what it keeps of its own: given back at the session's
// end, if not before.
func (s *Session) Hold() *Hold {
	h := s.srv.cells.Hold()
	s.mu.Lock()
	s.holds = append(s.holds, h)
	s.mu.Unlock()
	return h
}

// Refuse tells the client why its session cannot run, in one line on its
// standard error, and returns the exit status that says so.
func (s *Session) Refuse(why string) int {
	fmt.Fprintf(s.Stderr, "%s: %s\r\n", s.srv.cfg.App.Name, why)
	return 1
}

// release gives back what the session's app holds.
func (s *Session) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, h := range s.holds {
		h.Release()
	}
	s.holds = nil
}

// session serves one session channel of connection c, whose context is
// ctx: its requests until "shell", then the app; release gives its place
// on the connection back.
func (s *Server) session(ctx context.Context, c net.Conn, sc *ssh.ServerConn, nc ssh.NewChannel, host string, release func()) {
	ch, reqs, err := nc.Accept()
	if err != nil {
		release()
		return
	}
	defer ch.Close()
	defer release() // before the close
	var pty *ptyRequest
	size := termSize{defaultColumns, defaultRows}
	env := map[string]string{}
	for r := range reqs {
		ok := false
		switch r.Type {
		case "pty-req":
			var p ptyRequest
			if ssh.Unmarshal(r.Payload, &p) == nil {
				size = size.resized(p.Width, p.Height)
				pty, ok = &p, true
			}
		case "window-change":
			var w sizeRequest
			if pty != nil && ssh.Unmarshal(r.Payload, &w) == nil {
				size = size.resized(w.Width, w.Height)
			}
		case "env":
			var e envRequest
			if ssh.Unmarshal(r.Payload, &e) == nil {
				ok = true
				if s.passes(e.Name) && len(e.Value) <= maxEnvValue {
					env[e.Name] = e.Value
				}
			}
		case "shell":
			reply(r, true)
			if pty == nil {
				s.refuse(ch, "the "+s.cfg.App.Noun+" needs a terminal: connect with ssh -t")
				return
			}
			s.run(ctx, c, sc, ch, reqs, &Session{Term: pty.Term, Env: env}, size, host)
			return
		case "exec":
			reply(r, true)
			cmd, err := s.command(r.Payload)
			switch {
			case err != nil:
				s.refuse(ch, err.Error())
			case pty == nil:
				s.refuse(ch, "the "+s.cfg.App.Noun+" needs a terminal: connect with ssh -t")
			default:
				s.run(ctx, c, sc, ch, reqs, &Session{Term: pty.Term, Env: env, Command: cmd}, size, host)
			}
			return
		case "subsystem":
			reply(r, true)
			s.refuse(ch, s.noCommands())
			return
		case "auth-agent-req@openssh.com":
			// OpenSSH's client says nothing of a refused agent: the
			// server does, in a line above the app.
			fmt.Fprintf(ch.Stderr(), "%s: agent forwarding is refused: this server plays %[1]s only\r\n", s.cfg.App.Name)
		}
		// x11-req and the rest are refused: OpenSSH's client says so in
		// a line of its own ("X11 forwarding request failed").
		reply(r, ok)
	}
}

// maxCommand is the longest command a client may run, in bytes, and
// maxWords the most words it may have.
const (
	maxCommand = 256
	maxWords   = 8
)

// execRequest is the payload of an "exec" request (RFC 4254, 6.5).
type execRequest struct{ Command string }

// command returns the command of an "exec" request's payload, split at its
// spaces, or why it is refused: one of the app's (App.Commands), within
// maxCommand bytes and maxWords words, each made printable.
func (s *Server) command(payload []byte) ([]string, error) {
	var e execRequest
	if ssh.Unmarshal(payload, &e) != nil || len(e.Command) > maxCommand {
		return nil, errors.New(s.noCommands())
	}
	words := strings.Fields(userfile.Printable(e.Command))
	if len(words) == 0 || len(words) > maxWords || !slices.Contains(s.cfg.App.Commands, words[0]) {
		return nil, errors.New(s.noCommands())
	}
	return words, nil
}

// noCommands is the line that refuses a command the app does not run.
func (s *Server) noCommands() string {
	if len(s.cfg.App.Commands) == 0 {
		return "this server plays " + s.cfg.App.Name + " and runs no commands: connect with ssh -t and no command"
	}
	return "this server plays " + s.cfg.App.Name + " and runs no command but " + strings.Join(s.cfg.App.Commands, ", ") + ": connect with ssh -t, and one of them or none"
}

// passes reports whether the environment variable name is one of the
// app's (App.Env).
func (s *Server) passes(name string) bool {
	for _, n := range s.cfg.App.Env {
		if n == name {
			return true
		}
	}
	return false
}

func reply(r *ssh.Request, ok bool) {
	if r.WantReply {
		_ = r.Reply(ok, nil)
	}
}

// refuse tells the client why in one line on its standard error, and
// ends the session with exit status 1.
func (s *Server) refuse(ch ssh.Channel, why string) {
	fmt.Fprintf(ch.Stderr(), "%s: %s\r\n", s.cfg.App.Name, why)
	exit(ch, 1)
}

// exit sends the session's exit status.
func exit(ch ssh.Channel, status uint32) {
	_, _ = ch.SendRequest("exit-status", false, ssh.Marshal(struct{ Status uint32 }{status}))
}

// run runs the app on the session's terminal until its Handler returns.
// The session's context is ctx's, cancelled with the reason when the
// server ends the session (endIdle, endLength; endShutdown through ctx).
func (s *Server) run(ctx context.Context, c net.Conn, sc *ssh.ServerConn, ch ssh.Channel, reqs <-chan *ssh.Request, sess *Session, size termSize, host string) {
	if sc.Permissions != nil {
		sess.Key = sc.Permissions.Extensions[keyExt]
	}
	sess.User = userfile.Printable(clip(sc.User(), 64))
	sess.who = host + " " + sess.User
	if sess.Key != "" {
		sess.who += " " + sess.Key
	} else {
		sess.who += " guest"
	}
	if ok, why := s.admit(c); !ok {
		s.cfg.Log("%s: refused: %s", sess.who, why)
		s.refuse(ch, why)
		return
	}
	defer s.leave()
	// Running, the connection has no deadline; after, the handshake's
	// again, for a client that keeps it open and opens nothing more.
	_ = c.SetDeadline(time.Time{})
	defer func() {
		if d := s.cfg.Limits.Handshake; d > 0 {
			_ = c.SetDeadline(s.cfg.Now().Add(d))
		}
	}()
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	in := &inputClock{r: ch, now: s.cfg.Now}
	in.last.Store(s.cfg.Now().UnixNano())
	sess.srv, sess.In, sess.Stderr = s, in, ch.Stderr()
	sess.Out = &stallWriter{w: ch, conn: c, limit: s.cfg.Limits.Stall, log: s.cfg.Log, who: sess.who}
	// The screen's cells beyond 100 by 30 are the budget's (see
	// screenFits): a terminal past the room there is drawn on part of it.
	screen := s.cells.Hold()
	defer screen.Release()
	defer sess.release()
	size = screenFits(screen, size)
	sess.Window = size.window()
	windows := make(chan Window, 1)
	sess.Windows = windows
	go resizes(reqs, screen, size, windows)
	stop := s.watch(in, cancel)
	defer stop()
	s.cfg.Log("%s: session started", sess.who)

	var lines []string
	status := 1
	func() {
		defer func() {
			if r := recover(); r != nil {
				lines = []string{s.recovered(sess.who, r)}
			}
		}()
		status = s.cfg.App.Handler(ctx, sess)
	}()
	var why ending
	if errors.As(context.Cause(ctx), &why) {
		lines = append(lines, why.Error()+": ssh again to play on")
	}
	for _, l := range lines {
		fmt.Fprintf(sess.Out, "%s\r\n", l)
	}
	exit(ch, uint32(status))
	s.cfg.Log("%s: session ended", sess.who)
}

// resizes sends the window changes of reqs to windows, each fitted to the
// budget (screenFits of the screen's hold h) and only when the size
// changes, until reqs ends; other requests are refused.
func resizes(reqs <-chan *ssh.Request, h *Hold, size termSize, windows chan Window) {
	defer close(windows)
	for r := range reqs {
		var w sizeRequest
		if r.Type == "window-change" && ssh.Unmarshal(r.Payload, &w) == nil {
			if z := screenFits(h, size.resized(w.Width, w.Height)); z != size {
				size = z
				// The latest size replaces one not yet read: this is the
				// channel's one sender.
				select {
				case <-windows:
				default:
				}
				windows <- size.window()
			}
			continue
		}
		reply(r, false)
	}
}

// inputClock reads a session's input, and notes when it last came.
type inputClock struct {
	r    io.Reader
	now  func() time.Time
	last atomic.Int64 // Unix nanoseconds of the last input
}

func (in *inputClock) Read(p []byte) (int, error) {
	n, err := in.r.Read(p)
	if n > 0 {
		in.last.Store(in.now().UnixNano())
	}
	return n, err
}

// watch ends a session, cancelling its context with the reason, when it
// has been idle or long enough; the function it returns stops watching.
func (s *Server) watch(in *inputClock, end context.CancelCauseFunc) func() {
	done := make(chan struct{})
	start := s.cfg.Now()
	lim := s.cfg.Limits
	go func() {
		every := time.Second
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
			}
			now := s.cfg.Now()
			switch {
			case lim.Idle > 0 && now.Sub(time.Unix(0, in.last.Load())) >= lim.Idle:
				end(endIdle)
			case lim.Session > 0 && now.Sub(start) >= lim.Session:
				end(endLength)
			}
		}
	}()
	return func() { close(done) }
}

// stallWriter writes to a session's channel, and closes the connection
// when a write waits longer than limit: a client that reads nothing must
// not hold its session (and the server's shutdown) for ever.
type stallWriter struct {
	w     io.Writer
	conn  net.Conn
	limit time.Duration
	log   func(format string, args ...any)
	who   string
}

func (w *stallWriter) Write(p []byte) (int, error) {
	if w.limit > 0 {
		t := time.AfterFunc(w.limit, func() {
			w.log("%s: closed: the client read nothing for %v", w.who, w.limit)
			w.conn.Close()
		})
		defer t.Stop()
	}
	return w.w.Write(p)
}

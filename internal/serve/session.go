package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/ui"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
	"golang.org/x/crypto/ssh"
)

// ending is why the server ended a session: the line its player reads.
type ending uint8

const (
	endNone     ending = iota // the player quit
	endShutdown               // the server is stopping
	endIdle                   // no key for Limits.Idle
	endLength                 // the session lasted Limits.Session
)

var endingLines = [...]string{
	endNone:     "",
	endShutdown: "the server is stopping",
	endIdle:     "no key for a while, so the session ended",
	endLength:   "the session reached the server's longest",
}

// String returns the line of why a session ended.
func (e ending) String() string {
	if int(e) < len(endingLines) {
		return endingLines[e]
	}
	return fmt.Sprintf("ending(%d)", e)
}

// The largest screen a session is drawn on: a client asking for more is
// drawn on this much of it. The screen's cells are kept in memory, so a
// client cannot make the server hold gigabytes by saying its terminal is
// a million columns wide.
const (
	maxColumns = 512
	maxRows    = 256
)

// clampSize returns a terminal's size within the largest screen.
func clampSize(w, h uint32) (uint32, uint32) {
	return min(w, maxColumns), min(h, maxRows)
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

// sessionEnv are the environment variables a session may set, of which
// the game reads: the colours and the character set. The rest are
// accepted and ignored; none reaches the process.
var sessionEnv = map[string]bool{"NO_COLOR": true, "LANG": true, "LC_ALL": true, "LC_CTYPE": true}

// live is one session playing: its connection and screen, and why the
// server ended it.
type live struct {
	conn   net.Conn
	mu     sync.Mutex
	remote *remote.Screen
	why    ending
}

// end asks the game to end for why; the session saves a started game and
// tells its player.
func (p *live) end(why ending) {
	p.mu.Lock()
	if p.why == endNone {
		p.why = why
	}
	r := p.remote
	p.mu.Unlock()
	if r != nil {
		r.Quit()
	}
}

func (p *live) ending() ending {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.why
}

// session serves one session channel: its requests until "shell", then
// the game; release gives its place on the connection back.
func (s *Server) session(c net.Conn, sc *ssh.ServerConn, nc ssh.NewChannel, host string, release func()) {
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
				if sessionEnv[e.Name] && len(e.Value) <= 256 {
					env[e.Name] = e.Value
				}
			}
		case "shell":
			reply(r, true)
			if pty == nil {
				refuse(ch, "the game needs a terminal: connect with ssh -t")
				return
			}
			s.play(c, sc, ch, reqs, pty.Term, size, env, host)
			return
		case "exec", "subsystem":
			reply(r, true)
			refuse(ch, "this server plays minesweeper and runs no commands: connect with ssh -t and no command")
			return
		case "auth-agent-req@openssh.com":
			// OpenSSH's client says nothing of a refused agent: the
			// server does, in a line above the game.
			fmt.Fprintf(ch.Stderr(), "minesweeper: agent forwarding is refused: this server plays minesweeper only\r\n")
		}
		// x11-req and the rest are refused: OpenSSH's client says so in
		// a line of its own ("X11 forwarding request failed").
		reply(r, ok)
	}
}

func reply(r *ssh.Request, ok bool) {
	if r.WantReply {
		_ = r.Reply(ok, nil)
	}
}

// refuse tells the client why in one line on its standard error, and
// ends the session with exit status 1.
func refuse(ch ssh.Channel, why string) {
	fmt.Fprintf(ch.Stderr(), "minesweeper: %s\r\n", why)
	exit(ch, 1)
}

// exit sends the session's exit status.
func exit(ch ssh.Channel, status uint32) {
	_, _ = ch.SendRequest("exit-status", false, ssh.Marshal(struct{ Status uint32 }{status}))
}

// play plays the game on the session's terminal until the player quits,
// the connection drops, or the server ends the session.
func (s *Server) play(c net.Conn, sc *ssh.ServerConn, ch ssh.Channel, reqs <-chan *ssh.Request, term string, size termSize, env map[string]string, host string) {
	id := ""
	if sc.Permissions != nil {
		id = sc.Permissions.Extensions[playerExt]
	}
	who := host + " " + userfile.Printable(clip(sc.User(), 64))
	if id != "" {
		who += " " + id
	} else {
		who += " guest"
	}
	p := &live{conn: c}
	if ok, why := s.admit(p); !ok {
		s.cfg.Log("%s: refused: %s", who, why)
		refuse(ch, why)
		return
	}
	defer s.leave(p)
	// Playing, the connection has no deadline; after, the handshake's
	// again, for a client that keeps it open and opens nothing more.
	_ = c.SetDeadline(time.Time{})
	defer func() {
		if d := s.cfg.Limits.Handshake; d > 0 {
			_ = c.SetDeadline(s.cfg.Now().Add(d))
		}
	}()
	out := &stallWriter{w: ch, conn: c, limit: s.cfg.Limits.Stall, log: s.cfg.Log, who: who}
	// The screen's cells beyond 100 by 30 are the budget's (see
	// screenFits): a terminal past the room there is drawn on part of it.
	screen := s.cells.hold()
	defer screen.release()
	size = screenFits(screen, size)
	remote, err := remote.Open(remote.Terminal{
		In: ch, Out: out, Term: term, Width: int(size.w), Height: int(size.h), Now: s.cfg.Now,
	})
	if err != nil {
		refuse(ch, "cannot draw on this terminal: "+err.Error())
		return
	}
	p.mu.Lock()
	p.remote = remote
	pending := p.why
	p.mu.Unlock()
	if pending != endNone {
		remote.Quit()
	}
	go func() {
		for r := range reqs {
			var w sizeRequest
			if r.Type == "window-change" && ssh.Unmarshal(r.Payload, &w) == nil {
				if z := screenFits(screen, size.resized(w.Width, w.Height)); z != size {
					size = z
					remote.Resize(int(size.w), int(size.h))
				}
				continue
			}
			reply(r, false)
		}
	}()
	stop := s.watch(p, remote)
	defer stop()
	s.cfg.Log("%s: session started", who)

	var lines []string
	status := uint32(0)
	func() {
		defer func() {
			if r := recover(); r != nil {
				remote.Close()
				lines = []string{s.recovered(who, r)}
				status = 1
			}
		}()
		lines = s.game(remote, id, env)
	}()
	remote.Close()
	if n := remote.Dropped(); n > 0 {
		s.cfg.Log("%s: %d keys past the input's budget ignored", who, n)
	}
	if why := p.ending(); why != endNone {
		lines = append(lines, why.String()+": ssh again to play on")
	}
	for _, l := range lines {
		fmt.Fprintf(out, "%s\r\n", l)
	}
	exit(ch, status)
	s.cfg.Log("%s: session ended", who)
}

// watch ends p's session when it has been idle or long enough; the
// function it returns stops watching.
func (s *Server) watch(p *live, r *remote.Screen) func() {
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
			case lim.Idle > 0 && now.Sub(r.LastInput()) >= lim.Idle:
				p.end(endIdle)
			case lim.Session > 0 && now.Sub(start) >= lim.Session:
				p.end(endLength)
			}
		}
	}()
	return func() { close(done) }
}

// ctx is the context of a session's dealings with the store.
var ctx = context.Background()

// game runs the game of player id ("" for a guest) on r: the name asked
// on a first visit, then the board left unfinished or the one played
// last. It returns the lines to print once the screen is closed.
func (s *Server) game(r *remote.Screen, id string, env map[string]string) []string {
	prefs := ui.Prefs{QuestionMarks: true, ASCII: remote.ASCII(env), Mono: env["NO_COLOR"] != ""}
	uc := ui.Config{
		Start:   play.Start{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, Seed: s.seed()},
		Prefs:   prefs,
		NewSeed: s.seed,
		Leaders: s.leaders,
		Tick:    s.cfg.tick,
		// A seed seen before the end lays the board offline: the
		// leaderboards count boards nobody could know.
		SecretSeed: !s.cfg.showSeed,
	}
	cells := s.cells.hold()
	defer cells.release()
	choose := func(b board.Settings) (board.Layout, error) { return s.choose(cells, b) }
	uc.Start.Layout, _ = choose(uc.Start.Board)
	if id == "" {
		uc.Keeper = guest{choose: choose}
		uc.Start.Note = "a guest: nothing is kept; connect with a key (ssh-keygen) to be on the leaderboard"
		res, err := ui.PlayRemote(r, uc)
		if err != nil {
			return failed(err)
		}
		return []string{play.Summary(res, false, "")}
	}
	name, err := s.cfg.Players.Name(ctx, id)
	if err != nil {
		return failed(err)
	}
	if name == "" {
		var ok bool
		name, ok = r.AskName("Choose a display name for the leaderboard", func(n string) error {
			if err := history.CheckName(n); err != nil {
				return err
			}
			return s.cfg.Players.SetName(ctx, id, n)
		})
		if !ok {
			if r.Quitting() {
				return nil
			}
			return []string{"no name chosen, so nothing was played: ssh again to choose one"}
		}
	}
	k := session.Over(s.cfg.Players.Player(id))
	k.Now = s.cfg.Now
	k.Choose = choose
	k.DailyBoard = s.dailyBoard
	k.Log = func(msg string) { s.cfg.Log("%s: %s", id, msg) }
	defer k.Close()
	last, lastOK, theme := k.Prefs(ui.CheckTheme)
	uc.Prefs.Theme = theme
	if lastOK {
		// A board the server cannot hold now is not started on.
		if layout, err := choose(last); err == nil {
			uc.Start.Board, uc.Start.Layout = last, layout
		}
	}
	uc.Keeper = k
	if b, kept, others, count, ok := k.OpenDaily(); ok {
		// Today's daily game left unfinished, the day's attempt, first:
		// it is played on, or given up as the loss of the day.
		uc.Start.Board, uc.Start.Layout, uc.Start.Seed = b.Settings, daily.Layout, b.Seed
		uc.Start.Daily, uc.Start.DailyCount = &b, count
		uc.Start.Resume, uc.Start.AskResume, uc.Start.Others = kept, true, others
	} else if kept, others, ok := k.Saved(uc.Start.Board, true); ok {
		uc.Start.Resume, uc.Start.AskResume, uc.Start.Others = kept, true, others
	}
	uc.Start.Elsewhere = k.Elsewhere()
	uc.Start.Note = "playing as " + name
	res, err := ui.PlayRemote(r, uc)
	if err != nil {
		return failed(err)
	}
	saved := play.Leave(k, res)
	lines := []string{}
	for _, w := range k.Warnings() {
		lines = append(lines, "warning: "+w)
	}
	again := ""
	if saved {
		again = "ssh again"
	}
	return append(lines, play.Lines(res, saved, again)...)
}

func failed(err error) []string {
	if errors.Is(err, ui.ErrQuit) {
		return nil
	}
	return []string{"minesweeper: " + err.Error()}
}

// seed returns a seed nobody can foresee.
func (s *Server) seed() uint64 {
	if s.cfg.NewSeed != nil {
		return s.cfg.NewSeed()
	}
	return rand.Uint64()
}

// fits returns why settings are larger than the server allows a
// session, or nil.
func (s *Server) fits(b board.Settings) error {
	lim := s.cfg.Limits
	if lim.Width > 0 && b.Width > lim.Width || lim.Height > 0 && b.Height > lim.Height {
		return fmt.Errorf("this server plays boards of at most %dx%d", lim.Width, lim.Height)
	}
	if lim.Cells > 0 && b.Cells() > lim.Cells {
		return fmt.Errorf("this server plays boards of at most %d cells (%dx%d has %d)", lim.Cells, b.Width, b.Height, b.Cells())
	}
	return nil
}

// choose lays the boards of b for the session whose share of the
// server's cells is h, under the server's limits of size, and reserves
// their cells in place of the board it held.
func (s *Server) choose(h *cellHold, b board.Settings) (board.Layout, error) {
	if err := s.fits(b); err != nil {
		return nil, err
	}
	old, err := h.swap(charge(b))
	if err != nil {
		room := old // swap's answer when the pool is short
		return nil, fmt.Errorf("the server holds all the large boards it can now: %d cells at most for the moment (%dx%d has %d)", room, b.Width, b.Height, b.Cells())
	}
	l, err := s.cfg.Choose(b)
	if err != nil {
		_, _ = h.swap(old)
	}
	return l, err
}

// leaders returns the leaderboards of level: today's daily board's, with
// the server's commitment to it, and all time's.
func (s *Server) leaders(level string) ([]history.Leaderboard, error) {
	today := daily.Today(s.cfg.Now())
	d, err := s.cfg.Players.Daily(ctx, today, level, leaderLimit)
	if err != nil {
		return nil, err
	}
	b, err := s.dailyBoard(today, level)
	if err != nil {
		return nil, err
	}
	d.Commitment = b.Commitment
	a, err := s.cfg.Players.AllTime(ctx, level, leaderLimit)
	if err != nil {
		return nil, err
	}
	return []history.Leaderboard{d, a}, nil
}

// leaderLimit is how many lines of a leaderboard a player's screen gets.
const leaderLimit = 100

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

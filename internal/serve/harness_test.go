package serve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"golang.org/x/crypto/ssh"
)

// testServer is a host.Server of a Game on a loopback port, shut down at
// the test's end.
type testServer struct {
	*host.Server
	game *Game
	cfg  Config // the game's
	addr string
	logs *lockedBuffer
}

// lockedBuffer is a bytes.Buffer for several goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// testKey returns a new Ed25519 signer.
func testKey(t testing.TB) ssh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// startServer starts a server of the game of cfg (its players filled in
// when missing) on a loopback port.
func startServer(t testing.TB, cfg Config) *testServer {
	t.Helper()
	if cfg.Players == nil {
		p, err := store.OpenPlayers(context.Background(), emptyPlayers(t), "", func(msg string) { t.Errorf("store: %s", msg) })
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.Close() }) // after the shutdown, a cleanup registered later
		cfg.Players = p
	}
	if cfg.Limits == (Limits{}) {
		cfg.Limits = limits(func(*Limits) {})
	}
	logs := &lockedBuffer{}
	cfg.Log = func(format string, args ...any) { fmt.Fprintf(logs, format+"\n", args...) }
	s, g := newServer(t, cfg, testKey(t))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- s.Serve(l) }()
	t.Cleanup(func() {
		ctx, cancel := testwait.Context(t) // the sessions' ends, however long they take
		defer cancel()
		if err := s.Shutdown(ctx); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
		if err := <-served; !errors.Is(err, host.ErrClosed) {
			t.Errorf("Serve returned %v, want host.ErrClosed", err)
		}
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	return &testServer{Server: s, game: g, cfg: g.cfg, addr: l.Addr().String(), logs: logs}
}

// emptyPlayers returns a new directory holding the records of a server
// with no player: a copy of those that the first call made, which
// OpenPlayers finds up to date, where making each ran every step of the
// schema's migrations, a seventh of the package's CPU under the race
// detector. TestMain removes the first.
func emptyPlayers(t testing.TB) string {
	t.Helper()
	from, err := madePlayers()
	if err != nil {
		t.Fatalf("the records copied for each server: %v", err)
	}
	dir := t.TempDir()
	if err := copyDir(dir, from); err != nil {
		t.Fatal(err)
	}
	return dir
}

// madePlayers makes, once, the records of a server with no player in a
// directory of their own, and returns it.
var madePlayers = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "minesweeper-serve-players-")
	if err != nil {
		return "", err
	}
	madeDir.Store(&dir)
	p, err := store.OpenPlayers(context.Background(), dir, "", func(string) {})
	if err != nil {
		return "", err
	}
	return dir, p.Close()
})

// madeDir is the directory of madePlayers, once made.
var madeDir atomic.Pointer[string]

// TestMain removes the directory of madePlayers after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if dir := madeDir.Load(); dir != nil {
		os.RemoveAll(*dir)
	}
	os.Exit(code)
}

// copyDir copies the files and directories of from into to, with their
// modes.
func copyDir(to, from string) error {
	return filepath.WalkDir(from, func(path string, e fs.DirEntry, err error) error {
		if err != nil || path == from {
			return err
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		dst := filepath.Join(to, strings.TrimPrefix(path, from+string(filepath.Separator)))
		if e.IsDir() {
			return os.Mkdir(dst, info.Mode().Perm())
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, info.Mode().Perm())
	})
}

// newServer returns a server of the game of cfg with host key key, wired
// as minesweeper serve wires it: the host's limits, the game's app and
// bans, and the sweep of the daily games started with it.
func newServer(t testing.TB, cfg Config, key ssh.Signer) (*host.Server, *Game) {
	t.Helper()
	g, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	s, err := host.New(host.Config{Key: key, Limits: cfg.Limits.Limits, App: g.App(), Banned: g.Banned, Log: cfg.Log, Now: cfg.Now})
	if err != nil {
		t.Fatal(err)
	}
	s.Go(g.SweepDailies)
	return s, g
}

// dial connects to ts as a player with key, or as a guest when key is nil.
func (ts *testServer) dial(t testing.TB, key ssh.Signer) *ssh.Client {
	t.Helper()
	c, err := ts.tryDial(key)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func (ts *testServer) tryDial(key ssh.Signer) (*ssh.Client, error) { return dialTo(ts.addr, key) }

// dialTo connects to the server at addr as a player with key, or as a
// guest when key is nil.
func dialTo(addr string, key ssh.Signer) (*ssh.Client, error) {
	auth := []ssh.AuthMethod{ssh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
		return nil, nil
	})}
	if key != nil {
		auth = []ssh.AuthMethod{ssh.PublicKeys(key)}
	}
	return ssh.Dial("tcp", addr, &ssh.ClientConfig{
		User: "player", Auth: auth,
		HostKeyCallback: ssh.InsecureIgnoreHostKey(),
		Timeout:         5 * time.Second,
	})
}

// term is a client's terminal session: what it sends and what the
// server drew on it.
type term struct {
	t    testing.TB
	sess *ssh.Session
	in   io.WriteCloser
	mu   sync.Mutex
	out  bytes.Buffer
	vt   *vt // the screen the output draws
	errs lockedBuffer
	news chan struct{} // a token when output arrives
	done chan error    // the session's end
}

// open starts a shell with a terminal of w by h cells on c.
func open(t testing.TB, c *ssh.Client, w, h int) *term {
	t.Helper()
	return openCommand(t, c, w, h, "")
}

// openCommand runs command (a shell when it is "") with a terminal of w
// by h cells on c.
func openCommand(t testing.TB, c *ssh.Client, w, h int, command string) *term {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	tm := &term{t: t, sess: sess, news: make(chan struct{}, 1), done: make(chan error, 1), vt: newVT(min(w, host.MaxColumns), min(h, host.MaxRows))}
	sess.Stdout = tm
	sess.Stderr = &tm.errs
	if tm.in, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if err := sess.Setenv("LANG", "C.UTF-8"); err != nil {
		t.Fatalf("Setenv: %v", err)
	}
	if err := sess.RequestPty("xterm-256color", h, w, ssh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	start := sess.Shell
	if command != "" {
		start = func() error { return sess.Start(command) }
	}
	if err := start(); err != nil {
		t.Fatal(err)
	}
	go func() { tm.done <- sess.Wait() }()
	return tm
}

func (tm *term) Write(p []byte) (int, error) {
	tm.mu.Lock()
	tm.out.Write(p)
	tm.vt.write(p)
	tm.mu.Unlock()
	select {
	case tm.news <- struct{}{}:
	default:
	}
	return len(p), nil
}

// output returns all the server drew so far.
func (tm *term) output() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.out.String()
}

// cursor returns where the terminal's cursor is.
func (tm *term) cursor() (x, y int) {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.vt.x, tm.vt.y
}

// send types keys.
func (tm *term) send(keys string) {
	tm.t.Helper()
	if _, err := io.WriteString(tm.in, keys); err != nil {
		tm.t.Fatalf("send %q: %v", keys, err)
	}
}

// screen returns the screen's text, a line a row.
func (tm *term) screen() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.vt.text()
}

// waitFor waits until the output or the screen holds want. Only a hang
// fails it: it gives up at the test's deadline (testwait.Limit).
func (tm *term) waitFor(want string) {
	tm.t.Helper()
	limit := testwait.After(tm.t)
	for !strings.Contains(tm.output(), want) && !strings.Contains(tm.screen(), want) {
		select {
		case <-tm.news:
		case <-limit:
			tm.t.Fatalf("no %q by the test's deadline; the screen:\n%s\nstderr %q", want, tm.screen(), tm.errs.String())
		}
	}
}

// waitDrawn waits until the server drew something.
func (tm *term) waitDrawn() {
	tm.t.Helper()
	limit := testwait.After(tm.t)
	for tm.output() == "" {
		select {
		case <-tm.news:
		case <-limit:
			tm.t.Fatalf("nothing drawn by the test's deadline; stderr %q", tm.errs.String())
		}
	}
}

// wait waits for the session's end, and returns its exit status. Only a
// hang fails it: it gives up at the test's deadline (testwait.Limit).
func (tm *term) wait() int {
	tm.t.Helper()
	select {
	case err := <-tm.done:
		var ee *ssh.ExitError
		switch {
		case err == nil:
			return 0
		case errors.As(err, &ee):
			return ee.ExitStatus()
		default:
			tm.t.Fatalf("session: %v", err)
		}
	case <-testwait.After(tm.t):
		tm.t.Fatalf("the session did not end by the test's deadline; output %q", tail(tm.output()))
	}
	return -1
}

// tail returns the end of a long output.
func tail(s string) string {
	if len(s) > 400 {
		return "..." + s[len(s)-400:]
	}
	return s
}

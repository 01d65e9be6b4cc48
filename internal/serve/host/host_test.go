package host

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"golang.org/x/crypto/ssh"
)

// syncBuffer is a bytes.Buffer for two goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startHost serves app on a loopback port with the default limits (no
// limit of one address's connections: a test's clients share one), and
// returns the server and its address.
func startHost(t *testing.T, app App) (*Server, string, <-chan error) {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	key, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	lim := DefaultLimits
	lim.PerMinute, lim.ConnectingPerAddress = 0, 0
	srv, err := New(Config{Key: key, Limits: lim, App: app})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	return srv, l.Addr().String(), served
}

// dialGuest connects to addr without a key.
func dialGuest(t *testing.T, addr string) *ssh.Client {
	t.Helper()
	c, err := ssh.Dial("tcp", addr, &ssh.ClientConfig{
		User: "someone", HostKeyCallback: ssh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second,
		Auth: []ssh.AuthMethod{ssh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// The host runs any app, knowing nothing of it: the handler is given the
// client's terminal, size and environment (the app's variables alone),
// its window changes, and a context that Shutdown cancels, after which
// the client reads why and the handler's exit status; work started with
// Go ends with the server.
func TestHostedApp(t *testing.T) {
	echo := func(ctx context.Context, s *Session) int {
		fmt.Fprintf(s.Out, "hello %s %dx%d %v key %v\r\n", s.Term, s.Window.Width, s.Window.Height, s.Env, s.Key != "")
		w := <-s.Windows
		fmt.Fprintf(s.Out, "window %dx%d\r\n", w.Width, w.Height)
		<-ctx.Done()
		return 3
	}
	srv, addr, served := startHost(t, App{Name: "echo", Noun: "echo", Env: []string{"KEEP"}, Handler: echo})
	worked := make(chan struct{})
	srv.Go(func(ctx context.Context) {
		<-ctx.Done()
		close(worked)
	})
	sess, err := dialGuest(t, addr).NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out := &syncBuffer{}
	sess.Stdout = out
	for _, v := range []string{"KEEP", "DROP"} {
		if err := sess.Setenv(v, "1"); err != nil {
			t.Fatal(err)
		}
	}
	if err := sess.RequestPty("vt100", 30, 100, nil); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	waitFor := func(want string) {
		t.Helper()
		if !testwait.Until(t, func() bool { return strings.Contains(out.String(), want) }) {
			t.Fatalf("no %q by the test's deadline; the output: %q", want, out.String())
		}
	}
	waitFor("hello vt100 100x30 map[KEEP:1] key false\r\n")
	if err := sess.WindowChange(40, 120); err != nil {
		t.Fatal(err)
	}
	waitFor("window 120x40\r\n")
	if n := srv.Sessions(); n != 1 {
		t.Errorf("Sessions() = %d; want 1", n)
	}

	ctx, cancel := testwait.Context(t)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Errorf("Shutdown: %v", err)
	}
	var ee *ssh.ExitError
	if err := sess.Wait(); !errors.As(err, &ee) || ee.ExitStatus() != 3 {
		t.Errorf("the session's end: %v; want exit status 3, the handler's", err)
	}
	if want := "the server is stopping: ssh again to play on\r\n"; !strings.HasSuffix(out.String(), want) {
		t.Errorf("the output ends %q; want the line %q", out.String(), want)
	}
	select {
	case <-worked:
	default:
		t.Errorf("the work of Go had not ended when Shutdown returned")
	}
	if err := <-served; !errors.Is(err, ErrClosed) {
		t.Errorf("Serve returned %v; want ErrClosed", err)
	}
}

// A session's context ends with its connection: a handler that reads
// nothing of its client, only its context, returns when the client goes,
// with no reason of the server's (context.Canceled).
func TestConnectionEndCancels(t *testing.T) {
	causes := make(chan error, 1)
	wait := func(ctx context.Context, s *Session) int {
		fmt.Fprintf(s.Out, "waiting\r\n")
		<-ctx.Done()
		causes <- context.Cause(ctx)
		return 0
	}
	srv, addr, _ := startHost(t, App{Name: "wait", Handler: wait})
	t.Cleanup(func() {
		ctx, cancel := testwait.Context(t)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
	})
	c := dialGuest(t, addr)
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm", 24, 80, nil); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	if _, err := out.Read(make([]byte, 64)); err != nil { // the handler runs
		t.Fatal(err)
	}
	c.Close()
	select {
	case cause := <-causes:
		if !errors.Is(cause, context.Canceled) {
			t.Errorf("context.Cause = %v; want context.Canceled", cause)
		}
	case <-testwait.After(t):
		t.Fatal("the handler's context did not end with the connection by the test's deadline")
	}
	if !testwait.Until(t, func() bool { return srv.Sessions() == 0 }) {
		t.Errorf("Sessions() = %d after the connection ended; want 0", srv.Sessions())
	}
}

// TestRun serves until its context is done, then shuts down: a session
// still open is told why and ends, Run returns nil, and the log says what
// stopped it and how many sessions were to save.
func TestRun(t *testing.T) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	key, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	var logged syncBuffer
	started := make(chan struct{})
	app := App{Name: "test", Noun: "test", Handler: func(ctx context.Context, s *Session) int {
		close(started)
		<-ctx.Done()
		return 0
	}}
	srv, err := New(Config{Key: key, Limits: DefaultLimits, App: app, Log: func(format string, args ...any) {
		fmt.Fprintf(&logged, format+"\n", args...)
	}})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- srv.Run(ctx, l, 5*time.Second) }()
	c := dialGuest(t, l.Addr().String())
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm", 24, 80, ssh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-started:
	case <-testwait.After(t):
		t.Fatal("the session never started")
	}
	cancel(errors.New("told to stop"))
	select {
	case err := <-ran:
		if err != nil {
			t.Errorf("Run() = %v; want nil after its context is done", err)
		}
	case <-testwait.After(t):
		t.Fatal("Run did not return after its context was done")
	}
	if want := "told to stop: stopping: 1 sessions to save"; !strings.Contains(logged.String(), want) {
		t.Errorf("log %q; want a line %q", logged.String(), want)
	}
	if err := sess.Wait(); err != nil {
		t.Errorf("the session's end: %v; want its handler's status 0", err)
	}
}

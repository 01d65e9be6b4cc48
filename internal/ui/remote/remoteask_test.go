package remote

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// remoteTest is a Remote asking for a name on a pipe, with a settable
// clock for its input's budget.
type remoteTest struct {
	t    *testing.T
	r    *Screen
	in   *io.PipeWriter
	clk  *clock
	done chan askResult
	base int // goroutines before it started
}

type askResult struct {
	name string
	ok   bool
}

// mark is the name that the prompt of a remoteTest takes.
const mark = "MARK"

// startRemote opens a Remote on a pipe and asks for a name on it; only
// mark is taken.
func startRemote(t *testing.T) *remoteTest {
	base := runtime.NumGoroutine()
	pr, pw := io.Pipe()
	clk := newClock()
	r, err := Open(Terminal{In: pr, Out: io.Discard, Term: "xterm-256color", Width: 80, Height: 24, Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	rt := &remoteTest{t: t, r: r, in: pw, clk: clk, done: make(chan askResult, 1), base: base}
	go func() {
		name, ok := r.AskName("Name?", func(n string) error {
			if n != mark {
				return errors.New("not the mark")
			}
			return nil
		})
		rt.done <- askResult{name, ok}
	}()
	return rt
}

// send writes b to the Remote's input, failing the test if it is not
// read in a minute.
func (rt *remoteTest) send(b []byte) {
	rt.t.Helper()
	errc := make(chan error, 1)
	go func() { _, err := rt.in.Write(b); errc <- err }()
	select {
	case err := <-errc:
		if err != nil {
			rt.t.Fatalf("write: %v", err)
		}
	case <-testwait.After(rt.t):
		rt.t.Fatalf("%d bytes not read by the test's deadline", len(b))
	}
}

// answer waits for the prompt to end.
func (rt *remoteTest) answer() askResult {
	rt.t.Helper()
	select {
	case res := <-rt.done:
		return res
	case <-testwait.After(rt.t):
		rt.t.Fatalf("the prompt did not end by the test's deadline; the screen:\n%s", rt.screen())
	}
	return askResult{}
}

// screen returns the screen's text, read on the prompt's loop.
func (rt *remoteTest) screen() string {
	text := make(chan string, 1)
	read := func() {
		w, h := rt.r.s.Size()
		var sb strings.Builder
		for y := range h {
			for x := range w {
				s, _, _ := rt.r.s.Get(x, y)
				sb.WriteString(s)
			}
			sb.WriteByte('\n')
		}
		text <- sb.String()
	}
	if rt.r.s.PostEvent(tcell.NewEventInterrupt(read)) != nil {
		return "(the queue is full)"
	}
	select {
	case s := <-text:
		return s
	case <-time.After(time.Second):
		return "(the loop did not answer)"
	}
}

// waitScreen waits until the screen holds want.
func (rt *remoteTest) waitScreen(want string) {
	rt.t.Helper()
	deadline := testwait.Limit(rt.t)
	for {
		s := rt.screen()
		if strings.Contains(s, want) {
			return
		}
		if time.Now().After(deadline) {
			rt.t.Fatalf("no %q on the screen by the test's deadline:\n%s", want, s)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// close ends the Remote and waits for its goroutines to end.
func (rt *remoteTest) close() {
	rt.t.Helper()
	rt.r.Close()
	rt.in.Close()
	waitGoroutines(rt.t, rt.base)
}

// waitGoroutines waits until no more than base goroutines run.
func waitGoroutines(t testing.TB, base int) {
	t.Helper()
	deadline := testwait.Limit(t)
	for runtime.NumGoroutine() > base {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines, %d before:\n%s", runtime.NumGoroutine(), base, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(time.Millisecond)
	}
}

// TestRemoteInvalidUTF8 is issue 37's byte: a Latin-1 é used to leave
// tcell's input goroutine spinning for ever, the keys after it unread.
func TestRemoteInvalidUTF8(t *testing.T) {
	rt := startRemote(t)
	rt.send([]byte("\xe9" + mark + "\r"))
	if got := rt.answer(); got != (askResult{mark, true}) {
		t.Errorf("AskName = %q, %v; want %q, true", got.name, got.ok, mark)
	}
	rt.close()
}

// TestRemotePaste pastes a mebibyte: the budget's keys reach the prompt,
// the rest are dropped, the player is told how many, and the keys typed
// after are answered.
func TestRemotePaste(t *testing.T) {
	rt := startRemote(t)
	const size = 1 << 20
	rt.send(bytes.Repeat([]byte("x"), size))
	rt.waitScreen(fmt.Sprintf("%d ignored", size-InputBurst))
	if got := rt.r.Dropped(); got != size-InputBurst {
		t.Errorf("Dropped() = %d; want %d", got, size-InputBurst)
	}
	rt.clk.advance(time.Second)
	rt.send([]byte("\x05\x15" + mark + "\r")) // Ctrl-E, Ctrl-U: the line emptied
	if got := rt.answer(); got != (askResult{mark, true}) {
		t.Errorf("AskName = %q, %v; want %q, true", got.name, got.ok, mark)
	}
	rt.close()
}

// FuzzRemoteInput sends any bytes to a Remote asking for a name: it
// answers the keys that follow them (or the bytes ended the prompt
// themselves), and its goroutines end with it.
func FuzzRemoteInput(f *testing.F) {
	for _, s := range []string{
		"", "\xe9", "\xe9\xe9\xe9\xe9", "\x1b", "\x1b[", "\x1b[1;", "\x1b]", "\x1bP", "\x1bO", "\x1bN",
		"\x1b[0;0;97;1;0;99999_", "\x00\x00\x00", "\x1b[<0;3;3M", strings.Repeat("x", 1000),
		"\xf0\x9f", "\x1b[" + strings.Repeat("9", 500), "\x1b_" + strings.Repeat("a", 9000),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<14 {
			data = data[:1<<14]
		}
		rt := startRemote(t)
		rt.send(data)
		rt.send([]byte{can}) // read once the data's last read is through the filter
		rt.clk.advance(time.Hour)
		rt.send([]byte("\x18\x05\x15" + mark + "\r"))
		if got := rt.answer(); got.ok && got.name != mark {
			t.Errorf("AskName = %q; want %q", got.name, mark)
		}
		rt.close()
	})
}

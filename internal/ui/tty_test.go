package ui

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/gdamore/tcell/v2/terminfo"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
)

// noRescue returns a term.Rescue that fails the test if it is used.
func noRescue(t *testing.T) term.Rescue {
	return term.Rescue{
		Restore: func() { t.Error("the terminal was restored without the screen") },
		Exit:    func(code int) { t.Errorf("exit(%d) called", code) },
	}
}

// restoreOnly returns a term.Rescue that may restore the terminal, as term.Finish
// does when tcell's screen cannot close, but fails the test on an exit.
func restoreOnly(t testing.TB) term.Rescue {
	return term.Rescue{Restore: func() {}, Exit: func(code int) { t.Errorf("exit(%d) called", code) }}
}

// playOnScreen plays cfg on s, not yet initialised, as Play does on the
// process's terminal (term.On), with esc as the way out.
func playOnScreen(s tcell.Screen, cfg Config, esc term.Rescue) (play.Result, error) {
	return playOn(cfg, func(run func(tcell.Screen) error) error { return term.On(s, esc, run) })
}

// fakeTty is a terminal device for tcell's real terminal screen: what a
// test writes to it arrives as the user's input, byte for byte, and what
// the screen draws is kept. Unlike the simulation screen, which decodes
// injected bytes its own way, this drives tcell's input path itself.
type fakeTty struct {
	in   chan []byte
	rest []byte // what the last read left of its chunk; only Read touches it

	mu      sync.Mutex
	out     bytes.Buffer
	drained chan struct{} // closed by Drain: reads return
}

func newFakeTty() *fakeTty { return &fakeTty{in: make(chan []byte, 64), drained: make(chan struct{})} }

func (f *fakeTty) Start() error {
	f.mu.Lock()
	f.drained = make(chan struct{})
	f.mu.Unlock()
	return nil
}

func (f *fakeTty) Stop() error { return nil }

func (f *fakeTty) Drain() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	select {
	case <-f.drained:
	default:
		close(f.drained)
	}
	return nil
}

func (f *fakeTty) NotifyResize(func()) {}

func (f *fakeTty) WindowSize() (tcell.WindowSize, error) {
	return tcell.WindowSize{Width: 80, Height: 24}, nil
}

func (f *fakeTty) Read(p []byte) (int, error) {
	f.mu.Lock()
	drained := f.drained
	f.mu.Unlock()
	select {
	case <-drained: // as the read deadline Drain sets on a real tty
		return 0, io.EOF
	default:
	}
	if len(f.rest) == 0 {
		select {
		case f.rest = <-f.in:
		case <-drained:
			return 0, io.EOF
		}
	}
	n := copy(p, f.rest)
	f.rest = f.rest[n:]
	return n, nil
}

func (f *fakeTty) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.out.Write(p)
}

func (f *fakeTty) Close() error { return nil }

// output returns everything the screen wrote so far.
func (f *fakeTty) output() []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return bytes.Clone(f.out.Bytes())
}

// ttyScreen returns tcell's real terminal screen, as Play makes it, on a
// fake xterm in the locale's character set.
func ttyScreen(t testing.TB, locale string) (tcell.Screen, *fakeTty) {
	t.Helper()
	t.Setenv("LC_ALL", locale)
	term.UseEncodings()
	ti, err := terminfo.LookupTerminfo("xterm-256color")
	if err != nil {
		t.Fatalf("LookupTerminfo: %v", err)
	}
	tty := newFakeTty()
	s, err := tcell.NewTerminfoScreenFromTtyTerminfo(tty, ti)
	if err != nil {
		t.Fatalf("NewTerminfoScreenFromTtyTerminfo: %v", err)
	}
	return s, tty
}

// playInput plays the small board on a real terminal screen, sends input
// and then each of after, one chunk a time, and returns what Play would
// return, failing the test if the game does not end within 10 s.
func playInput(t testing.TB, locale string, input []byte, after ...[]byte) (play.Result, []byte, error) {
	t.Helper()
	s, tty := ttyScreen(t, locale)
	cfg := fixed(t.(*testing.T), small)
	cfg.Tick = -1
	cfg.Suspend = func() {}
	done := make(chan outcome, 1)
	go func() {
		res, err := playOnScreen(s, cfg, restoreOnly(t))
		done <- outcome{res, err}
	}()
	if len(input) > 0 {
		tty.in <- input
	}
	for _, b := range after {
		tty.in <- b
	}
	select {
	case o := <-done:
		return o.res, tty.output(), o.err
	case <-testwait.After(t):
		t.Fatalf("the game did not end after the input %q, then %q", input, after)
	}
	return play.Result{}, nil, nil
}

// TestHostileInputQuits feeds tcell's input path what a terminal may send
// that is not valid UTF-8, then q: the game must read on and quit. tcell
// v2.13's own UTF-8 decoder spun forever on the first of them.
func TestHostileInputQuits(t *testing.T) {
	tests := []struct {
		name  string
		input []byte
	}{
		{"Latin-1 e-acute", []byte{0xe9, 'x'}},
		{"lone continuation byte", []byte{0x80}},
		{"overlong slash", []byte{0xc0, 0xaf}},
		{"surrogate", []byte{0xed, 0xa0, 0x80}},
		{"X10 mouse past column 95", []byte{0x1b, '[', 'M', '!', 0xbf, 'R'}},
		{"truncated sequence", []byte{0xe2, 0x82}},
		{"bytes 0xfe 0xff", []byte{0xfe, 0xff}},
		{"escape then invalid", []byte{0x1b, 0xff}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, _, err := playInput(t, "en_US.UTF-8", tt.input, []byte("q"))
			if err != nil || res.Signal != nil {
				t.Errorf("Play after %q then q = %v, signal %v; want a plain quit", tt.input, err, res.Signal)
			}
		})
	}
}

// TestQuitInABurst checks that the game ends when q comes early in a burst
// of input, a paste or a held key, longer than tcell's event queue: tcell
// then waits for room in the queue, and closing the screen waited for it
// for ever.
func TestQuitInABurst(t *testing.T) {
	burst := append([]byte("q"), bytes.Repeat([]byte("x"), 2000)...)
	var chunks [][]byte
	for len(burst) > 0 {
		n := min(len(burst), 100)
		chunks, burst = append(chunks, burst[:n]), burst[n:]
	}
	if _, _, err := playInput(t, "en_US.UTF-8", chunks[0], chunks[1:]...); err != nil {
		t.Errorf("Play with q then 2000 keys = %v", err)
	}
}

// TestLatin1LocalePlays checks that a terminal in a Latin-1 locale opens,
// reads its own "é" as a key like any other, and is drawn in ASCII, which
// is all it can show.
func TestLatin1LocalePlays(t *testing.T) {
	res, out, err := playInput(t, "fr_FR.ISO-8859-1", []byte{0xe9}, []byte("$ q"))
	if err != nil {
		t.Fatalf("Play in a Latin-1 locale = %v", err)
	}
	if !res.Started {
		t.Errorf("Play: nothing was opened; want the keys after the e-acute read")
	}
	if i := bytes.IndexFunc(out, func(r rune) bool { return r >= 0x80 }); i >= 0 {
		t.Errorf("the screen wrote %q to a Latin-1 terminal; want ASCII only", out[max(i-20, 0):min(i+20, len(out))])
	}
	if !bytes.Contains(out, []byte("+----------+")) {
		t.Errorf("the screen lacks the ASCII frame: %q", out)
	}
}

// FuzzTerminalInput sends arbitrary bytes through tcell's real input path
// to a running game: invalid UTF-8, escape sequences cut anywhere, mouse
// reports, control keys. Whatever they do to the game, it must not panic,
// and it must still end when asked, its screen closed, within seconds.
func FuzzTerminalInput(f *testing.F) {
	for _, seed := range []string{
		"\xe9x", "\x1b[M!\xbfR", "\x1b[M", "\x1b[<0;3;4M\x1b[<0;3;4m", "\x1b[1;2A\x1b[B",
		"\x1b[200~paste\x1b[201~", "\x1b]52;c;Zm9v\x07", "\x1bP+q\x1b\\", "\x1b[27;5;99~",
		"\xf0\x9f\x92", "\xc0\xaf\xed\xa0\x80\xfe\xff", "$\r f  \x1b[A\r", "\x1a\x0c?x",
		strings.Repeat("\x1b[", 100), strings.Repeat("\xe9", 300),
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, tty := ttyScreen(t, "en_US.UTF-8")
		cfg := fixed(t, small)
		cfg.Tick = -1
		cfg.Suspend = func() {}
		ready := make(chan struct{})
		var once sync.Once
		cfg.Now = func() time.Time {
			once.Do(func() { close(ready) })
			return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		}
		done := make(chan outcome, 1)
		go func() {
			res, err := playOnScreen(s, cfg, restoreOnly(t))
			done <- outcome{res, err}
		}()
		<-ready
		tty.in <- data
		// Wait for the input to be read, then ask the game to end as a
		// signal would; it may have ended already (q, Esc, Ctrl-C).
		deadline := testwait.After(t)
		for len(tty.in) > 0 {
			select {
			case <-deadline:
				t.Fatalf("the input %q was never read", data)
			case <-time.After(time.Millisecond):
			}
		}
		posted := false
		for {
			if !posted {
				posted = s.PostEvent(tcell.NewEventInterrupt(term.Quit{})) == nil
			}
			select {
			case o := <-done:
				if o.err != nil {
					t.Fatalf("Play after %q = %v", data, o.err)
				}
				return
			case <-deadline:
				t.Fatalf("the game did not end after the input %q", data)
			case <-time.After(time.Millisecond): // room in the queue, perhaps
			}
		}
	})
}

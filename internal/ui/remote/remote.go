// Package remote is the full-screen game's terminal at the far end of a
// connection, such as an SSH session's: a tcell screen on the session's
// input and output, sized and typed as the session says, whose input is
// made safe and held to a budget before tcell reads it, and the prompt
// for a player's display name on it (AskName). Nothing in it touches the
// process (signals, environment, /dev/tty); package ui plays on its screen
// (ui.PlayRemote) and package serve opens one a session.
package remote

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/gdamore/tcell/v2/terminfo"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
)

// Terminal is a terminal at the far end of a connection, such as an
// SSH session's: what the player types, where the screen is drawn, the
// terminal's type and size, all as the session says, never the process's.
type Terminal struct {
	In  io.Reader // the keys; its end (io.EOF or an error) is the player gone
	Out io.Writer // the screen
	// Term names the terminal's type, as TERM would; an unknown or empty
	// one is drawn as xterm-256color, which nearly every terminal is.
	Term          string
	Width, Height int // the size at the start, in cells
	// Now is the clock of the input's budget (inputRate, inputBurst); nil
	// means time.Now.
	Now func() time.Time
}

// fallbackTerm is the terminal type a remote terminal of an unknown type
// is drawn as.
const fallbackTerm = "xterm-256color"

// Screen is a game's screen on a Terminal. Nothing it does touches
// the process: no signal is caught, no environment variable or /dev/tty
// read, and Ctrl-Z pauses the game instead of stopping anything. AskName and
// what draws on its Tcell run on one goroutine; Resize and Quit may be
// called from any.
type Screen struct {
	tty    *remoteTTY
	s      tcell.Screen
	term   string        // the terminal type it is drawn as
	done   chan struct{} // closed by Close
	once   sync.Once
	quit   atomic.Bool
	noting atomic.Bool // a notice of dropped keys is posted and not yet shown
}

// Open starts a screen on t: it switches t to the full screen, which
// Close switches back.
func Open(t Terminal) (*Screen, error) {
	ti, err := description(t.Term)
	if err != nil {
		return nil, err
	}
	tty := newRemoteTTY(t)
	s, err := tcell.NewTerminfoScreenFromTtyTerminfo(tty, ti)
	if err != nil {
		tty.Close()
		return nil, err
	}
	if err := s.Init(); err != nil {
		tty.Close()
		return nil, err
	}
	r := &Screen{tty: tty, s: s, term: ti.Name, done: make(chan struct{})}
	go tty.read(t.In, r.Quit, r.dropping)
	return r, nil
}

// description returns the description of the terminal type named name,
// xterm-256color's for an unknown one, for a screen of its own: tcell
// writes to the description it is given (XTermLike), which the registry
// shares between screens.
func description(name string) (*terminfo.Terminfo, error) {
	ti, err := terminfo.LookupTerminfo(name)
	if err != nil {
		if ti, err = terminfo.LookupTerminfo(fallbackTerm); err != nil {
			return nil, err
		}
	}
	own := *ti
	return term.Unpadded(&own), nil
}

// Term returns the name of the terminal type the screen is drawn as.
func (r *Screen) Term() string { return r.term }

// Send writes p to the terminal as it is, past the screen: what a Tape of
// the terminal's type and size drew, for a view that draws its frames
// once for many terminals. The screen's own frames and p never mix: each
// is written whole. The screen knows nothing of p: what the screen holds
// is drawn again whole by its next Sync.
func (r *Screen) Send(p []byte) error {
	_, err := r.tty.Write(p)
	return err
}

// Resize tells the screen that the terminal is now w by h cells.
func (r *Screen) Resize(w, h int) { r.tty.resize(w, h) }

// LastInput returns when the player last typed or clicked; the start
// until they do.
func (r *Screen) LastInput() time.Time { return time.Unix(0, r.tty.last.Load()) }

// Dropped returns how many keys the player sent past the input's budget,
// which the game never saw.
func (r *Screen) Dropped() int64 { return r.tty.dropped.Load() }

// dropping tells the player that keys are being dropped, in one line the
// game's footer or the name prompt shows; the line says how many when it
// is drawn, so a flood is one notice, not one a key.
func (r *Screen) dropping() {
	if r.noting.Swap(true) {
		return
	}
	go term.Post(r.s, Notice(func() string {
		r.noting.Store(false) // before the count: a key dropped after it is told again
		return fmt.Sprintf("keys came faster than %d a second: %d ignored", inputRate, r.Dropped())
	}), r.done)
}

// Quit asks the game or the prompt on the screen to end as though the
// player left: a started game is then the caller's to keep. It may be
// called from any goroutine, any number of times.
func (r *Screen) Quit() {
	if r.quit.Swap(true) {
		return
	}
	go term.Post(r.s, term.Quit{}, r.done)
}

// Quitting reports whether Quit was called: the connection closed, or
// the server asked the game to end.
func (r *Screen) Quitting() bool { return r.quit.Load() }

// Tcell returns the screen on the terminal, for a game or a prompt to
// draw on and read from; it stays r's to close.
func (r *Screen) Tcell() tcell.Screen { return r.s }

// Close switches the terminal back from the full screen, as it was, and
// stops reading from it. Closing a screen whose player is gone takes at
// most term.FiniLimit.
func (r *Screen) Close() {
	r.once.Do(func() {
		close(r.done)
		term.Finish(r.s, func() {})
		r.tty.Close()
	})
}

// readSize is the most bytes read from a remote terminal at once. It
// bounds what waits between the connection and tcell: one read, made safe
// and held to the budget, waits there while tcell works through the last,
// and the connection's own window holds the rest back.
const readSize = 4096

// remoteTTY is a tcell.Tty on a Terminal. A goroutine reads the
// keys, so that Drain can wake a Read waiting for them: tcell waits for
// its reader when the screen closes.
type remoteTTY struct {
	wmu     sync.Mutex // a write at a time: tcell's frames and Send's
	out     io.Writer
	now     func() time.Time
	keys    chan []byte   // what the reader read; closed at the input's end
	stop    chan struct{} // closed by Close: the reader hands over no more
	drainer               // Start, Drain
	last    atomic.Int64  // Unix nanoseconds of the last input
	dropped atomic.Int64  // keys past the budget

	mu       sync.Mutex
	pending  []byte // read and not yet handed to tcell
	w, h     int
	onResize func()
	closed   bool
}

func newRemoteTTY(t Terminal) *remoteTTY {
	now := t.Now
	if now == nil {
		now = time.Now
	}
	tty := &remoteTTY{
		out: t.Out, now: now, keys: make(chan []byte), stop: make(chan struct{}),
		w: t.Width, h: t.Height,
	}
	tty.last.Store(time.Now().UnixNano())
	return tty
}

// read hands what in gives to Read, made safe and held to the budget
// (inputFilter, inputBudget), until in ends or the tty is closed; then it
// calls gone. It calls dropping after a read of which keys were dropped.
func (t *remoteTTY) read(in io.Reader, gone, dropping func()) {
	defer func() {
		close(t.keys)
		gone()
	}()
	budget := newInputBudget(t.now)
	f := inputFilter{keep: func() bool {
		if budget.take() {
			return true
		}
		t.dropped.Add(1)
		return false
	}}
	buf := make([]byte, readSize)
	for {
		n, err := in.Read(buf)
		if n > 0 {
			t.last.Store(time.Now().UnixNano())
			before := t.dropped.Load()
			budget.refill()
			keys := f.filter(nil, buf[:n])
			if t.dropped.Load() != before {
				dropping()
			}
			if len(keys) > 0 {
				select {
				case t.keys <- keys:
				case <-t.stop:
					return
				}
			}
		}
		if err != nil {
			return
		}
	}
}

// Stop does nothing: the far terminal's own modes are its client's.
func (t *remoteTTY) Stop() error { return nil }

// NotifyResize sets the function called when the size changes.
func (t *remoteTTY) NotifyResize(cb func()) {
	t.mu.Lock()
	t.onResize = cb
	t.mu.Unlock()
}

// WindowSize returns the size the session said last.
func (t *remoteTTY) WindowSize() (tcell.WindowSize, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return tcell.WindowSize{Width: t.w, Height: t.h}, nil
}

func (t *remoteTTY) resize(w, h int) {
	t.mu.Lock()
	t.w, t.h = w, h
	cb := t.onResize
	t.mu.Unlock()
	if cb != nil {
		cb()
	}
}

// Read returns keys the player typed, or 0 bytes once drained, or io.EOF
// once the input ended.
func (t *remoteTTY) Read(p []byte) (int, error) {
	t.mu.Lock()
	if len(t.pending) > 0 {
		n := copy(p, t.pending)
		t.pending = t.pending[n:]
		t.mu.Unlock()
		return n, nil
	}
	t.mu.Unlock()
	drained := t.done()
	select {
	case b, ok := <-t.keys:
		if !ok {
			return 0, io.EOF
		}
		n := copy(p, b)
		if n < len(b) {
			t.mu.Lock()
			t.pending = append(t.pending, b[n:]...)
			t.mu.Unlock()
		}
		return n, nil
	case <-drained:
		return 0, nil
	}
}

// Write draws on the far terminal.
func (t *remoteTTY) Write(p []byte) (int, error) {
	t.wmu.Lock()
	defer t.wmu.Unlock()
	return t.out.Write(p)
}

// Close stops handing keys over; the input itself is the caller's to
// close.
func (t *remoteTTY) Close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.closed {
		t.closed = true
		close(t.stop)
	}
	return nil
}

// ASCII reports whether a session whose locale variables are env
// (LC_ALL, LC_CTYPE, LANG, as an SSH client sends them) should be drawn
// in ASCII: its locale names a character set other than UTF-8. A session
// that sends none is taken to be UTF-8, as nearly every terminal is.
func ASCII(env map[string]string) bool {
	return term.ASCIILocale(func(name string) string { return env[name] })
}

// terminalEnv are the environment variables tcell reads when a screen
// starts, which on a server are the process's, not a session's: the
// locale (its character set), LINES and COLUMNS (the size), NO_COLOR and
// TCELL_* (colours, the alternate screen), RUNEWIDTH_EASTASIAN (widths).
var terminalEnv = []string{
	"LC_ALL", "LC_CTYPE", "LANG", "LINES", "COLUMNS", "NO_COLOR",
	"TCELL_TRUECOLOR", "TCELL_ALTSCREEN", "RUNEWIDTH_EASTASIAN",
}

// ServerEnv returns the names of the environment variables a server must
// clear once, before its first session, so that every remote screen
// depends on its session alone: tcell reads them from the process when a
// screen starts. Without them a screen is UTF-8, sized by its session,
// in colour unless its session says NO_COLOR.
func ServerEnv() []string { return append([]string(nil), terminalEnv...) }

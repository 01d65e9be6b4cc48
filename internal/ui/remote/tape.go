package remote

import (
	"bytes"
	"sync"

	"github.com/gdamore/tcell/v2"
)

// Tape is a screen whose terminal is a buffer: the bytes a frame drawn on
// it sends to a terminal of its type and size, to be sent as they are to
// many such terminals (Screen.Send). A frame drawn once then serves every
// viewer of a game whose screen is alike, however many they are.
type Tape struct {
	s   tcell.Screen
	tty *tapeTTY
}

// OpenTape returns a tape of a terminal of type name (see
// Terminal.Term) and of w by h cells; Take returns what it draws.
func OpenTape(name string, w, h int) (*Tape, error) {
	ti, err := description(name)
	if err != nil {
		return nil, err
	}
	tty := &tapeTTY{w: w, h: h}
	s, err := tcell.NewTerminfoScreenFromTtyTerminfo(tty, ti)
	if err != nil {
		return nil, err
	}
	if err := s.Init(); err != nil {
		return nil, err
	}
	tp := &Tape{s: s, tty: tty}
	tp.Take(nil) // the terminal's set up already: its own screen's
	return tp, nil
}

// Tcell returns the screen to draw on; it stays the tape's to close.
func (tp *Tape) Tcell() tcell.Screen { return tp.s }

// Take appends to dst what the screen sent since the last Take (a Show's
// changes, a Sync's whole screen), and returns it.
func (tp *Tape) Take(dst []byte) []byte {
	tp.tty.mu.Lock()
	defer tp.tty.mu.Unlock()
	dst = append(dst, tp.tty.out.Bytes()...)
	tp.tty.out.Reset()
	return dst
}

// Close closes the screen.
func (tp *Tape) Close() { tp.s.Fini() }

// tapeTTY is a tcell.Tty that keeps what is written and reads nothing.
type tapeTTY struct {
	w, h int

	mu      sync.Mutex
	out     bytes.Buffer
	drainer // Start, Drain
}

func (t *tapeTTY) Stop() error         { return nil }
func (t *tapeTTY) NotifyResize(func()) {}
func (t *tapeTTY) Close() error        { return nil }

func (t *tapeTTY) WindowSize() (tcell.WindowSize, error) {
	return tcell.WindowSize{Width: t.w, Height: t.h}, nil
}

// Read waits until the tape is drained: no key ever comes.
func (t *tapeTTY) Read([]byte) (int, error) {
	<-t.done()
	return 0, nil
}

func (t *tapeTTY) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.out.Write(p)
}

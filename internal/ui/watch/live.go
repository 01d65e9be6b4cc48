package watch

import (
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui/canvas"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// Live is a game in play as all its viewers follow it (Follow): the
// player's latest frame, drawn once for each kind of screen among the
// viewers' (its size, its terminal's type, the viewer's look) on a
// remote.Tape, whose bytes every viewer of that kind is sent as they are.
//
// The player's loop stores its frame (Show) and waits for no viewer: the
// first viewer is woken showDelay later, on a timer's goroutine, and each
// viewer, once it has the bytes of the frame, wakes the next one before it
// sends them, so that the viewers' work runs on their own goroutines, one
// starting after another; a viewer still sending an earlier frame (a slow
// client) is passed over, and catches up once it is done. A viewer that
// fell behind is sent the frames it missed at once, or the whole screen.
type Live struct {
	name   string
	charge func(bytes int) (release func(), err error)
	last   atomic.Pointer[shot]
	waking atomic.Bool // a wake of the viewers is due

	mu      sync.Mutex
	tapes   map[kind]*tape
	viewers atomic.Pointer[[]*viewer] // in the order they are woken, changed under mu
}

// NewLive returns the live game of the player called name (printable),
// whose tapes hold their memory with charge: it returns why the server
// has no room for bytes more, or the function that gives them back.
func NewLive(name string, charge func(bytes int) (release func(), err error)) *Live {
	return &Live{name: name, charge: charge, tapes: map[kind]*tape{}}
}

// shot is a frame shown and its number, which grows with each.
type shot struct {
	f *play.Frame
	n uint64
}

// showDelay is how long after a frame shown the viewers are woken: the
// player's frame goes first, without the viewers' work beside it (on a
// server of two cores whose clients share its process, 200 viewers woken
// at once held the player's own client back by some 3 ms at the median,
// BenchmarkWatch), and the frames shown meanwhile go to them as one.
const showDelay = 500 * time.Microsecond

// Show makes f, the player's, the frame the viewers follow, and has the
// first of them woken showDelay later. f is kept and read by the viewers:
// it must never change after. Show and End are called on one goroutine at
// a time.
func (lv *Live) Show(f *play.Frame) {
	n := uint64(1)
	if sh := lv.last.Load(); sh != nil {
		n = sh.n + 1
	}
	lv.last.Store(&shot{f: f, n: n})
	if lv.waking.CompareAndSwap(false, true) {
		time.AfterFunc(showDelay, lv.wake)
	}
}

// wake wakes the first viewer that has not had the last frame.
func (lv *Live) wake() {
	lv.waking.Store(false) // before the load: a frame shown after it is woken again
	lv.pass(0, lv.last.Load().n)
}

// End wakes every viewer once more, after the game ended or closed, for
// each to learn it (see Follow's check).
func (lv *Live) End() {
	if sh := lv.last.Load(); sh != nil {
		lv.Show(sh.f)
		return
	}
	lv.Show(&play.Frame{})
}

// Frame returns the last frame shown, read only; an empty one before the
// first.
func (lv *Live) Frame() *play.Frame {
	if sh := lv.last.Load(); sh != nil {
		return sh.f
	}
	return &play.Frame{}
}

// pass wakes the viewers from the one at from that have not had frame n
// yet: the first of them, and those after it while they are busy sending
// an earlier frame.
func (lv *Live) pass(from int, n uint64) {
	vs := lv.viewers.Load()
	if vs == nil {
		return
	}
	for _, v := range (*vs)[min(from, len(*vs)):] {
		if v.seen.Load() >= n {
			return
		}
		select {
		case v.wake <- struct{}{}:
		default:
		}
		if !v.busy.Load() {
			return
		}
	}
}

// join adds v to the viewers, last.
func (lv *Live) join(v *viewer) {
	lv.mu.Lock()
	defer lv.mu.Unlock()
	var vs []*viewer
	if old := lv.viewers.Load(); old != nil {
		vs = slices.Clone(*old)
	}
	vs = append(vs, v)
	v.at.Store(int32(len(vs) - 1))
	lv.viewers.Store(&vs)
}

// leave takes v from the viewers, and wakes the one after it in its
// place.
func (lv *Live) leave(v *viewer) {
	lv.mu.Lock()
	vs := slices.DeleteFunc(slices.Clone(*lv.viewers.Load()), func(w *viewer) bool { return w == v })
	for i, w := range vs {
		w.at.Store(int32(i))
	}
	lv.viewers.Store(&vs)
	lv.mu.Unlock()
	if sh := lv.last.Load(); sh != nil {
		lv.pass(int(v.at.Load()), sh.n)
	}
}

// kind is what makes two viewers' screens draw the same bytes.
type kind struct {
	w, h int
	term string
	look Look
}

// tapeLog is the most bytes of frames a tape keeps for the viewers that
// fell behind; past them, it starts again.
const tapeLog = 32 << 10

// tapeCell is the bytes a tape holds for each cell of its screen: tcell
// keeps some 190 B, the frames' shadow 24 B, and the whole screen's
// bytes a few more.
const tapeCell = 256

// TapeBytes returns the memory a Live holds for the viewers' screens of w
// by h cells, whatever their number: the screen the frames are drawn on,
// and the bytes kept of the last frames.
func TapeBytes(w, h int) int { return w*h*tapeCell + 2*tapeLog }

// tape is the frames of a Live for one kind of screen, and the bytes that
// bring a screen of that kind from each of the last frames to the latest.
type tape struct {
	users   int    // the viewers on it, under Live.mu
	release func() // gives its memory back to the budget

	mu    sync.Mutex
	rec   *remote.Tape
	th    *theme.Theme
	sh    canvas.Shadow
	at    layout
	n     uint64 // the frame drawn last, 0 before the first
	log   []byte // the bytes of the frames after those in marks
	marks []mark
	whole []byte // the whole screen at frame n once asked for, or nil
}

// mark is where in a tape's log the bytes that bring a screen from frame
// n to the tape's latest begin.
type mark struct {
	n   uint64
	off int
}

// tape returns the tape of k, made when no viewer is on it, with one more
// viewer on it.
func (lv *Live) tape(k kind) (*tape, error) {
	lv.mu.Lock()
	defer lv.mu.Unlock()
	if tp := lv.tapes[k]; tp != nil {
		tp.users++
		return tp, nil
	}
	release, err := lv.charge(TapeBytes(k.w, k.h))
	if err != nil {
		return nil, err
	}
	rec, err := remote.OpenTape(k.term, k.w, k.h)
	if err != nil {
		release()
		return nil, err
	}
	tp := &tape{users: 1, release: release, rec: rec, th: newTheme(rec.Tcell(), k.look)}
	tp.sh.Reset(k.w, k.h)
	lv.tapes[k] = tp
	return tp, nil
}

// untape takes a viewer off tp of kind k, and closes it after the last.
func (lv *Live) untape(k kind, tp *tape) {
	lv.mu.Lock()
	defer lv.mu.Unlock()
	if tp.users--; tp.users > 0 {
		return
	}
	delete(lv.tapes, k)
	tp.rec.Close()
	tp.release()
}

// since returns the bytes that bring a screen showing frame have (0: not
// known) to the frame of sh, drawn first if the tape has not yet, and the
// number of the frame they bring it to. The bytes are never changed: they
// are sent without the tape's lock.
func (tp *tape) since(name string, have uint64, sh *shot) ([]byte, uint64) {
	tp.mu.Lock()
	defer tp.mu.Unlock()
	if tp.n < sh.n {
		tp.draw(name, sh)
	}
	if have == tp.n {
		return nil, have
	}
	for _, m := range tp.marks {
		if m.n == have && have != 0 {
			return tp.log[m.off:len(tp.log):len(tp.log)], tp.n
		}
	}
	if tp.whole == nil {
		tp.rec.Tcell().Sync()
		tp.whole = tp.rec.Take(nil)
	}
	return tp.whole, tp.n
}

// draw draws the frame of sh, and keeps the bytes that bring the last
// frame's screen to it.
func (tp *tape) draw(name string, sh *shot) {
	s := tp.rec.Tcell()
	drawFrame(canvas.On(s, &tp.sh), tp.th, name, sh.f, &tp.at)
	s.Show()
	if len(tp.log) >= tapeLog || len(tp.marks) >= tapeLog/256 {
		// A new log: the viewers may still be sending from the old.
		tp.log, tp.marks = make([]byte, 0, tapeLog), tp.marks[:0]
	}
	if tp.n != 0 {
		tp.marks = append(tp.marks, mark{n: tp.n, off: len(tp.log)})
	}
	tp.log = tp.rec.Take(tp.log)
	tp.n, tp.whole = sh.n, nil
}

// viewer is one viewer of a Live, and the frame its terminal shows.
type viewer struct {
	lv   *Live
	at   atomic.Int32  // its place among the viewers
	wake chan struct{} // a token when there may be a frame to send
	busy atomic.Bool   // between a wake and the frame sent
	seen atomic.Uint64 // the last frame it took

	mu   sync.Mutex // held while a frame is sent
	k    kind
	tape *tape
	have uint64 // the frame the terminal shows, 0 when not known
}

// ended is the data of the event that ends a view: why.
type ended string

// Follow draws the game on r in look until the viewer leaves (q, Esc,
// Ctrl-C), r quits, or check returns why the game can be followed no more
// (it is called with each frame before it is sent); it returns that line,
// "" when the viewer left.
//
// The frames are sent past r's own screen, which stays blank meanwhile:
// a redraw of it (a resize) blanks the terminal, and the view sends the
// whole frame after it; Follow draws it whole (Sync) before it returns.
func (lv *Live) Follow(r *remote.Screen, look Look, check func(*play.Frame) error) string {
	s := r.Tcell()
	s.Clear() // the terminal is cleared by the whole frame sent first
	v := &viewer{lv: lv, wake: make(chan struct{}, 1)}
	if err := v.retape(r, look); err != nil {
		return err.Error()
	}
	lv.join(v)
	done := make(chan struct{})
	defer func() {
		close(done)
		v.mu.Lock() // the frame being sent, if one is
		lv.leave(v)
		lv.untape(v.k, v.tape)
		v.mu.Unlock()
		s.Sync()
	}()
	go v.run(r, check, done)
	for {
		ev := s.PollEvent()
		if ev == nil || r.Quitting() {
			return ""
		}
		switch ev := ev.(type) {
		case *tcell.EventResize:
			// tcell's first event is one, of the size the view starts at.
			if w, h := s.Size(); w == v.k.w && h == v.k.h {
				break
			}
			if err := v.retape(r, look); err != nil {
				return err.Error()
			}
		case *tcell.EventInterrupt:
			switch why := ev.Data().(type) {
			case term.Quit:
				return ""
			case ended:
				return string(why)
			}
		case *tcell.EventKey:
			if leaves(ev) {
				return ""
			}
			if ev.Key() == tcell.KeyCtrlL { // the whole screen again
				if err := v.retape(r, look); err != nil {
					return err.Error()
				}
			}
		case *tcell.EventError:
			return ""
		}
	}
}

// retape puts the view on the tape of r's screen now, to be sent the
// whole frame, which clears the terminal first.
func (v *viewer) retape(r *remote.Screen, look Look) error {
	s := r.Tcell()
	w, h := s.Size()
	k := kind{w: w, h: h, term: r.Term(), look: look}
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.tape != nil {
		// After tcell's own redraw of a resize (blank), which Show
		// waits for, and which puts nothing more.
		s.Show()
	}
	v.have = 0
	if v.tape == nil || k != v.k {
		tp, err := v.lv.tape(k)
		if err != nil {
			return err
		}
		if v.tape != nil {
			v.lv.untape(v.k, v.tape)
		}
		v.k, v.tape = k, tp
	}
	select {
	case v.wake <- struct{}{}:
	default:
	}
	return nil
}

// run sends r the frames of the game as they come, until done is closed
// or check says why the game can be followed no more.
func (v *viewer) run(r *remote.Screen, check func(*play.Frame) error, done <-chan struct{}) {
	lv := v.lv
	for {
		v.busy.Store(false)
		select {
		case <-done:
			return
		case <-v.wake:
		}
		v.busy.Store(true)
		sh := lv.last.Load()
		if sh == nil {
			continue // the first frame wakes it
		}
		if err := check(sh.f); err != nil {
			v.seen.Store(sh.n)
			lv.pass(int(v.at.Load())+1, sh.n)
			term.Post(r.Tcell(), ended(err.Error()), done)
			return
		}
		v.mu.Lock()
		select {
		case <-done:
			v.mu.Unlock()
			return
		default:
		}
		b, n := v.tape.since(lv.name, v.have, sh)
		v.seen.Store(sh.n)
		lv.pass(int(v.at.Load())+1, sh.n)
		if len(b) > 0 {
			_ = r.Send(b) // a client gone ends its session
		}
		v.have = n
		v.mu.Unlock()
	}
}

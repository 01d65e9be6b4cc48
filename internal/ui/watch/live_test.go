package watch

import (
	"bytes"
	"io"
	"sync"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
)

// frameAt returns a frame of a 9x9 board whose cursor is at column x.
func frameAt(x int) *play.Frame {
	return &play.Frame{Width: 9, Height: 9, Mines: 10, FlagsLeft: 10, SafeLeft: 71,
		Tiles: make([]board.Tile, 81), Cursor: board.Point{X: x, Y: 4}}
}

// A tape draws each frame once and keeps what brings a screen from each
// of the last frames to the latest: a viewer one frame behind is sent that
// frame's changes, one further behind those of the frames it missed, one
// whose screen is not known (a new viewer, a resize) the whole screen.
func TestWatchTapeSince(t *testing.T) {
	lv := NewLive("Alice", func(int) (func(), error) { return func() {}, nil })
	tp, err := lv.tape(kind{w: 80, h: 24, term: "xterm-256color"})
	if err != nil {
		t.Fatal(err)
	}
	defer lv.untape(kind{w: 80, h: 24, term: "xterm-256color"}, tp)
	var steps [][]byte // the bytes from frame i to i+1
	for i := 1; i <= 4; i++ {
		sh := &shot{f: frameAt(i), n: uint64(i)}
		b, n := tp.since("Alice", uint64(i-1), sh)
		if n != uint64(i) {
			t.Fatalf("since(%d, frame %d) brings the screen to %d; want %d", i-1, i, n, i)
		}
		steps = append(steps, b)
	}
	last := &shot{f: frameAt(4), n: 4}
	whole, _ := tp.since("Alice", 0, last)
	for _, tt := range []struct {
		have uint64
		want []byte
	}{
		{4, nil},
		{3, steps[3]},
		{2, append(append([]byte(nil), steps[2]...), steps[3]...)},
		{0, whole},
		{9, whole}, // a frame the tape does not know
	} {
		if got, _ := tp.since("Alice", tt.have, last); !bytes.Equal(got, tt.want) {
			t.Errorf("since(%d) = %q; want %q", tt.have, got, tt.want)
		}
	}
	if len(whole) <= len(steps[3]) || !bytes.Contains(whole, []byte("watching Alice")) {
		t.Errorf("the whole screen (%d bytes) does not draw the header, or is not larger than a move's %d bytes", len(whole), len(steps[3]))
	}
}

// lockedBuffer is a terminal's output, written by one goroutine and read
// by another.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Viewers whose screens are alike share one tape, drawn once a frame; a
// viewer of another size has a tape of its own; each follows every move,
// and leaving gives the tapes' memory back.
func TestWatchLiveShares(t *testing.T) {
	var held, charged int
	var mu sync.Mutex
	lv := NewLive("Bob", func(n int) (func(), error) {
		mu.Lock()
		defer mu.Unlock()
		held += n
		charged++
		return func() {
			mu.Lock()
			defer mu.Unlock()
			held -= n
		}, nil
	})
	lv.Show(frameAt(0))
	type viewerTerm struct {
		out   *lockedBuffer
		in    *io.PipeWriter
		ended chan string
	}
	var terms []viewerTerm
	for _, w := range []int{80, 80, 100} {
		out := &lockedBuffer{}
		in, inw := io.Pipe()
		r, err := remote.Open(remote.Terminal{In: in, Out: out, Term: "xterm-256color", Width: w, Height: 24})
		if err != nil {
			t.Fatal(err)
		}
		ended := make(chan string, 1)
		go func() {
			defer r.Close()
			ended <- lv.Follow(r, Look{}, func(*play.Frame) error { return nil })
		}()
		terms = append(terms, viewerTerm{out: out, in: inw, ended: ended})
	}
	for i, tm := range terms {
		if !testwait.Until(t, func() bool { return bytes.Contains([]byte(tm.out.String()), []byte("watching Bob")) }) {
			t.Fatalf("viewer %d: no frame by the test's deadline", i)
		}
	}
	lv.mu.Lock()
	tapes := len(lv.tapes)
	lv.mu.Unlock()
	if tapes != 2 {
		t.Errorf("3 viewers, 2 of them alike, have %d tapes; want 2", tapes)
	}
	// A move: the cursor, at the third column, shows in each frame as
	// the terminal's cursor moved there (column 1+2*2+1 in xterm's
	// numbering, row 6).
	before := make([]int, len(terms))
	for i, tm := range terms {
		before[i] = len(tm.out.String())
	}
	lv.Show(frameAt(2))
	for i, tm := range terms {
		if !testwait.Until(t, func() bool { return bytes.Contains([]byte(tm.out.String()[before[i]:]), []byte("\x1b[7;6H")) }) {
			t.Errorf("viewer %d: the move's frame did not come by the test's deadline: %q", i, tm.out.String()[before[i]:])
		}
	}
	if a, b := terms[0].out.String()[before[0]:], terms[1].out.String()[before[1]:]; a != b {
		t.Errorf("two viewers alike were sent different frames:\n%q\n%q", a, b)
	}
	for i, tm := range terms {
		if _, err := tm.in.Write([]byte("q")); err != nil {
			t.Fatal(err)
		}
		if why := <-tm.ended; why != "" {
			t.Errorf("viewer %d: Follow = %q after q; want \"\"", i, why)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if held != 0 || charged != 2 {
		t.Errorf("after the viewers left, %d bytes are held of %d tapes charged; want 0 of 2", held, charged)
	}
}

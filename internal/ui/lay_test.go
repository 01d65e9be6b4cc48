package ui

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
)

// bigCfg is a random board just large enough to be laid off the loop.
func bigCfg() Config {
	return Config{Start: play.Start{Board: board.Settings{Width: 1024, Height: layOffLoopCells / 1024, Mines: 40000, Rule: board.Opening}, Seed: 7}, Prefs: Prefs{ASCII: true}, Cursor: &board.Point{}}
}

// holdLaying makes the laying of mines wait until the returned function
// is called, so that a test can act while it runs.
func holdLaying(t *testing.T, cfg *Config) (release func()) {
	t.Helper()
	open, release := gate(t, func() {})
	cfg.layGate = func() { <-open }
	return release
}

// gate returns a channel closed by release, which the test's end calls
// too, before restore puts back what the test replaced.
func gate(t *testing.T, restore func()) (open <-chan struct{}, release func()) {
	ch := make(chan struct{})
	var once sync.Once
	release = func() { once.Do(func() { close(ch) }) }
	t.Cleanup(func() {
		release()
		restore()
	})
	return ch, release
}

// footer returns the screen's footer line: the one under the frame.
func (sc screen) footer() string {
	for y := len(sc.text) - 2; y > 0; y-- {
		if line := strings.TrimLeft(sc.text[y], " "); strings.HasPrefix(line, "└") || strings.HasPrefix(line, "+-") {
			return sc.text[y+1]
		}
	}
	for y := len(sc.text) - 1; y >= 0; y-- {
		if sc.text[y] != "" {
			return sc.text[y]
		}
	}
	return ""
}

// TestLayOffLoop checks that the first click on a large board lays the
// mines off the loop: meanwhile the game answers keys, moves the cursor,
// refuses moves on the board, and takes the board when it is laid.
func TestLayOffLoop(t *testing.T) {
	cfg := bigCfg()
	release := holdLaying(t, &cfg)
	h := start(t, cfg, 80, 24)
	h.typ("\n")
	sc := h.snap()
	if got, want := sc.footer(), "laying 40000 mines on 1024x256..."; !strings.Contains(got, want) {
		t.Fatalf("footer while laying = %q; want %q", got, want)
	}
	checkHeader(t, sc, "[ playing ]")
	h.typ("lf") // the cursor moves; the flag is refused
	sc = h.snap()
	wx, wy := sc.at(board.Point{X: 1, Y: 0})
	if x, y, ok := sc.cursor(h.th); !ok || x != wx || y != wy {
		t.Errorf("cursor at %d,%d (%v) after l; want %d,%d", x, y, ok, wx, wy)
	}
	if row := sc.boardRows()[0]; strings.Contains(row, "F") {
		t.Errorf("a flag was placed while laying: %q", row)
	}
	release()
	h.waitLaid()
	sc = h.snap()
	if row := sc.boardRows()[0]; !strings.HasPrefix(row, "  ") {
		t.Errorf("top row after the first click = %q; want the opening at the corner", row)
	}
	h.typ("q")
	if o := h.wait(); !o.res.Started || o.res.Status != board.Playing {
		t.Errorf("result = started %v, %v; want a started game in play", o.res.Started, o.res.Status)
	}
}

// TestLayOffLoopQuit checks that the game quits at once while mines are
// still being laid, and that a new game waits for them.
func TestLayOffLoopQuit(t *testing.T) {
	for _, keys := range []string{"q", "nrfq"} {
		cfg := bigCfg()
		release := holdLaying(t, &cfg)
		h := start(t, cfg, 80, 24)
		h.typ("\n" + keys)
		o := h.wait()
		if o.err != nil || o.res.Started || o.res.Seed != 7 {
			t.Errorf("keys Enter %q while laying: result started %v, seed %d, %v; want a quit before the first move of seed 7",
				keys, o.res.Started, o.res.Seed, o.err)
		}
		release()
	}
}

// TestLaidOffLoopIsTheSeedsBoard checks that a board laid off the loop
// is the board its seed and first click give when laid on the loop: the
// screen matches that layout played as a fixed board with the same click.
func TestLaidOffLoopIsTheSeedsBoard(t *testing.T) {
	cfg := bigCfg()
	at := board.Point{X: 6, Y: 10}
	h := start(t, cfg, 80, 24)
	h.typ("JJLl\n")
	h.waitLaid()
	got := h.snap().boardRows()

	b, err := board.NewRandom(cfg.Start.Board, nil, board.NewRand(cfg.Start.Seed))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Reveal(at); err != nil {
		t.Fatal(err)
	}
	ref := cfg
	ref.Start.Fixed, ref.Start.Mines, ref.Start.Clicks = true, b.Layout(), []board.Point{at}
	h2 := start(t, ref, 80, 24)
	h2.typ("JJLl")
	if want := h2.snap().boardRows(); !slices.Equal(got, want) {
		t.Errorf("board laid off the loop:\n%s\nwant (laid on the loop):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

package ui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/solver"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// waitUntil polls the screen until ok holds of it, for work the loop gets
// back from other goroutines (laying mines, the solver), and returns it;
// only a hang fails the test, at its deadline (testwait.Limit), saying
// what it waited for.
func (h *harness) waitUntil(what string, ok func(screen) bool) screen {
	h.t.Helper()
	var sc screen
	if !testwait.Until(h.t, func() bool { sc = h.snap(); return ok(sc) }) {
		h.t.Fatalf("waited in vain for %s:\n%s", what, sc)
	}
	return sc
}

// waitFooter waits until the footer contains want and returns the screen.
func (h *harness) waitFooter(want string) screen {
	h.t.Helper()
	return h.waitUntil(fmt.Sprintf("the footer to say %q", want), func(sc screen) bool {
		return strings.Contains(sc.footer(), want)
	})
}

// waitLaid waits until the mines laid off the loop are back.
func (h *harness) waitLaid() screen {
	h.t.Helper()
	return h.waitUntil("the laid board", func(sc screen) bool { return !strings.Contains(sc.footer(), "laying") })
}

// hintBoard opens, from its bottom-left corner, to leave two closed cells
// at the top right: (2,0), a certain mine, and (3,0), which the 1 at (2,1)
// shows safe.
const hintBoard = "..*.\n....\n....\n"

// TestHint checks s: the first moves the cursor to a certainly safe cell,
// the second explains it; m flags the certain mine; the game is then
// marked assisted in the header and the result.
func TestHint(t *testing.T) {
	cfg := fixed(t, hintBoard)
	cfg.Prefs.ASCII = true
	h := start(t, cfg, 80, 24)
	h.typ("jj\n")
	h.typ("s")
	sc := h.waitFooter("safe: (4,1); s again says why") // cell (3,0), counted from 1
	wx, wy := sc.at(board.Point{X: 3, Y: 0})
	if x, y, ok := sc.cursor(h.th); !ok || x != wx || y != wy {
		t.Errorf("cursor at %d,%d (%v) after s; want on cell (3,0) at %d,%d", x, y, ok, wx, wy)
	}
	checkHeader(t, sc, "assisted")
	h.typ("s")
	h.waitFooter("safe: the 1 at (3,2) already touches the mine at (3,1)")
	h.typ("m")
	sc = h.waitFooter("1 mine is certain: all flagged")
	if row := sc.boardRows()[0]; !strings.Contains(row, "F") {
		t.Errorf("top row after m = %q; want a flag on (2,0)", row)
	}
	h.typ("q")
	if o := h.wait(); !o.res.Assisted {
		t.Errorf("result %+v; want assisted", o.res)
	}
}

// TestHintNoSafeCell checks s on a 50/50: no safe cell, the cursor goes to
// the best guess and the footer says its chance.
func TestHintNoSafeCell(t *testing.T) {
	h := start(t, fixed(t, "*.\n..\n..\n"), 80, 24)
	h.typ("jj\n")
	h.typ("s")
	sc := h.waitFooter("no safe cell: the best guess is (1,1), 50% mine")
	wx, wy := sc.at(board.Point{})
	if x, y, ok := sc.cursor(h.th); !ok || x != wx || y != wy {
		t.Errorf("cursor at %d,%d (%v); want on cell (0,0) at %d,%d", x, y, ok, wx, wy)
	}
}

// TestHintBeforeStart checks that s before the first opening asks for one,
// and that a game the solver never helped is not assisted.
func TestHintBeforeStart(t *testing.T) {
	h := start(t, fixed(t, hintBoard), 80, 24)
	h.typ("s")
	h.waitFooter("open a cell first")
	if header := h.snap().header(); strings.Contains(header, "assisted") {
		t.Errorf("header = %q; want no assisted mark", header)
	}
	h.typ("q")
	if o := h.wait(); o.res.Assisted {
		t.Errorf("result %+v; want not assisted", o.res)
	}
}

// holdAnalysis makes analyses wait until the returned function is called.
func holdAnalysis(t *testing.T, cfg *Config) (release func()) {
	t.Helper()
	open, release := gate(t, func() {})
	cfg.Solver = gatedSolver{open: open}
	return release
}

// gatedSolver is the real solver whose hints and moves wait for open.
type gatedSolver struct {
	realSolver
	open <-chan struct{}
}

func (s gatedSolver) Hint(ctx context.Context, v *solver.View, rule board.FirstClick, near board.Point) (solver.Hint, *solver.Analysis, error) {
	select {
	case <-s.open:
	case <-ctx.Done():
		return solver.Hint{}, nil, ctx.Err()
	}
	return s.realSolver.Hint(ctx, v, rule, near)
}

func (s gatedSolver) Next(ctx context.Context, v *solver.View, rule board.FirstClick, seed uint64) (board.Point, error) {
	select {
	case <-s.open:
	case <-ctx.Done():
		return board.Point{}, ctx.Err()
	}
	return s.realSolver.Next(ctx, v, rule, seed)
}

// TestHintOffLoop checks that the game answers keys while the solver
// thinks, says so after 100 ms, and that a move made meanwhile cancels the
// stale analysis: its answer never moves the cursor.
func TestHintOffLoop(t *testing.T) {
	cfg := fixed(t, hintBoard)
	release := holdAnalysis(t, &cfg)
	h := start(t, cfg, 80, 24)
	h.typ("jj\n")
	h.typ("s")
	if sc := h.snap(); strings.Contains(sc.footer(), "thinking") {
		t.Errorf("footer at once = %q; want no thinking mark before %v", sc.footer(), thinkingAfter)
	}
	h.clock.advance(thinkingAfter)
	h.post(tcell.NewEventInterrupt(tick{}))
	h.waitFooter("thinking")
	h.typ("kk") // the cursor moves while the solver thinks
	h.waitFooter("thinking")
	h.typ("lll\n") // opening the safe cell makes the analysis stale
	release()
	time.Sleep(20 * time.Millisecond)
	sc := h.snap()
	if strings.Contains(sc.footer(), "safe") || strings.Contains(sc.footer(), "thinking") {
		t.Errorf("footer after a stale analysis = %q; want neither its answer nor the thinking mark", sc.footer())
	}
	checkHeader(t, sc, "[ You win ]")
}

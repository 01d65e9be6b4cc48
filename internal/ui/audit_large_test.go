package ui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// column returns a board of w by h cells whose mines fill its last
// column but its top cell: an opening in the first column opens every
// other cell but that one, which the numbers beside it show is safe.
func column(w, h int) string {
	row := strings.Repeat(".", w-1) + "*\n"
	return "\n" + strings.Repeat(".", w) + "\n" + strings.Repeat(row, h-1)
}

// TestAuditLargeBoard checks that the analysis of an opening on a board
// too large to analyse on the loop (64x40, over play.SyncAuditCells) comes
// back and counts, as on a smaller board: main dropped it, and ended such
// a game "no guess forced (1 opening still being counted)".
func TestAuditLargeBoard(t *testing.T) {
	for _, size := range []struct{ w, h int }{{40, 40}, {64, 40}} {
		cfg := fixed(t, column(size.w, size.h))
		cfg.Solver = noHints{}
		h := start(t, cfg, 200, 60)
		h.snap()
		h.clickCell(board.Point{}, board.Point{}, tcell.Button1)
		h.snap()
		h.clickCell(board.Point{X: size.w - 1, Y: 3}, board.Point{}, tcell.Button1)
		h.snap()
		deadline := time.Now().Add(time.Minute) // a hang's guard: the analysis takes milliseconds
		for strings.Contains(h.snap().String(), "still being counted") && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		h.typ("q")
		o := h.wait()
		if o.err != nil || strings.Contains(o.res.Verdict, "still being counted") || o.res.Verdict == "" {
			t.Errorf("%dx%d: Run() = verdict %q, %v; want the fatal opening counted", size.w, size.h, o.res.Verdict, o.err)
		}
	}
}

// noHints is the real solver but for its hints, which never come (until
// their job is cancelled): the analysis a hint brings is never ready for
// an opening to use, and each opening is analysed on its own.
type noHints struct{ realSolver }

func (noHints) Hint(ctx context.Context, _ *solver.View, _ board.FirstClick, _ board.Point) (solver.Hint, *solver.Analysis, error) {
	<-ctx.Done()
	return solver.Hint{}, nil, ctx.Err()
}

// blockingSolver's analyses wait for their context's end, and say so.
type blockingSolver struct {
	noHints
	started   chan struct{}
	cancelled chan struct{}
}

func (b *blockingSolver) Analyze(ctx context.Context, _ *solver.View, _ board.FirstClick) (*solver.Analysis, error) {
	b.started <- struct{}{}
	<-ctx.Done()
	b.cancelled <- struct{}{}
	return nil, ctx.Err()
}

// TestAuditBounded checks that openings on a large board faster than
// their analyses hold at most maxAuditQueue views waiting, the oldest not
// counted, and that the analysis running when the game ends is stopped:
// a session that is over does no more work.
func TestAuditBounded(t *testing.T) {
	const w, hgt = 64, 40
	cfg := fixed(t, column(w, hgt))
	sv := &blockingSolver{started: make(chan struct{}, 1), cancelled: make(chan struct{}, 1)}
	cfg.Solver = sv
	h := start(t, cfg, 200, 60)
	h.snap()
	// The first opening opens every cell but the mines; the second, on
	// a mine, is analysed off the loop, and the analysis blocks.
	h.clickCell(board.Point{}, board.Point{}, tcell.Button1)
	h.snap()
	h.clickCell(board.Point{X: w - 1, Y: 3}, board.Point{}, tcell.Button1)
	<-sv.started // the fatal opening's analysis runs, blocked
	h.typ("q")
	if o := h.wait(); o.err != nil {
		t.Fatalf("Run() = %v", o.err)
	}
	select {
	case <-sv.cancelled:
	case <-time.After(time.Minute): // a hang's guard
		t.Fatal("the analysis running when the game ended was not stopped")
	}
}

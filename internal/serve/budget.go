package serve

import (
	"errors"
	"sync"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// freeCells is the largest board that takes nothing from the server's
// budget of cells: an expert board's. Every session may hold one, so
// that a few players on large boards never keep the others from the
// usual ones; their memory is counted with the sessions' (see
// DefaultLimits).
const freeCells = 30 * 16

// cellPool is the server's budget of cells (Limits.ServerCells): the
// cells of the boards larger than freeCells that its sessions hold.
type cellPool struct {
	max int // 0: no limit

	mu   sync.Mutex
	used int
}

// cellHold is one session's share of the pool: the cells of the board it
// plays, reserved when the board is chosen and given back when another
// is chosen or the session ends. A finished game's board stays on the
// player's screen (and an undo plays it on) until the next is chosen, so
// it is held until then.
type cellHold struct {
	pool *cellPool
	n    int  // under pool.mu
	done bool // released: it holds nothing more (under pool.mu)
}

// hold returns a session's share, holding nothing yet.
func (p *cellPool) hold() *cellHold { return &cellHold{pool: p} }

// charge returns what a board of settings b takes from the pool.
func charge(b board.Settings) int {
	if n := b.Cells(); n > freeCells {
		return n
	}
	return 0
}

// swap reserves n cells in place of those held, and returns those held
// before; or, when the pool has no room for them, the cells that a board
// may have now and errNoRoom.
func (h *cellHold) swap(n int) (int, error) {
	p := h.pool
	p.mu.Lock()
	defer p.mu.Unlock()
	old := h.n
	if h.done {
		return 0, errNoRoom
	}
	if room := p.max - p.used + old; p.max > 0 && n > room {
		return max(room, freeCells), errNoRoom
	}
	p.used += n - old
	h.n = n
	return old, nil
}

// errNoRoom is swap's answer when the pool is short.
var errNoRoom = errors.New("no room")

// release gives the cells held back to the pool, for good: a late
// request (a window change after the session's end) holds nothing.
func (h *cellHold) release() {
	_, _ = h.swap(0)
	h.pool.mu.Lock()
	h.done = true
	h.pool.mu.Unlock()
}

// inUse returns the cells the pool lends now.
func (p *cellPool) inUse() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.used
}

// freeScreen is the largest screen that takes nothing from the server's
// budget of cells: a terminal of 100 by 30, which every session may have
// (its memory is counted with the sessions', see DefaultLimits).
const freeScreen = 100 * 30

// screenCost is what a screen's cell takes from the budget, in cells of
// a board (64 B): tcell keeps some 190 B for each cell of a screen, and
// the frames' shadow of it (see ui) 24 B. A client saying its terminal is
// 512 by 256, the largest drawn, would hold 28 MB without it.
const screenCost = 4

// screenCharge returns what a screen of z takes from the pool.
func screenCharge(z termSize) int {
	return max(int(z.w)*int(z.h)-freeScreen, 0) * screenCost
}

// screenFits returns z, or the largest screen within it that the pool has
// room for, and holds its cells in h in place of those held before.
func screenFits(h *cellHold, z termSize) termSize {
	room, err := h.swap(screenCharge(z))
	if err == nil {
		return z
	}
	// Fewer rows first, down to a terminal's usual 24; then fewer columns.
	allowed := uint32(freeScreen + room/screenCost)
	if z.w*z.h > allowed {
		z.h = min(z.h, max(allowed/z.w, min(z.h, defaultRows)))
		z.w = min(z.w, max(allowed/z.h, 1))
	}
	if _, err := h.swap(screenCharge(z)); err != nil {
		// The pool filled meanwhile: the screen every session may have.
		z.w, z.h = min(z.w, 100), min(z.h, 30)
		_, _ = h.swap(0)
	}
	return z
}

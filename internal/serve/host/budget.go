package host

import (
	"errors"
	"sync"
)

// Budget is the server's budget of memory (Limits.ServerCells), in cells
// of 64 B: what its sessions hold beyond what every session may. A
// session's screen past freeScreen takes from it, and the app what it
// holds of its own (Session.Hold: the game its boards).
type Budget struct {
	max int // 0: no limit

	mu   sync.Mutex
	used int
}

// NewBudget returns a budget of max cells, 0 for no limit.
func NewBudget(max int) *Budget { return &Budget{max: max} }

// Hold is one share of a Budget: the cells one thing of a session holds,
// reserved by Swap and given back by another Swap or Release.
type Hold struct {
	budget *Budget
	n      int  // under budget.mu
	done   bool // released: it holds nothing more (under budget.mu)
}

// Hold returns a share of b, holding nothing yet.
func (b *Budget) Hold() *Hold { return &Hold{budget: b} }

// Swap reserves n cells in place of those held, and returns those held
// before; or, when the budget has no room for them, the cells that may
// be held now (what is free, and those held) and ErrNoRoom. A released
// Hold has no room.
func (h *Hold) Swap(n int) (int, error) {
	b := h.budget
	b.mu.Lock()
	defer b.mu.Unlock()
	old := h.n
	if h.done {
		return 0, ErrNoRoom
	}
	if room := b.max - b.used + old; b.max > 0 && n > room {
		return room, ErrNoRoom
	}
	b.used += n - old
	h.n = n
	return old, nil
}

// ErrNoRoom is Swap's answer when the budget is short.
var ErrNoRoom = errors.New("no room")

// Release gives the cells held back to the budget, for good: a late
// request (a window change after the session's end) holds nothing.
func (h *Hold) Release() {
	_, _ = h.Swap(0)
	h.budget.mu.Lock()
	h.done = true
	h.budget.mu.Unlock()
}

// InUse returns the cells the budget lends now.
func (b *Budget) InUse() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// freeScreen is the largest screen that takes nothing from the server's
// budget of cells: a terminal of 100 by 30, which every session may have
// (its memory is counted with the sessions', see DefaultLimits).
const freeScreen = 100 * 30

// screenCost is what a screen's cell takes from the budget, in cells of
// 64 B: tcell keeps some 190 B for each cell of a screen, and the frames'
// shadow of it 24 B. A client saying its terminal is 512 by 256, the
// largest drawn, would hold 28 MB without it.
const screenCost = 4

// screenCharge returns what a screen of z takes from the budget.
func screenCharge(z termSize) int {
	return max(int(z.w)*int(z.h)-freeScreen, 0) * screenCost
}

// screenFits returns z, or the largest screen within it that the budget
// has room for, and holds its cells in h in place of those held before.
func screenFits(h *Hold, z termSize) termSize {
	room, err := h.Swap(screenCharge(z))
	if err == nil {
		return z
	}
	// Fewer rows first, down to a terminal's usual 24; then fewer columns.
	allowed := uint32(freeScreen + room/screenCost)
	if z.w*z.h > allowed {
		z.h = min(z.h, max(allowed/z.w, min(z.h, defaultRows)))
		z.w = min(z.w, max(allowed/z.h, 1))
	}
	if _, err := h.Swap(screenCharge(z)); err != nil {
		// The budget filled meanwhile: the screen every session may have.
		z.w, z.h = min(z.w, 100), min(z.h, 30)
		_, _ = h.Swap(0)
	}
	return z
}

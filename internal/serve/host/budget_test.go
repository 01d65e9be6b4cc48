package host

import "testing"

// TestScreenBudget checks that a screen's cells beyond 100 by 30 come
// from the server's budget of cells: a client saying its terminal is the
// largest drawn (512 by 256, 28 MB of tcell's cells and their shadow)
// gets as much of it as the budget has room for, and a session's end
// gives its cells back, for good.
func TestScreenBudget(t *testing.T) {
	tests := []struct {
		name  string
		max   int      // the pool
		used  int      // held by others
		ask   termSize // the terminal
		want  termSize
		inUse int // the pool's use after
	}{
		{"the free screen", 1000, 0, termSize{100, 30}, termSize{100, 30}, 0},
		{"a large screen with room", 1_000_000, 0, termSize{200, 60}, termSize{200, 60}, (200*60 - freeScreen) * screenCost},
		// The free screen's 3,000 cells, 24 rows of 125. Before the
		// host and the game split, the budget's answer when short was at
		// least the game's free board (480 cells), which a screen took
		// for 120 cells of room it did not have, and fell back to 100x24.
		{"the largest, no room", 1, 1, termSize{512, 256}, termSize{125, 24}, 0},
		{"the largest, little room", 1000, 0, termSize{512, 256}, termSize{135, 24}, (135*24 - freeScreen) * screenCost},
		{"the largest, some room", 50_000, 0, termSize{512, 256}, termSize{512, 30}, (512*30 - freeScreen) * screenCost},
		{"tall", 50_000, 0, termSize{100, 256}, termSize{100, 155}, (100*155 - freeScreen) * screenCost},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &Budget{max: tt.max, used: tt.used}
			h := p.Hold()
			got := screenFits(h, tt.ask)
			if got != tt.want || p.InUse()-tt.used != tt.inUse {
				t.Errorf("screenFits(%v) = %v, pool using %d; want %v, %d", tt.ask, got, p.InUse()-tt.used, tt.want, tt.inUse)
			}
			if got.w*got.h > tt.ask.w*tt.ask.h || p.InUse() > max(tt.max, tt.used) {
				t.Errorf("screenFits(%v) = %v past the terminal, or the pool past its %d: %d", tt.ask, got, tt.max, p.InUse())
			}
			h.Release()
			if z := screenFits(h, termSize{512, 256}); p.InUse() != tt.used || z.w*z.h > freeScreen {
				t.Errorf("after release, screenFits(512x256) = %v, pool using %d; want at most the free screen, %d", z, p.InUse(), tt.used)
			}
		})
	}
}

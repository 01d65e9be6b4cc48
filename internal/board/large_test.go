package board

import (
	"errors"
	"testing"
	"time"
)

// TestLargeBoard plays a 10000x10000 board (100 MB of cells): laying a few
// mines, then one click whose flood opens nearly all of it, without
// recursion. It logs the time it took, a few seconds on a quiet machine;
// BenchmarkReveal measures the speed, which a busy machine cannot decide.
func TestLargeBoard(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a 10000x10000 board takes a few seconds; skipped with -short and -race")
	}
	const size = 10000
	start := time.Now()
	b, err := NewRandom(Settings{Width: size, Height: size, Mines: 1000, Rule: Opening}, nil, pcg(3))
	if err != nil {
		t.Fatal(err)
	}
	first := Point{size / 2, size / 2}
	n, err := b.Reveal(first)
	if err != nil {
		t.Fatalf("Reveal(%v) = %v, %v", first, n, err)
	}
	elapsed := time.Since(start)
	t.Logf("10000x10000, 1000 mines: the first click opened %d cells (%.4f of them) in %v", n, float64(n)/(size*size), elapsed)
	if n < size*size*99/100 || b.Status() == Lost {
		t.Errorf("Reveal(%v) = %d, status %v; want nearly every cell open", first, n, b.Status())
	}
	if b.SafeLeft() != size*size-1000-n {
		t.Errorf("SafeLeft() = %d; want %d", b.SafeLeft(), size*size-1000-n)
	}
}

// TestOverMaxCells checks that a board over the limit is a clear error and
// not an out-of-memory crash.
func TestOverMaxCells(t *testing.T) {
	for _, sz := range [][2]int{{20000, 20000}, {MaxCells, 2}, {1 << 40, 1 << 40}} {
		_, err := New(sz[0], sz[1], nil)
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("New(%d, %d, nil) error %v; want %v", sz[0], sz[1], err, ErrTooLarge)
		}
		if _, err := NewRandom(Settings{Width: sz[0], Height: sz[1], Mines: 10, Rule: Opening}, nil, pcg(1)); !errors.Is(err, ErrTooLarge) {
			t.Errorf("NewRandom(%d, %d, 10) error %v; want %v", sz[0], sz[1], err, ErrTooLarge)
		}
	}
	want := "board is larger than 268435456 cells (got 20000x20000)"
	if err := CheckSize(20000, 20000); err == nil || err.Error() != want {
		t.Errorf("CheckSize(20000, 20000) = %v; want %q", err, want)
	}
}

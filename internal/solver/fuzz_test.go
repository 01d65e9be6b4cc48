package solver

import (
	"errors"
	"math"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// FuzzNext builds arbitrary views, consistent or not, and checks that the
// solver neither panics nor answers with anything but a closed cell or,
// exactly when Analyze finds that no layout fits the view,
// ErrInconsistent, and that Analyze's certainties agree with its
// probabilities.
func FuzzNext(f *testing.F) {
	f.Add(uint8(3), uint8(3), uint8(2), []byte("###121000"))
	f.Add(uint8(4), uint8(2), uint8(3), []byte("#1#22###"))
	f.Add(uint8(5), uint8(1), uint8(0), []byte("#0#8#"))
	f.Add(uint8(2), uint8(2), uint8(4), []byte("####"))
	f.Fuzz(func(t *testing.T, w, h, mines uint8, cells []byte) {
		width, height := int(w%12)+1, int(h%12)+1
		tiles := make([]board.Tile, width*height)
		closed := 0
		for i := range tiles {
			tiles[i] = board.TileClosed
			if i < len(cells) && cells[i] >= '0' && cells[i] <= '8' {
				tiles[i] = board.Tile(cells[i] - '0')
			} else {
				closed++
			}
		}
		v, err := NewView(width, height, int(mines)%(width*height+1), tiles)
		if err != nil {
			t.Fatalf("NewView: %v", err)
		}
		p, nextErr := New(Options{Rule: board.FirstClick(mines % 3)}).Next(v)
		if closed == 0 {
			if nextErr != ErrNoMove {
				t.Fatalf("Next on an open board = %v, %v; want ErrNoMove", p, nextErr)
			}
			return
		}
		a, err := Analyze(v)
		if errors.Is(nextErr, ErrInconsistent) != errors.Is(err, ErrInconsistent) {
			t.Fatalf("Next = %v, %v, but Analyze = %v\n%s", p, nextErr, err, viewString(v))
		}
		if nextErr != nil && !errors.Is(nextErr, ErrInconsistent) || nextErr == nil && !v.Closed(p) {
			t.Fatalf("Next = %v, %v; want a closed cell or ErrInconsistent", p, nextErr)
		}
		if closed <= 14 {
			// Small enough to check against every layout.
			want, layouts := bruteProbs(v)
			if (layouts == 0) != (err != nil) {
				t.Fatalf("Analyze error = %v with %d layouts\n%s", err, layouts, viewString(v))
			}
			if err == nil {
				for i := range v.tiles {
					if got := a.Prob(v.point(i)); math.Abs(got-want[i]) > 1e-9 {
						t.Fatalf("Prob(%v) = %v; want %v\n%s", v.point(i), got, want[i], viewString(v))
					}
				}
			}
		}
		if err != nil {
			return
		}
		for _, q := range a.Safe() {
			if a.Prob(q) != 0 {
				t.Errorf("safe %v has probability %v", q, a.Prob(q))
			}
		}
		for _, q := range a.Mines() {
			if a.Prob(q) != 1 {
				t.Errorf("mine %v has probability %v", q, a.Prob(q))
			}
		}
	})
}

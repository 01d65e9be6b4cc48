package board

import (
	"errors"
	"testing"
)

// TestLaidMatchesReveal checks that laying a copy and opening the first cell
// there gives the board that Reveal gives on the pending board itself, marks
// included, and that the pending board is left as it was.
func TestLaidMatchesReveal(t *testing.T) {
	tests := []struct {
		name          string
		w, h, mines   int
		rule          FirstClick
		first         Point
		flags, querys []Point
	}{
		{"beginner corner", 9, 9, 10, Opening, Point{0, 0}, nil, nil},
		{"expert middle safe", 30, 16, 99, Safe, Point{15, 8}, []Point{{0, 0}, {29, 15}}, []Point{{3, 4}}},
		{"unsafe dense", 8, 8, 60, Unsafe, Point{7, 7}, nil, []Point{{1, 1}}},
		{"one row", 40, 1, 12, Opening, Point{20, 0}, []Point{{0, 0}}, nil},
		{"no mines", 5, 5, 0, Opening, Point{2, 2}, []Point{{4, 4}}, nil},
	}
	for _, tt := range tests {
		for seed := uint64(1); seed <= 20; seed++ {
			pending := func() *Board {
				b, err := NewRandom(Settings{Width: tt.w, Height: tt.h, Mines: tt.mines, Rule: tt.rule}, nil, pcg(seed))
				if err != nil {
					t.Fatalf("%s: NewRandom: %v", tt.name, err)
				}
				for _, p := range tt.flags {
					b.ToggleMark(p)
				}
				for _, p := range tt.querys {
					b.ToggleMark(p)
					b.ToggleMark(p)
				}
				return b
			}
			want := pending()
			wantN, wantErr := want.Reveal(tt.first)

			b := pending()
			before := b.String()
			laid, err := b.Laid(tt.first)
			if err != nil {
				t.Fatalf("%s seed %d: Laid(%v) = %v", tt.name, seed, tt.first, err)
			}
			if got := b.String(); got != before || b.Started() {
				t.Errorf("%s seed %d: Laid changed the pending board:\n%s\nwant\n%s", tt.name, seed, got, before)
			}
			if !laid.Started() {
				t.Errorf("%s seed %d: the laid board is still pending", tt.name, seed)
			}
			n, err := laid.Reveal(tt.first)
			if n != wantN || !errors.Is(err, wantErr) {
				t.Errorf("%s seed %d: Reveal on the laid copy = %d, %v; want %d, %v", tt.name, seed, n, err, wantN, wantErr)
			}
			if got, want := laid.String(), want.String(); got != want {
				t.Errorf("%s seed %d: laid then revealed:\n%s\nwant (Reveal on the pending board):\n%s", tt.name, seed, got, want)
			}
			if got, want := laid.Layout(), want.Layout(); len(got) != len(want) {
				t.Errorf("%s seed %d: %d mines laid; want %d", tt.name, seed, len(got), len(want))
			}
			checkCounts(t, laid)
		}
	}
}

// TestLaidRefuses checks that Laid refuses what Reveal would refuse before
// laying, and a board whose mines are laid.
func TestLaidRefuses(t *testing.T) {
	b, err := NewRandom(Settings{Width: 9, Height: 9, Mines: 10, Rule: Opening}, nil, pcg(1))
	if err != nil {
		t.Fatal(err)
	}
	b.ToggleMark(Point{1, 1})
	laid, err := b.Laid(Point{4, 4})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		b    *Board
		at   Point
		want error
	}{
		{"off the board", b, Point{9, 0}, ErrOutOfBounds},
		{"flagged", b, Point{1, 1}, ErrFlagged},
		{"already laid", laid, Point{0, 0}, ErrLaid},
	}
	for _, tt := range tests {
		if got, err := tt.b.Laid(tt.at); got != nil || !errors.Is(err, tt.want) {
			t.Errorf("%s: Laid(%v) = %v, %v; want nil, %v", tt.name, tt.at, got, err, tt.want)
		}
	}
}

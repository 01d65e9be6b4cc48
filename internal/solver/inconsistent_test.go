package solver

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// inconsistentViews are views that no layout of mines fits, each for its
// own reason.
var inconsistentViews = []struct {
	name  string
	view  string
	mines int
}{
	// The 0 keeps both closed cells free, and the 1 needs one of them.
	{"a 0 beside a 1 with no room for its mine", "1#\n0#", 1},
	{"a 2 with one closed neighbour", "2###", 2},
	{"an 8 on the edge", "###\n#8#", 1},
	{"more mines than closed cells", "1#\n##", 4},
	// The two 1s share both closed cells: one mine there, not two.
	{"more mines than the numbers allow", "##\n11\n00", 2},
	// The two 1s have no closed neighbour in common.
	{"fewer mines than the numbers need", "#1##1#", 1},
	{"no mine where the numbers need one", "##\n11\n00", 0},
	{"a 1 with every closed neighbour made safe", "#1#\n000", 1},
	{"a 1 ringed by open cells", `
		########
		########
		########
		########
		########
		#####000
		#####010
		#####000`, 10},
	// The 1s hold 3 mines in the row above them, the 40 cells beyond it at
	// most 40.
	{"more mines than a large view allows", `
		########
		########
		########
		########
		########
		########
		11111111
		00000000`, 44},
	{"fewer mines than a large view needs", `
		########
		########
		########
		########
		########
		########
		11111111
		00000000`, 2},
}

func TestNextInconsistent(t *testing.T) {
	for _, tt := range inconsistentViews {
		for _, rule := range []board.FirstClick{board.Unsafe, board.Safe, board.Opening} {
			t.Run(tt.name+"/"+rule.String(), func(t *testing.T) {
				v := parseView(t, tt.view, tt.mines)
				s := New(Options{Rule: rule})
				// A guess first, so that Guessed has something to forget.
				if _, err := s.Next(parseView(t, "##\n11\n00", 1)); err != nil || !s.Guessed() {
					t.Fatalf("Next on a 50/50 = %v, then Guessed() = %v; want a guess", err, s.Guessed())
				}
				p, err := s.Next(v)
				if !errors.Is(err, ErrInconsistent) || p != (board.Point{}) {
					t.Errorf("Next = %v, %v; want no move and ErrInconsistent\n%s", p, err, viewString(v))
				}
				if s.Guessed() {
					t.Errorf("Guessed() after ErrInconsistent = true; want false")
				}
				if _, err := Analyze(v); !errors.Is(err, ErrInconsistent) {
					t.Errorf("Analyze = %v; want ErrInconsistent", err)
				}
				if _, err := s.Analyze(v); !errors.Is(err, ErrInconsistent) {
					t.Errorf("(*Solver).Analyze = %v; want ErrInconsistent", err)
				}
			})
		}
	}
}

// TestNextConsistent checks views close to those of TestNextInconsistent
// that a layout fits: each gets a move, and no error; want lists the moves
// that may be played, or is nil when any closed cell may.
func TestNextConsistent(t *testing.T) {
	tests := []struct {
		name  string
		view  string
		mines int
		want  []board.Point
	}{
		{"a 1 with room for its mine", "1#\n1#", 1, nil},
		{"the safe cell of 1-2-1", "###\n121\n000", 2, []board.Point{{X: 1, Y: 0}}},
		{"as many mines as the numbers need", "#1##1#", 2, nil},
		{"a safe cell from the mine count", "#1##", 1, []board.Point{{X: 3, Y: 0}}},
		{"as many mines as the numbers allow", "##\n11\n00", 1, nil},
		{"first move, every cell a mine", "##\n##", 4, nil},
		{"first move, no mine", "##\n##", 0, nil},
		{"the large view with its 3 mines", `
			########
			########
			########
			########
			########
			########
			11111111
			00000000`, 3, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := parseView(t, tt.view, tt.mines)
			got, err := New(Options{}).Next(v)
			if err != nil || !v.Closed(got) || tt.want != nil && !slices.Contains(tt.want, got) {
				t.Errorf("Next = %v, %v; want a closed cell of %v, nil\n%s", got, err, tt.want, viewString(v))
			}
		})
	}
}

// TestNextInconsistentMatchesBruteForce checks on small random views, at
// most 12 closed cells, most of them close to a real board, that Next
// returns ErrInconsistent exactly when no layout of mines fits the view,
// as counted by going through every layout. A solver that has just met an
// inconsistent view plays the next one as a fresh solver does.
func TestNextInconsistentMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 14))
	shared := New(Options{})
	fits, misfits := 0, 0
	for c := range 2000 {
		v := nearView(rng)
		closed := 0
		for _, tl := range v.tiles {
			if tl < 0 {
				closed++
			}
		}
		if closed == 0 || closed > 12 {
			continue
		}
		_, layouts := bruteProbs(v)
		shared.Reseed(uint64(c))
		p, err := shared.Next(v)
		_, aerr := Analyze(v)
		if layouts == 0 {
			misfits++
			if !errors.Is(err, ErrInconsistent) || p != (board.Point{}) || shared.Guessed() {
				t.Errorf("case %d: no layout fits; Next = %v, %v, Guessed() = %v; want no move, ErrInconsistent, false\n%s", c, p, err, shared.Guessed(), viewString(v))
			}
			if !errors.Is(aerr, ErrInconsistent) {
				t.Errorf("case %d: no layout fits; Analyze = %v; want ErrInconsistent\n%s", c, aerr, viewString(v))
			}
			continue
		}
		fits++
		if err != nil || !v.Closed(p) {
			t.Errorf("case %d: %d layouts fit; Next = %v, %v; want a closed cell\n%s", c, layouts, p, err, viewString(v))
			continue
		}
		if aerr != nil {
			t.Errorf("case %d: %d layouts fit; Analyze = %v; want no error\n%s", c, layouts, aerr, viewString(v))
		}
		fresh := New(Options{})
		fresh.Reseed(uint64(c))
		if q, err := fresh.Next(v); q != p || err != nil {
			t.Errorf("case %d: Next = %v from a solver that met other views, %v, %v from a fresh one\n%s", c, p, q, err, viewString(v))
		}
	}
	if fits < 200 || misfits < 200 {
		t.Errorf("%d views a layout fits, %d that none fits; want at least 200 of each", fits, misfits)
	}
}

// nearView returns a random view of at most 4x4 cells: the view of a
// random layout with random cells open, then, most of the time, spoiled by
// one change that may leave no layout fitting it: a number or the mine
// count one more or one less, or a number anywhere.
func nearView(rng *rand.Rand) *View {
	w, h := 1+rng.IntN(4), 1+rng.IntN(4)
	n := w * h
	mines := rng.IntN(n + 1)
	grid := make([]bool, n)
	for _, i := range rng.Perm(n)[:mines] {
		grid[i] = true
	}
	v := &View{width: w, height: h, mines: mines, tiles: make([]board.Tile, n)}
	var open []int
	for i := range n {
		v.tiles[i] = board.TileClosed
		if !grid[i] && rng.IntN(2) == 0 {
			v.tiles[i] = board.Tile(minesAround(v, grid, i))
			open = append(open, i)
		}
	}
	switch k := rng.IntN(5); {
	case k == 0 || len(open) == 0:
		// Left as it is, or the mine count changed below.
	case k == 1:
		v.tiles[open[rng.IntN(len(open))]] = board.Tile(rng.IntN(9))
	default:
		i := open[rng.IntN(len(open))]
		v.tiles[i] = board.Tile(min(8, max(0, int(v.tiles[i])+2*rng.IntN(2)-1)))
	}
	if rng.IntN(4) == 0 {
		v.mines = max(0, min(n, v.mines+2*rng.IntN(2)-1))
	}
	return v
}

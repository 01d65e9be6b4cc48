package solver

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

func TestFirstMove(t *testing.T) {
	tests := []struct {
		rule          board.FirstClick
		width, height int
		want          board.Point
	}{
		{board.Unsafe, 20, 20, board.Point{}},
		{board.Safe, 30, 16, board.Point{}},
		{board.Opening, 30, 16, board.Point{X: 2, Y: 2}},
		{board.Opening, 2, 1, board.Point{X: 1, Y: 0}},
		{board.Opening, 1, 1, board.Point{}},
	}
	for _, tt := range tests {
		tiles := make([]board.Tile, tt.width*tt.height)
		for i := range tiles {
			tiles[i] = board.TileClosed
		}
		v, err := NewView(tt.width, tt.height, 0, tiles)
		if err != nil {
			t.Fatal(err)
		}
		got, err := New(Options{Rule: tt.rule}).Next(v)
		if err != nil || got != tt.want {
			t.Errorf("%v %dx%d: Next = %v, %v; want %v", tt.rule, tt.width, tt.height, got, err, tt.want)
		}
	}
}

func TestNextTextPositions(t *testing.T) {
	tests := []struct {
		name  string
		view  string
		mines int
		want  []board.Point // any of these
	}{
		{
			name:  "the safe cell of 1-2-1",
			view:  "###\n121\n000",
			mines: 2,
			want:  []board.Point{{X: 1, Y: 0}},
		},
		{
			// The mine is at (1,1); of the safe cells only those in the
			// last column show a zero.
			name:  "the safe cell most likely a zero",
			view:  "1###\n1###\n1###",
			mines: 1,
			want:  []board.Point{{X: 3, Y: 0}, {X: 3, Y: 1}, {X: 3, Y: 2}},
		},
		{
			name:  "no move is safe: the least likely mine",
			view:  "##\n11\n00\n11\n##",
			mines: 2,
			// One mine in the top pair (1/2 each) and one in the
			// bottom pair (1/2 as well). All equal.
			want: []board.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 0, Y: 3}, {X: 1, Y: 3}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := parseView(t, tt.view, tt.mines)
			got, err := New(Options{}).Next(v)
			if err != nil {
				t.Fatalf("Next: %v", err)
			}
			for _, w := range tt.want {
				if got == w {
					return
				}
			}
			t.Errorf("Next = %v; want one of %v\n%s", got, tt.want, viewString(v))
		})
	}
}

func TestNextNoClosedCell(t *testing.T) {
	v := parseView(t, "01\n01", 0)
	if _, err := New(Options{}).Next(v); err != ErrNoMove {
		t.Errorf("Next on an open board = %v; want ErrNoMove", err)
	}
}

// TestLookAheadOutcomes checks that the chances of the numbers a guess may
// show add up to the chance that it is safe.
func TestLookAheadOutcomes(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	s := New(Options{})
	checked := 0
	for checked < 40 {
		v, _ := randomView(t, rng, 9, 9, 10+rng.IntN(10), 1+rng.IntN(4))
		s.an.resetCache()
		if err := s.an.run(v.width, v.height, v.mines, v.tiles); err != nil {
			t.Fatal(err)
		}
		for i, tl := range v.tiles {
			if tl >= 0 || s.an.certain[i] != certNone {
				continue
			}
			sum := 0.0
			buf := append([]board.Tile(nil), v.tiles...)
			for val := range 9 {
				buf[i] = board.Tile(val)
				if err := s.ahead.look.run(v.width, v.height, v.mines, buf); err == nil {
					sum += math.Exp(s.ahead.look.logZ - s.an.logZ)
				}
			}
			if want := 1 - s.an.prob[i]; math.Abs(sum-want) > 1e-9 {
				t.Fatalf("outcomes of %v add up to %v; want %v\n%s", v.point(i), sum, want, viewString(v))
			}
			checked++
			break
		}
	}
}

// TestNextAlwaysClosed plays random games to their end and checks that
// every move is a closed cell and never a certain mine.
func TestNextAlwaysClosed(t *testing.T) {
	withoutRace(t)
	games := 30
	if testing.Short() {
		games = 8
	}
	for _, c := range []struct {
		w, h, mines int
		rule        board.FirstClick
	}{{9, 9, 10, board.Opening}, {8, 8, 20, board.Unsafe}, {16, 16, 40, board.Safe}, {5, 5, 12, board.Safe}} {
		s := New(Options{Rule: c.rule})
		for g := range games {
			b, err := board.NewRandom(board.Settings{Width: c.w, Height: c.h, Mines: c.mines, Rule: c.rule}, nil, rand.New(rand.NewPCG(3, uint64(g))))
			if err != nil {
				t.Fatal(err)
			}
			var buf []board.Tile
			for b.Status() == board.Playing {
				buf = b.Tiles(buf)
				v, err := NewView(c.w, c.h, c.mines, buf)
				if err != nil {
					t.Fatal(err)
				}
				p, err := s.Next(v)
				if err != nil || !v.Closed(p) {
					t.Fatalf("Next = %v, %v; want a closed cell\n%s", p, err, viewString(v))
				}
				if s.an.exact && s.an.certain[p.Y*c.w+p.X] == certMine {
					t.Fatalf("Next = %v, a certain mine\n%s", p, viewString(v))
				}
				if _, err := b.Reveal(p); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// analysed returns a new solver that has analysed v, as Next does before
// it chooses a move; the test fails when no layout of mines fits v.
func analysed(tb testing.TB, v *View) *Solver {
	tb.Helper()
	s := New(Options{})
	s.an.resetCache()
	if err := s.an.run(v.width, v.height, v.mines, v.tiles); err != nil {
		tb.Fatal(err)
	}
	return s
}

func TestEndgameFiftyFifty(t *testing.T) {
	// Two cells, one mine, nothing to tell them apart: a coin toss.
	v := parseView(t, "##\n11\n00", 1)
	s := analysed(t, v)
	_, win, ok := s.end.solve(&s.an)
	if !ok || math.Abs(win-0.5) > 1e-12 {
		t.Errorf("endgame = %v, %v; want 0.5, true", win, ok)
	}
}

// bruteWin returns the chance to win v playing perfectly, by searching the
// game tree over every layout that fits it, kept as lists of layouts; it
// shares no code with the endgame search. With first a closed cell, the
// game opens that cell first and plays perfectly after; with -1, any cell.
func bruteWin(v *View, first int) float64 {
	// shows[k][l] is what opening closed cell k shows in layout l: its
	// number, or -1 for a mine.
	var shows [][]int8
	closed := eachLayout(v, func(closed []int, grid []bool, _ uint32) {
		if shows == nil {
			shows = make([][]int8, len(closed))
		}
		for k, c := range closed {
			n := int8(-1)
			if !grid[c] {
				n = int8(minesAround(v, grid, c))
			}
			shows[k] = append(shows[k], n)
		}
	})
	if shows == nil {
		return 0 // no layout fits
	}
	memo := make(map[string]float64)
	var win func(layouts []int) float64
	// open returns the chance to win by opening the cell whose numbers are
	// show and playing perfectly after, and reports false when that cell
	// is certainly a mine or certainly safe with a number known in advance.
	open := func(show []int8, layouts []int) (float64, bool) {
		// The layouts where opening the cell shows each number.
		var by [9][]int
		split, safe := 0, 0
		for _, l := range layouts {
			n := show[l]
			if n < 0 {
				continue
			}
			if by[n] == nil {
				split++
			}
			by[n] = append(by[n], l)
			safe++
		}
		if safe == 0 || (safe == len(layouts) && split == 1) {
			return 0, false
		}
		w := 0.0
		for _, ls := range by {
			if len(ls) > 0 {
				w += float64(len(ls)) * win(ls)
			}
		}
		return w / float64(len(layouts)), true
	}
	win = func(layouts []int) float64 {
		if len(layouts) <= 1 {
			return 1 // every cell is known
		}
		key := make([]byte, 0, 2*len(layouts))
		for _, l := range layouts {
			key = append(key, byte(l), byte(l>>8))
		}
		if w, ok := memo[string(key)]; ok {
			return w
		}
		best := 0.0
		for _, show := range shows {
			if w, ok := open(show, layouts); ok {
				best = max(best, w)
			}
		}
		memo[string(key)] = best
		return best
	}
	all := make([]int, len(shows[0]))
	for l := range all {
		all[l] = l
	}
	if first < 0 {
		return win(all)
	}
	k := slices.Index(closed, first)
	if k < 0 {
		return 0 // not a closed cell
	}
	w, _ := open(shows[k], all)
	return w
}

// TestEndgameMatchesBruteForce checks the endgame search against bruteWin:
// its chance to win equals the best over the whole game tree, the cell it
// returns achieves that chance, and a view with more layouts than its
// limit is left to the look-ahead.
func TestEndgameMatchesBruteForce(t *testing.T) {
	withoutRace(t)
	tests := []struct {
		name    string
		view    string
		mines   int
		layouts int
	}{
		// Views with no certainly safe cell, as when the solver guesses.
		{"165 layouts", "1####\n#####\n#####", 3, 165},
		{"198 layouts", "1###\n####\n####\n####", 3, 198},
		{"360 layouts", "1####\n#####\n#####\n#####", 3, 360},
		{"13104 layouts, beyond the search", "1####\n#####\n#####\n#####", 6, 13104},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := parseView(t, tt.view, tt.mines)
			s := analysed(t, v)
			if _, n := bruteProbs(v); n != tt.layouts {
				t.Fatalf("%d layouts; want %d", n, tt.layouts)
			}
			cell, win, ok := s.end.solve(&s.an)
			if tt.layouts > s.end.limit {
				if ok {
					t.Errorf("endgame = %v, %v, true; want beyond its limit", v.point(cell), win)
				}
				return
			}
			if !ok {
				t.Fatal("endgame gave up; want a move")
			}
			if want := bruteWin(v, -1); math.Abs(win-want) > 1e-9 {
				t.Errorf("endgame win = %v; brute force %v", win, want)
			}
			if got := bruteWin(v, cell); math.Abs(got-win) > 1e-9 {
				t.Errorf("endgame opens %v, which wins %v by brute force; want its claimed %v", v.point(cell), got, win)
			}
		})
	}
}

// TestSolverAcrossBoards plays games of several sizes, interleaved, with
// one Solver, as the solve protocol may, and checks its moves stay valid
// and match those of a fresh Solver.
func TestSolverAcrossBoards(t *testing.T) {
	shared := New(Options{Rule: board.Safe})
	sizes := []struct{ w, h, mines int }{{9, 9, 10}, {16, 16, 40}, {8, 12, 20}, {30, 16, 99}}
	for g := range 12 {
		sz := sizes[g%len(sizes)]
		b, err := board.NewRandom(board.Settings{Width: sz.w, Height: sz.h, Mines: sz.mines, Rule: board.Safe}, nil, rand.New(rand.NewPCG(21, uint64(g))))
		if err != nil {
			t.Fatal(err)
		}
		var buf []board.Tile
		for b.Status() == board.Playing {
			buf = b.Tiles(buf)
			v, err := NewView(sz.w, sz.h, sz.mines, buf)
			if err != nil {
				t.Fatal(err)
			}
			p, err := shared.Next(v)
			if err != nil || !v.Closed(p) {
				t.Fatalf("Next = %v, %v; want a closed cell\n%s", p, err, viewString(v))
			}
			if q, _ := New(Options{Rule: board.Safe}).Next(v); q != p {
				t.Fatalf("shared solver plays %v, a fresh one %v\n%s", p, q, viewString(v))
			}
			if _, err := b.Reveal(p); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestForcedGuess(t *testing.T) {
	tests := []struct {
		name  string
		view  string
		mines int
		want  []board.Point // nil: no forced guess
	}{
		{
			name:  "pair at the edge",
			view:  "01#\n01#",
			mines: 1,
			want:  []board.Point{{X: 2, Y: 0}, {X: 2, Y: 1}},
		},
		{
			// (1,0) and (1,1) are mines for sure; they sit next to (2,0)
			// but not (3,0), yet never open to tell the pair apart.
			name:  "pair beside certain mines",
			view:  "####\n3#31\n1110\n0000",
			mines: 4,
			want:  []board.Point{{X: 2, Y: 0}, {X: 3, Y: 0}},
		},
		{
			// (2,0) and (2,1) are safe; opening (2,0) shows a number
			// that sees (1,0) but not (0,0).
			name:  "pair that a safe cell resolves",
			view:  "###\n11#",
			mines: 1,
		},
		{
			name:  "one mine among three",
			view:  "###\n111",
			mines: 1,
		},
		{
			// (0,0)-(1,0) and (3,0)-(4,0) each hold a mine, and the 1 at
			// (2,0) ties (1,0) to (3,0): the mines are at (0,0) and (3,0)
			// or at (1,0) and (4,0), and every number sees one either way.
			name:  "chain of two pairs tied by a 1",
			view:  "##1##\n11111\n00000",
			mines: 2,
			want:  []board.Point{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 3, Y: 0}, {X: 4, Y: 0}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := parseView(t, tt.view, tt.mines)
			s := New(Options{})
			if err := s.an.run(v.width, v.height, v.mines, v.tiles); err != nil {
				t.Fatalf("analysis: %v", err)
			}
			got := s.forcedGuess(v)
			if tt.want == nil {
				if got >= 0 {
					t.Errorf("forcedGuess = %v; want none", v.point(got))
				}
				return
			}
			if got < 0 || !slices.Contains(tt.want, v.point(got)) {
				t.Errorf("forcedGuess = %d; want one of %v", got, tt.want)
			}
		})
	}
}

// TestForcedGuessMatchesBruteForce checks each 50/50 that forcedGuess
// finds in random views against every layout that fits: the set's cells
// hold their mines in exactly its two ways, and swapping the two ways
// turns each layout into another that fits, so that no cell outside the
// set tells them apart and each way is as likely.
func TestForcedGuessMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 5050))
	cases, found, chains := 6000, 0, 0
	if testing.Short() {
		cases = 2000
	}
	for c := range cases {
		w, h := 4+rng.IntN(3), 3+rng.IntN(3)
		v, _ := randomView(t, rng, w, h, w*h/4, 2+rng.IntN(8))
		if closed := closedCells(v); closed > 20 || closed < 2 {
			continue
		}
		s := New(Options{})
		if s.an.run(v.width, v.height, v.mines, v.tiles) != nil {
			continue
		}
		if s.forcedGuess(v) < 0 {
			continue
		}
		found++
		if len(s.fifty.set) > 2 {
			chains++
		}
		way := make(map[int]int8) // cell of the set: its way
		for _, i := range s.fifty.set {
			way[i] = s.fifty.side[i]
		}
		fits := make(map[uint32]bool)
		var masks []uint32
		closed := eachLayout(v, func(_ []int, _ []bool, mask uint32) {
			fits[mask] = true
			masks = append(masks, mask)
		})
		bit := make(map[int]uint32)
		for k, i := range closed {
			bit[i] = 1 << k
		}
		var one, other uint32 // the set's mines one way and the other
		for i, w := range way {
			if w == 1 {
				one |= bit[i]
			} else {
				other |= bit[i]
			}
		}
		for _, m := range masks {
			if m&(one|other) != one && m&(one|other) != other {
				t.Fatalf("case %d: a layout holds the set %v neither way\n%s", c, s.fifty.set, viewString(v))
			}
			if swapped := m ^ one ^ other; !fits[swapped] {
				t.Fatalf("case %d: a layout of the set %v does not fit with its two ways swapped\n%s", c, s.fifty.set, viewString(v))
			}
		}
	}
	t.Logf("%d views with a 50/50 no move resolves, %d of them chains", found, chains)
	if found < 20 || chains == 0 {
		t.Errorf("found %d 50/50s, %d chains, in %d views; want at least 20 and a chain", found, chains, cases)
	}
}

package noguess_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/noguess"
)

// kinds are the boards TestGenerateNoGuess makes, with how many seeds each
// under -short and otherwise: the three levels, the dense boards of the
// package benchmarks, and odd sizes, whose mines custom keeps within
// MaxMines as its figures are tuned.
var kinds = []struct {
	s           board.Settings
	short, long int
}{
	{settings(9, 9, 10), 40, 200},
	{settings(16, 16, 40), 40, 150},
	{settings(30, 16, 99), 40, 100},
	{settings(30, 16, 170), 25, 50},
	{settings(16, 16, 99), 25, 50},
	{custom(1, 1, 0), 3, 3},
	{custom(1, 12, 3), 40, 100},
	{custom(30, 1, 10), 40, 100},
	{custom(2, 9, 6), 10, 10},
	{custom(3, 12, 8), 40, 100},
	{custom(5, 5, 3), 40, 100},
	{custom(5, 5, 10), 40, 100},
	{custom(7, 3, 8), 40, 100},
	{settings(100, 100, 2000), 2, 3},
}

// settings returns the opening, no-guess settings of a w by h board with
// mines mines.
func settings(w, h, mines int) board.Settings {
	return board.Settings{Width: w, Height: h, Mines: mines, Rule: board.Opening, NoGuess: true}
}

// custom is settings with at most MaxMines mines.
func custom(w, h, mines int) board.Settings {
	return settings(w, h, min(mines, noguess.MaxMines(w, h)))
}

// generate makes the board of seed: the first click is drawn from the
// seed's stream, then the mines.
func generate(s board.Settings, seed uint64) (board.Point, []board.Point, error) {
	rng := rand.New(rand.NewPCG(seed, 1))
	first := board.Point{X: rng.IntN(s.Width), Y: rng.IntN(s.Height)}
	mines, _, err := noguess.Generate(s, first, rng)
	return first, mines, err
}

// checkLayout returns what is wrong with mines as a no-guess layout of s
// opened first at first, or "" when nothing is.
func checkLayout(s board.Settings, first board.Point, mines []board.Point) string {
	if len(mines) != s.Mines {
		return fmt.Sprintf("%d mines; want %d", len(mines), s.Mines)
	}
	seen := map[board.Point]bool{}
	for _, m := range mines {
		switch {
		case m.X < 0 || m.X >= s.Width || m.Y < 0 || m.Y >= s.Height:
			return fmt.Sprintf("mine %v is off the board", m)
		case seen[m]:
			return fmt.Sprintf("mine %v is repeated", m)
		case abs(m.X-first.X) <= 1 && abs(m.Y-first.Y) <= 1:
			return fmt.Sprintf("mine %v is next to the first click", m)
		}
		seen[m] = true
	}
	ok, view, err := noGuess(s.Width, s.Height, mines, first)
	if err != nil {
		return err.Error()
	}
	if !ok {
		return "logic does not clear it; stuck at\n" + view
	}
	return ""
}

func abs(x int) int { return max(x, -x) }

// TestGenerateNoGuess makes boards of every kind from many seeds and
// checks each: its mines, and that logic alone clears it from the first
// click.
//
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestGenerateNoGuess(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, slow under -race: run without it, in make test's second pass")
	}
	for _, k := range kinds {
		t.Run(strings.ReplaceAll(k.s.String(), " ", "_"), func(t *testing.T) {
			t.Parallel()
			seeds := k.long
			if testing.Short() {
				seeds = k.short
			}
			failed := 0
			for seed := range uint64(seeds) {
				if failed == 5 {
					t.Fatalf("Generate(%v): stopped after %d failures", k.s, failed)
				}
				first, mines, err := generate(k.s, seed)
				if err != nil {
					t.Errorf("Generate(%v) seed %d first click %v: %v", k.s, seed, first, err)
					failed++
					continue
				}
				if msg := checkLayout(k.s, first, mines); msg != "" {
					t.Errorf("Generate(%v) seed %d first click %v: %s", k.s, seed, first, msg)
					failed++
				}
			}
		})
	}
}

// TestGenerateDeterministic checks that a seed gives the same mines every
// time, through Generate and through Layout, and other seeds other mines.
//
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestGenerateDeterministic(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, slow under -race: run without it, in make test's second pass")
	}
	for _, s := range []board.Settings{settings(9, 9, 10), settings(30, 16, 99), settings(16, 16, 99)} {
		layouts := map[string]uint64{}
		for seed := range uint64(10) {
			first, a, err := generate(s, seed)
			if err != nil {
				t.Fatalf("Generate(%v) seed %d first click %v: %v", s, seed, first, err)
			}
			_, b, err := generate(s, seed)
			if err != nil {
				t.Fatalf("Generate(%v) seed %d first click %v, again: %v", s, seed, first, err)
			}
			if !slices.Equal(sorted(a), sorted(b)) {
				t.Errorf("Generate(%v) seed %d first click %v = %v, then %v; want the same mines", s, seed, first, a, b)
			}
			rng := rand.New(rand.NewPCG(seed, 1))
			rng.IntN(s.Width)
			rng.IntN(s.Height)
			c, err := noguess.Layout(s, first, rng)
			if err != nil {
				t.Fatalf("Layout(%v) seed %d first click %v: %v", s, seed, first, err)
			}
			if !slices.Equal(sorted(a), sorted(c)) {
				t.Errorf("Layout(%v) seed %d first click %v = %v; want Generate's %v", s, seed, first, c, a)
			}
			key := fmt.Sprint(sorted(a))
			if other, ok := layouts[key]; ok {
				t.Errorf("Generate(%v) seeds %d and %d give the same mines %v; want different boards", s, other, seed, a)
			}
			layouts[key] = seed
		}
	}
}

// sorted returns the mines in row order.
func sorted(mines []board.Point) []board.Point {
	return slices.SortedFunc(slices.Values(mines), func(a, b board.Point) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	})
}

// TestMaxMines checks what the limit promises rather than its figures,
// which are tuned to the generator's speed: a limit the opening rule can
// hold, that Check accepts and that one more mine passes.
func TestMaxMines(t *testing.T) {
	sizes := []struct{ w, h int }{
		{1, 1}, {1, 5}, {2, 9}, {3, 3}, {3, 12}, {4, 4}, {7, 3}, {9, 9}, {16, 16}, {30, 16}, {100, 100},
	}
	for _, sz := range sizes {
		limit := noguess.MaxMines(sz.w, sz.h)
		if most := board.MaxMines(sz.w, sz.h, board.Opening); limit < 0 || limit > most {
			t.Errorf("MaxMines(%d, %d) = %d; want 0 to %d", sz.w, sz.h, limit, most)
			continue
		}
		if err := noguess.Check(settings(sz.w, sz.h, limit)); err != nil {
			t.Errorf("Check(%v) = %v; want nil at MaxMines", settings(sz.w, sz.h, limit), err)
		}
		if err := noguess.Check(settings(sz.w, sz.h, limit+1)); err == nil {
			t.Errorf("Check(%v) = nil; want an error past MaxMines", settings(sz.w, sz.h, limit+1))
		}
	}
	// The boards TestGenerateNoGuess makes are all within the limits.
	for _, k := range kinds {
		if err := noguess.Check(k.s); err != nil {
			t.Errorf("Check(%v) = %v; want nil", k.s, err)
		}
	}
}

func TestErrors(t *testing.T) {
	rule := func(s board.Settings, r board.FirstClick, noGuess bool) board.Settings {
		s.Rule, s.NoGuess = r, noGuess
		return s
	}
	tests := []struct {
		name    string
		s       board.Settings
		first   board.Point
		checkOK bool  // whether Check accepts s
		want    error // Generate's error
		limit   int   // a limit the message must name; 0 for none
	}{
		{"expert", settings(30, 16, 99), board.Point{X: 3, Y: 4}, true, nil, 0},
		{"at the limit", settings(9, 9, noguess.MaxMines(9, 9)), board.Point{X: 4, Y: 4}, true, nil, 0},
		{"one past the limit", settings(9, 9, noguess.MaxMines(9, 9)+1), board.Point{X: 4, Y: 4}, false, noguess.ErrTooDense, noguess.MaxMines(9, 9)},
		{"expert past the limit", settings(30, 16, noguess.MaxMines(30, 16)+1), board.Point{}, false, noguess.ErrTooDense, noguess.MaxMines(30, 16)},
		{"large past the limit", settings(100, 100, noguess.MaxMines(100, 100)+1), board.Point{}, false, noguess.ErrTooDense, noguess.MaxMines(100, 100)},
		{"safe rule", rule(settings(9, 9, 10), board.Safe, true), board.Point{}, false, board.ErrNoGuessRule, 0},
		{"unsafe rule", rule(settings(9, 9, 10), board.Unsafe, true), board.Point{}, false, board.ErrNoGuessRule, 0},
		{"safe rule, no-guess unset", rule(settings(9, 9, 10), board.Safe, false), board.Point{}, false, board.ErrNoGuessRule, 0},
		{"too many mines for the board", settings(9, 9, 81), board.Point{}, false, board.ErrMineCount, 0},
		{"no cells", settings(0, 9, 0), board.Point{}, false, board.ErrSize, 0},
		{"first click left", settings(9, 9, 10), board.Point{X: -1, Y: 0}, true, board.ErrOutOfBounds, 0},
		{"first click right", settings(9, 9, 10), board.Point{X: 9, Y: 0}, true, board.ErrOutOfBounds, 0},
		{"first click above", settings(9, 9, 10), board.Point{X: 0, Y: -1}, true, board.ErrOutOfBounds, 0},
		{"first click below", settings(9, 9, 10), board.Point{X: 8, Y: 9}, true, board.ErrOutOfBounds, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := noguess.Check(tt.s)
			if (err == nil) != tt.checkOK {
				t.Errorf("Check(%v) = %v; want ok %v", tt.s, err, tt.checkOK)
			}
			if !tt.checkOK && !errors.Is(err, tt.want) {
				t.Errorf("Check(%v) = %v; want %v", tt.s, err, tt.want)
			}
			mines, _, err := noguess.Generate(tt.s, tt.first, rand.New(rand.NewPCG(1, 1)))
			if !errors.Is(err, tt.want) || (err == nil) != (tt.want == nil) {
				t.Fatalf("Generate(%v, %v) = %v; want %v", tt.s, tt.first, err, tt.want)
			}
			if err == nil {
				if msg := checkLayout(tt.s, tt.first, mines); msg != "" {
					t.Errorf("Generate(%v, %v): %s", tt.s, tt.first, msg)
				}
				return
			}
			if mines != nil {
				t.Errorf("Generate(%v, %v) = %v with error %v; want no mines", tt.s, tt.first, mines, err)
			}
			if tt.limit > 0 && !namesNumber(err.Error(), tt.limit) {
				t.Errorf("Generate(%v, %v) error %q; want it to name the limit %d", tt.s, tt.first, err, tt.limit)
			}
			if _, err := noguess.Layout(tt.s, tt.first, rand.New(rand.NewPCG(1, 1))); !errors.Is(err, tt.want) {
				t.Errorf("Layout(%v, %v) = %v; want %v", tt.s, tt.first, err, tt.want)
			}
		})
	}
}

// namesNumber reports whether text holds n as a number of its own, not
// as part of another number or of a size such as 16x16.
func namesNumber(text string, n int) bool {
	return regexp.MustCompile(`(^|[^0-9x])` + strconv.Itoa(n) + `($|[^0-9x])`).MatchString(text)
}

func TestGenerateNilRand(t *testing.T) {
	s := settings(9, 9, 10)
	if _, _, err := noguess.Generate(s, board.Point{X: 4, Y: 4}, nil); err == nil {
		t.Errorf("Generate(%v, (4,4), nil) = nil error; want an error", s)
	}
}

// FuzzGenerate makes small boards and holds Generate to Check's promise:
// settings Check accepts, with the first click on the board, give a
// no-guess layout; others give an error, ErrTooDense for mines past
// MaxMines (up to the opening rule's own limit, past which the board's
// ErrMineCount comes first) and ErrOutOfBounds for a first click off the
// board. The first click may fall one cell off the board, and the mines
// one past MaxMines.
func FuzzGenerate(f *testing.F) {
	f.Add(uint8(8), uint8(8), uint8(10), uint8(4), uint8(4), uint64(1))
	f.Add(uint8(0), uint8(0), uint8(0), uint8(1), uint8(1), uint64(2))
	f.Add(uint8(0), uint8(11), uint8(4), uint8(1), uint8(5), uint64(3))
	f.Add(uint8(11), uint8(11), uint8(57), uint8(0), uint8(0), uint64(4))
	f.Add(uint8(11), uint8(11), uint8(65), uint8(12), uint8(3), uint64(5))
	f.Add(uint8(4), uint8(4), uint8(9), uint8(3), uint8(3), uint64(6))
	f.Add(uint8(6), uint8(2), uint8(200), uint8(7), uint8(7), uint64(7))
	f.Add(uint8(2), uint8(9), uint8(3), uint8(0), uint8(13), uint64(8))
	f.Add(uint8(0), uint8(2), uint8(1), uint8(1), uint8(1), uint64(9))
	f.Add(uint8(1), uint8(9), uint8(4), uint8(1), uint8(1), uint64(10))
	f.Fuzz(func(t *testing.T, wb, hb, mb, xb, yb uint8, seed uint64) {
		w, h := 1+int(wb)%12, 1+int(hb)%12
		limit := noguess.MaxMines(w, h)
		s := settings(w, h, int(mb)%(limit+2))
		first := board.Point{X: int(xb)%(w+2) - 1, Y: int(yb)%(h+2) - 1}
		mines, _, err := noguess.Generate(s, first, rand.New(rand.NewPCG(seed, 1)))
		checkErr := noguess.Check(s)
		switch {
		case s.Mines > board.MaxMines(w, h, board.Opening):
			if !errors.Is(err, board.ErrMineCount) || !errors.Is(checkErr, board.ErrMineCount) {
				t.Errorf("Generate(%v, %v) = %v, Check = %v; want %v", s, first, err, checkErr, board.ErrMineCount)
			}
		case s.Mines > limit:
			if !errors.Is(err, noguess.ErrTooDense) || !errors.Is(checkErr, noguess.ErrTooDense) {
				t.Errorf("Generate(%v, %v) = %v, Check = %v; want %v", s, first, err, checkErr, noguess.ErrTooDense)
			}
		case checkErr != nil:
			if err == nil {
				t.Errorf("Generate(%v, %v) seed %d laid %v; want an error, as Check(%v) = %v", s, first, seed, mines, s, checkErr)
			}
		case first.X < 0 || first.X >= w || first.Y < 0 || first.Y >= h:
			if !errors.Is(err, board.ErrOutOfBounds) {
				t.Errorf("Generate(%v, %v) = %v; want %v", s, first, err, board.ErrOutOfBounds)
			}
		case err != nil:
			t.Errorf("Generate(%v, %v) seed %d: %v; want a layout, as Check accepts the settings", s, first, seed, err)
		default:
			if msg := checkLayout(s, first, mines); msg != "" {
				t.Errorf("Generate(%v, %v) seed %d: %s", s, first, seed, msg)
			}
		}
	})
}

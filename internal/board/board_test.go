package board

import (
	"errors"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// mustParse builds a board from text (see Parse) or fails the test.
func mustParse(t testing.TB, text string) *Board {
	t.Helper()
	b, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return b
}

// lines joins rows into a board rendering as String returns it.
func lines(rows ...string) string { return strings.Join(rows, "\n") + "\n" }

// do applies moves that must succeed, failing the test otherwise.
func do(t testing.TB, b *Board, moves ...Move) {
	t.Helper()
	for _, m := range moves {
		if _, err := b.Apply(m); err != nil {
			t.Fatalf("Apply(%v %v): %v", m.Action, m.At, err)
		}
	}
}

func open(x, y int) Move  { return Move{Open, Point{x, y}} }
func chord(x, y int) Move { return Move{Chord, Point{x, y}} }
func mark(x, y int) Move  { return Move{Toggle, Point{x, y}} }

// The boards the rule tests share, drawn as Parse reads them.
const (
	// wall: a row of mines splits the board; a click on either side opens
	// that side only.
	wall = `
		.....
		.....
		*****
		.....
		.....`
	// twoMines: a click on either free corner opens a small pocket.
	//   1 1 1 0
	//   1 * 1 0
	//   1 1 2 1
	//   0 0 1 *
	twoMines = `
		....
		.*..
		....
		...*`
	// diagonal: every cell but two corners is a number.
	//   * 1 0
	//   1 2 1
	//   0 1 *
	diagonal = `
		*..
		...
		..*`
	// corners: one click on (0,0) opens every safe cell.
	//   0 0 0 1 *
	//   0 0 0 1 1
	//   1 1 0 0 0
	//   * 1 0 0 0
	corners = `
		....*
		.....
		.....
		*....`
)

func TestRevealFlood(t *testing.T) {
	tests := []struct {
		name   string
		board  string
		before []Move // moves made first
		at     Point
		n      int
		want   string // String() after the move
		status Status
	}{
		{"bottom-left corner stops at the wall", wall, nil, Point{0, 4}, 10,
			lines("#####", "#####", "#####", "23332", "00000"), Playing},
		{"top edge stops at the wall", wall, nil, Point{2, 0}, 10,
			lines("00000", "23332", "#####", "#####", "#####"), Playing},
		{"bottom-right corner", wall, nil, Point{4, 4}, 10,
			lines("#####", "#####", "#####", "23332", "00000"), Playing},
		{"number opens alone", wall, nil, Point{0, 3}, 1,
			lines("#####", "#####", "#####", "2####", "#####"), Playing},
		{"top-right corner pocket", twoMines, nil, Point{3, 0}, 6,
			lines("##10", "##10", "##21", "####"), Playing},
		{"bottom-left corner pocket", twoMines, nil, Point{0, 3}, 6,
			lines("####", "####", "112#", "001#"), Playing},
		{"flood does not open a flagged cell", wall, []Move{mark(2, 4)}, Point{0, 4}, 5,
			lines("#####", "#####", "#####", "233##", "00F##"), Playing},
		{"flood opens a question-marked cell", wall, []Move{mark(4, 3), mark(4, 3), mark(3, 4), mark(3, 4)}, Point{0, 4}, 10,
			lines("#####", "#####", "#####", "23332", "00000"), Playing},
		{"question-marked cell opens", twoMines, []Move{mark(0, 0), mark(0, 0)}, Point{0, 0}, 1,
			lines("1###", "####", "####", "####"), Playing},
		{"one click wins", corners, nil, Point{0, 0}, 18,
			lines("0001F", "00011", "11000", "F1000"), Won},
		{"whole empty board", "...\n...", nil, Point{1, 1}, 6,
			lines("000", "000"), Won},
		{"1x1 board", ".", nil, Point{0, 0}, 1, lines("0"), Won},
		{"1xN column floods down", ".\n.\n.\n*", nil, Point{0, 0}, 3,
			lines("0", "0", "1", "F"), Won},
		{"last safe cell wins", diagonal, []Move{open(2, 0)}, Point{0, 2}, 3,
			lines("F10", "121", "01F"), Won},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := mustParse(t, tt.board)
			do(t, b, tt.before...)
			n, err := b.Reveal(tt.at)
			if err != nil || n != tt.n {
				t.Errorf("Reveal(%v) = %v, %v; want %v, %v", tt.at, n, err, tt.n, nil)
			}
			if got := b.Status(); got != tt.status {
				t.Errorf("Reveal(%v): Status() = %v; want %v", tt.at, got, tt.status)
			}
			if tt.want != "" {
				if got := b.String(); got != tt.want {
					t.Errorf("Reveal(%v): board\n%s\nwant\n%s", tt.at, got, tt.want)
				}
			}
		})
	}
}

func TestRevealMineLoses(t *testing.T) {
	b := mustParse(t, twoMines)
	// A wrong flag, a right flag, an open number, then the mine.
	do(t, b, mark(0, 0), mark(3, 3), open(3, 0))
	n, err := b.Reveal(Point{1, 1})
	if n != 0 || err != nil {
		t.Errorf("Reveal(%v) = %v, %v; want %v, %v", Point{1, 1}, n, err, 0, nil)
	}
	if got := b.Status(); got != Lost {
		t.Errorf("Status() = %v; want %v", got, Lost)
	}
	if p, ok := b.Hit(); p != (Point{1, 1}) || !ok {
		t.Errorf("Hit() = %v, %v; want %v, true", p, ok, Point{1, 1})
	}
	tiles := map[Point]Tile{
		{1, 1}: TileHit,
		{0, 0}: TileWrongFlag,
		{3, 3}: TileFlag, // a right flag stays a flag
		{3, 0}: 0,
		{2, 2}: 2,
		{1, 0}: TileClosed,
	}
	for p, want := range tiles {
		if got := b.Tile(p); got != want {
			t.Errorf("Tile(%v) = %v; want %v", p, got, want)
		}
	}
	want := lines("!#10", "#X10", "##21", "###F")
	if got := b.String(); got != want {
		t.Errorf("board after the loss\n%s\nwant\n%s", got, want)
	}
	// An unflagged mine shows as a mine after the loss.
	b = mustParse(t, twoMines)
	do(t, b, open(3, 3))
	if got := b.Tile(Point{1, 1}); got != TileMine {
		t.Errorf("Tile(%v) = %v; want %v", Point{1, 1}, got, TileMine)
	}
	if got := b.Tile(Point{3, 3}); got != TileHit {
		t.Errorf("Tile(%v) = %v; want %v", Point{3, 3}, got, TileHit)
	}
}

func TestWin(t *testing.T) {
	b := mustParse(t, corners)
	do(t, b, mark(1, 1), mark(1, 1)) // a question mark on a safe cell
	do(t, b, mark(0, 3), mark(0, 3)) // and on a mine
	if _, err := b.Reveal(Point{0, 0}); err != nil {
		t.Fatal(err)
	}
	if got := b.Status(); got != Won {
		t.Errorf("Status() = %v; want %v", got, Won)
	}
	if got, want := b.Layout(), []Point{{4, 0}, {0, 3}}; !slices.Equal(got, want) {
		t.Errorf("Layout() = %v; want %v", got, want)
	}
	for _, p := range b.Layout() {
		if got := b.Mark(p); got != Flag {
			t.Errorf("Mark(%v) = %v after the win; want %v", p, got, Flag)
		}
	}
	if b.Flags() != 2 || b.FlagsLeft() != 0 || b.SafeLeft() != 0 {
		t.Errorf("Flags(), FlagsLeft(), SafeLeft() = %d, %d, %d; want 2, 0, 0", b.Flags(), b.FlagsLeft(), b.SafeLeft())
	}
	if _, ok := b.Hit(); ok {
		t.Errorf("Hit() reports a mine after a win")
	}
}

// snapshot is everything a move may change.
type snapshot struct {
	text            string
	status          Status
	flags, safeLeft int
	hit             int
	cells           string
}

func snap(b *Board) snapshot {
	return snapshot{b.String(), b.status, b.flags, b.safeLeft, b.hit, string(b.cells)}
}

func TestMoveErrorsChangeNothing(t *testing.T) {
	lost := []Move{mark(0, 0), open(1, 1)}
	won := []Move{open(0, 0)}
	tests := []struct {
		name   string
		board  string
		before []Move
		move   Move
		want   error
	}{
		{"reveal open cell", twoMines, []Move{open(3, 0)}, open(3, 1), ErrOpen},
		{"reveal open number", twoMines, []Move{open(3, 0)}, open(2, 2), ErrOpen},
		{"reveal flagged cell", twoMines, []Move{mark(1, 1)}, open(1, 1), ErrFlagged},
		{"reveal left of the board", twoMines, nil, open(-1, 0), ErrOutOfBounds},
		{"reveal right of the board", twoMines, nil, open(4, 0), ErrOutOfBounds},
		{"reveal above the board", twoMines, nil, open(0, -1), ErrOutOfBounds},
		{"reveal below the board", twoMines, nil, open(0, 4), ErrOutOfBounds},
		{"reveal far away", twoMines, nil, open(math.MaxInt, math.MinInt), ErrOutOfBounds},
		{"reveal after a loss", twoMines, lost, open(3, 0), ErrGameOver},
		{"reveal after a win", corners, won, open(4, 0), ErrGameOver},
		{"chord after a loss", twoMines, lost, chord(0, 0), ErrGameOver},
		{"mark after a loss", twoMines, lost, mark(3, 0), ErrGameOver},
		{"mark after a win", corners, won, mark(4, 0), ErrGameOver},
		{"mark open cell", twoMines, []Move{open(3, 0)}, mark(3, 0), ErrOpen},
		{"mark off the board", twoMines, nil, mark(4, 4), ErrOutOfBounds},
		{"chord off the board", twoMines, nil, chord(-1, -1), ErrOutOfBounds},
		{"chord closed cell", diagonal, nil, chord(1, 1), ErrNotNumber},
		{"chord flagged cell", diagonal, []Move{mark(1, 1)}, chord(1, 1), ErrNotNumber},
		{"chord zero", diagonal, []Move{open(2, 0)}, chord(2, 0), ErrNotNumber},
		{"chord too few flags", diagonal, []Move{open(1, 1), mark(0, 0)}, chord(1, 1), ErrFlagCount},
		{"chord no flags", diagonal, []Move{open(1, 1)}, chord(1, 1), ErrFlagCount},
		{"chord too many flags", diagonal, []Move{open(1, 0), mark(0, 0), mark(0, 1)}, chord(1, 0), ErrFlagCount},
		{"chord with nothing to open", wall, []Move{open(0, 4), mark(0, 2), mark(1, 2)}, chord(0, 3), ErrNothingToDo},
		{"unknown action", twoMines, nil, Move{Action(3), Point{0, 0}}, ErrAction},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := mustParse(t, tt.board)
			do(t, b, tt.before...)
			before := snap(b)
			n, err := b.Apply(tt.move)
			if n != 0 || !errors.Is(err, tt.want) {
				t.Errorf("Apply(%v %v) = %v, %v; want %v, %v", tt.move.Action, tt.move.At, n, err, 0, tt.want)
			}
			if after := snap(b); after != before {
				t.Errorf("Apply(%v %v) changed the board from\n%s\nto\n%s", tt.move.Action, tt.move.At, before.text, after.text)
			}
		})
	}
}

func TestChord(t *testing.T) {
	tests := []struct {
		name   string
		board  string
		before []Move
		at     Point
		n      int
		want   string
		status Status
	}{
		{"right flag opens the rest", diagonal, []Move{open(1, 0), mark(0, 0)}, Point{1, 0}, 4,
			lines("F10", "121", "###"), Playing},
		{"right flags win", diagonal, []Move{open(1, 1), mark(0, 0), mark(2, 2)}, Point{1, 1}, 6,
			lines("F10", "121", "01F"), Won},
		{"question mark counts as closed", diagonal, []Move{open(1, 0), mark(0, 0), mark(2, 1), mark(2, 1)}, Point{1, 0}, 4,
			lines("F10", "121", "###"), Playing},
		{"chord floods from a zero", twoMines, []Move{open(2, 1), mark(1, 1)}, Point{2, 1}, 7,
			lines("#110", "#F10", "#121", "####"), Playing},
		{"wrong flag loses", diagonal, []Move{open(1, 0), mark(1, 1)}, Point{1, 0}, 0,
			lines("X1#", "#!#", "##*"), Lost},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := mustParse(t, tt.board)
			do(t, b, tt.before...)
			n, err := b.Chord(tt.at)
			if n != tt.n || err != nil {
				t.Errorf("Chord(%v) = %v, %v; want %v, %v", tt.at, n, err, tt.n, nil)
			}
			if got := b.Status(); got != tt.status {
				t.Errorf("Chord(%v): Status() = %v; want %v", tt.at, got, tt.status)
			}
			if tt.want != "" {
				if got := b.String(); got != tt.want {
					t.Errorf("Chord(%v): board\n%s\nwant\n%s", tt.at, got, tt.want)
				}
			}
		})
	}
}

func TestToggleMark(t *testing.T) {
	type step struct {
		mark  Mark
		tile  Tile
		flags int
	}
	tests := []struct {
		name      string
		questions bool
		steps     []step
	}{
		{"with question marks", true, []step{{Flag, TileFlag, 1}, {Question, TileQuestion, 0}, {NoMark, TileClosed, 0}, {Flag, TileFlag, 1}}},
		{"without question marks", false, []step{{Flag, TileFlag, 1}, {NoMark, TileClosed, 0}, {Flag, TileFlag, 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := mustParse(t, diagonal)
			b.SetQuestionMarks(tt.questions)
			p := Point{0, 0}
			for i, s := range tt.steps {
				m, err := b.ToggleMark(p)
				if m != s.mark || err != nil {
					t.Errorf("step %d: ToggleMark(%v) = %v, %v; want %v, %v", i, p, m, err, s.mark, nil)
				}
				if got := b.Mark(p); got != s.mark {
					t.Errorf("step %d: Mark(%v) = %v; want %v", i, p, got, s.mark)
				}
				if got := b.Tile(p); got != s.tile {
					t.Errorf("step %d: Tile(%v) = %v; want %v", i, p, got, s.tile)
				}
				if b.Flags() != s.flags || b.FlagsLeft() != 2-s.flags {
					t.Errorf("step %d: Flags(), FlagsLeft() = %d, %d; want %d, %d", i, b.Flags(), b.FlagsLeft(), s.flags, 2-s.flags)
				}
			}
		})
	}
	t.Run("question marks switched off keep existing ones", func(t *testing.T) {
		b := mustParse(t, diagonal)
		p := Point{1, 1}
		do(t, b, mark(1, 1), mark(1, 1))
		b.SetQuestionMarks(false)
		if got := b.Mark(p); got != Question {
			t.Errorf("Mark(%v) = %v; want %v", p, got, Question)
		}
		if m, err := b.ToggleMark(p); m != NoMark || err != nil {
			t.Errorf("ToggleMark(%v) = %v, %v; want %v, %v", p, m, err, NoMark, nil)
		}
	})
	t.Run("open cells and points off the board have no mark", func(t *testing.T) {
		b := mustParse(t, diagonal)
		do(t, b, open(1, 1))
		for _, p := range []Point{{1, 1}, {-1, 0}, {3, 3}} {
			if got := b.Mark(p); got != NoMark {
				t.Errorf("Mark(%v) = %v; want %v", p, got, NoMark)
			}
		}
	})
}

func TestFlagsLeftBelowZero(t *testing.T) {
	b := mustParse(t, "*..\n...")
	do(t, b, mark(0, 0), mark(1, 0), mark(2, 0), mark(0, 1))
	if b.Flags() != 4 || b.FlagsLeft() != -3 {
		t.Errorf("Flags(), FlagsLeft() = %d, %d; want 4, -3", b.Flags(), b.FlagsLeft())
	}
	do(t, b, mark(0, 0))
	if b.Flags() != 3 || b.FlagsLeft() != -2 {
		t.Errorf("Flags(), FlagsLeft() = %d, %d; want 3, -2", b.Flags(), b.FlagsLeft())
	}
}

func TestReset(t *testing.T) {
	b := mustParse(t, twoMines)
	fresh := snap(b)
	do(t, b, mark(0, 0), mark(2, 0), mark(2, 0), open(3, 0), open(1, 1))
	if b.Status() != Lost {
		t.Fatalf("Status() = %v; want %v", b.Status(), Lost)
	}
	b.Reset()
	if got := snap(b); got != fresh {
		t.Errorf("after Reset: %+v\nwant %+v", got, fresh)
	}
	if _, ok := b.Hit(); ok || b.Flags() != 0 || b.SafeLeft() != 14 || b.Status() != Playing {
		t.Errorf("after Reset: Hit() %v, Flags() %d, SafeLeft() %d, Status() %v; want false, 0, 14, playing", ok, b.Flags(), b.SafeLeft(), b.Status())
	}
	// The same game can be played again.
	if n, err := b.Reveal(Point{3, 0}); n != 6 || err != nil {
		t.Errorf("Reveal(%v) = %v, %v after Reset; want 6, nil", Point{3, 0}, n, err)
	}
}

func TestLayout(t *testing.T) {
	b := mustParse(t, `
		..*.
		*...
		...*`)
	want := []Point{{2, 0}, {0, 1}, {3, 2}}
	if got := b.Layout(); !slices.Equal(got, want) {
		t.Errorf("Layout() = %v; want %v", got, want)
	}
	if b.Mines() != 3 || b.Width() != 4 || b.Height() != 3 || !b.Started() {
		t.Errorf("Mines(), Width(), Height(), Started() = %d, %d, %d, %v; want 3, 4, 3, true", b.Mines(), b.Width(), b.Height(), b.Started())
	}
	// New takes mines in any order; Layout returns them row by row.
	b2, err := New(4, 3, []Point{{3, 2}, {0, 1}, {2, 0}})
	if err != nil {
		t.Fatal(err)
	}
	if got := b2.Layout(); !slices.Equal(got, want) {
		t.Errorf("Layout() = %v; want %v", got, want)
	}
	if got := mustParse(t, "..\n..").Layout(); len(got) != 0 {
		t.Errorf("Layout() of a board without mines = %v; want none", got)
	}
}

func TestApply(t *testing.T) {
	tests := []struct {
		move Move
		n    int
		want string
	}{
		{open(0, 4), 10, lines("#####", "#####", "#####", "23332", "00000")},
		{mark(1, 2), 0, lines("#####", "#####", "#F###", "#####", "#####")},
		{chord(0, 0), 0, ""}, // error: a closed cell
	}
	for _, tt := range tests {
		b := mustParse(t, wall)
		n, err := b.Apply(tt.move)
		if tt.want == "" {
			if !errors.Is(err, ErrNotNumber) {
				t.Errorf("Apply(%v %v) = %v, %v; want 0, %v", tt.move.Action, tt.move.At, n, err, ErrNotNumber)
			}
			continue
		}
		if n != tt.n || err != nil {
			t.Errorf("Apply(%v %v) = %v, %v; want %v, %v", tt.move.Action, tt.move.At, n, err, tt.n, nil)
		}
		if got := b.String(); got != tt.want {
			t.Errorf("Apply(%v %v): board\n%s\nwant\n%s", tt.move.Action, tt.move.At, got, tt.want)
		}
	}
	// A chord through Apply.
	b := mustParse(t, diagonal)
	do(t, b, open(1, 0), mark(0, 0))
	if n, err := b.Apply(chord(1, 0)); n != 4 || err != nil {
		t.Errorf("Apply(chord (1,0)) = %v, %v; want 4, nil", n, err)
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		name  string
		w, h  int
		mines []Point
		want  error
		msg   string
	}{
		{"zero width", 0, 5, nil, ErrSize, "board size must be at least 1x1 (got 0x5)"},
		{"zero height", 5, 0, nil, ErrSize, "board size must be at least 1x1 (got 5x0)"},
		{"negative", -3, -3, nil, ErrSize, "board size must be at least 1x1 (got -3x-3)"},
		{"over the area limit", 1 << 15, 1 << 14, nil, ErrTooLarge, "board is larger than 268435456 cells (got 32768x16384)"},
		{"one row too long", MaxCells + 1, 1, nil, ErrTooLarge, "board is larger than 268435456 cells (got 268435457x1)"},
		{"huge", math.MaxInt, math.MaxInt, nil, ErrTooLarge, ""},
		{"area overflows int", 1 << 32, 1 << 32, nil, ErrTooLarge, ""},
		{"mine left of the board", 3, 3, []Point{{-1, 0}}, ErrOutOfBounds, "mine (-1,0): off the board"},
		{"mine right of the board", 3, 3, []Point{{3, 0}}, ErrOutOfBounds, "mine (3,0): off the board"},
		{"mine below the board", 3, 3, []Point{{0, 0}, {0, 3}}, ErrOutOfBounds, "mine (0,3): off the board"},
		{"repeated mine", 3, 3, []Point{{1, 2}, {0, 0}, {1, 2}}, ErrRepeatedMine, "mine (1,2): repeated mine"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := New(tt.w, tt.h, tt.mines)
			if b != nil || !errors.Is(err, tt.want) {
				t.Fatalf("New(%d, %d, %v) = %v, %v; want nil, %v", tt.w, tt.h, tt.mines, b, err, tt.want)
			}
			if tt.msg != "" && err.Error() != tt.msg {
				t.Errorf("New(%d, %d, %v) error %q; want %q", tt.w, tt.h, tt.mines, err, tt.msg)
			}
		})
	}
}

// TestNewTooLargeFailsFast checks that a size over the limit is refused
// before anything the size of the board is allocated. It counts bytes, not
// allocations: the race detector (make test runs -race) now and then adds
// an allocation of its own, while the smallest board over the limit would
// take MaxCells bytes.
func TestNewTooLargeFailsFast(t *testing.T) {
	const runs = 10
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		if _, err := New(1<<20, 1<<20, nil); !errors.Is(err, ErrTooLarge) {
			t.Fatalf("New(1<<20, 1<<20, nil): %v; want %v", err, ErrTooLarge)
		}
	}
	runtime.ReadMemStats(&after)
	if got := (after.TotalAlloc - before.TotalAlloc) / runs; got > 64<<10 {
		t.Errorf("New on a board over the limit allocated %d bytes a call; want only the error's, under 64 KiB", got)
	}
}

func TestCheckSize(t *testing.T) {
	tests := []struct {
		w, h int
		want error
	}{
		{1, 1, nil},
		{10000, 10000, nil},
		{1 << 14, 1 << 14, nil}, // exactly MaxCells
		{MaxCells, 1, nil},
		{1, MaxCells, nil},
		{1<<14 + 1, 1 << 14, ErrTooLarge},
		{MaxCells + 1, 1, ErrTooLarge},
		{1, MaxCells + 1, ErrTooLarge},
		{math.MaxInt, 2, ErrTooLarge},
		{0, 1, ErrSize},
		{1, 0, ErrSize},
		{math.MinInt, 1, ErrSize},
	}
	for _, tt := range tests {
		if err := CheckSize(tt.w, tt.h); !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("CheckSize(%d, %d) = %v; want %v", tt.w, tt.h, err, tt.want)
		}
	}
}

func TestMaxMines(t *testing.T) {
	tests := []struct {
		w, h int
		rule FirstClick
		want int
	}{
		{9, 9, Unsafe, 81},
		{9, 9, Safe, 80},
		{9, 9, Opening, 72},
		{30, 16, Opening, 471},
		{1, 1, Unsafe, 1},
		{1, 1, Safe, 0},
		{1, 1, Opening, 0},
		{1, 2, Opening, 0},
		{1, 5, Opening, 2},
		{5, 1, Opening, 2},
		{2, 2, Opening, 0},
		{2, 5, Opening, 4},
		{3, 3, Opening, 0},
		{4, 3, Opening, 3},
	}
	for _, tt := range tests {
		if got := MaxMines(tt.w, tt.h, tt.rule); got != tt.want {
			t.Errorf("MaxMines(%d, %d, %v) = %d; want %d", tt.w, tt.h, tt.rule, got, tt.want)
		}
	}
}

func TestParseFirstClick(t *testing.T) {
	for _, r := range []FirstClick{Unsafe, Safe, Opening} {
		if got, err := ParseFirstClick(r.String()); got != r || err != nil {
			t.Errorf("ParseFirstClick(%q) = %v, %v; want %v, nil", r.String(), got, err, r)
		}
	}
	for _, s := range []string{"", "Safe", "open", "opening "} {
		want := `unknown first-click rule "` + s + `" (want unsafe, safe or opening)`
		if _, err := ParseFirstClick(s); err == nil || err.Error() != want {
			t.Errorf("ParseFirstClick(%q) error %v; want %q", s, err, want)
		}
	}
}

func TestThreeBV(t *testing.T) {
	tests := []struct {
		name  string
		board string
		want  int
	}{
		{"no mines", "...\n...\n...", 1},
		{"one opening covers everything", corners, 1},
		{"two openings split by a wall", wall, 2},
		{"two openings sharing a border number", diagonal, 2},
		{"numbers only", "*.*", 1},
		{"three lone numbers", "*.\n..", 3},
		{"opening plus lone numbers", `
			.....
			.*.*.
			.....
			.....`, 9},
		{"only mines", "**\n**", 0},
	}
	for _, tt := range tests {
		if got := mustParse(t, tt.board).ThreeBV(); got != tt.want {
			t.Errorf("%s: ThreeBV() = %d; want %d", tt.name, got, tt.want)
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		text string
		want string // error
	}{
		{"..\n...", "row 2 has 3 cells, want 2"},
		{"..\n.x", "row 2: unexpected 'x' (want '*' or '.')"},
		{"", "board size must be at least 1x1 (got 0x0)"},
		{"\n   \n", "board size must be at least 1x1 (got 0x0)"},
	}
	for _, tt := range tests {
		if _, err := Parse(tt.text); err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) error %v; want %q", tt.text, err, tt.want)
		}
	}
	b := mustParse(t, "\n  .*.  \n\n  ...\n")
	if b.Width() != 3 || b.Height() != 2 || !slices.Equal(b.Layout(), []Point{{1, 0}}) {
		t.Errorf("Parse: %dx%d, Layout() %v; want 3x2, [(1,0)]", b.Width(), b.Height(), b.Layout())
	}
}

func TestStrings(t *testing.T) {
	tests := []struct {
		v    interface{ String() string }
		want string
	}{
		{Playing, "playing"}, {Won, "won"}, {Lost, "lost"}, {Status(7), "Status(7)"},
		{Unsafe, "unsafe"}, {Safe, "safe"}, {Opening, "opening"}, {FirstClick(5), "FirstClick(5)"},
		{NoMark, "none"}, {Flag, "flag"}, {Question, "question"}, {Mark(9), "Mark(9)"},
		{Open, "open"}, {Chord, "chord"}, {Toggle, "mark"}, {Action(4), "Action(4)"},
		{Tile(0), "0"}, {Tile(8), "8"}, {TileClosed, "closed"}, {TileFlag, "flag"},
		{TileQuestion, "question"}, {TileMine, "mine"}, {TileHit, "hit"},
		{TileWrongFlag, "wrong flag"}, {Tile(9), "Tile(9)"}, {Tile(-7), "Tile(-7)"},
		{Point{3, -1}, "(3,-1)"},
	}
	for _, tt := range tests {
		if got := tt.v.String(); got != tt.want {
			t.Errorf("%#v.String() = %q; want %q", tt.v, got, tt.want)
		}
	}
	bytes := map[Tile]byte{0: '0', 5: '5', 8: '8', TileClosed: '#', TileFlag: 'F', TileQuestion: '?',
		TileMine: '*', TileHit: 'X', TileWrongFlag: '!', Tile(9): '~', Tile(-7): '~'}
	for tile, want := range bytes {
		if got := tile.Byte(); got != want {
			t.Errorf("Tile(%d).Byte() = %q; want %q", int8(tile), got, want)
		}
	}
	for tile := Tile(-8); tile <= 10; tile++ {
		if got, want := tile.IsOpen(), tile >= 0 && tile <= 8; got != want {
			t.Errorf("Tile(%d).IsOpen() = %v; want %v", int8(tile), got, want)
		}
	}
	if got := (Point{1, 2}).Add(Point{-3, 4}); got != (Point{-2, 6}) {
		t.Errorf("Point{1, 2}.Add(Point{-3, 4}) = %v; want (-2,6)", got)
	}
}

func TestTilesAndRows(t *testing.T) {
	b := mustParse(t, twoMines)
	do(t, b, open(3, 0), mark(0, 0), mark(1, 0), mark(1, 0))
	want := []Tile{TileFlag, TileQuestion, 1, 0, TileClosed, TileClosed, 1, 0, TileClosed, TileClosed, 2, 1,
		TileClosed, TileClosed, TileClosed, TileClosed}
	got := b.Tiles(make([]Tile, 3))
	if !slices.Equal(got, want) {
		t.Errorf("Tiles() = %v; want %v", got, want)
	}
	for y := range b.Height() {
		row := b.AppendRow([]byte("row:"), y)
		if want := "row:" + strings.Split(b.String(), "\n")[y]; string(row) != want {
			t.Errorf("AppendRow(%d) = %q; want %q", y, row, want)
		}
	}
	if got := b.Tile(Point{-1, 2}); got != TileClosed {
		t.Errorf("Tile(%v) = %v; want %v", Point{-1, 2}, got, TileClosed)
	}
}

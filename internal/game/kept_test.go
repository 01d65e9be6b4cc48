package game

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// spread is a Layout, as a no-guess generator is one: it lays the mines
// at random outside the 3x3 square around the first opening, drawing from
// rng alone, so that a seed and a first opening lay one board.
func spread(s board.Settings, first board.Point, rng *rand.Rand) ([]board.Point, error) {
	var cells []board.Point
	for y := range s.Height {
		for x := range s.Width {
			if max(abs(x-first.X), abs(y-first.Y)) > 1 {
				cells = append(cells, board.Point{X: x, Y: y})
			}
		}
	}
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	return cells[:s.Mines], nil
}

// layoutOfGame returns g's mines, once laid.
func layoutOfGame(g *Game) []board.Point { return g.Kept(time.Time{}, true).Mines }

// firstClosed returns the first closed cell of g's board, row by row.
func firstClosed(t *testing.T, g *Game) board.Point {
	t.Helper()
	b := g.Board()
	for y := range b.Height() {
		for x := range b.Width() {
			if p := (board.Point{X: x, Y: y}); b.Tile(p) == board.TileClosed {
				return p
			}
		}
	}
	t.Fatalf("no closed cell on\n%s", b)
	return board.Point{}
}

// replay plays k's moves on g, each at its time from the first opening at
// base, as a resumed game or a replay does.
func replay(t *testing.T, g *Game, k Kept, base time.Time) {
	t.Helper()
	for _, m := range k.Moves {
		if _, err := g.Apply(m.Move, base.Add(m.At)); err != nil {
			t.Fatalf("playing %v again: %v", m.Move, err)
		}
	}
}

// TestKeptLoad checks that a game kept, with its layout or with only
// what lays it again (the seed, the first opening and the layout's sum),
// loads on the same board, and that its moves played again make the game
// it was.
func TestKeptLoad(t *testing.T) {
	beginner := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	unsafe := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Unsafe}
	noGuess := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true}
	tests := []struct {
		name   string
		cfg    Config
		origin Origin
		file   bool // a board file's game on small
		layout bool // kept with its layout
		undo   bool // the first opening taken back
	}{
		{name: "a plain board", cfg: Config{Settings: beginner}},
		{name: "a plain board, with its layout", cfg: Config{Settings: beginner}, layout: true},
		{name: "the unsafe rule", cfg: Config{Settings: unsafe}},
		{name: "a chosen seed", cfg: Config{Settings: beginner}, origin: Seeded},
		{name: "a layout's board (no-guess settings)", cfg: Config{Settings: noGuess, Layout: spread}},
		{name: "the first opening taken back", cfg: Config{Settings: beginner}, undo: true},
		{name: "a board file's", file: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var g *Game
			if tt.file {
				g = fixed(t, small, false)
				tt.cfg = g.Config()
			} else {
				var err error
				if g, err = New(tt.cfg, 42, tt.origin); err != nil {
					t.Fatal(err)
				}
			}
			apply(t, g, at(10), mv(Open, 4, 0))
			hinted := false
			if g.Status() == board.Playing {
				p := firstClosed(t, g)
				apply(t, g, at(12), mv(Toggle, p.X, p.Y))
				if !tt.undo {
					// A hint whose opening is taken back stays in the
					// log, where a replay cannot play it: see TestUndo.
					apply(t, g, at(13), mv(Hint, p.X, p.Y))
					hinted = true
				}
			}
			if tt.undo {
				for g.Undo(at(14)) == nil {
				}
			}
			layout := layoutOfGame(g)
			k := g.Kept(at(20), tt.layout)

			laid := !tt.file
			switch {
			case (tt.layout || tt.file) && !reflect.DeepEqual(k.Mines, layout):
				t.Errorf("Kept(%v).Mines = %v; want the layout %v", tt.layout, k.Mines, layout)
			case !tt.layout && !tt.file && k.Mines != nil:
				t.Errorf("Kept(false).Mines = %v; want nil", k.Mines)
			}
			if sum := sumOf(t, g.Settings(), layout); k.Laid != laid || laid && k.Sum != sum || !laid && k.Sum != 0 {
				t.Errorf("Kept: Laid %v, Sum %d; want %v, %d", k.Laid, k.Sum, laid, map[bool]uint64{true: sum}[laid])
			}
			if k.Elapsed != g.Elapsed(at(20)) || k.Status != g.Status() || k.Origin != g.Origin() || k.Undone != tt.undo || k.Assisted != hinted {
				t.Errorf("Kept = %+v; want the game's numbers and marks", k)
			}

			lg, err := Load(tt.cfg, k)
			if err != nil {
				t.Fatalf("Load() = %v", err)
			}
			b := g.Board()
			if got := lg.Board().String(); got != closed(b.Width(), b.Height()) {
				t.Errorf("Load(): the board is\n%s\nwant every cell closed", got)
			}
			if got := layoutOfGame(lg); !reflect.DeepEqual(got, layout) {
				t.Errorf("Load() laid %v; want %v", got, layout)
			}
			n, first := lg.Ends()
			if lg.Settings() != g.Settings() || lg.Seed() != g.Seed() || lg.Origin() != g.Origin() || lg.Source() != g.Source() ||
				lg.Assisted() != k.Assisted || lg.Undone() != k.Undone || lg.Restarted() != k.Restarted || n != k.Ends || first != k.Ended {
				t.Errorf("Load() = a game of %v seed %d %v %q, assisted %v, undone %v, restarted %v, Ends() %d, %v; want those of %+v",
					lg.Settings(), lg.Seed(), lg.Origin(), lg.Source(), lg.Assisted(), lg.Undone(), lg.Restarted(), n, first, k)
			}

			base := at(100)
			if k.Elapsed > 0 {
				lg.StartClock(base)
			}
			replay(t, lg, k, base)
			if got, want := lg.Board().String(), b.String(); got != want {
				t.Errorf("played again, the board is\n%s\nwant\n%s", got, want)
			}
			// The clock starts at base, where the moves' times count from,
			// even when the opening that started it was taken back.
			if got := lg.Elapsed(base.Add(k.Elapsed)); got != k.Elapsed {
				t.Errorf("played again, Elapsed() = %v; want %v", got, k.Elapsed)
			}
			if got := lg.Kept(base.Add(k.Elapsed), tt.layout); got.Sum != k.Sum || got.First != k.First || len(got.Moves)+len(k.Moves) > 0 && !reflect.DeepEqual(got.Moves, k.Moves) {
				t.Errorf("played again and kept: Sum %d, First %v, Moves %v; want %d, %v, %v", got.Sum, got.First, got.Moves, k.Sum, k.First, k.Moves)
			}
		})
	}
}

// sumOf returns the layout's board.LayoutSum.
func sumOf(t *testing.T, s board.Settings, mines []board.Point) uint64 {
	t.Helper()
	b, err := board.New(s.Width, s.Height, mines)
	if err != nil {
		t.Fatal(err)
	}
	return b.LayoutSum()
}

// TestLoadRefuses checks that a kept game whose board cannot be made again
// as it was is refused.
func TestLoadRefuses(t *testing.T) {
	cfg := Config{Settings: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}}
	g, err := New(cfg, 42, Drawn)
	if err != nil {
		t.Fatal(err)
	}
	apply(t, g, at(1), mv(Open, 4, 4))
	kept := g.Kept(at(2), false)
	tests := []struct {
		name    string
		cfg     Config
		change  func(k *Kept)
		wantErr error // nil for any error
	}{
		{"another sum", cfg, func(k *Kept) { k.Sum ^= 1 }, ErrRelaid},
		{"another seed", cfg, func(k *Kept) { k.Seed++ }, ErrRelaid},
		{"another first opening", cfg, func(k *Kept) { k.First = board.Point{X: 0, Y: 8} }, ErrRelaid},
		{"another generator", Config{Settings: cfg.Settings, Layout: spread}, func(*Kept) {}, ErrRelaid},
		{"a first opening off the board", cfg, func(k *Kept) { k.First = board.Point{X: 9, Y: 0} }, board.ErrOutOfBounds},
		{"a layout short of a mine", cfg, func(k *Kept) { k.Mines = layoutOfGame(g)[1:] }, nil},
		{"a layout with a mine off the board", cfg, func(k *Kept) { k.Mines = layoutOfGame(g); k.Mines[0] = board.Point{X: -1, Y: 0} }, board.ErrOutOfBounds},
		{"a layout with a mine twice", cfg, func(k *Kept) { k.Mines = layoutOfGame(g); k.Mines[0] = k.Mines[1] }, board.ErrRepeatedMine},
		{"settings no board can have", cfg, func(k *Kept) { k.Settings.Mines = 81 }, board.ErrMineCount},
	}
	for _, tt := range tests {
		k := kept
		tt.change(&k)
		lg, err := Load(tt.cfg, k)
		if err == nil || tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
			t.Errorf("%s: Load() = %v, %v; want an error %v", tt.name, lg, err, tt.wantErr)
		}
	}
}

// TestKeptNumbers checks what a kept game says of itself: its clicks on
// the board, and whether its board was known.
func TestKeptNumbers(t *testing.T) {
	k := Kept{Moves: []TimedMove{
		{Move: mv(Open, 1, 1)}, {Move: mv(Hint, 2, 2)}, {Move: mv(Toggle, 3, 3)}, {Move: mv(FlagMine, 4, 4)},
		{Move: mv(Chord, 1, 1)}, {Move: mv(AutoOpen, 5, 5)}, {Move: mv(Odds, 0, 0)},
	}}
	if got := k.Clicks(); got != 5 {
		t.Errorf("Clicks() = %d; want 5: the open, the mark, the chord and the solver's flag and opening", got)
	}
	for _, tt := range []struct {
		k    Kept
		want bool
	}{
		{Kept{Origin: Drawn}, false},
		{Kept{Origin: Seeded}, true},
		{Kept{Origin: File}, true},
		{Kept{Origin: Drawn, Restarted: true}, true},
	} {
		if got := tt.k.Known(); got != tt.want {
			t.Errorf("Kept{Origin: %v, Restarted: %v}.Known() = %v; want %v", tt.k.Origin, tt.k.Restarted, got, tt.want)
		}
	}
	// A game over keeps its 3BV.
	g := fixed(t, small, false)
	apply(t, g, at(1), mv(Open, 4, 0), mv(Open, 4, 3))
	if k := g.Kept(at(2), false); k.ThreeBV != 2 || k.Status != board.Won || k.Ends != 1 || k.Ended != board.Won || k.Clicks() != 2 {
		t.Errorf("Kept() of a win = %+v; want 3BV 2, won, ended once, 2 clicks", k)
	}
}

// TestRecordLayout checks which records keep their layout: every board up
// to LayoutCells, and a board file's at any size; a larger board laid from
// a seed keeps what lays it again instead.
// It skips itself under -race: make test runs it in its second pass,
// without.
func TestRecordLayout(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine, slow under -race: run without it, in make test's second pass")
	}
	for _, tt := range []struct {
		w, h int
		want bool
	}{
		{1024, 1024, true},  // LayoutCells exactly
		{1025, 1024, false}, // one column more
	} {
		s := board.Settings{Width: tt.w, Height: tt.h, Mines: 10, Rule: board.Opening}
		g, err := New(Config{Settings: s}, 1, Drawn)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(Move{Action: Open, At: board.Point{X: 5, Y: 5}}, time.Time{}); err != nil {
			t.Fatal(err)
		}
		k := g.Record(time.Time{})
		if got := k.Mines != nil; got != tt.want || !k.Laid || k.Sum == 0 {
			t.Errorf("%dx%d: Record() has a layout %v, laid %v, sum %d; want a layout %v, laid, a sum", tt.w, tt.h, got, k.Laid, k.Sum, tt.want)
		}
	}
}

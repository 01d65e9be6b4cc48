package game

import (
	"reflect"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// fiftyFifty is a board whose opening at (0,2) leaves a guess: the mine
// is at (0,0) or (1,0), as likely one as the other.
const fiftyFifty = `
*.
..
..
`

// judge has the solver analyse g's board as it stands and fills the
// opening of index i at p with it, as the screen does off the loop.
func judge(t *testing.T, g *Game, i int, p board.Point) {
	t.Helper()
	b := g.Board()
	v, err := solver.NewView(b.Width(), b.Height(), b.Mines(), b.Tiles(nil))
	if err != nil {
		t.Fatal(err)
	}
	an, err := solver.Analyze(v)
	if err != nil {
		t.Fatal(err)
	}
	g.Judge(i, p, an)
}

// TestWillOpen checks which openings the guess audit notes, and which the
// solver is to judge: not the first-click rule's first opening, noted as
// a guess of the board's density under the unsafe rule and not at all
// under the others; every later opening of a closed cell.
func TestWillOpen(t *testing.T) {
	tests := []struct {
		name     string
		rule     board.FirstClick
		before   []Move
		p        board.Point
		index    int
		judge    bool
		openings []Opening // the audit after WillOpen
	}{
		{name: "the first opening, unsafe", rule: board.Unsafe, p: board.Point{X: 2, Y: 2}, index: -1,
			openings: []Opening{{At: board.Point{X: 2, Y: 2}, Mine: 0.1}}},
		{name: "the first opening, safe", rule: board.Safe, p: board.Point{X: 2, Y: 2}, index: -1},
		{name: "the first opening, opening", rule: board.Opening, p: board.Point{X: 2, Y: 2}, index: -1},
		{name: "the first opening after a flag, unsafe", rule: board.Unsafe, before: []Move{mv(Toggle, 0, 0)}, p: board.Point{X: 1, Y: 0}, index: -1,
			openings: []Opening{{At: board.Point{X: 1, Y: 0}, Mine: 0.1}}},
		{name: "a later opening", rule: board.Opening, before: []Move{mv(Open, 4, 0)}, p: board.Point{X: 4, Y: 3}, index: 0, judge: true,
			openings: []Opening{{At: board.Point{X: 4, Y: 3}, Pending: true}}},
		{name: "a later opening of a question mark", rule: board.Opening, before: []Move{mv(Open, 4, 0), mv(Toggle, 4, 3), mv(Toggle, 4, 3)},
			p: board.Point{X: 4, Y: 3}, index: 0, judge: true, openings: []Opening{{At: board.Point{X: 4, Y: 3}, Pending: true}}},
		{name: "an open cell", rule: board.Opening, before: []Move{mv(Open, 4, 0)}, p: board.Point{X: 2, Y: 2}, index: -1},
		{name: "a flag", rule: board.Opening, before: []Move{mv(Open, 4, 0), mv(Toggle, 4, 3)}, p: board.Point{X: 4, Y: 3}, index: -1},
		{name: "off the board", rule: board.Opening, before: []Move{mv(Open, 4, 0)}, p: board.Point{X: 5, Y: 3}, index: -1},
		{name: "a game over", rule: board.Opening, before: []Move{mv(Open, 4, 0), mv(Open, 0, 0)}, p: board.Point{X: 4, Y: 3}, index: -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := drawnConfig(t, small, tt.rule)
			cfg.QuestionMarks = true
			g, err := New(cfg, 1, Drawn)
			if err != nil {
				t.Fatal(err)
			}
			apply(t, g, at(1), tt.before...)
			i, judge := g.WillOpen(tt.p)
			if i != tt.index || judge != tt.judge {
				t.Errorf("WillOpen(%v) = %d, %v; want %d, %v", tt.p, i, judge, tt.index, tt.judge)
			}
			var got []Opening
			for i := range g.Openings() {
				got = append(got, g.Opening(i))
			}
			if !reflect.DeepEqual(got, tt.openings) {
				t.Errorf("after WillOpen(%v), the audit holds %+v; want %+v", tt.p, got, tt.openings)
			}
		})
	}
}

// TestVerdict plays games to their end with the audit and checks what it
// says of them.
func TestVerdict(t *testing.T) {
	tests := []struct {
		name  string
		board string
		rule  board.FirstClick
		first board.Point   // the first opening, not judged
		then  []board.Point // openings judged by the solver
		want  string
	}{
		{"a first-click loss, unsafe", small, board.Unsafe, board.Point{X: 0, Y: 0}, nil,
			"1 guess: 90%; lost on a forced guess, a 10% chance of a mine"},
		{"a win without a guess", small, board.Opening, board.Point{X: 4, Y: 0}, []board.Point{{X: 4, Y: 3}},
			"no guess forced"},
		{"a win without a guess, unsafe: the first click was one", small, board.Unsafe, board.Point{X: 4, Y: 0}, []board.Point{{X: 4, Y: 3}},
			"1 guess: 90%"},
		{"a loss on a mine the numbers showed", small, board.Opening, board.Point{X: 4, Y: 0}, []board.Point{{X: 3, Y: 3}},
			"no guess forced; lost on a 100% mine; (5,4) was safe: w shows it"},
		{"a guess won", fiftyFifty, board.Safe, board.Point{X: 0, Y: 2}, []board.Point{{X: 1, Y: 0}},
			"1 guess: 50%"},
		{"a guess lost", fiftyFifty, board.Safe, board.Point{X: 0, Y: 2}, []board.Point{{X: 0, Y: 0}},
			"1 guess: 50%; lost on a forced guess, a 50% chance of a mine"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := drawn(t, tt.board, tt.rule)
			g.WillOpen(tt.first)
			apply(t, g, at(1), Move{Action: Open, At: tt.first})
			if got := g.Verdict(); len(tt.then) > 0 && (got.Over || got.String() != "") {
				t.Errorf("Verdict() in play = %+v, %q; want none", got, got.String())
			}
			for _, p := range tt.then {
				i, ok := g.WillOpen(p)
				if !ok {
					t.Fatalf("WillOpen(%v) = %d, false; want it judged", p, i)
				}
				judge(t, g, i, p)
				apply(t, g, at(2), Move{Action: Open, At: p})
			}
			if g.Status() == board.Playing {
				t.Fatalf("the game goes on:\n%s", g.Board())
			}
			if got := g.Verdict().String(); got != tt.want {
				t.Errorf("Verdict() = %q; want %q", got, tt.want)
			}
		})
	}
}

// TestJudge checks that a judgement comes to the opening it is for, and
// is dropped when that opening is no longer in the audit.
func TestJudge(t *testing.T) {
	g := drawn(t, small, board.Opening)
	apply(t, g, at(1), mv(Open, 4, 0))
	p := board.Point{X: 4, Y: 3}
	i, _ := g.WillOpen(p)
	judge(t, g, i, board.Point{X: 3, Y: 3}) // another cell's: ignored
	judge(t, g, i+1, p)                     // an index the audit has not: ignored
	if o := g.Opening(i); !o.Pending {
		t.Errorf("after judgements of another opening, %+v; want it pending", o)
	}
	judge(t, g, i, p)
	want := Opening{At: p, Safe: true, SafeAt: p, Sure: true}
	if o := g.Opening(i); o != want || o.Guess() {
		t.Errorf("Opening(%d) = %+v (guess %v); want %+v, no guess", i, o, o.Guess(), want)
	}
	judge(t, g, i, p) // judged already: ignored
	if o := g.Opening(i); o != want {
		t.Errorf("after a second judgement, Opening(%d) = %+v; want %+v", i, o, want)
	}

	apply(t, g, at(2), mv(Open, p.X, p.Y))
	if v := g.Verdict(); v.String() != "no guess forced" {
		t.Errorf("Verdict() = %q; want no guess forced", v.String())
	}

	// A failed analysis, an undo, and an analysis still to come.
	g = drawn(t, small, board.Opening)
	apply(t, g, at(1), mv(Open, 4, 0))
	q := board.Point{X: 3, Y: 3}
	j, _ := g.WillOpen(q)
	g.Judge(j, q, nil)
	if o := g.Opening(j); !o.Failed || o.Pending || o.Guess() {
		t.Errorf("after a failed analysis, Opening(%d) = %+v (guess %v); want failed, no guess", j, o, o.Guess())
	}
	apply(t, g, at(2), mv(Open, q.X, q.Y))
	if v := g.Verdict(); v.HasFatal || v.Uncounted != 1 || v.String() != "no guess forced (1 opening not counted)" {
		t.Errorf("Verdict() after a fatal opening whose analysis failed = %+v, %q; want no fatal opening judged, 1 not counted", v, v.String())
	}
	// An undo takes the fatal opening out of the audit: an analysis of it
	// that comes back later is ignored, even at its index.
	if err := g.Undo(at(3)); err != nil {
		t.Fatal(err)
	}
	if n := g.Openings(); n != 0 {
		t.Errorf("after Undo, Openings() = %d; want 0", n)
	}
	k, _ := g.WillOpen(p)
	g.Judge(j, q, nil)
	if o := g.Opening(k); k != j || !o.Pending {
		t.Errorf("after the late analysis of the opening taken back, Opening(%d) = %+v; want it pending", k, o)
	}
	apply(t, g, at(4), mv(Open, p.X, p.Y))
	v := g.Verdict()
	if v.Pending != 1 || v.String() != "no guess forced (1 opening still being counted)" {
		t.Errorf("Verdict() with an analysis to come = %+v, %q; want 1 pending", v, v.String())
	}
	g.Judge(k, p, nil)
	if v := g.Verdict(); v.Pending != 0 {
		t.Errorf("Verdict() once it came = %+v; want none pending", v)
	}
}

// TestVerdictNotes checks how a verdict words the openings it could not
// count yet, or at all.
func TestVerdictNotes(t *testing.T) {
	tests := []struct {
		v    Verdict
		want string
	}{
		{Verdict{}, ""},
		{Verdict{Over: true}, "no guess forced"},
		{Verdict{Over: true, Pending: 1}, "no guess forced (1 opening still being counted)"},
		{Verdict{Over: true, Guesses: []float64{0.5}, Pending: 2}, "1 guess: 50% (2 openings still being counted)"},
		{Verdict{Over: true, Uncounted: 1}, "no guess forced (1 opening not counted)"},
		{Verdict{Over: true, Guesses: []float64{0.5, 0.25}, Uncounted: 3}, "2 guesses: 50%, 75% (3 openings not counted)"},
		{Verdict{Over: true, Pending: 1, Uncounted: 2}, "no guess forced (1 opening still being counted, 2 not counted)"},
	}
	for _, tt := range tests {
		if got := tt.v.String(); got != tt.want {
			t.Errorf("%+v.String() = %q; want %q", tt.v, got, tt.want)
		}
	}
}

package game

import (
	"reflect"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// twoGuesses is a board whose opening at (0,2) opens the three middle
// rows and leaves two guesses: the mine of the top row is at (0,0) or
// (1,0), the one of the bottom row at (0,4) or (1,4), each as likely as
// the other.
const twoGuesses = `
*.
..
..
..
.*
`

// playJudged plays the openings at now on g as the screen does: each
// noted (WillOpen) and judged by the solver on the board just before it,
// but the last one's judgement left to come when pending is set.
func playJudged(t *testing.T, g *Game, now time.Time, pending bool, openings ...board.Point) {
	t.Helper()
	for n, p := range openings {
		if i, ok := g.WillOpen(p); ok && !(pending && n == len(openings)-1) {
			judge(t, g, i, p)
		}
		apply(t, g, now, Move{Action: Open, At: p})
	}
}

// TestResume checks that a game resumed from what was kept of it stands
// as it was left, its board, its clock and its guess audit, without
// asking the solver to judge any past opening; that it then plays on,
// and ends with the verdict the game would have had, had it not been
// left. A game kept before its audit was counts its openings as not
// counted, but the first-click rule's guess, which needs no analysis.
func TestResume(t *testing.T) {
	p := func(x, y int) board.Point { return board.Point{X: x, Y: y} }
	tests := []struct {
		name    string
		rule    board.FirstClick
		before  []board.Point // the openings before the game is kept
		pending bool          // the last one's analysis had not come back
		strip   bool          // kept before the audit was: no Guesses
		undo    bool          // the last move taken back after the resume
		after   []board.Point // the openings once resumed
		same    bool          // the verdict is the one of the game not left
		want    string        // the verdict
	}{
		{name: "a guess kept", rule: board.Safe, before: []board.Point{p(0, 2), p(1, 0)}, after: []board.Point{p(0, 4)},
			same: true, want: "2 guesses: 50%, 50%"},
		{name: "a guess kept, lost on the next", rule: board.Safe, before: []board.Point{p(0, 2), p(1, 0)}, after: []board.Point{p(1, 4)},
			same: true, want: "2 guesses: 50%, 50%; lost on a forced guess, a 50% chance of a mine"},
		{name: "the first-click rule's guess kept, unsafe", rule: board.Unsafe, before: []board.Point{p(0, 2), p(1, 0)}, after: []board.Point{p(0, 4)},
			same: true, want: "3 guesses: 80%, 50%, 50%"},
		{name: "no opening judged yet", rule: board.Safe, before: []board.Point{p(0, 2)}, after: []board.Point{p(1, 0), p(0, 4)},
			same: true, want: "2 guesses: 50%, 50%"},
		{name: "a guess taken back after the resume", rule: board.Safe, before: []board.Point{p(0, 2), p(1, 0)}, undo: true,
			after: []board.Point{p(0, 0)}, want: "1 guess: 50%; lost on a forced guess, a 50% chance of a mine"},
		{name: "an analysis not back when kept", rule: board.Safe, before: []board.Point{p(0, 2), p(1, 0)}, pending: true,
			after: []board.Point{p(0, 4)}, want: "1 guess: 50% (1 opening not counted)"},
		{name: "kept before the audit was", rule: board.Safe, before: []board.Point{p(0, 2), p(1, 0)}, strip: true,
			after: []board.Point{p(0, 4)}, want: "1 guess: 50% (1 opening not counted)"},
		{name: "kept before the audit was, unsafe", rule: board.Unsafe, before: []board.Point{p(0, 2), p(1, 0)}, strip: true,
			after: []board.Point{p(0, 4)}, want: "2 guesses: 80%, 50% (1 opening not counted)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := drawnConfig(t, twoGuesses, tt.rule)
			g, err := New(cfg, 1, Drawn)
			if err != nil {
				t.Fatal(err)
			}
			playJudged(t, g, at(1), tt.pending, tt.before...)
			apply(t, g, at(2), mv(Toggle, 0, 0)) // a flag, which the audit ignores
			left := at(5)
			k := g.Kept(left, false) // laid again from the seed, as a saved game is
			if tt.strip {
				k.Guesses = nil
			}

			now := at(100)
			r, err := Resume(cfg, k, func() time.Time { return now })
			if err != nil {
				t.Fatalf("Resume() = %v", err)
			}
			if got, want := r.Board().String(), g.Board().String(); got != want {
				t.Errorf("Resume(): the board is\n%s\nwant\n%s", got, want)
			}
			if got := r.Elapsed(now); got != k.Elapsed {
				t.Errorf("Resume(): Elapsed() = %v; want %v", got, k.Elapsed)
			}
			for i := range r.Openings() {
				if o := r.Opening(i); o.Pending {
					t.Errorf("Resume(): opening %d is %+v; want none waiting for the solver", i, o)
				}
			}
			if rk := r.Kept(now, false); !tt.strip && !reflect.DeepEqual(rk.Guesses, k.Guesses) {
				t.Errorf("Resume() then Kept(): Guesses %+v; want %+v as kept", rk.Guesses, k.Guesses)
			}

			if tt.undo {
				if err := r.Undo(now); err != nil {
					t.Fatal(err)
				}
				if rk := r.Kept(now, false); !reflect.DeepEqual(rk.Guesses, k.Guesses) {
					t.Errorf("after an undo of the flag, Guesses %+v; want %+v as kept", rk.Guesses, k.Guesses)
				}
				if err := r.Undo(now); err != nil {
					t.Fatal(err)
				}
				if rk := r.Kept(now, false); !reflect.DeepEqual(rk.Guesses, k.Guesses[:len(k.Guesses)-1]) {
					t.Errorf("after an undo of the guess, Guesses %+v; want it taken back from %+v", rk.Guesses, k.Guesses)
				}
			}
			playJudged(t, r, now.Add(time.Second), false, tt.after...)
			if r.Status() == board.Playing {
				t.Fatalf("the resumed game goes on:\n%s", r.Board())
			}
			if got := r.Verdict().String(); got != tt.want {
				t.Errorf("resumed: Verdict() = %q; want %q", got, tt.want)
			}
			if tt.same {
				playJudged(t, g, at(6), false, tt.after...)
				if got, want := r.Verdict(), g.Verdict(); !reflect.DeepEqual(got, want) {
					t.Errorf("resumed: Verdict() = %+v; the game not left has %+v", got, want)
				}
			}
		})
	}
}

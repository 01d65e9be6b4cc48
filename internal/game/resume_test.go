package game

import (
	"math/rand/v2"
	"reflect"
	"runtime"
	"runtime/metrics"
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

// The resume of a saved game on a 5000x5000 board with 133 openings after
// the first. It reports the peak of the heap in peak-MB, sampled every
// millisecond while the game is resumed, and the seconds per resume in
// s/resume, for a game that kept its guess audit ("kept") and one kept
// before audits were ("unkept"). Neither asks the solver anything: the
// path before audits were kept, which had the screen analyse each past
// opening, is ui's BenchmarkResume5000/analysed.
//
//	go test -run '^$' -bench Resume5000 -benchtime 3x ./internal/game/

// BenchmarkResume5000 resumes a saved 5000x5000 game of 133 openings.
func BenchmarkResume5000(b *testing.B) {
	s := board.Settings{Width: 5000, Height: 5000, Mines: 5000 * 5000 / 10, Rule: board.Opening}
	cfg := Config{Settings: s}
	k := hugeKept(b, cfg, 20260102, 133)
	for _, tt := range []struct {
		name  string
		strip bool
	}{{"kept", false}, {"unkept", true}} {
		b.Run(tt.name, func(b *testing.B) {
			k := k
			if tt.strip {
				k.Guesses = nil
			}
			var peak uint64
			var g *Game
			for b.Loop() {
				b.StopTimer()
				g = nil
				runtime.GC()
				stop, most := make(chan struct{}), make(chan uint64)
				go heapPeak(stop, most)
				b.StartTimer()
				var err error
				if g, err = Resume(cfg, k, time.Now); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				close(stop)
				peak = max(peak, <-most)
				b.StartTimer()
			}
			if g.Openings() != 133 {
				b.Fatalf("resumed: %d openings in the audit; want 133", g.Openings())
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/resume")
		})
	}
}

// hugeKept returns a game of cfg laid from seed and played as a player
// leaves it: a first opening in the middle, then n openings of cells no
// mine touches, drawn at random with a PCG seeded with seed; kept as a
// saved game is, without its layout. Each opening is noted for the audit
// but not judged (the solver would take gigabytes): what the audit holds
// costs nothing to resume.
func hugeKept(tb testing.TB, cfg Config, seed uint64, n int) Kept {
	tb.Helper()
	s := cfg.Settings
	g, err := New(cfg, seed, Drawn)
	if err != nil {
		tb.Fatal(err)
	}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	open := func(p board.Point) {
		now = now.Add(700 * time.Millisecond)
		g.WillOpen(p)
		apply(tb, g, now, Move{Action: Open, At: p})
	}
	open(board.Point{X: s.Width / 2, Y: s.Height / 2})

	// The layout, read once to choose the moves, and dropped.
	mine := make([]bool, s.Width*s.Height)
	for _, p := range g.Kept(now, true).Mines {
		mine[p.Y*s.Width+p.X] = true
	}
	// zero reports whether no mine touches p: opening it opens an area.
	zero := func(p board.Point) bool {
		for y := max(p.Y-1, 0); y <= min(p.Y+1, s.Height-1); y++ {
			for x := max(p.X-1, 0); x <= min(p.X+1, s.Width-1); x++ {
				if mine[y*s.Width+x] {
					return false
				}
			}
		}
		return true
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	b := g.Board()
	for made := 0; made < n; {
		p := board.Point{X: rng.IntN(s.Width), Y: rng.IntN(s.Height)}
		if b.Tile(p) == board.TileClosed && zero(p) {
			open(p)
			made++
		}
	}
	if g.Status() != board.Playing || g.Openings() != n {
		tb.Fatalf("the game played: %v, %d openings in the audit; want in play, %d", g.Status(), g.Openings(), n)
	}
	return g.Kept(now.Add(time.Minute), false)
}

// heapPeak samples the bytes of the heap's objects, live or not yet
// swept, every millisecond until stop is closed, and sends the largest.
func heapPeak(stop <-chan struct{}, peak chan<- uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var most uint64
	t := time.NewTicker(time.Millisecond)
	defer t.Stop()
	for {
		metrics.Read(sample)
		most = max(most, sample[0].Value.Uint64())
		select {
		case <-stop:
			metrics.Read(sample)
			peak <- max(most, sample[0].Value.Uint64())
			return
		case <-t.C:
		}
	}
}

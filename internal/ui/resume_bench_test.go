package ui

import (
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
)

// The resume of a saved game on a 5000x5000 board with 133 openings, as
// the screen resumes it (ui.resume): the board laid again from the seed,
// the moves played again, the guess audit as it was kept. It reports the
// peak of the heap in peak-MB (sampled every millisecond, from the start
// of the resume until it returns and, should an analysis of a past
// opening have started, until that analysis returns or a minute passes),
// the seconds per resume in s/resume, and the past openings analysed or
// queued to be (a view of the whole board each) in audits/resume:
//
//	go test -run '^$' -bench Resume5000 -benchtime 3x ./internal/ui/
//
// "analysed" reproduces the screen's resume before the audit was kept
// (commit a6f9648), which played each move again through play.

// resume5000 is the board of BenchmarkResume5000: one mine in ten cells,
// so that the zeros form openings (in the sense of areas that open
// together) but do not join into one that floods the board.
var resume5000 = board.Settings{Width: 5000, Height: 5000, Mines: 5000 * 5000 / 10, Rule: board.Opening}

// resume5000Openings is the number of openings the player made after the
// first.
const resume5000Openings = 133

// keptGame returns a game of s laid from seed and played as a player
// leaves it: a first opening in the middle, then n openings of cells no
// mine touches, drawn at random with a PCG seeded with seed; kept as a
// saved game is (without its layout) at the time it was left. Each opening is noted for the audit but not judged (the solver
// would take gigabytes): what the audit holds costs nothing to resume.
func keptGame(tb testing.TB, s board.Settings, seed uint64, n int) game.Kept {
	tb.Helper()
	g, err := game.New(game.Config{Settings: s}, seed, game.Drawn)
	if err != nil {
		tb.Fatal(err)
	}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	open := func(m game.Move) {
		now = now.Add(700 * time.Millisecond)
		g.WillOpen(m.At)
		if _, err := g.Apply(m, now); err != nil {
			tb.Fatalf("Apply(%v) = %v", m, err)
		}
	}
	open(game.Move{Action: game.Open, At: board.Point{X: s.Width / 2, Y: s.Height / 2}})

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
		if b.Tile(p) != board.TileClosed || !zero(p) {
			continue
		}
		open(game.Move{Action: game.Open, At: p})
		made++
	}
	if g.Status() != board.Playing || g.Openings() != n {
		tb.Fatalf("the game played: %v, %d openings audited; want in play, %d", g.Status(), g.Openings(), n)
	}
	return g.Kept(now.Add(time.Minute), false)
}

// heapPeak samples the bytes of the heap's live and unswept objects
// every millisecond until stop is closed, and sends the largest.
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
			peak <- most
			return
		case <-t.C:
		}
	}
}

// BenchmarkResume5000 resumes a saved 5000x5000 game of 133 openings as
// the screen does (see the comment above resume5000): "kept", a game that
// kept its guess audit; "unkept", one kept before audits were; and
// "analysed", the path before audits were kept, in which the screen
// played each move again through play, analysing each past opening as in
// play. "analysed" takes tens of seconds and gigabytes: it is skipped
// with -short.
func BenchmarkResume5000(b *testing.B) {
	k := keptGame(b, resume5000, 20260102, resume5000Openings)
	s := tcell.NewSimulationScreen("UTF-8")
	if err := s.Init(); err != nil {
		b.Fatal(err)
	}
	defer s.Fini()
	s.SetSize(80, 24)
	for _, tt := range []struct {
		name     string
		strip    bool // kept before the audit was
		analysed bool // the moves played again through play
	}{{"kept", false, false}, {"unkept", true, false}, {"analysed", true, true}} {
		b.Run(tt.name, func(b *testing.B) {
			if tt.analysed && testing.Short() {
				b.Skip("the path before the kept audit takes tens of seconds and gigabytes")
			}
			k := k
			if tt.strip {
				k.Guesses = nil
			}
			var peak, audits uint64
			for b.Loop() {
				b.StopTimer()
				sv := &countingSolver{first: make(chan struct{})}
				cfg := Config{Start: play.Start{Board: resume5000, Seed: 1}, Now: time.Now, Solver: sv}
				g, err := firstGame(cfg)
				if err != nil {
					b.Fatal(err)
				}
				done := make(chan struct{})
				u := newUI(s, g, cfg, done)
				runtime.GC()
				stop, most := make(chan struct{}), make(chan uint64)
				go heapPeak(stop, most)
				b.StartTimer()
				if tt.analysed {
					err = replayAnalysed(u, s, k)
				} else {
					_, err = u.p.Resume(u.g.Config(), k)
					u.setPlay(u.p)
				}
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				if sv.analyses.Load() > 0 {
					select {
					case <-sv.first:
					case <-time.After(time.Minute):
					}
				}
				close(stop)
				peak = max(peak, <-most)
				// The openings analysed, or waiting their turn: a view of
				// the board each.
				audits = max(audits, uint64(len(u.aud.queue))+uint64(sv.analyses.Load()))
				close(done) // lets a posted analysis go
				if u.g.Board().SafeLeft() == resume5000.Width*resume5000.Height-resume5000.Mines {
					b.Fatal("the resumed game has no cell open")
				}
				runtime.KeepAlive(u)
				b.StartTimer()
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/resume")
			b.ReportMetric(float64(audits), "audits/resume")
		})
	}
}

// replayAnalysed resumes k as the screen did before audits were kept:
// the game loaded, and each move played again through play, which has
// each opening analysed (see audit).
func replayAnalysed(u *ui, s tcell.Screen, k game.Kept) error {
	g, err := game.Load(u.g.Config(), k)
	if err != nil {
		return err
	}
	now := u.cfg.Now()
	u.g = g
	u.newAudits()
	base := now.Add(-k.Elapsed)
	if k.Elapsed > 0 {
		g.StartClock(base)
	}
	for _, m := range k.Moves {
		_ = u.play(m.Move, base.Add(m.At))
	}
	return nil
}

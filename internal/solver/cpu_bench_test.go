package solver

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/cputime"
)

// BenchmarkMoveCPU plays expert games, 10,000 of each first-click rule
// (SOLVER_CPU_GAMES sets another number), one per core at once, and
// reports the median, 99th percentile and largest CPU time of the
// solver's moves, in microseconds: the time its own thread ran, which a
// busy machine does not add to as it adds to the wall clock. The games are
// the bench's, from seed 31, which the solver was never tuned on. It logs
// the game and move of the slowest, to replay. SOLVER_CPU_VARIANT plays a
// variant of TestPlayPair (see parseVariant) in place of the solver:
//
//	go test -run X -bench MoveCPU -benchtime 1x -timeout 0 ./internal/solver/
func BenchmarkMoveCPU(b *testing.B) {
	games := 10000
	if n, err := strconv.Atoi(os.Getenv("SOLVER_CPU_GAMES")); err == nil && n > 0 {
		games = n
	}
	for _, rule := range []board.FirstClick{board.Opening, board.Safe} {
		b.Run(rule.String(), func(b *testing.B) {
			for b.Loop() {
				res := moveCPU(b, rule, 31, games, runtime.NumCPU())
				all := res.times
				slices.Sort(all)
				us := func(d time.Duration) float64 { return float64(d) / 1e3 }
				b.ReportMetric(0, "ns/op")
				b.ReportMetric(float64(len(all)), "moves")
				b.ReportMetric(us(all[len(all)/2]), "median-µs")
				b.ReportMetric(us(all[len(all)*99/100]), "p99-µs")
				b.ReportMetric(us(all[len(all)*999/1000]), "p99.9-µs")
				b.ReportMetric(us(all[len(all)-1]), "max-µs")
				b.Logf("%s: %d games, %d moves; slowest: game %d, move %d, %v, work %+v; most work in a move %+v",
					rule, games, len(all), res.slowGame, res.slowMove, res.slow, res.slowWork, res.most)
			}
		})
	}
}

// cpuResult is what moveCPU measured: every move's CPU time, and which
// move took longest.
type cpuResult struct {
	times              []time.Duration
	slow               time.Duration
	slowGame, slowMove int
	slowWork           moveWork // the slowest move's work
	most               moveWork // the most work of each kind in one move
}

// moveCPU plays games expert games under rule from seed, drawn and
// reseeded as the bench draws them, on workers goroutines each locked to
// its thread, timing each move's CPU time.
func moveCPU(tb testing.TB, rule board.FirstClick, seed uint64, games, workers int) cpuResult {
	var (
		mu   sync.Mutex
		res  cpuResult
		next atomic.Int64
		wg   sync.WaitGroup
	)
	set := board.Settings{Width: 30, Height: 16, Mines: 99, Rule: rule}
	for range workers {
		wg.Go(func() {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			va, err := parseVariant(rule, os.Getenv("SOLVER_CPU_VARIANT"))
			if err != nil {
				tb.Error(err)
				return
			}
			s := va.solver()
			var mine cpuResult
			var buf []board.Tile
			for {
				g := int(next.Add(1) - 1)
				if g >= games {
					break
				}
				bd, err := board.NewRandom(set, nil, rand.New(rand.NewPCG(seed, uint64(g))))
				if err != nil {
					tb.Error(err)
					return
				}
				s.Reseed(rand.NewPCG(uint64(g), seed).Uint64())
				for move := 0; bd.Status() == board.Playing && move < 1000; move++ {
					buf = bd.Tiles(buf)
					v, err := NewView(30, 16, 99, buf)
					if err != nil {
						tb.Error(err)
						return
					}
					t0 := cputime.Thread()
					p, err := s.Next(v)
					d := cputime.Thread() - t0
					if err != nil {
						tb.Error(fmt.Errorf("game %d move %d: %w", g, move, err))
						return
					}
					mine.times = append(mine.times, d)
					if d > mine.slow {
						mine.slow, mine.slowGame, mine.slowMove, mine.slowWork = d, g, move, s.work
					}
					mine.most.tree = max(mine.most.tree, s.work.tree)
					mine.most.cells = max(mine.most.cells, s.work.cells)
					mine.most.nodes = max(mine.most.nodes, s.work.nodes)
					if _, err := bd.Reveal(p); err != nil {
						tb.Error(err)
						return
					}
				}
			}
			mu.Lock()
			defer mu.Unlock()
			res.times = append(res.times, mine.times...)
			if mine.slow > res.slow {
				res.slow, res.slowGame, res.slowMove, res.slowWork = mine.slow, mine.slowGame, mine.slowMove, mine.slowWork
			}
			res.most.tree = max(res.most.tree, mine.most.tree)
			res.most.cells = max(res.most.cells, mine.most.cells)
			res.most.nodes = max(res.most.nodes, mine.most.nodes)
		})
	}
	wg.Wait()
	return res
}

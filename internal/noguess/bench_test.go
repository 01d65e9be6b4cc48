package noguess

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// benchBoards are the boards whose times Simon Tatham's generator was
// measured on, built from its C source on this machine (mean / max):
// expert 2.85 ms / 27 ms, 30x16 with 170 mines 38 ms / 91 ms, 16x16 with
// 99 mines 37 ms / 117 ms, 100x100 with 2000 mines 213 ms (mean).
var benchBoards = []struct {
	name     string
	s        board.Settings
	tatham   float64 // its mean time, ms
	tathamHi float64 // its longest, ms; 0 when not measured
}{
	{"expert", board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}, 2.85, 27},
	{"30x16n170", board.Settings{Width: 30, Height: 16, Mines: 170, Rule: board.Opening, NoGuess: true}, 38, 91},
	{"16x16n99", board.Settings{Width: 16, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}, 37, 117},
	{"100x100n2000", board.Settings{Width: 100, Height: 100, Mines: 2000, Rule: board.Opening, NoGuess: true}, 213, 0},
}

// benchSeeds is how many boards each benchmark iteration makes.
const benchSeeds = 200

// BenchmarkGenerate makes benchSeeds boards of each kind, one seed each,
// the first click on a cell drawn from the seed, and reports the median
// and longest time a board in milliseconds beside Tatham's mean and
// longest, the share of boards that were repaired, and the draws a board.
func BenchmarkGenerate(b *testing.B) {
	for _, c := range benchBoards {
		b.Run(c.name, func(b *testing.B) {
			var times []float64
			draws, repaired, n := 0, 0, 0
			for b.Loop() {
				for seed := range uint64(benchSeeds) {
					rng := rand.New(rand.NewPCG(seed, 1))
					first := board.Point{X: rng.IntN(c.s.Width), Y: rng.IntN(c.s.Height)}
					t0 := time.Now()
					_, st, err := Generate(c.s, first, rng)
					times = append(times, float64(time.Since(t0))/1e6)
					if err != nil {
						b.Fatal(err)
					}
					draws += st.Draws
					n++
					if st.Repaired {
						repaired++
					}
				}
			}
			slices.Sort(times)
			b.ReportMetric(0, "ns/op")
			b.ReportMetric(times[len(times)/2], "median-ms")
			b.ReportMetric(times[len(times)-1], "max-ms")
			b.ReportMetric(c.tatham, "tatham-mean-ms")
			if c.tathamHi > 0 {
				b.ReportMetric(c.tathamHi, "tatham-max-ms")
			}
			b.ReportMetric(float64(repaired)/float64(n), "repaired/board")
			b.ReportMetric(float64(draws)/float64(n), "draws/board")
		})
	}
}

var _ = fmt.Sprint

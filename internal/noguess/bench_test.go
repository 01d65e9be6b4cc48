package noguess

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/cputime"
)

// benchBoards are the kinds of board BenchmarkGenerate times. All four are
// within what Simon Tatham's generator accepts: it asks only for sides
// over 2 and 9 cells left free of mines, and 16x16 with 99 mines and 30x16
// with 170 are among its own presets.
var benchBoards = []struct {
	name string
	s    board.Settings
}{
	{"expert", board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}},
	{"30x16n170", board.Settings{Width: 30, Height: 16, Mines: 170, Rule: board.Opening, NoGuess: true}},
	{"16x16n99", board.Settings{Width: 16, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}},
	{"100x100n2000", board.Settings{Width: 100, Height: 100, Mines: 2000, Rule: board.Opening, NoGuess: true}},
}

// benchSeeds is how many boards of each kind each benchmark iteration
// makes, one a seed from 0.
const benchSeeds = 200

// tathamEnv names the environment variable that gives the path of a
// harness around Simon Tatham's generator (see BenchmarkGenerate).
const tathamEnv = "TATHAM_MINES"

// BenchmarkGenerate makes benchSeeds boards of each kind, seeds 0 to
// benchSeeds-1, the first click on a cell drawn from the seed, and times
// each board by the CPU time of the thread that made it (cputime.Thread,
// the goroutine locked to its thread), so a busy machine does not add to
// the times. It reports the median, mean, 99th percentile and longest
// time a board in milliseconds, the share of boards that were repaired
// and the draws a board.
//
// When TATHAM_MINES names an executable, the same run also times Simon
// Tatham's generator on the same boards: the executable is a harness
// around the generator of his Mines (minegen with its solver and
// mineperturb, as the game does on the first click), built from its C
// source, which this repository does not hold. It reads lines "w h mines
// x y seed" on its standard input, makes one no-guess board a line with
// the first click at (x,y), and writes the CPU time of its thread for
// that board in nanoseconds, one line a board. The benchmark gives it the
// same sizes, mine counts, first clicks and seeds as its own boards and
// reports the same four figures with the prefix "tatham-". Both sides:
//
//	TATHAM_MINES=/path/to/harness go test -run X -bench Generate -benchtime 1x ./internal/noguess
//
// Without TATHAM_MINES it reports only this package's figures.
func BenchmarkGenerate(b *testing.B) {
	harness := os.Getenv(tathamEnv)
	for _, c := range benchBoards {
		b.Run(c.name, func(b *testing.B) {
			var ours, tatham []time.Duration
			draws, repaired, n := 0, 0, 0
			for b.Loop() {
				firsts := make([]board.Point, benchSeeds)
				runtime.LockOSThread()
				for seed := range uint64(benchSeeds) {
					rng := rand.New(rand.NewPCG(seed, 1))
					first := board.Point{X: rng.IntN(c.s.Width), Y: rng.IntN(c.s.Height)}
					firsts[seed] = first
					t0 := cputime.Thread()
					_, st, err := Generate(c.s, first, rng)
					ours = append(ours, cputime.Thread()-t0)
					if err != nil {
						runtime.UnlockOSThread()
						b.Fatal(err)
					}
					draws += st.Draws
					n++
					if st.Repaired {
						repaired++
					}
				}
				runtime.UnlockOSThread()
				if harness != "" {
					times, err := runTatham(harness, c.s, firsts)
					if err != nil {
						b.Fatalf("%s=%s: %v", tathamEnv, harness, err)
					}
					tatham = append(tatham, times...)
				}
			}
			b.ReportMetric(0, "ns/op")
			reportTimes(b, "", ours)
			if harness != "" {
				reportTimes(b, "tatham-", tatham)
			}
			b.ReportMetric(float64(repaired)/float64(n), "repaired/board")
			b.ReportMetric(float64(draws)/float64(n), "draws/board")
		})
	}
}

// runTatham has the harness at path make one board of s for each first
// click, seed i for firsts[i], and returns its time for each.
func runTatham(path string, s board.Settings, firsts []board.Point) ([]time.Duration, error) {
	var in bytes.Buffer
	for seed, f := range firsts {
		fmt.Fprintf(&in, "%d %d %d %d %d %d\n", s.Width, s.Height, s.Mines, f.X, f.Y, seed)
	}
	cmd := exec.Command(path)
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) && len(exit.Stderr) > 0 {
			return nil, fmt.Errorf("%v: %s", err, bytes.TrimSpace(exit.Stderr))
		}
		return nil, err
	}
	var times []time.Duration
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		ns, err := strconv.ParseInt(strings.TrimSpace(sc.Text()), 10, 64)
		if err != nil || ns < 0 {
			return nil, fmt.Errorf("line %d of its output is %q, not a time in nanoseconds", len(times)+1, sc.Text())
		}
		times = append(times, time.Duration(ns))
	}
	if len(times) != len(firsts) {
		return nil, fmt.Errorf("%d times for %d boards", len(times), len(firsts))
	}
	return times, nil
}

// reportTimes reports the median, mean, 99th percentile and longest of
// times in milliseconds, each metric's name led by prefix.
func reportTimes(b *testing.B, prefix string, times []time.Duration) {
	ms := make([]float64, len(times))
	sum := 0.0
	for i, t := range times {
		ms[i] = float64(t) / float64(time.Millisecond)
		sum += ms[i]
	}
	slices.Sort(ms)
	b.ReportMetric(quantile(ms, 0.5), prefix+"median-ms")
	b.ReportMetric(sum/float64(len(ms)), prefix+"mean-ms")
	b.ReportMetric(quantile(ms, 0.99), prefix+"p99-ms")
	b.ReportMetric(ms[len(ms)-1], prefix+"max-ms")
}

// quantile returns the q quantile of the sorted values, interpolating
// between the two nearest ranks: the median of 200 values is the mean of
// the 100th and 101st, the 99th percentile lies between the 198th and
// 199th.
func quantile(sorted []float64, q float64) float64 {
	pos := q * float64(len(sorted)-1)
	i := int(math.Floor(pos))
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (pos-float64(i))*(sorted[i+1]-sorted[i])
}

package solver

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// TestPlayPair plays the same games, drawn and reseeded as the bench draws
// and reseeds them, with two variants of the solver named by SOLVER_PAIR
// ("base;layouts=1000", see parseVariant), and reports each one's wins,
// the games only one of them won, the difference with its 95% interval
// from those discordant games, and each one's move times. It runs only
// when SOLVER_GAMES is set, e.g.
//
//	SOLVER_GAMES=20000 SOLVER_SEED=1001 SOLVER_ONLY='expert safe' SOLVER_PAIR='base;layouts=1000' go test -run PlayPair -v -timeout 0 ./internal/solver/
//
// SOLVER_WORKERS sets the games played at once (all cores by default).
// The outcomes are kept as files of 0s and 1s, one a game, in the
// directory SOLVER_CACHE, by configuration, seed and games, so that a
// variant is played once and then compared with others:
//   - the variant "main" is the play of another version of the solver,
//     read from there: that version's tree, given this file and
//     SOLVER_MAKE_MAIN=1, plays its defaults as "main" and writes them;
//   - with SOLVER_TAG set, every other variant is kept too, under the tag,
//     which names the version of the code that played it.
func TestPlayPair(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("SOLVER_GAMES"))
	pair := strings.Split(os.Getenv("SOLVER_PAIR"), ";")
	if n <= 0 || len(pair) != 2 {
		t.Skip("set SOLVER_GAMES and SOLVER_PAIR to compare two variants")
	}
	seed := uint64(1)
	if s, err := strconv.ParseUint(os.Getenv("SOLVER_SEED"), 10, 64); err == nil {
		seed = s
	}
	workers := runtime.NumCPU()
	if w, err := strconv.Atoi(os.Getenv("SOLVER_WORKERS")); err == nil && w > 0 {
		workers = w
	}
	only := os.Getenv("SOLVER_ONLY")
	for _, tt := range configs {
		if only != "" && !containsFold(tt.name, only) {
			continue
		}
		var vas [2]variant
		var won [2][]bool
		var wonClicks, won3BV [2]atomic.Int64 // over the games won
		var times [2][][]int32
		var play [2]bool
		var cache [2]string
		for k, spec := range pair {
			va, err := parseVariant(tt.rule, spec)
			if err != nil {
				t.Fatal(err)
			}
			vas[k] = va
			won[k] = make([]bool, n)
			times[k] = make([][]int32, workers)
			play[k] = true
			tag := os.Getenv("SOLVER_TAG")
			if spec == "main" || (tag != "" && os.Getenv("SOLVER_CACHE") != "") {
				name := strings.NewReplacer(" ", "-", "/", "-").Replace(tt.name)
				file := fmt.Sprintf("%s-%d-%d.wins", name, seed, n)
				if spec != "main" {
					file = fmt.Sprintf("%s-%s-%s", tag, strings.ReplaceAll(spec, "=", ""), file)
				}
				cache[k] = filepath.Join(os.Getenv("SOLVER_CACHE"), file)
				b, err := os.ReadFile(cache[k])
				switch {
				case err == nil && len(b) == n:
					for i := range n {
						won[k][i] = b[i] == '1'
					}
					play[k] = false
				case spec == "main" && os.Getenv("SOLVER_MAKE_MAIN") == "":
					t.Fatalf("no outcomes of main in %s: make them with SOLVER_MAKE_MAIN=1 in main's tree", cache[k])
				}
			}
		}
		same := pair[0] == pair[1]
		if same {
			play[1] = false
		}
		var next atomic.Int64
		var wg sync.WaitGroup
		start := time.Now()
		for w := range workers {
			wg.Go(func() {
				var s [2]*Solver
				for k := range 2 {
					s[k] = vas[k].solver()
				}
				for {
					i := int(next.Add(1) - 1)
					if i >= n {
						return
					}
					for k := range 2 {
						if !play[k] {
							continue
						}
						b, err := board.NewRandom(board.Settings{Width: tt.w, Height: tt.h, Mines: tt.mines, Rule: tt.rule}, nil, rand.New(rand.NewPCG(seed, uint64(i))))
						if err != nil {
							t.Error(err)
							return
						}
						s[k].Reseed(rand.NewPCG(uint64(i), seed).Uint64())
						var clicks int
						won[k][i], clicks = pairGame(t, s[k], b, vas[k].first, &times[k][w])
						if won[k][i] {
							wonClicks[k].Add(int64(clicks))
							won3BV[k].Add(int64(b.ThreeBV()))
						}
					}
				}
			})
		}
		wg.Wait()
		if same {
			won[1] = won[0]
		}
		for k := range 2 {
			if play[k] && cache[k] != "" {
				b := make([]byte, n)
				for i, ok := range won[k] {
					b[i] = '0'
					if ok {
						b[i] = '1'
					}
				}
				if err := os.WriteFile(cache[k], b, 0o644); err != nil {
					t.Error(err)
				}
			}
		}
		var wins [2]int
		only0, only1 := 0, 0
		for i := range n {
			for k := range 2 {
				if won[k][i] {
					wins[k]++
				}
			}
			switch {
			case won[0][i] && !won[1][i]:
				only0++
			case won[1][i] && !won[0][i]:
				only1++
			}
		}
		// The difference of the paired rates and its standard error, from
		// the discordant games (McNemar).
		d := float64(only1-only0) / float64(n)
		se := math.Sqrt(float64(only0+only1)-float64(n)*d*d) / float64(n)
		t.Logf("%s, seed %d, %d games, %v", tt.name, seed, n, time.Since(start).Round(time.Second))
		for k := range 2 {
			rate := float64(wins[k]) / float64(n)
			half := 1.96 * math.Sqrt(rate*(1-rate)/float64(n))
			perBV := ""
			if play[k] || same {
				c, v := wonClicks[k].Load(), won3BV[k].Load()
				if same {
					c, v = wonClicks[0].Load(), won3BV[0].Load()
				}
				perBV = fmt.Sprintf("  clicks/3BV %.3f", float64(c)/float64(max(v, 1)))
			}
			t.Logf("  %-40q %6d wins %.3f%% (95%% CI %.2f–%.2f)%s  %s", pair[k], wins[k], 100*rate, 100*(rate-half), 100*(rate+half), perBV, int32Summary(times[k]))
		}
		t.Logf("  won only by the first %d, only by the second %d: difference %+.3f points (95%% CI %+.3f to %+.3f)",
			only0, only1, 100*d, 100*(d-1.96*se), 100*(d+1.96*se))
	}
}

// pairGame plays one game on b with s, appending each move's time in
// nanoseconds to *times, and reports whether it was won, with its clicks
// (openings that opened a cell, as the bench counts them). It stops at the
// bench's click limit.
func pairGame(tb testing.TB, s *Solver, b *board.Board, first *board.Point, times *[]int32) (bool, int) {
	var buf []board.Tile
	clicks := 0
	if first != nil {
		if _, err := b.Reveal(*first); err != nil {
			tb.Errorf("Reveal(%v): %v", *first, err)
			return false, clicks
		}
		clicks++
	}
	for b.Status() == board.Playing && clicks < 400 {
		buf = b.Tiles(buf)
		v, err := NewView(b.Width(), b.Height(), b.Mines(), buf)
		if err != nil {
			tb.Errorf("NewView: %v", err)
			return false, clicks
		}
		start := time.Now()
		p, err := s.Next(v)
		*times = append(*times, int32(min(time.Since(start), math.MaxInt32)))
		if err != nil {
			tb.Errorf("Next: %v", err)
			return false, clicks
		}
		opened, err := b.Reveal(p)
		if err != nil {
			tb.Errorf("Reveal(%v): %v", p, err)
			return false, clicks
		}
		if opened > 0 {
			clicks++
		}
	}
	return b.Status() == board.Won, clicks
}

// int32Summary returns the median, 99th percentile and maximum of the move
// times in ts, in nanoseconds.
func int32Summary(ts [][]int32) string {
	all := slices.Concat(ts...)
	if len(all) == 0 {
		return "no moves played"
	}
	slices.Sort(all)
	d := func(x int32) time.Duration { return time.Duration(x) }
	return fmt.Sprintf("moves %d median %v p99 %v max %v", len(all), d(all[len(all)/2]), d(all[len(all)*99/100]), d(all[len(all)-1]))
}

// parseVariant returns the way to play under rule that spec names: "base"
// (or "main") for the defaults, or a comma-separated list of knobs:
// noendgame, nolook, layouts=N, budget=M (the game tree's work a move, in
// millions), pockets, wide, three (the three clicks' look-ahead, the
// default before secondary safety), ss (secondary safety without the
// long-term risk), ltr (the default: with it), ltr3 (the three clicks with
// it), margin=F, first=X:Y.
func parseVariant(rule board.FirstClick, spec string) (variant, error) {
	va := variant{opts: Options{Rule: rule}}
	if spec == "base" || spec == "main" || spec == "" {
		return va, nil
	}
	for _, f := range strings.Split(spec, ",") {
		name, val, _ := strings.Cut(f, "=")
		var err error
		switch name {
		case "noendgame":
			va.opts.NoEndgame = true
		case "nolook":
			va.opts.NoLookAhead = true
		case "layouts":
			va.layouts, err = strconv.Atoi(val)
		case "budget":
			va.budget, err = strconv.Atoi(val)
		case "pockets":
			va.pockets = true
		case "wide":
			va.wide = true
		case "three":
			va.three = true
		case "ss":
			va.ss = true
		case "ltr":
			// The default: secondary safety with the long-term risk.
		case "ltr3":
			va.ltr3 = true
		case "narrow":
			va.narrow = true
		case "capped":
			va.capped = true
		case "margin":
			var m float64
			m, err = strconv.ParseFloat(val, 64)
			va.margin = &m
		case "first":
			var p board.Point
			_, err = fmt.Sscanf(val, "%d:%d", &p.X, &p.Y)
			va.first = &p
		default:
			err = fmt.Errorf("unknown knob")
		}
		if err != nil {
			return va, fmt.Errorf("variant knob %q: %v", f, err)
		}
	}
	return va, nil
}

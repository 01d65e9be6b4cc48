package solver

import (
	"bufio"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// identicalGolden holds one line per game played by TestIdenticalGames.
var identicalGolden = filepath.Join("testdata", "identical.golden")

// identicalRuns are the boards and seeds TestIdenticalGames plays, with the
// number of games of each in testdata/identical.golden and the first of
// them it plays without -identical-all (make test); with -short it plays
// the first shortGames of each. It does not run under the race detector
// (see withoutRace).
var identicalRuns = []struct {
	name     string
	settings board.Settings
	games    int
	quick    int // without -identical-all: the expert games take 0.1 s each
}{
	{"expert-safe", board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Safe}, 80, 20},
	{"expert-opening", board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}, 80, 20},
	{"intermediate-safe", board.Settings{Width: 16, Height: 16, Mines: 40, Rule: board.Safe}, 100, 40},
	{"beginner-opening", board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, 150, 150},
	{"20x20/50-unsafe", board.Settings{Width: 20, Height: 20, Mines: 50, Rule: board.Unsafe}, 100, 100},
}

// identicalAll makes TestIdenticalGames play every game of the golden
// file, as make load does: make test plays the first quick of each run.
var identicalAll = flag.Bool("identical-all", false, "TestIdenticalGames: play every game of testdata/identical.golden")

// identicalSeeds are the seeds of TestIdenticalGames.
var identicalSeeds = []uint64{1, 7}

// shortGames is how many games of each run TestIdenticalGames plays with
// -short.
const shortGames = 10

// gameDigest plays one game on b with s, reseeded with seed, and returns a
// line that sums it up: the outcome, the moves, the guesses and a 64-bit
// FNV-1a hash of every move with whether it was a guess, in order.
func gameDigest(tb testing.TB, s *Solver, b *board.Board, seed uint64) string {
	tb.Helper()
	s.Reseed(seed)
	h := fnv.New64a()
	var buf []board.Tile
	moves, guesses := 0, 0
	for b.Status() == board.Playing {
		buf = b.Tiles(buf)
		v, err := NewView(b.Width(), b.Height(), b.Mines(), buf)
		if err != nil {
			tb.Fatalf("NewView: %v", err)
		}
		p, err := s.Next(v)
		if err != nil {
			tb.Fatalf("Next: %v", err)
		}
		g := byte(0)
		if s.Guessed() {
			g = 1
			guesses++
		}
		h.Write([]byte{byte(p.X), byte(p.X >> 8), byte(p.Y), byte(p.Y >> 8), g})
		moves++
		if _, err := b.Reveal(p); err != nil {
			tb.Fatalf("Reveal(%v): %v\n%s", p, err, b)
		}
	}
	return fmt.Sprintf("%v moves=%d guesses=%d fnv=%016x", b.Status(), moves, guesses, h.Sum64())
}

// TestIdenticalGames pins the solver's play game by game: it plays games
// seeded as the bench seeds them (game i drawn from rand.NewPCG(seed, i),
// the solver reseeded with rand.NewPCG(i, seed).Uint64()) on several
// boards and two seeds, and compares each game's moves and outcome with
// testdata/identical.golden. A change meant to keep the solver's behaviour,
// such as a restructuring, must leave every line as it is; a change meant
// to alter it rewrites the file with
//
//	go test -run IdenticalGames ./internal/solver/ -args -update -identical-all
//
// make test plays the first games of each run, make load all of them.
func TestIdenticalGames(t *testing.T) {
	withoutRace(t)
	short := testing.Short()
	all := *identicalAll && !short
	if *update && !all {
		t.Fatal("-update needs every game: run it with -identical-all, without -short")
	}
	// Each run and seed plays on a solver of its own, one after the
	// other: the solver's package starts no goroutine, its tests call no
	// t.Parallel, and make test runs it once, without the race detector
	// (RACEFREE_PKGS).
	lines := make([][]string, len(identicalRuns)*len(identicalSeeds))
	t.Run("play", func(t *testing.T) {
		for r, run := range identicalRuns {
			n := run.games
			switch {
			case short:
				n = min(n, shortGames)
			case !all:
				n = run.quick
			}
			for k, seed := range identicalSeeds {
				t.Run(fmt.Sprintf("%s/seed=%d", run.name, seed), func(t *testing.T) {
					s := New(Options{Rule: run.settings.Rule})
					for i := range n {
						b, err := board.NewRandom(run.settings, nil, rand.New(rand.NewPCG(seed, uint64(i))))
						if err != nil {
							t.Fatal(err)
						}
						d := gameDigest(t, s, b, rand.NewPCG(uint64(i), seed).Uint64())
						lines[r*len(identicalSeeds)+k] = append(lines[r*len(identicalSeeds)+k], fmt.Sprintf("%s seed=%d game=%d %s", run.name, seed, i, d))
					}
				})
			}
		}
	})
	if t.Failed() {
		return
	}
	var got []string
	for _, l := range lines {
		got = append(got, l...)
	}
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(identicalGolden, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := readGolden(identicalGolden)
	if err != nil {
		t.Fatalf("%v (write it with -update)", err)
	}
	differ := 0
	for _, line := range got {
		key := gameKey(line)
		w, ok := want[key]
		switch {
		case !ok:
			t.Errorf("%s: not in %s", key, identicalGolden)
		case w != line:
			differ++
			t.Errorf("game differs:\n got %s\nwant %s", line, w)
		}
	}
	if all && len(got) != len(want) {
		t.Errorf("played %d games; %s holds %d", len(got), identicalGolden, len(want))
	}
	if differ > 0 {
		t.Logf("%d of %d games differ", differ, len(got))
	}
}

// gameKey returns the part of a golden line that names its game: the run,
// the seed and the game's number.
func gameKey(line string) string {
	f := strings.Fields(line)
	return strings.Join(f[:min(3, len(f))], " ")
}

// readGolden reads the golden file at path into its lines by gameKey.
func readGolden(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	lines := make(map[string]string)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); line != "" {
			lines[gameKey(line)] = line
		}
	}
	return lines, sc.Err()
}

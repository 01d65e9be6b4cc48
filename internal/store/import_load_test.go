package store

// The import of a large old log beside writers keeping games: at a small
// size in make test (TestImportLoad), at full size in the benchmark
// BenchmarkImportLoad, whose size its flags choose:
//
//	go test -run '^$' -bench '^BenchmarkImportLoad$' -benchtime 1x -timeout 30m ./internal/store/ \
//		-args -import-games 100000 -import-writers 40

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// The size of BenchmarkImportLoad: the games of the log, their moves (an
// expert game has some 150: a line of some 4 KB), the writers and the
// games each keeps during the import, one every pace.
var (
	loadGames   = flag.Int("import-games", 100_000, "BenchmarkImportLoad: the games of the old log")
	loadMoves   = flag.Int("import-moves", 150, "BenchmarkImportLoad: the moves of each game of the log")
	loadWriters = flag.Int("import-writers", 40, "BenchmarkImportLoad: the processes keeping games during the import")
	loadKeeps   = flag.Int("import-keeps", 5, "BenchmarkImportLoad: the games each writer keeps")
	loadPace    = flag.Duration("import-pace", 2*time.Second, "BenchmarkImportLoad: the time between a writer's games")
	loadApart   = flag.Bool("import-apart", false, "BenchmarkImportLoad: the writers keep expert games, a kind the log has not")
)

// procPace is the environment variable of a keep-timed child's pace,
// procStep that of the lines that end an import-load child's step (as
// its time does), 0 for none.
const (
	procPace  = "MINESWEEPER_STORETEST_PACE"
	procStep  = "MINESWEEPER_STORETEST_STEP"
	procApart = "MINESWEEPER_STORETEST_APART"
)

// helpImportLoad imports the old log of dir as Open does, printing "step"
// after its first step and then waiting for a line of its standard input
// (or its end), and at the end "imported SECONDS", the time the import
// took without that wait.
func helpImportLoad(ctx context.Context, t *testing.T, dir string, warn func(string)) {
	step, err := strconv.Atoi(os.Getenv(procStep))
	if err != nil {
		t.Fatal(err)
	}
	var paused time.Duration
	first := true
	d := &DB{path: filepath.Join(dir, FileName), warn: warn, stepLines: step, afterStep: func(*logStep) error {
		if first {
			first = false
			fmt.Println("step")
			start := time.Now()
			bufio.NewReader(os.Stdin).ReadString('\n')
			paused = time.Since(start)
		}
		return nil
	}}
	if err := d.open(ctx, true); err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	start := time.Now()
	d.importFiles(ctx, dir)
	fmt.Printf("imported %.3f\n", (time.Since(start) - paused).Seconds())
}

// helpKeepTimed keeps procGames games, of the writer procWriter, one
// every procPace, as a minesweeper open before the import began does,
// printing "kept NUMBER NANOSECONDS" for each, the time Append took.
func helpKeepTimed(ctx context.Context, t *testing.T, dir string) {
	w, err1 := strconv.Atoi(os.Getenv(procWriter))
	games, err2 := strconv.Atoi(os.Getenv(procGames))
	pace, err3 := time.ParseDuration(os.Getenv(procPace))
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatal(err1, err2, err3)
	}
	d := &DB{path: filepath.Join(dir, FileName), warn: func(s string) { t.Errorf("warning: %s", s) }}
	if err := d.open(ctx, true); err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for i := range games {
		if i > 0 {
			time.Sleep(pace) // the pace of the load, not a wait for a state
		}
		seed := procSeed(w+1, i)
		start := time.Now()
		g := procGame(seed, procBase.Add(24*time.Hour*100+time.Duration(i*1000+w)*time.Second), 3)
		if os.Getenv(procApart) != "" {
			g.Board, g.Level = board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}, "expert"
		}
		n, err := d.Append(ctx, g)
		if err != nil {
			t.Fatalf("writer %d: Append(game %d) = %d, %v", w, i, n, err)
		}
		fmt.Printf("kept %d %d\n", n, time.Since(start).Nanoseconds())
	}
}

// importLoad is what runImportLoad measured: the import's time, the size
// of the log, and the time of each writer's keep.
type importLoad struct {
	seconds float64
	size    int64
	keeps   []time.Duration
}

// runImportLoad imports a log of games games of moves moves in a child
// process, in steps of importStep or of stepLines lines (when above 0),
// and starts writers children once its first step is committed, each
// keeping keeps games one every pace (expert games, a kind the log has
// not, when apart); the import goes on once each writer has kept its
// first game. It fails the test unless every game of the log is kept
// once and in order, and every writer's game is kept, the first ones
// before the import's last step.
func runImportLoad(tb testing.TB, games, moves, stepLines, writers, keeps int, pace time.Duration, apart bool) importLoad {
	dir := tb.TempDir()
	path := filepath.Join(dir, oldLog)
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	bw := bufio.NewWriter(f)
	for i := range games {
		line, err := jsonLine(procGame(uint64(i+1), procBase.Add(time.Duration(i)*time.Minute), moves))
		if err != nil {
			tb.Fatal(err)
		}
		bw.Write(line)
	}
	if err := bw.Flush(); err != nil {
		tb.Fatal(err)
	}
	f.Close()
	fi, err := os.Stat(path)
	if err != nil {
		tb.Fatal(err)
	}
	// The database is made first, so that the import is the child's.
	d := &DB{path: filepath.Join(dir, FileName), warn: procNoWarning(tb)}
	if err := d.open(tb.Context(), true); err != nil {
		tb.Fatal(err)
	}
	d.Close()

	cmd := procStart(tb, "import-load", dir, procStep+"="+strconv.Itoa(stepLines))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	if !sc.Scan() || sc.Text() != "step" {
		cmd.Wait()
		tb.Fatalf("the importer did not print its first step: %q\n%s", sc.Text(), stderr.String())
	}

	var (
		mu      sync.Mutex
		load    = importLoad{size: fi.Size()}
		numbers []int64
		wg      sync.WaitGroup
		first   sync.WaitGroup
	)
	for w := range writers {
		wg.Add(1)
		first.Add(1)
		env := []string{procWriter + "=" + strconv.Itoa(w), procGames + "=" + strconv.Itoa(keeps), procPace + "=" + pace.String()}
		if apart {
			env = append(env, procApart+"=1")
		}
		c := procStart(tb, "keep-timed", dir, env...)
		wout, err := c.StdoutPipe()
		if err != nil {
			tb.Fatal(err)
		}
		var werr strings.Builder
		c.Stderr = &werr
		if err := c.Start(); err != nil {
			tb.Fatal(err)
		}
		go func() {
			defer wg.Done()
			got := 0
			var said strings.Builder // the child test's failures, on its output
			for s := bufio.NewScanner(wout); s.Scan(); {
				var n, ns int64
				if _, err := fmt.Sscanf(s.Text(), "kept %d %d", &n, &ns); err != nil {
					said.WriteString(s.Text() + "\n")
					continue
				}
				if got++; got == 1 {
					first.Done()
				}
				mu.Lock()
				numbers = append(numbers, n)
				load.keeps = append(load.keeps, time.Duration(ns))
				mu.Unlock()
			}
			if err := c.Wait(); err != nil || got != keeps {
				tb.Errorf("writer %d kept %d games of %d: %v\n%s%s", w, got, keeps, err, said.String(), werr.String())
			}
			for ; got < 1; got++ {
				first.Done()
			}
		}()
	}
	first.Wait()
	stdin.Close()
	var last string
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "imported ") {
			last = sc.Text()
		}
	}
	if err := cmd.Wait(); err != nil {
		tb.Fatalf("the importer: %v\n%s", err, stderr.String())
	}
	if _, err := fmt.Sscanf(last, "imported %g", &load.seconds); err != nil {
		tb.Fatalf("the importer printed %q last", last)
	}
	wg.Wait()

	seeds := procSeeds(tb, dir)
	if len(seeds) != games+writers*keeps {
		tb.Fatalf("the store holds %d games; want %d of the log and %d of the writers", len(seeds), games, writers*keeps)
	}
	next := uint64(1)
	lastImported := 0
	for i, s := range seeds {
		if s < 1_000_000 {
			if s != next {
				tb.Fatalf("game %d has seed %d; want %d (each game of the log once, in order)", i+1, s, next)
			}
			next, lastImported = next+1, i+1
		}
	}
	slices.Sort(numbers)
	if len(numbers) == 0 || numbers[0] > int64(lastImported) {
		tb.Errorf("the writers' games are numbered %v, none before the import's last game %d: kept after the import, not between its steps", numbers, lastImported)
	}
	return load
}

// jsonLine returns the game as a line of an old log.
func jsonLine(g any) ([]byte, error) {
	b, err := json.Marshal(g)
	return append(b, '\n'), err
}

// TestImportLoad imports 2,000 games, in steps of at most 200 lines,
// beside 4 writers keeping 5 games each: every game is kept once, the writers' first ones between the
// import's steps. BenchmarkImportLoad does the same at full size.
func TestImportLoad(t *testing.T) {
	if raceEnabled {
		t.Skip("its processes contend for the file, not its goroutines: make test runs it without the race detector")
	}
	runImportLoad(t, 2000, 3, 200, 4, 5, 0, false)
}

// BenchmarkImportLoad imports a log of -import-games games beside
// -import-writers processes keeping games during it, and reports the
// import's time and rate and the time of the writers' keeps, their median
// and their longest: one step of the import at most.
func BenchmarkImportLoad(b *testing.B) {
	procTimeout = 30 * time.Minute
	for b.Loop() {
		load := runImportLoad(b, *loadGames, *loadMoves, 0, *loadWriters, *loadKeeps, *loadPace, *loadApart)
		slices.Sort(load.keeps)
		b.ReportMetric(load.seconds, "import-s")
		b.ReportMetric(float64(load.size)/(1<<20)/load.seconds, "MB/s")
		b.ReportMetric(float64(load.keeps[len(load.keeps)/2].Microseconds())/1000, "keep-p50-ms")
		b.ReportMetric(float64(load.keeps[len(load.keeps)*99/100].Microseconds())/1000, "keep-p99-ms")
		b.ReportMetric(float64(load.keeps[len(load.keeps)-1].Microseconds())/1000, "keep-max-ms")
	}
}

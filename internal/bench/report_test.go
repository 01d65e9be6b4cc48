package bench

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

func TestReport(t *testing.T) {
	r := &Result{
		Width: 20, Height: 20, Mines: 50, Rule: "unsafe", Seed: 1, MaxClicks: 400,
		Games: 10000, Wins: 8843, OverLimit: 2, WinRate: 0.8843, WinLow: 0.8778826608, WinHigh: 0.8904221980,
		ClicksPerWin: 41.23, ClicksPer3BV: 1.0512, Score: 55.314,
		MoveTime: MoveTimes{Moves: 412345, Median: 45321 * time.Nanosecond, P99: 1234567, Max: 8 * time.Millisecond, Exact: true},
	}
	want := `board      20x20, 50 mines, first click unsafe, seed 1, max clicks 400
games      10000  wins 8843  win rate 88.43% (95% CI 87.79%–89.04%)  over the click limit 2
clicks     41.2 per won game  1.051 per 3BV
score      55.31 per game
move time  median 45.3µs  p99 1.23ms  max 8.00ms  (412345 moves)
`
	if got := (Report{Level: "custom", Result: r}).Text(); got != want {
		t.Errorf("Text() =\n%s\nwant\n%s", got, want)
	}
	r.Wins, r.OverLimit, r.MoveTime.Exact = 0, 0, false
	got := Report{Level: "expert", Result: r}.Text()
	for _, s := range []string{"board      expert 20x20,", "clicks     no game won\n", "moves, quantiles within 1%)"} {
		if !strings.Contains(got, s) {
			t.Errorf("Text() =\n%s\nwant it to contain %q", got, s)
		}
	}
}

func TestReportNoGuess(t *testing.T) {
	r := &Result{
		Width: 30, Height: 16, Mines: 99, Rule: "opening", NoGuess: true, Seed: 7, MaxClicks: 400,
		Games: 1000, Wins: 1000, WinRate: 1, WinLow: 0.9961779, WinHigh: 1,
		ClicksPerWin: 185.93, ClicksPer3BV: 1.0876, Score: 52.59,
		MoveTime: MoveTimes{Moves: 185940, Median: 39300, P99: 1600000, Max: 68 * time.Millisecond, Exact: true},
	}
	want := `board      expert 30x16, 99 mines, first click opening, no-guess, seed 7, max clicks 400
games      1000  wins 1000  win rate 100.00% (95% CI 99.62%–100.00%)
guesses    0 in 1000 games
clicks     185.9 per won game  1.088 per 3BV
score      52.59 per game
move time  median 39.3µs  p99 1.60ms  max 68.0ms  (185940 moves)
`
	if got := (Report{Level: "expert", Result: r}).Text(); got != want {
		t.Errorf("Text() =\n%s\nwant\n%s", got, want)
	}
	r.Wins, r.WinRate, r.WinLow, r.WinHigh = 998, 0.998, 0.9927, 0.9995
	r.Guesses, r.GuessedGames, r.Failures = 5, 3, 3
	r.FirstFailure = Failure{Game: 41, Reason: "guessed at (12,3)"}
	want = `board      expert 30x16, 99 mines, first click opening, no-guess, seed 7, max clicks 400
games      1000  wins 998  win rate 99.80% (95% CI 99.27%–99.95%)
guesses    5 in 1000 games, 3 games with a guess
failures   3 games lost or with a guess; the first, game 41, guessed at (12,3)
clicks     185.9 per won game  1.088 per 3BV
score      52.59 per game
move time  median 39.3µs  p99 1.60ms  max 68.0ms  (185940 moves)
`
	if got := (Report{Level: "expert", Result: r}).Text(); got != want {
		t.Errorf("Text() =\n%s\nwant\n%s", got, want)
	}
}

func TestReportPartial(t *testing.T) {
	tests := []struct {
		name string
		r    Result
		want string
	}{
		{"some games", Result{
			Width: 5, Height: 4, Mines: 1, Rule: "safe", Seed: 2, MaxClicks: 400,
			Partial: true, GamesPlanned: 1000, Games: 3, Wins: 3, WinRate: 1, WinLow: 0.4385, WinHigh: 1,
			ClicksPerWin: 2, ClicksPer3BV: 1, Score: 60,
			MoveTime: MoveTimes{Moves: 7, Median: 1000, P99: 2000, Max: 2000, Exact: true},
		}, `partial    interrupted: 3 of 1000 games finished, the figures cover those only
board      5x4, 1 mine, first click safe, seed 2, max clicks 400
games      3  wins 3  win rate 100.00% (95% CI 43.85%–100.00%)
clicks     2.0 per won game  1.000 per 3BV
score      60.00 per game
move time  median 1.00µs  p99 2.00µs  max 2.00µs  (7 moves)
`},
		{"no game", Result{
			Width: 1000, Height: 1000, Mines: 166666, Rule: "opening", Seed: 2, MaxClicks: 400,
			Partial: true, GamesPlanned: 1, WinHigh: 1,
			MoveTime: MoveTimes{Moves: 1, Median: 1000, P99: 1000, Max: 1000, Exact: true},
		}, `partial    interrupted: 0 of 1 game finished, the figures cover those only
board      1000x1000, 166666 mines, first click opening, seed 2, max clicks 400
games      none finished
move time  median 1.00µs  p99 1.00µs  max 1.00µs  (1 move)
`},
	}
	for _, tt := range tests {
		if got := (Report{Level: "custom", Result: &tt.r}).Text(); got != tt.want {
			t.Errorf("%s: Text() =\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}

func TestFormatDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0ns"},
		{812, "812ns"},
		{999, "999ns"},
		{1000, "1.00µs"},
		{45321, "45.3µs"},
		{999_400, "999µs"},
		{1_234_567, "1.23ms"},
		{8 * time.Millisecond, "8.00ms"},
		{250 * time.Millisecond, "250ms"},
		{3600 * time.Millisecond, "3.60s"},
	}
	for _, tt := range tests {
		if got := formatDuration(tt.d); got != tt.want {
			t.Errorf("formatDuration(%d) = %q; want %q", int64(tt.d), got, tt.want)
		}
	}
}

func TestProgressBar(t *testing.T) {
	tests := []struct {
		done    int
		elapsed time.Duration
		want    string
	}{
		{0, 0, "\r[..............................] 0/1000 games   0%\x1b[K"},
		{250, 10 * time.Second, "\r[#######.......................] 250/1000 games  25%  about 30s left\x1b[K"},
		{1000, 40 * time.Second, "\r[##############################] 1000/1000 games 100%\x1b[K"},
	}
	for _, tt := range tests {
		var b strings.Builder
		p := &ProgressBar{w: &b, total: 1000}
		p.drawAt(tt.done, tt.elapsed)
		if got := b.String(); got != tt.want {
			t.Errorf("drawAt(%d, %v) = %q; want %q", tt.done, tt.elapsed, got, tt.want)
		}
	}
}

// TestReadReport reads back what WriteJSON writes, and refuses what is not
// a report.
func TestReadReport(t *testing.T) {
	want := Report{Level: "expert", Workers: 3, Result: &Result{Width: 30, Height: 16, Mines: 99, Rule: "opening", Seed: 7, Games: 10, Wins: 4}}
	var b strings.Builder
	if err := want.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	got, err := ReadReport([]byte(b.String()))
	if err != nil || got.Level != want.Level || got.Workers != want.Workers || *got.Result != *want.Result {
		t.Errorf("ReadReport(WriteJSON(%+v)) = %+v, %v; want it back", want, got, err)
	}
	for _, tt := range []struct{ data, want string }{
		{`{"level":"expert"}`, "not a bench -json report: no report"},
		{`{`, "not a bench -json report: unexpected end of JSON input"},
	} {
		if _, err := ReadReport([]byte(tt.data)); err == nil || err.Error() != tt.want {
			t.Errorf("ReadReport(%q) error = %v; want %q", tt.data, err, tt.want)
		}
	}
}

// shardFiles returns the -json reports of the two shards of a run, as
// files by name, with change applied to their reports first. The shards
// are run once (shardRuns): each call changes copies of their results.
func shardFiles(t *testing.T, change func(a, b *Report)) map[string][]byte {
	t.Helper()
	runs, err := shardRuns()
	if err != nil {
		t.Fatal(err)
	}
	var reps [2]Report
	for k := range reps {
		r := runs[k]
		reps[k] = Report{Level: "custom", Workers: 1, Result: &r}
	}
	change(&reps[0], &reps[1])
	files := map[string][]byte{}
	for k, rep := range reps {
		var b strings.Builder
		if err := rep.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		files[fmt.Sprintf("shard-%d.json", k+1)] = []byte(b.String())
	}
	return files
}

// shardRuns returns the results of the two shards of shardFiles's run,
// run by the first call.
var shardRuns = sync.OnceValues(func() ([2]Result, error) {
	cfg := Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Safe}, Games: 20, Seed: 4, Workers: 1}
	var runs [2]Result
	for k := range runs {
		c := cfg
		c.Shard = Shard{k + 1, 2}
		r, err := Run(context.Background(), c)
		if err != nil {
			return runs, err
		}
		runs[k] = *r
	}
	return runs, nil
})

// readFrom returns a read function for MergeReports that reads files.
func readFrom(files map[string][]byte) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		data, ok := files[name]
		if !ok {
			return nil, errors.New("no such file or directory")
		}
		return data, nil
	}
}

// TestMergeReportsErrors checks that every error of MergeReports about a
// report is one line that names its file.
func TestMergeReportsErrors(t *testing.T) {
	names := []string{"shard-1.json", "shard-2.json"}
	tests := []struct {
		name   string
		change func(a, b *Report)
		want   string
	}{
		{"huge N", func(a, b *Report) { a.Shard = "1/1000000000000" },
			"shard-1.json: shard 1/1000000000000: 1000000000000 reports wanted, 2 given"},
		{"N = MaxInt64", func(a, b *Report) { a.Shard = "1/9223372036854775807" },
			"shard-1.json: shard 1/9223372036854775807: 9223372036854775807 reports wanted, 2 given"},
		{"wins above games", func(a, b *Report) { b.Wins = 100 },
			"shard-2.json: wins 100: more than the 10 games"},
		{"negative games", func(a, b *Report) { b.Games = -1 },
			"shard-2.json: games -1: want at least 0"},
		{"sums that overflow", func(a, b *Report) { a.Guesses, b.Guesses = math.MaxInt64, 1 },
			"shard-2.json: guesses: the sum over the shards overflows"},
		{"another run", func(a, b *Report) { b.Seed = 5 },
			`shard-2.json (shard "2/2"): the results are not of one run`},
		{"negative workers", func(a, b *Report) { b.Workers = -1 },
			"shard-2.json: workers -1: want 0 to 1024"},
		{"workers that would overflow", func(a, b *Report) { a.Workers = math.MaxInt },
			"shard-1.json: workers 9223372036854775807: want 0 to 1024"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := MergeReports(context.Background(), names, readFrom(shardFiles(t, tt.change)))
			if err == nil || err.Error() != tt.want {
				t.Errorf("MergeReports = %+v, %v; want the error %q", got, err, tt.want)
			}
		})
	}
}

// TestMergeReportsPrintable merges reports whose text, the level and the
// first failure's reason, holds terminal controls: the merged report holds
// them made harmless.
func TestMergeReportsPrintable(t *testing.T) {
	files := shardFiles(t, func(a, b *Report) {
		a.Level, b.Level = "custom\x1b]0;pwned\a", "custom\x1b]0;pwned\a"
		b.Failures, b.FirstFailure = 1, Failure{Game: 12, Reason: "lost at \x1b[2J(1,1)"}
	})
	got, err := MergeReports(context.Background(), []string{"shard-1.json", "shard-2.json"}, readFrom(files))
	if err != nil {
		t.Fatal(err)
	}
	if want := "custom\uFFFD]0;pwned\uFFFD"; got.Level != want {
		t.Errorf("MergeReports: level %q; want %q", got.Level, want)
	}
	if want := (Failure{Game: 12, Reason: "lost at \uFFFD[2J(1,1)"}); got.FirstFailure != want {
		t.Errorf("MergeReports: first failure %+v; want %+v", got.FirstFailure, want)
	}
}

// TestMergeReportsStopped stops MergeReports while it reads the second of
// three files: it reads no more and says how many it read, with the cause.
func TestMergeReportsStopped(t *testing.T) {
	files := shardFiles(t, func(a, b *Report) {})
	files["shard-3.json"] = files["shard-1.json"]
	names := []string{"shard-1.json", "shard-2.json", "shard-3.json"}
	ctx, stop := context.WithCancelCause(context.Background())
	defer stop(nil)
	cause := errors.New("interrupt")
	var read []string
	got, err := MergeReports(ctx, names, func(name string) ([]byte, error) {
		read = append(read, name)
		if name == "shard-2.json" {
			stop(cause)
		}
		return readFrom(files)(name)
	})
	if want := "interrupt after 2 of 3 reports"; err == nil || err.Error() != want || !errors.Is(err, cause) {
		t.Errorf("MergeReports stopped = %+v, %v; want the error %q, wrapping the cause", got, err, want)
	}
	if want := names[:2]; !slices.Equal(read, want) {
		t.Errorf("MergeReports stopped read %q; want %q", read, want)
	}
}

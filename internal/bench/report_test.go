package bench

import (
	"strings"
	"testing"
	"time"
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

package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/bench"
)

// runBench is "minesweeper bench": the solver plays many games against the
// engine and the results are reported on stdout, as text or JSON.
func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("minesweeper bench", flag.ContinueOnError)
	bf := addBoardFlags(fs, false)
	games := fs.Int("games", 1000, "number of games to play")
	maxClicks := fs.Int("max-clicks", bench.DefaultMaxClicks, "clicks after which a game counts as lost (the assignment allows 400)")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once (the results do not depend on it)")
	asJSON := fs.Bool("json", false, "print the report as JSON")
	if code, done := parseFlags(fs, args, stdout, stderr, func(w io.Writer) {
		fmt.Fprint(w, `Usage: minesweeper bench [flags]

The solver plays -games games against the engine, seeing only what a player
sees, and reports its win rate with the 95% confidence interval, clicks per
won game and per 3BV, the assignment's score and the time per move. The same
-seed gives the same games and results (time aside) with any -workers.

Flags:
`)
		fs.SetOutput(w)
		fs.PrintDefaults()
	}); done {
		return code
	}
	usagef := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "minesweeper bench: "+format+"\n", args...)
		return exitUsage
	}
	cfg, err := bf.resolve()
	if err != nil {
		return usagef("%v", err)
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"games", *games}, {"max-clicks", *maxClicks}, {"workers", *workers}} {
		if f.v < 1 {
			return usagef("-%s: %d is below 1", f.name, f.v)
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	bc := bench.Config{
		Width: cfg.Width, Height: cfg.Height, Mines: cfg.Mines, Rule: cfg.Rule,
		Games: *games, Seed: cfg.Seed, MaxClicks: *maxClicks, Workers: *workers,
	}
	var bar *progressBar
	if isTerminal(stderr) {
		bar = &progressBar{w: stderr, total: *games, start: time.Now()}
		bc.Progress = bar.draw
	}
	res, err := bench.Run(ctx, bc)
	if bar != nil {
		bar.clear()
	}
	if err != nil {
		fmt.Fprintf(stderr, "minesweeper bench: %v\n", err)
		return exitFailure
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(struct {
			Level   string `json:"level"`
			Workers int    `json:"workers"`
			*bench.Result
		}{cfg.Level, min(*workers, *games), res})
	} else {
		_, err = io.WriteString(stdout, report(cfg.Level, res))
	}
	if err != nil {
		fmt.Fprintf(stderr, "minesweeper bench: %v\n", err)
		return exitFailure
	}
	return exitOK
}

// report renders the results as a few lines of text, labels aligned.
func report(level string, r *bench.Result) string {
	var b strings.Builder
	name := fmt.Sprintf("%dx%d", r.Width, r.Height)
	if level != "custom" {
		name = level + " " + name
	}
	fmt.Fprintf(&b, "board      %s, %d mines, first click %s, seed %d, max clicks %d\n",
		name, r.Mines, r.Rule, r.Seed, r.MaxClicks)
	fmt.Fprintf(&b, "games      %d  wins %d  win rate %s (95%% CI %s–%s)", r.Games, r.Wins,
		percent(r.WinRate), percent(r.WinLow), percent(r.WinHigh))
	if r.OverLimit > 0 {
		fmt.Fprintf(&b, "  over the click limit %d", r.OverLimit)
	}
	b.WriteByte('\n')
	if r.Wins > 0 {
		fmt.Fprintf(&b, "clicks     %.1f per won game  %.3f per 3BV\n", r.ClicksPerWin, r.ClicksPer3BV)
	} else {
		b.WriteString("clicks     no game won\n")
	}
	fmt.Fprintf(&b, "score      %.2f per game\n", r.Score)
	t := r.MoveTime
	fmt.Fprintf(&b, "move time  median %s  p99 %s  max %s  (%d moves", formatDuration(t.Median),
		formatDuration(t.P99), formatDuration(t.Max), t.Moves)
	if !t.Exact {
		b.WriteString(", quantiles within 1%")
	}
	b.WriteString(")\n")
	return b.String()
}

// percent formats a proportion as a percentage with two decimals.
func percent(p float64) string { return strconv.FormatFloat(100*p, 'f', 2, 64) + "%" }

// formatDuration writes d with three significant digits in the largest unit
// it reaches: 812ns, 45.3µs, 1.20ms, 2.50s.
func formatDuration(d time.Duration) string {
	v, unit := float64(d), "ns"
	for _, u := range []struct {
		size float64
		name string
	}{{1e3, "µs"}, {1e6, "ms"}, {1e9, "s"}} {
		if float64(d) >= u.size {
			v, unit = float64(d)/u.size, u.name
		}
	}
	prec := 2
	switch {
	case unit == "ns" || v >= 100:
		prec = 0
	case v >= 10:
		prec = 1
	}
	return strconv.FormatFloat(v, 'f', prec, 64) + unit
}

// progressBar draws the run's progress on one terminal line.
type progressBar struct {
	w     io.Writer
	total int
	start time.Time
}

// barWidth is the number of cells in the bar.
const barWidth = 30

// draw redraws the line for done games of the total. bench.Run calls it at
// most every bench.ProgressInterval.
func (p *progressBar) draw(done int) {
	p.drawAt(done, time.Since(p.start))
}

func (p *progressBar) drawAt(done int, elapsed time.Duration) {
	filled := barWidth * done / max(p.total, 1)
	line := fmt.Sprintf("\r[%s%s] %d/%d games %3d%%", strings.Repeat("#", filled), strings.Repeat(".", barWidth-filled),
		done, p.total, 100*done/max(p.total, 1))
	if done > 0 && done < p.total {
		left := time.Duration(float64(elapsed) * float64(p.total-done) / float64(done))
		line += "  about " + left.Round(time.Second).String() + " left"
	}
	io.WriteString(p.w, line+"\x1b[K")
}

// clear erases the line, so the report starts on a clean one.
func (p *progressBar) clear() { io.WriteString(p.w, "\r\x1b[K") }

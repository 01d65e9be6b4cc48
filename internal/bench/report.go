package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// Report is a run's report, as "minesweeper bench" prints it: the Result,
// the name of the level played ("custom" for none) and the workers.
type Report struct {
	Level   string `json:"level"`
	Workers int    `json:"workers"`
	*Result
}

// WriteJSON writes the report as indented JSON, in one Write, as
// ReadReport reads it.
func (r Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// ReadReport reads a report that WriteJSON wrote, as bench merge reads the
// reports of a run's shards.
func ReadReport(data []byte) (Report, error) {
	var r Report
	if err := json.Unmarshal(data, &r); err != nil || r.Result == nil {
		if err == nil {
			err = errors.New("no report")
		}
		return Report{}, fmt.Errorf("not a bench -json report: %v", err)
	}
	return r, nil
}

// Text returns the report as a few lines of text, labels aligned. A
// partial report says so on its first line.
func (r Report) Text() string {
	var b strings.Builder
	if r.Partial {
		fmt.Fprintf(&b, "partial    interrupted: %d of %s finished, the figures cover those only\n",
			r.Games, record.Count(r.GamesPlanned, "game"))
	}
	name := fmt.Sprintf("%dx%d", r.Width, r.Height)
	if r.Level != "custom" {
		name = r.Level + " " + name
	}
	rule := r.Rule
	if r.NoGuess {
		rule += ", no-guess"
	}
	fmt.Fprintf(&b, "board      %s, %s, first click %s, seed %d, max clicks %d\n",
		name, record.Count(r.Mines, "mine"), rule, r.Seed, r.MaxClicks)
	if r.Games == 0 {
		b.WriteString("games      none finished\n")
		writeMoveTime(&b, r.MoveTime)
		return b.String()
	}
	fmt.Fprintf(&b, "games      %d  wins %d  win rate %s (95%% CI %s–%s)", r.Games, r.Wins,
		percent(r.WinRate), percent(r.WinLow), percent(r.WinHigh))
	if r.OverLimit > 0 {
		fmt.Fprintf(&b, "  over the click limit %d", r.OverLimit)
	}
	b.WriteByte('\n')
	if r.NoGuess {
		writeGuesses(&b, r.Result)
	}
	if r.Wins > 0 {
		fmt.Fprintf(&b, "clicks     %.1f per won game  %.3f per 3BV\n", r.ClicksPerWin, r.ClicksPer3BV)
	} else {
		b.WriteString("clicks     no game won\n")
	}
	fmt.Fprintf(&b, "score      %.2f per game\n", r.Score)
	writeMoveTime(&b, r.MoveTime)
	return b.String()
}

// writeGuesses writes the report's lines on the guesses of a no-guess run:
// how many, and, when some games were lost or had a guess, how many
// and the first of them.
func writeGuesses(b *strings.Builder, r *Result) {
	fmt.Fprintf(b, "guesses    %d in %s", r.Guesses, record.Count(r.Games, "game"))
	if r.GuessedGames > 0 {
		fmt.Fprintf(b, ", %s with a guess", record.Count(r.GuessedGames, "game"))
	}
	b.WriteByte('\n')
	if r.Failures > 0 {
		fmt.Fprintf(b, "failures   %s lost or with a guess; the first, game %d, %s\n",
			record.Count(r.Failures, "game"), r.FirstFailure.Game, r.FirstFailure.Reason)
	}
}

// writeMoveTime writes the report's line on the time per move.
func writeMoveTime(b *strings.Builder, t MoveTimes) {
	fmt.Fprintf(b, "move time  median %s  p99 %s  max %s  (%s", formatDuration(t.Median),
		formatDuration(t.P99), formatDuration(t.Max), record.Count(int(t.Moves), "move"))
	if !t.Exact {
		b.WriteString(", quantiles within 1%")
	}
	b.WriteString(")\n")
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

// ProgressBar draws the progress of a run on one line of a terminal: its
// Draw is a Config.Progress.
type ProgressBar struct {
	w     io.Writer
	total int
	start time.Time
}

// barWidth is the number of cells in the bar.
const barWidth = 30

// NewProgressBar returns a bar for a run of total games, drawn on w and
// timed from now.
func NewProgressBar(w io.Writer, total int) *ProgressBar {
	return &ProgressBar{w: w, total: total, start: time.Now()}
}

// Draw redraws the line for done games of the total, with the time left
// at the pace so far. Run calls it at most every ProgressInterval.
func (p *ProgressBar) Draw(done int) {
	p.drawAt(done, time.Since(p.start))
}

func (p *ProgressBar) drawAt(done int, elapsed time.Duration) {
	filled := barWidth * done / max(p.total, 1)
	line := fmt.Sprintf("\r[%s%s] %d/%d games %3d%%", strings.Repeat("#", filled), strings.Repeat(".", barWidth-filled),
		done, p.total, 100*done/max(p.total, 1))
	if done > 0 && done < p.total {
		left := time.Duration(float64(elapsed) * float64(p.total-done) / float64(done))
		line += "  about " + left.Round(time.Second).String() + " left"
	}
	io.WriteString(p.w, line+"\x1b[K")
}

// Clear erases the line, so what follows starts on a clean one.
func (p *ProgressBar) Clear() { io.WriteString(p.w, "\r\x1b[K") }

// MaxReportSize is the most bench merge reads of one report file, in
// bytes. A -json report is a few kilobytes (its move-time histogram, the
// largest part, has at most a few thousand buckets); the limit is far
// above that, and keeps a file that is not a report from filling memory.
const MaxReportSize = 16 << 20

// MergeReports returns the report of a whole run from the -json reports
// of its shards, the files named names, read with read: every figure as
// one run of all the games gives it (see Merge), the workers added up.
// The shards must be of one level. Every error is one line that names the
// file it is about, "NAME: why", but those about the shards together,
// such as one missing. The level and the first failure's reason, text
// from the files, are made Printable.
//
// MergeReports checks ctx before each file: once it is done, it stops
// with an error that wraps ctx's cause and says how many files were read.
func MergeReports(ctx context.Context, names []string, read func(name string) ([]byte, error)) (Report, error) {
	var rs []*Result
	level, workers := "", 0
	for i, name := range names {
		if ctx.Err() != nil {
			return Report{}, stopped(ctx, i, len(names))
		}
		data, err := read(name)
		if err != nil {
			return Report{}, fmt.Errorf("%s: %w", name, err)
		}
		r, err := ReadReport(data)
		if err != nil {
			return Report{}, fmt.Errorf("%s: %w", name, err)
		}
		if i > 0 && r.Level != level {
			return Report{}, fmt.Errorf("%s: level %q, not %q as in %s", name, r.Level, level, names[0])
		}
		if r.Workers < 0 || r.Workers > MaxWorkers {
			return Report{}, fmt.Errorf("%s: workers %d: want 0 to %d", name, r.Workers, MaxWorkers)
		}
		level, workers = r.Level, workers+r.Workers // at most MaxWorkers a file: no overflow
		rs = append(rs, r.Result)
	}
	if ctx.Err() != nil {
		return Report{}, stopped(ctx, len(names), len(names))
	}
	res, err := merge(rs, func(i int) string { return names[i] })
	if err != nil {
		return Report{}, err
	}
	res.FirstFailure.Reason = userfile.Printable(res.FirstFailure.Reason)
	return Report{Level: userfile.Printable(level), Workers: workers, Result: res}, nil
}

// stopped is the error of MergeReports stopped by ctx after read of the
// total files.
func stopped(ctx context.Context, read, total int) error {
	return fmt.Errorf("%w after %d of %s", context.Cause(ctx), read, record.Count(total, "report"))
}

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/kept"
	"github.com/minesweeper-go/minesweeper/internal/local"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
)

// statsOptions are the flags of minesweeper stats.
type statsOptions struct {
	json, ascii, daily, numbers, top, plot *bool
	n                                      int
}

// statsFlags returns the flags of minesweeper stats, their one definition.
func statsFlags() (*flag.FlagSet, *statsOptions) {
	fs := flag.NewFlagSet("minesweeper stats", flag.ContinueOnError)
	f := &statsOptions{}
	f.json = flagvalue.Bool(fs, "json", false, "print the statistics as JSON")
	f.ascii = flagvalue.Bool(fs, "ascii", false, "draw the speeds with ASCII characters rather than blocks (so does a locale that is not UTF-8, LC_ALL=C)")
	f.daily = flagvalue.Bool(fs, "daily", false, "print the results of the daily boards alone (with -json, as a JSON array)")
	f.numbers = flagvalue.Bool(fs, "numbers", false, "print the bests of the speedrunners' numbers instead: 3BV/s, IOS, RQP, IOE, ZNE, and those of the NF style (no flag placed) apart")
	f.top = flagvalue.Bool(fs, "top", false, "print each board's longest winning and losing streaks, its clean wins' average time and its ten best times instead, the NF style's apart")
	f.plot = flagvalue.Bool(fs, "plot", false, "draw pictures of the records instead: the games a day over the last year, time against 3BV of the wins of the board played most under the line of the best 3BV/s, and its best time of each month; as sentences of numbers in the line mode (TERM=dumb)")
	flagvalue.IntVar(fs, &f.n, "n", history.DefaultShown, "the `number` of kinds of board to show, the most played, the others summed up in one row; 0 shows all")
	return fs, f
}

// runStats is "minesweeper stats": a table of the games played, one line per
// kind of board, from the player's records. Like history, it writes its output
// in one Write, so nothing is written unless the whole is.
func runStats(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, f := statsFlags()
	asJSON, ascii, onlyDaily, numbers := f.json, f.ascii, f.daily, f.numbers
	text := fmt.Sprintf(help("stats"), history.RecentSpeeds, history.DefaultShown)
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, text)); done {
		return code
	}
	if f.n < 0 {
		return complainer(stderr, fs.Name(), exitUsage)("-n: %d is negative (want a number of kinds of board, 0 for all)", f.n)
	}
	err := flagvalue.Apart(fs, "one view at a time", "numbers", "top")
	if err == nil {
		err = flagvalue.Apart(fs, "one view at a time", "plot", "numbers", "top", "daily", "json")
	}
	if err != nil {
		return complainer(stderr, fs.Name(), exitUsage)("%v", err)
	}
	st, ok := local.OpenRecords(fs.Name(), stderr)
	if !ok {
		return exitFailure
	}
	defer st.Close()
	if *f.plot {
		return runPlots(fs.Name(), st, *ascii, stdout, stderr)
	}
	v := kept.StatsView{JSON: *asJSON, Daily: *onlyDaily, Numbers: *numbers, Top: *f.top, ASCII: *ascii || term.ASCIILocale(os.Getenv), Kinds: f.n}
	err = kept.Stats(context.Background(), st, v, daily.Today(time.Now()), stdout, func(msg string) {
		fmt.Fprintf(stderr, "%s: %s; these statistics count the games imported so far\n", fs.Name(), msg)
	})
	if err != nil {
		return complainer(stderr, fs.Name(), exitFailure)("%v", err)
	}
	return exitOK
}

// runPlots prints the plots of stats -plot (see local.PlotView).
func runPlots(name string, st *store.DB, ascii bool, stdout, stderr io.Writer) int {
	if err := kept.Plots(context.Background(), st, local.PlotView(stdout, ascii), time.Now(), stdout); err != nil {
		return complainer(stderr, name, exitFailure)("%v", err)
	}
	return exitOK
}

// historyOptions are the flags of minesweeper history.
type historyOptions struct {
	n    int
	json *bool
}

// historyFlags returns the flags of minesweeper history, their one
// definition.
func historyFlags() (*flag.FlagSet, *historyOptions) {
	fs := flag.NewFlagSet("minesweeper history", flag.ContinueOnError)
	f := &historyOptions{}
	flagvalue.IntVar(fs, &f.n, "n", 20, "the `number` of games to list, the latest; 0 lists all")
	f.json = flagvalue.Bool(fs, "json", false, "print the games as JSON, as the records hold them")
	return fs, f
}

// runHistory is "minesweeper history": the latest games from the history
// log, newest first, one line each.
func runHistory(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, f := historyFlags()
	asJSON := f.json
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, help("history"))); done {
		return code
	}
	n := f.n
	if n < 0 {
		return complainer(stderr, fs.Name(), exitUsage)("-n: %d is negative (want a number of games, 0 for all)", n)
	}
	st, ok := local.OpenRecords(fs.Name(), stderr)
	if !ok {
		return exitFailure
	}
	defer st.Close()
	if err := kept.History(context.Background(), st, n, *asJSON, stdout); err != nil {
		return complainer(stderr, fs.Name(), exitFailure)("%v", err)
	}
	return exitOK
}

// replayOptions are the flags of minesweeper replay.
type replayOptions struct {
	speed *float64
	ascii *bool
}

// replayFlags returns the flags of minesweeper replay, their one
// definition.
func replayFlags() (*flag.FlagSet, *replayOptions) {
	fs := flag.NewFlagSet("minesweeper replay", flag.ContinueOnError)
	f := &replayOptions{}
	f.speed = flagvalue.Float64(fs, "speed", 1, "the `factor` of the game's own pace to start at: 2 plays twice as fast (0.25 to 16)")
	f.ascii = flagvalue.Bool(fs, "ascii", false, "draw with ASCII characters only")
	return fs, f
}

// runReplay is "minesweeper replay [FILE|N]": a kept game played back on
// the game's screen at its own pace.
func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, f := replayFlags()
	speed, ascii := f.speed, f.ascii
	printUsage := usageText(fs, help("replay"))
	target, code, done := flagvalue.ParseOperand(fs, args, stdout, stderr, printUsage, "one FILE or N")
	if done {
		return code
	}
	failf := complainer(stderr, fs.Name(), exitFailure)
	if *speed < 0.25 || *speed > 16 {
		return complainer(stderr, fs.Name(), exitUsage)("-speed: %v is not a speed (want 0.25 to 16)", *speed)
	}
	how := local.Replayed{Speed: *speed, ASCII: *ascii}
	open, closeStore := local.LazyRecords(fs.Name(), stderr)
	defer closeStore()
	g, v, err := kept.FindGame(context.Background(), target, open)
	switch {
	case err != nil:
	case v != nil:
		err = local.ReplayVideo(v, target, how, stdin, stdout, stderr)
	default:
		err = local.Replay(g, program, how, stdin, stdout, stderr)
	}
	if err != nil {
		return failf("%v", err)
	}
	return exitOK
}

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"syscall"

	"github.com/minesweeper-go/minesweeper/internal/bench"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/boardflag"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// runBench is "minesweeper bench": the solver plays many games against the
// engine and the results are reported on stdout, as text or JSON. A first
// Ctrl-C (or SIGTERM, SIGHUP) stops the games and reports those finished,
// with exit status 128 plus the signal's number; a second one quits at
// once. On no-guess boards a game lost or with a guess fails the run: the
// report is printed, the first such game named on stderr, and the exit
// status is 1.
func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sig)
	return benchMain(args, stdout, stderr, sig, os.Exit, nil)
}

// benchOptions are the flags of minesweeper bench.
type benchOptions struct {
	board                     *boardflag.Flags
	games, maxClicks, workers int
	json                      *bool
	shard                     *string
}

// benchFlags returns the flags of minesweeper bench, their one definition.
func benchFlags() (*flag.FlagSet, *benchOptions) {
	fs := flag.NewFlagSet("minesweeper bench", flag.ContinueOnError)
	f := &benchOptions{board: boardflag.Add(fs, false)}
	flagvalue.IntVar(fs, &f.games, "games", 1000, "`number` of games to play")
	flagvalue.IntVar(fs, &f.maxClicks, "max-clicks", bench.DefaultMaxClicks, "`clicks` after which a game counts as lost (the assignment allows 400)")
	flagvalue.IntVar(fs, &f.workers, "workers", min(runtime.NumCPU(), bench.MaxWorkers), fmt.Sprintf("`number` of games played at once, up to %d (the results do not depend on it)", bench.MaxWorkers))
	f.json = flagvalue.Bool(fs, "json", false, "print the report as JSON")
	f.shard = fs.String("shard", "", "play only the K-th of N disjoint slices of the games, `K/N`, for bench merge to add up")
	return fs, f
}

// benchMain is runBench with the interrupts it reacts to as a channel and
// the function that quits at once on the second, so tests can drive both,
// and with the player: newPlayer as bench.Config.NewPlayer, nil for the
// solver.
func benchMain(args []string, stdout, stderr io.Writer, interrupts <-chan os.Signal, exit func(code int), newPlayer func(board.FirstClick) bench.Player) int {
	if len(args) > 0 && args[0] == "merge" {
		return benchMerge(args[1:], stdout, stderr, interrupts, exit, readReport)
	}
	fs, f := benchFlags()
	bf, asJSON, shardText := f.board, f.json, f.shard
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, help("bench"))); done {
		return code
	}
	games, maxClicks, workers := f.games, f.maxClicks, f.workers
	usagef := complainer(stderr, "minesweeper bench", exitUsage)
	cfg, err := bf.Resolve()
	if err != nil {
		return usagef("%v", err)
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"games", games}, {"max-clicks", maxClicks}, {"workers", workers}} {
		if f.v < 1 {
			return usagef("-%s: %d is below 1", f.name, f.v)
		}
	}
	if workers > bench.MaxWorkers {
		return usagef("-workers: %d is above %d", workers, bench.MaxWorkers)
	}
	var shard bench.Shard
	if *shardText != "" {
		if shard, err = bench.ParseShard(*shardText); err != nil {
			return usagef("-shard: %v", err)
		}
	}

	return bench.Command{
		Config: bench.Config{
			Board: cfg.Settings, Layout: cfg.Layout,
			Games: games, Shard: shard, Seed: cfg.Seed, MaxClicks: maxClicks, Workers: workers,
			NewPlayer: newPlayer,
		},
		Level: cfg.Level, JSON: *asJSON, Progress: term.IsTerminal(stderr),
		Signals: bench.Signals{Name: "minesweeper bench", C: interrupts, Exit: exit, Status: term.SignalStatus},
	}.Run(stdout, stderr)
}

// readReport reads the report file name for bench merge: a regular file
// of at most bench.MaxReportSize bytes. Its errors do not name the file.
// It does not wait on ctx: the read of such a file is short.
func readReport(_ context.Context, name string) ([]byte, error) {
	return userfile.ReadFile(name, bench.MaxReportSize)
}

// benchMerge is "minesweeper bench merge FILE...": the report of a whole
// run from the -json reports of its shards, each file read with read. A
// first interrupt (Ctrl-C, SIGTERM, SIGHUP) stops it before the next file,
// without a report, with exit status 128 plus the signal's number; a
// second one calls exit with it at once, as bench does.
func benchMerge(args []string, stdout, stderr io.Writer, interrupts <-chan os.Signal, exit func(code int), read func(ctx context.Context, name string) ([]byte, error)) int {
	fs := flag.NewFlagSet("minesweeper bench merge", flag.ContinueOnError)
	asJSON := flagvalue.Bool(fs, "json", false, "print the report as JSON")
	if code, done := flagvalue.ParseArgs(fs, args, stdout, stderr, usageText(fs, help("bench-merge"))); done {
		return code
	}
	if fs.NArg() == 0 {
		fmt.Fprintf(stderr, "%s: no report to merge (want the -json reports of every shard)\n", fs.Name())
		return exitUsage
	}
	return bench.MergeCommand{
		Names: fs.Args(), JSON: *asJSON, Read: read,
		Signals: bench.Signals{Name: fs.Name(), C: interrupts, Exit: exit, Status: term.SignalStatus},
	}.Run(stdout, stderr)
}

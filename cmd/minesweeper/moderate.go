package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/moderate"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// moderateOptions are the flags of minesweeper moderate.
type moderateOptions struct {
	data, dsn *string
	n         int
}

// moderateFlags returns the flags of minesweeper moderate, their one
// definition.
func moderateFlags() (*flag.FlagSet, *moderateOptions) {
	fs := flag.NewFlagSet("minesweeper moderate", flag.ContinueOnError)
	f := &moderateOptions{}
	f.data, f.dsn = serverDataFlags(fs)
	flagvalue.IntVar(fs, &f.n, "n", 50, "the `number` of lines unverified and log list, the newest; 0 lists all")
	return fs, f
}

// runModerate is "minesweeper moderate".
func runModerate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, f := moderateFlags()
	if code, done := flagvalue.ParseArgs(fs, args, stdout, stderr, usageText(fs, help("moderate"))); done {
		return code
	}
	usage := complainer(stderr, "minesweeper moderate", exitUsage)
	failed := complainer(stderr, "minesweeper moderate", exitFailure)
	if *f.data == "" {
		return usage("-data: missing: the directory of the server's data, as minesweeper serve -data names it")
	}
	if fs.NArg() == 0 {
		return usage("no action: ban, unban, remove, verify, rename, bans, unverified or log")
	}
	act, err := moderate.Parse(fs.Args())
	if err != nil {
		return usage("%v", err)
	}
	ctx := context.Background()
	warn := func(w string) { fmt.Fprintf(stderr, "minesweeper moderate: warning: %s\n", userfile.Printable(w)) }
	p, err := store.OpenPlayers(ctx, *f.data, *f.dsn, warn)
	if err != nil {
		return failed("the records: %s", userfile.Printable(err.Error()))
	}
	defer p.Close()
	if err := act(ctx, p, stdout, f.n); err != nil {
		return failed("%s", userfile.Printable(err.Error()))
	}
	return exitOK
}

// Command minesweeper is a full-screen terminal Minesweeper with the batch
// tools of the original assignment: judge (replay mines and clicks), solve
// (play one move from a player's view) and bench (the solver plays many
// games), and gen, which writes a board and its start click as a record.
//
// Usage:
//
//	minesweeper [flags]             play in the terminal
//	minesweeper judge < record      replay a record's clicks
//	minesweeper solve < requests    answer each view with a move
//	minesweeper bench [flags]       measure the solver
//	minesweeper gen [flags]         write a board and its start click as a record
//	minesweeper stats [flags]       show the statistics of the games played
//	minesweeper history [flags]     list the latest games
//	minesweeper replay [FILE|N]     play a kept game back
//
// Run "minesweeper -h" or "minesweeper COMMAND -h" for the flags.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
)

// command is one subcommand of the program.
type command struct {
	name  string
	short string
	run   func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"judge", "replay a record's mines and clicks read from standard input", runJudge},
		{"solve", "read player views from standard input, answer each with a move", runSolve},
		{"bench", "let the solver play many games and report its win rate", runBench},
		{"gen", "write one board and its start click as a record on standard output", runGen},
		{"stats", "show the statistics of the games played, per kind of board", runStats},
		{"history", "list the latest games played, newest first", runHistory},
		{"replay", "play a kept game back at its own pace: the last, number N, or a FILE", runReplay},
	}
}

// run is the whole program: it parses args (without the program name),
// runs the game or a subcommand, and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		for _, c := range commands() {
			if c.name == args[0] {
				return c.run(args[1:], stdin, stdout, stderr)
			}
		}
		if args[0] == "help" {
			return runPlay([]string{"-h"}, stdin, stdout, stderr)
		}
		fmt.Fprintf(stderr, "minesweeper: unknown command %q (run minesweeper -h for the list)\n", args[0])
		return exitUsage
	}
	return runPlay(args, stdin, stdout, stderr)
}

// usage prints the program's usage: the commands, then the game's flags
// from fs. The game's -h calls it.
func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, "Usage:\n  minesweeper [flags]          play in the terminal\n")
	for _, c := range commands() {
		fmt.Fprintf(w, "  minesweeper %-16s %s\n", c.name+" [flags]", c.short)
	}
	fmt.Fprintf(w, "\nRun minesweeper COMMAND -h for a command's flags. The game's flags:\n")
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// parseFlags parses args into fs and reports a bad flag in one line on
// stderr. It returns done when the caller should return code: after -h
// (usage on stdout, 0), a bad flag or an argument (2).
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer, printUsage func(io.Writer)) (code int, done bool) {
	if code, done := parseFlagsArgs(fs, args, stdout, stderr, printUsage); done {
		return code, done
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		return exitUsage, true
	}
	return exitOK, false
}

// parseFlagsArgs is parseFlags for a command that takes arguments after
// its flags: they are left in fs.Args.
//
// A value that a flag refuses is worded from the flag's own error:
// `-width: "x" is not a valid number`, `-json: "maybe" is not a valid
// boolean (want true or false)`. The other errors, an unknown flag or a
// missing value, keep the flag package's words: "flag provided but not
// defined: -x".
func parseFlagsArgs(fs *flag.FlagSet, args []string, stdout, stderr io.Writer, printUsage func(io.Writer)) (code int, done bool) {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		printUsage(stdout)
		return exitOK, true
	}
	if err != nil {
		if name, v := refusedFlag(fs); v != nil {
			fmt.Fprintf(stderr, "%s: -%s: %q %v\n", fs.Name(), name, v.value, v.err)
		} else {
			fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
		}
		return exitUsage, true
	}
	return exitOK, false
}

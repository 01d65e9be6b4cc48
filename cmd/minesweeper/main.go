// Command minesweeper is a full-screen terminal Minesweeper with the batch
// tools of the original assignment: judge (replay mines and clicks), solve
// (play one move from a player's view) and bench (the solver plays many
// games), and gen, which writes a board and its start click as a record.
// Its daily board is one board per UTC date and level, the same for every
// player (see package daily).
//
// Usage:
//
//	minesweeper [flags]             play in the terminal
//	minesweeper daily [flags]       play the daily board, the same for everyone
//	minesweeper judge < record      replay a record's clicks
//	minesweeper solve < requests    answer each view with a move
//	minesweeper bench [flags]       measure the solver
//	minesweeper gen [flags]         write a board and its start click as a record
//	minesweeper stats [flags]       show the statistics of the games played
//	minesweeper history [flags]     list the latest games
//	minesweeper replay [FILE|N]     play a kept game back
//	minesweeper export [FILE|N]     write a kept game as a RAW video (or its board as MBF)
//	minesweeper serve -data DIR     serve the game over SSH
//	minesweeper leaderboard [flags] print a server's leaderboards (minesweeper serve)
//	minesweeper moderate ACTION     act on a server's players and boards
//	minesweeper version             print the version (also: minesweeper -version)
//	minesweeper completion SHELL    print the completion script of bash, zsh or fish
//
// Run "minesweeper -h" or "minesweeper COMMAND -h" for the flags.
package main

import (
	"embed"
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
	// flags returns the command's flags as run defines them (the one
	// definition), for the man page and the completions.
	flags func() *flag.FlagSet
	// operands is what follows the flags in the command's synopsis:
	// "< record", "[FILE|N]", "" for nothing.
	operands string
	// files reports whether the operands are files to complete.
	files bool
}

// commands returns the subcommands, in the order the usage lists them.
func commands() []command {
	return []command{
		{"daily", "play the daily board: one no-guess board a UTC date and level, the same for everyone", runDaily, first(dailyFlags), "", false},
		{"judge", "replay a record's mines and clicks read from standard input", runJudge, judgeFlags, "< record", false},
		{"solve", "read player views from standard input, answer each with a move", runSolve, solveFlags, "< requests", false},
		{"bench", "let the solver play many games and report its win rate", runBench, first(benchFlags), "", false},
		{"gen", "write one board and its start click as a record on standard output", runGen, first(genFlags), "> record", false},
		{"stats", "show the statistics of the games played, per kind of board", runStats, first(statsFlags), "", false},
		{"history", "list the latest games played, newest first", runHistory, first(historyFlags), "", false},
		{"replay", "play a kept game or another program's video back, to study: the last, number N, or a FILE", runReplay, first(replayFlags), "[FILE|N]", true},
		{"export", "write a kept game for other tools: a RAW video (RAWVF), or its board as MBF", runExport, first(exportFlags), "[FILE|N]", true},
		{"analyse", "judge a kept game or another program's video: its numbers, each guess and risky click by the exact odds", runAnalyse, first(analyseFlags), "[FILE|N]", true},
		{"serve", "serve the game over SSH, with the daily board's leaderboard", runServe, first(serveFlags), "", false},
		{"leaderboard", "print a server's leaderboards: today's daily boards and the all-time ones", runLeaderboard, first(leaderboardFlags), "", false},
		{"moderate", "act on a server's players and boards: bans, games removed or verified, names", runModerate, first(moderateFlags), "ACTION [ARGUMENTS] [REASON]", false},
		{"version", "print the version, the commit it was built from and the Go version", runVersion, versionFlags, "", false},
		{"completion", "print the shell's completion script: bash, zsh or fish", runCompletion, completionFlags, "bash|zsh|fish", false},
	}
}

// first returns the function that returns the FlagSet of flagSet's
// results, without the values the command reads after parsing.
func first[T any](flagSet func() (*flag.FlagSet, T)) func() *flag.FlagSet {
	return func() *flag.FlagSet {
		fs, _ := flagSet()
		return fs
	}
}

// gameFlags returns the game's flags (minesweeper with no command).
func gameFlags() *flag.FlagSet {
	fs, _ := playFlags()
	return fs
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
	width := len("[flags]")
	for _, c := range commands() {
		width = max(width, len(c.name+" [flags]"))
	}
	fmt.Fprintf(w, "Usage:\n  minesweeper %-*s  play in the terminal\n", width, "[flags]")
	for _, c := range commands() {
		fmt.Fprintf(w, "  minesweeper %-*s  %s\n", width, c.name+" [flags]", c.short)
	}
	fmt.Fprintf(w, "\nRun minesweeper COMMAND -h for a command's flags. The game's flags:\n")
	fs.SetOutput(w)
	fs.PrintDefaults()
}

// helpFiles are the texts of the commands' -h, before their flags: the
// file help/NAME.txt of the command NAME ("bench-merge" for bench merge).
//
//go:embed help/*.txt
var helpFiles embed.FS

// help returns the text of the -h of the command name, which
// TestCommandsHelp checks every command has.
func help(name string) string {
	text, _ := helpFiles.ReadFile("help/" + name + ".txt")
	return string(text)
}

// usageText returns the printer of a command's usage: text, then the
// defaults of the flags of fs, if it has any.
func usageText(fs *flag.FlagSet, text string) func(io.Writer) {
	return func(w io.Writer) {
		fmt.Fprint(w, text)
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
}

// complainer returns the function with which a command refuses what it
// was given: it prints "name: message" on w, one line, and returns code.
func complainer(w io.Writer, name string, code int) func(format string, args ...any) int {
	return func(format string, args ...any) int {
		fmt.Fprintf(w, name+": "+format+"\n", args...)
		return code
	}
}

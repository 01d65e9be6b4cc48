package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// noGames is what stats and history print when no game has been played.
const noGames = "no games yet: play one with minesweeper\n"

// runStats is "minesweeper stats": a table of the games played, one line per
// kind of board, from the history log. Like history, it writes its output
// in one Write, so nothing is written unless the whole is.
func runStats(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("minesweeper stats", flag.ContinueOnError)
	asJSON := flagvalue.Bool(fs, "json", false, "print the statistics as JSON")
	ascii := flagvalue.Bool(fs, "ascii", false, "draw the speeds with ASCII characters rather than blocks")
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, func(w io.Writer) {
		fmt.Fprintf(w, `Usage: minesweeper stats [flags]

Prints the statistics of the games played, one line per kind of board, the
boards played most first: games played and won, the win rate, the current
and the best winning streak, the best time and the best speed in 3BV per
second, and as a sparkline (the trend) the speeds of the last %d wins.
Only wins without hints or undoing enter the times and speeds; every game
counts in the rest.

Flags:
`, history.RecentSpeeds)
		fs.SetOutput(w)
		fs.PrintDefaults()
	}); done {
		return code
	}
	games, ok := readGames(fs.Name(), stderr)
	if !ok {
		return exitFailure
	}
	var err error
	switch stats := history.Summarize(games); {
	case *asJSON:
		err = history.WriteStatsJSON(stdout, stats)
	case len(stats) == 0:
		_, err = io.WriteString(stdout, noGames)
	default:
		spark := history.Sparkline
		if *ascii {
			spark = history.SparklineASCII
		}
		err = history.WriteStats(stdout, stats, spark)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
		return exitFailure
	}
	return exitOK
}

// runHistory is "minesweeper history": the latest games from the history
// log, newest first, one line each.
func runHistory(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("minesweeper history", flag.ContinueOnError)
	var n int
	flagvalue.IntVar(fs, &n, "n", 20, "the `number` of games to list, the latest; 0 lists all")
	asJSON := flagvalue.Bool(fs, "json", false, "print the games as JSON, as the log holds them")
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, `Usage: minesweeper history [flags]

Lists the latest games, newest first, one line each: its number, which
minesweeper replay N takes, when it ended, the board, the result, the time, the board's 3BV, the speed in 3BV per second
and the efficiency (3BV per click, as a percent) of a won game, the clicks,
and whether hints were used or moves undone.

With -json the output is a JSON array of the games, one per line.

Flags:
`)); done {
		return code
	}
	if n < 0 {
		fmt.Fprintf(stderr, "%s: -n: %d is negative (want a number of games, 0 for all)\n", fs.Name(), n)
		return exitUsage
	}
	games, ok := readGames(fs.Name(), stderr)
	if !ok {
		return exitFailure
	}
	// Each game keeps its number in the log, as replay takes it.
	games, nums := history.Latest(games, n)
	var err error
	switch {
	case *asJSON:
		err = history.WriteGamesJSON(stdout, games)
	case len(games) == 0:
		_, err = io.WriteString(stdout, noGames)
	default:
		err = history.WriteGames(stdout, games, nums)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
		return exitFailure
	}
	return exitOK
}

// readGames reads the games of the history log, printing the store's
// warnings, and any error, as one line each on stderr under name.
func readGames(name string, stderr io.Writer) ([]history.Game, bool) {
	dir, err := history.Dir()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil, false
	}
	st, err := history.Open(dir, func(msg string) {
		fmt.Fprintf(stderr, "%s: warning: %s\n", name, msg)
	})
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil, false
	}
	games, err := st.Games()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil, false
	}
	return games, true
}

package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/minesweeper-go/minesweeper/internal/boardfile"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/ui"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// noGames is what stats and history print when no game has been played.
const noGames = "no games yet: play one with minesweeper\n"

// runStats is "minesweeper stats": a table of the games played, one line per
// kind of board, from the player's records. Like history, it writes its output
// in one Write, so nothing is written unless the whole is.
func runStats(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("minesweeper stats", flag.ContinueOnError)
	asJSON := flagvalue.Bool(fs, "json", false, "print the statistics as JSON")
	ascii := flagvalue.Bool(fs, "ascii", false, "draw the speeds with ASCII characters rather than blocks")
	numbers := flagvalue.Bool(fs, "numbers", false, "print the bests of the speedrunners' numbers instead: 3BV/s, IOS, RQP, IOE, ZNE")
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, func(w io.Writer) {
		fmt.Fprintf(w, `Usage: minesweeper stats [flags]

Prints the statistics of the games played, one line per kind of board, the
boards played most first: games played and won, the win rate, the current
and the best winning streak, the best time and the best speed in 3BV per
second, and as a sparkline (the trend) the speeds of the last %d wins.
Only wins without hints or undoing enter the times and speeds; every game
counts in the rest.

With -numbers it prints the bests of those wins by the numbers of
minesweepergame.com's statistics page instead: 3BV per second, IOS
(log 3BV / log time), RQP (time / 3BV/s, the lowest), IOE (3BV per click)
and ZNE (the greedy ZiNi per click). -json carries them all.

Flags:
`, history.RecentSpeeds)
		fs.SetOutput(w)
		fs.PrintDefaults()
	}); done {
		return code
	}
	st, ok := openStore(fs.Name(), stderr)
	if !ok {
		return exitFailure
	}
	defer st.Close()
	stats, err := st.Stats(context.Background(), nil)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
		return exitFailure
	}
	switch {
	case *asJSON:
		err = history.WriteStatsJSON(stdout, stats)
	case len(stats) == 0:
		_, err = io.WriteString(stdout, noGames)
	case *numbers:
		err = history.WriteBests(stdout, stats)
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
	asJSON := flagvalue.Bool(fs, "json", false, "print the games as JSON, as the records hold them")
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
	st, ok := openStore(fs.Name(), stderr)
	if !ok {
		return exitFailure
	}
	defer st.Close()
	// Each game keeps its number, as replay takes it.
	latest, err := st.Latest(context.Background(), n, *asJSON)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
		return exitFailure
	}
	games, nums := make([]history.Game, len(latest)), make([]int64, len(latest))
	for i, l := range latest {
		games[i], nums[i] = l.Game, l.N
	}
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

// openStore opens the player's records, printing the store's warnings,
// and any error, as one line each on stderr under name.
func openStore(name string, stderr io.Writer) (*store.DB, bool) {
	warn := func(msg string) { fmt.Fprintf(stderr, "%s: warning: %s\n", name, msg) }
	dir, err := history.Dir()
	var st *store.DB
	if err == nil {
		if msg := store.ImportNotice(dir); msg != "" {
			fmt.Fprintf(stderr, "%s: %s\n", name, msg)
		}
		st, err = store.Open(dir, warn)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil, false
	}
	return st, true
}

// runReplay is "minesweeper replay [FILE|N]": a kept game played back on
// the game's screen at its own pace.
func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("minesweeper replay", flag.ContinueOnError)
	speed := flagvalue.Float64(fs, "speed", 1, "the `factor` of the game's own pace to start at: 2 plays twice as fast")
	ascii := flagvalue.Bool(fs, "ascii", false, "draw with ASCII characters only")
	printUsage := usageText(fs, `Usage: minesweeper replay [flags] [FILE|N]

Plays a game back on the game's screen, each move at its time: the game
numbered N in the history (as minesweeper history and the line printed
after each game number them; 1 is the first), by default the last one;
or the game in FILE: what minesweeper history -json -n 1 prints, or
one line of an old history.jsonl.

Space pauses and goes on, + and - double and halve the speed, . plays one
move, End goes to the end and Home back to the start, q quits.

Flags:
`)
	// The flag package stops at the first argument; flags may follow it.
	var target string
	rest := args
	for {
		if code, done := flagvalue.ParseArgs(fs, rest, stdout, stderr, printUsage); done {
			return code
		}
		if fs.NArg() == 0 {
			break
		}
		if target != "" {
			fmt.Fprintf(stderr, "%s: unexpected argument %q (want one FILE or N)\n", fs.Name(), fs.Arg(0))
			return exitUsage
		}
		target, rest = fs.Arg(0), fs.Args()[1:]
	}
	if *speed <= 0 || *speed > 64 {
		fmt.Fprintf(stderr, "%s: -speed: %v is not a speed (want more than 0, at most 64)\n", fs.Name(), *speed)
		return exitUsage
	}
	g, err := replayTarget(target, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
		return exitFailure
	}
	kept, err := session.KeptOf(g)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
		return exitFailure
	}
	if !ui.CanPlay(stdin, stdout, stderr) {
		fmt.Fprintf(stderr, "%s: a replay needs a terminal on standard input, and one to draw on\n", fs.Name())
		return exitFailure
	}
	_, err = ui.Play(ui.Config{
		// A huge board's game is kept without its layout: its seed lays it
		// again, with the layout of its settings (a no-guess board's).
		Start: ui.Start{Board: kept.Settings, Layout: layoutOf(kept.Settings), Seed: g.Seed, Replay: &kept, ReplaySpeed: *speed},
		Prefs: ui.Prefs{QuestionMarks: true, ASCII: *ascii, Mono: os.Getenv("NO_COLOR") != ""},
	})
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", fs.Name(), err)
		return exitFailure
	}
	return exitOK
}

// replayTarget returns the game that target names: "" the last of the
// history, a number the game of that number, anything else a file.
func replayTarget(target string, stderr io.Writer) (history.Game, error) {
	n, err := strconv.Atoi(target)
	if target != "" && err != nil {
		return readGameFile(target)
	}
	st, ok := openStore("minesweeper replay", stderr)
	if !ok {
		return history.Game{}, errors.New("the history cannot be read")
	}
	defer st.Close()
	ctx := context.Background()
	var g history.Game
	if target == "" {
		_, g, err = st.Last(ctx)
	} else {
		g, err = st.Game(ctx, int64(n))
	}
	if !errors.Is(err, store.ErrNoGame) {
		return g, err
	}
	count, cerr := st.Count(ctx)
	switch {
	case cerr != nil:
		return g, cerr
	case count == 0:
		return g, errors.New("no game has been kept yet: play one with minesweeper")
	}
	return g, fmt.Errorf("there is no game %d: the history holds %s, numbered from 1 (see minesweeper history)",
		n, record.Count(int(count), "game"))
}

// readGameFile reads the game of a replay file (see boardfile.ReadGame),
// naming the file in errors once. It reads a regular file only, of at most
// maxReplayFile bytes, and what its errors quote of the file is made
// printable.
func readGameFile(name string) (history.Game, error) {
	fail := func(err error) (history.Game, error) {
		return history.Game{}, fmt.Errorf("%s: %s", name, userfile.Printable(err.Error()))
	}
	fh, err := userfile.Open(name, maxReplayFile)
	if err != nil {
		return fail(err)
	}
	defer fh.Close()
	br := bufio.NewReader(fh)
	head, err := br.Peek(boardfile.SniffLen)
	if err != nil && err != io.EOF {
		return fail(err)
	}
	if f := boardfile.Sniff(name, head); f != boardfile.Replay {
		return history.Game{}, fmt.Errorf("%s: not a replay but, it seems, a board file (%v): minesweeper -board %s plays it", name, f, shellQuote(name))
	}
	g, err := boardfile.ReadGame(br)
	if err != nil {
		return fail(err)
	}
	return g, nil
}

package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/leaderboard"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// openPlayers opens the store of the players of the server whose data
// directory is dir, in the PostgreSQL database dsn or, when dsn is "", in
// SQLite under dir; warn says what the store works around.
func openPlayers(ctx context.Context, dir, dsn string, warn func(string)) (leaderboard.Source, error) {
	p, err := store.OpenPlayers(ctx, dir, dsn, warn)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// leaderDefault is how many entries a board lists unless -n says.
const leaderDefault = 20

// leaderEnv is what runLeaderboard takes from the world, which tests
// replace: the store's opener and the clock that says what today is.
type leaderEnv struct {
	open func(ctx context.Context, dir, dsn string, warn func(string)) (leaderboard.Source, error)
	now  func() time.Time
}

// runLeaderboard is "minesweeper leaderboard": the leaderboards of the
// server whose data is in -data, as tables or JSON.
func runLeaderboard(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return leaderboardMain(args, stdout, stderr, leaderEnv{open: openPlayers, now: time.Now})
}

// leaderboardOptions are the flags of minesweeper leaderboard.
type leaderboardOptions struct {
	data, dsn, level, date *string
	json, nf               *bool
	n                      int
}

// leaderboardFlags returns the flags of minesweeper leaderboard, their one
// definition.
func leaderboardFlags() (*flag.FlagSet, *leaderboardOptions) {
	fs := flag.NewFlagSet("minesweeper leaderboard", flag.ContinueOnError)
	f := &leaderboardOptions{}
	f.data, f.dsn = serverDataFlags(fs)
	f.level = fs.String("level", "", "the `level` whose boards are shown: beginner, intermediate or expert (default: all three)")
	f.date = fs.String("date", "", "the `date` (YYYY-MM-DD, UTC) of the daily boards shown (default: today)")
	f.json = flagvalue.Bool(fs, "json", false, "print the leaderboards as a JSON array")
	f.nf = flagvalue.Bool(fs, "nf", false, "print too the all-time boards of the NF style: each player's best clean win with no flag placed")
	flagvalue.IntVar(fs, &f.n, "n", leaderDefault, "the `number` of entries a board lists, the first; 0 lists all")
	return fs, f
}

// leaderboardMain is runLeaderboard with the world env.
func leaderboardMain(args []string, stdout, stderr io.Writer, env leaderEnv) int {
	fs, f := leaderboardFlags()
	dir, dsn, level, date, asJSON := f.data, f.dsn, f.level, f.date, f.json
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, help("leaderboard"))); done {
		return code
	}
	n := f.n
	usagef := complainer(stderr, fs.Name(), exitUsage)
	failf := complainer(stderr, fs.Name(), exitFailure)
	switch {
	case fs.NArg() > 0:
		return usagef("unexpected argument %q", fs.Arg(0))
	case *dir == "":
		return usagef("-data: missing: the directory of the server's data, as minesweeper serve -data names it")
	case n < 0:
		return usagef("-n: %d is negative (want a number of entries, 0 for all)", n)
	}
	var levels []string // all
	if *level != "" {
		lv, err := daily.Level(*level)
		if err != nil {
			return usagef("-level: %v", err)
		}
		levels = []string{lv.Name}
	}
	if *date == "" {
		*date = daily.Today(env.now())
	} else if err := daily.CheckDate(*date); err != nil {
		return usagef("-date: %v", err)
	}

	ctx := context.Background()
	warn := func(msg string) { fmt.Fprintf(stderr, "%s: warning: %s\n", fs.Name(), userfile.Printable(msg)) }
	src, err := env.open(ctx, *dir, *dsn, warn)
	if err != nil {
		return failf("%s", userfile.Printable(err.Error()))
	}
	defer src.Close()
	boards, err := leaderboard.Read(ctx, src, *date, daily.Today(env.now()), levels, *f.nf, n)
	if err != nil {
		return failf("%s", userfile.Printable(err.Error()))
	}
	if err := leaderboard.Write(stdout, boards, *asJSON); err != nil {
		return failf("%v", err)
	}
	return exitOK
}

// serverDataFlags defines on fs the flags that name a server's records,
// as the tools that read them (leaderboard, moderate) take them: -data,
// the server's directory, and -db, its PostgreSQL database.
func serverDataFlags(fs *flag.FlagSet) (data, dsn *string) {
	data = fs.String("data", "", "the `directory` of the server's data, as minesweeper serve -data names it (required)")
	dsn = fs.String("db", "", "the PostgreSQL `DSN` of the server's players, when they are not in SQLite under -data")
	return data, dsn
}

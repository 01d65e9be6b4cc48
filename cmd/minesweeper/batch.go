package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/boardflag"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/gen"
	"github.com/minesweeper-go/minesweeper/internal/judge"
	"github.com/minesweeper-go/minesweeper/internal/mbf"
	"github.com/minesweeper-go/minesweeper/internal/protocol"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// judgeFlags returns the flags of minesweeper judge: none.
func judgeFlags() *flag.FlagSet { return flag.NewFlagSet("minesweeper judge", flag.ContinueOnError) }

// solveFlags returns the flags of minesweeper solve: none.
func solveFlags() *flag.FlagSet { return flag.NewFlagSet("minesweeper solve", flag.ContinueOnError) }

// runJudge is "minesweeper judge": one record on stdin, the replay on stdout.
func runJudge(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := judgeFlags()
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, help("judge"))); done {
		return code
	}
	rec, err := record.Read(stdin)
	if err == nil {
		err = judge.Run(rec, stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "minesweeper judge: %v\n", err)
		return exitFailure
	}
	return exitOK
}

// runSolve is "minesweeper solve": the assignment's machine() as a stream.
// Each request read from stdin is answered at once with one line on stdout,
// so a program can play against it over a pipe.
func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := solveFlags()
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, help("solve"))); done {
		return code
	}
	if err := protocol.Solve(stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "minesweeper solve: %v\n", err)
		return exitFailure
	}
	return exitOK
}

// genOptions are the flags of minesweeper gen.
type genOptions struct {
	board              *boardflag.Flags
	start              *flagvalue.Cell
	format, date       *string
	secret, commitment *string
	daily              *bool
}

// genFlags returns the flags of minesweeper gen, their one definition.
func genFlags() (*flag.FlagSet, *genOptions) {
	fs := flag.NewFlagSet("minesweeper gen", flag.ContinueOnError)
	f := &genOptions{board: boardflag.Add(fs, false), start: &flagvalue.Cell{}}
	fs.Var(f.start, "start", "the start click, `ROW,COL` counted from 0 as in the record format (default: a cell drawn from the seed)")
	f.format = fs.String("format", "record", "output `format`: record (text, the mines and the start click) or mbf (JSMinesweeper's binary board file, the mines only; at most 255x255)")
	f.daily = flagvalue.Bool(fs, "daily", false, "write the daily board of -level and -date, its mines and its start cell")
	f.date = fs.String("date", "", "with -daily, the `date` (YYYY-MM-DD, UTC) whose board is written (default: today)")
	f.secret = fs.String("secret", "", "with -daily, the `secret` (64 hexadecimal digits) a server showed once the date ended: the server's board of the date is written, and its commitment checked or printed")
	f.commitment = fs.String("commitment", "", "with -secret, the `commitment` (64 hexadecimal digits) the server showed before: the board is written only if the secret matches it")
	return fs, f
}

// runGen is "minesweeper gen": one board on stdout in the record format,
// its mines and its start click, laid as the game lays them for the same
// seed and first click; or, with -format mbf, its mines as an MBF file
// for JSMinesweeper. Nothing is written unless the whole board is.
func runGen(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, f := genFlags()
	bf, start, format, isDaily, date := f.board, f.start, f.format, f.daily, f.date
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, help("gen"))); done {
		return code
	}
	usagef := complainer(stderr, "minesweeper gen", exitUsage)
	failf := complainer(stderr, "minesweeper gen", exitFailure)
	if *format != gen.Record && *format != gen.MBF {
		return usagef("-format: unknown format %q (want record or mbf)", *format)
	}
	if *isDaily {
		return genDaily(fs, bf.Level, *date, *f.secret, *f.commitment, *format, stdout, stderr)
	}
	for _, fl := range []struct{ name, value string }{{"date", *date}, {"secret", *f.secret}, {"commitment", *f.commitment}} {
		if fl.value != "" {
			return usagef("-%s: only with -daily", fl.name)
		}
	}
	cfg, err := bf.Resolve()
	if err != nil {
		return usagef("%v", err)
	}
	if *format == gen.MBF && (cfg.Width > mbf.MaxSide || cfg.Height > mbf.MaxSide) {
		return usagef("-format mbf: a %dx%d board does not fit: MBF holds at most %dx%d", cfg.Width, cfg.Height, mbf.MaxSide, mbf.MaxSide)
	}
	var at *board.Point // the -start cell, if given
	if start.Given {
		at = &board.Point{X: start.Col, Y: start.Row}
	}
	first, err := gen.Start(cfg.Width, cfg.Height, cfg.Seed, at)
	if err != nil {
		return usagef("-start: %v", err)
	}
	rec, err := gen.Board(cfg.Settings, cfg.Layout, cfg.Seed, first)
	if err == nil {
		err = gen.Write(stdout, rec, *format)
	}
	if err != nil {
		return failf("%v", err)
	}
	return exitOK
}

// genDaily writes the daily board of level and date (today's when ""),
// as a record or an MBF file (format): gen -daily. It is the public one,
// or with a secret a server's, whose commitment is checked against
// commitment, or else printed. The flags that choose another board are
// refused.
func genDaily(fs *flag.FlagSet, level, date, secret, commitment, format string, stdout, stderr io.Writer) int {
	usagef := complainer(stderr, "minesweeper gen", exitUsage)
	failf := complainer(stderr, "minesweeper gen", exitFailure)
	var refused string
	fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "width", "height", "mines", "seed", "first-click", "no-guess", "start":
			if refused == "" {
				refused = fl.Name
			}
		}
	})
	if refused != "" {
		return usagef("-daily: cannot be combined with -%s (the date and the level fix the board)", refused)
	}
	lv, err := daily.Level(level)
	if err != nil {
		return usagef("-level: %v", err)
	}
	level = lv.Name
	if date == "" {
		date = daily.Today(time.Now())
	} else if err := daily.CheckDate(date); err != nil {
		return usagef("-date: %v", err)
	}
	b, err := gen.Daily(date, level, secret, commitment)
	switch {
	case errors.Is(err, daily.ErrCommitment):
		return failf("%v", err)
	case err != nil:
		return usagef("%v", err)
	case secret != "" && commitment == "":
		fmt.Fprintf(stderr, "minesweeper gen: the commitment of the daily board of %s, %s: %s\n", date, level, b.Commitment)
	}
	rec, err := b.Record()
	if err == nil {
		err = gen.Write(stdout, rec, format)
	}
	if err != nil {
		return failf("%v", err)
	}
	return exitOK
}

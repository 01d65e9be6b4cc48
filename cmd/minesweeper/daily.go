package main

import (
	"flag"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/local"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui"
	uitheme "github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// dailyOptions are the flags of minesweeper daily.
type dailyOptions struct {
	level, date, theme, keys *string
	ascii, question, reader  *bool
}

// dailyFlags returns the flags of minesweeper daily, their one definition.
func dailyFlags() (*flag.FlagSet, *dailyOptions) {
	fs := flag.NewFlagSet("minesweeper daily", flag.ContinueOnError)
	f := &dailyOptions{}
	f.level = fs.String("level", "beginner", "the `level` whose daily board is played: beginner, intermediate or expert")
	f.date = fs.String("date", "", "the `date` (YYYY-MM-DD, UTC) whose board is played, as practice unless it is today (default: today)")
	f.ascii = flagvalue.Bool(fs, "ascii", false, "draw with ASCII characters only")
	f.question = flagvalue.Bool(fs, "question", true, "let f cycle through a question mark after the flag; not given, as the last run left it (o changes it)")
	f.theme = fs.String("theme", "", "the colours: default, colour-blind or mono (default: the theme chosen last)")
	f.keys = addKeysFlag(fs)
	f.reader = readerFlag(fs)
	return fs, f
}

// runDaily is "minesweeper daily": the daily board of a level, today's
// (UTC) or another date's, on the full screen. The first game of today's
// board to end counts for the day; the others, and another date's board,
// are practice. After the screen closes it prints the summary line and
// the line to share.
func runDaily(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, f := dailyFlags()
	level, date, ascii, question, theme, keysName := f.level, f.date, f.ascii, f.question, f.theme, f.keys
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, help("daily"))); done {
		return code
	}
	usagef := complainer(stderr, "minesweeper daily", exitUsage)
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	lv, err := daily.Level(*level)
	if err != nil {
		return usagef("-level: %v", err)
	}
	*level = lv.Name
	if *date != "" {
		if err := daily.CheckDate(*date); err != nil {
			return usagef("-date: %v", err)
		}
	}
	if err := uitheme.Check(*theme); err != nil {
		return usagef("-theme: %v", err)
	}
	keys, err := local.Keys(*keysName)
	if err != nil {
		return usagef("%v", err)
	}
	k := newSession(stderr)
	defer k.Flush(stderr) // the warnings of an early return
	defer k.Close()       // before the warnings: closing may warn
	if _, _, lastTheme := k.Prefs(uitheme.Check); *theme == "" {
		*theme = lastTheme
	}
	if !given(fs, "question") { // given, it is remembered at the end
		*question = k.QuestionMarks()
	}
	b, count, err := k.Daily(*date, *level)
	if err != nil {
		return usagef("%v", err)
	}
	return local.Play(k, local.Game{
		Name:  "minesweeper daily",
		Start: play.Start{Board: b.Settings, Layout: daily.Layout, Seed: b.Seed, Daily: &b, DailyCount: count},
		Prefs: ui.Prefs{QuestionMarks: *question, ASCII: *ascii, Theme: *theme},
		Keys:  keys, Reader: *f.reader,
		// The game of this board left unfinished, if any: the player is asked.
		Claim:      true,
		NoTerminal: "minesweeper gen -daily writes the board as a record",
	}, stdin, stdout, stderr)
}

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/ui"
)

// runPlay is "minesweeper [flags]": the full-screen game. After the
// terminal is restored it prints one line: the result, the time, the board
// and how to play it again. A game ended by a signal exits with 128 plus
// the signal's number.
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("minesweeper", flag.ContinueOnError)
	bf := addBoardFlags(fs, true)
	ascii := fs.Bool("ascii", false, "draw with ASCII characters only")
	question := fs.Bool("question", true, "let f cycle through a question mark after the flag")
	if code, done := parseFlags(fs, args, stdout, stderr, func(w io.Writer) { usage(w, fs) }); done {
		return code
	}
	cfg, err := bf.resolve()
	if err != nil {
		fmt.Fprintf(stderr, "minesweeper: %v\n", err)
		return exitUsage
	}
	if !isTerminal(stdin) || !isTerminal(stdout) {
		fmt.Fprintln(stderr, "minesweeper: the game needs a terminal on standard input and output (try minesweeper judge for records)")
		return exitFailure
	}

	uc := ui.Config{
		Board:         cfg.Settings,
		Layout:        cfg.Layout,
		Seed:          cfg.Seed,
		QuestionMarks: *question,
		ASCII:         *ascii,
		Mono:          os.Getenv("NO_COLOR") != "",
	}
	if rec := cfg.Record; rec != nil {
		uc.Fixed, uc.Mines, uc.Clicks, uc.Source = true, rec.Mines, rec.Clicks, cfg.File
	}
	k := newKeeper(cfg.Level)
	uc.Finished, uc.Stats = k.finished, k.stats
	res, err := ui.Play(uc)
	for _, w := range k.warnings {
		fmt.Fprintf(stderr, "minesweeper: warning: %s\n", w)
	}
	if err != nil {
		fmt.Fprintf(stderr, "minesweeper: %v\n", err)
		return exitFailure
	}
	fmt.Fprintln(stdout, summary(res))
	if res.Signal != nil {
		return ui.SignalStatus(res.Signal) // 128 plus its number, as a shell reports it
	}
	return exitOK
}

// isTerminal reports whether f is an *os.File open on a terminal.
func isTerminal(f any) bool {
	fh, ok := f.(*os.File)
	return ok && term.IsTerminal(int(fh.Fd()))
}

// summary returns the line printed when the game ends: the result, the
// time, the board, the command that plays the same board again and, for a
// finished game, the guesses it forced.
func summary(r ui.Result) string {
	var b strings.Builder
	secs := int(r.Elapsed / time.Second)
	switch {
	case r.Status == board.Won:
		fmt.Fprintf(&b, "You win in %.2fs", r.Elapsed.Seconds())
	case r.Status == board.Lost:
		fmt.Fprintf(&b, "You lose after %.2fs", r.Elapsed.Seconds())
	case r.Started:
		fmt.Fprintf(&b, "Quit after %ds", secs)
	default:
		b.WriteString("Quit before the first move")
	}
	k := r.Board
	fmt.Fprintf(&b, " on %dx%d with %s, ", k.Width, k.Height, record.Count(k.Mines, "mine"))
	if k.NoGuess && r.Source == "" {
		b.WriteString("no-guess, ")
	}
	if r.Assisted {
		b.WriteString("assisted, ")
	}
	if r.Undone {
		b.WriteString("undone, ")
	}
	if r.Source != "" {
		fmt.Fprintf(&b, "board %s (replay: minesweeper -board %s)", r.Source, shellQuote(r.Source))
		return withVerdict(b.String(), r)
	}
	fmt.Fprintf(&b, "seed %d (replay: minesweeper -width %d -height %d -mines %d -seed %d",
		r.Seed, k.Width, k.Height, k.Mines, r.Seed)
	if k.Rule != board.Opening {
		fmt.Fprintf(&b, " -first-click %s", k.Rule)
	}
	if k.NoGuess {
		b.WriteString(" -no-guess")
	}
	b.WriteString(")")
	return withVerdict(b.String(), r)
}

// withVerdict appends, for a finished game, its numbers (see numbers),
// the note the history gave it and the guesses it forced.
func withVerdict(line string, r ui.Result) string {
	if r.Status == board.Playing {
		return line
	}
	line += "; " + numbers(r)
	if r.Note != "" {
		line += "; " + r.Note
	}
	if r.Verdict != "" {
		line += "; " + r.Verdict
	}
	return line
}

// numbers returns what speedrunners read of a finished game: for a win the
// 3BV, the 3BV per second, the clicks and the efficiency (3BV per click);
// for a loss the clicks.
func numbers(r ui.Result) string {
	clicks := record.Count(len(r.Moves), "click")
	if r.Status != board.Won || r.ThreeBV == 0 {
		return clicks
	}
	text := fmt.Sprintf("3BV %d", r.ThreeBV)
	if s := r.Elapsed.Seconds(); s > 0 {
		text += fmt.Sprintf(", %.2f 3BV/s", float64(r.ThreeBV)/s)
	}
	text += ", " + clicks
	if n := len(r.Moves); n > 0 {
		text += fmt.Sprintf(", %.0f%% efficiency", 100*float64(r.ThreeBV)/float64(n))
	}
	return text
}

// shellQuote quotes s for a POSIX shell when it needs quoting.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+,=:") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

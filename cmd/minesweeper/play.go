package main

import (
	"errors"
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
	ascii := newBool(fs, "ascii", false, "draw with ASCII characters only")
	question := newBool(fs, "question", true, "let f cycle through a question mark after the flag")
	theme := fs.String("theme", "", "the colours: default, colour-blind or mono (default: the theme chosen last)")
	resume := newBool(fs, "resume", false, "go on with the game of this board left unfinished, without asking")
	fresh := newBool(fs, "new", false, "start a new game, throwing away the game of this board left unfinished")
	if code, done := parseFlags(fs, args, stdout, stderr, func(w io.Writer) { usage(w, fs) }); done {
		return code
	}
	k := newKeeper()
	defer k.flush(stderr) // the warnings of an early return
	cfg, err := bf.resolve()
	if err == nil {
		err = checkResume(bf, *resume, *fresh)
	}
	if err == nil {
		if err = ui.CheckTheme(*theme); err != nil {
			err = fmt.Errorf("-theme: %w", err)
		}
	}
	if err == nil {
		last, lastOK, lastTheme := k.prefs()
		if *theme == "" {
			*theme = lastTheme
		}
		// No flag chooses the board: the one played last, if any.
		if lastOK && !bf.chosen() {
			c, lerr := lastBoard(cfg, last)
			if lerr == nil {
				cfg = c
			} else {
				k.warn(fmt.Sprintf("the last board, %s, is not used: %v", last, lerr))
			}
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "minesweeper: %v\n", err)
		return exitUsage
	}
	if !canPlay(stdin, stdout, stderr) {
		fmt.Fprintln(stderr, "minesweeper: the game needs a terminal on standard input, and one to draw on (try minesweeper judge for records)")
		return exitFailure
	}

	uc := ui.Config{
		Board:         cfg.Settings,
		Layout:        cfg.Layout,
		Seed:          cfg.Seed,
		QuestionMarks: *question,
		ASCII:         *ascii,
		Mono:          os.Getenv("NO_COLOR") != "",
		Theme:         *theme,
		Choose:        chooseBoard,
	}
	if rec := cfg.Record; rec != nil {
		uc.Fixed, uc.Mines, uc.Clicks, uc.Source = true, rec.Mines, rec.Clicks, cfg.File
	} else {
		kept, ok := k.saved(cfg.Settings)
		switch {
		case *fresh:
			if ok {
				k.discard(cfg.Settings)
			}
		case ok:
			uc.Resume, uc.AskResume, k.offered = kept, !*resume, cfg.Settings.String()
		case *resume:
			fmt.Fprintf(stderr, "minesweeper: -resume: no game of %s was left unfinished\n", describe(cfg.Settings))
			return exitFailure
		}
	}
	uc.Finished, uc.Stats = k.finished, k.stats
	res, err := ui.Play(uc)
	if err != nil {
		fmt.Fprintf(stderr, "minesweeper: %v\n", err)
		return exitFailure
	}
	left := k.leave(res)
	// A board file's game is no board to start with next time; a random
	// game that followed it (n) is.
	k.remember(res.Board, res.Source == "", res.Theme)
	k.flush(stderr)
	fmt.Fprintln(stdout, summary(res, left))
	if res.Signal != nil {
		return ui.SignalStatus(res.Signal) // 128 plus its number, as a shell reports it
	}
	return exitOK
}

// checkResume checks -resume and -new against each other and the board
// flags.
func checkResume(bf *boardFlags, resume, fresh bool) error {
	set := map[string]bool{}
	bf.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	switch {
	case resume && fresh:
		return errors.New("-resume and -new: choose one")
	case (resume || fresh) && set["board"]:
		return errors.New("-board: a board file is played from its start; -resume and -new are for random boards")
	case resume && set["seed"]:
		return errors.New("-resume: cannot be combined with -seed (the game left has its seed)")
	}
	return nil
}

// describe names a kind of board in words: "9x9 with 10 mines",
// "30x16 with 99 mines, no-guess, the safe first click".
func describe(s board.Settings) string {
	text := fmt.Sprintf("%dx%d with %s", s.Width, s.Height, record.Count(s.Mines, "mine"))
	if s.NoGuess {
		text += ", no-guess"
	}
	if s.Rule != board.Opening {
		text += fmt.Sprintf(", the %s first click", s.Rule)
	}
	return text
}

// canPlay reports whether the full screen can be used: the keys come from
// a terminal on standard input, and the screen, which tcell draws on
// /dev/tty, is on standard output or standard error or opens as
// /dev/tty. Standard output need not be a terminal, so that the line
// printed at the end can go to a file: minesweeper >> results.txt.
func canPlay(stdin io.Reader, stdout, stderr io.Writer) bool {
	if !isTerminal(stdin) {
		return false
	}
	if isTerminal(stdout) || isTerminal(stderr) {
		return true
	}
	tty, err := os.Open("/dev/tty")
	if err != nil {
		return false
	}
	defer tty.Close()
	return term.IsTerminal(int(tty.Fd()))
}

// isTerminal reports whether f is an *os.File open on a terminal.
func isTerminal(f any) bool {
	fh, ok := f.(*os.File)
	return ok && term.IsTerminal(int(fh.Fd()))
}

// summary returns the line printed when the game ends: the result, the
// time, the board and, for a game that ended, its numbers, the guesses it
// forced and the command that replays it; for a game left before its end
// and saved, the command that goes on with it.
func summary(r ui.Result, left leaving) string {
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
		fmt.Fprintf(&b, "board %s", r.Source)
	} else {
		fmt.Fprintf(&b, "seed %d", r.Seed)
	}
	line := withVerdict(b.String(), r)
	switch {
	case r.Status != board.Playing && left.number > 0:
		line += fmt.Sprintf("; replay: minesweeper replay %d", left.number)
	case r.Status != board.Playing:
		line += "; not kept, so it cannot be replayed"
	case left.saved:
		line += fmt.Sprintf("; saved, to go on: minesweeper %s -resume", boardArgs(k, board.LevelOf(k)))
	case r.Source != "":
		line += fmt.Sprintf(" (again: minesweeper -board %s)", shellQuote(r.Source))
	}
	return line
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

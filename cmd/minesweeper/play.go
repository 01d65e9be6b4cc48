package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/boardflag"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/local"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/ui"
	uikeys "github.com/minesweeper-go/minesweeper/internal/ui/keys"
	uitheme "github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// runPlay is "minesweeper [flags]": the full-screen game. After the
// terminal is restored it prints one line: the result, the time, the board
// and how to play it again. A game ended by a signal exits with 128 plus
// the signal's number.
func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, f := playFlags()
	bf, ascii, question, theme, resume, fresh, showVersion, keysName := f.board, f.ascii, f.question, f.theme, f.resume, f.fresh, f.version, f.keys
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, func(w io.Writer) { usage(w, fs) }); done {
		return code
	}
	if *showVersion {
		return runVersion(nil, stdin, stdout, stderr)
	}
	k := newSession(stderr)
	defer k.Flush(stderr) // the warnings of an early return
	defer k.Close()       // before the warnings: closing may warn
	cfg, err := bf.Resolve()
	if err == nil {
		err = checkResume(bf, *resume, *fresh)
	}
	if err == nil {
		if err = uitheme.Check(*theme); err != nil {
			err = fmt.Errorf("-theme: %w", err)
		}
	}
	var keys *uikeys.Set
	if err == nil {
		keys, err = local.Keys(*keysName)
	}
	if err == nil {
		last, lastOK, lastTheme := k.Prefs(uitheme.Check)
		if *theme == "" {
			*theme = lastTheme
		}
		if !given(fs, "question") { // given, it is remembered at the end
			*question = k.QuestionMarks()
		}
		// No flag chooses the board: the one played last, if any.
		if lastOK && !bf.Chosen() {
			c, lerr := boardflag.Last(cfg, last)
			if lerr == nil {
				cfg = c
			} else {
				k.Warn(fmt.Sprintf("the last board, %s, is not used: %v", last, lerr))
			}
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "minesweeper: %v\n", err)
		return exitUsage
	}
	start := play.Start{Board: cfg.Settings, Layout: cfg.Layout, Seed: cfg.Seed, Seeded: cfg.Seeded}
	if rec := cfg.Record; rec != nil {
		start.Fixed, start.Mines, start.Clicks, start.Source = true, rec.Mines, rec.Clicks, cfg.File
	}
	return local.Play(k, local.Game{
		Name: "minesweeper", Start: start, Keys: keys, Reader: *f.reader,
		Prefs: ui.Prefs{QuestionMarks: *question, ASCII: *ascii, Theme: *theme},
		// The game left unfinished, claimed for this run; with -new the
		// player is asked to give it up, as n asks in a game. The seed or
		// the board file asked for is played: a saved game of the board
		// stays saved, to be resumed another time.
		Claim: cfg.Record == nil && !cfg.Seeded, Resume: *resume, GiveUp: *fresh,
		NoTerminal: "try -reader to play in lines, or minesweeper judge for records",
	}, stdin, stdout, stderr)
}

// newSession returns the player's session for the game and daily: it
// lays the boards chosen in the menu (play.Choose) and says its notices
// on stderr.
func newSession(stderr io.Writer) *session.Session {
	k := session.New()
	k.Choose = play.Choose
	k.Notice = func(msg string) { fmt.Fprintf(stderr, "minesweeper: %s\n", msg) }
	return k
}

// playOptions are the game's flags, as playFlags defines them.
type playOptions struct {
	board                                   *boardflag.Flags
	ascii, question, resume, fresh, version *bool
	reader                                  *bool
	theme, keys                             *string
}

// playFlags returns the game's flags: the one definition of them, which
// runPlay parses and the man page and the completions list.
func playFlags() (*flag.FlagSet, *playOptions) {
	fs := flag.NewFlagSet("minesweeper", flag.ContinueOnError)
	f := &playOptions{board: boardflag.Add(fs, true)}
	f.ascii = flagvalue.Bool(fs, "ascii", false, "draw with ASCII characters only")
	f.question = flagvalue.Bool(fs, "question", true, "let f cycle through a question mark after the flag; not given, as the last run left it (o changes it)")
	f.theme = fs.String("theme", "", "the colours: default, colour-blind or mono (default: the theme chosen last)")
	f.resume = flagvalue.Bool(fs, "resume", false, "go on with the game of this board left unfinished, without asking")
	f.fresh = flagvalue.Bool(fs, "new", false, "start a new game, giving up the game of this board left unfinished as a loss, asked first as n asks")
	f.reader = readerFlag(fs)
	f.version = flagvalue.Bool(fs, "version", false, "print the version and exit, as minesweeper version does")
	f.keys = addKeysFlag(fs)
	return fs, f
}

// checkResume checks -resume and -new against each other and the board
// flags.
func checkResume(bf *boardflag.Flags, resume, fresh bool) error {
	switch {
	case resume && fresh:
		return errors.New("-resume and -new: choose one")
	case (resume || fresh) && bf.Given("board"):
		return errors.New("-board: a board file is played from its start; -resume and -new are for random boards")
	case resume && bf.Given("seed"):
		return errors.New("-resume: cannot be combined with -seed (the game left has its seed)")
	}
	return nil
}

// addKeysFlag defines -keys on fs.
func addKeysFlag(fs *flag.FlagSet) *string {
	return fs.String("keys", "", "read the key bindings from this `file` instead of keys.conf in the configuration directory (see the README)")
}

// readerFlag defines -reader, on the game and on daily.
func readerFlag(fs *flag.FlagSet) *bool {
	return flagvalue.Bool(fs, "reader", false, "play in lines, for screen readers: a command a line, one line said for each (chosen when TERM=dumb)")
}

// given reports whether the flag name of fs was given.
func given(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

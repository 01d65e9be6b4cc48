package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/reader"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/ui"
)

// readerFlag defines -reader, on the game and on daily.
func readerFlag(fs *flag.FlagSet) *bool {
	return flagvalue.Bool(fs, "reader", false, "play in lines, for screen readers: a command a line, one line said for each (chosen when TERM=dumb)")
}

// readerMode reports whether the game is played in lines: asked for, or
// on a terminal that cannot draw a full screen (TERM=dumb).
func readerMode(asked bool) bool { return asked || os.Getenv("TERM") == "dumb" }

// playLines plays uc in lines (package reader) on stdin and stdout, and
// then keeps and reports what the player left as the full screen's game
// does (see report). asked is whether -reader was given: the command
// that plays the game again then gives it too (TERM=dumb chooses lines
// again by itself).
func playLines(k *session.Session, uc ui.Config, asked bool, stdin io.Reader, stdout, stderr io.Writer) int {
	// The signals that end the full screen's game end this one, between
	// two lines, its game left as q leaves it.
	sigs, caught, stop := make(chan os.Signal, 1), make(chan os.Signal, 1), make(chan struct{})
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT)
	defer func() {
		signal.Stop(sigs)
		close(sigs) // no signal is sent on it any more: the goroutine ends
	}()
	go func() {
		if sig, ok := <-sigs; ok {
			caught <- sig
			close(stop)
		}
	}()
	rc := reader.Config{
		Start: uc.Start, QuestionMarks: uc.Prefs.QuestionMarks,
		Keeper: k, NewSeed: uc.NewSeed, Now: time.Now, Stop: stop,
	}
	res, err := reader.Run(stdin, stdout, rc)
	if err != nil {
		fmt.Fprintf(stderr, "minesweeper: %v\n", err)
		if res.Settings == (board.Settings{}) {
			return exitFailure // no game was made
		}
	}
	res.Theme = uc.Prefs.Theme
	select {
	case res.Signal = <-caught:
	default:
	}
	flags := ""
	if asked {
		flags = " -reader"
	}
	return report(k, res, flags, stdout, stderr)
}

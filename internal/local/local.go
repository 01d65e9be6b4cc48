// Package local plays the game on the process's own terminal (minesweeper
// and minesweeper daily): on the full screen (package ui), or in lines
// (package reader) for screen readers and TERM=dumb; then keeps what the
// player left and prints the lines that sum the last game up. It finds
// the player's keys file too.
package local

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/reader"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/ui"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
)

// Game is a game to play on the process's terminal, its flags read.
type Game struct {
	Name  string // the command's, which its lines on stderr start with
	Start play.Start
	Prefs ui.Prefs // Mono is set from NO_COLOR
	Keys  *keys.Set
	// Claim claims the game of the start's board left unfinished, if
	// any (see play.Start.Claim), as -resume (Resume) and -new (GiveUp)
	// ask.
	Claim, Resume, GiveUp bool
	// Reader is -reader: the game is played in lines, and the command
	// that plays it again says so (TERM=dumb chooses lines by itself).
	Reader bool
	// NoTerminal is what else the player may do when the full screen
	// has no terminal, said after why.
	NoTerminal string
}

// Play plays g with the session k: in lines on stdin and stdout when
// -reader or TERM=dumb asks for them, else on the full screen, which needs
// a terminal on stdin and one to draw on. It then keeps what the player
// left and prints the lines that sum the last game up, and returns the
// exit status: 0, 1 for a failure said on stderr, or 128 plus the number
// of a signal that ended the game.
func Play(k *session.Session, g Game, stdin io.Reader, stdout, stderr io.Writer) int {
	lines := Lines(g.Reader)
	if !lines && !term.CanPlay(stdin, stdout, stderr) {
		fmt.Fprintf(stderr, "%s: the game needs a terminal on standard input, and one to draw on (%s)\n", g.Name, g.NoTerminal)
		return 1
	}
	g.Prefs.Mono = os.Getenv("NO_COLOR") != ""
	g.Prefs.Counters = k.Counters() // as the player left them (c)
	uc := ui.Config{
		Start: g.Start,
		Prefs: g.Prefs,
		// The session keeps the games, says what they count for and lays
		// the boards chosen in the menu.
		Keeper:  k,
		Keys:    g.Keys,
		NewSeed: rand.Uint64, // a new game's seed cannot be foreseen from the last
	}
	switch {
	case g.Claim && !g.Resume && !lines:
		// The game left unfinished is read beside the first frame, the
		// resume question drawn when it comes.
		uc.Claim = func(st *play.Start) error { return st.Claim(k, false, g.GiveUp) }
	case g.Claim:
		// -resume without a game to resume is a line on stderr, no
		// screen drawn; the lines have no frame to draw first.
		if err := uc.Start.Claim(k, g.Resume, g.GiveUp); err != nil {
			fmt.Fprintf(stderr, "%s: -resume: %v\n", g.Name, err)
			return 1
		}
	}
	if lines {
		return playLines(k, uc, g.Reader, stdin, stdout, stderr)
	}
	res, err := ui.Play(uc)
	if err != nil {
		fmt.Fprintf(stderr, "minesweeper: %v\n", err)
		return 1
	}
	return report(k, res, "", stdout, stderr)
}

// Lines reports whether the game is played in lines: asked for, or on a
// terminal that cannot draw a full screen (TERM=dumb).
func Lines(asked bool) bool { return asked || os.Getenv("TERM") == "dumb" }

// playLines plays uc in lines (package reader) on stdin and stdout, and
// then keeps and reports what the player left as the full screen's game
// does (see report). asked is whether -reader was given: the command
// that plays the game again then gives it too.
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
			return 1 // no game was made
		}
	}
	res.Theme, res.QuestionMarks = uc.Prefs.Theme, uc.Prefs.QuestionMarks
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

// report keeps what the player left with k and prints the line that sums
// the last game up and, after a game on a daily board, the line to
// share. flags are added to the command that plays the game again, such
// as -reader. It returns the exit status: 128 plus the number of a signal
// that ended the game.
func report(k *session.Session, res play.Result, flags string, stdout, stderr io.Writer) int {
	saved := play.Leave(k, res)
	k.Flush(stderr)
	again := play.Again(res, saved)
	if again != "" {
		again += flags
	}
	for _, line := range play.Lines(res, saved, again) {
		fmt.Fprintln(stdout, line)
	}
	if res.Signal != nil {
		return term.SignalStatus(res.Signal) // 128 plus its number, as a shell reports it
	}
	return 0
}

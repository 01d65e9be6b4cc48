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
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/game"
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
	rc, err := linesConfig(uc)
	if err != nil {
		fmt.Fprintf(stderr, "minesweeper: %v\n", err)
		return exitFailure
	}
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
	rc.Keeper, rc.NewSeed, rc.Now, rc.Stop = k, uc.NewSeed, time.Now, stop
	out, err := reader.Run(stdin, stdout, rc)
	if err != nil {
		fmt.Fprintf(stderr, "minesweeper: %v\n", err)
	}
	res := linesResult(out, uc.Prefs.Theme, time.Now())
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

// linesConfig makes the first game of uc as ui.Run does: a board file's
// layout and clicks, a daily board, a game left unfinished resumed (in
// lines without asking: the first line says so, and n gives it up), or a
// new random board.
func linesConfig(uc ui.Config) (reader.Config, error) {
	st := uc.Start
	gc := game.Config{Settings: st.Board, Layout: st.Layout, QuestionMarks: uc.Prefs.QuestionMarks}
	var rc reader.Config
	var err error
	switch {
	case st.Fixed:
		rc.Game, err = game.NewFixed(gc, st.Mines, st.Source, st.Seed)
		rc.Clicks = st.Clicks
	case st.Resume != nil:
		kept := *st.Resume
		if kept.Settings == (board.Settings{}) {
			kept.Settings = st.Board
		}
		if d := st.Daily; d != nil {
			gc.Settings, gc.Layout = d.Settings, daily.Layout
		}
		rc.Game, err = game.Resume(gc, kept, time.Now)
		rc.Note = "resumed the game of this board left unfinished; n gives it up for a new game"
		if st.GiveUp {
			// -new: n gives it up at once, as a second n does in a game.
			rc.Note, rc.GiveUp = "-new: give up the game of this board left unfinished for a new game? it counts as a loss: n (anything else goes on with it)", true
		}
	case st.Daily != nil:
		gc.Settings, gc.Layout = st.Daily.Settings, daily.Layout
		rc.Game, err = game.NewDaily(gc, st.Daily.Game())
	default:
		origin := game.Drawn
		if st.Seeded {
			origin = game.Seeded
		}
		rc.Game, err = game.New(gc, st.Seed, origin)
	}
	if st.Resume == nil && st.Elsewhere > 0 {
		rc.Note = ui.ElsewhereNote
	}
	return rc, err
}

// linesResult returns the result of a game played in lines as the full
// screen's (ui.Run's) would be.
func linesResult(r reader.Result, theme string, now time.Time) ui.Result {
	g := r.Game
	res := ui.Result{
		Kept:    g.Kept(now, g.Status() != board.Playing && g.Settings().Cells() <= game.LayoutCells),
		Counts:  r.Counts,
		Started: g.Started(),
		Verdict: g.Verdict().String(),
		Numbers: g.Numbers(now),
		Theme:   theme,
		GaveUp:  r.GaveUp,
	}
	if d := r.Daily; d != nil {
		res.DailyEnd = &ui.DailyResult{
			Date: d.Date, Level: d.Level, Won: d.Won, GaveUp: d.GaveUp,
			Numbers: d.Numbers, Assisted: d.Assisted, Undone: d.Undone, Counts: d.Counts,
		}
	}
	return res
}

package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/minesweeper-go/minesweeper/internal/record"
)

// Interrupted is the cause of a run stopped by a signal.
type Interrupted struct{ Signal os.Signal }

// Error names the signal as Go does: "interrupt", "terminated", "hangup".
func (in Interrupted) Error() string { return in.Signal.String() }

// Signals is how a command of bench takes the signals that stop it
// (Ctrl-C, SIGTERM, SIGHUP): the first stops the work, the second quits
// at once.
type Signals struct {
	Name string           // the command's, which its lines on stderr start with
	C    <-chan os.Signal // the signals caught
	// Exit quits the process at once with the exit status: it is called
	// on the second signal.
	Exit func(code int)
	// Status is the exit status of a process a signal stopped: 128 plus
	// the signal's number.
	Status func(sig os.Signal) int
}

// Watch stops the run on the first signal, with Interrupted as the cause,
// and on the second says so on stderr, over the progress bar if there is
// one (bar), and calls Exit. It returns when done is closed.
func (s Signals) Watch(done <-chan struct{}, stop context.CancelCauseFunc, stderr io.Writer, bar bool) {
	for n := 0; ; n++ {
		var sig os.Signal
		select {
		case <-done:
			return
		case sig = <-s.C:
		}
		if n == 0 {
			stop(Interrupted{sig})
			continue
		}
		msg := s.Name + ": stopped again; quitting without a report\n"
		if bar {
			msg = "\r\x1b[K" + msg
		}
		io.WriteString(stderr, msg)
		s.Exit(s.Status(sig))
		return
	}
}

// watch runs s.Watch until the returned function is called, and returns
// the context that the first signal cancels.
func (s Signals) watch(stderr io.Writer, bar bool) (context.Context, func()) {
	ctx, stop := context.WithCancelCause(context.Background())
	done := make(chan struct{})
	go s.Watch(done, stop, stderr, bar)
	return ctx, func() {
		close(done)
		stop(nil)
	}
}

// Command is minesweeper bench once its flags are read: the run, how its
// report is written, and the signals that stop it.
type Command struct {
	Config
	Level    string // the board's level, "custom" for none, as the report names it
	JSON     bool   // write the report as JSON rather than as text
	Progress bool   // draw a progress bar on stderr (a terminal)
	Signals  Signals
}

// Run plays the games and writes the report on stdout, and returns the
// exit status: 0, 1 for a failure (said on stderr), or Signals.Status
// of the signal that stopped the run, whose report, of the games
// finished, is partial. On no-guess boards a game lost or with a guess
// fails the run: the report is written, the first such game named on
// stderr with the flags that replay it, and the status is 1.
func (c Command) Run(stdout, stderr io.Writer) int {
	var bar *ProgressBar
	if c.Progress {
		bar = NewProgressBar(stderr, c.Games)
		c.Config.Progress = bar.Draw
	}
	ctx, stop := c.Signals.watch(stderr, bar != nil)
	defer stop()
	res, err := Run(ctx, c.Config)
	if bar != nil {
		bar.Clear()
	}
	code := 0
	var in Interrupted
	switch {
	case res != nil && res.Partial && errors.As(err, &in):
		fmt.Fprintf(stderr, "%s: %v after %d of %s; the report is partial\n",
			c.Signals.Name, in, res.Games, record.Count(res.GamesPlanned, "game"))
		code = c.Signals.Status(in.Signal)
	case err != nil:
		fmt.Fprintf(stderr, "%s: %v\n", c.Signals.Name, err)
		return 1
	}
	if err := writeReport(stdout, Report{Level: c.Level, Workers: min(c.Workers, c.Games), Result: res}, c.JSON); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", c.Signals.Name, err)
		return 1
	}
	if res.Failures > 0 {
		fmt.Fprintf(stderr, "%s: %s\n", c.Signals.Name, c.failureLine(res))
		if code == 0 {
			code = 1
		}
	}
	return code
}

// failureLine says which game of a no-guess run first failed, and why, with
// the flags that replay it: the same board and seed, and as many games as
// it takes for it to be the last.
func (c Command) failureLine(r *Result) string {
	f := r.FirstFailure
	flags := fmt.Sprintf("-width %d -height %d -mines %d", c.Board.Width, c.Board.Height, c.Board.Mines)
	if c.Level != "custom" {
		flags = "-level " + c.Level
	}
	flags = "-no-guess " + flags
	if c.MaxClicks != DefaultMaxClicks {
		flags += fmt.Sprintf(" -max-clicks %d", c.MaxClicks)
	}
	return fmt.Sprintf("no-guess game %d (seed %d) %s; %d of %s failed; replay it with: minesweeper bench %s -seed %d -games %d",
		f.Game, r.Seed, f.Reason, r.Failures, record.Count(r.Games, "game"), flags, r.Seed, f.Game+1)
}

// writeReport writes rep to w as text, or as JSON with asJSON.
func writeReport(w io.Writer, rep Report, asJSON bool) error {
	if asJSON {
		return rep.WriteJSON(w)
	}
	_, err := io.WriteString(w, rep.Text())
	return err
}

// MergeCommand is minesweeper bench merge once its flags are read: the
// report of a whole run from the -json reports of its shards, the files
// Names, each read with Read. The first signal stops it before the next
// file, without a report.
type MergeCommand struct {
	Names   []string
	JSON    bool // write the report as JSON rather than as text
	Read    func(ctx context.Context, name string) ([]byte, error)
	Signals Signals
}

// Run merges the reports and writes the whole run's on stdout, and
// returns the exit status: 0, 1 for a failure (said on stderr), or
// Signals.Status of the signal that stopped it.
func (c MergeCommand) Run(stdout, stderr io.Writer) int {
	ctx, stop := c.Signals.watch(stderr, false)
	defer stop()
	rep, err := MergeReports(ctx, c.Names, func(name string) ([]byte, error) { return c.Read(ctx, name) })
	var in Interrupted
	if errors.As(err, &in) {
		fmt.Fprintf(stderr, "%s: %v; no report\n", c.Signals.Name, err)
		return c.Signals.Status(in.Signal)
	}
	if err == nil {
		err = writeReport(stdout, rep, c.JSON)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", c.Signals.Name, err)
		return 1
	}
	return 0
}

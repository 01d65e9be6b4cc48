// Package ui is the full-screen game: it draws a board on a tcell.Screen and
// turns keys and mouse clicks into moves. It is the only package that
// imports tcell.
//
// The game state (the board, its seed and the clock) is kept apart from the
// view state (cursor, scroll offset, overlays, messages). An event becomes a
// command, the command is applied, and the loop draws the whole frame from
// the two states, then shows it. The clock ticks by posted events; nothing
// but the loop draws.
package ui

import (
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Config describes the game to play.
type Config struct {
	Width, Height, Mines int
	Rule                 board.FirstClick
	Seed                 uint64

	// Fixed plays exactly the mines in Layout (a record's layout, without
	// relocation) and replays Clicks on it. New games ('n') are random
	// boards of the same size and mine count.
	Fixed  bool
	Layout []board.Point
	Clicks []board.Point
	Source string // the record file's name, shown instead of the seed

	QuestionMarks bool // 'f' cycles flag, question mark, none; else flag, none
	ASCII         bool // draw with ASCII characters only
	Mono          bool // no colours (NO_COLOR): glyphs and reverse video only

	// Now returns the current time; nil means time.Now. Tests fix it.
	Now func() time.Time
	// Tick is how often the clock posts an event to redraw; zero means a
	// quarter of a second and a negative value turns the ticker off.
	Tick time.Duration
	// Suspend is called between Screen.Suspend and Screen.Resume on Ctrl-Z
	// to stop the process; nil only releases and retakes the screen.
	Suspend func()
}

// Result is how the last game stood when the player left.
type Result struct {
	Status               board.Status
	Started              bool          // whether anything was opened
	Elapsed              time.Duration // the clock
	Width, Height, Mines int
	Seed                 uint64
	Rule                 board.FirstClick
	Source               string // the record file, when the board was its layout
}

// tick is the data of the clock's posted events.
type tick struct{}

// quit is the data of the event posted when a signal asks the game to end.
type quit struct{}

// Run plays cfg on s, which must be initialised, until the player quits,
// and returns the last game's result. It leaves s to its caller to Fini.
//
// An *tcell.EventInterrupt whose data is a func() runs that function on the
// loop after the frame is shown; tests use it to look at the screen between
// events.
func Run(s tcell.Screen, cfg Config) (Result, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	g, err := newGame(cfg, cfg.Now())
	if err != nil {
		return Result{}, err
	}
	u := newUI(g, cfg)
	s.EnableMouse(tcell.MouseButtonEvents)
	s.HideCursor()

	done := make(chan struct{})
	defer close(done)
	if d := cfg.Tick; d >= 0 {
		if d == 0 {
			d = time.Second / 4
		}
		go ticker(s, d, done)
	}

	u.render(s)
	for {
		ev := s.PollEvent()
		if ev == nil { // the screen was finalised
			break
		}
		if u.handle(s, ev) {
			break
		}
		u.render(s)
		if ev, ok := ev.(*tcell.EventInterrupt); ok {
			if f, ok := ev.Data().(func()); ok {
				f()
			}
		}
	}
	return g.result(cfg.Now()), nil
}

// ticker posts a tick every d until done is closed. It never draws.
func ticker(s tcell.Screen, d time.Duration, done <-chan struct{}) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			_ = s.PostEvent(tcell.NewEventInterrupt(tick{})) // a full queue drops a tick: the next one redraws
		}
	}
}

// Play opens the terminal, runs the game and restores the terminal on every
// way out: a quit, SIGTERM, SIGHUP or SIGINT, or a panic, which comes back
// as an error after the terminal is restored.
func Play(cfg Config) (Result, error) {
	s, err := tcell.NewScreen()
	if err != nil {
		return Result{}, fmt.Errorf("cannot open the terminal: %w", err)
	}
	if cfg.Suspend == nil {
		cfg.Suspend = suspendSelf
	}
	return playOn(s, cfg)
}

// playOn is Play on a screen not yet initialised: it initialises s, runs
// the game and always finalises s, turning a panic into an error after the
// screen is restored.
func playOn(s tcell.Screen, cfg Config) (res Result, err error) {
	if err := s.Init(); err != nil {
		return Result{}, fmt.Errorf("cannot open the terminal: %w", err)
	}
	defer func() {
		r := recover()
		s.Fini()
		if r != nil {
			err = fmt.Errorf("internal error: %v\n%s", r, debug.Stack())
		}
	}()

	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT)
	defer signal.Stop(sigs)
	done := make(chan struct{})
	defer close(done)
	go postQuitOnSignal(s, sigs, done)
	return Run(s, cfg)
}

// postQuitOnSignal posts a quit event when a signal arrives, retrying while
// the event queue is full, until done is closed.
func postQuitOnSignal(s tcell.Screen, sigs <-chan os.Signal, done <-chan struct{}) {
	select {
	case <-done:
		return
	case <-sigs:
	}
	for {
		err := s.PostEvent(tcell.NewEventInterrupt(quit{}))
		if !errors.Is(err, tcell.ErrEventQFull) {
			return
		}
		select {
		case <-done:
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
}

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
	"os"
	"strings"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Config describes the game to play.
type Config struct {
	Board board.Settings // size, mines, first-click rule, no-guess
	// Layout lays the mines of random boards on the first click; nil means
	// uniformly at random. No-guess settings need a Layout that lays
	// no-guess boards.
	Layout board.Layout
	Seed   uint64

	// Fixed plays exactly the mines in Mines (a record's layout, without
	// relocation) and replays Clicks on it. New games ('n') are random
	// boards of the same size and mine count.
	Fixed  bool
	Mines  []board.Point
	Clicks []board.Point
	Source string // the record file's name, shown instead of the seed

	QuestionMarks bool   // 'f' cycles flag, question mark, none; else flag, none
	ASCII         bool   // draw with ASCII characters only
	Mono          bool   // no colours (NO_COLOR): glyphs and reverse video only
	Theme         string // the theme's name (see ThemeNames); "" is the default

	// Now returns the current time; nil means time.Now. Tests fix it.
	Now func() time.Time
	// Tick is how often the clock posts an event to redraw; zero means a
	// quarter of a second and a negative value turns the ticker off.
	Tick time.Duration
	// Suspend is called between Screen.Suspend and Screen.Resume on Ctrl-Z
	// to stop the process; nil only releases and retakes the screen.
	Suspend func()
	// Finished, when not nil, is called on the loop with each game that
	// ends won or lost, as it ends: a new game (n) starts after it. The
	// game's history is kept through it. What it returns, such as "new
	// best time", is shown with the game's numbers at its end.
	Finished func(Result) string
	// Stats, when not nil, returns the lines that the statistics key shows
	// for a kind of board.
	Stats func(board.Settings) []string

	// Resume, when not nil, is a game of the settings Board left before its
	// end: the first game goes on from it rather than starting anew. With
	// AskResume the player is asked first, its board hidden and its clock
	// stopped; a new game then has the seed Seed.
	Resume    *Kept
	AskResume bool
	// Replay, when not nil, is a game of the settings Board to play back
	// at its own pace, faster, slower, paused or move by move, rather than
	// a game to play. Finished is not called.
	Replay *Kept
	// Choose, when not nil, returns the layout of settings chosen in the
	// options menu (nil for uniformly random mines, as Layout), or why
	// they cannot be played; without it the menu refuses no-guess boards.
	Choose func(board.Settings) (board.Layout, error)

	// ReplaySpeed is the replay's speed at the start, game time per real
	// time: 2 plays it twice as fast; zero means 1.
	ReplaySpeed float64
}

// Result is how the last game stood when the player left.
type Result struct {
	Status   board.Status
	Started  bool           // whether anything was opened
	Elapsed  time.Duration  // the clock
	Board    board.Settings // the last game's board
	Assisted bool           // the solver helped: a hint or flags it placed
	Undone   bool           // a move was taken back (u), even a fatal one
	// Verdict counts the guesses a finished game forced, with the chance
	// the player survived each, and says after a loss whether the last cell
	// was one; empty while the game goes on.
	Verdict string
	Seed    uint64
	Source  string    // the record file, when the board was its layout
	Signal  os.Signal // the signal that ended the game, or nil
	Theme   string    // the theme in use at the end, as the menu left it

	// The game in numbers: its mines (nil before the first opening), its
	// 3BV (the fewest clicks that clear it), the moves that changed the
	// board or its marks, and when each was made, from the first opening.
	Mines   []board.Point
	ThreeBV int
	Moves   []TimedMove
	// Note is what Config.Finished said of the game, such as "new best
	// time".
	Note string
}

// TimedMove is a move and when it was made, from the game's first opening;
// the moves before it have negative or zero times.
type TimedMove struct {
	Move board.Move
	At   time.Duration
}

// tick is the data of the clock's posted events.
type tick struct{}

// quit is the data of the event posted when a signal asks the game to end.
type quit struct{ sig os.Signal }

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
	if cfg.Replay != nil {
		cfg.Finished = nil // the game was kept when it was played
		if cfg.Replay.Source != "" {
			cfg.Source = cfg.Replay.Source
		}
	}
	if !isUTF8(s.CharacterSet()) {
		cfg.ASCII = true // the terminal cannot show the board's glyphs
	}
	g, err := newGame(cfg, cfg.Now())
	if err != nil {
		return Result{}, err
	}
	done := make(chan struct{})
	defer close(done)
	u := newUI(g, cfg, done)
	switch {
	case cfg.Replay != nil:
		u.startReplay(cfg.Replay)
	case cfg.Resume != nil:
		if err := u.resume(s, cfg.Resume, cfg.Now(), cfg.AskResume); err != nil {
			return Result{}, err
		}
	}
	s.EnableMouse(tcell.MouseButtonEvents, tcell.MouseDragEvents) // drags move a pressed cell
	s.HideCursor()

	if d := cfg.Tick; d >= 0 {
		if d == 0 {
			d = time.Second / 4
			if cfg.Replay != nil {
				d = replayTick
			}
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
	res := u.g.result(cfg.Now())
	res.Signal, res.Theme = u.signal, u.cfg.Theme
	return res, u.fault
}

// isUTF8 reports whether a terminal's character set is UTF-8.
func isUTF8(charset string) bool {
	return strings.EqualFold(charset, "UTF-8") || strings.EqualFold(charset, "UTF8")
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

// post posts an event with data to s, waiting for room in the queue until
// done is closed: unlike a tick, the events it posts (a laid board, a quit)
// must not be lost.
func post(s tcell.Screen, data any, done <-chan struct{}) {
	for {
		err := s.PostEvent(tcell.NewEventInterrupt(data))
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

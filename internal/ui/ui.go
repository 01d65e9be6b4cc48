// Package ui is the full-screen game: it draws a board on a tcell.Screen and
// turns keys and mouse clicks into moves. It and its subpackages are the
// only packages that import tcell: keys (what a key means, the keys file),
// theme (glyphs and styles), canvas (text on the screen, the frames'
// shadow), menu (the options menu's state), term (the process's terminal:
// signals, restoring it, Ctrl-Z) and remote (a terminal at the far end of
// a connection, and the name prompt). None of them imports ui.
//
// The game state (the board, its seed and the clock) is kept apart from the
// view state (cursor, scroll offset, overlays, messages). An event becomes a
// command, the command is applied, and the loop draws the whole frame from
// the two states, then shows it. The clock ticks by posted events; nothing
// but the loop draws.
package ui

import (
	"errors"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
	"github.com/minesweeper-go/minesweeper/internal/ui/replay"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// Config is what Run plays: the game to start, the player's preferences
// and the session the games are kept by, with what the loop reads of the
// world (the clock, the ticker, Ctrl-Z, the solver, the seeds of new
// games), which tests replace.
type Config struct {
	Start play.Start // the game to start: a new one, a saved one resumed, or a replay
	// ReplayMarks are the judged moves of Start.Replay, said as they are
	// played and marked on its progress line; ReplayTitle, when set, names
	// the game replayed (another program's video) in the first message.
	ReplayMarks []replay.Mark
	ReplayTitle string
	Prefs       Prefs     // how the game looks and what f does
	Keeper      Keeper    // the session: what the games count for and where they are kept; nil keeps nothing
	Keys        *keys.Set // the keys as the player bound them (see keys.Parse); nil is the default keys

	// Now returns the current time; nil means time.Now. Tests fix it.
	Now func() time.Time
	// Tick is how often the clock posts an event to redraw; zero means a
	// quarter of a second and a negative value turns the ticker off.
	Tick time.Duration
	// Suspend is called between Screen.Suspend and Screen.Resume on Ctrl-Z
	// to stop the process; nil only releases and retakes the screen.
	Suspend func()
	// Solver answers the hints, the odds, auto-play and the guess audit;
	// nil means package solver.
	Solver Solver
	// NewSeed returns the seed of each new game ('n', the menu): one the
	// player cannot foresee from the game before. Nil means a SplitMix64
	// step from the last seed, which tests can foresee.
	NewSeed func() uint64
	// Leaders returns the leaderboards of level (beginner, intermediate or
	// expert) of the server the game is played on, in the order the
	// overlay of 'b' shows them: today's daily board, yesterday's, then
	// all time's. It is called off the loop, once for the level in play
	// each time the overlay opens, or once for each level when the board
	// is of none; its names are drawn made printable and cut to their
	// column. Nil means the game is not played on a server: 'b' is in
	// neither the footer nor the help, and says there is no leaderboard.
	Leaders func(level string) ([]history.Leaderboard, error)
	// Replay, when not nil, returns the playback of the game of entry i
	// of leaderboard lb ('b', a row, Enter), or why it is not replayed
	// (today's board, a game not a clean win).
	Replay func(lb history.Leaderboard, i int) (Playback, error)

	// Cursor, when not nil, is where the cursor starts on the first board,
	// unless it is a daily board, which starts on its start cell: a
	// scripted game (a test, a demo) names its cells from there. Nil
	// starts it at the board's centre.
	Cursor *board.Point

	// SecretSeed hides a game's seed until it is over, on the screen and
	// in Result's summary: on a server with a shared leaderboard, a seed
	// seen before the end lays, offline, a board the player could know.
	SecretSeed bool

	// Watched, when not nil, follows the game from outside its screen (a
	// server's viewers): it is told of each frame shown, and the header
	// counts its viewers.
	Watched Watched

	// ended, when not nil, reports whether the game must end now, before
	// the events queued are handled: a remote player gone or the server
	// ending the session.
	ended func() bool

	// pauseOnly makes Ctrl-Z pause the game without suspending anything:
	// a remote terminal's process is not this one.
	pauseOnly bool

	// layGate, when set, runs before the mines are laid off the loop: a
	// test holds the laying there.
	layGate func()

	// Claim, when not nil, claims the game of Start's board left
	// unfinished (see play.Start.Claim) beside the first frame rather
	// than before it: it runs off the loop, as a job, on a copy of Start,
	// while a new game is drawn; when it comes back with a game to
	// resume, that game is laid off the loop too and replaces the new
	// one, the resume question drawn. The player's keys and clicks wait
	// for its answer, then are handled in order.
	Claim func(*play.Start) error
}

// Prefs are the player's preferences.
type Prefs struct {
	QuestionMarks bool   // 'f' cycles flag, question mark, none; else flag, none
	ASCII         bool   // draw with ASCII characters only
	Mono          bool   // no colours (NO_COLOR): glyphs and reverse video only
	Theme         string // the theme's name (see theme.Names); "" is the default
	// Counters shows the live counters under the board as the game goes
	// on: the 3BV solved so far, the 3BV per second, the clicks and the
	// efficiency (c turns them on and off).
	Counters bool
}

// Watched is what follows a game in play from outside its screen, such
// as the viewers of a game on a server.
type Watched interface {
	// Shown is told of each frame, on the loop once it is shown: f is the
	// loop's, filled again at the next frame, so what is kept is copied.
	Shown(f *play.Frame)
	// Viewers returns how many follow the game, which the header says.
	Viewers() int
}

// Playback shows a game played back on s until the viewer leaves, handing
// pass the events posted to s that are the loop's; it returns a line for
// the footer, or "".
type Playback func(s tcell.Screen, pass func(tcell.Event)) string

// keyMode returns what the keys' help and footer say under cfg.
func (cfg Config) keyMode() keys.Mode {
	return keys.Mode{QuestionMarks: cfg.Prefs.QuestionMarks, PauseOnly: cfg.pauseOnly, Server: cfg.Leaders != nil}
}

// tick is the data of the clock's posted events.
type tick struct{}

// Run plays cfg on s, which must be initialised, until the player quits,
// and returns the last game's result. It leaves s to its caller to Fini.
//
// An *tcell.EventInterrupt whose data is a func() runs that function on the
// loop after the frame is shown; tests use it to look at the screen between
// events.
func Run(s tcell.Screen, cfg Config) (play.Result, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Start.Replay != nil {
		cfg.Keeper = nil // the game was kept when it was played
	}
	cfg.Start = cfg.Start.Normal()
	if !term.IsUTF8(s.CharacterSet()) {
		cfg.Prefs.ASCII = true // the terminal cannot show the board's glyphs
	}
	// A resumed game's clock goes on from the time its board is back:
	// laying a huge board again takes a second or two, which are not
	// played.
	var back time.Time
	g, err := startGame(cfg, func() time.Time {
		back = cfg.Now()
		return back
	})
	if err != nil {
		return play.Result{}, err
	}
	done := make(chan struct{})
	defer close(done)
	u := newUI(s, g, cfg, done)
	defer u.stopAll() // before done closes: the loop is over
	u.newAudits()
	u.colors = s.Colors()
	u.setTheme(cfg.Prefs.Theme)
	if cfg.Start.Replay != nil {
		u.startCursor()
		u.setPlay(u.replayPlay(g))
		u.startReplay(*cfg.Start.Replay)
	} else {
		u.begin(back)
	}
	// A board file's clicks are the player's: a game they end is kept.
	u.p.Begin(cfg.Start)
	if cfg.Claim != nil && cfg.Start.Replay == nil && cfg.Start.Resume == nil {
		u.claim(s)
		defer u.claimed() // no claim goes on with the session once Run is over
	}
	s.EnableMouse(tcell.MouseButtonEvents, tcell.MouseDragEvents) // drags move a pressed cell

	if d := cfg.Tick; d >= 0 {
		if d == 0 {
			d = time.Second / 4
			if cfg.Start.Replay != nil {
				d = replayTick
			}
		}
		u.tickEvery = d
		u.tick(s)
	}

	u.settle(s)
	u.render(s)
	for {
		ev := s.PollEvent()
		if ev == nil { // the screen was finalised
			break
		}
		if cfg.ended != nil && cfg.ended() {
			break
		}
		if u.hold(ev) {
			continue
		}
		if u.handle(s, ev) {
			break
		}
		if u.handleHeld(s) {
			break
		}
		u.settle(s)
		u.render(s)
		if ev, ok := ev.(*tcell.EventInterrupt); ok {
			if f, ok := ev.Data().(func()); ok {
				f()
			}
		}
	}
	if u.back != nil {
		u.endReplay() // quit from the replay of the last game: it is the last
	}
	return u.result(cfg.Now()), u.fault
}

// begin says what the start of the first game, u.cfg.Start, says, the
// resume question asked when it resumes a game (whose board was back at
// back), and commits a daily board's game.
func (u *ui) begin(back time.Time) {
	st := u.cfg.Start
	if d := st.Daily; d != nil {
		u.p.Commit(*d)
	}
	u.startCursor()
	if _, ok := u.g.StartCell(); ok {
		u.v.message = dailyNote(st.DailyCount)
	}
	if st.Note != "" && u.v.message == "" {
		u.v.message = st.Note
	}
	if st.Resume == nil && st.Elsewhere > 0 {
		u.v.message = play.ElsewhereNote
	}
	if st.Resume != nil && st.AskResume {
		u.askResume(back)
	}
}

// startCursor puts the cursor where the first game starts (placeCursor),
// or where Config.Cursor asks on a board without a start cell.
func (u *ui) startCursor() {
	u.placeCursor()
	if _, ok := u.g.StartCell(); !ok && u.cfg.Cursor != nil && u.g.Board().In(*u.cfg.Cursor) {
		u.v.cursor = *u.cfg.Cursor
	}
}

// startGame returns the first game of cfg (see play.First), its clock read
// with now. A config it cannot play, such as one that names no theme of
// theme.Names, is an error.
func startGame(cfg Config, now func() time.Time) (*game.Game, error) {
	if err := theme.Check(cfg.Prefs.Theme); err != nil {
		return nil, err
	}
	return play.First(cfg.Start, game.Config{QuestionMarks: cfg.Prefs.QuestionMarks}, now)
}

// result returns how the last game stood at now.
func (u *ui) result(now time.Time) play.Result {
	r := u.p.Result(now)
	r.Signal, r.Theme, r.SecretSeed = u.signal, u.cfg.Prefs.Theme, u.cfg.SecretSeed
	r.QuestionMarks = u.cfg.Prefs.QuestionMarks
	r.Counters = u.cfg.Prefs.Counters
	return r
}

// tick starts the clock's next tick (Config.Tick), a job of its own: it
// comes back after its time, a redraw, and the loop, once it has handled
// it, starts the next. So no tick waits in the queue behind another: a
// loop slower than the clock (a large screen on a busy machine) draws a
// frame a tick it can keep up with, and keys never wait behind ticks.
func (u *ui) tick(s tcell.Screen) {
	if u.tickEvery > 0 {
		u.after(s, jobTick, u.tickEvery, tick{})
	}
}

// Play opens the process's terminal, plays cfg on it until the player
// quits, and restores the terminal on every way out (see term.Play). A
// signal that ends the game is the result's Signal. SIGTSTP suspends the
// game as Ctrl-Z does; with cfg.Suspend nil, both stop the process until
// the shell continues it.
func Play(cfg Config) (play.Result, error) { return playOn(cfg, term.Play) }

// playOn plays cfg on the screen that open runs it on: term.Play's, or a
// test's screen through term.On.
func playOn(cfg Config, open func(run func(tcell.Screen) error) error) (res play.Result, err error) {
	if cfg.Suspend == nil {
		cfg.Suspend = term.SuspendSelf
	}
	err = open(func(s tcell.Screen) error {
		var err error
		res, err = Run(s, cfg)
		return err
	})
	return res, err
}

// PlayRemote plays cfg on r's screen until the player quits or r.Quit is
// called, and returns the last game's result, as Run does: Ctrl-Z pauses
// the game, since the terminal's process is not this one. A panic in the
// game is the caller's: the screen stays open for r.Close.
func PlayRemote(r *remote.Screen, cfg Config) (play.Result, error) {
	if r.Quitting() {
		return play.Result{}, ErrQuit
	}
	cfg.Suspend = nil
	cfg.pauseOnly = true
	cfg.ended = r.Quitting
	res, err := Run(r.Tcell(), cfg)
	res.Remote = true
	return res, err
}

// ErrQuit is what PlayRemote returns when the remote terminal was asked
// to quit before it.
var ErrQuit = errors.New("the session is ending")

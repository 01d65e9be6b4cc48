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
	"sync/atomic"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/splitmix"
)

// Config is what Run plays: the game to start, the player's preferences
// and the session the games are kept by, with what the loop reads of the
// world (the clock, the ticker, Ctrl-Z, the solver, the seeds of new
// games), which tests replace.
type Config struct {
	Start  Start  // the game to start: a new one, a saved one resumed, or a replay
	Prefs  Prefs  // how the game looks and what f does
	Keeper Keeper // the session: what the games count for and where they are kept; nil keeps nothing
	Keys   *Keys  // the keys as the player bound them (see ParseKeys); nil is the default keys

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
	// overlay of 'b' shows them: today's daily board, then the all-time
	// one. It is called off the loop, once for the level in play each
	// time the overlay opens, or once for each level when the board is
	// of none; its names are drawn made printable and cut to their
	// column. Nil means the game is not played on a server: 'b' is in
	// neither the footer nor the help, and says there is no leaderboard.
	Leaders func(level string) ([]history.Leaderboard, error)

	// SecretSeed hides a game's seed until it is over, on the screen and
	// in Result's summary: on a server with a shared leaderboard, a seed
	// seen before the end lays, offline, a board the player could know.
	SecretSeed bool

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
}

// Start is the game Run starts with.
type Start struct {
	Board board.Settings // size, mines, first-click rule, no-guess
	// Layout lays the mines of random boards on the first click; nil means
	// uniformly at random. No-guess settings need a Layout that lays
	// no-guess boards.
	Layout board.Layout
	Seed   uint64
	// Seeded reports whether the player chose Seed: the first game's board
	// is then known (see game.Game.Known).
	Seeded bool

	// Fixed plays exactly the mines in Mines (a board file's layout,
	// without relocation) and replays Clicks on it. New games ('n') are
	// random boards of the same size and mine count.
	Fixed  bool
	Mines  []board.Point
	Clicks []board.Point
	Source string // the board file's name, shown instead of the seed

	// Daily, when not nil, is the daily board the first game plays: its
	// settings and seed are Board's and Seed's, its mines laid by
	// daily.Layout from its start cell, which the cursor starts on and
	// the first opening must open. DailyCount is what a game on it would
	// count for when the run starts, which the footer says.
	Daily      *daily.Board
	DailyCount session.Daily

	// Resume, when not nil, is a game of the settings Board left before its
	// end: the first game goes on from it rather than starting anew. With
	// AskResume the player is asked first, its board hidden and its clock
	// stopped; a new game then has the seed Seed.
	Resume    *game.Kept
	AskResume bool
	// Others is how many more games of the board wait, left unfinished
	// before Resume; the prompt says so.
	Others int
	// GiveUp, with Resume, is -new: the prompt asks whether to give the
	// game up, kept as a loss, for a new game (n), as n asks in a game.
	GiveUp bool
	// Elsewhere is how many games of the board left unfinished are being
	// played elsewhere (another process, another session of the same
	// key), and so not offered: the start says so.
	Elsewhere int
	// Note, when not empty, is what the footer says at the start, such
	// as who plays on a server.
	Note string
	// Replay, when not nil, is a game of the settings Board to play back
	// at its own pace, faster, slower, paused or move by move, rather than
	// a game to play. Nothing is kept.
	Replay *game.Kept
	// ReplaySpeed is the replay's speed at the start, game time per real
	// time: 2 plays it twice as fast; zero means 1.
	ReplaySpeed float64
}

// Prefs are the player's preferences.
type Prefs struct {
	QuestionMarks bool   // 'f' cycles flag, question mark, none; else flag, none
	ASCII         bool   // draw with ASCII characters only
	Mono          bool   // no colours (NO_COLOR): glyphs and reverse video only
	Theme         string // the theme's name (see ThemeNames); "" is the default
}

// Result is how the last game stood when the player left: the game as
// it is kept (its settings, seed, moves, clock, status and marks; its
// layout once it is over, or for a board file's game), and what the
// screen knew of it.
type Result struct {
	game.Kept
	// Counts is what the keeper said the last game counts for, when it
	// ended.
	Counts  session.Counts
	Started bool         // whether anything was opened
	Verdict string       // the guesses the game forced; empty while it goes on
	Numbers game.Numbers // its time, 3BV and clicks
	Signal  os.Signal    // the signal that ended the game, or nil
	// SecretSeed reports whether the seed of a game not over is kept from
	// the player (Config.SecretSeed): Summary does not say it.
	SecretSeed bool
	Theme      string // the theme in use at the end, as the menu left it
	GaveUp     int    // games given up before the last, each kept as a loss
	// DailyEnd is how the run's first game on a daily board ended, or was
	// given up, for the line a player shares (see ShareLine); nil if none
	// did.
	DailyEnd *DailyResult

	// remote reports whether the game was played on a Remote, whose
	// records are a server's: Summary names no command to replay it.
	remote bool
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
	if cfg.Start.Replay != nil {
		cfg.Keeper = nil // the game was kept when it was played
	}
	// A kept game without settings is of the settings Board.
	for _, k := range []**game.Kept{&cfg.Start.Replay, &cfg.Start.Resume} {
		if *k != nil && (*k).Settings == (board.Settings{}) {
			c := **k
			c.Settings = cfg.Start.Board
			*k = &c
		}
	}
	if !isUTF8(s.CharacterSet()) {
		cfg.Prefs.ASCII = true // the terminal cannot show the board's glyphs
	}
	g, err := firstGame(cfg)
	if err != nil {
		return Result{}, err
	}
	done := make(chan struct{})
	defer close(done)
	u := newUI(g, cfg, done)
	defer u.stopAll() // before done closes: the loop is over
	u.colors = s.Colors()
	u.setTheme(cfg.Prefs.Theme)
	if d := cfg.Start.Daily; d != nil {
		u.committed = *d
	}
	if p, ok := g.StartCell(); ok {
		u.v.cursor = p
		u.v.message = dailyNote(cfg.Start.DailyCount)
	}
	if cfg.Start.Note != "" && u.v.message == "" {
		u.v.message = cfg.Start.Note
	}
	if cfg.Start.Resume == nil && cfg.Start.Elsewhere > 0 {
		u.v.message = ElsewhereNote
	}
	switch {
	case cfg.Start.Replay != nil:
		u.startReplay(*cfg.Start.Replay)
	case cfg.Start.Resume != nil:
		if err := u.resume(*cfg.Start.Resume, cfg.Start.AskResume); err != nil {
			return Result{}, err
		}
	case cfg.Start.Fixed:
		// The file's clicks are the player's: a game they end is kept.
		for _, m := range clicks(cfg.Start.Clicks) {
			_ = u.play(s, m.Move, cfg.Now()) // a click that fails changes nothing and is skipped
		}
	}
	s.EnableMouse(tcell.MouseButtonEvents, tcell.MouseDragEvents) // drags move a pressed cell

	if d := cfg.Tick; d >= 0 {
		if d == 0 {
			d = time.Second / 4
			if cfg.Start.Replay != nil {
				d = replayTick
			}
		}
		go ticker(s, d, done, &u.tickQueued)
	}

	u.render(s)
	for {
		ev := s.PollEvent()
		if ev == nil { // the screen was finalised
			break
		}
		if cfg.ended != nil && cfg.ended() {
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
	if u.back != nil {
		u.endReplay() // quit from the replay of the last game: it is the last
	}
	return u.result(cfg.Now()), u.fault
}

// result returns how the last game stood at now.
func (u *ui) result(now time.Time) Result {
	g := u.g
	// A game in play is saved without its layout, which its seed lays
	// again: on the largest boards the layout is hundreds of megabytes.
	k := g.Kept(now, g.Status() != board.Playing && g.Settings().Cells() <= game.LayoutCells)
	return Result{
		Kept: k, Counts: u.counts, Started: g.Started(),
		Verdict: g.Verdict().String(), Numbers: g.Numbers(now),
		Signal: u.signal, Theme: u.cfg.Prefs.Theme, GaveUp: u.gaveUp, DailyEnd: u.daily,
		SecretSeed: u.cfg.SecretSeed,
	}
}

// clicks returns a board file's clicks as the player's timed openings.
func clicks(ps []board.Point) []game.TimedMove {
	moves := make([]game.TimedMove, len(ps))
	for i, p := range ps {
		moves[i] = game.TimedMove{Move: game.Move{Action: game.Open, At: p}}
	}
	return moves
}

// firstGame returns the first game of cfg: the replay's or the resumed
// game's board, a board file's layout, or a random board seeded with
// cfg.Start.Seed. A config it cannot play, such as one that names no theme of
// ThemeNames, is an error.
func firstGame(cfg Config) (*game.Game, error) {
	if err := CheckTheme(cfg.Prefs.Theme); err != nil {
		return nil, err
	}
	gc := game.Config{Settings: cfg.Start.Board, Layout: cfg.Start.Layout, QuestionMarks: cfg.Prefs.QuestionMarks}
	switch {
	case cfg.Start.Replay != nil:
		// The replay's own board: no layout is drawn, which a no-guess
		// board could not be without cfg.Start.Layout.
		return game.Load(gc, *cfg.Start.Replay)
	case cfg.Start.Fixed:
		return game.NewFixed(gc, cfg.Start.Mines, cfg.Start.Source, cfg.Start.Seed)
	}
	if d := cfg.Start.Daily; d != nil {
		gc.Settings, gc.Layout = d.Settings, daily.Layout
		return game.NewDaily(gc, d.Game())
	}
	origin := game.Drawn
	if cfg.Start.Seeded {
		origin = game.Seeded
	}
	return game.New(gc, cfg.Start.Seed, origin)
}

// NextSeed returns the seed that follows seed: a SplitMix64 step (see
// splitmix.Next), the new games' seeds when Config.NewSeed is nil.
func NextSeed(seed uint64) uint64 { return splitmix.Next(seed) }

// isUTF8 reports whether a terminal's character set is UTF-8.
func isUTF8(charset string) bool {
	return strings.EqualFold(charset, "UTF-8") || strings.EqualFold(charset, "UTF8")
}

// ticker posts a tick every d until done is closed. It never draws.
func ticker(s tcell.Screen, d time.Duration, done <-chan struct{}, queued *atomic.Bool) {
	t := time.NewTicker(d)
	defer t.Stop()
	ticks(s, t.C, done, queued)
}

// ticks posts a tick for each time c gives until done is closed, unless
// the last one posted is still queued (queued is set until the loop
// handles it): a loop slower than the clock (a large screen on a busy
// machine) then draws a frame a tick it can keep up with, rather than
// filling the event queue with ticks that keys wait behind.
func ticks(s interface{ PostEvent(tcell.Event) error }, c <-chan time.Time, done <-chan struct{}, queued *atomic.Bool) {
	for {
		select {
		case <-done:
			return
		case <-c:
			if queued.Swap(true) {
				continue
			}
			if s.PostEvent(tcell.NewEventInterrupt(tick{})) != nil {
				queued.Store(false) // a full queue drops it: the next one redraws
			}
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

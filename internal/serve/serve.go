// Package serve is minesweeper serve's game: the app that a host.Server
// hosts over SSH. Each session plays the full game on a screen of its own
// (remote.Screen), with its own clock, game and session; a player is their
// public key, a client without one a guest whose games are not kept.
// Every player's records are kept in one store.Players, and the
// leaderboards are made from them: only the server's own record of the
// moves, as the server ran the game.
//
// The SSH side (listener, limits, identity, terminal, window changes) is
// package host's, which knows nothing of the game; cmd/minesweeper wires
// the two: host.Config{App: game.App(), Banned: game.Banned}, and the
// sweep of the daily games through the server's Go.
package serve

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// Limits are minesweeper serve's limits, each with a flag and a default
// in DefaultLimits: the host's (sessions, connections, time, memory), and
// the boards'.
type Limits struct {
	host.Limits
	// Width and Height are the largest board a session may play, and
	// Cells the most cells it may have (0: no limit but Width and Height).
	// The boards of all sessions take their cells from the host's budget
	// (ServerCells), boards of an expert's size or less apart (see
	// freeCells): a board it has no room for is refused with a line.
	Width, Height, Cells int
	// Viewers is the most viewers a game may have at once (0: no limit);
	// each view's copy of the board takes its cells from the host's
	// budget as a board of its size does.
	Viewers int
}

// DefaultLimits are the limits of minesweeper serve without flags.
//
// Their memory fits a VPS of 2 GB, 1.5 GB of it the server's. Measured by
// BenchmarkSessionMemory (go test -run '^$' -bench SessionMemory
// -benchtime 1x ./internal/serve/), a session takes 0.6 MiB (with its
// client, which shares the test's process; 0.7 MiB on a terminal of 100
// by 30 since the frames keep a shadow of the screen, BenchmarkLoad's
// heap a session) and a board, once drawn and
// after a GC, 1.6 B a cell; ten openings on a 1000x1000 board with 20%
// mines held 12 B a cell while their analyses ran and allocated 64 B a
// cell in all, which the heap holds until its next collection (the Go
// heap grows to twice what is live before it collects). So, 64 B a cell
// and twice the sessions' 0.7 MiB:
//
//	500 sessions x 1.4 MiB                               700 MiB
//	500 expert boards (see freeCells) x 480 cells x 64 B  15 MiB
//	12,000,000 cells of larger boards x 64 B             732 MiB
//	in all                                              1.42 GiB, under 1.5
//
// A screen past 100 by 30 takes its cells from the same 12,000,000, each
// as 4 (see package host): tcell keeps some 190 B a screen cell.
//
// Before these budgets the worst case was 500 sessions of 1000x1000:
// 5 x 10^8 cells, 30 GiB at 64 B. A session may hold 250,000 cells (a
// board of 500x500, 15 MiB at most): 48 such boards at once, and a
// stranger with many sessions takes the large boards only.
var DefaultLimits = Limits{
	Limits: host.DefaultLimits,
	Width:  1000,
	Height: 1000,
	Cells:  250_000,
	// A view is a write of the bytes of a frame drawn once for all the
	// game's viewers of its kind of screen (watch.Live), and the board
	// charged as a copy of it. On 2 cores, with the 200 clients in the
	// server's process, BenchmarkWatch's 200 viewers got a move's whole
	// frame at p50 5.7-6.6 ms and p99 8.6-13.5 ms (1 viewer: p50 1.9-2.0
	// ms, the 0.5 ms the viewers wait included, p99 5-20 ms), 8.5-9.4 ms
	// of CPU a key in all (unwatched: 1.1-1.4), and the player's own
	// key-to-frame p50 0.7 ms as unwatched, p99 1.4-2.9 ms (unwatched
	// 2.3-4.6 ms, on a shared machine).
	Viewers: 200,
}

// Config is what a Game plays.
type Config struct {
	Players store.Players // every player's records
	// Limits are the server's; the game applies the boards' (Width,
	// Height, Cells), and the host the rest.
	Limits Limits
	// Choose returns the layout of the boards of some settings, or why
	// they cannot be played, before the limits of size are applied.
	Choose func(board.Settings) (board.Layout, error)
	// Log, when not nil, is told of each failure: one line each.
	Log func(format string, args ...any)
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
	// After waits for a duration of Now's clock, as time.After does (nil
	// means time.After): the sweep of the daily games at each UTC
	// midnight waits through it (see SweepDailies).
	After func(time.Duration) <-chan time.Time
	// NewSeed returns the seed of each new game; nil means one nobody can
	// foresee.
	NewSeed func() uint64

	// showSeed shows each game's seed from its start: a load test's
	// players script their games from it.
	showSeed bool

	// raceBoard is the board of the races, raceBoard when empty; a test
	// races on a small one.
	raceBoard board.Settings
	// raceCountdown is the countdown of the races, raceCountdown when 0.
	raceCountdown time.Duration

	// tick is the clock's redraw period of every screen (ui.Config.Tick);
	// a load test turns it off to time the frames of keys alone.
	tick time.Duration
}

// Game is minesweeper serve's app: the game each session of a
// host.Server plays (see App).
type Game struct {
	cfg   Config
	lobby *lobby // the games in play, which viewers may follow
	races races  // the races open, by code
}

// New returns the game of cfg.
func New(cfg Config) (*Game, error) {
	if cfg.Players == nil {
		return nil, errors.New("serve: the game needs a store")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.After == nil {
		cfg.After = time.After
	}
	if cfg.Log == nil {
		cfg.Log = func(string, ...any) {}
	}
	if cfg.Choose == nil {
		cfg.Choose = func(s board.Settings) (board.Layout, error) { return nil, s.Check() }
	}
	return &Game{cfg: cfg, lobby: &lobby{now: cfg.Now, maxViewers: cfg.Limits.Viewers}}, nil
}

// sessionEnv are the environment variables a session may set, of which
// the game reads: the colours and the character set. The rest are
// accepted and ignored; none reaches the process.
var sessionEnv = []string{"NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE"}

// CommandDoc is what the man page says of a command a client of the
// server may run (ssh -t HOST COMMAND).
type CommandDoc struct {
	Use  string // the command as typed: "watch [NAME]"
	Does string
}

// CommandDocs are the commands a session may run, as the man page lists
// them; a session without one plays.
var CommandDocs = []CommandDoc{
	{"watch [NAME]", "lists the games in play, and the best games of yesterday's daily boards as replays, to choose one from (r starts a race, c joins one by its code), or follows NAME's: a read-only view of the board as the player sees it"},
	{"watching on|off", "lists the player's games for viewers, or keeps them from viewers; remembered"},
	{"race [CODE]", fmt.Sprintf("starts a race and shows its code, or joins the race of CODE (for %d minutes after it was drawn, until the race starts; %d racers at most): when all are ready, a countdown starts the same no-guess board for every racer; the results are kept", int(RaceCodeLife/time.Minute), MaxRacers)},
}

// commands are the commands' names (ssh -t HOST watch NAME, race CODE).
var commands = func() []string {
	names := make([]string, len(CommandDocs))
	for i, c := range CommandDocs {
		names[i], _, _ = strings.Cut(c.Use, " ")
	}
	return names
}()

// App returns the game as a host.Server's app: its name, its words, the
// environment it reads, its commands, and its handler (Handle).
func (g *Game) App() host.App {
	return host.App{Name: "minesweeper", Noun: "game", Env: sessionEnv, Handler: g.Handle, Commands: commands}
}

// Banned returns the ban of the key fingerprint key ("" for a guest) or
// of the address addr, from the store (minesweeper moderate ban): the
// host's Config.Banned.
func (g *Game) Banned(ctx context.Context, key string, addr netip.Addr) (host.Ban, bool, error) {
	b, ok, err := g.cfg.Players.Banned(ctx, key, addr)
	if err != nil || !ok {
		return host.Ban{}, false, err
	}
	return host.Ban{Kind: b.Kind.String(), Target: b.Target, Reason: b.Reason}, true, nil
}

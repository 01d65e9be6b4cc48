package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/dirlock"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/serve"
	"github.com/minesweeper-go/minesweeper/internal/serve/host"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
)

// serveLock is the file of -data that one server at a time holds locked.
const serveLock = "serve.lock"

// shutdownLimit is how long serve waits for its sessions to save their
// games and end after SIGTERM, before it closes their connections; the
// whole stop stays within ten seconds.
const shutdownLimit = 7 * time.Second

// serveOptions are the flags of minesweeper serve.
type serveOptions struct {
	listen, data, dsn, maxBoard *string
	lim                         serve.Limits
	counts                      []countFlag
}

// countFlag is a flag of serve's limits that counts something: its name,
// the limit it sets, its least value and its usage. A least value of 0
// says what 0 means (none: "no limit").
type countFlag struct {
	name  string
	p     *int
	least int
	none  string
	usage string
}

// countFlags returns the counting flags of lim, in the order they are
// checked.
func countFlags(lim *serve.Limits) []countFlag {
	return []countFlag{
		{"max-sessions", &lim.Sessions, 1, "", "the most sessions at once, a `number`"},
		{"rate", &lim.PerMinute, 0, "no limit", "the most new connections from one address in a minute, a `number` (0: no limit)"},
		{"max-board-cells", &lim.Cells, 0, "no limit", "the most cells of a session's board, a `number` (0: -max-board alone)"},
		{"max-cells", &lim.ServerCells, 0, "no limit", "the most cells the boards of all sessions hold at once, boards of expert size or less apart, a `number`; a board past it is refused with a line (0: no limit; about 64 bytes a cell)"},
		{"max-connecting", &lim.Connecting, 1, "", "the most connections not yet playing (handshake, authentication) at once, a `number`; when full, the oldest is closed for a new one"},
		{"max-connecting-per-address", &lim.ConnectingPerAddress, 0, "no limit", "the most connections not yet playing from one address (IPv4, or IPv6 /64), a `number`"},
		{"max-viewers", &lim.Viewers, 0, "no limit", "the most viewers of one game at once (ssh -t HOST watch NAME), a `number` (0: no limit); each view's copy of the board counts in -max-cells"},
		{"refusals", &lim.Refusals, 0, "none told", "the most clients a second told why they are refused, a `number`; past it they are closed unheard"},
	}
}

// check returns why the flag's value is refused, or "".
func (f countFlag) check() string {
	switch {
	case *f.p >= f.least:
		return ""
	case f.least == 0:
		return fmt.Sprintf("-%s: %d: 0 (%s) or more", f.name, *f.p, f.none)
	}
	return fmt.Sprintf("-%s: %d: at least %d", f.name, *f.p, f.least)
}

// serveFlags returns the flags of minesweeper serve, their one definition.
func serveFlags() (*flag.FlagSet, *serveOptions) {
	fs := flag.NewFlagSet("minesweeper serve", flag.ContinueOnError)
	f := &serveOptions{lim: serve.DefaultLimits}
	lim := &f.lim
	f.listen = fs.String("listen", ":2222", "the `address` to listen on, host:port")
	f.data = fs.String("data", "", "the server's `directory`: its host key, and its records unless -db (required)")
	f.dsn = fs.String("db", "", "a PostgreSQL database shared by several servers, a postgres://... `url` (default: an SQLite file in -data)")
	flagvalue.DurationVar(fs, &lim.Idle, "idle", lim.Idle, "end a session with no key for this `duration`, its game saved (0: never)")
	flagvalue.DurationVar(fs, &lim.Session, "session-length", lim.Session, "end a session after this `duration`, its game saved (0: never)")
	f.maxBoard = fs.String("max-board", fmt.Sprintf("%dx%d", lim.Width, lim.Height), "the largest board a session may play, `WIDTHxHEIGHT`")
	f.counts = countFlags(lim)
	for _, c := range f.counts {
		flagvalue.IntVar(fs, c.p, c.name, *c.p, c.usage)
	}
	return fs, f
}

// runServe is "minesweeper serve": the game over SSH for anyone, until
// SIGTERM or SIGINT, which end every session (its game saved) and the
// server within ten seconds.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, f := serveFlags()
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, help("serve"))); done {
		return code
	}
	fail := complainer(stderr, "minesweeper serve", exitUsage)
	switch {
	case fs.NArg() > 0:
		return fail("unexpected argument %q", fs.Arg(0))
	case *f.data == "":
		return fail("-data: the server's directory is required (its host key and records are kept there)")
	}
	for _, c := range f.counts {
		if why := c.check(); why != "" {
			return fail("%s", why)
		}
	}
	lim := f.lim
	var err error
	if lim.Width, lim.Height, err = flagvalue.Size(*f.maxBoard); err != nil {
		return fail("-max-board: %v", err)
	}
	if err := os.MkdirAll(*f.data, 0o700); err != nil {
		return complainer(stderr, "minesweeper serve", exitFailure)("%v", err)
	}
	return serveOn(*f.listen, *f.data, *f.dsn, lim, stderr)
}

// serveOn serves the game on address listen, with its host key in data
// and its records there or in the database dsn, until a signal stops it.
func serveOn(listen, data, dsn string, lim serve.Limits, stderr io.Writer) int {
	failed := complainer(stderr, "minesweeper serve", exitFailure)
	if dsn == "" {
		// Two servers on one SQLite file would each think their daily
		// secret, leases and budgets their own.
		lock, err := dirlock.Take(data, serveLock)
		if errors.Is(err, dirlock.ErrHeld) {
			return failed("%s is in use by another minesweeper serve%s: one server a -data directory (several servers share a -db database)", data, strings.TrimPrefix(err.Error(), dirlock.ErrHeld.Error()))
		}
		if err != nil {
			return failed("locking %s: %v", data, err)
		}
		defer lock.Unlock()
	}
	key, err := host.Key(data)
	if err != nil {
		return failed("%v", err)
	}
	logger := log.New(stderr, "minesweeper serve: ", log.LstdFlags)
	warn := func(msg string) { logger.Printf("warning: %s", msg) }
	players, err := store.OpenPlayers(context.Background(), data, dsn, warn)
	if err != nil {
		return failed("the records: %v", err)
	}
	defer players.Close()
	l, err := net.Listen("tcp", listen)
	if err != nil {
		return failed("%v", err)
	}
	// tcell reads these from the process when a screen starts: cleared,
	// every session's screen is its session's alone.
	for _, name := range remote.ServerEnv() {
		os.Unsetenv(name)
	}
	game, err := serve.New(serve.Config{Players: players, Limits: lim, Choose: play.Choose, Log: logger.Printf})
	if err != nil {
		return failed("%v", err)
	}
	srv, err := host.New(host.Config{Key: key, Limits: lim.Limits, App: game.App(), Banned: game.Banned, Log: logger.Printf})
	if err != nil {
		return failed("%v", err)
	}
	srv.Go(game.SweepDailies)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	defer stop()
	logger.Printf("listening on %s, host key %s", l.Addr(), host.Fingerprint(key))
	if err := srv.Run(ctx, l, shutdownLimit); err != nil {
		return failed("%v", err)
	}
	if err := players.Close(); err != nil {
		return failed("closing the records: %v", err)
	}
	logger.Printf("stopped")
	return exitOK
}

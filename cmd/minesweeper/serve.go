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
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/dirlock"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/serve"
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
}

// serveFlags returns the flags of minesweeper serve, their one definition.
func serveFlags() (*flag.FlagSet, *serveOptions) {
	fs := flag.NewFlagSet("minesweeper serve", flag.ContinueOnError)
	f := &serveOptions{lim: serve.DefaultLimits}
	lim := &f.lim
	f.listen = fs.String("listen", ":2222", "the `address` to listen on, host:port")
	f.data = fs.String("data", "", "the server's `directory`: its host key, and its records unless -db (required)")
	f.dsn = fs.String("db", "", "a PostgreSQL database shared by several servers, a postgres://... `url` (default: an SQLite file in -data)")
	flagvalue.IntVar(fs, &lim.Sessions, "max-sessions", lim.Sessions, "the most sessions at once, a `number`")
	flagvalue.IntVar(fs, &lim.PerMinute, "rate", lim.PerMinute, "the most new connections from one address in a minute, a `number` (0: no limit)")
	flagvalue.DurationVar(fs, &lim.Idle, "idle", lim.Idle, "end a session with no key for this `duration`, its game saved (0: never)")
	flagvalue.DurationVar(fs, &lim.Session, "session-length", lim.Session, "end a session after this `duration`, its game saved (0: never)")
	f.maxBoard = fs.String("max-board", fmt.Sprintf("%dx%d", lim.Width, lim.Height), "the largest board a session may play, `WIDTHxHEIGHT`")
	flagvalue.IntVar(fs, &lim.Cells, "max-board-cells", lim.Cells, "the most cells of a session's board, a `number` (0: -max-board alone)")
	flagvalue.IntVar(fs, &lim.ServerCells, "max-cells", lim.ServerCells, "the most cells the boards of all sessions hold at once, boards of expert size or less apart, a `number`; a board past it is refused with a line (0: no limit; about 64 bytes a cell)")
	flagvalue.IntVar(fs, &lim.Connecting, "max-connecting", lim.Connecting, "the most connections not yet playing (handshake, authentication) at once, a `number`; when full, the oldest is closed for a new one")
	flagvalue.IntVar(fs, &lim.ConnectingPerAddress, "max-connecting-per-address", lim.ConnectingPerAddress, "the most connections not yet playing from one address (IPv4, or IPv6 /64), a `number`")
	flagvalue.IntVar(fs, &lim.Refusals, "refusals", lim.Refusals, "the most clients a second told why they are refused, a `number`; past it they are closed unheard")
	return fs, f
}

// runServe is "minesweeper serve": the game over SSH for anyone, until
// SIGTERM or SIGINT, which end every session (its game saved) and the
// server within ten seconds.
func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, f := serveFlags()
	listen, data, dsn, maxBoard := f.listen, f.data, f.dsn, f.maxBoard
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, serveUsage)); done {
		return code
	}
	lim := f.lim
	fail := complainer(stderr, "minesweeper serve", exitUsage)
	switch {
	case fs.NArg() > 0:
		return fail("unexpected argument %q", fs.Arg(0))
	case *data == "":
		return fail("-data: the server's directory is required (its host key and records are kept there)")
	case lim.Sessions < 1:
		return fail("-max-sessions: %d: at least 1", lim.Sessions)
	case lim.PerMinute < 0:
		return fail("-rate: %d: 0 (no limit) or more", lim.PerMinute)
	case lim.Cells < 0:
		return fail("-max-board-cells: %d: 0 (no limit) or more", lim.Cells)
	case lim.ServerCells < 0:
		return fail("-max-cells: %d: 0 (no limit) or more", lim.ServerCells)
	case lim.Connecting < 1:
		return fail("-max-connecting: %d: at least 1", lim.Connecting)
	case lim.ConnectingPerAddress < 0:
		return fail("-max-connecting-per-address: %d: 0 (no limit) or more", lim.ConnectingPerAddress)
	case lim.Refusals < 0:
		return fail("-refusals: %d: 0 (none told) or more", lim.Refusals)
	}
	var err error
	if lim.Width, lim.Height, err = parseSize(*maxBoard); err != nil {
		return fail("-max-board: %v", err)
	}
	if err := os.MkdirAll(*data, 0o700); err != nil {
		return complainer(stderr, "minesweeper serve", exitFailure)("%v", err)
	}
	failed := complainer(stderr, "minesweeper serve", exitFailure)
	if *dsn == "" {
		// Two servers on one SQLite file would each think their daily
		// secret, leases and budgets their own.
		lock, err := dirlock.Take(*data, serveLock)
		if errors.Is(err, dirlock.ErrHeld) {
			return failed("%s is in use by another minesweeper serve%s: one server a -data directory (several servers share a -db database)", *data, strings.TrimPrefix(err.Error(), dirlock.ErrHeld.Error()))
		}
		if err != nil {
			return failed("locking %s: %v", *data, err)
		}
		defer lock.Unlock()
	}
	key, err := serve.HostKey(*data)
	if err != nil {
		return failed("%v", err)
	}
	logger := log.New(stderr, "minesweeper serve: ", log.LstdFlags)
	warn := func(msg string) { logger.Printf("warning: %s", msg) }
	ctx := context.Background()
	players, err := store.OpenPlayers(ctx, *data, *dsn, warn)
	if err != nil {
		return failed("the records: %v", err)
	}
	defer players.Close()
	l, err := net.Listen("tcp", *listen)
	if err != nil {
		return failed("%v", err)
	}
	// tcell reads these from the process when a screen starts: cleared,
	// every session's screen is its session's alone.
	for _, name := range remote.ServerEnv() {
		os.Unsetenv(name)
	}
	srv, err := serve.New(serve.Config{
		Players: players, HostKey: key, Limits: lim, Choose: chooseBoard,
		Log: logger.Printf,
	})
	if err != nil {
		return failed("%v", err)
	}
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	defer signal.Stop(sigs)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	logger.Printf("listening on %s, host key %s", l.Addr(), serve.Fingerprint(key))
	select {
	case err := <-served:
		return failed("%v", err)
	case sig := <-sigs:
		logger.Printf("%v: stopping: %d sessions to save", sig, srv.Sessions())
	}
	sctx, cancel := context.WithTimeout(ctx, shutdownLimit)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		logger.Printf("sessions still open after %v: their connections were closed", shutdownLimit)
	}
	if err := <-served; !errors.Is(err, serve.ErrClosed) {
		logger.Printf("%v", err)
	}
	if err := players.Close(); err != nil {
		return failed("closing the records: %v", err)
	}
	logger.Printf("stopped")
	return exitOK
}

const serveUsage = `Usage: minesweeper serve -data DIR [flags]

Serves the game over SSH: ssh -p 2222 HOST plays it in the player's own
terminal. A player is their public key; a client without one plays as a
guest, and nothing of a guest's is kept. Each player's games, statistics,
saved game and settings are kept in -data (or the -db database), with the
daily and all-time leaderboards (minesweeper leaderboard -data DIR).
SIGTERM or SIGINT stops it: every player is told, every started game saved.

Flags:
`

// parseSize parses WIDTHxHEIGHT.
func parseSize(s string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	if ok {
		w, err = strconv.Atoi(ws)
		if err == nil {
			h, err = strconv.Atoi(hs)
		}
	}
	if !ok || err != nil || w < 1 || h < 1 {
		return 0, 0, fmt.Errorf("%q: want WIDTHxHEIGHT, such as 1000x1000", s)
	}
	return w, h, nil
}

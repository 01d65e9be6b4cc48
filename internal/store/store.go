// Package store keeps a player's records in an embedded SQL database: the
// finished games, their statistics and best times, the games left
// unfinished and the last choices. It is SQLite through a pure-Go driver
// (modernc.org/sqlite, no cgo), one file in the state directory, in WAL
// mode with full synchronous commits: every writer is one transaction, and
// readers, which see the last commit, never wait for a writer.
//
// Statistics are kept as they are written (a row per kind of board) and
// best times and speeds are read through partial indexes, so that opening
// the statistics or keeping a game costs the same at 100,000 games as at
// 10, and a game dated before others of its kind costs what the latest
// does (see count). The schema is versioned (PRAGMA user_version) and migrated forward
// when opened; an older program reads a newer database but writes nothing
// to it.
//
// The first Open of a state directory imports what earlier versions kept
// in files (history.jsonl, saved-*.json, settings.json), once; see Open.
//
// A server (minesweeper serve) keeps every player's records in one
// database, SQLite in its data directory or PostgreSQL (through pgx),
// which several servers may share: see OpenPlayers. Each player's rows
// carry the player's id ("" at home), each player's Store is a view of
// the one database, and the same SQL serves both databases.
package store

import (
	"context"
	"errors"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// Store is where a player's records are kept. The game's session uses it,
// and so will the server of several players. Every method is safe for
// use by several goroutines, and several processes may use one store at
// once.
type Store interface {
	// Keep keeps the finished game that decide makes of g, given what
	// the records held for it in the same transaction (Prior), and
	// returns its number: 1 for the first game kept, as "minesweeper
	// replay N" takes it. Two programs keeping games at once each see the
	// other's: only one can be the first daily of a date, or a new best
	// over the other.
	Keep(ctx context.Context, g history.Game, decide func(Prior) history.Game) (int64, error)
	// Amend replaces the game numbered n with g, if it still is the game
	// was (the same date, board and seed); else the error's cause is
	// ErrAmend.
	Amend(ctx context.Context, n int64, was, g history.Game) error
	// Game returns the game numbered n; ErrNoGame if there is none.
	Game(ctx context.Context, n int64) (history.Game, error)
	// Last returns the game kept last and its number; ErrNoGame if none.
	Last(ctx context.Context) (int64, history.Game, error)
	// Count returns how many games are kept.
	Count(ctx context.Context) (int64, error)
	// Latest returns the latest limit games by date, newest first (all
	// when limit is 0); with full false, without their moves and layout.
	Latest(ctx context.Context, limit int, full bool) ([]Numbered, error)
	// Stats returns the statistics of the kind of board kind, or of every
	// kind when kind is nil, in the order history.Summarize gives them.
	Stats(ctx context.Context, kind *board.Settings) ([]history.Stats, error)
	// DailyCounted reports whether a game on the daily board of date
	// (YYYY-MM-DD) and level counts for that date already: one kept, not
	// known.
	DailyCounted(ctx context.Context, date, level string) (bool, error)
	// DailyStats returns the statistics of the daily boards, as
	// history.SummarizeDaily gives them, the current streaks running to
	// today (YYYY-MM-DD).
	DailyStats(ctx context.Context, today string) ([]history.DailyStats, error)
	// Activity returns how many games ended each day from since on, in
	// since's time zone, oldest first; the days without games left out.
	Activity(ctx context.Context, since time.Time) ([]history.Day, error)
	// Wins returns the latest limit clean wins of kind from since on
	// whose 3BV is known, oldest first.
	Wins(ctx context.Context, kind board.Settings, since time.Time, limit int) ([]history.Win, error)

	// Save keeps g as a game left unfinished, beside any other of its
	// kind, and returns its id; replace, when its ID is not 0, claims a
	// saved game it takes the place of, removed in the same transaction
	// (and g not saved, ErrClaimLost, if the claim is another's or its
	// game is no longer saved).
	Save(ctx context.Context, g history.Game, replace Claim) (int64, error)
	// Saved returns the games of the kind of board kind left unfinished,
	// newest first, with their claims.
	Saved(ctx context.Context, kind board.Settings) ([]Saved, error)
	// Discard removes the saved game c claims, and no other: ErrClaimLost
	// if another claims it; it is no error if there is none.
	Discard(ctx context.Context, c Claim) error
	// Claim claims the saved game c.ID for c.Owner, from now for Lease,
	// unless another holds it (ErrElsewhere), in one transaction; a
	// claim whose lease ran out is taken over; ErrNoGame if the game is
	// no longer saved.
	Claim(ctx context.Context, c Claim, now time.Time) error
	// Renew renews the claim c from now for Lease; ErrClaimLost if it is
	// no longer c.Owner's.
	Renew(ctx context.Context, c Claim, now time.Time) error
	// KeepClaimed keeps a game as Keep does, g being resumed from the
	// saved game c claims, removed in the same transaction; ErrClaimLost,
	// and nothing kept, if the claim is no longer c.Owner's.
	KeepClaimed(ctx context.Context, c Claim, g history.Game, decide func(Prior) history.Game) (int64, error)
	// SetAside moves the saved game id out of the saved games, keeping it
	// with why it cannot be resumed.
	SetAside(ctx context.Context, id int64, why string) error

	// Prefs returns the player's last choices, and reports whether there
	// are any; the error's cause is ErrNewer for choices kept by a newer
	// minesweeper.
	Prefs(ctx context.Context) (history.Prefs, bool, error)
	// SavePrefs keeps p as the player's last choices, unless a newer
	// minesweeper kept them (ErrNewer).
	SavePrefs(ctx context.Context, p history.Prefs) error

	// Pend keeps g, a finished game that Keep could not take, in a
	// pending file of its own in the state (or data) directory, durably,
	// until KeepPending keeps it, and returns the file's name; name, when
	// not "", is a pending game's that g takes the place of.
	Pend(g history.Game, name string) (string, error)
	// KeepPending keeps the pending games, in the order they ended, each
	// once, with what decide makes of each given what the records held
	// for it (as Keep does), and returns how many it kept and how many
	// wait still: it stops at the first the store cannot take. A pending
	// file that cannot be read is moved aside, with a warning.
	KeepPending(ctx context.Context, decide func(history.Game, Prior) history.Game) (kept, left int, err error)

	// ReadOnly reports whether a newer minesweeper made the store: it is
	// read but nothing is written to it.
	ReadOnly() bool
	// Close closes the store.
	Close() error
}

// Players is the store of a server's players (minesweeper serve): every
// player's records in one database, each player's through a Store of
// their own under the same rules as a player's at home, with their
// display names and the leaderboards across them. Every method is safe
// for use by several goroutines, and several servers may share one
// PostgreSQL database.
type Players interface {
	// Player returns the store of player id, a public key's SHA-256
	// fingerprint ("SHA256:..."): the records of that player alone. Its
	// Close closes nothing; the Players' Close closes the database.
	Player(id string) Store
	// Name returns the display name of player id; "" if they have none.
	Name(ctx context.Context, id string) (string, error)
	// SetName gives player id the display name name, which the caller has
	// checked; the error's cause is ErrNameTaken when another player has
	// it, in any case of its letters.
	SetName(ctx context.Context, id, name string) error
	// Daily returns the leaderboard of the daily board of date
	// (YYYY-MM-DD) and level: each named player's first attempt, the
	// game that counts for the date; at most limit entries, all when
	// limit is 0.
	Daily(ctx context.Context, date, level string, limit int) (history.Leaderboard, error)
	// AllTime returns the all-time leaderboard of level: each named
	// player's best clean win of the level (unassisted, nothing undone)
	// on a board nobody could know (not known, not a daily board) and
	// on the level's standard board (the opening rule, mines laid
	// uniformly: not no-guess), so that every time on it is of one game;
	// with nf, of the clean wins with no flag placed alone (the NF
	// style's board); at most limit entries, all when limit is 0.
	AllTime(ctx context.Context, level string, nf bool, limit int) (history.Leaderboard, error)
	// Moderation is the operator's: bans, rulings on games, names.
	Moderation
	// DailySecret returns the secret of the server's daily boards of
	// date (see daily.OfSecret), drawing and keeping it if none was:
	// every server sharing the database gets the same.
	DailySecret(ctx context.Context, date string) ([32]byte, error)
	// KeptSecret returns the secret of the daily boards of date, and
	// reports whether one was drawn; it draws none.
	KeptSecret(ctx context.Context, date string) ([32]byte, bool, error)
	// Unfinished returns the players who have a game left unfinished on
	// a board of one of kinds, in the order of their ids: whose games a
	// server looks at once for all of them (the daily games whose day
	// has ended, see session.EndPastDailiesOf).
	Unfinished(ctx context.Context, kinds []board.Settings) ([]string, error)
	// DailyGames returns the clean wins that count for the daily board
	// of date and level, the fastest first, at most limit (0: all): the
	// games a server replays once the day is over.
	DailyGames(ctx context.Context, date, level string, limit int) ([]DailyGame, error)
	// KeepRace keeps a race's results (minesweeper serve's race), and
	// returns its number.
	KeepRace(ctx context.Context, r Race) (int64, error)
	// RaceStats returns what the races of player id come to: races,
	// wins and places.
	RaceStats(ctx context.Context, id string) (RaceStats, error)
	// Close closes the database.
	Close() error
}

// Prior is what the records held for a game about to be kept, that
// decides what it counts for.
type Prior struct {
	// Best is the best time of a clean win on the game's kind of board,
	// if HasBest.
	Best    int64
	HasBest bool
	// DailyCounted reports whether a game of the game's daily board (its
	// date and level) counted already.
	DailyCounted bool
}

// Numbered is a kept game with its number.
type Numbered struct {
	N    int64
	Game history.Game
}

// Saved is a game left unfinished, with its id among the saved games and
// its claim: who plays it (see Claim), "" for no one, and until when.
type Saved struct {
	ID    int64
	Game  history.Game
	Owner string
	Until time.Time
}

// Errors whose causes callers tell apart.
var (
	// ErrNoGame: there is no game of that number.
	ErrNoGame = errors.New("no such game")
	// ErrAmend: the game to amend is no longer the one it was.
	ErrAmend = errors.New("the game to amend is not in the records as it was")
	// ErrReadOnly: a newer minesweeper made the store.
	ErrReadOnly = errors.New("the records were written by a newer minesweeper and are read-only")
	// ErrNewer: a record was written by a newer minesweeper.
	ErrNewer = errors.New("written by a newer minesweeper")
	// ErrNameTaken: another player has the display name.
	ErrNameTaken = errors.New("the name is taken")
)

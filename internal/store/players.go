package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/text/unicode/norm"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// PlayersFileName is the SQLite database of a server's players in its
// data directory, when no PostgreSQL database is named.
const PlayersFileName = "minesweeper.db"

// OpenPlayers opens the store of a server's players: with dsn "", the
// SQLite database PlayersFileName in the directory dataDir (made, with
// the directory, readable by the user alone); with a dsn that starts
// postgres:// or postgresql://, that PostgreSQL database, which several
// servers may share. Its schema is made or brought up to date; nothing of
// an earlier version's files is imported. Warnings go to warn, which may
// be nil.
func OpenPlayers(ctx context.Context, dataDir, dsn string, warn func(string)) (Players, error) {
	if warn == nil {
		warn = func(string) {}
	}
	var d *DB
	var err error
	switch {
	case dsn == "":
		d, err = openSQLitePlayers(ctx, dataDir, warn)
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		if d, err = openPostgres(ctx, dsn, warn); err == nil {
			d.dir = dataDir // the pending games' (see Pend)
		}
	default:
		return nil, errors.New("the database is a PostgreSQL URL (postgres://...), or none for SQLite in the data directory")
	}
	if err != nil {
		return nil, err
	}
	if !d.readOnly {
		if err := rekeyNames(ctx, d, warn); err != nil {
			warn(fmt.Sprintf("the players' names could not all be keyed anew; it is tried again at the next start: %v", err))
		}
	}
	return &players{d}, nil
}

// openSQLitePlayers opens the SQLite database of a server's players in
// dir. A file there that is not the database is an error: a server's
// records are not started anew.
func openSQLitePlayers(ctx context.Context, dir string, warn func(string)) (*DB, error) {
	fail := func(err error) (*DB, error) {
		return nil, fmt.Errorf("cannot use the data directory %s: %w", dir, err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fail(err)
	}
	d := &DB{path: filepath.Join(dir, PlayersFileName), dir: dir, warn: warn, gate: new(sync.RWMutex)}
	if err := userfile.Check(d.path, 1<<62); err != nil {
		return fail(fmt.Errorf("%s: %w", d.path, err))
	}
	if err := d.connect(ctx); err != nil {
		return fail(fmt.Errorf("%s: %w", d.path, err))
	}
	// A malformed page found now is salvaged before any session starts.
	if err := d.check(ctx); err != nil {
		d.db.Close()
		return fail(fmt.Errorf("%s: %w", d.path, err))
	}
	return d, nil
}

// players is the Players of one database, SQLite or PostgreSQL.
type players struct {
	d *DB // the database; its player is none
}

var _ Players = (*players)(nil)

// Player returns the store of player id: a view of the database that
// reads and writes id's rows.
func (s *players) Player(id string) Store { return s.view(id) }

func (s *players) view(id string) *DB {
	v := *s.d
	v.player, v.view = id, true
	return &v
}

// Close closes the database.
func (s *players) Close() error { return s.d.db.Close() }

// Unfinished returns the players who have a game left unfinished on a
// board of one of kinds, in the order of their ids.
func (s *players) Unfinished(ctx context.Context, kinds []board.Settings) ([]string, error) {
	if len(kinds) == 0 {
		return nil, nil
	}
	args := make([]any, len(kinds))
	marks := make([]string, len(kinds))
	for i, k := range kinds {
		args[i], marks[i] = k.String(), fmt.Sprintf("$%d", i+1)
	}
	defer s.d.shared()()
	rows, err := s.d.db.QueryContext(ctx, `SELECT DISTINCT player FROM saved WHERE kind IN (`+strings.Join(marks, ", ")+`) ORDER BY player`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Name returns the display name of player id, "" if they have none.
func (s *players) Name(ctx context.Context, id string) (string, error) {
	var name string
	err := s.d.db.QueryRowContext(ctx, `SELECT name FROM players WHERE id = $1`, id).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return name, err
}

// nameKey returns what tells names apart (history.NameKey): their
// confusable skeleton after Unicode normalisation and case folding, so
// that "Ann", "ANN", "Аnn" (a Cyrillic А) and "𝐀nn" are one name.
func nameKey(name string) string { return history.NameKey(name) }

// SetName gives player id the name name, composed (NFC: one form on
// every screen, Hangul in syllables), unless another player has it, or a
// name it can pass for (nameKey; ErrNameTaken, with a line that names
// the other).
func (s *players) SetName(ctx context.Context, id, name string) error {
	name = norm.NFC.String(name)
	key := nameKey(name)
	p := s.view(id)
	taken := fmt.Errorf("%w: %q", ErrNameTaken, name)
	return p.write(ctx, func(tx *sql.Tx) error {
		var other, its string
		err := tx.QueryRowContext(ctx, `SELECT id, name FROM players WHERE name_key = $1`, key).Scan(&other, &its)
		switch {
		case err == nil && other != id && its != name:
			return fmt.Errorf("%w: %q looks like %q, another player's name", ErrNameTaken, name, its)
		case err == nil && other != id:
			return taken
		case err != nil && !errors.Is(err, sql.ErrNoRows):
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO players (id, name, name_key, created) VALUES ($1, $2, $3, $4)
			ON CONFLICT (id) DO UPDATE SET name = excluded.name, name_key = excluded.name_key`,
			id, name, key, time.Now().UnixNano())
		if err != nil && p.dial().unique(err) {
			return taken // another server named its player so at once
		}
		return err
	})
}

// rekeyNames gives the players whose name has no key (name_key NULL: all
// of them after the migration that brought nameKey in, whose keys SQL
// cannot compute) their name's key, oldest player first, in one
// transaction. Names kept before may now collide: the older player's
// (the first created, then the lower id) wins the key; the younger keeps
// the name, which no other player can take, without a key, tried again
// at every start (so it gets the key when the older player's name
// changes), and warn says whose names those are. A player without a key
// who sets a name gets its key as any player does.
func rekeyNames(ctx context.Context, d *DB, warn func(string)) error {
	var shadowed []string
	err := d.write(ctx, func(tx *sql.Tx) error {
		shadowed = nil
		type player struct{ id, name string }
		var unkeyed []player
		rows, err := tx.QueryContext(ctx, `SELECT id, name FROM players WHERE name_key IS NULL ORDER BY created, id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var p player
			if err := rows.Scan(&p.id, &p.name); err != nil {
				return err
			}
			unkeyed = append(unkeyed, p)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		for _, p := range unkeyed {
			key := nameKey(p.name)
			var other string
			err := tx.QueryRowContext(ctx, `SELECT id FROM players WHERE name_key = $1`, key).Scan(&other)
			switch {
			case err == nil:
				shadowed = append(shadowed, p.name)
				continue
			case !errors.Is(err, sql.ErrNoRows):
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE players SET name_key = $1 WHERE id = $2`, key, p.id); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil && len(shadowed) > 0 {
		const shown = 10
		n, more := len(shadowed), ""
		if len(shadowed) > shown {
			shadowed, more = shadowed[:shown], fmt.Sprintf(" and %d more", len(shadowed)-shown)
		}
		list := make([]string, len(shadowed))
		for i, n := range shadowed {
			list[i] = fmt.Sprintf("%q", n)
		}
		warn(fmt.Sprintf("names that look like an older player's, which holds the name, are kept without it (%d): %s%s", n, strings.Join(list, ", "), more))
	}
	return err
}

// result returns the Entry result of a game.
func result(won, clean bool) string {
	switch {
	case clean:
		return history.EntryWon
	case won:
		return history.EntryAssisted
	}
	return history.EntryLost
}

// rank returns lb with its players counted, its entries ordered as a
// Leaderboard lists them, the clean wins ranked, and the first limit
// entries kept (all when limit is 0).
func rank(lb history.Leaderboard, limit int) history.Leaderboard {
	lb.Players = len(lb.Entries)
	entries := lb.Entries
	order := map[string]int{history.EntryWon: 0, history.EntryAssisted: 1, history.EntryLost: 2}
	slices.SortStableFunc(entries, func(a, b history.Entry) int {
		if c := cmp.Compare(order[a.Result], order[b.Result]); c != 0 {
			return c
		}
		if a.Result == history.EntryWon {
			if c := cmp.Compare(a.TimeMS, b.TimeMS); c != 0 {
				return c
			}
			if c := cmp.Compare(b.Speed, a.Speed); c != 0 {
				return c
			}
		}
		return a.Date.Compare(b.Date)
	})
	for i := range entries {
		if entries[i].Result == history.EntryWon {
			entries[i].Rank = i + 1
		}
	}
	if limit > 0 && len(entries) > limit {
		entries = entries[:limit]
	}
	lb.Entries = entries
	return lb
}

// dailyBoardSQL reads the counted games of a level's ($1) daily board of
// a date ($2) of the named players, each player's in date order, through
// the index games_board, and whether each is off the ranked boards
// (offBoardSQL).
var dailyBoardSQL = `SELECT g.player, p.name, g.won, g.clean, g.time_ms, g.speed, g.date,
		CASE WHEN ` + offBoardSQL("g") + ` THEN 1 ELSE 0 END
	FROM games g JOIN players p ON p.id = g.player
	WHERE g.level = $1 AND g.daily = $2 AND g.daily <> '' AND g.known = 0
	ORDER BY g.player, g.date, g.n`

// allTimeSQL reads each named player's best clean win of a level ($1)
// on its standard board ($2, see standardKind), not on a daily board,
// one read of the index games_leaders a player.
//
// Each player's best game is found first (a materialized CTE: both
// databases take the hint), then read by its number: joined on the
// subquery itself, PostgreSQL hashed every game to match them. A game
// off the ranked boards (offBoardSQL) is passed over.
var allTimeSQL = `WITH b AS MATERIALIZED (
		SELECT p.name, (
			SELECT gb.n FROM games gb
			WHERE gb.player = p.id AND gb.level = $1 AND gb.kind = $2 AND gb.clean = 1 AND gb.daily = ''
				AND NOT ` + offBoardSQL("gb") + `
			ORDER BY gb.time_ms, gb.speed DESC, gb.date, gb.n LIMIT 1) AS n
		FROM players p)
	SELECT b.name, g.time_ms, g.speed, g.date FROM b JOIN games g ON g.n = b.n`

// allTimeNFSQL is allTimeSQL of the clean wins with no flag placed
// alone, each player's through the index games_leaders_nf.
var allTimeNFSQL = strings.Replace(allTimeSQL, "AND gb.daily = ''", "AND gb.daily = '' AND gb.nf = 1", 1)

// standardKind returns the text form of level's standard board: its
// size and mines under the opening rule, mines laid uniformly (not
// no-guess), the board every player of the all-time leaderboard of the
// level played; "" for no level.
func standardKind(level string) string {
	for _, lv := range board.Levels {
		if lv.Name == level {
			return board.Settings{Width: lv.Width, Height: lv.Height, Mines: lv.Mines, Rule: board.Opening}.String()
		}
	}
	return ""
}

// Daily returns the leaderboard of the daily board of date and level:
// each named player's first counted game of the date (the one DailyStats
// counts for it), read through the index games_board, a row an attempt
// of the date. The clean wins are ranked; the others follow, wins with
// help before losses, each in the order they ended.
func (s *players) Daily(ctx context.Context, date, level string, limit int) (history.Leaderboard, error) {
	lb := history.Leaderboard{Level: level, Date: date, Entries: []history.Entry{}}
	rows, err := s.d.db.QueryContext(ctx, dailyBoardSQL, level, date)
	if err != nil {
		return lb, err
	}
	defer rows.Close()
	last := ""
	for rows.Next() {
		var e history.Entry
		var player string
		var won, clean bool
		var speed sql.NullFloat64
		var at int64
		var off bool
		if err := rows.Scan(&player, &e.Name, &won, &clean, &e.TimeMS, &speed, &at, &off); err != nil {
			return lb, err
		}
		if player == last {
			continue // the player's first attempt counts
		}
		last = player
		if off {
			continue // the attempt stands, off the board until verified
		}
		e.Result, e.Speed, e.Date = result(won, clean), speed.Float64, time.Unix(0, at).UTC()
		lb.Entries = append(lb.Entries, e)
	}
	if err := rows.Err(); err != nil {
		return lb, err
	}
	return rank(lb, limit), nil
}

// AllTime returns the all-time leaderboard of level: each named player's
// best clean win of the level on a board they could not know, not a
// daily board, by time, then 3BV/s, then date; with nf, of the wins with
// no flag placed alone. Each player's is one read of the index
// games_leaders (games_leaders_nf), which holds them in that order.
func (s *players) AllTime(ctx context.Context, level string, nf bool, limit int) (history.Leaderboard, error) {
	lb := history.Leaderboard{Level: level, NF: nf, Entries: []history.Entry{}}
	query := allTimeSQL
	if nf {
		query = allTimeNFSQL
	}
	rows, err := s.d.db.QueryContext(ctx, query, level, standardKind(level))
	if err != nil {
		return lb, err
	}
	defer rows.Close()
	for rows.Next() {
		e := history.Entry{Result: history.EntryWon}
		var speed sql.NullFloat64
		var at int64
		if err := rows.Scan(&e.Name, &e.TimeMS, &speed, &at); err != nil {
			return lb, err
		}
		e.Speed, e.Date = speed.Float64, time.Unix(0, at).UTC()
		lb.Entries = append(lb.Entries, e)
	}
	if err := rows.Err(); err != nil {
		return lb, err
	}
	return rank(lb, limit), nil
}

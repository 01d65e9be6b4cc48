package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// FileName is the database's file in the state directory. SQLite keeps
// two more beside it while it is open, FileName-wal and FileName-shm.
const FileName = "records.db"

// busyTimeout is how long a writer waits for another process's write to
// end before it gives up: far longer than any write takes.
const busyTimeout = 10 * time.Second

// DB is the Store kept in an SQLite database file.
type DB struct {
	db       *sql.DB
	path     string
	warn     func(string)
	readOnly bool

	// afterImport, when set, is called by the import between committing
	// the games of a file and renaming the file, so that a test can stop
	// the import there as a crash would.
	afterImport func(name string) error
}

var _ Store = (*DB)(nil)

// Open opens the store kept in the directory dir, creating the directory
// (readable by the user alone) and the database as needed, and brings its
// schema up to date. A file in the database's place that is not a
// database (or not a regular file) is moved aside, to
// records.db.corrupt-TIME, with a warning, and a new store starts: play
// goes on. Then, once, it imports the files earlier versions kept (see
// importFiles). Warnings go to warn, which may be nil. Errors are for a
// directory or database the system will not let it use.
func Open(dir string, warn func(string)) (*DB, error) {
	if warn == nil {
		warn = func(string) {}
	}
	fail := func(err error) (*DB, error) {
		return nil, fmt.Errorf("cannot use the state directory %s (MINESWEEPER_HOME chooses another): %w", dir, err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fail(err)
	}
	d := &DB{path: filepath.Join(dir, FileName), warn: warn}
	if err := d.open(context.Background(), true); err != nil {
		return fail(err)
	}
	if !d.readOnly {
		d.importFiles(context.Background(), dir)
	}
	return d, nil
}

// open opens the database file and migrates it; a file that is not a
// database is moved aside once (retry) and a new one made.
func (d *DB) open(ctx context.Context, retry bool) error {
	var err error
	if cerr := userfile.Check(d.path, 1<<62); cerr != nil {
		err = fmt.Errorf("%w: it %v", errNotRegular, cerr)
	} else {
		err = d.connect(ctx)
	}
	if err == nil || !retry || !notADatabase(err) {
		return err
	}
	if d.db != nil {
		d.db.Close()
		d.db = nil
	}
	aside, merr := moveAside(d.path)
	if merr != nil {
		return fmt.Errorf("%v, and cannot be moved aside: %w", err, merr)
	}
	d.warn(fmt.Sprintf("%s is not a minesweeper database (%v); it was moved to %s and new records start", d.path, userfile.Printable(err.Error()), aside))
	return d.open(ctx, false)
}

// connect opens the database and migrates its schema.
func (d *DB) connect(ctx context.Context) error {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "synchronous(FULL)")
	q.Set("_txlock", "immediate") // a writer takes the write lock at BEGIN: no deadlock on upgrade
	dsn := "file:" + (&url.URL{Path: d.path}).EscapedPath() + "?" + q.Encode()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return err
	}
	d.db = db
	// A new file is made readable by the user alone.
	if f, err := os.OpenFile(d.path, os.O_RDONLY|os.O_CREATE, 0o600); err == nil {
		f.Close()
	}
	// SQLite calls no busy handler for the lock a new database's first
	// transaction, or its change to WAL mode, may need to upgrade: when
	// several programs make the store at once, one tries again.
	deadline := time.Now().Add(busyTimeout)
	for {
		err = d.migrate(ctx)
		if err == nil && !d.readOnly {
			// Only a file accepted as the records is put in WAL mode,
			// which lasts in the file: another program's is not changed.
			_, err = db.ExecContext(ctx, "PRAGMA journal_mode = WAL")
		}
		if err == nil || !isBusy(err) || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err != nil {
		db.Close()
		d.db = nil
	}
	return err
}

// code returns the primary result code of SQLite's error err, or 0 for an
// error that is not SQLite's.
func code(err error) int {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() & 0xff
	}
	return 0
}

// isBusy reports whether err is SQLite's: another connection holds a
// lock.
func isBusy(err error) bool {
	c := code(err)
	return c == sqlite3.SQLITE_BUSY || c == sqlite3.SQLITE_LOCKED
}

// notADatabase reports whether err says the file is not an SQLite
// database, or not one this program can use.
func notADatabase(err error) bool {
	if c := code(err); c == sqlite3.SQLITE_NOTADB || c == sqlite3.SQLITE_CORRUPT {
		return true
	}
	return errors.Is(err, errNotOurs) || errors.Is(err, errNotRegular)
}

var (
	errNotOurs    = errors.New("a database of another program")
	errNotRegular = errors.New("not a regular file")
)

// moveAside renames the database file, and the WAL files beside it, to
// NAME.corrupt-TIME, and returns the new name.
func moveAside(path string) (string, error) {
	stamp := time.Now().Format("20060102T150405")
	aside := path + ".corrupt-" + stamp
	for i := 2; ; i++ {
		if _, err := os.Lstat(aside); errors.Is(err, fs.ErrNotExist) {
			break
		}
		aside = fmt.Sprintf("%s.corrupt-%s-%d", path, stamp, i)
	}
	if err := os.Rename(path, aside); err != nil {
		return "", err
	}
	for _, ext := range []string{"-wal", "-shm"} {
		if err := os.Rename(path+ext, aside+ext); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
	}
	return aside, nil
}

// migrations are the steps of the schema, the i-th taking it from version
// i to i+1. A step only adds (tables, columns, indexes), so that an older
// program can still read a newer database.
var migrations = []string{
	`
CREATE TABLE games (
	n         INTEGER PRIMARY KEY AUTOINCREMENT, -- the game's number, from 1
	date      INTEGER NOT NULL,                  -- when it ended, in Unix nanoseconds
	kind      TEXT    NOT NULL,                  -- its board, in its text form
	known     INTEGER NOT NULL,                  -- the player could know the board
	won       INTEGER NOT NULL,
	clean     INTEGER NOT NULL,                  -- won, not known, assisted nor undone
	time_ms   INTEGER NOT NULL,
	speed     REAL,                              -- 3BV/s of a clean win with a time
	level     TEXT    NOT NULL,
	record    TEXT    NOT NULL                   -- the game, as history.Game's JSON
);
CREATE INDEX games_date   ON games (date DESC, n);
CREATE INDEX games_kind   ON games (kind, known, date, n);
CREATE INDEX games_best   ON games (kind, time_ms, date, n) WHERE clean = 1;
CREATE INDEX games_speed  ON games (kind, speed) WHERE clean = 1 AND speed IS NOT NULL;
CREATE INDEX games_recent ON games (kind, date, n) WHERE clean = 1 AND speed IS NOT NULL;

-- The statistics of each kind of board, kept as games are.
CREATE TABLE kinds (
	kind        TEXT    NOT NULL,
	known       INTEGER NOT NULL,
	played      INTEGER NOT NULL,
	won         INTEGER NOT NULL,
	streak      INTEGER NOT NULL,
	best_streak INTEGER NOT NULL,
	level       TEXT    NOT NULL,
	first_date  INTEGER NOT NULL, -- its first game in date order
	first_n     INTEGER NOT NULL,
	last_date   INTEGER NOT NULL, -- its last game in date order
	last_n      INTEGER NOT NULL,
	PRIMARY KEY (kind, known)
);

CREATE TABLE saved (
	id     INTEGER PRIMARY KEY AUTOINCREMENT,
	kind   TEXT    NOT NULL,
	date   INTEGER NOT NULL,
	record TEXT    NOT NULL
);
CREATE INDEX saved_kind ON saved (kind, id);

-- Saved games that could not be resumed, kept rather than lost.
CREATE TABLE aside (
	id     INTEGER PRIMARY KEY,
	kind   TEXT    NOT NULL,
	why    TEXT    NOT NULL,
	record TEXT    NOT NULL
);

CREATE TABLE prefs (
	id     INTEGER PRIMARY KEY CHECK (id = 1),
	record TEXT NOT NULL
);

-- The files imported, by name and the SHA-256 of their content: a file
-- is imported once, however often an import is interrupted.
CREATE TABLE imports (
	name   TEXT    NOT NULL,
	sum    TEXT    NOT NULL,
	date   INTEGER NOT NULL,
	games  INTEGER NOT NULL,
	PRIMARY KEY (name, sum)
);
`,
	`
-- The daily boards: the date of the daily board a game was played on,
-- YYYY-MM-DD, or '' for another board. The index holds the counted games
-- (not known) of the daily boards, by level and date: whether a date's
-- daily was played, and the days of the daily statistics.
ALTER TABLE games ADD COLUMN daily TEXT NOT NULL DEFAULT '';
CREATE INDEX games_daily ON games (level, daily, date, n) WHERE daily <> '' AND known = 0;
`,
	// The speedrunners' numbers of each clean win (see game.Numbers), for
	// the bests of the statistics: NULL where not known. The games kept
	// before have them from their records, reckoned as columnsOf reckons
	// them: IOE and ZNE are one division, RQP the seconds as
	// time.Duration.Seconds makes them (whole seconds, plus the rest in
	// nanoseconds over 1e9), squared, over the 3BV. IOS takes SQLite's
	// ln, whose last bit may differ from Go's: bests reads only the order
	// from it, and the number from the game's 3BV and time.
	`
ALTER TABLE games ADD COLUMN ios REAL; -- log 3BV / log seconds, over a second and a 3BV over 1
ALTER TABLE games ADD COLUMN rqp REAL; -- seconds² / 3BV
ALTER TABLE games ADD COLUMN ioe REAL; -- 3BV / clicks
ALTER TABLE games ADD COLUMN zne REAL; -- ZiNi / clicks
UPDATE games SET
	ios = CASE WHEN r.bv > 1 AND time_ms > 1000 THEN ln(r.bv) / ln(r.s) END,
	rqp = CASE WHEN r.bv > 0 AND time_ms > 0 THEN r.s * r.s / r.bv END,
	ioe = CASE WHEN r.bv > 0 AND r.clicks > 0 THEN CAST(r.bv AS REAL) / r.clicks END,
	zne = CASE WHEN r.zini > 0 AND r.clicks > 0 THEN CAST(r.zini AS REAL) / r.clicks END
FROM (
	SELECT n AS m,
		json_extract(record, '$."3bv"') AS bv,
		json_extract(record, '$.clicks') AS clicks,
		json_extract(record, '$.zini') AS zini,
		time_ms / 1000 + time_ms % 1000 * 1000000 / 1e9 AS s
	FROM games WHERE clean = 1 AND json_valid(record)
) AS r
WHERE games.n = r.m;
CREATE INDEX games_ios ON games (kind, ios) WHERE clean = 1 AND ios IS NOT NULL;
CREATE INDEX games_rqp ON games (kind, rqp) WHERE clean = 1 AND rqp IS NOT NULL;
CREATE INDEX games_ioe ON games (kind, ioe) WHERE clean = 1 AND ioe IS NOT NULL;
CREATE INDEX games_zne ON games (kind, zne) WHERE clean = 1 AND zne IS NOT NULL;
`,
}

// appID marks the database as minesweeper's (PRAGMA application_id).
const appID = 0x4d494e45 // "MINE"

// migrate brings the schema up to date in one transaction, or finds it
// newer and makes the store read-only.
func (d *DB) migrate(ctx context.Context) error {
	// A store up to date needs no write: a reader of a file it may not
	// write (a copy, a read-only mount) still reads it.
	var version, id int
	if err := d.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return err
	}
	if err := d.db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&id); err != nil {
		return err
	}
	if id == appID && version == len(migrations) {
		return nil
	}
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return err
	}
	if err := tx.QueryRowContext(ctx, "PRAGMA application_id").Scan(&id); err != nil {
		return err
	}
	if id != appID {
		var tables int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&tables); err != nil {
			return err
		}
		if tables > 0 {
			return errNotOurs
		}
	}
	switch {
	case version > len(migrations):
		d.readOnly = true
		d.warn(fmt.Sprintf("%s was written by a newer minesweeper (schema %d, this one knows %d); it is read, but nothing is kept until that one is used again", d.path, version, len(migrations)))
		return nil
	case version == len(migrations):
		return nil
	}
	for v := version; v < len(migrations); v++ {
		if _, err := tx.ExecContext(ctx, migrations[v]); err != nil {
			return fmt.Errorf("cannot bring the records up to date (schema %d to %d): %w", v, v+1, err)
		}
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d; PRAGMA application_id = %d", len(migrations), appID)); err != nil {
		return err
	}
	return tx.Commit()
}

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

// ReadOnly reports whether a newer minesweeper made the store.
func (d *DB) ReadOnly() bool { return d.readOnly }

func (d *DB) errReadOnly() error { return fmt.Errorf("%w (%s)", ErrReadOnly, d.path) }

// write runs f in one transaction, committed if f returns nil.
func (d *DB) write(ctx context.Context, f func(*sql.Tx) error) error {
	if d.readOnly {
		return d.errReadOnly()
	}
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return d.explain(err)
	}
	defer tx.Rollback()
	if err := f(tx); err != nil {
		return d.explain(err)
	}
	return d.explain(tx.Commit())
}

// explain words the database's errors that a player can act on.
func (d *DB) explain(err error) error {
	if err != nil {
		switch code(err) {
		case sqlite3.SQLITE_FULL:
			return fmt.Errorf("the disk is full (%s): %w", filepath.Dir(d.path), err)
		case sqlite3.SQLITE_BUSY:
			return fmt.Errorf("another minesweeper held the records for over %v: %w", busyTimeout, err)
		case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM:
			return fmt.Errorf("%s cannot be written: %w", d.path, err)
		}
	}
	return err
}

// columns are the indexed columns of a game.
type columns struct {
	date    int64
	kind    string
	known   bool
	won     bool
	clean   bool
	timeMS  int64
	speed   sql.NullFloat64
	level   string
	daily   string
	ordered key

	// The speedrunners' numbers of a clean win, where known.
	ios, rqp, ioe, zne sql.NullFloat64
}

// key names a kind's row in kinds.
type key struct {
	kind  string
	known bool
}

func columnsOf(g *history.Game) columns {
	c := columns{
		date:   unixNano(g.Date),
		kind:   g.Board.String(),
		known:  g.IsKnown(),
		won:    g.Won(),
		timeMS: g.TimeMS,
		daily:  g.Daily,
	}
	if g.Level != "custom" {
		c.level = g.Level
	}
	c.clean = c.won && !c.known && !g.Assisted && !g.Undone
	if v, ok := g.Speed(); ok && c.clean {
		c.speed = sql.NullFloat64{Float64: v, Valid: true}
	}
	if c.clean {
		// Each is 0 when not known, and more when it is.
		n := g.Numbers()
		for _, f := range []struct {
			col *sql.NullFloat64
			v   float64
		}{{&c.ios, n.IOS()}, {&c.rqp, n.RQP()}, {&c.ioe, n.Efficiency()}, {&c.zne, n.ZiNiEfficiency()}} {
			*f.col = sql.NullFloat64{Float64: f.v, Valid: f.v > 0}
		}
	}
	c.ordered = key{c.kind, c.known}
	return c
}

// unixNano returns t in Unix nanoseconds, held within int64's range.
func unixNano(t time.Time) int64 {
	switch {
	case t.Before(time.Unix(0, -1<<63)):
		return -1 << 63
	case t.After(time.Unix(0, 1<<63-1)):
		return 1<<63 - 1
	}
	return t.UnixNano()
}

// Append keeps g as it is, with its V set to history.Version, and returns
// its number: Keep with nothing to decide.
func (d *DB) Append(ctx context.Context, g history.Game) (int64, error) {
	return d.Keep(ctx, g, func(Prior) history.Game { return g })
}

// Keep keeps the game decide makes of g from what the records held,
// read in the transaction that keeps it: a writer's transaction holds the
// write lock from its start (_txlock=immediate), so what decide is told
// is still so when the game is kept.
func (d *DB) Keep(ctx context.Context, g history.Game, decide func(Prior) history.Game) (int64, error) {
	var n int64
	err := d.write(ctx, func(tx *sql.Tx) error {
		p, err := readPrior(ctx, tx, &g)
		if err != nil {
			return err
		}
		kept := decide(p)
		kept.V = history.Version
		rec, err := json.Marshal(&kept)
		if err != nil {
			return fmt.Errorf("cannot write the game: %w", err)
		}
		n, err = insertGame(ctx, tx, &kept, rec, nil)
		return err
	})
	return n, err
}

// rowQuerier is what readPrior reads with: a transaction, or the
// database itself.
type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// readPrior reads what the records hold that decides what g counts for:
// the best time of its kind, through the index games_best, and whether
// its daily board's date counted already, through games_daily.
func readPrior(ctx context.Context, q rowQuerier, g *history.Game) (Prior, error) {
	var p Prior
	var best sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT min(time_ms) FROM games WHERE kind = ? AND clean = 1`, g.Board.String()).Scan(&best)
	if err != nil {
		return p, err
	}
	p.Best, p.HasBest = best.Int64, best.Valid
	if g.Daily != "" {
		err = q.QueryRowContext(ctx, dailyCountedSQL, g.Level, g.Daily).Scan(&p.DailyCounted)
	}
	return p, err
}

// AppendAll keeps games, in their order, in one transaction, and returns
// the number of the first: all are kept, or none.
func (d *DB) AppendAll(ctx context.Context, games []history.Game) (int64, error) {
	var first int64
	err := d.write(ctx, func(tx *sql.Tx) error {
		late := lateKinds{}
		for i := range games {
			g := games[i]
			g.V = history.Version
			rec, err := json.Marshal(&g)
			if err != nil {
				return fmt.Errorf("cannot write the game: %w", err)
			}
			n, err := insertGame(ctx, tx, &g, rec, late)
			if err != nil {
				return err
			}
			if i == 0 {
				first = n
			}
		}
		return late.recount(ctx, tx)
	})
	return first, err
}

// lateKinds are the kinds of board whose statistics a batch of games
// counts again once, at its end, rather than at each game dated before
// the last of its kind.
type lateKinds map[key]bool

// recount counts the statistics of the kinds again.
func (l lateKinds) recount(ctx context.Context, tx *sql.Tx) error {
	for k := range l {
		if err := recount(ctx, tx, k); err != nil {
			return err
		}
	}
	return nil
}

// insertGame adds the game g, whose JSON is rec, and counts it in its
// kind's statistics: at once, or, for a kind in late (nil for none), at
// the end of the batch.
func insertGame(ctx context.Context, tx *sql.Tx, g *history.Game, rec []byte, late lateKinds) (int64, error) {
	c := columnsOf(g)
	res, err := tx.ExecContext(ctx,
		`INSERT INTO games (date, kind, known, won, clean, time_ms, speed, level, daily, record, ios, rqp, ioe, zne) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.date, c.kind, c.known, c.won, c.clean, c.timeMS, c.speed, c.level, c.daily, string(rec), c.ios, c.rqp, c.ioe, c.zne)
	if err != nil {
		return 0, err
	}
	n, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	if late[c.ordered] {
		return n, nil
	}
	var lastDate int64
	err = tx.QueryRowContext(ctx, `SELECT last_date FROM kinds WHERE kind = ? AND known = ?`, c.kind, c.known).Scan(&lastDate)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		w := b2i(c.won)
		_, err = tx.ExecContext(ctx,
			`INSERT INTO kinds (kind, known, played, won, streak, best_streak, level, first_date, first_n, last_date, last_n) VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)`,
			c.kind, c.known, w, w, w, c.level, c.date, n, c.date, n)
	case err != nil:
	case c.date >= lastDate:
		// The latest game of its kind in date order (its number is the
		// highest): its statistics follow from the row's.
		_, err = tx.ExecContext(ctx, `UPDATE kinds SET
			played = played + 1,
			won = won + ?1,
			streak = CASE WHEN ?1 THEN streak + 1 ELSE 0 END,
			best_streak = max(best_streak, CASE WHEN ?1 THEN streak + 1 ELSE 0 END),
			level = CASE WHEN ?2 <> '' THEN ?2 ELSE level END,
			last_date = ?3, last_n = ?4
			WHERE kind = ?5 AND known = ?6`, c.won, c.level, c.date, n, c.kind, c.known)
	case late != nil:
		late[c.ordered] = true
	default:
		// A game dated before the last of its kind (a clock set back, an
		// import): its streaks are counted again.
		err = recount(ctx, tx, c.ordered)
	}
	return n, err
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// recount computes the statistics row of the kind k again from its games,
// in date order, as history.Summarize counts them.
func recount(ctx context.Context, tx *sql.Tx, k key) error {
	rows, err := tx.QueryContext(ctx, `SELECT n, date, won, level FROM games WHERE kind = ? AND known = ? ORDER BY date, n`, k.kind, k.known)
	if err != nil {
		return err
	}
	defer rows.Close()
	var played, won, streak, best int
	var level string
	var firstDate, firstN, lastDate, lastN int64
	for rows.Next() {
		var n, date int64
		var w bool
		var lvl string
		if err := rows.Scan(&n, &date, &w, &lvl); err != nil {
			return err
		}
		if played == 0 {
			firstDate, firstN = date, n
		}
		lastDate, lastN = date, n
		played++
		if lvl != "" {
			level = lvl
		}
		if w {
			won++
			streak++
			best = max(best, streak)
		} else {
			streak = 0
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	rows.Close()
	if played == 0 {
		_, err = tx.ExecContext(ctx, `DELETE FROM kinds WHERE kind = ? AND known = ?`, k.kind, k.known)
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT OR REPLACE INTO kinds (kind, known, played, won, streak, best_streak, level, first_date, first_n, last_date, last_n)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, k.kind, k.known, played, won, streak, best, level, firstDate, firstN, lastDate, lastN)
	return err
}

// Amend replaces the game numbered n with g, if it is still the game was.
func (d *DB) Amend(ctx context.Context, n int64, was, g history.Game) error {
	g.V = history.Version
	rec, err := json.Marshal(&g)
	if err != nil {
		return fmt.Errorf("cannot write the game: %w", err)
	}
	return d.write(ctx, func(tx *sql.Tx) error {
		var data []byte
		err := tx.QueryRowContext(ctx, `SELECT record FROM games WHERE n = ?`, n).Scan(&data)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w (game %d)", ErrAmend, n)
		}
		if err != nil {
			return err
		}
		old, newer, err := history.DecodeLine(data)
		if err != nil || newer || !old.Date.Equal(was.Date) || old.Board != was.Board || old.Seed != was.Seed {
			return fmt.Errorf("%w (game %d)", ErrAmend, n)
		}
		oc, c := columnsOf(&old), columnsOf(&g)
		if _, err := tx.ExecContext(ctx,
			`UPDATE games SET date = ?, kind = ?, known = ?, won = ?, clean = ?, time_ms = ?, speed = ?, level = ?, daily = ?, record = ?, ios = ?, rqp = ?, ioe = ?, zne = ? WHERE n = ?`,
			c.date, c.kind, c.known, c.won, c.clean, c.timeMS, c.speed, c.level, c.daily, string(rec), c.ios, c.rqp, c.ioe, c.zne, n); err != nil {
			return err
		}
		if oc.date == c.date && oc.ordered == c.ordered && oc.won == c.won && oc.level == c.level {
			return nil // the kind's row does not change: only the bests, read from the games
		}
		if err := recount(ctx, tx, oc.ordered); err != nil {
			return err
		}
		if c.ordered != oc.ordered {
			return recount(ctx, tx, c.ordered)
		}
		return nil
	})
}

// Game returns the game numbered n.
func (d *DB) Game(ctx context.Context, n int64) (history.Game, error) {
	var data []byte
	err := d.db.QueryRowContext(ctx, `SELECT record FROM games WHERE n = ?`, n).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return history.Game{}, ErrNoGame
	}
	if err != nil {
		return history.Game{}, err
	}
	return decodeGame(n, data)
}

// Last returns the game kept last.
func (d *DB) Last(ctx context.Context) (int64, history.Game, error) {
	var n int64
	var data []byte
	err := d.db.QueryRowContext(ctx, `SELECT n, record FROM games ORDER BY n DESC LIMIT 1`).Scan(&n, &data)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, history.Game{}, ErrNoGame
	}
	if err != nil {
		return 0, history.Game{}, err
	}
	g, err := decodeGame(n, data)
	return n, g, err
}

func decodeGame(n int64, data []byte) (history.Game, error) {
	g, newer, err := history.DecodeLine(data)
	switch {
	case newer:
		return g, fmt.Errorf("game %d was kept by a newer minesweeper", n)
	case err != nil:
		return g, fmt.Errorf("game %d cannot be read: %v", n, err)
	}
	return g, nil
}

// Count returns how many games are kept.
func (d *DB) Count(ctx context.Context) (int64, error) {
	var n int64
	err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM games`).Scan(&n)
	return n, err
}

// brief is a game's record read without its moves and layout, which a
// table of games does not show.
type brief struct {
	history.Game
	Layout skip `json:"layout"`
	Moves  skip `json:"moves"`
}

// skip is a JSON value passed over.
type skip struct{}

func (*skip) UnmarshalJSON([]byte) error { return nil }

// Latest returns the latest limit games by date, newest first (of equal
// dates, the lower number first), or all when limit is 0.
func (d *DB) Latest(ctx context.Context, limit int, full bool) ([]Numbered, error) {
	if limit <= 0 {
		limit = -1
	}
	rows, err := d.db.QueryContext(ctx, `SELECT n, record FROM games ORDER BY date DESC, n LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Numbered
	for rows.Next() {
		var n int64
		var data []byte
		if err := rows.Scan(&n, &data); err != nil {
			return nil, err
		}
		var g history.Game
		if full {
			g, err = decodeGame(n, data)
		} else {
			var b brief
			if err = json.Unmarshal(data, &b); err == nil {
				g = b.Game
			} else {
				err = fmt.Errorf("game %d cannot be read: %v", n, err)
			}
		}
		if err != nil {
			// One damaged record hides no other game.
			d.warn(userfile.Printable(err.Error()) + "; it is left out")
			continue
		}
		out = append(out, Numbered{n, g})
	}
	return out, rows.Err()
}

// Stats returns the statistics of kind, or of every kind.
func (d *DB) Stats(ctx context.Context, kind *board.Settings) ([]history.Stats, error) {
	query := `SELECT kind, known, played, won, streak, best_streak, level FROM kinds`
	var args []any
	if kind != nil {
		query += ` WHERE kind = ?`
		args = append(args, kind.String())
	}
	query += ` ORDER BY known, played DESC, first_date, first_n`
	// One read transaction: the rows and the best times of one moment.
	tx, err := d.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	out := []history.Stats{}
	for rows.Next() {
		var s history.Stats
		var text string
		if err := rows.Scan(&text, &s.Known, &s.Played, &s.Won, &s.CurrentStreak, &s.BestStreak, &s.Level); err != nil {
			rows.Close()
			return nil, err
		}
		if err := s.Kind.UnmarshalText([]byte(text)); err != nil {
			rows.Close()
			return nil, fmt.Errorf("the records name a board %q: %v", userfile.Printable(text), err)
		}
		if s.Played > 0 {
			s.WinRate = float64(s.Won) / float64(s.Played)
		}
		s.Best, s.Recent3BVs = []history.Best{}, []float64{}
		out = append(out, s)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		if !out[i].Known {
			if err := bests(ctx, tx, &out[i]); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// bests reads the best times and speeds of the clean wins of s.Kind.
func bests(ctx context.Context, tx *sql.Tx, s *history.Stats) error {
	kind := s.Kind.String()
	// The date as the record has it, in its own time zone.
	// A record damaged in the file has its date column still.
	rows, err := tx.QueryContext(ctx, `SELECT CASE WHEN json_valid(record) THEN json_extract(record, '$.date') END, date, time_ms
		FROM games WHERE kind = ? AND clean = 1 ORDER BY time_ms, date, n LIMIT ?`, kind, history.BestTimes)
	if err != nil {
		return err
	}
	for rows.Next() {
		var b history.Best
		var text sql.NullString
		var date int64
		if err := rows.Scan(&text, &date, &b.TimeMS); err != nil {
			rows.Close()
			return err
		}
		if b.Date, err = time.Parse(time.RFC3339Nano, text.String); err != nil {
			b.Date = time.Unix(0, date).UTC()
		}
		s.Best = append(s.Best, b)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	var best sql.NullFloat64
	if err := tx.QueryRowContext(ctx, `SELECT max(speed) FROM games WHERE kind = ? AND clean = 1 AND speed IS NOT NULL`, kind).Scan(&best); err != nil {
		return err
	}
	s.Best3BVs = best.Float64
	rows, err = tx.QueryContext(ctx, `SELECT speed FROM games WHERE kind = ? AND clean = 1 AND speed IS NOT NULL ORDER BY date DESC, n DESC LIMIT ?`, kind, history.RecentSpeeds)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var v float64
		if err := rows.Scan(&v); err != nil {
			return err
		}
		s.Recent3BVs = append(s.Recent3BVs, v)
	}
	for i, j := 0, len(s.Recent3BVs)-1; i < j; i, j = i+1, j-1 {
		s.Recent3BVs[i], s.Recent3BVs[j] = s.Recent3BVs[j], s.Recent3BVs[i]
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return bestNumbers(ctx, tx, s)
}

// bestNumbers reads the bests of the speedrunners' numbers of the clean
// wins of s.Kind, each through its index.
func bestNumbers(ctx context.Context, tx *sql.Tx, s *history.Stats) error {
	kind := s.Kind.String()
	var rqp, ioe, zne sql.NullFloat64
	if err := tx.QueryRowContext(ctx, `SELECT
		(SELECT min(rqp) FROM games WHERE kind = ?1 AND clean = 1 AND rqp IS NOT NULL),
		(SELECT max(ioe) FROM games WHERE kind = ?1 AND clean = 1 AND ioe IS NOT NULL),
		(SELECT max(zne) FROM games WHERE kind = ?1 AND clean = 1 AND zne IS NOT NULL)`, kind).Scan(&rqp, &ioe, &zne); err != nil {
		return err
	}
	s.BestRQP, s.BestIOE, s.BestZNE = rqp.Float64, ioe.Float64, zne.Float64
	// The best IOS is reckoned again from its game's 3BV and time, as
	// Summarize reckons it: a game kept before the column has it from
	// SQLite's ln (see migrations). A record damaged in the file has its
	// column still.
	var ios sql.NullFloat64
	var ms int64
	var bv sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT ios, time_ms, CASE WHEN json_valid(record) THEN json_extract(record, '$."3bv"') END
		FROM games WHERE kind = ? AND clean = 1 AND ios IS NOT NULL ORDER BY ios DESC LIMIT 1`, kind).Scan(&ios, &ms, &bv)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return err
	}
	s.BestIOS = ios.Float64
	if bv.Valid && bv.Int64 <= math.MaxInt32 {
		g := history.Game{Result: "won", TimeMS: ms, ThreeBV: int(bv.Int64)}
		if v := g.Numbers().IOS(); v > 0 {
			s.BestIOS = v
		}
	}
	return nil
}

// dailyCountedSQL reports whether a game counted for a level's daily
// board of a date, through the index games_daily.
const dailyCountedSQL = `SELECT EXISTS (SELECT 1 FROM games WHERE level = ? AND daily = ? AND daily <> '' AND known = 0)`

// DailyCounted reports whether a game on the daily board of date and
// level counts for that date already: one kept not known.
func (d *DB) DailyCounted(ctx context.Context, date, level string) (bool, error) {
	var found bool
	err := d.db.QueryRowContext(ctx, dailyCountedSQL, level, date).Scan(&found)
	return found, err
}

// DailyStats returns the statistics of the daily boards, one per level
// played in the order of board.Levels, as history.SummarizeDaily counts
// them, the current streaks running to today. A day's result is its first
// counted game in date order, read through the index games_daily: the
// query reads a row a counted game, a few a day.
func (d *DB) DailyStats(ctx context.Context, today string) ([]history.DailyStats, error) {
	tx, err := d.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	out := []history.DailyStats{}
	for _, lv := range board.Levels {
		days, err := dailyDays(ctx, tx, lv.Name)
		if err != nil {
			return nil, err
		}
		if len(days) > 0 {
			out = append(out, history.SumDays(lv.Name, days, today))
		}
	}
	return out, nil
}

// dailyDays returns the days of level's daily boards, in date order:
// each date's first counted game.
func dailyDays(ctx context.Context, tx *sql.Tx, level string) ([]history.DailyDay, error) {
	rows, err := tx.QueryContext(ctx, `SELECT daily, won, clean, time_ms FROM games
		WHERE level = ? AND daily <> '' AND known = 0 ORDER BY daily, date, n`, level)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var days []history.DailyDay
	for rows.Next() {
		var day history.DailyDay
		if err := rows.Scan(&day.Date, &day.Won, &day.Clean, &day.TimeMS); err != nil {
			return nil, err
		}
		if n := len(days); n > 0 && days[n-1].Date == day.Date {
			continue // the day counts its first game
		}
		days = append(days, day)
	}
	return days, rows.Err()
}

// Save keeps g as a game left unfinished, its V set to history.Version
// and its Result to history.Playing.
func (d *DB) Save(ctx context.Context, g history.Game, replace int64) (int64, error) {
	g.V, g.Result = history.Version, history.Playing
	rec, err := json.Marshal(&g)
	if err != nil {
		return 0, fmt.Errorf("cannot save the game: %w", err)
	}
	var id int64
	err = d.write(ctx, func(tx *sql.Tx) error {
		if replace != 0 {
			if _, err := tx.ExecContext(ctx, `DELETE FROM saved WHERE id = ?`, replace); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO saved (kind, date, record) VALUES (?, ?, ?)`, g.Board.String(), unixNano(g.Date), string(rec))
		if err != nil {
			return err
		}
		id, err = res.LastInsertId()
		return err
	})
	return id, err
}

// Saved returns the games of kind left unfinished, newest first. One that
// cannot be read is set aside, with a warning; one kept by a newer
// minesweeper is left, unoffered.
func (d *DB) Saved(ctx context.Context, kind board.Settings) ([]Saved, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT id, record FROM saved WHERE kind = ? ORDER BY id DESC`, kind.String())
	if err != nil {
		return nil, err
	}
	type bad struct {
		id  int64
		why string
	}
	var out []Saved
	var bads []bad
	for rows.Next() {
		var id int64
		var data []byte
		if err := rows.Scan(&id, &data); err != nil {
			rows.Close()
			return nil, err
		}
		g, newer, err := history.DecodeLine(data)
		switch {
		case newer:
		case err != nil:
			bads = append(bads, bad{id, err.Error()})
		case g.Result != history.Playing || g.Board != kind:
			bads = append(bads, bad{id, fmt.Sprintf("result %q on board %q: not a game left unfinished of %s", g.Result, g.Board, kind)})
		default:
			out = append(out, Saved{id, g})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, b := range bads {
		if err := d.SetAside(ctx, b.id, b.why); err != nil {
			return out, err
		}
	}
	return out, nil
}

// Discard removes the saved game id.
func (d *DB) Discard(ctx context.Context, id int64) error {
	return d.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM saved WHERE id = ?`, id)
		return err
	})
}

// SetAside moves the saved game id to the games set aside, with a warning
// that says why.
func (d *DB) SetAside(ctx context.Context, id int64, why string) error {
	err := d.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO aside (id, kind, why, record) SELECT id, kind, ?, record FROM saved WHERE id = ?`, why, id); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM saved WHERE id = ?`, id)
		return err
	})
	if err == nil {
		d.warn(fmt.Sprintf("a saved game (%d) cannot be resumed (%s); it is kept aside in %s, table aside", id, userfile.Printable(why), d.path))
	}
	return err
}

// Prefs returns the player's last choices.
func (d *DB) Prefs(ctx context.Context) (history.Prefs, bool, error) {
	var data []byte
	err := d.db.QueryRowContext(ctx, `SELECT record FROM prefs WHERE id = 1`).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return history.Prefs{}, false, nil
	}
	if err != nil {
		return history.Prefs{}, false, err
	}
	p, newer, err := history.DecodePrefs(data)
	switch {
	case newer:
		return history.Prefs{}, false, fmt.Errorf("the last choices were %w; they are left as they are", ErrNewer)
	case err != nil:
		return history.Prefs{}, false, fmt.Errorf("the last choices cannot be read (%v); they are chosen anew", err)
	}
	return p, true, nil
}

// SavePrefs keeps p as the player's last choices, its V set to
// history.Version.
func (d *DB) SavePrefs(ctx context.Context, p history.Prefs) error {
	p.V = history.Version
	rec, err := json.Marshal(&p)
	if err != nil {
		return fmt.Errorf("cannot save the settings: %w", err)
	}
	return d.write(ctx, func(tx *sql.Tx) error {
		var data []byte
		err := tx.QueryRowContext(ctx, `SELECT record FROM prefs WHERE id = 1`).Scan(&data)
		if err == nil {
			if _, newer, _ := history.DecodePrefs(data); newer {
				return fmt.Errorf("the last choices were %w; they are left as they are", ErrNewer)
			}
		} else if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT OR REPLACE INTO prefs (id, record) VALUES (1, ?)`, string(rec))
		return err
	})
}

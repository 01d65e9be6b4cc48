package store

import (
	"context"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// FileName is the database's file in the state directory. SQLite keeps
// two more beside it while it is open, FileName-wal and FileName-shm.
const FileName = "records.db"

// busyTimeout is how long a writer waits for another process's write to
// end before it gives up: far longer than any write takes.
const busyTimeout = 10 * time.Second

// DB is the Store kept in an SQLite database file, or the store of one
// player of a server's database (see OpenPlayers), SQLite or PostgreSQL.
// Its methods read and write the rows of its player alone: at home, the
// player "".
type DB struct {
	db       *sql.DB
	path     string // the file, or the PostgreSQL database as it may be shown
	dir      string // the state or data directory, of the pending games; "" for none
	warn     func(string)
	readOnly bool
	access   string   // "" to read and write; else how it is read alone (see connectReadOnly)
	roCause  error    // why it is read alone
	dialect  *dialect // nil for SQLite's
	player   string   // whose records these are: "" at home
	view     bool     // one player's view of a server's database: Close closes nothing
	// gate, in an SQLite store, is held shared by every transaction that
	// writes and every read that may find damage, and alone by a salvage
	// (see salvage), so that a server's sessions wait while their
	// database is salvaged; its views share it. nil for PostgreSQL's.
	gate *sync.RWMutex
	// writing makes this process's writes to the SQLite file, those that
	// wait together in one transaction (see writer), inside the gate;
	// its views share it. nil for PostgreSQL.
	writing *writer

	// now, when set, is the clock that the dates of the games kept are
	// checked against (see checkDate): time.Now when nil.
	now func() time.Time

	// afterImport, when set, is called by the import between committing
	// the games of a file and renaming the file, so that a test can stop
	// the import there as a crash would.
	afterImport func(name string) error

	// The import's steps (see importLog): notice, when set, is told how
	// far an import has come; stepNow is the clock that ends a step (nil
	// for time.Now), and sleep what waits between two steps (nil for
	// time.Sleep); stepLines, when above 0, also ends a step after that
	// many lines, and afterStep, when set, is called after each committed
	// step, so that a test can choose where an import is cut short.
	notice    func(string)
	stepNow   func() time.Time
	sleep     func(time.Duration)
	stepLines int
	afterStep func(p *logStep) error
	owner     string // the name of this store's imports (see importer)
}

var _ Store = (*DB)(nil)

// Open opens the store kept in the directory dir, creating the directory
// (readable by the user alone) and the database as needed, and brings its
// schema up to date. A file in the database's place that is not a
// database (or not a regular file) is moved aside, to
// records.db.corrupt-TIME, with a warning, and a new store starts: play
// goes on. A database with a malformed page, found by a check bounded in
// time (checkBudget) or by any write or read of the records that meets
// it, is moved aside too, and what can be read of it salvaged into the
// new store (see salvage). A database it cannot write (a read-only file
// system, a full disk) is read, with a warning, and keeps nothing. Then,
// once, it imports the files earlier versions kept (see importFiles). Warnings go to warn, which may be nil. Errors are for a
// directory or database the system will not let it use.
func Open(dir string, warn func(string)) (*DB, error) {
	return OpenNotify(dir, warn, nil)
}

// OpenNotify is Open, telling notice (which may be nil) how far an import
// of the files of an earlier version has come, every few seconds of it.
func OpenNotify(dir string, warn, notice func(string)) (*DB, error) {
	if warn == nil {
		warn = func(string) {}
	}
	fail := func(err error) (*DB, error) {
		return nil, fmt.Errorf("cannot use the state directory %s (MINESWEEPER_HOME chooses another): %w", dir, err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fail(err)
	}
	d := &DB{path: filepath.Join(dir, FileName), dir: dir, warn: warn, notice: notice, gate: new(sync.RWMutex)}
	if err := d.open(context.Background(), true); err != nil {
		return fail(err)
	}
	if !d.readOnly && d.access == "" {
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
		if err != nil && retry && (cannotWrite(err) || diskFull(err)) {
			err = d.connectReadOnly(ctx, d.explain(err))
		}
	}
	if err == nil && retry {
		err = d.check(ctx)
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
	if k, v, ok := strings.Cut(d.access, "="); ok {
		q.Set(k, v)
	}
	dsn := "file:" + (&url.URL{Path: d.path}).EscapedPath() + "?" + q.Encode()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return err
	}
	d.db = db
	if d.writing == nil { // a salvage opens the file again: its views keep the one they share
		d.writing = new(writer)
	}
	// A new file is made readable by the user alone.
	if d.access == "" {
		if f, err := os.OpenFile(d.path, os.O_RDONLY|os.O_CREATE, 0o600); err == nil {
			f.Close()
		}
	}
	// SQLite calls no busy handler for the lock a new database's first
	// transaction, or its change to WAL mode, may need to upgrade: when
	// several programs make the store at once, one tries again.
	deadline := time.Now().Add(busyTimeout)
	for {
		err = d.migrate(ctx)
		if err == nil && !d.readOnly && d.access == "" {
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

// dial returns the dialect of d's database.
func (d *DB) dial() *dialect {
	if d.dialect == nil {
		return sqliteDialect
	}
	return d.dialect
}

// sqliteDialect is SQLite's.
var sqliteDialect = &dialect{
	recordDate: `CASE WHEN json_valid(record) THEN json_extract(record, '$.date') END`,
	record3BV:  `CASE WHEN json_valid(record) THEN json_extract(record, '$."3bv"') END`,
	readTx:     sql.TxOptions{ReadOnly: true},
	unique:     func(err error) bool { return code(err) == sqlite3.SQLITE_CONSTRAINT },
}

// migrations are the steps of the schema, the i-th taking it from version
// i to i+1. A step adds (tables, columns, indexes), or makes a table anew
// with the columns it had, so that an older program can still read a
// newer database.
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
	// The players of a server (OpenPlayers) in one database: every
	// player's rows carry the player's id, "" at home, and every index a
	// player's queries read leads with it. kinds and prefs are made anew
	// with the player in their keys (SQLite alters no primary key), their
	// rows copied; prefs keeps its id, always 1, which an older program
	// reads it by. The players' names, unique in any case of their
	// letters (name_key, their case folding), and the indexes of the
	// leaderboards: the first attempts of a date's daily board
	// (games_board) and each player's best clean win of a level
	// (games_leaders: the wins of one time all have a speed, or, at 0 ms,
	// none, so where the databases put NULL changes no order).
	`
ALTER TABLE games ADD COLUMN player TEXT NOT NULL DEFAULT '';
ALTER TABLE saved ADD COLUMN player TEXT NOT NULL DEFAULT '';
ALTER TABLE aside ADD COLUMN player TEXT NOT NULL DEFAULT '';

CREATE TABLE kinds_new (
	player      TEXT    NOT NULL DEFAULT '',
	kind        TEXT    NOT NULL,
	known       INTEGER NOT NULL,
	played      INTEGER NOT NULL,
	won         INTEGER NOT NULL,
	streak      INTEGER NOT NULL,
	best_streak INTEGER NOT NULL,
	level       TEXT    NOT NULL,
	first_date  INTEGER NOT NULL,
	first_n     INTEGER NOT NULL,
	last_date   INTEGER NOT NULL,
	last_n      INTEGER NOT NULL,
	PRIMARY KEY (player, kind, known)
);
INSERT INTO kinds_new (kind, known, played, won, streak, best_streak, level, first_date, first_n, last_date, last_n)
	SELECT kind, known, played, won, streak, best_streak, level, first_date, first_n, last_date, last_n FROM kinds;
DROP TABLE kinds;
ALTER TABLE kinds_new RENAME TO kinds;

CREATE TABLE prefs_new (
	player TEXT    NOT NULL DEFAULT '' PRIMARY KEY,
	id     INTEGER NOT NULL DEFAULT 1,
	record TEXT    NOT NULL
);
INSERT INTO prefs_new (record) SELECT record FROM prefs;
DROP TABLE prefs;
ALTER TABLE prefs_new RENAME TO prefs;

DROP INDEX games_date;
DROP INDEX games_kind;
DROP INDEX games_best;
DROP INDEX games_speed;
DROP INDEX games_recent;
DROP INDEX games_daily;
DROP INDEX games_ios;
DROP INDEX games_rqp;
DROP INDEX games_ioe;
DROP INDEX games_zne;
DROP INDEX saved_kind;
CREATE INDEX games_player ON games (player, n);
CREATE INDEX games_date   ON games (player, date DESC, n);
CREATE INDEX games_kind   ON games (player, kind, known, date, n);
CREATE INDEX games_best   ON games (player, kind, time_ms, date, n) WHERE clean = 1;
CREATE INDEX games_speed  ON games (player, kind, speed) WHERE clean = 1 AND speed IS NOT NULL;
CREATE INDEX games_recent ON games (player, kind, date, n) WHERE clean = 1 AND speed IS NOT NULL;
CREATE INDEX games_daily  ON games (player, level, daily, date, n) WHERE daily <> '' AND known = 0;
CREATE INDEX games_ios    ON games (player, kind, ios) WHERE clean = 1 AND ios IS NOT NULL;
CREATE INDEX games_rqp    ON games (player, kind, rqp) WHERE clean = 1 AND rqp IS NOT NULL;
CREATE INDEX games_ioe    ON games (player, kind, ioe) WHERE clean = 1 AND ioe IS NOT NULL;
CREATE INDEX games_zne    ON games (player, kind, zne) WHERE clean = 1 AND zne IS NOT NULL;
CREATE INDEX saved_kind   ON saved (player, kind, id);
CREATE INDEX games_board   ON games (level, daily, player, date, n) WHERE daily <> '' AND known = 0;
CREATE INDEX games_leaders ON games (player, kind, time_ms, speed DESC, date, n) WHERE clean = 1 AND daily = '';

CREATE TABLE players (
	id       TEXT    PRIMARY KEY, -- the public key's fingerprint
	name     TEXT    NOT NULL,    -- the display name
	name_key TEXT    NOT NULL,    -- the name's case folding
	created  INTEGER NOT NULL     -- when the player was first named, in Unix nanoseconds
);
CREATE UNIQUE INDEX players_name ON players (name_key);
`,
	// Moderation (see Moderation): the bans of keys and addresses, the
	// operator's rulings on games (removed from the ranked boards, or
	// verified onto them though faster than the ceilings), and the log
	// of every action.
	`
CREATE TABLE bans (
	kind   TEXT    NOT NULL, -- key or addr
	target TEXT    NOT NULL, -- the fingerprint, or the address or prefix
	reason TEXT    NOT NULL,
	date   INTEGER NOT NULL,
	PRIMARY KEY (kind, target)
);
CREATE TABLE rulings (
	n      INTEGER PRIMARY KEY, -- the game's number
	ruling TEXT    NOT NULL,    -- removed or verified
	date   INTEGER NOT NULL
);
CREATE TABLE moderation (
	id     INTEGER PRIMARY KEY AUTOINCREMENT,
	date   INTEGER NOT NULL,
	action TEXT    NOT NULL,
	target TEXT    NOT NULL,
	reason TEXT    NOT NULL
);
`,
	// The players' names are told apart by their confusable skeleton
	// (history.NameKey), which SQL cannot compute: name_key becomes
	// NULL-able (SQLite alters no column: the table is made anew, its
	// rows copied) and is left NULL, and the store keys each name at
	// open (rekeyNames), the oldest player's first; a name that now
	// looks like an older one's is kept, without a key.
	`
CREATE TABLE players_new (
	id       TEXT    PRIMARY KEY, -- the public key's fingerprint
	name     TEXT    NOT NULL,    -- the display name
	name_key TEXT,                -- history.NameKey of the name; NULL until keyed, or while an older player's name holds it
	created  INTEGER NOT NULL     -- when the player was first named, in Unix nanoseconds
);
INSERT INTO players_new (id, name, created) SELECT id, name, created FROM players;
DROP TABLE players;
ALTER TABLE players_new RENAME TO players;
CREATE UNIQUE INDEX players_name ON players (name_key);
`,
	// The claim on a saved game (see Claim): who plays it, a random id of
	// one run of the game ('' for no one), and when the claim runs out
	// unless it is renewed, in Unix nanoseconds.
	`
ALTER TABLE saved ADD COLUMN owner TEXT    NOT NULL DEFAULT '';
ALTER TABLE saved ADD COLUMN lease INTEGER NOT NULL DEFAULT 0;
`,
	// A game costs the same whatever its date (see count): the runs of
	// wins of each kind, in date order, and the game that gave a kind its
	// level, both from the games kept before.
	`
CREATE TABLE runs (
	player     TEXT    NOT NULL DEFAULT '',
	kind       TEXT    NOT NULL,
	known      INTEGER NOT NULL,
	first_date INTEGER NOT NULL, -- its first win in date order
	first_n    INTEGER NOT NULL,
	last_date  INTEGER NOT NULL, -- its last
	last_n     INTEGER NOT NULL,
	length     INTEGER NOT NULL,
	PRIMARY KEY (player, kind, known, first_date, first_n)
);
CREATE INDEX runs_length ON runs (player, kind, known, length);
` + runsFromGames + `
ALTER TABLE kinds ADD COLUMN level_date INTEGER NOT NULL DEFAULT 0;
ALTER TABLE kinds ADD COLUMN level_n    INTEGER NOT NULL DEFAULT 0; -- 0: no game names the level
` + levelFromGames,
	// The secrets of a server's daily boards (see daily.OfSecret), one a
	// date: drawn by the first server to ask for it (see DailySecret),
	// read by every other, and shown once the date has ended.
	`
CREATE TABLE daily_secrets (
	date    TEXT    PRIMARY KEY, -- YYYY-MM-DD, a UTC date
	secret  TEXT    NOT NULL,    -- 64 hexadecimal digits
	created INTEGER NOT NULL     -- when it was drawn, in Unix nanoseconds
);
`,
	// An import in progress (see importStepsTable).
	importStepsTable,
	// The kinds in the order stats shows them, the most played first
	// (see DB.MostPlayed): the first few read without a sort of every
	// kind, and the others summed from the index alone.
	kindsPlayedIndex,
	// history.NameKey takes the skeleton of a name as written too ("PauI"
	// is "Paul"): every name is keyed again at open (rekeyNames), the
	// oldest player's first.
	`UPDATE players SET name_key = NULL;`,
	// The races of a server (minesweeper serve's race): one row a race
	// and one a racer, the results by race: places, wins, times.
	racesTables,
	// The NF style and the statistics of Windows Minesweeper's screen
	// (issue 40), as SQLite keeps them.
	styleAndLosses("INTEGER", "min(max(time_ms, 0), %d)"),
}

// styleAndLosses is the step that adds, in the types of integer of a
// database and with its expression of a time held within 0 and
// history.MaxTimeMS (a format of the bound): the NF style of each game
// (won with no flag placed, history.Game.NF; the games kept before have
// it from their records, read as text: "nf":true, or moves none of which
// ("F..." or "M...") placed a flag), indexes for the bests of the clean
// NF wins and for the NF style's all-time leaderboards; the runs of
// losses of each kind (losses), as runs keeps those of wins, from the
// games kept before; and in kinds the longest losing streak, the clean
// wins and their times summed, for their average.
func styleAndLosses(integer, clamp string) string {
	losses := strings.NewReplacer("INSERT INTO runs", "INSERT INTO losses", "sum(1 - won)", "sum(won)", "WHERE won = 1", "WHERE won = 0").Replace(runsFromGames)
	return `
ALTER TABLE games ADD COLUMN nf INTEGER NOT NULL DEFAULT 0; -- 1: won with no flag placed
UPDATE games SET nf = 1 WHERE won = 1 AND (record LIKE '%"nf":true%'
	OR record LIKE '%"moves":[{%' AND record NOT LIKE '%"m":"F%' AND record NOT LIKE '%"m":"M%');
CREATE INDEX games_nf_best  ON games (player, kind, time_ms, date, n) WHERE clean = 1 AND nf = 1;
CREATE INDEX games_nf_speed ON games (player, kind, speed) WHERE clean = 1 AND nf = 1 AND speed IS NOT NULL;
CREATE INDEX games_nf_ios   ON games (player, kind, ios) WHERE clean = 1 AND nf = 1 AND ios IS NOT NULL;
CREATE INDEX games_nf_rqp   ON games (player, kind, rqp) WHERE clean = 1 AND nf = 1 AND rqp IS NOT NULL;
CREATE INDEX games_nf_ioe   ON games (player, kind, ioe) WHERE clean = 1 AND nf = 1 AND ioe IS NOT NULL;
CREATE INDEX games_nf_zne   ON games (player, kind, zne) WHERE clean = 1 AND nf = 1 AND zne IS NOT NULL;
CREATE INDEX games_leaders_nf ON games (player, kind, time_ms, speed DESC, date, n) WHERE clean = 1 AND daily = '' AND nf = 1;
CREATE TABLE losses (
	player     TEXT    NOT NULL DEFAULT '',
	kind       TEXT    NOT NULL,
	known      INTEGER NOT NULL,
	first_date ` + integer + ` NOT NULL, -- its first loss in date order
	first_n    ` + integer + ` NOT NULL,
	last_date  ` + integer + ` NOT NULL, -- its last
	last_n     ` + integer + ` NOT NULL,
	length     ` + integer + ` NOT NULL,
	PRIMARY KEY (player, kind, known, first_date, first_n)
);
CREATE INDEX losses_length ON losses (player, kind, known, length);
` + losses + `
ALTER TABLE kinds ADD COLUMN losing_streak ` + integer + ` NOT NULL DEFAULT 0;
ALTER TABLE kinds ADD COLUMN clean_wins    ` + integer + ` NOT NULL DEFAULT 0;
ALTER TABLE kinds ADD COLUMN clean_ms      ` + integer + ` NOT NULL DEFAULT 0; -- the clean wins' times, each within 0 and a hundred years
UPDATE kinds SET losing_streak = coalesce((SELECT max(length) FROM losses
	WHERE losses.player = kinds.player AND losses.kind = kinds.kind AND losses.known = kinds.known), 0);
UPDATE kinds SET (clean_wins, clean_ms) = (SELECT count(*), coalesce(sum(` + fmt.Sprintf(clamp, history.MaxTimeMS) + `), 0) FROM games
	WHERE games.player = kinds.player AND games.kind = kinds.kind AND games.known = kinds.known AND games.clean = 1);
`
}

// runsFromGames fills the table runs from the games: each win with the
// losses before it in its kind's date order, and its place in the run
// that so many losses precede; a run's row is its last win's.
const runsFromGames = `
INSERT INTO runs (player, kind, known, first_date, first_n, last_date, last_n, length)
SELECT player, kind, known, first_date, first_n, date, n, i FROM (
	SELECT player, kind, known, date, n,
		first_value(date) OVER w AS first_date, first_value(n) OVER w AS first_n,
		row_number() OVER w AS i, count(*) OVER (PARTITION BY player, kind, known, losses) AS length
	FROM (
		SELECT player, kind, known, date, n, won,
			sum(1 - won) OVER (PARTITION BY player, kind, known ORDER BY date, n ROWS UNBOUNDED PRECEDING) AS losses
		FROM games
	) AS g
	WHERE won = 1
	WINDOW w AS (PARTITION BY player, kind, known, losses ORDER BY date, n)
) AS r
WHERE i = length;
`

// levelFromGames sets the place of the game that gave each kind its
// level: its last game in date order that names one.
const levelFromGames = `
UPDATE kinds SET (level_date, level_n) = (
	SELECT date, n FROM games
	WHERE games.player = kinds.player AND games.kind = kinds.kind AND games.known = kinds.known AND games.level <> ''
	ORDER BY date DESC, n DESC LIMIT 1)
WHERE level <> '';
`

// importStepsTable keeps an import of an old log in progress, one row a
// file: where it has come to, written in the transaction of each of its
// steps, so that an import cut short goes on from there (see importLog).
// The row goes when the file's row in imports is written.
const importStepsTable = `
CREATE TABLE import_steps (
	name      TEXT    NOT NULL PRIMARY KEY, -- the file, in the state directory
	sum       TEXT    NOT NULL, -- its SHA-256 when its import began
	size      BIGINT  NOT NULL, -- its size then
	total     BIGINT  NOT NULL, -- its lines then
	pos       BIGINT  NOT NULL, -- the bytes imported, whole lines
	state     TEXT    NOT NULL, -- the SHA-256 state of those bytes, in hex
	lines     BIGINT  NOT NULL, -- the lines imported
	games     BIGINT  NOT NULL, -- the games imported
	bad_count BIGINT  NOT NULL, -- the lines that are not games
	bad       TEXT    NOT NULL, -- the first of them, as JSON
	owner     TEXT    NOT NULL, -- the process whose step was the last
	date      BIGINT  NOT NULL  -- when that step committed, in Unix nanoseconds
);
`

// kindsPlayedIndex orders the kinds as stats shows them, with what the
// row that folds the others sums (won), so that neither reads the table.
const kindsPlayedIndex = `
CREATE INDEX kinds_played ON kinds (player, known, played DESC, first_date, first_n, won);
`

// newSchema is what the migrations make of an empty file, as SQLite keeps
// it: a new file is made with it. TestNewSchema checks that it stays so
// (go test -run TestNewSchema -update writes it anew after a step is
// added).
//
//go:embed schema.sql
var newSchema string

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
	var tables int
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&tables); err != nil {
		return err
	}
	if id != appID && tables > 0 {
		return errNotOurs
	}
	switch {
	case version > len(migrations):
		d.readOnly = true
		d.warn(fmt.Sprintf("%s was written by a newer minesweeper (schema %d, this one knows %d); it is read, but nothing is kept until that one is used again", d.path, version, len(migrations)))
		return nil
	case version == len(migrations):
		return nil
	}
	if version == 0 && tables == 0 {
		// A new file is made at the newest schema in one step: the steps
		// one by one cost a new player's first start, and each test's
		// store, ten times as much.
		if _, err := tx.ExecContext(ctx, newSchema); err != nil {
			return fmt.Errorf("cannot make the records (schema %d): %w", len(migrations), err)
		}
		version = len(migrations)
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

// Close closes the database; a player's view of a server's database
// closes nothing.
func (d *DB) Close() error {
	if d.view {
		return nil
	}
	return d.db.Close()
}

// ReadOnly reports whether a newer minesweeper made the store.
func (d *DB) ReadOnly() bool { return d.readOnly }

func (d *DB) errReadOnly() error { return fmt.Errorf("%w (%s)", ErrReadOnly, d.path) }

// write runs f in one transaction, committed if f returns nil; if it
// finds the file damaged, it salvages it and runs f once more.
func (d *DB) write(ctx context.Context, f func(*sql.Tx) error) error {
	return d.writeOrSalvage(ctx, f)
}

// writeOnce runs f in one transaction, committed if f returns nil.
func (d *DB) writeOnce(ctx context.Context, f func(*sql.Tx) error) error {
	if d.readOnly {
		return d.errReadOnly()
	}
	if d.access != "" {
		return d.errCannotWrite()
	}
	defer d.shared()()
	if d.writing != nil {
		// One writer at a time, with those that wait beside it: SQLite's
		// own wait for the write lock polls it with sleeps that grow to
		// 100 ms, which left it free while 200 sessions' keeps slept, and
		// each commit's sync was one more wait (see writer).
		return d.writing.do(ctx, d, f)
	}
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return d.explain(err)
	}
	defer tx.Rollback()
	if d.dial().lock != "" {
		if _, err := tx.ExecContext(ctx, d.dial().lock, d.player); err != nil {
			return err
		}
	}
	if err := f(tx); err != nil {
		return d.explain(err)
	}
	return d.explain(tx.Commit())
}

// shared holds d's gate shared, if it has one, and returns what lets it
// go.
func (d *DB) shared() func() {
	if d.gate == nil {
		return func() {}
	}
	d.gate.RLock()
	return d.gate.RUnlock
}

// explain words the database's errors that a player can act on.
func (d *DB) explain(err error) error {
	if err != nil {
		switch code(err) {
		case sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR:
			// A full disk fails a write of the WAL, or the growth of its
			// shared memory file, as an I/O error.
			if diskFull(err) || isFull(filepath.Dir(d.path)) {
				return &fullError{dir: filepath.Dir(d.path), err: err}
			}
		case sqlite3.SQLITE_BUSY:
			return fmt.Errorf("another minesweeper held the records for over %v: %w", busyTimeout, err)
		case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM:
			return fmt.Errorf("%s cannot be written: %w", d.path, err)
		}
	}
	return err
}

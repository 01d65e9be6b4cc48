package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // the database/sql driver "pgx"
)

// postgresDialect is PostgreSQL's.
var postgresDialect = &dialect{
	// The records are JSON as history.Game marshals them, its version
	// then its date first: read without parsing, a damaged one gives
	// NULL rather than an error.
	recordDate: `substring(record from '^\{"v":[0-9]+,"date":"([^"]*)"')`,
	record3BV:  `CAST(substring(record from '"3bv":([0-9]+)') AS BIGINT)`,
	// A statement reads as of its start; a read of several, as of the
	// first.
	readTx: sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead},
	// A transaction lock of the player, taken before the transaction's
	// first read: its reads (at read committed) see every write of the
	// player committed before it.
	lock: `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`,
	unique: func(err error) bool {
		var pe *pgconn.PgError
		return errors.As(err, &pe) && pe.Code == "23505" // unique_violation
	},
}

// pgMigrations are the steps of the PostgreSQL schema, the i-th taking it
// from version i to i+1. The first makes it as SQLite's is at its latest:
// no database of an earlier version is kept there.
var pgMigrations = []string{
	`
CREATE TABLE games (
	n       BIGSERIAL PRIMARY KEY,
	player  TEXT    NOT NULL DEFAULT '',
	date    BIGINT  NOT NULL,
	kind    TEXT    NOT NULL,
	known   INTEGER NOT NULL,
	won     INTEGER NOT NULL,
	clean   INTEGER NOT NULL,
	time_ms BIGINT  NOT NULL,
	speed   DOUBLE PRECISION,
	level   TEXT    NOT NULL,
	record  TEXT    NOT NULL,
	daily   TEXT    NOT NULL DEFAULT '',
	ios     DOUBLE PRECISION,
	rqp     DOUBLE PRECISION,
	ioe     DOUBLE PRECISION,
	zne     DOUBLE PRECISION
);
CREATE INDEX games_player  ON games (player, n);
CREATE INDEX games_date    ON games (player, date DESC, n);
CREATE INDEX games_kind    ON games (player, kind, known, date, n);
CREATE INDEX games_best    ON games (player, kind, time_ms, date, n) WHERE clean = 1;
CREATE INDEX games_speed   ON games (player, kind, speed) WHERE clean = 1 AND speed IS NOT NULL;
CREATE INDEX games_recent  ON games (player, kind, date, n) WHERE clean = 1 AND speed IS NOT NULL;
CREATE INDEX games_daily   ON games (player, level, daily, date, n) WHERE daily <> '' AND known = 0;
CREATE INDEX games_ios     ON games (player, kind, ios) WHERE clean = 1 AND ios IS NOT NULL;
CREATE INDEX games_rqp     ON games (player, kind, rqp) WHERE clean = 1 AND rqp IS NOT NULL;
CREATE INDEX games_ioe     ON games (player, kind, ioe) WHERE clean = 1 AND ioe IS NOT NULL;
CREATE INDEX games_zne     ON games (player, kind, zne) WHERE clean = 1 AND zne IS NOT NULL;
CREATE INDEX games_board   ON games (level, daily, player, date, n) WHERE daily <> '' AND known = 0;
CREATE INDEX games_leaders ON games (player, kind, time_ms, speed DESC, date, n) WHERE clean = 1 AND daily = '';

CREATE TABLE kinds (
	player      TEXT    NOT NULL DEFAULT '',
	kind        TEXT    NOT NULL,
	known       INTEGER NOT NULL,
	played      BIGINT  NOT NULL,
	won         BIGINT  NOT NULL,
	streak      BIGINT  NOT NULL,
	best_streak BIGINT  NOT NULL,
	level       TEXT    NOT NULL,
	first_date  BIGINT  NOT NULL,
	first_n     BIGINT  NOT NULL,
	last_date   BIGINT  NOT NULL,
	last_n      BIGINT  NOT NULL,
	PRIMARY KEY (player, kind, known)
);

CREATE TABLE saved (
	id     BIGSERIAL PRIMARY KEY,
	player TEXT   NOT NULL DEFAULT '',
	kind   TEXT   NOT NULL,
	date   BIGINT NOT NULL,
	record TEXT   NOT NULL
);
CREATE INDEX saved_kind ON saved (player, kind, id);

CREATE TABLE aside (
	id     BIGINT PRIMARY KEY,
	player TEXT   NOT NULL DEFAULT '',
	kind   TEXT   NOT NULL,
	why    TEXT   NOT NULL,
	record TEXT   NOT NULL
);

CREATE TABLE prefs (
	player TEXT NOT NULL DEFAULT '' PRIMARY KEY,
	record TEXT NOT NULL
);

CREATE TABLE players (
	id       TEXT   PRIMARY KEY,
	name     TEXT   NOT NULL,
	name_key TEXT   NOT NULL,
	created  BIGINT NOT NULL
);
CREATE UNIQUE INDEX players_name ON players (name_key);
`,
	// Moderation, as SQLite's.
	`
CREATE TABLE bans (
	kind   TEXT   NOT NULL,
	target TEXT   NOT NULL,
	reason TEXT   NOT NULL,
	date   BIGINT NOT NULL,
	PRIMARY KEY (kind, target)
);
CREATE TABLE rulings (
	n      BIGINT PRIMARY KEY,
	ruling TEXT   NOT NULL,
	date   BIGINT NOT NULL
);
CREATE TABLE moderation (
	id     BIGSERIAL PRIMARY KEY,
	date   BIGINT NOT NULL,
	action TEXT   NOT NULL,
	target TEXT   NOT NULL,
	reason TEXT   NOT NULL
);
`,
	// The players' names are told apart by their confusable skeleton
	// (history.NameKey), which SQL cannot compute: name_key becomes
	// NULL-able and is left NULL, and the store keys each name at open
	// (rekeyNames), the oldest player's first.
	`
ALTER TABLE players ALTER COLUMN name_key DROP NOT NULL;
UPDATE players SET name_key = NULL;
`,
	// The claim on a saved game, as SQLite's.
	`
ALTER TABLE saved ADD COLUMN owner TEXT   NOT NULL DEFAULT '';
ALTER TABLE saved ADD COLUMN lease BIGINT NOT NULL DEFAULT 0;
`,
	// The runs of wins and the level's game, as SQLite's migrations add
	// them.
	`
CREATE TABLE runs (
	player     TEXT    NOT NULL DEFAULT '',
	kind       TEXT    NOT NULL,
	known      INTEGER NOT NULL,
	first_date BIGINT  NOT NULL,
	first_n    BIGINT  NOT NULL,
	last_date  BIGINT  NOT NULL,
	last_n     BIGINT  NOT NULL,
	length     BIGINT  NOT NULL,
	PRIMARY KEY (player, kind, known, first_date, first_n)
);
CREATE INDEX runs_length ON runs (player, kind, known, length);
` + runsFromGames + `
ALTER TABLE kinds ADD COLUMN level_date BIGINT NOT NULL DEFAULT 0;
ALTER TABLE kinds ADD COLUMN level_n    BIGINT NOT NULL DEFAULT 0;
` + levelFromGames,
	// The secrets of a server's daily boards (see daily.OfSecret), one a
	// date: drawn by the first server to ask for it (see DailySecret),
	// read by every other, and shown once the date has ended.
	`
CREATE TABLE daily_secrets (
	date    TEXT    PRIMARY KEY, -- YYYY-MM-DD, a UTC date
	secret  TEXT    NOT NULL,    -- 64 hexadecimal digits
	created BIGINT  NOT NULL     -- when it was drawn, in Unix nanoseconds
);
`,
	// The same table as SQLite's: a server imports no files today, but
	// the schemas are kept alike.
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
	// The NF style and the statistics of Windows Minesweeper's screen,
	// as SQLite's.
	styleAndLosses("BIGINT", "least(greatest(time_ms, 0), %d)"),
}

// pgConns is the most connections a server's store holds open: a write
// waiting for its player's lock holds one.
const pgConns = 16

// openPostgres opens the PostgreSQL database of dsn and makes or
// migrates its schema.
func openPostgres(ctx context.Context, dsn string, warn func(string)) (*DB, error) {
	shown := dsn
	if u, err := url.Parse(dsn); err == nil {
		shown = (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}).String() // no password
	}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("cannot use the database %s: %w", shown, err)
	}
	db.SetMaxOpenConns(pgConns)
	db.SetMaxIdleConns(pgConns)
	d := &DB{db: db, path: shown, warn: warn, dialect: postgresDialect}
	if err := d.migratePostgres(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("cannot use the database %s: %w", shown, err)
	}
	return d, nil
}

// pgSchemaLock is the key of the transaction lock that one server at a
// time makes or migrates the schema under: "MINE", in the key space of
// two keys, apart from the players' locks.
const pgSchemaLock = `SELECT pg_advisory_xact_lock(1296649797, 0)`

// migratePostgres brings the schema up to date in one transaction, or
// finds it newer and makes the store read-only. Its version is the one
// row of the table schema_version.
func (d *DB) migratePostgres(ctx context.Context) error {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, pgSchemaLock); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	var version sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT max(version) FROM schema_version`).Scan(&version); err != nil {
		return err
	}
	v := int(version.Int64)
	switch {
	case v > len(pgMigrations):
		d.readOnly = true
		d.warn(fmt.Sprintf("%s was written by a newer minesweeper (schema %d, this one knows %d); it is read, but nothing is kept until that one is used again", d.path, v, len(pgMigrations)))
		return nil
	case v == len(pgMigrations):
		return nil
	}
	for ; v < len(pgMigrations); v++ {
		if _, err := tx.ExecContext(ctx, pgMigrations[v]); err != nil {
			return fmt.Errorf("cannot bring the records up to date (schema %d to %d): %w", v, v+1, err)
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM schema_version`); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES ($1)`, len(pgMigrations)); err != nil {
		return err
	}
	return tx.Commit()
}

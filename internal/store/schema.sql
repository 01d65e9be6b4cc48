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
, daily TEXT NOT NULL DEFAULT '', ios REAL, rqp REAL, ioe REAL, zne REAL, player TEXT NOT NULL DEFAULT '', nf INTEGER NOT NULL DEFAULT 0);

CREATE TABLE saved (
	id     INTEGER PRIMARY KEY AUTOINCREMENT,
	kind   TEXT    NOT NULL,
	date   INTEGER NOT NULL,
	record TEXT    NOT NULL
, player TEXT NOT NULL DEFAULT '', owner TEXT    NOT NULL DEFAULT '', lease INTEGER NOT NULL DEFAULT 0);

CREATE TABLE aside (
	id     INTEGER PRIMARY KEY,
	kind   TEXT    NOT NULL,
	why    TEXT    NOT NULL,
	record TEXT    NOT NULL
, player TEXT NOT NULL DEFAULT '');

CREATE TABLE imports (
	name   TEXT    NOT NULL,
	sum    TEXT    NOT NULL,
	date   INTEGER NOT NULL,
	games  INTEGER NOT NULL,
	PRIMARY KEY (name, sum)
);

CREATE TABLE "kinds" (
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
	last_n      INTEGER NOT NULL, level_date INTEGER NOT NULL DEFAULT 0, level_n    INTEGER NOT NULL DEFAULT 0, losing_streak INTEGER NOT NULL DEFAULT 0, clean_wins    INTEGER NOT NULL DEFAULT 0, clean_ms      INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (player, kind, known)
);

CREATE TABLE "prefs" (
	player TEXT    NOT NULL DEFAULT '' PRIMARY KEY,
	id     INTEGER NOT NULL DEFAULT 1,
	record TEXT    NOT NULL
);

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

CREATE TABLE "players" (
	id       TEXT    PRIMARY KEY, -- the public key's fingerprint
	name     TEXT    NOT NULL,    -- the display name
	name_key TEXT,                -- history.NameKey of the name; NULL until keyed, or while an older player's name holds it
	created  INTEGER NOT NULL     -- when the player was first named, in Unix nanoseconds
);

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

CREATE TABLE daily_secrets (
	date    TEXT    PRIMARY KEY, -- YYYY-MM-DD, a UTC date
	secret  TEXT    NOT NULL,    -- 64 hexadecimal digits
	created INTEGER NOT NULL     -- when it was drawn, in Unix nanoseconds
);

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

CREATE TABLE races (
	id     BIGINT  NOT NULL PRIMARY KEY,
	kind   TEXT    NOT NULL, -- its board, in its text form
	ended  BIGINT  NOT NULL, -- when it ended, in Unix nanoseconds
	racers BIGINT  NOT NULL
);

CREATE TABLE race_results (
	race    BIGINT  NOT NULL REFERENCES races (id),
	player  TEXT    NOT NULL, -- the racer's key fingerprint
	place   BIGINT  NOT NULL, -- from 1; racers tied share one
	won     INTEGER NOT NULL, -- the racer cleared the board
	time_ms BIGINT  NOT NULL, -- the finish time of a cleared board, else 0
	cleared DOUBLE PRECISION NOT NULL, -- the share of the safe cells opened
	PRIMARY KEY (race, player)
);

CREATE TABLE losses (
	player     TEXT    NOT NULL DEFAULT '',
	kind       TEXT    NOT NULL,
	known      INTEGER NOT NULL,
	first_date INTEGER NOT NULL, -- its first loss in date order
	first_n    INTEGER NOT NULL,
	last_date  INTEGER NOT NULL, -- its last
	last_n     INTEGER NOT NULL,
	length     INTEGER NOT NULL,
	PRIMARY KEY (player, kind, known, first_date, first_n)
);

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

CREATE UNIQUE INDEX players_name ON players (name_key);

CREATE INDEX runs_length ON runs (player, kind, known, length);

CREATE INDEX kinds_played ON kinds (player, known, played DESC, first_date, first_n, won);

CREATE INDEX race_results_player ON race_results (player, place);

CREATE INDEX games_nf_best  ON games (player, kind, time_ms, date, n) WHERE clean = 1 AND nf = 1;

CREATE INDEX games_nf_speed ON games (player, kind, speed) WHERE clean = 1 AND nf = 1 AND speed IS NOT NULL;

CREATE INDEX games_nf_ios   ON games (player, kind, ios) WHERE clean = 1 AND nf = 1 AND ios IS NOT NULL;

CREATE INDEX games_nf_rqp   ON games (player, kind, rqp) WHERE clean = 1 AND nf = 1 AND rqp IS NOT NULL;

CREATE INDEX games_nf_ioe   ON games (player, kind, ioe) WHERE clean = 1 AND nf = 1 AND ioe IS NOT NULL;

CREATE INDEX games_nf_zne   ON games (player, kind, zne) WHERE clean = 1 AND nf = 1 AND zne IS NOT NULL;

CREATE INDEX games_leaders_nf ON games (player, kind, time_ms, speed DESC, date, n) WHERE clean = 1 AND daily = '' AND nf = 1;

CREATE INDEX losses_length ON losses (player, kind, known, length);


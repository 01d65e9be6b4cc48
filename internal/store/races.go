package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"
)

// racesTables keeps the races of a server, the same in SQLite and
// PostgreSQL: a race and its results, a row a racer, placed by finish
// time, then by the share of the board cleared.
const racesTables = `
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
CREATE INDEX race_results_player ON race_results (player, place);
`

// Race is a race's result as the store keeps it.
type Race struct {
	Kind    string // the board, in its text form (board.Settings.String)
	Ended   time.Time
	Results []RaceResult
}

// RaceResult is a racer's result in a race.
type RaceResult struct {
	Player  string // the key fingerprint
	Place   int    // from 1
	Won     bool   // cleared the board
	Time    time.Duration
	Cleared float64 // from 0 to 1
}

// RaceStats is what a player's races come to: no rating, the races run,
// the races won (first place) and the places.
type RaceStats struct {
	Races, Wins int
	// Places counts the races by place: Places[0] the first places.
	Places []int
}

// maxRacers bounds the results a race keeps: a server's races have
// fewer racers.
const maxRacers = 64

// KeepRace keeps race r and its results in one transaction, and returns
// its number.
func (s *players) KeepRace(ctx context.Context, r Race) (int64, error) {
	if len(r.Results) == 0 || len(r.Results) > maxRacers {
		return 0, fmt.Errorf("a race of %d racers is not kept (1 to %d)", len(r.Results), maxRacers)
	}
	if s.d.readOnly {
		return 0, s.d.errReadOnly()
	}
	defer s.d.shared()()
	// Two servers of one PostgreSQL database may read the same next
	// number: the second's insert is refused by the key, and it takes the
	// next, so that no race is lost for it.
	for try := 1; ; try++ {
		id, err := s.keepRace(ctx, r)
		if err == nil || try == keepRaceTries || !s.d.dial().unique(err) {
			return id, err
		}
	}
}

// keepRaceTries is how many numbers KeepRace tries for a race before it
// gives up: each refusal is another server's race kept meanwhile.
const keepRaceTries = 32

// keepRace is one try of KeepRace: the next number, the race and its
// results in one transaction.
func (s *players) keepRace(ctx context.Context, r Race) (int64, error) {
	tx, err := s.d.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, s.d.explain(err)
	}
	defer tx.Rollback()
	var id int64
	// The next number read in the transaction, whose write lock (SQLite)
	// or unique key (PostgreSQL: see KeepRace) keeps two servers from
	// taking one.
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) + 1 FROM races`).Scan(&id); err != nil {
		return 0, s.d.explain(err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO races (id, kind, ended, racers) VALUES ($1, $2, $3, $4)`,
		id, r.Kind, r.Ended.UnixNano(), len(r.Results)); err != nil {
		return 0, s.d.explain(err)
	}
	for _, res := range r.Results {
		if _, err := tx.ExecContext(ctx, `INSERT INTO race_results (race, player, place, won, time_ms, cleared) VALUES ($1, $2, $3, $4, $5, $6)`,
			id, res.Player, res.Place, b2i(res.Won), res.Time.Milliseconds(), res.Cleared); err != nil {
			return 0, s.d.explain(err)
		}
	}
	return id, s.d.explain(tx.Commit())
}

// RaceStats returns what the races of player id come to.
func (s *players) RaceStats(ctx context.Context, id string) (RaceStats, error) {
	rows, err := s.d.db.QueryContext(ctx, `SELECT place, count(*) FROM race_results WHERE player = $1 GROUP BY place ORDER BY place`, id)
	if err != nil {
		return RaceStats{}, s.d.explain(err)
	}
	defer rows.Close()
	var st RaceStats
	for rows.Next() {
		var place, n int
		if err := rows.Scan(&place, &n); err != nil {
			return RaceStats{}, err
		}
		if place < 1 || place > maxRacers {
			continue
		}
		for len(st.Places) < place {
			st.Places = append(st.Places, 0)
		}
		st.Places[place-1] += n
		st.Races += n
		if place == 1 {
			st.Wins += n
		}
	}
	if err := rows.Err(); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return RaceStats{}, err
	}
	return st, nil
}

// DailyGame is a clean win that counts for a daily board, as a server
// offers it to be replayed once its day is over.
type DailyGame struct {
	Player string // the key fingerprint
	Name   string // the display name
	N      int64  // the game's number in the player's history
	TimeMS int64
}

// dailyGamesSQL reads the counted games of a level's ($1) daily board of
// a date ($2), each player's first attempt first, as dailyBoardSQL does,
// with their numbers.
var dailyGamesSQL = `SELECT g.player, p.name, g.n, g.clean, g.time_ms, g.speed, g.date,
		CASE WHEN ` + offBoardSQL("g") + ` THEN 1 ELSE 0 END
	FROM games g JOIN players p ON p.id = g.player
	WHERE g.level = $1 AND g.daily = $2 AND g.daily <> '' AND g.known = 0
	ORDER BY g.player, g.date, g.n`

// DailyGames returns the clean wins of the daily board of date and level
// that count (each player's first attempt, on the ranked boards), in
// the leaderboard's order: at most limit.
func (s *players) DailyGames(ctx context.Context, date, level string, limit int) ([]DailyGame, error) {
	rows, err := s.d.db.QueryContext(ctx, dailyGamesSQL, level, date)
	if err != nil {
		return nil, s.d.explain(err)
	}
	defer rows.Close()
	type ranked struct {
		DailyGame
		speed float64
		date  int64
	}
	var games []ranked
	last := ""
	for rows.Next() {
		var dg ranked
		var clean, off bool
		var speed sql.NullFloat64
		if err := rows.Scan(&dg.Player, &dg.Name, &dg.N, &clean, &dg.TimeMS, &speed, &dg.date, &off); err != nil {
			return nil, err
		}
		if dg.Player == last {
			continue // the player's first attempt counts
		}
		last = dg.Player
		dg.speed = speed.Float64
		if clean && !off {
			games = append(games, dg)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// Ranked as the leaderboard ranks them: by time, then 3BV/s, then date.
	slices.SortStableFunc(games, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(a.TimeMS, b.TimeMS), cmp.Compare(b.speed, a.speed), cmp.Compare(a.date, b.date))
	})
	if limit > 0 && len(games) > limit {
		games = games[:limit]
	}
	out := make([]DailyGame, len(games))
	for i, g := range games {
		out[i] = g.DailyGame
	}
	return out, nil
}

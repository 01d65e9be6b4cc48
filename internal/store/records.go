package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// The Store's methods, the same on SQLite and PostgreSQL: every
// statement names its parameters $1, $2, ..., which both take (the SQLite
// driver reads $N as the N-th argument), and reads or writes the rows of
// d's player. What the two databases do differently is in a dialect.

// dialect is what differs between the databases a store is kept in.
type dialect struct {
	// recordDate and record3BV are SQL expressions of a game's column
	// record: its date, as the record has it, and its 3BV; NULL where the
	// record is damaged.
	recordDate, record3BV string
	// readTx are the options of a transaction that reads several
	// statements as of one moment.
	readTx sql.TxOptions
	// lock, when not "", is the statement a write transaction starts
	// with, given the player ($1): it serialises the writes of a player,
	// which read what they then write (Keep's Prior, a kind's row), across
	// connections and servers. SQLite needs none: a writer holds the
	// database's write lock from its BEGIN.
	lock string
	// unique reports whether err is a unique constraint's refusal.
	unique func(err error) bool
}

// all is the LIMIT of a query that reads every row: both databases take
// it, where SQLite's -1 and PostgreSQL's ALL are each one's alone.
const all = math.MaxInt64

// columns are the indexed columns of a game.
type columns struct {
	date    int64
	kind    string
	known   bool
	won     bool
	clean   bool
	nf      bool // won with no flag placed (history.Game.NF)
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
		nf:     g.Won() && g.NF,
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
// write lock from its start (SQLite's _txlock=immediate, PostgreSQL's
// lock of the player), so what decide is told is still so when the game
// is kept.
func (d *DB) Keep(ctx context.Context, g history.Game, decide func(Prior) history.Game) (int64, error) {
	var n int64
	err := d.write(ctx, func(tx *sql.Tx) error {
		var err error
		n, err = d.keepIn(ctx, tx, g, decide)
		return err
	})
	return n, err
}

// keepIn keeps the game decide makes of g in the transaction tx, as Keep
// describes, and returns its number.
func (d *DB) keepIn(ctx context.Context, tx *sql.Tx, g history.Game, decide func(Prior) history.Game) (int64, error) {
	p, err := d.readPrior(ctx, tx, &g)
	if err != nil {
		return 0, err
	}
	kept := decide(p)
	kept.V = history.Version
	rec, err := json.Marshal(&kept)
	if err != nil {
		return 0, fmt.Errorf("cannot write the game: %w", err)
	}
	return d.insertGame(ctx, tx, &kept, rec)
}

// rowQuerier is what readPrior reads with: a transaction, or the
// database itself.
type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// readPrior reads what the records hold that decides what g counts for:
// the best time of its kind, through the index games_best, and whether
// its daily board's date counted already, through games_daily.
func (d *DB) readPrior(ctx context.Context, q rowQuerier, g *history.Game) (Prior, error) {
	var p Prior
	var best sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT min(time_ms) FROM games WHERE player = $1 AND kind = $2 AND clean = 1`, d.player, g.Board.String()).Scan(&best)
	if err != nil {
		return p, err
	}
	p.Best, p.HasBest = best.Int64, best.Valid
	if g.Daily != "" {
		err = q.QueryRowContext(ctx, dailyCountedSQL, d.player, g.Level, g.Daily).Scan(&p.DailyCounted)
	}
	return p, err
}

// AppendAll keeps games, in their order, in one transaction, and returns
// the number of the first: all are kept, or none.
func (d *DB) AppendAll(ctx context.Context, games []history.Game) (int64, error) {
	var first int64
	err := d.write(ctx, func(tx *sql.Tx) error {
		for i := range games {
			g := games[i]
			g.V = history.Version
			rec, err := json.Marshal(&g)
			if err != nil {
				return fmt.Errorf("cannot write the game: %w", err)
			}
			n, err := d.insertGame(ctx, tx, &g, rec)
			if err != nil {
				return err
			}
			if i == 0 {
				first = n
			}
		}
		return nil
	})
	return first, err
}

// insertGame adds the game g, whose JSON is rec, and counts it in its
// kind's statistics, at the cost of a game kept last whatever its date.
// A game dated more than maxAhead after the clock is refused.
func (d *DB) insertGame(ctx context.Context, tx *sql.Tx, g *history.Game, rec []byte) (int64, error) {
	if err := d.checkDate(g); err != nil {
		return 0, err
	}
	if err := checkSize(rec); err != nil {
		return 0, err
	}
	c := columnsOf(g)
	var n int64
	err := tx.QueryRowContext(ctx,
		`INSERT INTO games (player, date, kind, known, won, clean, time_ms, speed, level, daily, record, ios, rqp, ioe, zne, nf)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING n`,
		d.player, c.date, c.kind, b2i(c.known), b2i(c.won), b2i(c.clean), c.timeMS, c.speed, c.level, c.daily, string(rec), c.ios, c.rqp, c.ioe, c.zne, b2i(c.nf)).Scan(&n)
	if err != nil {
		return 0, err
	}
	return n, d.count(ctx, tx, &c, n)
}

// maxAhead is how far after the clock a game may be dated: the clocks of
// two machines sharing a store, and time zones misread, differ by less. A
// game dated later (a clock set to 2099) would stay the last of its kind
// in date order, and its streak the current one, for ever.
const maxAhead = 24 * time.Hour

// errFuture: a game is dated more than maxAhead after the clock.
var errFuture = errors.New("more than a day after the clock")

// checkDate returns an error, whose cause is errFuture, for a game dated
// more than maxAhead after the clock.
func (d *DB) checkDate(g *history.Game) error {
	now := time.Now
	if d.now != nil {
		now = d.now
	}
	if g.Date.After(now().Add(maxAhead)) {
		return fmt.Errorf("the game is dated %s, %w; it is not kept", g.Date.Format(time.RFC3339), errFuture)
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Amend replaces the game numbered n with g, if it is still the game was
// and the player's.
func (d *DB) Amend(ctx context.Context, n int64, was, g history.Game) error {
	g.V = history.Version
	rec, err := json.Marshal(&g)
	if err != nil {
		return fmt.Errorf("cannot write the game: %w", err)
	}
	return d.write(ctx, func(tx *sql.Tx) error {
		var data []byte
		err := tx.QueryRowContext(ctx, `SELECT record FROM games WHERE n = $1 AND player = $2`, n, d.player).Scan(&data)
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
		same := oc.date == c.date && oc.ordered == c.ordered && oc.won == c.won && oc.level == c.level &&
			oc.clean == c.clean && oc.timeMS == c.timeMS
		if !same {
			// The kinds' rows change: the old game leaves its place, in
			// the statistics, before the new one takes its own.
			if err := d.uncount(ctx, tx, &oc, n); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx,
			`UPDATE games SET date = $1, kind = $2, known = $3, won = $4, clean = $5, time_ms = $6, speed = $7, level = $8, daily = $9, record = $10,
			ios = $11, rqp = $12, ioe = $13, zne = $14, nf = $15 WHERE n = $16 AND player = $17`,
			c.date, c.kind, b2i(c.known), b2i(c.won), b2i(c.clean), c.timeMS, c.speed, c.level, c.daily, string(rec), c.ios, c.rqp, c.ioe, c.zne, b2i(c.nf), n, d.player); err != nil {
			return err
		}
		if same {
			return nil // the kind's row does not change: only the bests, read from the games
		}
		return d.count(ctx, tx, &c, n)
	})
}

// Game returns the game numbered n, if it is the player's.
func (d *DB) Game(ctx context.Context, n int64) (history.Game, error) {
	var data []byte
	err := d.db.QueryRowContext(ctx, `SELECT record FROM games WHERE n = $1 AND player = $2`, n, d.player).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return history.Game{}, ErrNoGame
	}
	if err != nil {
		return history.Game{}, err
	}
	return decodeGame(n, data)
}

// Last returns the game the player kept last.
func (d *DB) Last(ctx context.Context) (int64, history.Game, error) {
	var n int64
	var data []byte
	err := d.db.QueryRowContext(ctx, `SELECT n, record FROM games WHERE player = $1 ORDER BY n DESC LIMIT 1`, d.player).Scan(&n, &data)
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

// countGames returns how many games the player kept.
func (d *DB) countGames(ctx context.Context) (int64, error) {
	var n int64
	err := d.db.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE player = $1`, d.player).Scan(&n)
	return n, err
}

// brief is a game's record read without its layout and with its moves
// tallied, not kept (see history.Tally), which a table of games does not
// show.
type brief struct {
	history.Game
	Layout skip          `json:"layout"`
	Moves  history.Tally `json:"moves"`
}

// skip is a JSON value passed over.
type skip struct{}

func (*skip) UnmarshalJSON([]byte) error { return nil }

// latest returns the latest limit games by date, newest first (of equal
// dates, the lower number first), or all when limit is 0.
func (d *DB) latest(ctx context.Context, limit int, full bool) ([]Numbered, error) {
	var out []Numbered
	err := d.EachLatest(ctx, limit, full, func(g Numbered) error {
		out = append(out, g)
		return nil
	})
	return out, err
}

// EachLatest calls f with each of the latest limit games (all when limit
// is 0 or less), newest first, as Latest returns them, one at a time: its
// memory is one game's, whatever the number of games. An error of f ends
// it, and is its error.
func (d *DB) EachLatest(ctx context.Context, limit int, full bool, f func(Numbered) error) error {
	lim := int64(limit)
	if limit <= 0 {
		lim = all
	}
	rows, err := d.db.QueryContext(ctx, `SELECT n, record FROM games WHERE player = $1 ORDER BY date DESC, n LIMIT $2`, d.player, lim)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var n int64
		var data []byte
		if err := rows.Scan(&n, &data); err != nil {
			return err
		}
		var g history.Game
		if full {
			g, err = decodeGame(n, data)
		} else {
			var b brief
			if err = json.Unmarshal(data, &b); err == nil {
				g = b.Game
				g.Retell(b.Moves)
			} else {
				err = fmt.Errorf("game %d cannot be read: %v", n, err)
			}
		}
		if err != nil {
			// One damaged record hides no other game.
			d.warn(userfile.Printable(err.Error()) + "; it is left out")
			continue
		}
		if err := f(Numbered{n, g}); err != nil {
			return err
		}
	}
	return rows.Err()
}

// stats returns the statistics of kind, or of every kind; of the limit
// most played kinds when limit is not 0, the rest folded into one last
// row (history.Fold).
func (d *DB) stats(ctx context.Context, kind *board.Settings, limit int) ([]history.Stats, error) {
	query := `SELECT kind, known, played, won, streak, best_streak, level, losing_streak, clean_wins, clean_ms FROM kinds WHERE player = $1`
	args := []any{d.player}
	if kind != nil {
		query += ` AND kind = $2`
		args = append(args, kind.String())
	}
	query += ` ORDER BY known, played DESC, first_date, first_n`
	if limit > 0 {
		// The first limit rows of the order alone: SQLite and PostgreSQL
		// keep the best limit as they read, and sort no more.
		query += fmt.Sprintf(` LIMIT %d`, limit)
	}
	// One read transaction: the rows, the best times and the rest folded
	// of one moment.
	tx, err := d.db.BeginTx(ctx, &d.dial().readTx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	out, err := d.kindRows(ctx, tx, query, args)
	if err != nil {
		return nil, err
	}
	for i := range out {
		// A kind never won has no best: its queries are spared.
		if !out[i].Known && out[i].Won > 0 {
			if err := d.bests(ctx, tx, &out[i]); err != nil {
				return nil, err
			}
		}
	}
	if limit > 0 && len(out) == limit {
		return d.foldRest(ctx, tx, out)
	}
	return out, nil
}

// foldRest returns shown, the most played kinds, with a row that folds
// every other kind of the player into one (history.Folded), if there are
// others: the sums of the kinds' rows less those shown.
func (d *DB) foldRest(ctx context.Context, tx *sql.Tx, shown []history.Stats) ([]history.Stats, error) {
	var kinds, played, won int
	if err := tx.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(played), 0), coalesce(sum(won), 0) FROM kinds WHERE player = $1`,
		d.player).Scan(&kinds, &played, &won); err != nil {
		return nil, err
	}
	for _, s := range shown {
		kinds, played, won = kinds-1, played-s.Played, won-s.Won
	}
	if kinds <= 0 {
		return shown, nil
	}
	return append(shown, history.Folded(kinds, played, won)), nil
}

// kindRows returns the rows of kinds that query reads, each with its
// win rate and no bests yet.
func (d *DB) kindRows(ctx context.Context, tx *sql.Tx, query string, args []any) ([]history.Stats, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	out := []history.Stats{}
	for rows.Next() {
		var s history.Stats
		var text string
		var cleanMS int64
		if err := rows.Scan(&text, &s.Known, &s.Played, &s.Won, &s.CurrentStreak, &s.BestStreak, &s.Level, &s.LosingStreak, &s.CleanWins, &cleanMS); err != nil {
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
		s.AverageMS = history.Average(cleanMS, s.CleanWins)
		s.Best, s.Recent3BVs = []history.Best{}, []float64{}
		out = append(out, s)
	}
	rows.Close()
	return out, rows.Err()
}

// bests reads the best times, speeds and numbers of the clean wins of
// s.Kind, and apart those of its clean wins in the NF style.
func (d *DB) bests(ctx context.Context, tx *sql.Tx, s *history.Stats) error {
	kind := s.Kind.String()
	b, err := d.styleBests(ctx, tx, kind, "")
	if err != nil {
		return err
	}
	s.SetBests(b) // read in order, BestTimes at most
	if len(b.Best) > 0 {
		nf, err := d.styleBests(ctx, tx, kind, " AND nf = 1")
		if err != nil {
			return err
		}
		if len(nf.Best) > 0 {
			s.NF = &nf
		}
	}
	rows, err := tx.QueryContext(ctx, `SELECT speed FROM games WHERE player = $1 AND kind = $2 AND clean = 1 AND speed IS NOT NULL ORDER BY date DESC, n DESC LIMIT $3`,
		d.player, kind, history.RecentSpeeds)
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
	return rows.Err()
}

// styleBests reads the bests of the clean wins of kind that style, a
// condition on games ("" for all, " AND nf = 1" for the NF style's),
// selects, each through its index (games_best, or games_nf_best, and the
// others of their style).
func (d *DB) styleBests(ctx context.Context, tx *sql.Tx, kind, style string) (history.Bests, error) {
	b := history.Bests{Best: []history.Best{}}
	// The date as the record has it, in its own time zone.
	// A record damaged in the file has its date column still.
	rows, err := tx.QueryContext(ctx, `SELECT `+d.dial().recordDate+`, date, time_ms
		FROM games WHERE player = $1 AND kind = $2 AND clean = 1`+style+` ORDER BY time_ms, date, n LIMIT $3`, d.player, kind, history.BestTimes)
	if err != nil {
		return b, err
	}
	for rows.Next() {
		var t history.Best
		var text sql.NullString
		var date int64
		if err := rows.Scan(&text, &date, &t.TimeMS); err != nil {
			rows.Close()
			return b, err
		}
		if t.Date, err = time.Parse(time.RFC3339Nano, text.String); err != nil {
			t.Date = time.Unix(0, date).UTC()
		}
		b.Best = append(b.Best, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return b, err
	}
	var best sql.NullFloat64
	if err := tx.QueryRowContext(ctx, `SELECT max(speed) FROM games WHERE player = $1 AND kind = $2 AND clean = 1`+style+` AND speed IS NOT NULL`, d.player, kind).Scan(&best); err != nil {
		return b, err
	}
	b.Best3BVs = best.Float64
	return b, d.bestNumbers(ctx, tx, kind, style, &b)
}

// bestNumbers reads the bests of the speedrunners' numbers of the clean
// wins of kind that style selects (see styleBests), each through its
// index.
func (d *DB) bestNumbers(ctx context.Context, tx *sql.Tx, kind, style string, s *history.Bests) error {
	var rqp, ioe, zne sql.NullFloat64
	if err := tx.QueryRowContext(ctx, `SELECT
		(SELECT min(rqp) FROM games WHERE player = $1 AND kind = $2 AND clean = 1`+style+` AND rqp IS NOT NULL),
		(SELECT max(ioe) FROM games WHERE player = $1 AND kind = $2 AND clean = 1`+style+` AND ioe IS NOT NULL),
		(SELECT max(zne) FROM games WHERE player = $1 AND kind = $2 AND clean = 1`+style+` AND zne IS NOT NULL)`, d.player, kind).Scan(&rqp, &ioe, &zne); err != nil {
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
	err := tx.QueryRowContext(ctx, `SELECT ios, time_ms, `+d.dial().record3BV+`
		FROM games WHERE player = $1 AND kind = $2 AND clean = 1`+style+` AND ios IS NOT NULL ORDER BY ios DESC LIMIT 1`, d.player, kind).Scan(&ios, &ms, &bv)
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

// dailyCountedSQL reports whether a game of player $1 counted for a
// level's ($2) daily board of a date ($3), through the index games_daily.
const dailyCountedSQL = `SELECT EXISTS (SELECT 1 FROM games WHERE player = $1 AND level = $2 AND daily = $3 AND daily <> '' AND known = 0)`

// DailyCounted reports whether a game on the daily board of date and
// level counts for that date already: one kept not known.
func (d *DB) DailyCounted(ctx context.Context, date, level string) (bool, error) {
	var found bool
	err := d.db.QueryRowContext(ctx, dailyCountedSQL, d.player, level, date).Scan(&found)
	return found, err
}

// dailyStats returns the statistics of the daily boards, one per level
// played in the order of board.Levels, as history.SummarizeDaily counts
// them, the current streaks running to today. A day's result is its first
// counted game in date order, read through the index games_daily: the
// query reads a row a counted game, a few a day.
func (d *DB) dailyStats(ctx context.Context, today string) ([]history.DailyStats, error) {
	tx, err := d.db.BeginTx(ctx, &d.dial().readTx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	out := []history.DailyStats{}
	for _, lv := range board.Levels {
		days, err := d.dailyDays(ctx, tx, lv.Name)
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
func (d *DB) dailyDays(ctx context.Context, tx *sql.Tx, level string) ([]history.DailyDay, error) {
	rows, err := tx.QueryContext(ctx, `SELECT daily, won, clean, time_ms FROM games
		WHERE player = $1 AND level = $2 AND daily <> '' AND known = 0 ORDER BY daily, date, n`, d.player, level)
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
// and its Result to history.Playing; with replace.ID not 0, in the place
// of the saved game replace claims, which releases the claim, and not at
// all if the claim is lost (ErrClaimLost).
func (d *DB) Save(ctx context.Context, g history.Game, replace Claim) (int64, error) {
	g.V, g.Result = history.Version, history.Playing
	rec, err := json.Marshal(&g)
	if err != nil {
		return 0, fmt.Errorf("cannot save the game: %w", err)
	}
	var id int64
	err = d.write(ctx, func(tx *sql.Tx) error {
		if replace.ID != 0 {
			if err := d.release(ctx, tx, replace); err != nil {
				return err
			}
		}
		return tx.QueryRowContext(ctx, `INSERT INTO saved (player, kind, date, record) VALUES ($1, $2, $3, $4) RETURNING id`,
			d.player, g.Board.String(), unixNano(g.Date), string(rec)).Scan(&id)
	})
	return id, err
}

// Saved returns the games of kind left unfinished, newest first. One that
// cannot be read is set aside, with a warning; one kept by a newer
// minesweeper is left, unoffered.
func (d *DB) Saved(ctx context.Context, kind board.Settings) ([]Saved, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT id, record, owner, lease FROM saved WHERE player = $1 AND kind = $2 ORDER BY id DESC`, d.player, kind.String())
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
		var id, lease int64
		var data []byte
		var owner string
		if err := rows.Scan(&id, &data, &owner, &lease); err != nil {
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
			out = append(out, Saved{ID: id, Game: g, Owner: owner, Until: time.Unix(0, lease)})
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

// Discard removes the player's saved game c claims, which releases the
// claim; ErrClaimLost if another claims it.
func (d *DB) Discard(ctx context.Context, c Claim) error {
	return d.write(ctx, func(tx *sql.Tx) error {
		err := d.release(ctx, tx, c)
		if !errors.Is(err, ErrClaimLost) {
			return err
		}
		var gone bool
		if err := tx.QueryRowContext(ctx, `SELECT NOT EXISTS (SELECT 1 FROM saved WHERE id = $1 AND player = $2)`, c.ID, d.player).Scan(&gone); err != nil {
			return err
		}
		if gone {
			return nil
		}
		return ErrClaimLost
	})
}

// SetAside moves the player's saved game id to the games set aside, with
// a warning that says why.
func (d *DB) SetAside(ctx context.Context, id int64, why string) error {
	err := d.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO aside (id, player, kind, why, record)
			SELECT id, player, kind, $1, record FROM saved WHERE id = $2 AND player = $3
			ON CONFLICT (id) DO UPDATE SET player = excluded.player, kind = excluded.kind, why = excluded.why, record = excluded.record`,
			why, id, d.player); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM saved WHERE id = $1 AND player = $2`, id, d.player)
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
	err := d.db.QueryRowContext(ctx, `SELECT record FROM prefs WHERE player = $1`, d.player).Scan(&data)
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
		err := tx.QueryRowContext(ctx, `SELECT record FROM prefs WHERE player = $1`, d.player).Scan(&data)
		if err == nil {
			if _, newer, _ := history.DecodePrefs(data); newer {
				return fmt.Errorf("the last choices were %w; they are left as they are", ErrNewer)
			}
		} else if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO prefs (player, record) VALUES ($1, $2)
			ON CONFLICT (player) DO UPDATE SET record = excluded.record`, d.player, string(rec))
		return err
	})
}

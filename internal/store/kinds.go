package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// The statistics of a kind of board are kept so that a game costs the
// same whatever its date: one arriving before the last of its kind (games
// ended at once and kept in another order, a clock set back, an import)
// changes its kind's row by a bounded look at its neighbours in date
// order, as one arriving last does, and no kind is counted again under
// the write lock.
//
// A kind's row (kinds) holds what sums up in any order: the games played
// and won, the first and last game in date order, the level of the last
// game that names one (and where it is). The streaks are kept through the
// kind's runs of wins (runs): each maximal sequence of wins in date order,
// its first and last game and its length. A win joins the runs beside it,
// a loss between two wins splits their run, and the best streak is the
// longest run (through the index runs_length), the current streak the
// run that ends with the kind's last game. The runs of losses (losses)
// are kept by the same steps, a loss to them what a win is to the runs,
// and the longest is the longest losing streak. The clean wins' count and
// summed time, for their average, are sums. A split is the one step whose
// work is not a few index seeks: it counts the wins of the shorter part of
// the run (see splitPoint), a few for a game kept just before the last.
// Amend takes a game out of its kind's statistics (uncount) and counts
// it again, by the same steps.

// at is a game's place in its kind's date order: by date, then number.
// The zero at, of number 0, is no game's.
type at struct{ date, n int64 }

// before reports whether a comes before b.
func (a at) before(b at) bool { return a.date < b.date || a.date == b.date && a.n < b.n }

// run is a run of wins of a kind: its first and last game, and how many.
type run struct {
	first, last at
	length      int64
}

// kindRow is a kind's row of statistics.
type kindRow struct {
	played, won, streak, best int64
	losing                    int64 // the longest run of losses
	cleanWins, cleanMS        int64 // the clean wins, and their times summed (history.ClampMS)
	level                     string
	levelAt                   at // the game that gave the level; zero for none
	first, last               at
}

// The tables of a kind's runs: of wins (runs) and of losses (losses),
// each maximal sequence of games of one result in date order. A loss is
// to the runs of losses what a win is to the runs of wins: the same steps
// keep both, a game's own result and its neighbours' seen through member.
const (
	winRuns  = "runs"
	lossRuns = "losses"
)

// member returns the neighbour nb as a member of the runs of tbl or not:
// a win of runs, a loss of losses; no game is a member of neither.
func member(tbl string, nb neighbour) neighbour {
	if tbl == lossRuns {
		nb.won = nb.n != 0 && !nb.won
	}
	return nb
}

// readKind reads the row of the kind k; ok is false when it has none.
func (d *DB) readKind(ctx context.Context, tx *sql.Tx, k key) (r kindRow, ok bool, err error) {
	err = tx.QueryRowContext(ctx, `SELECT played, won, streak, best_streak, losing_streak, clean_wins, clean_ms, level, level_date, level_n, first_date, first_n, last_date, last_n
		FROM kinds WHERE player = $1 AND kind = $2 AND known = $3`, d.player, k.kind, b2i(k.known)).Scan(
		&r.played, &r.won, &r.streak, &r.best, &r.losing, &r.cleanWins, &r.cleanMS, &r.level, &r.levelAt.date, &r.levelAt.n, &r.first.date, &r.first.n, &r.last.date, &r.last.n)
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	return r, err == nil, err
}

// writeKind writes the row of the kind k, or removes it when it counts no
// game.
func (d *DB) writeKind(ctx context.Context, tx *sql.Tx, k key, r kindRow) error {
	if r.played == 0 {
		_, err := tx.ExecContext(ctx, `DELETE FROM kinds WHERE player = $1 AND kind = $2 AND known = $3`, d.player, k.kind, b2i(k.known))
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO kinds (player, kind, known, played, won, streak, best_streak, level, level_date, level_n, first_date, first_n, last_date, last_n,
			losing_streak, clean_wins, clean_ms)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
		ON CONFLICT (player, kind, known) DO UPDATE SET played = excluded.played, won = excluded.won, streak = excluded.streak,
			best_streak = excluded.best_streak, level = excluded.level, level_date = excluded.level_date, level_n = excluded.level_n,
			first_date = excluded.first_date, first_n = excluded.first_n, last_date = excluded.last_date, last_n = excluded.last_n,
			losing_streak = excluded.losing_streak, clean_wins = excluded.clean_wins, clean_ms = excluded.clean_ms`,
		d.player, k.kind, b2i(k.known), r.played, r.won, r.streak, r.best, r.level, r.levelAt.date, r.levelAt.n,
		r.first.date, r.first.n, r.last.date, r.last.n, r.losing, r.cleanWins, r.cleanMS)
	return err
}

// count counts the game numbered n, of columns c and in the games
// already, in its kind's statistics.
func (d *DB) count(ctx context.Context, tx *sql.Tx, c *columns, n int64) error {
	k, g := c.ordered, at{c.date, n}
	r, ok, err := d.readKind(ctx, tx, k)
	if err != nil {
		return err
	}
	var prev, next neighbour
	switch {
	case !ok:
		r = kindRow{first: g, last: g} // the first of its kind: no neighbours
	case r.last.before(g):
		// The latest of its kind, as most are: the game before it is
		// the row's last, won if the streak runs.
		prev = neighbour{r.last, r.streak > 0}
	default:
		if prev, next, err = d.neighbours(ctx, tx, k, g); err != nil {
			return err
		}
	}
	r.played++
	if c.won {
		r.won++
	}
	if c.clean {
		r.cleanWins++
		r.cleanMS += history.ClampMS(c.timeMS)
	}
	if g.before(r.first) {
		r.first = g
	}
	if r.last.before(g) {
		r.last = g
	}
	if c.level != "" && (r.levelAt.n == 0 || r.levelAt.before(g)) {
		r.level, r.levelAt = c.level, g
	}
	tail, err := d.countIn(ctx, tx, winRuns, k, g, c.won, prev, next, &r.best)
	if err != nil {
		return err
	}
	if _, err := d.countIn(ctx, tx, lossRuns, k, g, !c.won, member(lossRuns, prev), member(lossRuns, next), &r.losing); err != nil {
		return err
	}
	// The current streak changes when the last run does, or the game is
	// the last and lost.
	switch {
	case tail.last == r.last:
		r.streak = tail.length
	case r.last == g:
		r.streak = 0
	}
	return d.writeKind(ctx, tx, k, r)
}

// countIn adds the game g of the kind k, between its neighbours prev and
// next (members of tbl's runs or not, see member), to the kind's runs of
// tbl, g a member if in, and sets *longest to the longest run. It returns
// the run g is now in, or the later part of a run it split in two.
func (d *DB) countIn(ctx context.Context, tx *sql.Tx, tbl string, k key, g at, in bool, prev, next neighbour, longest *int64) (run, error) {
	tail, split, err := d.addToRuns(ctx, tx, tbl, k, g, in, prev, next)
	switch {
	case err != nil:
		return run{}, err
	case split:
		*longest, err = d.longestRun(ctx, tx, tbl, k)
	default:
		*longest = max(*longest, tail.length)
	}
	return tail, err
}

// addToRuns adds the game g of the kind k, between its neighbours prev
// and next, to the kind's runs of tbl (a win to the runs of wins; see
// member). It returns the run a member is now in, or the later part of a
// run another split in two, and reports whether it split one.
func (d *DB) addToRuns(ctx context.Context, tx *sql.Tx, tbl string, k key, g at, won bool, prev, next neighbour) (tail run, split bool, err error) {
	if !won {
		if !prev.won || !next.won {
			return run{}, false, nil
		}
		// A loss between two wins splits their run.
		x, err := d.runAt(ctx, tx, tbl, k, prev.at)
		if err != nil {
			return run{}, false, err
		}
		tail, err = d.splitRun(ctx, tx, tbl, k, x, prev.at, next.at)
		return tail, true, err
	}
	// A win joins the run that ends just before it, the one that starts
	// just after, or both: two wins side by side are one run's.
	j := run{g, g, 1}
	if prev.won {
		j, err := d.extendRun(ctx, tx, tbl, k, prev.at, g)
		return j, false, err
	}
	if next.won {
		right, err := d.runAt(ctx, tx, tbl, k, next.at)
		if err != nil {
			return run{}, false, err
		}
		if err := d.deleteRun(ctx, tx, tbl, k, right); err != nil {
			return run{}, false, err
		}
		j.last, j.length = right.last, j.length+right.length
	}
	return j, false, d.putRun(ctx, tx, tbl, k, j)
}

// uncount takes the game numbered n, of columns c and in the games still,
// out of its kind's statistics.
func (d *DB) uncount(ctx context.Context, tx *sql.Tx, c *columns, n int64) error {
	k, g := c.ordered, at{c.date, n}
	r, ok, err := d.readKind(ctx, tx, k)
	if err != nil || !ok {
		return err
	}
	prev, next, err := d.neighbours(ctx, tx, k, g)
	if err != nil {
		return err
	}
	r.played--
	if c.won {
		r.won--
	}
	if r.first == g {
		r.first = next.at
	}
	if r.last == g {
		r.last = prev.at
	}
	if r.levelAt == g {
		if r.level, r.levelAt, err = d.levelBefore(ctx, tx, k, g); err != nil {
			return err
		}
	}
	if err := d.uncountIn(ctx, tx, winRuns, k, g, c.won, prev, next); err != nil {
		return err
	}
	if err := d.uncountIn(ctx, tx, lossRuns, k, g, !c.won, member(lossRuns, prev), member(lossRuns, next)); err != nil {
		return err
	}
	if c.clean {
		r.cleanWins--
		r.cleanMS -= history.ClampMS(c.timeMS)
	}
	if r.played > 0 {
		if r.best, err = d.longestRun(ctx, tx, winRuns, k); err != nil {
			return err
		}
		if r.losing, err = d.longestRun(ctx, tx, lossRuns, k); err != nil {
			return err
		}
		if r.streak, err = d.streakTo(ctx, tx, k, r.last); err != nil {
			return err
		}
	} else {
		for _, tbl := range []string{winRuns, lossRuns} {
			if _, err := tx.ExecContext(ctx, `DELETE FROM `+tbl+` WHERE player = $1 AND kind = $2 AND known = $3`, d.player, k.kind, b2i(k.known)); err != nil {
				return err
			}
		}
	}
	return d.writeKind(ctx, tx, k, r)
}

// uncountIn takes the game g of the kind k, between its neighbours prev
// and next (members of tbl's runs or not, see member), out of the kind's
// runs of tbl, g a member if in.
func (d *DB) uncountIn(ctx context.Context, tx *sql.Tx, tbl string, k key, g at, in bool, prev, next neighbour) error {
	switch {
	case in:
		x, err := d.runAt(ctx, tx, tbl, k, g)
		if err != nil {
			return err
		}
		switch {
		case x.first == g:
			if err := d.deleteRun(ctx, tx, tbl, k, x); err != nil {
				return err
			}
			if x.length > 1 {
				err = d.putRun(ctx, tx, tbl, k, run{next.at, x.last, x.length - 1})
			}
		case x.last == g:
			err = d.putRun(ctx, tx, tbl, k, run{x.first, prev.at, x.length - 1})
		default:
			// The members beside it become neighbours: one run still.
			err = d.putRun(ctx, tx, tbl, k, run{x.first, x.last, x.length - 1})
		}
		return err
	case prev.won && next.won:
		// Another between two runs: they become one.
		left, err := d.runAt(ctx, tx, tbl, k, prev.at)
		if err != nil {
			return err
		}
		right, err := d.runAt(ctx, tx, tbl, k, next.at)
		if err != nil {
			return err
		}
		if err := d.deleteRun(ctx, tx, tbl, k, right); err != nil {
			return err
		}
		return d.putRun(ctx, tx, tbl, k, run{left.first, right.last, left.length + right.length})
	}
	return nil
}

// neighbour is the game next to another of its kind in date order: its
// place and whether it was won; the zero neighbour when there is none.
type neighbour struct {
	at
	won bool
}

// neighbours returns the games of the kind k just before g and just
// after it, in one query, each through the index games_kind.
func (d *DB) neighbours(ctx context.Context, tx *sql.Tx, k key, g at) (prev, next neighbour, err error) {
	rows, err := tx.QueryContext(ctx, `SELECT 0, date, n, won FROM (SELECT date, n, won FROM games
			WHERE player = $1 AND kind = $2 AND known = $3 AND date <= $4 AND (date < $4 OR n < $5)
			ORDER BY date DESC, n DESC LIMIT 1) AS p
		UNION ALL
		SELECT 1, date, n, won FROM (SELECT date, n, won FROM games
			WHERE player = $1 AND kind = $2 AND known = $3 AND date >= $4 AND (date > $4 OR n > $5)
			ORDER BY date, n LIMIT 1) AS q`, d.player, k.kind, b2i(k.known), g.date, g.n)
	if err != nil {
		return prev, next, err
	}
	defer rows.Close()
	for rows.Next() {
		var after bool
		var nb neighbour
		if err := rows.Scan(&after, &nb.date, &nb.n, &nb.won); err != nil {
			return prev, next, err
		}
		if after {
			next = nb
		} else {
			prev = nb
		}
	}
	return prev, next, rows.Err()
}

// levelBefore returns the level of the last game of the kind k before g
// that names one, and its place; "" and the zero at when none does. It
// reads back through games_kind past the games that name none: Amend
// alone calls it, for the game that gave the level.
func (d *DB) levelBefore(ctx context.Context, tx *sql.Tx, k key, g at) (string, at, error) {
	var level string
	var a at
	err := tx.QueryRowContext(ctx, `SELECT level, date, n FROM games WHERE player = $1 AND kind = $2 AND known = $3
		AND date <= $4 AND (date < $4 OR n < $5) AND level <> '' ORDER BY date DESC, n DESC LIMIT 1`,
		d.player, k.kind, b2i(k.known), g.date, g.n).Scan(&level, &a.date, &a.n)
	if errors.Is(err, sql.ErrNoRows) {
		return "", at{}, nil
	}
	return level, a, err
}

// runAt returns the run of the kind k that holds the win g, through the
// runs' key: the last to start at or before it.
func (d *DB) runAt(ctx context.Context, tx *sql.Tx, tbl string, k key, g at) (run, error) {
	var r run
	err := tx.QueryRowContext(ctx, `SELECT first_date, first_n, last_date, last_n, length FROM `+tbl+`
		WHERE player = $1 AND kind = $2 AND known = $3 AND first_date <= $4 AND (first_date < $4 OR first_n <= $5)
		ORDER BY first_date DESC, first_n DESC LIMIT 1`, d.player, k.kind, b2i(k.known), g.date, g.n).Scan(
		&r.first.date, &r.first.n, &r.last.date, &r.last.n, &r.length)
	return r, err
}

// extendRun adds the win g to the run of the kind k that holds the win
// prev, just before it, in one statement, and returns the run: g is its
// last unless the run goes on after it.
func (d *DB) extendRun(ctx context.Context, tx *sql.Tx, tbl string, k key, prev, g at) (run, error) {
	var r run
	err := tx.QueryRowContext(ctx, `UPDATE `+tbl+` SET length = length + 1,
			last_date = CASE WHEN last_date < $6 OR (last_date = $6 AND last_n < $7) THEN $6 ELSE last_date END,
			last_n = CASE WHEN last_date < $6 OR (last_date = $6 AND last_n < $7) THEN $7 ELSE last_n END
		WHERE player = $1 AND kind = $2 AND known = $3 AND (first_date, first_n) = (SELECT first_date, first_n FROM `+tbl+`
			WHERE player = $1 AND kind = $2 AND known = $3 AND first_date <= $4 AND (first_date < $4 OR first_n <= $5)
			ORDER BY first_date DESC, first_n DESC LIMIT 1)
		RETURNING first_date, first_n, last_date, last_n, length`,
		d.player, k.kind, b2i(k.known), prev.date, prev.n, g.date, g.n).Scan(&r.first.date, &r.first.n, &r.last.date, &r.last.n, &r.length)
	return r, err
}

// putRun writes the run r of the kind k, over the one that starts where
// it does.
func (d *DB) putRun(ctx context.Context, tx *sql.Tx, tbl string, k key, r run) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO `+tbl+` (player, kind, known, first_date, first_n, last_date, last_n, length)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (player, kind, known, first_date, first_n) DO UPDATE SET
			last_date = excluded.last_date, last_n = excluded.last_n, length = excluded.length`,
		d.player, k.kind, b2i(k.known), r.first.date, r.first.n, r.last.date, r.last.n, r.length)
	return err
}

// deleteRun removes the run r of the kind k.
func (d *DB) deleteRun(ctx context.Context, tx *sql.Tx, tbl string, k key, r run) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM `+tbl+` WHERE player = $1 AND kind = $2 AND known = $3 AND first_date = $4 AND first_n = $5`,
		d.player, k.kind, b2i(k.known), r.first.date, r.first.n)
	return err
}

// splitRun splits the run x of the kind k in two, at a loss between its
// wins prev and next: the wins up to prev and those from next, which it
// returns.
func (d *DB) splitRun(ctx context.Context, tx *sql.Tx, tbl string, k key, x run, prev, next at) (run, error) {
	left, err := d.splitPoint(ctx, tx, k, x, prev, next)
	if err != nil {
		return run{}, err
	}
	if err := d.putRun(ctx, tx, tbl, k, run{x.first, prev, left}); err != nil {
		return run{}, err
	}
	right := run{next, x.last, x.length - left}
	return right, d.putRun(ctx, tx, tbl, k, right)
}

// splitPoint returns how many wins of the run x come up to prev, the rest
// coming from next. It counts the wins of the shorter
// part, through the index games_kind, counting each part by turns up to
// a growing limit: the work is bounded by the shorter part, which for a
// game kept near the end of its kind's run (games ended at once) is a
// few.
func (d *DB) splitPoint(ctx context.Context, tx *sql.Tx, k key, x run, prev, next at) (int64, error) {
	for limit := int64(16); ; limit *= 4 {
		n, err := d.countRange(ctx, tx, k, next, x.last, limit)
		if err != nil || n < limit {
			return x.length - n, err
		}
		if n, err = d.countRange(ctx, tx, k, x.first, prev, limit); err != nil || n < limit {
			return n, err
		}
	}
}

// countRange returns how many games of the kind k lie from a to b, both
// in, up to limit.
func (d *DB) countRange(ctx context.Context, tx *sql.Tx, k key, a, b at, limit int64) (int64, error) {
	var n int64
	err := tx.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM games WHERE player = $1 AND kind = $2 AND known = $3
		AND date >= $4 AND (date > $4 OR n >= $5) AND date <= $6 AND (date < $6 OR n <= $7) LIMIT $8) AS r`,
		d.player, k.kind, b2i(k.known), a.date, a.n, b.date, b.n, limit).Scan(&n)
	return n, err
}

// longestRun returns the length of the longest run of tbl of the kind k,
// 0 when it has none, through the index runs_length (losses_length).
func (d *DB) longestRun(ctx context.Context, tx *sql.Tx, tbl string, k key) (int64, error) {
	var n sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT max(length) FROM `+tbl+` WHERE player = $1 AND kind = $2 AND known = $3`,
		d.player, k.kind, b2i(k.known)).Scan(&n)
	return n.Int64, err
}

// streakTo returns the current streak of the kind k whose last game is
// last: the length of the run that ends with it, 0 when it was lost.
func (d *DB) streakTo(ctx context.Context, tx *sql.Tx, k key, last at) (int64, error) {
	r, err := d.runAt(ctx, tx, winRuns, k, last)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, nil
	case err != nil:
		return 0, err
	case r.last != last:
		return 0, nil
	}
	return r.length, nil
}

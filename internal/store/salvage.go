package store

// Damage: a database file SQLite can open but one of whose pages is
// malformed (a disk's or a file system's fault, a copy cut short). Left
// alone, every statement that reads the page fails, for ever: every game
// ending on it is refused. It is found at open, by a check of every page
// bounded in time, or by any write that meets it (DB.write); then the
// file is moved aside and every row that can still be read is copied,
// through SQL, into a new database in its place (salvage).

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	sqlite3 "modernc.org/sqlite/lib"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// checkBudget bounds the check of every page at open (PRAGMA
// quick_check): a file it does not finish in that time is taken as
// sound, and damage in it is found by the first write that meets it.
// Tests that must find damage at open lengthen it.
var checkBudget = 50 * time.Millisecond

// salvaging is held by a salvage: one at a time in a process.
var salvaging sync.Mutex

// damaged reports whether err is SQLite's word that the database file is
// malformed.
func damaged(err error) bool {
	c := code(err)
	return c == sqlite3.SQLITE_CORRUPT || c == sqlite3.SQLITE_NOTADB
}

// salvageable reports whether d may salvage its file: an SQLite store it
// may write, a player's at home or a server's, which holds its data
// directory alone (see dirlock) and whose players' views share the
// database and its gate. A PostgreSQL database is left to its
// administrator.
func (d *DB) salvageable() bool {
	return d.dialect == nil && d.gate != nil && !d.readOnly && d.access == ""
}

// check looks at every page of the file within checkBudget, and salvages
// it if one is malformed.
func (d *DB) check(ctx context.Context) error {
	if !d.salvageable() {
		return nil
	}
	found, err := d.quickCheck(ctx, checkBudget)
	if err != nil || found == "" {
		return err
	}
	return d.salvage(ctx, errors.New(found))
}

// quickCheck runs PRAGMA quick_check for at most budget, and returns what
// it found wrong, or "" if nothing was, or if it did not end in time.
func (d *DB) quickCheck(ctx context.Context, budget time.Duration) (string, error) {
	cctx, cancel := context.WithTimeout(ctx, budget)
	defer cancel()
	var res string
	err := d.db.QueryRowContext(cctx, "PRAGMA quick_check(1)").Scan(&res)
	switch {
	case err == nil && res == "ok":
		return "", nil
	case err == nil:
		return res, nil
	case damaged(err):
		return err.Error(), nil
	case cctx.Err() != nil && ctx.Err() == nil:
		return "", nil // not done in time: taken as sound
	}
	return "", err
}

// writeOrSalvage runs f in one transaction (writeOnce); if the file is
// found damaged, it salvages it and runs f once more, on the new file. A
// game being kept when the damage is found is so kept; if the salvage
// fails, the error is the damage's, for the caller to keep the game
// elsewhere.
func (d *DB) writeOrSalvage(ctx context.Context, f func(*sql.Tx) error) error {
	err := d.writeOnce(ctx, f)
	if !damaged(err) || !d.salvageable() {
		return err
	}
	if serr := d.salvage(ctx, err); serr != nil {
		return fmt.Errorf("%w; %v", err, serr)
	}
	return d.writeOnce(ctx, f)
}

// readOrSalvage runs the read f; if it finds the file damaged, it
// salvages it and runs f once more, on the new file.
func (d *DB) readOrSalvage(ctx context.Context, f func() error) error {
	read := func() error {
		defer d.shared()()
		return f()
	}
	err := read()
	if !damaged(err) || !d.salvageable() {
		return err
	}
	if serr := d.salvage(ctx, err); serr != nil {
		return fmt.Errorf("%w; %v", err, serr)
	}
	return read()
}

// Count returns how many games the player kept.
func (d *DB) Count(ctx context.Context) (n int64, err error) {
	err = d.readOrSalvage(ctx, func() error {
		n, err = d.countGames(ctx)
		return err
	})
	return n, err
}

// Latest returns the latest limit games by date, newest first (of equal
// dates, the lower number first), or all when limit is 0.
func (d *DB) Latest(ctx context.Context, limit int, full bool) (out []Numbered, err error) {
	err = d.readOrSalvage(ctx, func() error {
		out, err = d.latest(ctx, limit, full)
		return err
	})
	return out, err
}

// Stats returns the statistics of kind, or of every kind.
func (d *DB) Stats(ctx context.Context, kind *board.Settings) (out []history.Stats, err error) {
	err = d.readOrSalvage(ctx, func() error {
		out, err = d.stats(ctx, kind, 0)
		return err
	})
	return out, err
}

// MostPlayed returns the statistics of the limit kinds of board played
// most, in the order Stats gives them, and, when the player has others,
// one last row that folds them into one (history.Folded): what
// history.Fold makes of Stats(ctx, nil), its work bounded by limit
// whatever the number of kinds. A limit of 0 returns every kind.
func (d *DB) MostPlayed(ctx context.Context, limit int) (out []history.Stats, err error) {
	err = d.readOrSalvage(ctx, func() error {
		out, err = d.stats(ctx, nil, max(limit, 0))
		return err
	})
	return out, err
}

// DailyStats returns the statistics of the daily boards, as
// history.SummarizeDaily counts them, the current streaks running to
// today (YYYY-MM-DD).
func (d *DB) DailyStats(ctx context.Context, today string) (out []history.DailyStats, err error) {
	err = d.readOrSalvage(ctx, func() error {
		out, err = d.dailyStats(ctx, today)
		return err
	})
	return out, err
}

// salvage moves the damaged database aside and puts in its place a new
// one holding every row of it that can be read, with the statistics
// counted again from its games; one warning says what was saved. cause
// is how the damage was found. When another goroutine salvaged the file
// meanwhile, it only reconnects.
func (d *DB) salvage(ctx context.Context, cause error) error {
	before, _ := os.Stat(d.path)
	salvaging.Lock()
	defer salvaging.Unlock()
	// Every transaction that writes, and every read that may find the
	// damage, waits for the salvage: a server's other sessions too.
	d.gate.Lock()
	defer d.gate.Unlock()
	// The pool's connections may hold the file that was moved aside.
	d.db.SetMaxIdleConns(0)
	defer d.db.SetMaxIdleConns(2)
	if now, err := os.Stat(d.path); before != nil && err == nil && !os.SameFile(before, now) {
		return nil // salvaged meanwhile
	}
	tmp := d.path + ".salvage"
	removeDB(tmp)
	counts, err := copyRows(ctx, tmp, d.path)
	if err != nil {
		removeDB(tmp)
		return fmt.Errorf("cannot salvage the records: %w", err)
	}
	aside, err := moveAside(d.path)
	if err != nil {
		removeDB(tmp)
		return fmt.Errorf("cannot move the damaged records aside: %w", err)
	}
	if err := os.Rename(tmp, d.path); err != nil {
		return fmt.Errorf("cannot put the salvaged records in place of %s: %w", d.path, err)
	}
	if err := d.drain(ctx); err != nil {
		return err
	}
	if _, err := d.db.ExecContext(ctx, "PRAGMA journal_mode = WAL"); err != nil {
		return d.explain(err)
	}
	d.warn(salvageWarning(d.path, aside, cause, counts))
	return nil
}

// drain waits until no connection of d's pool is in use, each closed as
// it is given back: a read outside the gate (a server's names and
// leaderboards) that began before the file was moved aside reads that
// file, and its connection must not serve a write after it.
func (d *DB) drain(ctx context.Context) error {
	for d.db.Stats().InUse > 0 {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Millisecond):
		}
	}
	return nil
}

// salvageWarning is the one warning of a salvage.
func salvageWarning(path, aside string, cause error, c map[string]rowCount) string {
	g := c["games"]
	msg := fmt.Sprintf("%s was damaged (%s); it was moved to %s, and the records start again from what could be read of it: %d games saved, %d could not be read",
		path, userfile.Printable(cause.Error()), aside, g.saved, g.lost)
	var others []string
	for _, t := range []string{"saved", "aside", "prefs", "imports", "players"} {
		if c[t].lost > 0 {
			others = append(others, fmt.Sprintf("%d rows of %s", c[t].lost, t))
		}
	}
	if len(others) > 0 {
		msg += "; lost too: " + strings.Join(others, ", ")
	}
	return msg
}

// removeDB removes the database file path and the files SQLite keeps
// beside it, if any.
func removeDB(path string) {
	for _, ext := range []string{"", "-wal", "-shm", "-journal"} {
		if err := os.Remove(path + ext); err != nil && !errors.Is(err, fs.ErrNotExist) {
			continue
		}
	}
}

// rowCount is how many rows of a table were copied, and how many row ids
// could not be read.
type rowCount struct{ saved, lost int64 }

// derived are the tables counted again from the others rather than
// copied.
var derived = map[string]bool{"kinds": true, "runs": true, "losses": true}

// salvageChunk is how many row ids a salvage reads at once, at most: the
// rows it holds in memory before it writes them.
const salvageChunk = 512

// copyRows makes the database to (of the current schema) and copies into
// it every row of the database from that can be read, each table by
// ranges of row ids, halving a range that meets a malformed page, so
// that a page lost loses its rows alone; then it counts the statistics
// again from the games. It returns the counts of each table. The rows
// are read through a connection of their own, each range a statement
// of its own: an SQLite transaction that met a malformed page fails
// every statement after.
func copyRows(ctx context.Context, to, from string) (map[string]rowCount, error) {
	src, err := sql.Open("sqlite", "file:"+(&url.URL{Path: from}).EscapedPath()+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, err
	}
	defer src.Close()
	src.SetMaxOpenConns(1)
	nd := &DB{path: to, warn: func(string) {}}
	if err := nd.connect(ctx); err != nil {
		return nil, err
	}
	defer nd.db.Close()
	nd.db.SetMaxOpenConns(1)
	counts := map[string]rowCount{}
	err = nd.writeOnce(ctx, func(tx *sql.Tx) error {
		tables, err := salvageTables(ctx, tx)
		if err != nil {
			return err
		}
		for _, t := range tables {
			c, err := copyTable(ctx, src, tx, t)
			if err != nil {
				return fmt.Errorf("table %s: %w", t, err)
			}
			counts[t] = c
		}
		if err := keepSequences(ctx, src, tx); err != nil {
			return err
		}
		return recountAll(ctx, nd, tx)
	})
	if err != nil {
		return nil, err
	}
	// One file to rename: no WAL beside it.
	if _, err := nd.db.ExecContext(ctx, "PRAGMA journal_mode = DELETE"); err != nil {
		return nil, err
	}
	return counts, nil
}

// salvageTables returns the tables of the current schema whose rows are
// copied.
func salvageTables(ctx context.Context, tx *sql.Tx) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		if !derived[name] {
			out = append(out, name)
		}
	}
	return out, rows.Err()
}

// copyTable copies the rows of table t that can be read from src into
// tx, with their row ids.
func copyTable(ctx context.Context, src *sql.DB, tx *sql.Tx, t string) (rowCount, error) {
	var c rowCount
	cols, err := copiedColumns(ctx, tx, t)
	if err != nil || len(cols) == 0 {
		return c, err
	}
	list := strings.Join(cols, ", ")
	read := fmt.Sprintf(`SELECT rowid, %s FROM %q NOT INDEXED WHERE `, list, t)
	insert, err := tx.PrepareContext(ctx, fmt.Sprintf(`INSERT INTO %q (rowid, %s) VALUES (?%s)`, t, list, strings.Repeat(", ?", len(cols))))
	if err != nil {
		return c, err
	}
	defer insert.Close()
	lo, hi, ok := rowidRange(ctx, src, t)
	var span func(lo, hi int64) error
	span = func(lo, hi int64) error {
		var rows [][]any
		var err error
		if lo == hi {
			// A point: a seek that reads no leaf beside the row's.
			rows, err = readRows(ctx, src, read+"rowid = ?", lo)
		} else {
			rows, err = readRows(ctx, src, read+"rowid BETWEEN ? AND ?", lo, hi)
		}
		switch {
		case damaged(err) && lo == hi:
			c.lost++
			return nil
		case damaged(err):
			mid := lo + (hi-lo)/2
			if err := span(lo, mid); err != nil {
				return err
			}
			return span(mid+1, hi)
		case err != nil:
			return err
		}
		for _, r := range rows {
			if _, err := insert.ExecContext(ctx, r...); err != nil {
				return err
			}
		}
		c.saved += int64(len(rows))
		return nil
	}
	for at := lo; ok && at <= hi; at += salvageChunk {
		if err := span(at, min(hi, at+salvageChunk-1)); err != nil {
			return c, err
		}
	}
	return c, nil
}

// readRows returns the rows of query, each as its columns' values.
func readRows(ctx context.Context, src *sql.DB, query string, args ...any) ([][]any, error) {
	rows, err := src.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	n, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out [][]any
	for rows.Next() {
		vals := make([]any, len(n))
		ptrs := make([]any, len(n))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		out = append(out, vals)
	}
	return out, rows.Err()
}

// copiedColumns returns the columns of table t, quoted, but for the one
// that names the row id (an INTEGER PRIMARY KEY), which is copied as the
// row id.
func copiedColumns(ctx context.Context, tx *sql.Tx, t string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT name FROM pragma_table_info(?1) WHERE NOT (pk = 1 AND upper(type) = 'INTEGER'
		AND (SELECT count(*) FROM pragma_table_info(?1) WHERE pk > 0) = 1)`, t)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var cols []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		cols = append(cols, fmt.Sprintf("%q", name))
	}
	return cols, rows.Err()
}

// rowidRange returns the least and greatest row ids of table t in src,
// read from the table itself (an index may be what is damaged); when
// those pages cannot be read, from 1 to the last id the table gave
// (sqlite_sequence). ok is false for a table with no rows, or no range
// to be had.
func rowidRange(ctx context.Context, src *sql.DB, t string) (lo, hi int64, ok bool) {
	lerr := src.QueryRowContext(ctx, fmt.Sprintf(`SELECT rowid FROM %q NOT INDEXED ORDER BY rowid LIMIT 1`, t)).Scan(&lo)
	herr := src.QueryRowContext(ctx, fmt.Sprintf(`SELECT rowid FROM %q NOT INDEXED ORDER BY rowid DESC LIMIT 1`, t)).Scan(&hi)
	switch {
	case lerr == nil && herr == nil:
		return lo, hi, true
	case errors.Is(lerr, sql.ErrNoRows) || errors.Is(herr, sql.ErrNoRows):
		return 0, 0, false
	case lerr != nil:
		lo = 1
	}
	if herr != nil {
		if src.QueryRowContext(ctx, `SELECT seq FROM sqlite_sequence WHERE name = ?`, t).Scan(&hi) != nil {
			return 0, 0, false
		}
	}
	return lo, hi, lo <= hi
}

// keepSequences carries over the last ids given (sqlite_sequence), so
// that a game's number is never given again, even one lost.
func keepSequences(ctx context.Context, src *sql.DB, tx *sql.Tx) error {
	seqs, err := readRows(ctx, src, `SELECT name, seq FROM sqlite_sequence`)
	if err != nil {
		if damaged(err) {
			return nil
		}
		return err
	}
	for _, r := range seqs {
		if _, err := tx.ExecContext(ctx, `UPDATE sqlite_sequence SET seq = max(seq, ?2) WHERE name = ?1`, r...); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO sqlite_sequence (name, seq) SELECT ?1, ?2 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?1)`, r...); err != nil {
			return err
		}
	}
	return nil
}

// recountAll counts the statistics of every player's every kind of board
// again from the games, each kind's in date order, as they were kept
// (count): every game is then the latest of its kind, and costs a keep's
// few statements.
func recountAll(ctx context.Context, nd *DB, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT n, player, date, kind, known, won, clean, time_ms, level FROM main.games ORDER BY player, kind, known, date, n`)
	if err != nil {
		return err
	}
	type game struct {
		n      int64
		player string
		c      columns
	}
	var games []game
	for rows.Next() {
		var g game
		if err := rows.Scan(&g.n, &g.player, &g.c.date, &g.c.kind, &g.c.known, &g.c.won, &g.c.clean, &g.c.timeMS, &g.c.level); err != nil {
			rows.Close()
			return err
		}
		g.c.ordered = key{g.c.kind, g.c.known}
		games = append(games, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, g := range games {
		v := &DB{db: nd.db, path: nd.path, player: g.player}
		if err := v.count(ctx, tx, &g.c, g.n); err != nil {
			return err
		}
	}
	return nil
}

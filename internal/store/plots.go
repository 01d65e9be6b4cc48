package store

import (
	"context"
	"math"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// nsPerDay is a day in Unix nanoseconds, the unit of the games' dates.
const nsPerDay = int64(24 * time.Hour)

// Activity returns how many games ended on each day from since on, in
// since's time zone (its offset at since), oldest first, the days
// without games left out. Counted in the database, through the index of
// the games' dates (games_date): its answer is a row a day, however many
// games the days hold.
func (d *DB) Activity(ctx context.Context, since time.Time) (out []history.Day, err error) {
	err = d.readOrSalvage(ctx, func() error {
		out, err = d.activity(ctx, since)
		return err
	})
	return out, err
}

func (d *DB) activity(ctx context.Context, since time.Time) ([]history.Day, error) {
	_, off := since.Zone()
	shift := int64(off) * int64(time.Second)
	// A date's day is its local clock's, as if the clock were UTC's.
	rows, err := d.db.QueryContext(ctx, `SELECT (date + $2) / $3, count(*) FROM games WHERE player = $1 AND date >= $4 GROUP BY 1 ORDER BY 1`,
		d.player, shift, nsPerDay, unixNano(since))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []history.Day{}
	for rows.Next() {
		var day int64
		var n int
		if err := rows.Scan(&day, &n); err != nil {
			return nil, err
		}
		date := time.Unix(day*(nsPerDay/int64(time.Second)), 0).UTC().Format(time.DateOnly)
		out = append(out, history.Day{Date: date, Games: n})
	}
	return out, rows.Err()
}

// Wins returns the latest limit clean wins of kind from since on whose
// 3BV is known, oldest first, read through their index (games_recent).
func (d *DB) Wins(ctx context.Context, kind board.Settings, since time.Time, limit int) (out []history.Win, err error) {
	err = d.readOrSalvage(ctx, func() error {
		out, err = d.wins(ctx, kind, since, limit)
		return err
	})
	return out, err
}

func (d *DB) wins(ctx context.Context, kind board.Settings, since time.Time, limit int) ([]history.Win, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT date, time_ms, speed FROM games WHERE player = $1 AND kind = $2 AND clean = 1 AND speed IS NOT NULL AND date >= $3 AND speed > 0 ORDER BY date DESC, n DESC LIMIT $4`,
		d.player, kind.String(), unixNano(since), max(limit, 0))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []history.Win{}
	for rows.Next() {
		var date, ms int64
		var speed float64
		if err := rows.Scan(&date, &ms, &speed); err != nil {
			return nil, err
		}
		// The speed is the 3BV a second: the 3BV is its product with
		// the time, a whole number but for the rounding of the float.
		bv := int(math.Round(speed * float64(ms) / 1000))
		out = append(out, history.Win{Date: time.Unix(0, date), TimeMS: ms, BV: bv})
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// A saved game is one player's, once: the run of the game that resumes it
// claims it (Claim), in the transaction that reads and marks it, for a
// lease it renews while the game is played (Renew). Another run, in
// another process or over another SSH session of the same key, is refused
// it (ErrElsewhere) until the claim is released or its lease runs out
// unrenewed: a process killed with kill -9, or a dead server of a fleet,
// holds it no longer than Lease. Keeping the game's end (KeepClaimed),
// saving it again (Save) or removing it (Discard) releases the claim in
// the transaction that does so, and is refused (ErrClaimLost) if another
// took the claim over: a game is never kept twice, nor kept and left
// saved.

// Lease is how long a claim holds without being renewed.
const Lease = 30 * time.Second

// Claim names a saved game and who claims it: a random id of one run of
// the game (see NewOwner). A Claim with Owner "" names a saved game no one
// claims.
type Claim struct {
	ID    int64
	Owner string
}

// Errors of the claims on saved games, whose causes callers tell apart.
var (
	// ErrElsewhere: another run of the game holds the claim on the saved
	// game.
	ErrElsewhere = errors.New("this game is being played elsewhere")
	// ErrClaimLost: the claim on the saved game was taken over, or its
	// game ended, elsewhere; a keep refused for it is no game lost.
	ErrClaimLost = errors.New("this game was taken over elsewhere")
)

// NewOwner returns a new owner of claims: a random id, one for each run
// of the game (a process, or a session of a server).
func NewOwner() string { return rand.Text() }

// HeldElsewhere reports whether a run of the game other than owner holds
// the claim on s at now: its lease has not run out.
func (s Saved) HeldElsewhere(owner string, now time.Time) bool {
	return s.Owner != "" && s.Owner != owner && s.Until.After(now)
}

// Claim claims the saved game c.ID for c.Owner from now until now plus
// Lease, unless another holds it (ErrElsewhere); one whose lease ran out
// is taken over. A game that is no longer saved is ErrNoGame.
func (d *DB) Claim(ctx context.Context, c Claim, now time.Time) error {
	return d.write(ctx, func(tx *sql.Tx) error {
		var owner string
		var lease int64
		err := tx.QueryRowContext(ctx, `SELECT owner, lease FROM saved WHERE id = $1 AND player = $2`, c.ID, d.player).Scan(&owner, &lease)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNoGame
		case err != nil:
			return err
		}
		held := Saved{Owner: owner, Until: time.Unix(0, lease)}
		if held.HeldElsewhere(c.Owner, now) {
			return ErrElsewhere
		}
		_, err = tx.ExecContext(ctx, `UPDATE saved SET owner = $1, lease = $2 WHERE id = $3 AND player = $4`,
			c.Owner, unixNano(now.Add(Lease)), c.ID, d.player)
		return err
	})
}

// Renew renews the claim c from now until now plus Lease; ErrClaimLost if
// it is no longer c.Owner's. A claim whose lease ran out is still its
// owner's until another takes it over.
func (d *DB) Renew(ctx context.Context, c Claim, now time.Time) error {
	return d.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE saved SET lease = $1 WHERE id = $2 AND player = $3 AND owner = $4`,
			unixNano(now.Add(Lease)), c.ID, d.player, c.Owner)
		if err != nil {
			return err
		}
		return claimed(res)
	})
}

// KeepClaimed keeps the finished game decide makes of g, as Keep does, g
// being the game resumed from the saved game c claims, which is removed in
// the same transaction: both are done, or neither. If the claim is no
// longer c.Owner's the game is not kept (ErrClaimLost): it was kept, or
// is played, elsewhere.
func (d *DB) KeepClaimed(ctx context.Context, c Claim, g history.Game, decide func(Prior) history.Game) (int64, error) {
	var n int64
	err := d.write(ctx, func(tx *sql.Tx) error {
		if err := d.release(ctx, tx, c); err != nil {
			return err
		}
		var err error
		n, err = d.keepIn(ctx, tx, g, decide)
		return err
	})
	return n, err
}

// release removes the saved game c claims, in tx; ErrClaimLost if it is
// not c's, or no longer saved.
func (d *DB) release(ctx context.Context, tx *sql.Tx, c Claim) error {
	res, err := tx.ExecContext(ctx, `DELETE FROM saved WHERE id = $1 AND player = $2 AND owner = $3`, c.ID, d.player, c.Owner)
	if err != nil {
		return err
	}
	return claimed(res)
}

// claimed returns ErrClaimLost when res changed no row: the claim it
// acted under was not its owner's.
func claimed(res sql.Result) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrClaimLost
	}
	return nil
}

package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// DailySecret returns the secret of the server's daily boards of date
// (YYYY-MM-DD; see daily.OfSecret): the one kept, or else 32 bytes drawn
// from crypto/rand and kept in the transaction that reads it back (INSERT
// ... ON CONFLICT DO NOTHING, then SELECT). Servers sharing the database
// that ask at once all get the secret the first of them kept.
func (s *players) DailySecret(ctx context.Context, date string) ([32]byte, error) {
	// Read first: once the secret is kept, asking for it writes nothing.
	if secret, ok, err := readSecret(ctx, s.d.db, date); ok || err != nil {
		return secret, err
	}
	var fresh [32]byte
	if s.d.readOnly {
		return fresh, s.d.errReadOnly()
	}
	if _, err := rand.Read(fresh[:]); err != nil {
		return fresh, fmt.Errorf("drawing the daily secret: %w", err)
	}
	defer s.d.shared()()
	tx, err := s.d.db.BeginTx(ctx, nil)
	if err != nil {
		return [32]byte{}, s.d.explain(err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO daily_secrets (date, secret, created) VALUES ($1, $2, $3)
		ON CONFLICT (date) DO NOTHING`, date, hex.EncodeToString(fresh[:]), time.Now().UnixNano()); err != nil {
		return [32]byte{}, s.d.explain(err)
	}
	secret, ok, err := readSecret(ctx, tx, date)
	if err == nil && !ok {
		err = fmt.Errorf("the daily secret of %s was not kept", date)
	}
	if err != nil {
		return [32]byte{}, err
	}
	return secret, s.d.explain(tx.Commit())
}

// KeptSecret returns the secret of the server's daily boards of date, and
// reports whether one was drawn; it draws none.
func (s *players) KeptSecret(ctx context.Context, date string) ([32]byte, bool, error) {
	return readSecret(ctx, s.d.db, date)
}

// readSecret reads the secret of date, and reports whether there is one.
func readSecret(ctx context.Context, q rowQuerier, date string) ([32]byte, bool, error) {
	var secret [32]byte
	var text string
	err := q.QueryRowContext(ctx, `SELECT secret FROM daily_secrets WHERE date = $1`, date).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return secret, false, nil
	}
	if err != nil {
		return secret, false, err
	}
	if len(text) != hex.EncodedLen(len(secret)) {
		return [32]byte{}, false, fmt.Errorf("the daily secret of %s kept in the database is not 64 hexadecimal digits", date)
	}
	if _, err := hex.Decode(secret[:], []byte(text)); err != nil {
		return [32]byte{}, false, fmt.Errorf("the daily secret of %s kept in the database is not 64 hexadecimal digits", date)
	}
	return secret, true, nil
}

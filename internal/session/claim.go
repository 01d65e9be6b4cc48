package session

import (
	"context"
	"errors"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/store"
)

// The run's claim on the saved game it started from (see store.Claim):
// taken when Saved or SavedDaily offers the game, renewed on a goroutine
// of its own while the run holds it, and released by the keep of the
// game's end or give-up, its save or its removal (Leave), each in the
// transaction that does it.

// claim holds the run's claim on a saved game.
type claim struct {
	c      store.Claim // ID 0: none
	cancel func()      // stops the renewals
	done   chan struct{}
}

// hold claims the saved game id for the run, and starts renewing the
// claim every renewEvery (store.Lease/3 when 0) until it is released.
func (s *Session) hold(id int64) error {
	s.release()
	c := store.Claim{ID: id, Owner: s.owner}
	if err := s.store.Claim(ctx, c, s.leaseNow()); err != nil {
		return err
	}
	every := s.renewEvery
	if every <= 0 {
		every = store.Lease / 3
	}
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	s.held = claim{c: c, cancel: cancel, done: done}
	go renew(rctx, s.store, c, s.leaseNow, every, done)
	return nil
}

// renew renews c every every, until ctx is done or the claim is lost, and
// then closes done. A renewal that fails otherwise (the records busy) is
// tried again at the next: the lease outlasts a few.
func renew(ctx context.Context, st store.Store, c store.Claim, now func() time.Time, every time.Duration, done chan struct{}) {
	defer close(done)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := st.Renew(ctx, c, now()); errors.Is(err, store.ErrClaimLost) {
				return
			}
		}
	}
}

// release stops renewing the run's claim, if it holds one, and forgets
// it: its game was kept, saved again or removed, or it is another's now.
func (s *Session) release() {
	if s.held.c.ID == 0 {
		return
	}
	s.held.cancel()
	<-s.held.done
	s.held = claim{}
}

// Elsewhere returns how many games of the board the last Saved or
// SavedDaily looked for are being played elsewhere, by another run of
// the game (another process, or another session of the same key on a
// server): they were not offered.
func (s *Session) Elsewhere() int { return s.elsewhere }

package store

// Group commit: a server's sessions keep their games in one SQLite file,
// and each commit waits for the disk (synchronous=FULL: the write-ahead
// log is synced at every commit). At 200 sessions the games end at some
// two hundred a second, and one writer at a time, each with its own sync,
// was the server's bottleneck: the key that ended a game waited seconds
// for the others' syncs. So the writes that wait for the lock at once are
// made in one transaction and synced once; if one of them fails, or the
// commit does, each is made again alone, as it would have been.

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"sync"
)

// maxBatch bounds the writes of one transaction: enough to take a
// second's games of a busy server in a few commits, few enough that one
// batch holds the lock a moment.
const maxBatch = 64

// writer is the one way a process writes to an SQLite file: the writes
// that come while a batch is made wait, and then one of them, the first,
// makes the next batch (it leads) and hands the lead to the first write
// still waiting; so no caller waits on more than the batch before its
// own. A store's views share it.
type writer struct {
	mu      sync.Mutex
	waiting []*batched
	leading bool // a batch is being made, or the lead handed on
}

// batched is one write of a batch, and how it came out.
type batched struct {
	d     *DB
	ctx   context.Context
	f     func(*sql.Tx) error
	lead  chan struct{} // closed when it is to make the next batch
	done  chan struct{}
	err   error
	panic any // a panic of f, raised again in its caller
}

// do runs f in a transaction of d's file, with the writes that wait with
// it, and returns its error: f's, or the commit's.
func (w *writer) do(ctx context.Context, d *DB, f func(*sql.Tx) error) error {
	b := &batched{d: d, ctx: ctx, f: f, lead: make(chan struct{}), done: make(chan struct{})}
	w.mu.Lock()
	w.waiting = append(w.waiting, b)
	if w.leading {
		w.mu.Unlock()
		// Even when ctx is done, a batch may keep the write: the caller
		// waits for the outcome, and never keeps it elsewhere meanwhile.
		select {
		case <-b.done:
			return b.outcome()
		case <-b.lead:
		}
		w.mu.Lock()
	}
	w.leading = true
	// b is first in line: the writes wait in order, and the lead goes to
	// the first.
	n := min(len(w.waiting), maxBatch)
	batch := w.waiting[:n:n]
	w.waiting = w.waiting[n:]
	w.mu.Unlock()
	runBatch(batch)
	w.mu.Lock()
	if len(w.waiting) > 0 {
		close(w.waiting[0].lead)
	} else {
		w.leading = false
	}
	w.mu.Unlock()
	return b.outcome()
}

// outcome returns b's error, once its batch is made, or raises its panic.
func (b *batched) outcome() error {
	<-b.done
	if b.panic != nil {
		panic(b.panic)
	}
	return b.err
}

// runBatch makes the writes of batch in one transaction, and tells each
// how it came out. If one fails (its own error, a panic) or the commit
// does, nothing of the batch is kept, and each write is made again alone,
// in a transaction of its own, as it would have been without the others:
// SQLite may have rolled the whole transaction back on an error, and a
// write must never be told it failed when it was kept.
func runBatch(batch []*batched) {
	defer func() {
		for _, b := range batch {
			close(b.done)
		}
	}()
	if len(batch) > 1 && together(batch) {
		return
	}
	for _, b := range batch {
		b.err = b.alone()
	}
}

// together makes the writes of batch in one transaction, and reports
// whether it was kept, each write's outcome set; if it was not, nothing
// is set.
func together(batch []*batched) bool {
	// The transaction is no caller's: a caller that gives up must not
	// roll back the others' writes.
	tx, err := batch[0].d.db.BeginTx(context.Background(), nil)
	if err != nil {
		return false
	}
	defer tx.Rollback()
	var live []*batched
	for _, b := range batch {
		if b.ctx.Err() != nil {
			continue // given up before its turn: made alone, which says so
		}
		if b.call(tx) != nil || b.panic != nil {
			b.panic = nil // made again alone, where it panics again
			return false
		}
		live = append(live, b)
	}
	if tx.Commit() != nil {
		return false
	}
	for _, b := range batch {
		if !slices.Contains(live, b) {
			b.err = b.ctx.Err()
		}
	}
	return true
}

// alone makes b's write in a transaction of its own.
func (b *batched) alone() error {
	if err := b.ctx.Err(); err != nil {
		return err
	}
	tx, err := b.d.db.BeginTx(b.ctx, nil)
	if err != nil {
		return b.d.explain(err)
	}
	defer tx.Rollback()
	if err := b.call(tx); err != nil || b.panic != nil {
		return err
	}
	return b.d.explain(tx.Commit())
}

// call runs b's write in tx, and catches its panic for its caller.
func (b *batched) call(tx *sql.Tx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			b.panic = r
			err = fmt.Errorf("a write panicked: %v", r)
		}
	}()
	if err := b.f(tx); err != nil {
		return b.d.explain(err)
	}
	return nil
}

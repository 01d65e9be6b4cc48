package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// TestBatchedWrites checks the group commit of a server's writes: writes
// that wait together are all kept, once, each told its own outcome; one
// that fails, or panics, fails alone, the others of its batch kept.
func TestBatchedWrites(t *testing.T) {
	p, err := OpenPlayers(t.Context(), t.TempDir(), "", func(string) {})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	d := p.(*players).d
	if _, err := d.db.Exec("CREATE TABLE scratch (n INTEGER PRIMARY KEY)"); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		fail func(n int) bool // the writes that fail
	}{
		{"all kept", func(int) bool { return false }},
		{"some fail", func(n int) bool { return n%10 == 3 }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := d.db.Exec("DELETE FROM scratch"); err != nil {
				t.Fatal(err)
			}
			const n = 40
			hold, first := make(chan struct{}), make(chan struct{})
			errs := make([]error, n)
			var wg sync.WaitGroup
			write := func(i int) {
				defer wg.Done()
				errs[i] = p.Player(fmt.Sprint(i)).(*DB).write(t.Context(), func(tx *sql.Tx) error {
					if i == 0 {
						close(first)
						<-hold // the others wait meanwhile, for one batch
					}
					if tt.fail(i) {
						return errors.New("refused")
					}
					_, err := tx.Exec("INSERT INTO scratch (n) VALUES (?)", i)
					return err
				})
			}
			wg.Add(1)
			go write(0)
			<-first
			for i := 1; i < n; i++ {
				wg.Add(1)
				go write(i)
			}
			waiting := testwait.Until(t, func() bool {
				d.writing.mu.Lock()
				defer d.writing.mu.Unlock()
				return len(d.writing.waiting) == n-1
			})
			close(hold)
			wg.Wait()
			if !waiting {
				t.Fatal("the writes did not wait together")
			}
			kept := 0
			for i, err := range errs {
				if got, want := err != nil, tt.fail(i); got != want {
					t.Errorf("write %d: %v; want failed %v", i, err, want)
				}
				if err == nil {
					kept++
				}
			}
			var rows int
			if err := d.db.QueryRow("SELECT count(*) FROM scratch").Scan(&rows); err != nil || rows != kept {
				t.Errorf("%d rows (%v); want the %d writes told they were kept", rows, err, kept)
			}
		})
	}
}

// TestBatchedPanic checks that a write that panics panics in its own
// caller, and the writes beside it are kept.
func TestBatchedPanic(t *testing.T) {
	p, err := OpenPlayers(t.Context(), t.TempDir(), "", func(string) {})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	d := p.(*players).d
	w := d.writing
	b := []*batched{
		{d: d, ctx: context.Background(), f: func(tx *sql.Tx) error { panic("boom") }, done: make(chan struct{})},
		{d: d, ctx: context.Background(), f: func(tx *sql.Tx) error { _, err := tx.Exec("CREATE TABLE kept (n)"); return err }, done: make(chan struct{})},
	}
	w.mu.Lock()
	w.leading = true // the batch is run here, by hand
	w.mu.Unlock()
	runBatch(b)
	if b[0].panic == nil || b[1].err != nil || b[1].panic != nil {
		t.Errorf("panic %v, other's error %v, panic %v; want the panic caught for its caller, the other kept", b[0].panic, b[1].err, b[1].panic)
	}
	if _, err := d.db.Exec("INSERT INTO kept VALUES (1)"); err != nil {
		t.Errorf("the other write was not kept: %v", err)
	}
}

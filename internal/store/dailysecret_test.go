package store

import (
	"sync"
	"testing"
)

// TestDailySecretShared checks that the servers of a fleet lay the same
// daily boards: several handles on one database (two Players on one
// SQLite file; on PostgreSQL, two on one schema) asking at once for a
// date's secret all get one secret, drawn once and kept, another date's
// is another, and KeptSecret draws none.
func TestDailySecretShared(t *testing.T) {
	for _, b := range backends {
		if b.server == nil {
			continue
		}
		t.Run(b.name, func(t *testing.T) {
			place := b.place(t)
			one, _ := b.server(t, place)
			two, _ := b.server(t, place)
			if _, ok, err := one.KeptSecret(ctx, "2026-11-25"); ok || err != nil {
				t.Fatalf("KeptSecret(2026-11-25) before any = %v, %v; want none", ok, err)
			}
			const asks = 8
			got := make([][32]byte, asks)
			errs := make([]error, asks)
			var wg sync.WaitGroup
			for i := range asks {
				wg.Go(func() {
					s := one
					if i%2 == 1 {
						s = two
					}
					got[i], errs[i] = s.DailySecret(ctx, "2026-11-25")
				})
			}
			wg.Wait()
			for i := range asks {
				if errs[i] != nil {
					t.Fatalf("DailySecret(2026-11-25) #%d = %v", i, errs[i])
				}
				if got[i] != got[0] {
					t.Errorf("DailySecret(2026-11-25) #%d = %x; want the first's, %x", i, got[i], got[0])
				}
			}
			if got[0] == ([32]byte{}) {
				t.Errorf("DailySecret(2026-11-25) = zeros; want a drawn secret")
			}
			if kept, ok, err := two.KeptSecret(ctx, "2026-11-25"); !ok || err != nil || kept != got[0] {
				t.Errorf("KeptSecret(2026-11-25) = %x, %v, %v; want %x", kept, ok, err, got[0])
			}
			next, err := two.DailySecret(ctx, "2026-11-26")
			if err != nil || next == got[0] {
				t.Errorf("DailySecret(2026-11-26) = %x, %v; want another secret than the 25th's", next, err)
			}
			var rows int
			if err := one.d.db.QueryRowContext(ctx, `SELECT count(*) FROM daily_secrets`).Scan(&rows); err != nil || rows != 2 {
				t.Errorf("daily_secrets holds %d rows (%v); want 2", rows, err)
			}
		})
	}
}

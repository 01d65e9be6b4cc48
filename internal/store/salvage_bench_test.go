package store

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkQuickCheck times PRAGMA quick_check, the check of every page
// of the file, at the sizes of benchSizes: what a check at open costs
// when it is not cut short by checkBudget.
func BenchmarkQuickCheck(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			dir, _ := benchStores(b, b.TempDir(), n)
			d, err := Open(dir, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer d.Close()
			b.ResetTimer()
			start := time.Now()
			for b.Loop() {
				var res string
				if err := d.db.QueryRowContext(ctx, "PRAGMA quick_check(1)").Scan(&res); err != nil || res != "ok" {
					b.Fatalf("quick_check = %q, %v", res, err)
				}
			}
			b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(b.N), "ms/check")
			var pages, size int64
			d.db.QueryRowContext(ctx, "PRAGMA page_count").Scan(&pages)
			d.db.QueryRowContext(ctx, "PRAGMA page_size").Scan(&size)
			b.ReportMetric(float64(pages*size)/(1<<20), "MB")
		})
	}
}

// BenchmarkSalvage times the copy of a salvage (copyRows) of a sound
// file at the sizes of benchSizes: what a salvage costs the process that
// finds the damage, beyond the pages lost.
func BenchmarkSalvage(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			dir, _ := benchStores(b, b.TempDir(), n)
			from := filepath.Join(dir, FileName)
			b.ResetTimer()
			start := time.Now()
			for i := 0; b.Loop(); i++ {
				to := filepath.Join(b.TempDir(), fmt.Sprint(i))
				counts, err := copyRows(ctx, to, from)
				if err != nil || counts["games"].saved != int64(n) {
					b.Fatalf("copyRows = %v, %v; want %d games", counts, err, n)
				}
			}
			b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(b.N), "ms/salvage")
		})
	}
}

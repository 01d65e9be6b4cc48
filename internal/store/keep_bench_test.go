package store

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// BenchmarkKeepLock times the write lock a keep holds on a store of
// 100,000 games (benchGames): at each step a game dated after every
// other (in order) and one dated at a random moment among them (out of
// order: games ended at once and kept in another order, a clock set back,
// an import). Each keep runs alone, its transaction starting at once, so
// that its time is the time it holds the lock. It reports the p50 and p99
// of each in ms, and the ratio of the out-of-order p50 and p99 to the
// in-order ones.
//
//	go test -run '^$' -bench KeepLock -benchtime 200x -timeout 0 ./internal/store/
func BenchmarkKeepLock(b *testing.B) {
	const size = 100_000
	games := benchGames(size)
	d := benchOpen(b, b.TempDir())
	defer d.Close()
	if _, err := d.AppendAll(ctx, games); err != nil {
		b.Fatal(err)
	}
	first, last := games[0].Date, games[size-1].Date
	r := rand.New(rand.NewPCG(38, 1))
	keep := func(g history.Game) time.Duration {
		start := time.Now()
		if _, err := d.Append(ctx, g); err != nil {
			b.Fatal(err)
		}
		return time.Since(start)
	}
	var inOrder, late []time.Duration
	i := 0
	for b.Loop() {
		g := benchGames(i%3 + 1)[i%3]
		g.Seed = uint64(size + 2*i)
		g.Result = []string{"won", "lost"}[r.IntN(2)]
		g.Date = last.Add(time.Duration(i+1) * time.Minute)
		inOrder = append(inOrder, keep(g))
		g.Seed++
		g.Result = []string{"won", "lost"}[r.IntN(2)]
		g.Date = first.Add(time.Duration(r.Int64N(int64(last.Sub(first)))))
		late = append(late, keep(g))
		i++
	}
	ms := func(ds []time.Duration, q float64) float64 {
		slices.Sort(ds)
		return float64(ds[min(len(ds)-1, int(q*float64(len(ds))))].Microseconds()) / 1000
	}
	in50, in99, late50, late99 := ms(inOrder, 0.5), ms(inOrder, 0.99), ms(late, 0.5), ms(late, 0.99)
	b.ReportMetric(in50, "inorder-p50-ms")
	b.ReportMetric(in99, "inorder-p99-ms")
	b.ReportMetric(late50, "late-p50-ms")
	b.ReportMetric(late99, "late-p99-ms")
	b.ReportMetric(late50/in50, "late/inorder-p50")
	b.ReportMetric(late99/in99, "late/inorder-p99")
}

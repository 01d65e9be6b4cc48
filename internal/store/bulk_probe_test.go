package store

import (
	"math/rand/v2"
	"testing"
	"time"
)

func TestBulkProbe(t *testing.T) {
	d, _ := openIn(t, t.TempDir())
	games := randomGames(rand.New(rand.NewPCG(1, 1)), 100000)
	start := time.Now()
	if _, err := d.AppendAll(ctx, games); err != nil {
		t.Fatal(err)
	}
	t.Logf("100k bulk: %v", time.Since(start))
	start = time.Now()
	k := beginner
	st, err := d.Stats(ctx, &k)
	t.Logf("stats: %v %v %d", time.Since(start), err, st[0].Played)
}

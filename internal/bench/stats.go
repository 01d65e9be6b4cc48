package bench

import (
	"math"
	"math/bits"
	"slices"
	"time"
)

// z95 is the standard normal quantile for a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson returns the Wilson score interval for a proportion of wins out of
// n trials at the confidence of the normal quantile z (1.96 for 95%). It
// stays within [0, 1] and is sound for proportions near 0 or 1, unlike the
// normal approximation. With no trials it returns 0, 1.
func Wilson(wins, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := float64(wins) / nf
	z2 := z * z
	denom := 1 + z2/nf
	center := (p + z2/(2*nf)) / denom
	half := z / denom * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return max(center-half, 0), min(center+half, 1)
}

// Score returns the assignment's score of one game: a lost game, or one
// stopped at the click limit, scores a tenth of the cells it opened; a won
// game scores 50 plus a bonus for few clicks (see Bonus).
func Score(won bool, clicks, opened int) float64 {
	return float64(scoreTenths(won, clicks, opened)) / 10
}

// scoreTenths is Score times ten, an integer, so that sums over games are
// exact and do not depend on the order in which games finish.
func scoreTenths(won bool, clicks, opened int) int64 {
	if !won {
		return int64(opened)
	}
	return int64(50+Bonus(clicks)) * 10
}

// bonusTable lists, for each bonus, the click count it needs to stay under.
var bonusTable = []struct{ under, bonus int }{
	{60, 10}, {80, 9}, {100, 8}, {120, 7}, {150, 5}, {200, 3}, {250, 1},
}

// Bonus returns the assignment's bonus for a game won in the given number
// of clicks: 10, 9, 8, 7, 5, 3 or 1 for fewer than 60, 80, 100, 120, 150,
// 200 or 250 clicks, and 0 from 250 on.
func Bonus(clicks int) int {
	for _, b := range bonusTable {
		if clicks < b.under {
			return b.bonus
		}
	}
	return 0
}

// MoveTimes summarizes the time the player took per move.
type MoveTimes struct {
	Moves  int64         `json:"moves"`
	Median time.Duration `json:"median_ns"`
	P99    time.Duration `json:"p99_ns"`
	Max    time.Duration `json:"max_ns"`
	// Exact reports whether Median and P99 come from every move's time;
	// when there were too many moves to keep, they come from a histogram
	// and are within 1% of the truth.
	Exact bool `json:"exact"`
	// Histogram is, for a shard's Result only, the histogram the
	// quantiles come from, as "bucket:count" pairs of the buckets that
	// hold moves, separated by spaces: Merge adds the shards' up.
	Histogram string `json:"histogram,omitempty"`
}

// timer records move times: every one, as nanoseconds in a uint32 (moves
// over four seconds are kept as four seconds for the quantiles; Max is
// exact), until the sample limit, and always in a log-linear histogram, so
// memory stays bounded however long the run.
type timer struct {
	samples   []uint32
	limit     int
	truncated bool
	hist      []uint64
	n         int64
	max       time.Duration
}

func newTimer(limit int) *timer {
	return &timer{limit: limit, samples: make([]uint32, 0, min(limit, 1<<16)), hist: make([]uint64, histBuckets)}
}

func (t *timer) add(d time.Duration) {
	d = max(d, 0)
	t.n++
	t.max = max(t.max, d)
	t.hist[bucket(uint64(d))]++
	if len(t.samples) < t.limit {
		t.samples = append(t.samples, uint32(min(d, math.MaxUint32)))
	} else {
		t.truncated = true
	}
}

// merge adds u's moves to t; t's sample limit no longer applies.
func (t *timer) merge(u *timer) {
	t.n += u.n
	t.max = max(t.max, u.max)
	for i, c := range u.hist {
		t.hist[i] += c
	}
	t.truncated = t.truncated || u.truncated
	if !t.truncated {
		t.samples = append(t.samples, u.samples...)
	}
}

// summary returns the median, 99th percentile and maximum.
func (t *timer) summary() MoveTimes {
	s := MoveTimes{Moves: t.n, Max: t.max, Exact: !t.truncated}
	if t.n == 0 {
		return s
	}
	if s.Exact {
		slices.Sort(t.samples)
		s.Median = time.Duration(quantile(t.samples, 0.5))
		s.P99 = time.Duration(quantile(t.samples, 0.99))
		return s
	}
	s.Median = min(time.Duration(histQuantile(t.hist, t.n, 0.5)), t.max)
	s.P99 = min(time.Duration(histQuantile(t.hist, t.n, 0.99)), t.max)
	return s
}

// rank returns the 0-based nearest rank of quantile q among n sorted values:
// the smallest value with at least q of the values at or below it.
func rank(n int64, q float64) int64 {
	r := int64(math.Ceil(q*float64(n))) - 1
	return min(max(r, 0), n-1)
}

// quantile returns the nearest-rank q-quantile of the sorted values.
func quantile[T any](sorted []T, q float64) T {
	return sorted[rank(int64(len(sorted)), q)]
}

// The histogram keeps values below 2^mantBits exactly and larger values
// with their top mantBits bits, a relative error under 2^-(mantBits-1).
const (
	mantBits    = 7
	half        = 1 << (mantBits - 1)
	histBuckets = 1<<mantBits + (64-mantBits)*half
)

// bucket returns the histogram bucket of v.
func bucket(v uint64) int {
	if v < 1<<mantBits {
		return int(v)
	}
	s := bits.Len64(v) - mantBits
	return 1<<mantBits + (s-1)*half + int(v>>s) - half
}

// bucketMid returns the middle of the values that fall into bucket i.
func bucketMid(i int) uint64 {
	if i < 1<<mantBits {
		return uint64(i)
	}
	s := (i-1<<mantBits)/half + 1
	mant := uint64((i-1<<mantBits)%half + half)
	return mant<<s + 1<<(s-1)
}

// histQuantile returns the nearest-rank q-quantile of the n values in hist,
// as the middle of its bucket.
func histQuantile(hist []uint64, n int64, q float64) uint64 {
	r := uint64(rank(n, q))
	var seen uint64
	for i, c := range hist {
		seen += c
		if seen > r {
			return bucketMid(i)
		}
	}
	return 0
}

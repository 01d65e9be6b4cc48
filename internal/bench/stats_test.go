package bench

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

func TestWilson(t *testing.T) {
	// Want values are the roots of (p̂-p)² = z²p(1-p)/n, solved separately.
	tests := []struct {
		wins, n int
		lo, hi  float64
	}{
		{50, 100, 0.4038315304, 0.5961684696},
		{0, 10, 0, 0.2775327999},
		{10, 10, 0.7224672001, 1},
		{8843, 10000, 0.8778826608, 0.8904221980},
		{1, 1, 0.2065493144, 1},
		{0, 0, 0, 1},
	}
	for _, tt := range tests {
		lo, hi := Wilson(tt.wins, tt.n, z95)
		if math.Abs(lo-tt.lo) > 1e-9 || math.Abs(hi-tt.hi) > 1e-9 {
			t.Errorf("Wilson(%d, %d) = %.10f, %.10f; want %.10f, %.10f", tt.wins, tt.n, lo, hi, tt.lo, tt.hi)
		}
	}
}

func TestScore(t *testing.T) {
	tests := []struct {
		won            bool
		clicks, opened int
		want           float64
	}{
		{true, 1, 350, 60},
		{true, 59, 350, 60},
		{true, 60, 350, 59},
		{true, 79, 350, 59},
		{true, 80, 350, 58},
		{true, 99, 350, 58},
		{true, 100, 350, 57},
		{true, 119, 350, 57},
		{true, 120, 350, 55},
		{true, 149, 350, 55},
		{true, 150, 350, 53},
		{true, 199, 350, 53},
		{true, 200, 350, 51},
		{true, 249, 350, 51},
		{true, 250, 350, 50},
		{true, 400, 350, 50},
		{false, 0, 0, 0},
		{false, 12, 137, 13.7},
		{false, 400, 349, 34.9},
	}
	for _, tt := range tests {
		if got := Score(tt.won, tt.clicks, tt.opened); got != tt.want {
			t.Errorf("Score(%v, %d, %d) = %v; want %v", tt.won, tt.clicks, tt.opened, got, tt.want)
		}
	}
}

func TestQuantile(t *testing.T) {
	tests := []struct {
		values      []uint32
		median, p99 uint32
	}{
		{[]uint32{7}, 7, 7},
		{[]uint32{1, 2}, 1, 2},
		{[]uint32{3, 1, 2}, 2, 3},
		{[]uint32{4, 3, 2, 1}, 2, 4},
		// 1..100: the 99th percentile is the 99th value, 1..200: the 198th.
		{seq(100), 50, 99},
		{seq(200), 100, 198},
		{seq(1000), 500, 990},
	}
	for _, tt := range tests {
		tm := newTimer(len(tt.values))
		for _, v := range tt.values {
			tm.add(time.Duration(v))
		}
		s := tm.summary()
		if s.Median != time.Duration(tt.median) || s.P99 != time.Duration(tt.p99) || !s.Exact {
			t.Errorf("summary of %d values = median %d, p99 %d, exact %v; want %d, %d, true",
				len(tt.values), s.Median, s.P99, s.Exact, tt.median, tt.p99)
		}
		if want := time.Duration(slices.Max(tt.values)); s.Max != want {
			t.Errorf("max of %d values = %v; want %v", len(tt.values), s.Max, want)
		}
	}
}

func seq(n int) []uint32 {
	s := make([]uint32, n)
	for i := range s {
		s[i] = uint32(n - i) // descending, so the summary has to sort
	}
	return s
}

func TestTimerEmpty(t *testing.T) {
	if got := newTimer(10).summary(); got != (MoveTimes{Exact: true}) {
		t.Errorf("summary with no moves = %+v; want zero, exact", got)
	}
}

func TestBucket(t *testing.T) {
	for _, v := range []uint64{0, 1, 127, 128, 129, 255, 256, 1000, 45_000, 1_234_567, 1 << 40, math.MaxUint64} {
		i := bucket(v)
		if i < 0 || i >= histBuckets {
			t.Fatalf("bucket(%d) = %d; want 0 to %d", v, i, histBuckets-1)
		}
		mid := bucketMid(i)
		if err := math.Abs(float64(mid)-float64(v)) / max(float64(v), 1); err > 1.0/(1<<(mantBits-1)) {
			t.Errorf("bucketMid(bucket(%d)) = %d: relative error %.4f", v, mid, err)
		}
		if i > 0 && bucket(v) < bucket(v-1) {
			t.Errorf("bucket(%d) = %d < bucket(%d) = %d; want non-decreasing", v, i, v-1, bucket(v-1))
		}
	}
	for i := 1; i < histBuckets; i++ {
		if bucketMid(i) <= bucketMid(i-1) {
			t.Fatalf("bucketMid(%d) = %d <= bucketMid(%d) = %d", i, bucketMid(i), i-1, bucketMid(i-1))
		}
		if got := bucket(bucketMid(i)); got != i {
			t.Fatalf("bucket(bucketMid(%d)) = %d", i, got)
		}
	}
}

// TestTimerHistogram checks that once the samples overflow, the quantiles
// from the histogram stay within 1% of the exact ones.
func TestTimerHistogram(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	exact := newTimer(1 << 20)
	tm := newTimer(100)
	for range 20000 {
		d := time.Duration(rng.ExpFloat64() * 50e3) // around 50µs
		exact.add(d)
		tm.add(d)
	}
	want, got := exact.summary(), tm.summary()
	if got.Exact || !want.Exact {
		t.Fatalf("Exact = %v with 100 samples kept, %v with all; want false, true", got.Exact, want.Exact)
	}
	for _, q := range []struct {
		name      string
		got, want time.Duration
	}{{"median", got.Median, want.Median}, {"p99", got.P99, want.P99}, {"max", got.Max, want.Max}} {
		if rel := math.Abs(float64(q.got-q.want)) / float64(q.want); rel > 0.01 {
			t.Errorf("%s from the histogram = %v; want %v within 1%%", q.name, q.got, q.want)
		}
	}
	if got.Moves != 20000 {
		t.Errorf("Moves = %d; want 20000", got.Moves)
	}
}

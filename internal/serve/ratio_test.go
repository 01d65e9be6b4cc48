package serve

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestPairedRatio checks BenchmarkWatch's p99 ratio and its bootstrap
// interval on keys drawn from one distribution of frame times (about 1 ms,
// a tail to some 4 ms): the same keys in both games give 1, another draw
// an interval about 1, a slow tail doubled about 2 and clear of 1, and a
// slow moment hitting both games is not taken for a difference.
func TestPairedRatio(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	draw := func() []time.Duration {
		d := make([]time.Duration, 1000)
		for i := range d {
			d[i] = time.Duration(math.Exp(0.5*rng.NormFloat64()) * float64(time.Millisecond))
		}
		return d
	}
	// slowTail doubles the slowest tenth of d.
	slowTail := func(d []time.Duration) []time.Duration {
		p90 := quantile(d, 0.9)
		d = slices.Clone(d)
		for i := range d {
			if d[i] >= p90 {
				d[i] *= 2
			}
		}
		return d
	}
	// moment makes keys 500 to 549 of d ten times slower, a moment of the
	// machine's.
	moment := func(d []time.Duration) []time.Duration {
		d = slices.Clone(d)
		for i := 500; i < 550; i++ {
			d[i] *= 10
		}
		return d
	}
	base, other := draw(), draw()
	tests := []struct {
		name       string
		a, b       []time.Duration
		low, high  float64 // the ratio's bounds
		in, out    float64 // in the interval, out of it (0 for none)
		pointBlank bool    // the interval is the ratio alone
	}{
		{"same keys", base, base, 1, 1, 1, 0, true},
		{"another draw", other, base, 0.8, 1.25, 1, 0, false},
		{"slow tail doubled", slowTail(base), base, 2, 2, 2, 1, true},
		{"another draw, slow tail doubled", slowTail(other), base, 1.6, 2.5, 2, 1, false},
		{"a moment in both", moment(other), moment(base), 0.8, 1.25, 1, 0, false},
	}
	for _, tt := range tests {
		ratio, lo, hi := pairedRatio(tt.a, tt.b, 0.99, 25, 2000, rand.New(rand.NewPCG(42, 42)))
		if ratio < tt.low || ratio > tt.high || lo > ratio || hi < ratio {
			t.Errorf("%s: pairedRatio = %.3f [%.3f, %.3f]; want a ratio in [%.3g, %.3g] within its interval", tt.name, ratio, lo, hi, tt.low, tt.high)
		}
		if tt.in > 0 && (lo > tt.in || hi < tt.in) {
			t.Errorf("%s: pairedRatio's interval = [%.3f, %.3f]; want %g in it", tt.name, lo, hi, tt.in)
		}
		if tt.out > 0 && lo <= tt.out && hi >= tt.out {
			t.Errorf("%s: pairedRatio's interval = [%.3f, %.3f]; want %g out of it", tt.name, lo, hi, tt.out)
		}
		if tt.pointBlank && (lo != ratio || hi != ratio) {
			t.Errorf("%s: pairedRatio's interval = [%.3f, %.3f]; want [%.3f, %.3f]", tt.name, lo, hi, ratio, ratio)
		}
	}
}

// TestPairedRatioShort checks that keys too few for a block, or none, give
// an answer rather than a panic.
func TestPairedRatioShort(t *testing.T) {
	ms := []time.Duration{time.Millisecond, 2 * time.Millisecond, 3 * time.Millisecond}
	tests := []struct {
		name          string
		a, b          []time.Duration
		ratio, lo, hi float64
	}{
		{"none", nil, nil, 0, 0, 0},
		{"lengths apart", ms, ms[:2], 0, 0, 0},
		{"fewer than a block", ms, ms, 1, 1, 1},
	}
	for _, tt := range tests {
		ratio, lo, hi := pairedRatio(tt.a, tt.b, 0.99, 25, 100, rand.New(rand.NewPCG(42, 42)))
		if ratio != tt.ratio || lo != tt.lo || hi != tt.hi {
			t.Errorf("%s: pairedRatio = %g [%g, %g]; want %g [%g, %g]", tt.name, ratio, lo, hi, tt.ratio, tt.lo, tt.hi)
		}
	}
}

package host

import (
	"testing"
	"time"
)

func TestRate(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	r := newRate(2, func() time.Time { return now })
	steps := []struct {
		after time.Duration
		addr  string
		want  bool
	}{
		{0, "a", true}, {0, "a", true}, {0, "a", false}, {0, "b", true},
		{30 * time.Second, "a", false}, // the minute still running: 2 already
		{31 * time.Second, "a", true},  // at +61 s the last minute's 2 weigh 2 x 59/60, under 2
		{2 * time.Minute, "a", true},
	}
	for i, s := range steps {
		now = now.Add(s.after)
		if got := r.allow(s.addr); got != s.want {
			t.Errorf("step %d (%s at +%v): allow %v, want %v", i, s.addr, s.after, got, s.want)
		}
	}
	if n := len(r.seen); n > 2 {
		t.Errorf("%d addresses remembered, want at most 2", n)
	}
}

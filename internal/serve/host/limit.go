package host

import (
	"sync"
	"time"
)

// rate limits the new connections of each source address: at most n in
// any minute, counted in a sliding window of one-minute buckets. Its
// memory is bounded by the addresses seen in the last minute, whose
// entries are swept as they age.
type rate struct {
	n   int
	now func() time.Time

	mu    sync.Mutex
	seen  map[string]*window
	swept time.Time
}

// window is one address's count: the connections of the current minute
// and of the minute before, which fade as the current one goes by.
type window struct {
	start     time.Time // the current minute's start
	cur, prev int
}

func newRate(n int, now func() time.Time) *rate {
	return &rate{n: n, now: now, seen: map[string]*window{}}
}

// allow reports whether addr may open a connection now, and counts it if
// so. A limit of 0 or less allows every connection.
func (r *rate) allow(addr string) bool {
	if r.n <= 0 {
		return true
	}
	now := r.now()
	r.mu.Lock()
	defer r.mu.Unlock()
	if now.Sub(r.swept) > time.Minute {
		r.sweep(now)
	}
	w := r.seen[addr]
	if w == nil {
		w = &window{start: now}
		r.seen[addr] = w
	}
	switch d := now.Sub(w.start); {
	case d >= 2*time.Minute:
		w.start, w.cur, w.prev = now, 0, 0
	case d >= time.Minute:
		w.start, w.cur, w.prev = w.start.Add(time.Minute), 0, w.cur
	}
	// The minute before weighs what is left of it in the sliding minute.
	left := 1 - float64(now.Sub(w.start))/float64(time.Minute)
	if float64(w.cur)+float64(w.prev)*left >= float64(r.n) {
		return false
	}
	w.cur++
	return true
}

// sweep forgets the addresses not seen for two minutes.
func (r *rate) sweep(now time.Time) {
	for addr, w := range r.seen {
		if now.Sub(w.start) >= 2*time.Minute {
			delete(r.seen, addr)
		}
	}
	r.swept = now
}

// Package endless is input that never ends, as /dev/zero is, for the tests
// of readers that must stop on their own: a line, a token or a record
// without end must end in an error after a bounded read.
package endless

import "errors"

// ErrRunaway is the error of a Reader read past its limit: the reader
// under test did not stop.
var ErrRunaway = errors.New("read past the limit of the endless input")

// Reader repeats Pattern without end and counts the bytes read from it in
// N. Past Limit bytes it fails with ErrRunaway, so that a reader that does
// not stop ends its test instead of running on.
type Reader struct {
	Pattern []byte
	Limit   int64
	N       int64 // bytes read so far
}

// Read fills p with the pattern, up to the limit.
func (r *Reader) Read(p []byte) (int, error) {
	if r.N >= r.Limit {
		return 0, ErrRunaway
	}
	p = p[:min(int64(len(p)), r.Limit-r.N)]
	for i := range p {
		p[i] = r.Pattern[(r.N+int64(i))%int64(len(r.Pattern))]
	}
	r.N += int64(len(p))
	return len(p), nil
}

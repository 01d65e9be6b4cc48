package testwait

import (
	"testing"
	"time"
)

// TestLimit checks that every wait of a test gives up at one time, before
// the binary's deadline: a wait that starts late waits no longer.
func TestLimit(t *testing.T) {
	d, ok := t.Deadline()
	if !ok {
		t.Skip("no deadline (-timeout 0)")
	}
	first := Limit(t)
	time.Sleep(10 * time.Millisecond) // a later wait, not a measure
	if second := Limit(t); !second.Equal(first) {
		t.Errorf("Limit later = %v; want the first, %v", second, first)
	}
	if !first.Before(d) {
		t.Errorf("Limit = %v; want it before the deadline %v", first, d)
	}
}

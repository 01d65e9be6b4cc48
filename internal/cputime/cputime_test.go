package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestThreadCountsWorkNotSleep checks that a thread's reading grows with
// work done and hardly at all while it sleeps.
func TestThreadCountsWorkNotSleep(t *testing.T) {
	if !Supported() {
		t.Skip("no thread CPU clock on this system")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := Thread()
	time.Sleep(50 * time.Millisecond)
	slept := Thread() - t0
	if slept > 20*time.Millisecond {
		t.Errorf("CPU time over a 50 ms sleep: got %v, want under 20ms", slept)
	}
	t1 := Thread()
	x := uint64(1)
	for Thread()-t1 < 5*time.Millisecond {
		for range 1000 {
			x = x*6364136223846793005 + 1442695040888963407
		}
	}
	if x == 0 {
		t.Log(x)
	}
	if got := Thread() - t1; got < 5*time.Millisecond {
		t.Errorf("CPU time of a busy loop: got %v, want at least 5ms", got)
	}
}

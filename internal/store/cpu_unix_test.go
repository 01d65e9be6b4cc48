//go:build unix

package store

import (
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// processCPU returns the CPU time the whole process has used, user and
// system, and reports whether it could be read: a benchmark on a shared,
// busy machine reports it beside the wall clock, which waits for cores.
func processCPU(tb testing.TB) (time.Duration, bool) {
	tb.Helper()
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

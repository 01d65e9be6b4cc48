//go:build linux || darwin || freebsd || netbsd || openbsd

package cputime

import (
	"time"

	"golang.org/x/sys/unix"
)

const supported = true

func thread() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return time.Since(start)
	}
	return time.Duration(ts.Nano())
}

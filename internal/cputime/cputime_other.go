//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package cputime

import "time"

const supported = false

func thread() time.Duration { return time.Since(start) }

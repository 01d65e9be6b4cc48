// Package cputime reads the CPU time the calling thread has used, for
// benchmarks that must measure work rather than the wall clock on a
// shared, busy machine: a move that waits for a core is not a slow move.
//
// A goroutine measured so must be locked to its thread
// (runtime.LockOSThread) for the readings to be its own.
package cputime

import "time"

// Supported reports whether Thread reads the thread's CPU time on this
// system; where it does not, Thread reads a monotonic wall clock.
func Supported() bool { return supported }

// Thread returns the CPU time used by the calling thread so far, or, where
// Supported reports false, the time since the process started. Only
// differences of two readings on one thread mean anything.
func Thread() time.Duration { return thread() }

var start = time.Now()

//go:build !unix

package serve

import (
	"testing"
	"time"
)

// checkIdle does nothing where the process's CPU time is not read.
func checkIdle(*testing.T) {}

// processCPU returns 0 where the process's CPU time is not read.
func processCPU(testing.TB) time.Duration { return 0 }

package solver

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// timeSummary returns the median, 99th percentile and maximum of ts.
func timeSummary(ts []time.Duration) string {
	if len(ts) == 0 {
		return ""
	}
	s := slices.Clone(ts)
	slices.Sort(s)
	return fmt.Sprintf("move median %v p99 %v max %v", s[len(s)/2], s[len(s)*99/100], s[len(s)-1])
}

// resetLook starts the look-ahead's budgets afresh, its budget of cells
// for the move included, for tests that call its parts one by one.
func resetLook(la *lookahead) {
	la.resetBudgets()
	la.lookSpent = 0
}

// withoutRace skips t under the race detector. The solver runs on one
// goroutine, so the race detector has nothing to find in its game-by-game
// and brute-force checks, and they took most of the package's time under
// it: make test runs them in its pass without it (see the Makefile).
func withoutRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("run without -race, in make test's second pass")
	}
}

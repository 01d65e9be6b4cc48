package solver

import (
	"fmt"
	"slices"
	"strings"
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

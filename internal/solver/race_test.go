//go:build race

package solver

// raceEnabled reports whether the race detector is on; the slowest tests
// play fewer games under it.
const raceEnabled = true

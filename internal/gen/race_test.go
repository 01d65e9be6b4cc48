//go:build race

package gen

// raceEnabled reports whether the race detector is on; the slowest tests
// skip themselves under it.
const raceEnabled = true

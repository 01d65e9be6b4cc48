//go:build race

package analyse

// raceEnabled reports whether the race detector is on; the slowest tests
// skip themselves under it.
const raceEnabled = true

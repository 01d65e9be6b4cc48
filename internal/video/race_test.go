//go:build race

package video

// raceEnabled reports whether the race detector is on; the slowest tests
// skip themselves under it.
const raceEnabled = true

// Package splitmix holds SplitMix64 (Steele, Lea and Flood, "Fast
// splittable pseudorandom number generators", 2014), the module's one
// copy: a step that makes the next of a sequence of seeds, and the
// finaliser that step ends with, which scrambles the bits of a word so
// that hashes and tie-breaks favour no part of a board. It imports
// nothing, so every package may use it.
package splitmix

// Gamma is the increment of SplitMix64's state: 2^64 divided by the golden
// ratio, rounded to an odd number.
const Gamma = 0x9e3779b97f4a7c15

// Mix returns x with its bits scrambled: SplitMix64's finaliser, a
// bijection in which each bit of x flips about half the bits of the result.
func Mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// Next returns the output of SplitMix64 from the state seed, Mix(seed +
// Gamma). Taken as the next seed, it makes a sequence of seeds that is
// reproducible and does not repeat in practice.
func Next(seed uint64) uint64 { return Mix(seed + Gamma) }

package board

import "math/rand/v2"

// seedStream is the second word of the PCG source of every seeded game;
// the first is the seed the player sees.
const seedStream = 0x9e3779b97f4a7c15

// NewRand returns the random source that a game seeded with seed draws its
// board from. The game, gen and every tool that replays a seed use it, so
// that one seed and one first click give one board everywhere.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seedStream))
}

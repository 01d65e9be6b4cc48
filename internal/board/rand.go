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

// startStream is the second word of the PCG source that StartCell draws
// from, the first being the seed. It differs from seedStream, so drawing
// the cell takes nothing from the stream the mines are laid from: the
// board stays the one the game lays for that seed and that first click.
// It spells "start" in ASCII; changing it changes the start cell of every
// seed.
const startStream = 0x7374617274

// StartCell returns a cell of a width by height board drawn uniformly from
// seed: the start click that "minesweeper gen" gives a seed when none is
// chosen. Width and height must be positive.
func StartCell(width, height int, seed uint64) Point {
	i := rand.New(rand.NewPCG(seed, startStream)).IntN(width * height)
	return Point{X: i % width, Y: i / width}
}

package board

import "iter"

// Neighbours returns the row-major indices of the up to eight cells around
// cell i of a width by height grid, in row-major order: the cells that a
// number at i counts. Every package that walks a grid by index uses it, so
// that all visit a cell's neighbours in one order.
func Neighbours(width, height, i int) iter.Seq[int] {
	return func(yield func(int) bool) {
		x, y := i%width, i/width
		for yy := max(y-1, 0); yy <= min(y+1, height-1); yy++ {
			for xx := max(x-1, 0); xx <= min(x+1, width-1); xx++ {
				if j := yy*width + xx; j != i && !yield(j) {
					return
				}
			}
		}
	}
}

package board

// ThreeBV returns the board's 3BV (Bechtel's Board Benchmark Value): the
// fewest clicks that clear it without flags, which is one click for each
// opening (a connected region of zeros with its border) plus one for each
// safe number not on the border of any opening. A random board that waits
// for its first opening has no layout yet and returns 0.
func (b *Board) ThreeBV() int {
	if b.pending {
		return 0
	}
	w, h := b.w, b.h
	seen := make([]bool, len(b.cells))
	var stack []int
	clicks := 0
	for i, c := range b.cells {
		if seen[i] || c&(mineBit|countMask) != 0 {
			continue
		}
		clicks++
		seen[i] = true
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			k := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := k%w, k/w
			for yy := max(y-1, 0); yy <= min(y+1, h-1); yy++ {
				for xx := max(x-1, 0); xx <= min(x+1, w-1); xx++ {
					j := yy*w + xx
					if seen[j] {
						continue
					}
					seen[j] = true
					if b.cells[j]&countMask == 0 {
						stack = append(stack, j)
					}
				}
			}
		}
	}
	for i, c := range b.cells {
		if !seen[i] && c&mineBit == 0 {
			clicks++
		}
	}
	return clicks
}

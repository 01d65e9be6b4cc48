package board

// place lays b.mines mines uniformly over the cells the rule allows when
// cell first is opened first. It uses Floyd's sampling over the allowed
// cells: for each j from allowed-mines up to allowed-1 it draws t in [0, j]
// and takes cell t, or cell j when t is taken already, so every layout is
// equally likely. Seeds shown to players and recorded benchmark figures
// depend on the layout a random stream gives, so both ways of laying below
// make exactly these draws and these choices; only the bookkeeping differs.
// A dense layout takes, while it is laid, a bitset of one bit a cell beside
// the grid's byte a cell (see placeDense).
//
// A board with a Layout of its own lays the mines it returns instead; on
// its error the board stays pending.
func (b *Board) place(first int) error {
	if b.layout != nil {
		return b.layWith(first)
	}
	b.pending = false
	a := b.allowed(first)
	if b.denseFaster() {
		b.placeDense(a)
		return nil
	}
	b.placeSparse(a)
	return nil
}

// denseFaster reports whether placeDense lays b's mines faster than
// placeSparse. The sparse way's cost follows the mines and grows several
// times once the grid outgrows the cache, as each mine then costs cache
// misses; the dense way's follows the cells, plus about the cost of 64
// cells a row for the calls and the last cells of the row, which are
// counted one at a time. Measured from 512x512 to 16384x16384 and on boards
// 1 to 40 cells wide, the two break even at about one mine in 32 to 128
// cells on boards up to 2048x2048 and one in 200 to 300 on larger ones (on
// a shared two-core AMD EPYC). Either way lays the same mines, so a wrong
// guess costs time, never a different layout.
func (b *Board) denseFaster() bool {
	const rowCells = 64  // the dense way's cost a row, in cells
	perMine := int64(64) // the sparse way's cost a mine, in cells
	if len(b.cells) > 1<<22 {
		perMine = 256
	}
	return int64(b.mines)*perMine >= int64(len(b.cells))+rowCells*int64(b.h)
}

// placeSparse keeps the chosen set in the grid's own mine bits and counts
// around each mine as it is laid, so it needs no memory beyond the grid and
// its time follows the mines, not the area.
func (b *Board) placeSparse(a allowedCells) {
	for j := a.n - b.mines; j < a.n; j++ {
		i := a.at(b.rng.IntN(j + 1))
		if b.cells[i]&mineBit != 0 {
			i = a.at(j)
		}
		b.cells[i] |= mineBit
		b.countAround(i%b.w, i/b.w)
	}
}

// countAround adds one to the count of each neighbour of the mine at (x, y).
// Working from the mines rather than scanning the grid for them keeps the
// cost of a sparse layout proportional to its mines.
func (b *Board) countAround(x, y int) {
	w := b.w
	x0, x1 := max(x-1, 0), min(x+1, w-1)
	for yy := max(y-1, 0); yy <= min(y+1, b.h-1); yy++ {
		row := b.cells[yy*w+x0 : yy*w+x1+1]
		for k := range row {
			row[k]++
		}
	}
	b.cells[y*w+x]-- // the loop counted the mine itself
}

// placeDense keeps the chosen set in a temporary bitset, one bit a cell and
// so an eighth of the grid's size (32 MiB on the largest board), and then
// lays the mines and counts every cell in one pass over the rows. On a large
// board a mine laid in the grid costs a cache miss to test and three more to
// count around; the bitset is eight times smaller and the pass reads and
// writes memory in order.
func (b *Board) placeDense(a allowedCells) {
	set := make([]uint64, (len(b.cells)+63)/64)
	b.sample(set, a)
	b.layAndCount(set)
}

// floydBatch is how many draws sample makes before it tests them. The tests
// read the set at random places, mostly cache misses on a large board; read
// in a loop of their own the reads are independent, so the processor
// overlaps their misses, where a test after each draw would wait for each
// miss in turn. Of 16 to 1024, 64 was about the fastest on a 16384x16384
// board; the arrays it sizes live on the stack.
const floydBatch = 64

// sample runs Floyd's sampling of b.mines of the allowed cells into set, bit
// i for cell i, drawing from b.rng exactly as placeSparse does.
func (b *Board) sample(set []uint64, a allowedCells) {
	var picks [floydBatch]int
	var words [floydBatch]uint64 // the words under picks before the batch
	for j := a.n - b.mines; j < a.n; j += floydBatch {
		batch := picks[:min(floydBatch, a.n-j)]
		for k := range batch {
			batch[k] = a.at(b.rng.IntN(j + k + 1))
		}
		before := words[:len(batch)]
		for k, i := range batch {
			before[k] = set[i>>6]
		}
		for k, i := range batch {
			// The batch may have set bits since before[k] was read, so the
			// word is read again; or-ing in before[k] changes nothing but
			// keeps the early read, which the compiler would otherwise drop
			// as unused.
			if (before[k]|set[i>>6])&(1<<(i&63)) != 0 {
				i = a.at(j + k)
			}
			set[i>>6] |= 1 << (i & 63)
		}
	}
}

// layAndCount sets the mine bit of each cell in set and adds to every cell
// the number of mines around it. The mine bits are laid one row ahead of the
// counts, so the three rows a count reads are in the cache.
func (b *Board) layAndCount(set []uint64) {
	w, h, cells := b.w, b.h, b.cells
	laid := 0 // the mine bits of the cells below laid are set
	for y := range h {
		laid = layMines(cells, set, laid, min((y+2)*w, len(cells)))
		row := cells[y*w : y*w+w]
		var up, down []cell
		if y > 0 {
			up = cells[(y-1)*w : y*w]
		}
		if y < h-1 {
			down = cells[(y+1)*w : (y+2)*w]
		}
		if up == nil || down == nil {
			countCells(row, up, down, 0) // the top and bottom rows
			continue
		}
		countRow(row, up, down)
	}
}

// mineBytes has the mine bit in every byte of a uint64, eight cells read at
// once.
const mineBytes = uint64(mineBit) * 0x0101010101010101

// layMines sets the mine bits of the cells in set from cell from, a multiple
// of 64, until at least cell to, a word of set at a time; it returns where
// it stopped.
func layMines(cells []cell, set []uint64, from, to int) int {
	for ; from < to; from += 64 {
		m := set[from>>6]
		if from+64 > len(cells) {
			for k := from; k < len(cells); k++ {
				if m>>(k-from)&1 != 0 {
					cells[k] |= mineBit
				}
			}
			return len(cells)
		}
		if m == 0 {
			continue
		}
		g := cells[from : from+64]
		for k := 0; k < 64; k += 8 {
			store64(g[k:], load64(g[k:])|spread(m>>k))
		}
	}
	return from
}

// spread turns the low eight bits of m into eight bytes, mineBit in byte k
// when bit k is set, with no table and no branch: it copies the bits into
// every byte, keeps bit k of byte k, and adding 0x7f to each byte carries a
// set bit into the byte's top bit and never out of the byte.
func spread(m uint64) uint64 {
	x := m & 0xff * 0x0101010101010101 & 0x8040201008040201
	return (x + 0x7f7f7f7f7f7f7f7f) >> 3 & mineBytes
}

// countRow adds to each cell of row the number of mines around it in row,
// up (the row above) and down (the row below), eight cells at a time, and
// leaves the last eight to fifteen cells to countCells, so that the loop
// always has the next eight cells to read. Masked to their mine bits, the
// cells of a row read as a uint64 are eight bytes of 0 or 16, so adding such
// words adds eight columns at once, each byte at most 9*16 and never
// carrying into the next.
func countRow(row, up, down []cell) {
	up, down = up[:len(row)], down[:len(row)]
	// prev and cur hold the column sums of the eight columns before x and
	// from x, one byte a column; c holds the eight cells from x.
	var prev, cur, c uint64
	if len(row) >= 16 {
		c = load64(row)
		cur = c&mineBytes + load64(up)&mineBytes + load64(down)&mineBytes
	}
	x := 0
	for ; x+16 <= len(row); x += 8 {
		nc := load64(row[x+8 : x+16])
		next := nc&mineBytes + load64(up[x+8:x+16])&mineBytes + load64(down[x+8:x+16])&mineBytes
		// A cell's count is the sums of the column on its left, its own
		// and the one on its right, less its own mine, which its own
		// column's sum holds, so no byte borrows from the next.
		n := cur + (cur<<8 | prev>>56) + (cur>>8 | next<<56) - c&mineBytes
		store64(row[x:x+8], c+n>>4)
		prev, cur, c = cur, next, nc
	}
	countCells(row, up, down, x)
}

// countCells adds to each cell of row from column x on the number of mines
// around it in row, up and down, one cell at a time; up or down is nil on
// the board's edge.
func countCells(row, up, down []cell, x int) {
	// col returns the mines in column x.
	col := func(x int) int {
		n := mineOf(row[x])
		if up != nil {
			n += mineOf(up[x])
		}
		if down != nil {
			n += mineOf(down[x])
		}
		return n
	}
	left, here := 0, 0 // the mines in the columns x-1 and x
	if x > 0 {
		left = col(x - 1)
	}
	if x < len(row) {
		here = col(x)
	}
	for ; x < len(row); x++ {
		right := 0
		if x+1 < len(row) {
			right = col(x + 1)
		}
		row[x] += cell(left + here + right - mineOf(row[x]))
		left, here = here, right
	}
}

// mineOf returns 1 for a cell with a mine and 0 for one without.
func mineOf(c cell) int { return int(c&mineBit) >> 4 }

// load64 returns the eight cells at the start of c as a little-endian
// uint64; the compiler turns it into one load.
func load64(c []cell) uint64 {
	_ = c[7]
	return uint64(c[0]) | uint64(c[1])<<8 | uint64(c[2])<<16 | uint64(c[3])<<24 |
		uint64(c[4])<<32 | uint64(c[5])<<40 | uint64(c[6])<<48 | uint64(c[7])<<56
}

// store64 stores v in the eight cells at the start of c, the inverse of
// load64; the compiler turns it into one store.
func store64(c []cell, v uint64) {
	_ = c[7]
	c[0] = cell(v)
	c[1] = cell(v >> 8)
	c[2] = cell(v >> 16)
	c[3] = cell(v >> 24)
	c[4] = cell(v >> 32)
	c[5] = cell(v >> 40)
	c[6] = cell(v >> 48)
	c[7] = cell(v >> 56)
}

// allowedCells numbers the cells that may hold a mine, 0 to n-1 in grid
// order, skipping the cells the first-click rule keeps free, so that
// Floyd's sampling draws among them as among the integers below n.
type allowedCells struct {
	n        int
	excluded []int // ascending
	lo, hi   int   // below lo no cell is skipped; from hi on, all are
}

// allowed returns the cells that may hold a mine when cell first is opened
// first.
func (b *Board) allowed(first int) allowedCells {
	var excluded []int
	fx, fy := first%b.w, first/b.w
	switch b.rule {
	case Safe:
		excluded = []int{first}
	case Opening:
		excluded = make([]int, 0, 9)
		for y := max(fy-1, 0); y <= min(fy+1, b.h-1); y++ {
			for x := max(fx-1, 0); x <= min(fx+1, b.w-1); x++ {
				excluded = append(excluded, y*b.w+x)
			}
		}
	}
	a := allowedCells{n: len(b.cells) - len(excluded), excluded: excluded}
	if n := len(excluded); n > 0 {
		// Index k is the grid's k+n once k+n-1 reaches the last excluded
		// cell, since the excluded cells are distinct and ascending.
		a.lo, a.hi = excluded[0], excluded[n-1]-n+1
	}
	return a
}

// at returns the grid index of allowed cell k. It runs once a draw, so the
// indices below or above every excluded cell, nearly all of them, take a
// comparison rather than a walk over the list.
func (a *allowedCells) at(k int) int {
	if k < a.lo {
		return k
	}
	if k >= a.hi {
		return k + len(a.excluded)
	}
	for _, e := range a.excluded {
		if e > k {
			break
		}
		k++
	}
	return k
}

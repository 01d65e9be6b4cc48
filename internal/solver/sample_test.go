package solver

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// layoutSampler draws layouts of mines uniformly from all those that fit a
// view: the distribution of the hidden board given what the player sees.
// It is the decision study's (study_test.go), written apart from the
// solver's analysis so that the one checks the other (TestSamplerUniform,
// TestSamplerMarginals). The closed cells next to numbers are grouped in
// boxes (cells next to the same numbers) and components (boxes joined by
// numbers); each component's ways to fill its boxes are listed, each
// weighed by the ways to choose its mines within the boxes; the components'
// mine counts are drawn jointly with the cells next to no number, by
// their number of layouts, then a way of each component, then the cells.
type layoutSampler struct {
	w, h, mines int
	outside     []int // closed cells next to no number
	comps       []sampleComp
	// logW[j][k]: log of the layouts of components 0..j-1 with k mines
	// among them; filled by prepare.
	logW [][]float64
}

// sampleComp is one component: its boxes' cells and its ways to fill them.
type sampleComp struct {
	boxes [][]int
	ways  [][]uint8   // mines per box, one slice a way
	logW  []float64   // log of a way's layouts: the product of C(box, mines)
	byK   [][]int     // the ways with k mines
	logK  []float64   // log of the layouts with k mines (-Inf for none)
	cons  [][]int     // per number: its boxes
	need  []int       // per number: the mines it still needs
	order []int       // boxes in the order the search assigns them
	nodes int         // search nodes spent
	by    map[int]int // box of a cell
}

// errTooMany is returned by newLayoutSampler for a view whose components
// have too many ways to list.
var errTooMany = errors.New("too many ways to list")

// Limits of newLayoutSampler's search, per component.
const (
	sampleMaxWays  = 200_000
	sampleMaxNodes = 20_000_000
)

// newLayoutSampler prepares to draw layouts for v, or returns
// ErrInconsistent when none fits, or errTooMany.
func newLayoutSampler(v *View) (*layoutSampler, error) {
	s := &layoutSampler{w: v.width, h: v.height, mines: v.mines}
	n := len(v.tiles)
	// The numbers next to each closed cell give its key.
	keys := make(map[int][]int) // closed frontier cell -> its numbers
	for i, t := range v.tiles {
		if t < 0 {
			continue
		}
		for j := range board.Neighbours(v.width, v.height, i) {
			if v.tiles[j] < 0 {
				keys[j] = append(keys[j], i)
			}
		}
	}
	// Union the numbers that share a closed cell: a component.
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := range n {
		nums := keys[i]
		for _, x := range nums[min(1, len(nums)):] {
			parent[find(x)] = find(nums[0])
		}
	}
	compOf := make(map[int]int) // root number -> component
	boxOf := make(map[string][2]int)
	for i, t := range v.tiles {
		if t >= 0 {
			continue
		}
		nums := keys[i]
		if len(nums) == 0 {
			s.outside = append(s.outside, i)
			continue
		}
		root := find(nums[0])
		c, ok := compOf[root]
		if !ok {
			c = len(s.comps)
			compOf[root] = c
			s.comps = append(s.comps, sampleComp{by: make(map[int]int)})
		}
		key := string(appendInts(nil, nums))
		b, ok := boxOf[key]
		if !ok {
			b = [2]int{c, len(s.comps[c].boxes)}
			boxOf[key] = b
			s.comps[c].boxes = append(s.comps[c].boxes, nil)
		}
		s.comps[c].boxes[b[1]] = append(s.comps[c].boxes[b[1]], i)
		s.comps[c].by[i] = b[1]
	}
	// Each number's demand on its component's boxes.
	for i, t := range v.tiles {
		if t < 0 {
			continue
		}
		var boxes []int
		c := -1
		for j := range board.Neighbours(v.width, v.height, i) {
			if v.tiles[j] >= 0 {
				continue
			}
			c = compOf[find(keys[j][0])]
			if b := s.comps[c].by[j]; !slices.Contains(boxes, b) {
				boxes = append(boxes, b)
			}
		}
		if c < 0 {
			if t != 0 {
				return nil, ErrInconsistent
			}
			continue
		}
		s.comps[c].cons = append(s.comps[c].cons, boxes)
		s.comps[c].need = append(s.comps[c].need, int(t))
	}
	for c := range s.comps {
		if err := s.comps[c].list(); err != nil {
			return nil, err
		}
	}
	if err := s.prepare(); err != nil {
		return nil, err
	}
	return s, nil
}

// appendInts appends the bytes of xs, four a number.
func appendInts(dst []byte, xs []int) []byte {
	for _, x := range xs {
		dst = append(dst, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	return dst
}

// list finds every way to fill the component's boxes that meets its
// numbers.
func (c *sampleComp) list() error {
	// Boxes in the order of the numbers, so that numbers close early.
	seen := make([]bool, len(c.boxes))
	for _, bs := range c.cons {
		for _, b := range bs {
			if !seen[b] {
				seen[b] = true
				c.order = append(c.order, b)
			}
		}
	}
	// last[k]: the numbers whose last box is order[k].
	pos := make([]int, len(c.boxes))
	for k, b := range c.order {
		pos[b] = k
	}
	have := make([]int, len(c.cons)) // mines put next to each number
	room := make([]int, len(c.cons)) // cells of its boxes not yet assigned
	consOf := make([][]int, len(c.boxes))
	for x, bs := range c.cons {
		for _, b := range bs {
			room[x] += len(c.boxes[b])
			consOf[b] = append(consOf[b], x)
		}
	}
	fill := make([]uint8, len(c.boxes))
	var rec func(k int) error
	rec = func(k int) error {
		c.nodes++
		if c.nodes > sampleMaxNodes {
			return errTooMany
		}
		if k == len(c.order) {
			if len(c.ways) >= sampleMaxWays {
				return errTooMany
			}
			c.ways = append(c.ways, slices.Clone(fill))
			return nil
		}
		b := c.order[k]
		size := len(c.boxes[b])
		for m := 0; m <= size; m++ {
			ok := true
			for _, x := range consOf[b] {
				h, r := have[x]+m, room[x]-size
				if h > c.need[x] || h+r < c.need[x] {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			for _, x := range consOf[b] {
				have[x] += m
				room[x] -= size
			}
			fill[b] = uint8(m)
			err := rec(k + 1)
			for _, x := range consOf[b] {
				have[x] -= m
				room[x] += size
			}
			if err != nil {
				return err
			}
		}
		return nil
	}
	if err := rec(0); err != nil {
		return err
	}
	if len(c.ways) == 0 {
		return ErrInconsistent
	}
	cells := 0
	for _, b := range c.boxes {
		cells += len(b)
	}
	c.byK = make([][]int, cells+1)
	c.logK = make([]float64, cells+1)
	for i := range c.logK {
		c.logK[i] = math.Inf(-1)
	}
	for wi, way := range c.ways {
		k, lw := 0, 0.0
		for b, m := range way {
			k += int(m)
			lw += logChoose(len(c.boxes[b]), int(m))
		}
		c.logW = append(c.logW, lw)
		c.byK[k] = append(c.byK[k], wi)
		c.logK[k] = logAdd(c.logK[k], lw)
	}
	return nil
}

// prepare fills logW, the components' layouts by their mines so far.
func (s *layoutSampler) prepare() error {
	cur := []float64{0}
	s.logW = [][]float64{cur}
	for _, c := range s.comps {
		next := make([]float64, len(cur)+len(c.logK)-1)
		for i := range next {
			next[i] = math.Inf(-1)
		}
		for a, la := range cur {
			for k, lk := range c.logK {
				next[a+k] = logAdd(next[a+k], la+lk)
			}
		}
		cur = next
		s.logW = append(s.logW, cur)
	}
	for k, l := range cur {
		if r := s.mines - k; r >= 0 && r <= len(s.outside) && !math.IsInf(l, -1) {
			return nil
		}
	}
	return ErrInconsistent
}

// logLayouts returns the log of the number of layouts that fit the view.
func (s *layoutSampler) logLayouts() float64 {
	total := math.Inf(-1)
	for k, l := range s.logW[len(s.comps)] {
		if r := s.mines - k; r >= 0 && r <= len(s.outside) {
			total = logAdd(total, l+logChoose(len(s.outside), r))
		}
	}
	return total
}

// draw returns a layout's mines, drawn uniformly from those that fit.
func (s *layoutSampler) draw(rng *rand.Rand, dst []board.Point) []board.Point {
	dst = dst[:0]
	last := s.logW[len(s.comps)]
	// The mines next to numbers, then each component's share, last first.
	k := pickLog(rng, len(last), func(k int) float64 {
		r := s.mines - k
		if r < 0 || r > len(s.outside) {
			return math.Inf(-1)
		}
		return last[k] + logChoose(len(s.outside), r)
	})
	dst = s.pickCells(rng, dst, s.outside, s.mines-k)
	for j := len(s.comps) - 1; j >= 0; j-- {
		c := &s.comps[j]
		prev := s.logW[j]
		kj := pickLog(rng, len(c.logK), func(m int) float64 {
			if k-m < 0 || k-m >= len(prev) {
				return math.Inf(-1)
			}
			return prev[k-m] + c.logK[m]
		})
		k -= kj
		ways := c.byK[kj]
		w := ways[pickLog(rng, len(ways), func(x int) float64 { return c.logW[ways[x]] })]
		for b, m := range c.ways[w] {
			dst = s.pickCells(rng, dst, c.boxes[b], int(m))
		}
	}
	return dst
}

// pickCells appends m of cells, chosen uniformly, as points.
func (s *layoutSampler) pickCells(rng *rand.Rand, dst []board.Point, cells []int, m int) []board.Point {
	// Floyd's sampling of m of len(cells) indices.
	chosen := make(map[int]bool, m)
	for j := len(cells) - m; j < len(cells); j++ {
		t := rng.IntN(j + 1)
		if chosen[t] {
			t = j
		}
		chosen[t] = true
		dst = append(dst, board.Point{X: cells[t] % s.w, Y: cells[t] / s.w})
	}
	return dst
}

// pickLog returns an index below n drawn with weights exp(logw(i)).
func pickLog(rng *rand.Rand, n int, logw func(int) float64) int {
	top := math.Inf(-1)
	for i := range n {
		top = max(top, logw(i))
	}
	total := 0.0
	for i := range n {
		total += math.Exp(logw(i) - top)
	}
	u := rng.Float64() * total
	last := 0
	for i := range n {
		w := math.Exp(logw(i) - top)
		if w == 0 {
			continue
		}
		last = i
		if u < w {
			return i
		}
		u -= w
	}
	return last
}

// logAdd returns log(exp(a) + exp(b)).
func logAdd(a, b float64) float64 {
	if math.IsInf(a, -1) {
		return b
	}
	if math.IsInf(b, -1) {
		return a
	}
	return max(a, b) + softplus(-math.Abs(a-b))
}

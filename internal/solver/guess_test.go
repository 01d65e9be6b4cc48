package solver

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// bruteOutlook returns the outlook of opening closed cell i of v, by
// enumerating every layout of mines over the closed cells (at most 20).
func bruteOutlook(v *View, i int) outlook { return bruteOutlookAt(v, i, true) }

// bruteOutlookAt returns the outlook of opening closed cell i of v. With
// after set, a number that leaves exactly one cell certainly safe scores
// that cell's own outlook without after: the chance to survive opening it
// and then the next guess, as afterSafe counts it.
func bruteOutlookAt(v *View, i int, after bool) outlook {
	// For each number cell i may show: the layouts that show it, and how
	// many of them put a mine on each closed cell.
	var count [9]int
	var hits [9][]int
	total := 0
	closed := eachLayout(v, func(closed []int, grid []bool, mask uint32) {
		total++
		if grid[i] {
			return
		}
		val := minesAround(v, grid, i)
		if hits[val] == nil {
			hits[val] = make([]int, len(closed))
		}
		count[val]++
		for k := range closed {
			if mask>>k&1 == 1 {
				hits[val][k]++
			}
		}
	})
	safeCount := 0
	for _, c := range count {
		safeCount += c
	}
	var o outlook
	o.ok = true
	for val, c := range count {
		if c == 0 {
			continue
		}
		pv, q := float64(c)/float64(total), float64(c)/float64(safeCount)
		o.entropy -= q * math.Log2(q)
		safe, safeCell, minP := 0, -1, 1.0
		for k, cell := range closed {
			switch h := hits[val][k]; {
			case cell == i:
			case h == 0:
				safe++
				safeCell = cell
			case h < c:
				minP = min(minP, float64(h)/float64(c))
			}
		}
		o.safe += q * float64(safe)
		switch {
		case safe == 1 && after:
			o.score += pv * bruteOutlookAt(childView(v, i, val), safeCell, false).score
			o.progress += q
		case safe > 0:
			o.score += pv
			o.progress += q
		case minP < 1:
			o.score += pv * (1 - minP)
		default:
			o.score += pv
		}
	}
	return o
}

// smallViews returns want random views of small boards with at most 20
// closed cells, for brute-force checks; a quarter as many with -short.
func smallViews(t *testing.T, seed uint64, want int) []*View {
	t.Helper()
	if testing.Short() {
		want = max(want/4, 1)
	}
	rng := rand.New(rand.NewPCG(seed, seed))
	var views []*View
	for len(views) < want {
		w, h := 3+rng.IntN(3), 3+rng.IntN(3)
		v, _ := randomView(t, rng, w, h, 1+rng.IntN(w*h/3), 1+rng.IntN(3))
		closed := 0
		for _, tl := range v.tiles {
			if tl < 0 {
				closed++
			}
		}
		if closed > 1 && closed <= 20 {
			views = append(views, v)
		}
	}
	return views
}

func TestLookAheadMatchesBruteForce(t *testing.T) {
	withoutRace(t)
	for c, v := range smallViews(t, 11, 150) {
		s, cands := guessesOn(t, v)
		for _, g := range cands {
			i := g.i
			resetLook(&s.ahead)
			got, want := s.ahead.lookAhead(v, i), bruteOutlook(v, i)
			if !got.ok ||
				math.Abs(got.score-want.score) > 1e-9 || math.Abs(got.progress-want.progress) > 1e-9 ||
				math.Abs(got.safe-want.safe) > 1e-9 || math.Abs(got.entropy-want.entropy) > 1e-9 {
				t.Fatalf("case %d: lookAhead(%v) = %+v; want %+v\n%s", c, v.point(i), got, want, viewString(v))
			}
		}
	}
}

// TestSignatureOutlook checks the claim that lets the solver look at one
// cell of each signature: cells with one signature have one outlook, but
// for the chance to survive after a freed cell is opened (see afterSafe),
// which the solver takes from the first cell of a signature for the rest.
func TestSignatureOutlook(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 12))
	s := New(Options{})
	pairs := 0
	for c := 0; c < 60 || pairs < 200; c++ {
		if c > 2000 {
			t.Fatalf("only %d pairs of cells with one signature in %d views", pairs, c)
		}
		v, _ := randomView(t, rng, 8, 8, 8+rng.IntN(10), 1+rng.IntN(4))
		s.an.resetCache()
		if err := s.an.run(v.width, v.height, v.mines, v.tiles); err != nil || !s.an.exact {
			continue
		}
		first := map[string]int{}
		for i, tl := range v.tiles {
			if tl >= 0 || s.an.certain[i] != certNone {
				continue
			}
			key := string(s.ahead.signature(nil, v, i))
			j, ok := first[key]
			if !ok {
				first[key] = i
				continue
			}
			resetLook(&s.ahead)
			a := s.ahead.lookAhead(v, i)
			resetLook(&s.ahead)
			b := s.ahead.lookAhead(v, j)
			pairs++
			if better(a, b) || better(b, a) {
				t.Fatalf("cells %v and %v share a signature but not an outlook: %+v and %+v\n%s",
					v.point(i), v.point(j), a, b, viewString(v))
			}
		}
	}
}

// TestSafestGuess checks safestGuess against brute force: it plays a cell
// least likely to be a mine, and no such cell has a better outlook; and
// the same view always gets the same cell.
func TestSafestGuess(t *testing.T) {
	withoutRace(t)
	for c, v := range smallViews(t, 13, 150) {
		got, cands := safestOn(t, v)
		if cands == nil {
			continue
		}
		if got < 0 {
			t.Fatalf("case %d: safestGuess = -1\n%s", c, viewString(v))
		}
		prob, _ := bruteProbs(v)
		minP := 2.0
		for _, cd := range cands {
			minP = min(minP, prob[cd.i])
		}
		if math.Abs(prob[got]-minP) > 1e-9 {
			t.Errorf("case %d: safestGuess = %v, a mine with chance %v; want the least, %v\n%s",
				c, v.point(got), prob[got], minP, viewString(v))
		}
		best := bruteOutlook(v, got)
		for _, cd := range cands {
			if o := bruteOutlook(v, cd.i); math.Abs(prob[cd.i]-minP) <= 1e-9 && better(o, best) {
				t.Errorf("case %d: safestGuess = %v with %+v; %v is as safe with %+v\n%s",
					c, v.point(got), best, v.point(cd.i), o, viewString(v))
			}
		}
		if again, _ := safestOn(t, v); again != got {
			t.Errorf("case %d: safestGuess = %v, then %v on the same view", c, v.point(got), v.point(again))
		}
	}
}

// safestOn returns safestGuess on v from a new solver, and the candidates
// it chose from, or nil when v has none.
func safestOn(t *testing.T, v *View) (int, []candidate) {
	t.Helper()
	s, cands := guessesOn(t, v)
	if len(cands) == 0 {
		return -1, nil
	}
	got, _ := s.ahead.safestGuess(v, cands, maxClasses, s.seed)
	return got, cands
}

// guessesOn returns a new solver that has analysed v, and v's closed cells
// not certainly safe or mines, least likely to be mines first.
func guessesOn(t *testing.T, v *View) (*Solver, []candidate) {
	t.Helper()
	s := New(Options{})
	if err := s.an.run(v.width, v.height, v.mines, v.tiles); err != nil {
		t.Fatal(err)
	}
	var cands []candidate
	for i, tl := range v.tiles {
		if tl < 0 && s.an.certain[i] == certNone {
			cands = append(cands, candidate{i, s.an.prob[i]})
		}
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(a.p, b.p) })
	return s, cands
}

// better reports whether outlook a beats b: a greater chance to make a cell
// certainly safe, then more cells expected safe, then more entropy, each
// by more than rounding.
func better(a, b outlook) bool {
	for _, f := range [][2]float64{{a.progress, b.progress}, {a.safe, b.safe}, {a.entropy, b.entropy}} {
		if math.Abs(f[0]-f[1]) > 1e-7 {
			return f[0] > f[1]
		}
	}
	return false
}

// TestReseed checks the tie-break between guesses the solver cannot tell
// apart: after a corner 1 on a beginner board, the cells least likely to
// be mines are the outside cells, and the three far corners among them
// look alike. One seed always gives the same move; other seeds spread the
// move over the corners.
func TestReseed(t *testing.T) {
	view := "1########\n" + strings.Repeat("#########\n", 8)
	v := parseView(t, view, 10)
	corners := map[board.Point]bool{{X: 8, Y: 0}: true, {X: 0, Y: 8}: true, {X: 8, Y: 8}: true}
	seen := map[board.Point]bool{}
	for seed := range uint64(24) {
		var got [2]board.Point
		for k := range got {
			s := New(Options{Rule: board.Safe})
			s.Reseed(seed)
			p, err := s.Next(v)
			if err != nil {
				t.Fatal(err)
			}
			got[k] = p
		}
		if got[0] != got[1] {
			t.Fatalf("seed %d: Next = %v, then %v on the same view", seed, got[0], got[1])
		}
		if !corners[got[0]] {
			t.Errorf("seed %d: Next = %v; want a far corner", seed, got[0])
		}
		seen[got[0]] = true
	}
	if len(seen) < 2 {
		t.Errorf("24 seeds all chose %v; want the far corners spread", seen)
	}
}

// bruteDeep returns, by enumerating layouts, the chance to survive opening
// closed cell i of v and the next two guesses, as deepScore defines it:
// the best of the next guesses is taken over the cells nextBest looks at,
// the child's frontier cells and its first outside cell with the fewest
// closed neighbours. It also reports whether no child had more of them than
// nextBest looks at, when the two must agree exactly.
func bruteDeep(t *testing.T, v *View, i int) (score float64, exact bool) {
	t.Helper()
	var count [9]int
	total := 0
	eachLayout(v, func(_ []int, grid []bool, _ uint32) {
		total++
		if !grid[i] {
			count[minesAround(v, grid, i)]++
		}
	})
	exact = true
	for val, c := range count {
		if c == 0 {
			continue
		}
		pv := float64(c) / float64(total)
		child := childView(v, i, val)
		tiles := child.tiles
		prob, _ := bruteProbs(child)
		var cands []int
		safe, safeCell, out, outN := 0, -1, -1, 9
		for j, tl := range tiles {
			if tl >= 0 || prob[j] == 1 {
				continue
			}
			if prob[j] == 0 {
				safe++
				safeCell = j
			}
			closed, open := 0, false
			for k := range board.Neighbours(child.width, child.height, j) {
				if tiles[k] < 0 {
					closed++
				} else {
					open = true
				}
			}
			switch {
			case open:
				cands = append(cands, j)
			case closed < outN:
				out, outN = j, closed
			}
		}
		if out >= 0 {
			cands = append(cands, out)
		}
		switch {
		case safe == 1:
			score += pv * bruteOutlookAt(child, safeCell, false).score
			continue
		case safe > 1 || len(cands) == 0:
			score += pv
			continue
		}
		if len(cands) > deepEvals {
			exact = false
		}
		best := 0.0
		for _, j := range cands {
			best = max(best, bruteOutlook(child, j).score)
		}
		score += pv * best
	}
	return score, exact
}

// childView returns v after closed cell i shows the number val.
func childView(v *View, i, val int) *View {
	tiles := slices.Clone(v.tiles)
	tiles[i] = board.Tile(val)
	return &View{width: v.width, height: v.height, mines: v.mines, tiles: tiles}
}

// TestDeepScoreMatchesBruteForce checks the chance to survive three clicks
// against enumeration: equal when the solver looks at every next guess the
// enumeration does, and otherwise no higher than the enumeration nor than
// the chance to survive two clicks.
func TestDeepScoreMatchesBruteForce(t *testing.T) {
	withoutRace(t)
	exactCases, loose := 0, 0
	for c, v := range smallViews(t, 17, 150) {
		if countClosed(v) > 14 {
			continue // enumerated for every number and next guess: keep it quick
		}
		s, cands := guessesOn(t, v)
		for _, g := range cands {
			i := g.i
			resetLook(&s.ahead)
			s.ahead.deepLooks, s.ahead.deepLimit = 0, maxDeepLooks
			got, ok := s.ahead.deepScore(v, i)
			if !ok {
				t.Fatalf("case %d: deepScore(%v) ran out of budget\n%s", c, v.point(i), viewString(v))
			}
			want, exact := bruteDeep(t, v, i)
			two := bruteOutlook(v, i).score
			switch {
			case exact && math.Abs(got-want) > 1e-9:
				t.Fatalf("case %d: deepScore(%v) = %v; want %v\n%s", c, v.point(i), got, want, viewString(v))
			case got > want+1e-9 || got > two+1e-9:
				t.Fatalf("case %d: deepScore(%v) = %v; want at most %v and the two-click chance %v\n%s",
					c, v.point(i), got, want, two, viewString(v))
			}
			if exact {
				exactCases++
			} else {
				loose++
			}
		}
	}
	t.Logf("%d cells checked exactly, %d by bounds", exactCases, loose)
	want := 100
	if testing.Short() {
		want = 25 // a quarter of the views
	}
	if exactCases < want {
		t.Errorf("only %d cells checked exactly; want at least %d", exactCases, want)
	}
}

// countClosed returns the number of closed cells of v.
func countClosed(v *View) int {
	n := 0
	for _, t := range v.tiles {
		if t < 0 {
			n++
		}
	}
	return n
}

// TestDeepGuess checks the rule between the safest guess and the riskier
// ones: the cell played is the safest guess, or one of the deepWidth best
// by the chance to survive two clicks whose chance to survive three beats
// the safest guess's by more than riskMargin and is the best among them.
func TestDeepGuess(t *testing.T) {
	riskier := 0
	for c, v := range smallViews(t, 19, 300) {
		s, cands := guessesOn(t, v)
		if len(cands) == 0 {
			continue
		}
		s.ahead.longTerm = false // the three clicks alone (ltr3 credits them)
		safest, _ := s.ahead.safestGuess(v, cands, maxClasses, s.seed)
		_, _, scored := s.ahead.survivalGuess(v, cands, maxLookAhead)
		got, ok := s.ahead.deepGuess(v, safest, scored)
		if !ok {
			t.Fatalf("case %d: deepGuess ran out of budget\n%s", c, viewString(v))
		}
		// The deepWidth best by two clicks, scored again from scratch.
		top := slices.Clone(scored)
		slices.SortStableFunc(top, func(a, b scoredGuess) int { return cmp.Compare(b.score, a.score) })
		top = top[:min(deepWidth, len(top))]
		three := func(i int) float64 {
			resetLook(&s.ahead)
			s.ahead.deepLooks, s.ahead.deepLimit = 0, maxDeepLooks
			sc, ok := s.ahead.deepScore(v, i)
			if !ok {
				t.Fatalf("case %d: deepScore(%v) ran out of budget", c, v.point(i))
			}
			return sc
		}
		base, best := three(safest), three(got)
		for _, g := range top {
			if sc := three(g.i); got != safest && sc > best+1e-12 {
				t.Fatalf("case %d: deepGuess = %v, surviving three clicks %v; %v survives them %v\n%s",
					c, v.point(got), best, v.point(g.i), sc, viewString(v))
			}
		}
		switch {
		case got == safest:
			if m := slices.IndexFunc(top, func(g scoredGuess) bool { return three(g.i) > base+riskMargin }); m >= 0 {
				t.Fatalf("case %d: deepGuess = the safest guess %v (%v); %v survives three clicks %v\n%s",
					c, v.point(got), base, v.point(top[m].i), three(top[m].i), viewString(v))
			}
		case !slices.ContainsFunc(top, func(g scoredGuess) bool { return g.i == got }) || best <= base+riskMargin:
			t.Fatalf("case %d: deepGuess = %v (%v), not among the best by two clicks or not beating the safest guess %v (%v)\n%s",
				c, v.point(got), best, v.point(safest), base, viewString(v))
		default:
			riskier++
		}
	}
	t.Logf("a riskier guess in %d of the views", riskier)
	if riskier == 0 {
		t.Error("no view where a riskier guess is played; want some")
	}
}

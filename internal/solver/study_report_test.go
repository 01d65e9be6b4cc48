package solver

import (
	"cmp"
	"fmt"

	"math"
	"slices"
	"strings"
	"testing"
)

// studyGain is a sum over positions of a gain in the chance to win, with
// the variance of its estimate from the rollouts, the positions it
// covers, and its sum by game.
type studyGain struct {
	sum, variance float64
	n             int
	byGame        map[int]float64
}

// add adds one position's estimate and its variance.
func (g *studyGain) add(d, variance float64) {
	g.sum += d
	g.variance += variance
	g.n++
}

// addIn adds the estimate of a position of game game, and keeps its game's
// sum.
func (g *studyGain) addIn(game int, d, variance float64) {
	g.add(d, variance)
	if g.byGame == nil {
		g.byGame = make(map[int]float64)
	}
	g.byGame[game] += d
}

// gamesHalf returns the half width of the 95% interval of the gain a game
// in points with the games as the sample, over games games: it counts how
// the positions a game meets vary, as well as the rollouts.
func (g studyGain) gamesHalf(games int) float64 {
	mean := g.sum / float64(games)
	sq := 0.0
	for x := range games {
		d := g.byGame[x] - mean
		sq += d * d
	}
	return 100 * 1.96 * math.Sqrt(sq/float64(games-1)/float64(games))
}

// perGame returns the gain in points of the win rate over games games,
// with the half width of its 95% interval.
func (g studyGain) perGame(games int) (float64, float64) {
	return 100 * g.sum / float64(games), 100 * 1.96 * math.Sqrt(g.variance) / float64(games)
}

// format returns the gain a game in points and its interval, over games
// games.
func (g studyGain) format(games int) string {
	d, h := g.perGame(games)
	return fmt.Sprintf("%+.3f (95%% CI %+.3f to %+.3f) over %d positions", d, d-h, d+h, g.n)
}

// pairedDiff returns the mean of a's outcomes less b's over the rollouts r
// with r%2 == half (or all of them for half < 0), and its variance.
func pairedDiff(a, b string, half int) (mean, variance float64) {
	n, sum, sq := 0, 0.0, 0.0
	for r := range len(a) {
		if half >= 0 && r%2 != half {
			continue
		}
		d := float64(int(a[r]) - int(b[r]))
		n++
		sum += d
		sq += d * d
	}
	if n < 2 {
		return 0, 0
	}
	mean = sum / float64(n)
	return mean, (sq/float64(n) - mean*mean) / float64(n-1)
}

// winShare returns the share of the rollouts r with r%2 == half won.
func winShare(w string, half int) float64 {
	n, won := 0, 0
	for r := range len(w) {
		if half < 0 || r%2 == half {
			n++
			if w[r] == '1' {
				won++
			}
		}
	}
	return float64(won) / float64(max(n, 1))
}

// bestGain returns what choosing the best candidate of the position would
// have gained over the solver's choice, estimated without the bias of
// choosing on the same rollouts: the best of one half of the rollouts is
// measured on the other half, and the two ways averaged; and the
// variance of that estimate.
func bestGain(sp *studyPosition) (gain, variance float64) {
	for half := range 2 {
		best := 0
		for k, c := range sp.Cands {
			if winShare(c.Wins, half) > winShare(sp.Cands[best].Wins, half)+1e-12 {
				best = k
			}
		}
		d, v := pairedDiff(sp.Cands[best].Wins, sp.Cands[0].Wins, 1-half)
		gain += d / 2
		variance += v / 4
	}
	return gain, variance
}

// studyKind is a kind of position the report breaks the gains down by.
type studyKind struct {
	name string
	is   func(sp *studyPosition) bool
}

// studyKinds are the kinds of position the report looks at.
var studyKinds = []studyKind{
	{"chosen by secondary safety", func(sp *studyPosition) bool { return sp.Rule == bySecondary.String() }},
	{"chosen by three clicks", func(sp *studyPosition) bool { return sp.Rule == byThreeClicks.String() }},
	{"chosen by two clicks", func(sp *studyPosition) bool { return sp.Rule == byTwoClicks.String() }},
	{"chosen as the safest (PSEQ)", func(sp *studyPosition) bool { return sp.Rule == bySafest.String() }},
	{"our guess on the frontier", func(sp *studyPosition) bool { return sp.Cands[0].Frontier }},
	{"our guess off the frontier", func(sp *studyPosition) bool { return !sp.Cands[0].Frontier }},
	{"our guess riskier than the safest cell", func(sp *studyPosition) bool { return sp.Cands[0].P > sp.MinP+1e-9 }},
	{"early: under a third of the safe cells open", func(sp *studyPosition) bool { return 3*sp.Opened < sp.Safe }},
	{"middle", func(sp *studyPosition) bool { return 3*sp.Opened >= sp.Safe && 3*sp.Opened < 2*sp.Safe }},
	{"late: two thirds or more open", func(sp *studyPosition) bool { return 3*sp.Opened >= 2*sp.Safe }},
	{"near the end: under a million layouts", func(sp *studyPosition) bool { return sp.Layouts < math.Log(1e6) }},
	{"a 50/50 at best: every cell at least 45% a mine", func(sp *studyPosition) bool { return sp.MinP >= 0.45 }},
	{"our guess in a pocket", func(sp *studyPosition) bool { return sp.pocket }},
	{"the first guess of a game (at most 4 cells open)", func(sp *studyPosition) bool { return sp.Opened <= 4 }},
	{"a later guess", func(sp *studyPosition) bool { return sp.Opened > 4 }},
	{"the other program off the frontier, ours on it", func(sp *studyPosition) bool {
		k := otherCand(sp)
		return k > 0 && sp.Cands[0].Frontier && !sp.Cands[k].Frontier
	}},
	{"the other program chose as we did", func(sp *studyPosition) bool { return otherCand(sp) == 0 }},
	{"the other program chose another cell", func(sp *studyPosition) bool { return otherCand(sp) > 0 }},
}

// inPocket reports whether the solver's guess in sp lies in a pocket (see
// pocketCell).
func inPocket(sp *studyPosition) bool {
	v, err := sp.view()
	return err == nil && pocketCell(v, sp.Cands[0].X+sp.Cands[0].Y*v.width)
}

// pocketCell reports whether closed cell i of v lies in a pocket: a
// component of the frontier that holds the same number of mines in every
// layout and touches no closed cell but its own and certain mines (see
// endgame.solvePocket).
func pocketCell(v *View, i int) bool {
	s := New(Options{})
	an := &s.an
	if an.run(v.width, v.height, v.mines, v.tiles) != nil || !an.exact {
		return false
	}
	for ci, comp := range an.comps {
		k, ok := fixedCount(comp)
		if comp.exact && ok && s.end.pocket(an, ci, k) && slices.Contains(s.end.cells, int32(i)) {
			return true
		}
	}
	return false
}

// otherCand returns the index of the other program's candidate, or -1.
func otherCand(sp *studyPosition) int {
	return slices.IndexFunc(sp.Cands, func(c studyCand) bool { return strings.Contains(c.From, "other") })
}

// studySources are the sources of candidates that the report measures as
// rules: always that candidate in place of the solver's choice.
var studySources = []struct{ name, from string }{
	{"the safest guess (PSEQ)", "safest"},
	{"the best chance to survive two clicks", "two"},
	{"the cell least likely to be a mine", "least"},
	{"the other program's choice", "other"},
	{"the variant's choice (SOLVER_STUDY_VARIANT)", "variant"},
}

// studyReport logs the study's findings over recs, collected from games
// games.
func studyReport(t *testing.T, recs []*studyPosition, games int) {
	var used []*studyPosition
	skipped, cands, rollouts := 0, 0, 0
	single := 0
	for _, sp := range recs {
		if len(sp.Cands) > 0 {
			sp.pocket = inPocket(sp)
		}
		if sp.Skipped == "one candidate" {
			single++
			continue
		}
		if sp.Skipped != "" || len(sp.Cands) == 0 || sp.Cands[0].Wins == "" {
			skipped++
			continue
		}
		used = append(used, sp)
		cands += len(sp.Cands)
		rollouts = len(sp.Cands[0].Wins)
	}
	if len(used) == 0 {
		t.Fatalf("no position rolled out among %d", len(recs))
	}
	t.Logf("decision study: %d guess positions decided by the look-ahead, from %d expert games (safe first click): %d with one candidate, %d skipped (too many ways to list), %d rolled out, %.1f candidates a position, %d rollouts each, paired on the same layouts",
		len(recs), games, single, skipped, len(used), float64(cands)/float64(len(used)), rollouts)
	t.Logf("gains in points of the win rate per game, over the %d games, each rule applied at these positions alone", games)
	var all studyGain
	for _, sp := range used {
		all.add(bestGain(sp))
	}
	t.Logf("  the best candidate of each position (chosen on half the rollouts, measured on the other): %s", all.format(games))
	for _, src := range studySources {
		var g studyGain
		differ := 0
		for _, sp := range used {
			k := slices.IndexFunc(sp.Cands, func(c studyCand) bool { return slices.Contains(strings.Split(c.From, "+"), src.from) })
			if k < 0 {
				continue
			}
			if k > 0 {
				differ++
			}
			d, v := pairedDiff(sp.Cands[k].Wins, sp.Cands[0].Wins, -1)
			g.addIn(sp.Game, d, v)
		}
		t.Logf("  always %s: differs in %d positions, %s; with the games as the sample ±%.3f", src.name, differ, g.format(games), g.gamesHalf(games))
	}
	t.Logf("by kind of position: positions, and the best candidate's gain (as above); the other program's where it chose (of %d intervals of 95%%, about one in twenty misses by chance)", len(studyKinds))
	for _, kind := range studyKinds {
		var best, other studyGain
		for _, sp := range used {
			if !kind.is(sp) {
				continue
			}
			best.add(bestGain(sp))
			if k := otherCand(sp); k >= 0 {
				other.add(pairedDiff(sp.Cands[k].Wins, sp.Cands[0].Wins, -1))
			}
		}
		if best.n == 0 {
			continue
		}
		line := fmt.Sprintf("  %-48s %4d (%4.1f%%)  best %s", kind.name, best.n, 100*float64(best.n)/float64(len(used)), best.format(games))
		if other.n > 0 {
			d, h := other.perGame(games)
			line += fmt.Sprintf("  other %+.3f ±%.3f", d, h)
		}
		t.Log(line)
	}
	studyTop(t, used)
}

// studyTop logs the positions where the best candidate gained most.
func studyTop(t *testing.T, used []*studyPosition) {
	type ranked struct {
		sp   *studyPosition
		gain float64
	}
	var rs []ranked
	for _, sp := range used {
		g, _ := bestGain(sp)
		rs = append(rs, ranked{sp, g})
	}
	slices.SortStableFunc(rs, func(a, b ranked) int { return cmp.Compare(b.gain, a.gain) })
	t.Logf("the ten positions where another candidate gained most (game, move, rule, open cells; each candidate's cell, mine chance, source, share won with its 95%% interval):")
	for _, r := range rs[:min(10, len(rs))] {
		var b strings.Builder
		for _, c := range r.sp.Cands {
			w := winShare(c.Wins, -1)
			fmt.Fprintf(&b, "  (%d,%d) p=%.3f %s %.3f±%.3f", c.X, c.Y, c.P, c.From, w, 1.96*math.Sqrt(w*(1-w)/float64(len(c.Wins))))
		}
		t.Logf("  game %d move %d, %s, %d open, gain %+.3f:%s", r.sp.Game, r.sp.Move, r.sp.Rule, r.sp.Opened, r.gain, b.String())
	}
}

package solver

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Reason is why a hint's cell is safe, or that it is a guess.
type Reason uint8

// The reasons a hint gives, from the simplest.
const (
	// ByNumber: a number next to the cell already touches all its mines,
	// each of them certain.
	ByNumber Reason = iota
	// ByLayouts: the cell is safe in every layout of mines that fits the
	// numbers of its group of connected cells.
	ByLayouts
	// ByCount: the cell is safe only once the total mine count is taken
	// into account.
	ByCount
	// Guess: no cell is certainly safe; the cell is the least likely to
	// hold a mine.
	Guess
)

// String returns the reason's name.
func (r Reason) String() string {
	switch r {
	case ByNumber:
		return "number"
	case ByLayouts:
		return "layouts"
	case ByCount:
		return "count"
	case Guess:
		return "guess"
	}
	return fmt.Sprintf("Reason(%d)", uint8(r))
}

// Hint is the solver's advice on a view: a cell to open, and why. String
// says it in one line.
type Hint struct {
	Cell   board.Point
	Reason Reason
	Mine   float64 // the chance that Cell holds a mine: 0 unless a Guess

	// ByNumber and ByLayouts: the open number next to Cell that shows it,
	// and the number it shows.
	Number board.Point
	Shows  int
	// ByNumber: the certain mines around Number, as many as it shows.
	Mines []board.Point
	// ByLayouts: how many layouts of mines fit the numbers of Cell's group,
	// with no more mines than the board holds.
	Layouts float64
	// ByCount: the mines that are not yet certain, all of which the
	// numbers need elsewhere.
	Left int
}

// Safe reports whether the hint's cell is certainly safe.
func (h Hint) Safe() bool { return h.Reason != Guess }

// String explains the hint in one line, as "safe: the 1 at (4,7) already
// touches the mine at (5,8)" or "no safe cell: the best guess is (9,2),
// 18% mine", its cells as a player reads them (board.Point.Shown).
func (h Hint) String() string {
	switch h.Reason {
	case ByNumber:
		var b strings.Builder
		fmt.Fprintf(&b, "safe: the %d at %s already touches ", h.Shows, h.Number.Shown())
		if len(h.Mines) == 1 {
			fmt.Fprintf(&b, "the mine at %s", h.Mines[0].Shown())
		} else {
			fmt.Fprintf(&b, "its %d mines at ", len(h.Mines))
			for i, m := range h.Mines {
				switch {
				case i == len(h.Mines)-1:
					b.WriteString(" and ")
				case i > 0:
					b.WriteString(", ")
				}
				b.WriteString(m.Shown())
			}
		}
		return b.String()
	case ByLayouts:
		if h.Layouts == 1 {
			return fmt.Sprintf("safe: the one layout of mines that fits the numbers around the %d at %s leaves it empty", h.Shows, h.Number.Shown())
		}
		if h.Layouts >= 1e6 {
			return fmt.Sprintf("safe in every layout of mines (%s) that fits the numbers around the %d at %s", countText(h.Layouts), h.Shows, h.Number.Shown())
		}
		return fmt.Sprintf("safe in all %s layouts of mines that fit the numbers around the %d at %s", countText(h.Layouts), h.Shows, h.Number.Shown())
	case ByCount:
		if h.Left == 0 {
			return "safe: every mine is already certain"
		}
		return fmt.Sprintf("safe: only %s left, and the numbers need %s elsewhere", plural(h.Left, "mine is", "mines are"), allOf(h.Left))
	}
	return fmt.Sprintf("no safe cell: the best guess is %s, %s mine", h.Cell.Shown(), Percent(h.Mine))
}

// countText writes a count of layouts: exactly below a million, then in
// millions, then as more than a billion.
func countText(n float64) string {
	switch {
	case n < 1e6:
		return fmt.Sprintf("%.0f", n)
	case n < 1e9:
		return fmt.Sprintf("about %.0f million", n/1e6)
	}
	return "more than a billion"
}

// plural returns "1 mine is" or "3 mines are".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// allOf returns "it" for one and "all 3" for more.
func allOf(n int) string {
	if n == 1 {
		return "it"
	}
	return fmt.Sprintf("all %d", n)
}

// Percent writes a chance as a whole percentage, never 0% or 100% for a
// chance strictly between: "18%", "<1%", ">99%".
func Percent(p float64) string {
	pc := math.Round(100 * p)
	switch {
	case p > 0 && pc == 0:
		return "<1%"
	case p < 1 && pc == 100:
		return ">99%"
	}
	return fmt.Sprintf("%.0f%%", pc)
}

// Hint returns a certainly safe cell of v, the one with the simplest
// reason and, among those, the nearest to near; with none, the cell least
// likely to be a mine, nearest to near among equals. It returns the
// analysis it rests on too, whose Mines a game can flag. It returns
// ErrInconsistent when no layout fits the view, ErrNoMove when no cell is
// closed, and ctx's error when ctx is done first (see AnalyzeContext).
func (s *Solver) Hint(ctx context.Context, v *View, near board.Point) (Hint, *Analysis, error) {
	a, err := s.AnalyzeContext(ctx, v)
	if err != nil {
		return Hint{}, nil, err
	}
	an := &s.an
	an.placeBoxes()
	best, bestDist := Hint{Reason: Guess + 1}, 0
	found := false
	for i, t := range v.tiles {
		if t >= 0 {
			continue
		}
		found = true
		p := v.point(i)
		d := max(abs(p.X-near.X), abs(p.Y-near.Y))
		var h Hint
		if an.certain[i] == certSafe {
			h = s.explain(v, i)
		} else {
			h = Hint{Cell: p, Reason: Guess, Mine: an.prob[i]}
		}
		if betterHint(h, d, best, bestDist) {
			best, bestDist = h, d
		}
	}
	if !found {
		return Hint{}, a, ErrNoMove
	}
	return best, a, nil
}

// betterHint reports whether hint h at distance d beats hint b at distance bd:
// a simpler reason, then for guesses a smaller chance of a mine, then a
// nearer cell.
func betterHint(h Hint, d int, b Hint, bd int) bool {
	if h.Reason != b.Reason {
		return h.Reason < b.Reason
	}
	if h.Reason == Guess && h.Mine != b.Mine {
		return h.Mine < b.Mine
	}
	return d < bd
}

func abs(x int) int { return max(x, -x) }

// explain returns the simplest reason why the closed cell i, which the
// last analysis found certainly safe, is safe.
func (s *Solver) explain(v *View, i int) Hint {
	an := &s.an
	h := Hint{Cell: v.point(i), Reason: ByCount}
	// A number next to i whose certain mines are as many as it shows.
	for q := range board.Neighbours(v.width, v.height, i) {
		shows := int(v.tiles[q])
		if shows <= 0 {
			continue
		}
		var mines []board.Point
		for j := range board.Neighbours(v.width, v.height, q) {
			if v.tiles[j] < 0 && an.certain[j] == certMine {
				mines = append(mines, v.point(j))
			}
		}
		if len(mines) == shows {
			return Hint{Cell: h.Cell, Reason: ByNumber, Number: v.point(q), Shows: shows, Mines: mines}
		}
	}
	// Safe in every solution of its group, whatever its mine count.
	if ci, b, ok := an.boxPlace(i); ok {
		c := an.comps[ci]
		if c.exact && !c.canMine(b, len(an.compList[ci])) {
			h.Reason, h.Layouts = ByLayouts, c.layouts()
			for q := range board.Neighbours(v.width, v.height, i) {
				if v.tiles[q] > 0 {
					h.Number, h.Shows = v.point(q), int(v.tiles[q])
					break
				}
			}
			return h
		}
	}
	// The count: the mines not certain are all needed by the numbers.
	h.Left = v.mines
	for j, t := range v.tiles {
		if t < 0 && an.certain[j] == certMine {
			h.Left--
		}
	}
	return h
}

// placeBoxes records, for each box of the last analysis, its component
// and its place in it, for boxPlace.
func (an *analyzer) placeBoxes() {
	an.boxComp = resize(an.boxComp, len(an.boxes))
	an.boxIndex = resize(an.boxIndex, len(an.boxes))
	for i := range an.boxComp {
		an.boxComp[i] = -1
	}
	for ci, boxes := range an.compList[:len(an.comps)] {
		for b, id := range boxes {
			an.boxComp[id], an.boxIndex[id] = int32(ci), int32(b)
		}
	}
}

// boxPlace returns the component of the frontier cell i and its box's
// place in the component, or false for a cell next to no number; see
// placeBoxes.
func (an *analyzer) boxPlace(i int) (ci, b int, ok bool) {
	id := an.boxOf[i]
	if id < 0 || an.boxComp[id] < 0 {
		return 0, 0, false
	}
	return int(an.boxComp[id]), int(an.boxIndex[id]), true
}

// canMine reports whether box b of the exact component c, of nb boxes,
// holds a mine in some solution, whatever the component's mine count.
func (c *component) canMine(b, nb int) bool {
	for k, w := range c.w {
		if w > 0 && c.hi[int(c.row[k])*nb+b] > 0 {
			return true
		}
	}
	return false
}

// layouts returns the number of solutions of the exact component c.
func (c *component) layouts() float64 {
	sum := 0.0
	for _, w := range c.w {
		sum += w
	}
	return math.Round(sum * math.Exp(c.logScale))
}

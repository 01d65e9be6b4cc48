package game

import (
	"fmt"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// Opening is one cell the player opened, as the solver saw the board just
// before: whether it was a guess the game forced, and with what chance.
type Opening struct {
	At      board.Point
	Pending bool // its analysis has not come back yet
	// Failed reports that the opening is not counted: its analysis failed
	// (a view no layout fits cannot happen in play), or had not come back
	// when the game was kept, or the game was kept before its audit was
	// (see Kept.Guesses).
	Failed bool
	Mine   float64     // the chance that the cell held a mine
	Safe   bool        // some closed cell was certainly safe
	SafeAt board.Point // the certainly safe cell nearest the opened one, when Safe
	Sure   bool        // the opened cell itself was certainly safe
}

// Guess reports whether the opening was a guess the game forced: no cell
// was certainly safe.
func (o Opening) Guess() bool { return !o.Pending && !o.Failed && !o.Safe }

// WillOpen notes, for the guess audit, that the player is about to open
// the closed cell p, and returns the index of that opening and whether the
// solver is to judge it (see Judge) on the board as it stands now. The
// first opening of a game is the first-click rule's, not the player's,
// and is not judged: under the unsafe rule it is a guess with the chance
// of a mine the board's density gives it; under the others it is safe.
// Nothing is noted of a cell that is not closed or a game that is over.
func (g *Game) WillOpen(p board.Point) (int, bool) {
	b := g.b
	if b.Status() != board.Playing || !b.In(p) {
		return -1, false
	}
	if t := b.Tile(p); t != board.TileClosed && t != board.TileQuestion {
		return -1, false
	}
	if b.SafeLeft() == b.Width()*b.Height()-b.Mines() && !g.reopen {
		if g.kind.Rule == board.Unsafe && !b.Started() {
			g.opens = append(g.opens, Opening{At: p, Mine: float64(b.Mines()) / float64(b.Width()*b.Height())})
		}
		return -1, false
	}
	g.opens = append(g.opens, Opening{At: p, Pending: true})
	return len(g.opens) - 1, true
}

// Judge fills the opening of index i, as WillOpen returned it, from the
// solver's analysis of the board just before it; a nil analysis means the
// analysis failed. An index the game no longer has (the opening was taken
// back, or the game is another) is ignored.
func (g *Game) Judge(i int, at board.Point, an *solver.Analysis) {
	if i < 0 || i >= len(g.opens) || !g.opens[i].Pending || g.opens[i].At != at {
		return
	}
	o := &g.opens[i]
	o.Pending = false
	if an == nil {
		o.Failed = true
		return
	}
	o.Mine = an.Prob(o.At)
	o.Sure, _ = an.Certain(o.At)
	best := -1
	for _, p := range an.Safe() {
		if d := max(abs(p.X-o.At.X), abs(p.Y-o.At.Y)); best < 0 || d < best {
			o.SafeAt, best = p, d
		}
	}
	o.Safe = best >= 0
}

func abs(x int) int { return max(x, -x) }

// Openings returns how many openings the audit holds.
func (g *Game) Openings() int { return len(g.opens) }

// Fatal returns the opening that lost the game, if the audit holds it.
func (g *Game) Fatal() (Opening, bool) {
	hit, ok := g.b.Hit()
	if !ok || len(g.opens) == 0 || g.opens[len(g.opens)-1].At != hit {
		return Opening{}, false
	}
	return g.opens[len(g.opens)-1], true
}

// Verdict sums up the guesses a finished game forced.
type Verdict struct {
	Over    bool      // the game is over; the verdict is empty while it goes on
	Guesses []float64 // the chance of a mine in each guess the game forced, in order
	Pending int       // openings whose analysis has not come back
	// Uncounted is the number of openings not counted: their analysis
	// failed, or never came back to this game (see Opening.Failed).
	Uncounted int
	// Fatal is the opening that lost the game, when the audit judged it.
	Fatal    Opening
	HasFatal bool
}

// Verdict returns the verdict of the game as it stands.
func (g *Game) Verdict() Verdict {
	if g.b.Status() == board.Playing {
		return Verdict{}
	}
	v := Verdict{Over: true}
	for _, o := range g.opens {
		switch {
		case o.Pending:
			v.Pending++
		case o.Failed:
			v.Uncounted++
		case o.Guess():
			v.Guesses = append(v.Guesses, o.Mine)
		}
	}
	if g.b.Status() == board.Lost {
		if o, ok := g.Fatal(); ok && !o.Pending && !o.Failed {
			v.Fatal, v.HasFatal = o, true
		}
	}
	return v
}

// String words the verdict: the guesses forced, each with the chance the
// player survived it, and after a loss whether the fatal cell was a forced
// guess: "2 guesses: 50%, 67%; lost on a forced guess, a 33% chance of a
// mine", with the openings still being counted or not counted after the
// guesses: "1 guess: 50% (1 opening still being counted, 2 not counted)".
// It is empty while the game goes on.
func (v Verdict) String() string { return strings.Join(v.Clauses(), "; ") }

// Clauses returns the verdict's clauses, which String joins with "; ":
// the guesses forced, then after a loss what the fatal cell was. A screen
// too narrow for them all shows the first ones whole. There are none while
// the game goes on.
func (v Verdict) Clauses() []string {
	if !v.Over {
		return nil
	}
	var b strings.Builder
	switch len(v.Guesses) {
	case 0:
		b.WriteString("no guess forced")
	case 1:
		fmt.Fprintf(&b, "1 guess: %s", survival(v.Guesses[0]))
	default:
		s := make([]string, len(v.Guesses))
		for i, p := range v.Guesses {
			s[i] = survival(p)
		}
		fmt.Fprintf(&b, "%d guesses: %s", len(v.Guesses), strings.Join(s, ", "))
	}
	var notes []string
	if v.Pending > 0 {
		notes = append(notes, openings(v.Pending)+" still being counted")
	}
	switch {
	case v.Uncounted > 0 && len(notes) > 0:
		notes = append(notes, fmt.Sprintf("%d not counted", v.Uncounted))
	case v.Uncounted > 0:
		notes = append(notes, openings(v.Uncounted)+" not counted")
	}
	if len(notes) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(notes, ", "))
	}
	clauses := []string{b.String()}
	if v.HasFatal {
		if o := v.Fatal; o.Safe {
			clauses = append(clauses, fmt.Sprintf("lost on a %s mine", solver.Percent(o.Mine)), fmt.Sprintf("%s was safe: w shows it", o.SafeAt.Shown()))
		} else {
			clauses = append(clauses, fmt.Sprintf("lost on a forced guess, a %s chance of a mine", solver.Percent(o.Mine)))
		}
	}
	return clauses
}

// openings writes n openings: "1 opening", "2 openings".
func openings(n int) string {
	if n == 1 {
		return "1 opening"
	}
	return fmt.Sprintf("%d openings", n)
}

// survival writes the chance of surviving a guess with chance p of a mine.
func survival(p float64) string { return solver.Percent(1 - p) }

// Opening returns the opening of index i of the audit.
func (g *Game) Opening(i int) Opening { return g.opens[i] }

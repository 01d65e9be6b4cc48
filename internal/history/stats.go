package history

import (
	"cmp"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
)

// How many best times and recent speeds Summarize keeps per kind of board.
const (
	BestTimes    = 10
	RecentSpeeds = 20
)

// Stats sums up the games played on one kind of board.
//
// A game counts as clean when it was won with neither help nor a move taken
// back. Every game counts in Played, Won and the streaks; only clean games
// enter the best times and the speeds, which would mean little otherwise.
type Stats struct {
	// Kind is the kind of board, Game.Kind; JSON has its text form.
	Kind board.Settings `json:"kind"`
	// Known reports whether these are the games on boards the player could
	// know (Game.IsKnown), counted apart: they have no best times or
	// speeds, and the statistics of the others do not count them.
	Known bool `json:"known,omitempty"`
	// Level is the level named by the latest game that names one, if any
	// does; "custom" is not a level.
	Level string `json:"level,omitempty"`

	Played        int     `json:"played"`
	Won           int     `json:"won"`
	WinRate       float64 `json:"win_rate"`       // Won / Played, from 0 to 1
	CurrentStreak int     `json:"current_streak"` // wins since the last loss
	BestStreak    int     `json:"best_streak"`    // the most wins in a row
	// LosingStreak is the most losses in a row, as Windows Minesweeper's
	// statistics give it.
	LosingStreak int `json:"losing_streak"`

	// CleanWins counts the clean wins, and AverageMS is their average
	// time in milliseconds, rounded (0 when there is none): the average
	// time of a win that Windows Minesweeper's statistics give, of the
	// wins that enter the best times.
	CleanWins int   `json:"clean_wins"`
	AverageMS int64 `json:"average_ms"`

	// Best holds the BestTimes fastest clean wins, fastest first; of two
	// equal times the earlier game comes first.
	Best []Best `json:"best"`
	// Best3BVs is the best speed of the clean wins, in 3BV per second; 0
	// when there is none.
	Best3BVs float64 `json:"best_3bvs"`
	// Recent3BVs holds the speeds of the last RecentSpeeds clean wins,
	// oldest first: what Sparkline draws.
	Recent3BVs []float64 `json:"recent_3bvs"`

	// The bests of the clean wins by the speedrunners' numbers (see
	// game.Numbers), each 0 when no clean win has it: the highest IOS,
	// the lowest RQP, the highest IOE (3BV per click) and the highest
	// ZNE (ZiNi per click). Correctness and throughput have none: the
	// log keeps no click that changed nothing, so nearly every game's
	// correctness is 100% and its throughput its IOE.
	BestIOS float64 `json:"best_ios"`
	BestRQP float64 `json:"best_rqp"`
	BestIOE float64 `json:"best_ioe"`
	BestZNE float64 `json:"best_zne"`

	// NF holds the bests of the clean wins in the NF style, won with no
	// flag placed (Game.NF), which speedrunners rank apart; nil when there
	// is none.
	NF *Bests `json:"nf,omitempty"`

	// Others, when not 0, makes these the statistics of that many kinds
	// of board folded into one (see Fold): their games played and won,
	// summed; such a row has no kind, streaks or bests.
	Others int `json:"other_kinds,omitempty"`
}

// DefaultShown is how many kinds of board minesweeper stats shows, the
// most played, before it folds the rest into one row (see Fold).
const DefaultShown = 20

// Fold returns stats, in the order Summarize gives them, with the kinds
// after the first n folded into one last row (Others): how many they are
// and their games played and won, so that a table of any number of kinds
// has at most n+1 rows. It returns stats when n is 0 or no kind is left
// over. stats is not changed.
func Fold(stats []Stats, n int) []Stats {
	if n <= 0 || len(stats) <= n {
		return stats
	}
	played, won := 0, 0
	for _, s := range stats[n:] {
		played += s.Played
		won += s.Won
	}
	return append(slices.Clip(stats[:n]), Folded(len(stats)-n, played, won))
}

// Folded returns the row of others kinds of board folded into one, their
// games played and won summed, as Fold makes it.
func Folded(others, played, won int) Stats {
	s := Stats{Others: others, Played: played, Won: won, Best: []Best{}, Recent3BVs: []float64{}}
	if played > 0 {
		s.WinRate = float64(won) / float64(played)
	}
	return s
}

// MarshalJSON writes s as encoding/json does, but a row of kinds folded
// into one (Others) as what it holds alone: other_kinds, played, won and
// win_rate.
func (s Stats) MarshalJSON() ([]byte, error) {
	if s.Others == 0 {
		type plain Stats // without this method
		return json.Marshal(plain(s))
	}
	return json.Marshal(struct {
		Others  int     `json:"other_kinds"`
		Played  int     `json:"played"`
		Won     int     `json:"won"`
		WinRate float64 `json:"win_rate"`
	}{s.Others, s.Played, s.Won, s.WinRate})
}

// Bests are the bests of a style's clean wins on a kind of board (see
// Stats, whose fields of the same names they are for all its clean
// wins): its BestTimes best times, its best speed and the bests of the
// speedrunners' numbers, each 0 when no win has it.
type Bests struct {
	Best     []Best  `json:"best"`
	Best3BVs float64 `json:"best_3bvs"`
	BestIOS  float64 `json:"best_ios"`
	BestRQP  float64 `json:"best_rqp"`
	BestIOE  float64 `json:"best_ioe"`
	BestZNE  float64 `json:"best_zne"`
}

// add counts the clean win g in b (Best is sorted and cut later).
func (b *Bests) add(g *Game) {
	b.Best = append(b.Best, Best{Date: g.Date, TimeMS: g.TimeMS})
	if speed, ok := g.Speed(); ok {
		b.Best3BVs = max(b.Best3BVs, speed)
	}
	n := g.Numbers()
	b.BestIOS = max(b.BestIOS, n.IOS())
	if v := n.RQP(); v > 0 && (b.BestRQP == 0 || v < b.BestRQP) {
		b.BestRQP = v
	}
	b.BestIOE = max(b.BestIOE, n.Efficiency())
	b.BestZNE = max(b.BestZNE, n.ZiNiEfficiency())
}

// SetBests sets the bests of s, those of all its clean wins, to b's,
// its best times put in order and cut as sortBest does.
func (s *Stats) SetBests(b Bests) {
	s.Best, s.Best3BVs, s.BestIOS, s.BestRQP, s.BestIOE, s.BestZNE = sortBest(b.Best), b.Best3BVs, b.BestIOS, b.BestRQP, b.BestIOE, b.BestZNE
}

// sortBest puts best in order, fastest first, of equal times the earlier
// (best is in date order: a stable sort by time breaks ties by date), and
// keeps the first BestTimes.
func sortBest(best []Best) []Best {
	slices.SortStableFunc(best, func(a, b Best) int { return cmp.Compare(a.TimeMS, b.TimeMS) })
	return slices.Clip(best[:min(len(best), BestTimes)])
}

// ClampMS returns a game's time held within 0 and MaxTimeMS, as the sum
// of the clean wins' times (for their average) counts it: no sum of a
// few million games overflows.
func ClampMS(ms int64) int64 { return min(max(ms, 0), MaxTimeMS) }

// Average returns the average of times summing to sum over n games,
// rounded half up, or 0 for none.
func Average(sum int64, n int) int64 {
	if n <= 0 {
		return 0
	}
	return (sum + int64(n)/2) / int64(n)
}

// Best is one of the best times on a kind of board.
type Best struct {
	Date   time.Time `json:"date"`
	TimeMS int64     `json:"time_ms"`
}

// Summarize returns the statistics of games, one Stats per kind of board.
// The kinds played most come first, so that the board a player plays heads
// the table; of two kinds played as often, the one first played earlier
// comes first. Games are taken in date order whatever their order in the
// slice (games with equal dates keep it), and the slice is not changed.
//
// A game's speed, ThreeBV / (TimeMS / 1000), is only known when TimeMS is
// positive: a clean win with no time enters the best times but not the
// speeds.
func Summarize(games []Game) []Stats {
	byDate := make([]*Game, len(games))
	for i := range games {
		byDate[i] = &games[i]
	}
	slices.SortStableFunc(byDate, func(a, b *Game) int { return a.Date.Compare(b.Date) })

	type key struct {
		kind  board.Settings
		known bool
	}
	var stats []*Stats
	index := make(map[key]int)  // kind to its place in stats
	run := make(map[key]int)    // kind to its streak so far
	losses := make(map[key]int) // kind to its losses in a row so far
	sums := make(map[key]int64) // kind to the sum of its clean wins' times
	bests := make(map[key]*Bests)
	for _, g := range byDate {
		kind := key{g.Kind(), g.IsKnown()}
		i, ok := index[kind]
		if !ok {
			i = len(stats)
			index[kind] = i
			stats = append(stats, &Stats{Kind: kind.kind, Known: kind.known, Best: []Best{}, Recent3BVs: []float64{}})
		}
		s := stats[i]
		s.Played++
		if g.Level != "" && g.Level != "custom" {
			s.Level = g.Level
		}
		if !g.Won() {
			run[kind] = 0
			losses[kind]++
			s.LosingStreak = max(s.LosingStreak, losses[kind])
			continue
		}
		s.Won++
		run[kind]++
		losses[kind] = 0
		s.BestStreak = max(s.BestStreak, run[kind])
		if g.Assisted || g.Undone || kind.known {
			continue
		}
		s.CleanWins++
		sums[kind] += ClampMS(g.TimeMS)
		if bests[kind] == nil {
			bests[kind] = &Bests{}
		}
		bests[kind].add(g)
		if speed, ok := g.Speed(); ok {
			s.Recent3BVs = append(s.Recent3BVs, speed)
		}
		if g.NF {
			if s.NF == nil {
				s.NF = &Bests{}
			}
			s.NF.add(g)
		}
	}

	out := make([]Stats, len(stats))
	for i, s := range stats {
		k := key{s.Kind, s.Known}
		s.WinRate = float64(s.Won) / float64(s.Played)
		s.CurrentStreak = run[k]
		s.AverageMS = Average(sums[k], s.CleanWins)
		if b := bests[k]; b != nil {
			s.SetBests(*b)
		}
		if s.NF != nil {
			s.NF.Best = sortBest(s.NF.Best)
		}
		s.Recent3BVs = slices.Clone(s.Recent3BVs[max(0, len(s.Recent3BVs)-RecentSpeeds):])
		out[i] = *s
	}
	// Kinds were added in order of first appearance: a stable sort by games
	// played keeps that order among equals; known boards come after the
	// others.
	slices.SortStableFunc(out, func(a, b Stats) int {
		if a.Known != b.Known {
			if a.Known {
				return 1
			}
			return -1
		}
		return cmp.Compare(b.Played, a.Played)
	})
	return out
}

// Speed returns the game's speed in 3BV per second, and whether it is
// known: the game must have taken some time.
func (g *Game) Speed() (float64, bool) {
	if g.TimeMS <= 0 {
		return 0, false
	}
	n := g.Numbers()
	n.Won = true // the speed of its 3BV, as a win would have it
	return n.Speed(), true
}

// Numbers returns the game's numbers, as the screen and the line printed
// at its end give them: one reckoning of 3BV/s and efficiency for all.
// A game kept before its end has no 3BV; the speed is that of a win.
func (g *Game) Numbers() game.Numbers {
	return game.Numbers{Time: msDuration(g.TimeMS), ThreeBV: g.ThreeBV, Clicks: g.Clicks, Won: g.Won(), Figures: g.Figures()}
}

// Figures returns the game's figures as its record keeps them.
func (g *Game) Figures() game.Figures {
	return game.Figures{
		Opens: g.Opens, Chords: g.Chords, Flags: g.Flags, Wasted: g.Wasted, Solver: g.Solver,
		Openings: g.Openings, Islands: g.Islands, Solved: g.Solved, ZiNi: g.ZiNi,
	}
}

// SetFigures keeps f in the game's record.
func (g *Game) SetFigures(f game.Figures) {
	g.Opens, g.Chords, g.Flags, g.Wasted, g.Solver = f.Opens, f.Chords, f.Flags, f.Wasted, f.Solver
	g.Openings, g.Islands, g.Solved, g.ZiNi = f.Openings, f.Islands, f.Solved, f.ZiNi
}

// msDuration returns ms milliseconds as a time.Duration, or the longest
// Duration of its sign for a time beyond one (292 years): a game's time is
// read from a file, and the product would overflow.
func msDuration(ms int64) time.Duration {
	const most = math.MaxInt64 / int64(time.Millisecond)
	switch {
	case ms > most:
		return math.MaxInt64
	case ms < -most:
		return math.MinInt64
	}
	return time.Duration(ms) * time.Millisecond
}

// Sparkline characters, lowest first.
const (
	sparkBlocks = "▁▂▃▄▅▆▇█"
	sparkASCII  = " .:-=+*#%@"
)

// Sparkline draws values as a line of block characters, one per value,
// from ▁ for the smallest value to █ for the largest. Equal values, and a
// single value, are drawn at mid height; values that are not finite at the
// lowest. It returns "" for no values.
func Sparkline(values []float64) string { return sparkline(values, []rune(sparkBlocks)) }

// SparklineASCII draws values as Sparkline does with the ASCII characters
// " .:-=+*#%@" for terminals without the block characters; the smallest
// value is a space.
func SparklineASCII(values []float64) string { return sparkline(values, []rune(sparkASCII)) }

// sparkline draws values with levels, lowest first.
func sparkline(values []float64, levels []rune) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range values {
		if !math.IsInf(v, 0) && !math.IsNaN(v) {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	top := len(levels) - 1
	var b strings.Builder
	for _, v := range values {
		var k int
		switch {
		case math.IsInf(v, 0) || math.IsNaN(v):
			k = 0
		case hi == lo:
			k = top / 2
		default:
			k = int(math.Round((v - lo) / (hi - lo) * float64(top)))
		}
		b.WriteRune(levels[k])
	}
	return b.String()
}

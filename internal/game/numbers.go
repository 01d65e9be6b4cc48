package game

import (
	"math"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Numbers are what speedrunners read of a game, as minesweepergame.com's
// statistics page defines them: its time, its 3BV (the fewest clicks
// that clear the board), the player's clicks, and its Figures. The
// screen, the line printed at the end and the statistics all read them
// here.
//
// Each ratio is 0 when it is not known: the speeds and efficiencies are
// of a won game (a lost game did not clear its 3BV), the estimated time
// of a lost one.
type Numbers struct {
	Time    time.Duration
	ThreeBV int // 0 while the game goes on
	Clicks  int
	Won     bool
	Figures
}

// Figures are the numbers of a game beyond its time, 3BV and clicks: the
// clicks by kind, and what the board is made of (see board.Census and
// board.ZiNi).
//
// The clicks are the moves of the log on the board: the player's O opens,
// C chords and F marks, and the moves the solver made for the player (M
// flags, A opens), counted as it made them, one click a move, so that an
// auto-played game's numbers are those of the clicks that cleared its
// board; the events of help (H, P) are no clicks, and mark the game
// assisted. A move that changes nothing
// (opening an open or flagged cell, a chord whose flags do not match its
// number or with nothing to open) is refused and never logged, and a move
// taken back leaves the log: such clicks are not counted at all. So every
// open and every chord changed the board, and the wasted clicks are
// marks: every F but those that placed a flag still standing at the end,
// that is each flag taken off again (both its clicks), each question mark
// and each click that took one off.
type Figures struct {
	Opens  int // the player's openings (O)
	Chords int // the player's chords (C)
	Flags  int // the player's marks (F): flags placed and taken off, question marks
	Wasted int // of the Flags, those that leave no flag standing
	Solver int // the solver's moves for the player (M, A)

	// What the board is made of, once the game is over, on a board of up
	// to LayoutCells cells; 0 on a larger one.
	Openings int // regions of zeros with their borders
	Islands  int // groups of numbers that border no opening
	Solved   int // the 3BV cleared: all of it in a won game
	ZiNi     int // the clicks the greedy ZiNi clears the board in with flags and chords
}

// Counted reports whether what the board is made of was counted: not on
// a board over LayoutCells, nor in a record kept before the figures were.
// Every board with a safe cell takes a click at least, so a ZiNi of 0
// tells it.
func (f Figures) Counted() bool { return f.ZiNi > 0 }

// Speed returns the 3BV per second, or 0 when it is not known: a game
// not won, no 3BV, no time on the clock.
func (n Numbers) Speed() float64 {
	if !n.Won || n.ThreeBV <= 0 || n.Time <= 0 {
		return 0
	}
	return float64(n.ThreeBV) / n.Time.Seconds()
}

// Efficiency returns the IOE (index of efficiency) of a won game: its 3BV
// per click, as a fraction (1 is 100%; chords can take it above), or 0
// when it is not known.
func (n Numbers) Efficiency() float64 {
	if !n.Won || n.ThreeBV <= 0 || n.Clicks <= 0 {
		return 0
	}
	return float64(n.ThreeBV) / float64(n.Clicks)
}

// IOS returns the index of speed of a won game, log(3BV) / log(time in
// seconds): higher is better. It is 0 when not known, and for a time of a
// second or less, whose logarithm is 0 or below.
func (n Numbers) IOS() float64 {
	if !n.Won || n.ThreeBV <= 0 || n.Time <= time.Second {
		return 0
	}
	return math.Log(float64(n.ThreeBV)) / math.Log(n.Time.Seconds())
}

// RQP returns the RQP (rapport qualité prix) of a won game, its time over
// its speed, time² / 3BV in seconds: lower is better. It is 0 when not
// known.
func (n Numbers) RQP() float64 {
	if !n.Won || n.ThreeBV <= 0 || n.Time <= 0 {
		return 0
	}
	s := n.Time.Seconds()
	return s * s / float64(n.ThreeBV)
}

// Split reports whether the clicks are known by kind: a game kept before
// they were counted has only their sum.
func (n Numbers) Split() bool {
	return int64(n.Opens)+int64(n.Chords)+int64(n.Flags)+int64(n.Solver) == int64(n.Clicks)
}

// Effective returns the clicks that were not wasted, or 0 when they are
// not known.
func (n Numbers) Effective() int {
	if !n.Split() {
		return 0
	}
	return n.Clicks - n.Wasted
}

// Correctness returns the effective clicks over all the clicks, won or
// lost, as a fraction, or 0 when it is not known.
func (n Numbers) Correctness() float64 {
	if n.Clicks <= 0 || !n.Split() {
		return 0
	}
	return float64(n.Effective()) / float64(n.Clicks)
}

// Throughput returns the 3BV of a won game over its effective clicks, or
// 0 when it is not known. IOE is Correctness times Throughput.
func (n Numbers) Throughput() float64 {
	e := n.Effective()
	if !n.Won || n.ThreeBV <= 0 || e <= 0 {
		return 0
	}
	return float64(n.ThreeBV) / float64(e)
}

// ZiNiEfficiency returns the ZiNi of a won game over its clicks (the
// community's ZNE), as a fraction: 1 is as few clicks as the greedy
// ZiNi's. It is 0 when not known.
func (n Numbers) ZiNiEfficiency() float64 {
	if !n.Won || n.ZiNi <= 0 || n.Clicks <= 0 {
		return 0
	}
	return float64(n.ZiNi) / float64(n.Clicks)
}

// EstimatedTime returns the time a lost game would have taken to clear
// its 3BV at the pace it cleared what it solved, time × 3BV / 3BV solved,
// or 0 when it is not known: a game won or going on, nothing solved, the
// board not counted. It is at most the longest time.Duration.
func (n Numbers) EstimatedTime() time.Duration {
	if n.Won || n.ThreeBV <= 0 || n.Solved <= 0 || n.Time <= 0 || !n.Counted() {
		return 0
	}
	t := float64(n.Time) * float64(n.ThreeBV) / float64(n.Solved)
	if t >= math.MaxInt64 {
		return math.MaxInt64
	}
	return time.Duration(t)
}

// clickFigures returns the clicks of moves by kind (see Figures), for a
// game whose marks cycle through question marks or not.
func clickFigures(moves []TimedMove, questionMarks bool) Figures {
	var f Figures
	// The marks of the cells marked, and whether the player placed the
	// flag of each flagged one.
	type mark struct {
		m      board.Mark
		player bool
	}
	marks := map[board.Point]mark{}
	standing := 0 // the player's flags standing
	for _, tm := range moves {
		p := tm.Move.At
		switch tm.Move.Action {
		case Open:
			f.Opens++
		case Chord:
			f.Chords++
		case AutoOpen:
			f.Solver++
		case FlagMine:
			f.Solver++
			marks[p] = mark{m: board.Flag} // only on a cell without a flag
		case Toggle:
			f.Flags++
			switch old := marks[p]; old.m {
			case board.NoMark:
				marks[p] = mark{m: board.Flag, player: true}
				standing++
			case board.Flag:
				if old.player {
					standing--
				}
				if questionMarks {
					marks[p] = mark{m: board.Question}
				} else {
					delete(marks, p)
				}
			default:
				delete(marks, p)
			}
		}
	}
	f.Wasted = f.Flags - standing
	return f
}

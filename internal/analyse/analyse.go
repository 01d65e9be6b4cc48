// Package analyse judges a game of Minesweeper after the fact, ours or
// another program's video: it plays the video's moves (video.Game.Steps)
// through the game package, so that its numbers are those our own games
// have (game.Numbers), and judges each opening of a cell that was not
// certainly safe, a guess or a risky click, by the exact odds of what the
// player could see: the solver's analysis of the board just before it,
// flags counted as closed cells, since a player's flags are never trusted.
//
// A judged move gets one verdict, the first that applies:
//
//   - forced: no closed cell was safer than the one opened, and none was
//     certainly safe: a true 50/50, or the safest of bad choices;
//   - perfect: its chance of a mine was within PerfectMargin (half a point)
//     of the lowest on the board;
//   - fine: within FineMargin (five points) of the lowest;
//   - mistake: a cell that much safer existed.
//
// Beside it the move says which cell our solver would have opened; where
// the solver takes a cell likelier to be a mine than the safest, for the
// chance to survive the next clicks or to head off a 50/50 later (see
// package solver), the move says so.
//
// Each analysis is bounded by the solver's budgets, so a hostile video
// cannot hang it: a move's work is bounded, and the moves of a game are
// judged until their analyses have gone through MaxWork cells in all.
// Boards over MaxCells cells are not judged at all.
package analyse

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/solver"
	"github.com/minesweeper-go/minesweeper/internal/video"
)

// The margins of the verdicts, in chance of a mine (0.005 is half a
// percentage point) above the lowest chance on the board.
const (
	PerfectMargin = 0.005
	FineMargin    = 0.05
)

// MaxCells is the largest board whose moves are judged: the binary
// formats' largest, 256x256. An analysis of a larger board may take a
// second, and a game has an opening or more a cell.
const MaxCells = 1 << 16

// MaxWork is the most cells the analyses of one game go through, an
// analysis a judged move and one more for the solver's choice of a risky
// one: on expert (480 cells) a game of 381 openings, the most it can have,
// takes less than a two-hundredth of it; on the largest board judged, 1,024
// analyses, some seconds' work. The moves past it are not judged.
const MaxWork = 1 << 26

// same is how close two chances of a mine are to count as equal: the
// solver's exact probabilities of two cells that are alike may differ in
// their last bits.
const same = 1e-9

// Verdict is the judgement of a guess or a risky click.
type Verdict uint8

// The verdicts, in the order they are tried.
const (
	Forced  Verdict = iota + 1 // no closed cell was safer, and none was certainly safe
	Perfect                    // within PerfectMargin of the safest cell
	Fine                       // within FineMargin of the safest cell
	Mistake                    // a cell FineMargin safer or more existed
)

var verdictNames = [...]string{Forced: "forced", Perfect: "perfect", Fine: "fine", Mistake: "mistake"}

// String returns the verdict's name, "forced".
func (v Verdict) String() string {
	if int(v) < len(verdictNames) && verdictNames[v] != "" {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", v)
}

// Move is one judged move: an opening of a cell that was not certainly
// safe, or a chord that opened one.
type Move struct {
	Step int           // the move's number among the game's steps, from 1
	At   time.Duration // from the game's first opening
	Cell board.Point
	// Chord reports whether the move chorded on Cell: its Mine is then the
	// highest chance of a mine among the cells the chord opened, the
	// least chance that the chord hit one.
	Chord bool
	Mine  float64 // the chance that the cell held a mine
	// Guess reports whether no closed cell was certainly safe: the game
	// forced a guess (game.Opening.Guess).
	Guess      bool
	Safest     board.Point // the closed cell least likely to be a mine (Cell when it is as safe)
	SafestMine float64
	// Solver is the cell our solver would have opened, and SolverMine its
	// chance of a mine.
	Solver     board.Point
	SolverMine float64
	// Survival reports whether the solver takes a cell likelier to be a
	// mine than the safest, for the chance to survive the next clicks or
	// to head off a 50/50 later.
	Survival bool
	Exact    bool // the chances are exact, not estimates (see solver.Analysis.Exact)
	Lost     bool // the move hit a mine
	Verdict  Verdict
}

// judge returns the verdict of a move with chance mine, lowest the
// lowest chance on the board, guess whether no cell was certainly safe.
func judge(mine, lowest float64, guess bool) Verdict {
	d := mine - lowest
	switch {
	case d <= same && guess:
		return Forced
	case d <= PerfectMargin+same:
		return Perfect
	case d <= FineMargin+same:
		return Fine
	}
	return Mistake
}

// Report is a game analysed: what the video says of it, its numbers as our
// own games have them, and its judged moves.
type Report struct {
	Format        video.Format
	Width, Height int
	Mines         int
	video.Info    // what the program recorded: player, program, time, 3BV, level, ...
	// Played is where the moves leave the game: won, lost, or Playing for
	// a video that stops before its end.
	Played board.Status
	// Numbers are the game's, as our own games have them: its time as
	// the program's clock counts it (see video.Video.Clock), its 3BV, its
	// clicks and figures.
	Numbers game.Numbers
	Steps   int    // the moves that changed the board
	Judged  int    // the openings and chords analysed (every one after the first opening)
	Moves   []Move // the guesses and risky clicks, in order
	// Unjudged says why the moves, or the moves from one on, were not
	// judged (a board over MaxCells, MaxWork spent); empty when all were.
	Unjudged string
}

// Video analyses the game of v: its moves played on its board, each
// opening after the first judged on the board as it stood. ctx stops it
// between two analyses.
func Video(ctx context.Context, v *video.Video) (*Report, error) { return analyse(ctx, v, MaxWork) }

// analyse is Video with a budget of work, in cells analysed (see MaxWork).
func analyse(ctx context.Context, v *video.Video, budget int) (*Report, error) {
	pg, err := v.Play()
	if err != nil {
		return nil, err
	}
	s := v.Settings()
	// The programs' first click is never a mine, and nothing to judge.
	s.Rule = board.Safe
	g, err := game.NewFixed(game.Config{Settings: s, QuestionMarks: v.QuestionMarks}, v.Mines, "", 0)
	if err != nil {
		return nil, err
	}
	r := &Report{Format: v.Format, Width: v.Width, Height: v.Height, Mines: len(v.Mines),
		Info: v.Info, Steps: len(pg.Steps)}
	if r.Level == "" {
		r.Level = board.LevelOf(s)
	}
	var j *judger
	if v.Width*v.Height <= MaxCells {
		j = newJudger()
	} else {
		r.Unjudged = fmt.Sprintf("the board has over %d cells: its moves are not judged", MaxCells)
	}
	var base time.Time // the clock of the steps: their times from the video's start
	for _, p := range v.PreFlags {
		if _, err := g.Apply(game.Move{Action: game.Toggle, At: p}, base); err != nil {
			return nil, fmt.Errorf("the flag placed before the start at %v: %v", p, err)
		}
	}
	for i, st := range pg.Steps {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var m *Move
		if j != nil && st.Move.Action != board.Toggle && opened(g.Board()) && j.spent+2*v.Width*v.Height > budget {
			r.Unjudged = fmt.Sprintf("the moves from move %d on are not judged: the analyses went through %d cells, their most", i+1, budget)
			j = nil
		}
		if j != nil && st.Move.Action != board.Toggle && opened(g.Board()) {
			r.Judged++
			if m, err = j.judge(ctx, g.Board(), st.Move); err != nil {
				return nil, err
			}
		}
		if _, err := g.Apply(game.Move{Action: game.Action(st.Move.Action), At: st.Move.At}, base.Add(st.At)); err != nil {
			return nil, fmt.Errorf("move %d, %v: %v", i+1, st.Move, err)
		}
		if m != nil {
			m.Step, m.At = i+1, st.At-pg.Start
			m.Lost = g.Status() == board.Lost
			r.Moves = append(r.Moves, *m)
		}
	}
	r.Played = g.Status()
	r.Numbers = g.Numbers(base.Add(pg.End))
	r.Numbers.Time = v.Clock(pg)
	return r, nil
}

// opened reports whether a cell of b is open: the first opening is the
// first-click rule's, not the player's, and is not judged.
func opened(b game.View) bool {
	return b.SafeLeft() < b.Width()*b.Height()-b.Mines()
}

// judger judges openings with two solvers: one analyses the board, one
// chooses its move (which reuses the memory of its analysis).
type judger struct {
	an, next *solver.Solver
	tiles    []board.Tile
	spent    int // the cells analysed so far (see MaxWork)
}

// newJudger returns a judger whose solver breaks ties between guesses
// alike with the seed 0, so that an analysis is the same at every run.
func newJudger() *judger {
	next := solver.New(solver.Options{Rule: board.Safe})
	next.Reseed(0)
	return &judger{an: solver.New(solver.Options{Rule: board.Safe}), next: next}
}

// errNoAnalysis is the cause of the error for a board no layout fits,
// which a board played by its rules never shows.
var errNoAnalysis = errors.New("no layout of mines fits the board")

// judge returns the judgement of the opening or the chord mv on b as it
// stands, or nil when every cell it opens was certainly safe.
func (j *judger) judge(ctx context.Context, b game.View, mv board.Move) (*Move, error) {
	at := mv.At
	j.tiles = b.Tiles(j.tiles)
	opens := []board.Point{at}
	if mv.Action == board.Chord {
		opens = chorded(j.tiles, b.Width(), b.Height(), at)
	}
	v, err := solver.NewView(b.Width(), b.Height(), b.Mines(), j.tiles)
	if err != nil {
		return nil, err
	}
	j.spent += len(j.tiles)
	an, err := j.an.AnalyzeContext(ctx, v)
	if err != nil {
		if errors.Is(err, solver.ErrInconsistent) {
			return nil, fmt.Errorf("before the opening of %v: %w", at, errNoAnalysis)
		}
		return nil, err
	}
	m := &Move{Cell: at, Chord: mv.Action == board.Chord, Guess: len(an.Safe()) == 0, Exact: an.Exact()}
	m.Mine = -1
	for _, p := range opens {
		if safe, _ := an.Certain(p); !safe {
			if q := an.Prob(p); q > m.Mine {
				m.Mine, m.Safest = q, p
			}
		}
	}
	if m.Mine < 0 {
		return nil, nil
	}
	m.SafestMine = m.Mine
	w := b.Width()
	for i, t := range j.tiles {
		if t.IsOpen() {
			continue
		}
		p := board.Point{X: i % w, Y: i / w}
		if q := an.Prob(p); q < m.SafestMine-same {
			m.Safest, m.SafestMine = p, q
		}
	}
	m.Verdict = judge(m.Mine, m.SafestMine, m.Guess)
	// The other solver chooses its move; the analysis is of a solver of
	// its own, and still holds.
	j.spent += len(j.tiles)
	if p, err := j.next.Next(v); err == nil {
		m.Solver, m.SolverMine = p, an.Prob(p)
		m.Survival = j.next.Guessed() && m.SolverMine > m.SafestMine+same
	}
	return m, nil
}

// chorded returns the cells a chord on at opens: its closed neighbours
// without a flag (tiles as board.Board.Tiles gives them).
func chorded(tiles []board.Tile, w, h int, at board.Point) []board.Point {
	var cells []board.Point
	for i := range board.Neighbours(w, h, at.Y*w+at.X) {
		if t := tiles[i]; t == board.TileClosed || t == board.TileQuestion {
			cells = append(cells, board.Point{X: i % w, Y: i / w})
		}
	}
	return cells
}

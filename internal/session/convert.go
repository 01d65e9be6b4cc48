package session

import (
	"fmt"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// HistoryGame returns the history's line for the game k, ended (or left)
// at end: its level is the one of its size, unless it was a board file's.
func HistoryGame(k game.Kept, end time.Time) history.Game {
	g := history.Game{
		V:         history.Version,
		Date:      end.UTC().Truncate(time.Millisecond),
		Board:     k.Settings,
		Seed:      k.Seed,
		Source:    k.Source,
		Daily:     k.Daily,
		Result:    "lost",
		TimeMS:    k.Elapsed.Milliseconds(),
		ThreeBV:   k.ThreeBV,
		Clicks:    k.Clicks(),
		Assisted:  k.Assisted,
		Undone:    k.Undone,
		Known:     k.Known(),
		Seeded:    k.Origin == game.Seeded,
		Restarted: k.Restarted,
		Ends:      k.Ends,
	}
	g.SetFigures(k.Figures)
	if level := board.LevelOf(k.Settings); level != "custom" && k.Origin != game.File {
		g.Level = level
	}
	if k.Origin == game.File {
		g.Seed = 0
	}
	switch k.Status {
	case board.Won:
		g.Result = "won"
	case board.Playing:
		g.Result = history.Playing
	}
	if k.Ends > 0 {
		g.Ended = resultOf(k.Ended)
	}
	if k.Laid {
		g.First, g.Sum = &history.Cell{k.First.X, k.First.Y}, k.Sum
	}
	if k.Mines != nil {
		g.Layout = make([]history.Cell, 0, len(k.Mines))
		for _, p := range k.Mines {
			g.Layout = append(g.Layout, history.Cell{p.X, p.Y})
		}
	}
	g.Moves = make([]history.Move, 0, len(k.Moves))
	for _, m := range k.Moves {
		g.Moves = append(g.Moves, history.Move{Move: m.Move, At: m.At.Milliseconds()})
	}
	g.Retell(history.TallyOf(g.Moves)) // its NF style
	if k.Guesses != nil {
		g.Guesses = make([]history.Guess, 0, len(k.Guesses))
		for _, o := range k.Guesses {
			g.Guesses = append(g.Guesses, history.Guess{At: history.Cell{o.At.X, o.At.Y}, Mine: o.Mine, Uncounted: o.Failed})
		}
	}
	return g
}

// resultOf returns the history's word for a status.
func resultOf(st board.Status) string {
	switch st {
	case board.Won:
		return "won"
	case board.Lost:
		return "lost"
	}
	return history.Playing
}

// statusOf returns the status the history's word names.
func statusOf(result string) board.Status {
	switch result {
	case "won":
		return board.Won
	case "lost":
		return board.Lost
	}
	return board.Playing
}

// KeptOf returns g, a game of the history or a saved game, as the game
// keeps it, checked: valid settings, a layout of their size and mine
// count without repeats (or the first opening that lays it again), every
// move and every guess on the board, each guess's chance a probability.
func KeptOf(g history.Game) (game.Kept, error) {
	s := g.Board
	if err := s.Check(); err != nil {
		return game.Kept{}, err
	}
	k := game.Kept{
		Settings:  s,
		Seed:      g.Seed,
		Source:    g.Source,
		Daily:     g.Daily,
		Moves:     make([]game.TimedMove, 0, len(g.Moves)),
		Elapsed:   time.Duration(g.TimeMS) * time.Millisecond,
		Status:    statusOf(g.Result),
		ThreeBV:   g.ThreeBV,
		Figures:   g.Figures(),
		Ends:      g.Ends,
		Ended:     statusOf(g.Ended),
		Assisted:  g.Assisted,
		Undone:    g.Undone,
		Restarted: g.Restarted,
		Sum:       g.Sum,
	}
	switch {
	case g.Source != "":
		k.Origin = game.File
	case g.Seeded:
		k.Origin = game.Seeded
	case g.Daily != "":
		k.Origin = game.Daily
	}
	if g.First != nil {
		p := board.Point{X: g.First[0], Y: g.First[1]}
		if err := s.CheckPoint(p); err != nil {
			return game.Kept{}, fmt.Errorf("first opening: %v", err)
		}
		k.First, k.Laid = p, true
	}
	switch {
	case g.Layout != nil || g.First == nil && g.Result != history.Playing:
		if len(g.Layout) != s.Mines {
			return game.Kept{}, fmt.Errorf("the layout holds %s; the board %q has %d", record.Count(len(g.Layout), "mine"), s, s.Mines)
		}
		k.Mines = make([]board.Point, 0, len(g.Layout))
		seen := make(map[board.Point]bool, len(g.Layout))
		for i, c := range g.Layout {
			p := board.Point{X: c[0], Y: c[1]}
			if err := s.CheckPoint(p); err != nil {
				return game.Kept{}, fmt.Errorf("layout: mine %d of %d: %v", i+1, len(g.Layout), err)
			}
			if seen[p] {
				return game.Kept{}, fmt.Errorf("layout: mine %d of %d: %v at column %d, row %d", i+1, len(g.Layout), board.ErrRepeatedMine, p.X, p.Y)
			}
			seen[p] = true
			k.Mines = append(k.Mines, p)
		}
	case g.First == nil && len(g.Moves) > 0:
		return game.Kept{}, errNoBoard
	}
	for i, m := range g.Moves {
		if err := s.CheckPoint(m.Move.At); err != nil {
			return game.Kept{}, fmt.Errorf("move %d of %d (%v): %v", i+1, len(g.Moves), m.Move, err)
		}
		k.Moves = append(k.Moves, game.TimedMove{Move: m.Move, At: time.Duration(m.At) * time.Millisecond})
	}
	if g.Guesses != nil {
		k.Guesses = make([]game.Opening, 0, len(g.Guesses))
		for i, o := range g.Guesses {
			p := board.Point{X: o.At[0], Y: o.At[1]}
			if err := s.CheckPoint(p); err != nil {
				return game.Kept{}, fmt.Errorf("guess %d of %d: %v", i+1, len(g.Guesses), err)
			}
			if !(o.Mine >= 0 && o.Mine <= 1) { // NaN too
				return game.Kept{}, fmt.Errorf("guess %d of %d: a chance of a mine of %v", i+1, len(g.Guesses), o.Mine)
			}
			k.Guesses = append(k.Guesses, game.Opening{At: p, Mine: o.Mine, Failed: o.Uncounted})
		}
	}
	return k, nil
}

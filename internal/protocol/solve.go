package protocol

import (
	"errors"
	"fmt"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// Solve is minesweeper solve, the assignment's machine() as a stream: it
// reads requests from r until it ends and answers each at once with one
// line on w, written in one Write, so that a program can play against it
// over a pipe. It stops at the first request it cannot answer, with an
// error that names the request's line.
func Solve(r io.Reader, w io.Writer) error {
	pr := NewReader(r)
	solvers := map[board.FirstClick]*solver.Solver{} // a solver keeps its rule
	for {
		req, err := pr.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		s := solvers[req.Rule]
		if s == nil {
			s = solver.New(solver.Options{Rule: req.Rule})
			solvers[req.Rule] = s
		}
		v, err := solver.NewView(req.Cols, req.Rows, req.Mines, req.Tiles)
		if err != nil {
			return fmt.Errorf("line %d: %v", req.Line, err)
		}
		p, err := s.Next(v)
		if errors.Is(err, solver.ErrInconsistent) {
			// The request is well formed, so it is named by its header.
			return fmt.Errorf("line %d: no layout of mines fits this view", req.Line)
		}
		if err != nil {
			return fmt.Errorf("line %d: %v", req.Line, err)
		}
		if !v.Closed(p) {
			// The solver's contract; checked so a bug cannot send a bad move.
			return fmt.Errorf("line %d: the solver chose row %d, column %d, which is not a closed cell", req.Line, p.Y, p.X)
		}
		// One Write per answer: w may not be buffered, so it leaves now.
		if err := WriteMove(w, p); err != nil {
			return err
		}
	}
}

package main

import (
	"errors"
	"flag"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/protocol"
	"github.com/minesweeper-go/minesweeper/internal/solver"
)

// runSolve is "minesweeper solve": the assignment's machine() as a stream.
// Each request read from stdin is answered at once with one line on stdout,
// so a program can play against it over a pipe.
func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("minesweeper solve", flag.ContinueOnError)
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, `Usage: minesweeper solve < requests

Reads requests from standard input until it ends. A request is a line
"n m k [rule]" (rows, columns, total mines, and optionally the first-click
rule in force: unsafe, the default, safe or opening) followed by n lines of
m integers: -1 for a closed cell, 0 to 8 for an open one. Empty lines may
separate requests. For each request it writes one line "i j", the row and
column (from 0) of the closed cell to open next, as soon as the request is
read. A header or an empty line may take 1024 bytes, a row of m numbers
1024 + 8m. A malformed request, a line too long or a view that no layout
of mines fits: one line on standard error naming the line, and exit
status 1.
`)); done {
		return code
	}
	failf := complainer(stderr, "minesweeper solve", exitFailure)
	r := protocol.NewReader(stdin)
	solvers := map[board.FirstClick]*solver.Solver{} // a solver keeps its rule
	for {
		req, err := r.Read()
		if err == io.EOF {
			return exitOK
		}
		if err != nil {
			return failf("%v", err)
		}
		s := solvers[req.Rule]
		if s == nil {
			s = solver.New(solver.Options{Rule: req.Rule})
			solvers[req.Rule] = s
		}
		v, err := solver.NewView(req.Cols, req.Rows, req.Mines, req.Tiles)
		if err != nil {
			return failf("line %d: %v", req.Line, err)
		}
		p, err := s.Next(v)
		if errors.Is(err, solver.ErrInconsistent) {
			// The request is well formed, so it is named by its header.
			return failf("line %d: no layout of mines fits this view", req.Line)
		}
		if err != nil {
			return failf("line %d: %v", req.Line, err)
		}
		if !v.Closed(p) {
			// The solver's contract; checked so a bug cannot send a bad move.
			return failf("line %d: the solver chose row %d, column %d, which is not a closed cell", req.Line, p.Y, p.X)
		}
		// One Write per answer: stdout is not buffered, so it leaves now.
		if err := protocol.WriteMove(stdout, p); err != nil {
			return failf("%v", err)
		}
	}
}

package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/judge"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// runJudge is "minesweeper judge": one record on stdin, the replay on stdout.
func runJudge(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("minesweeper judge", flag.ContinueOnError)
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, `Usage: minesweeper judge < record

Reads one record from standard input: "n m k l" (rows, columns, mines,
clicks), k lines "i j" (row, column of a mine), l lines "i j" (clicks).
For each click it prints the board (-1 closed, else the neighbour count),
"You lose" on a mine, or the board and "You win" when every safe cell is
open; a click on an open cell prints nothing. Outputs are separated by an
empty line. Bad input: one line on standard error and exit status 1.
`)); done {
		return code
	}
	rec, err := record.Read(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "minesweeper judge: %v\n", err)
		return exitFailure
	}
	if err := judge.Run(rec, stdout); err != nil {
		fmt.Fprintf(stderr, "minesweeper judge: %v\n", err)
		return exitFailure
	}
	return exitOK
}

package main

import (
	"flag"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/kept"
	"github.com/minesweeper-go/minesweeper/internal/local"
)

// exportFlags returns the flags of minesweeper export, their one
// definition, and its -format.
func exportFlags() (fs *flag.FlagSet, format *string) {
	fs = flag.NewFlagSet("minesweeper export", flag.ContinueOnError)
	format = fs.String("format", "rawvf", "output `format`: rawvf (a RAW video: the board and every move, as text), evf (an EVF video, Metasweeper's: the same, in binary) or mbf (JSMinesweeper's binary board file, the mines only)")
	return fs, format
}

// runExport is "minesweeper export [-format rawvf|evf|mbf] [FILE|N]": a
// kept game on stdout for other Minesweeper tools, as a RAW or EVF video
// or its board as an MBF file. Nothing is written unless the whole game is.
func runExport(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, format := exportFlags()
	printUsage := usageText(fs, help("export"))
	target, code, done := flagvalue.ParseOperand(fs, args, stdout, stderr, printUsage, "one FILE or N")
	if done {
		return code
	}
	usagef := complainer(stderr, fs.Name(), exitUsage)
	failf := complainer(stderr, fs.Name(), exitFailure)
	if err := kept.CheckFormat(*format); err != nil {
		return usagef("-format: %v", err)
	}
	g, err := local.FindGame(fs.Name(), target, stderr)
	if err == nil {
		err = kept.Export(stdout, g, *format, program)
	}
	if err != nil {
		return failf("%v", err)
	}
	return exitOK
}

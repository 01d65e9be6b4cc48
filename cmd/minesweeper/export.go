package main

import (
	"flag"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/kept"
	"github.com/minesweeper-go/minesweeper/internal/local"
)

// program is how a video's description names this program.
const program = "minesweeper (github.com/minesweeper-go/minesweeper)"

// exportFlags returns the flags of minesweeper export, their one
// definition, and its -format.
func exportFlags() (fs *flag.FlagSet, format *string) {
	fs = flag.NewFlagSet("minesweeper export", flag.ContinueOnError)
	format = fs.String("format", "rawvf", "output `format`: rawvf (a RAW video: the board and every move, as text) or mbf (JSMinesweeper's binary board file, the mines only)")
	return fs, format
}

// runExport is "minesweeper export [-format rawvf|mbf] [FILE|N]": a kept
// game on stdout for other Minesweeper tools, as a RAW video or its board
// as an MBF file. Nothing is written unless the whole game is.
func runExport(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, format := exportFlags()
	printUsage := usageText(fs, help("export"))
	target, code, done := flagvalue.ParseOperand(fs, args, stdout, stderr, printUsage, "one FILE or N")
	if done {
		return code
	}
	usagef := complainer(stderr, fs.Name(), exitUsage)
	failf := complainer(stderr, fs.Name(), exitFailure)
	if *format != kept.RAWVF && *format != kept.MBF {
		return usagef("-format: unknown format %q (want rawvf or mbf)", *format)
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

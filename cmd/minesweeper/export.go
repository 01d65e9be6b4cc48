package main

import (
	"flag"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/kept"
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
	printUsage := usageText(fs, `Usage: minesweeper export [flags] [FILE|N] > file

Writes a kept game for other Minesweeper tools: the game numbered N in the
history (as minesweeper history numbers them; 1 is the first), by default
the last one, or the game in FILE, as minesweeper replay reads them.

The default format, rawvf, is the RAW video format (RAWVF) that the
community's video converters, parsers and web players read: a description,
the board, then each move as mouse events at the centre of its cell in
16-pixel squares: an opening a left click, a mark a right click, a chord
both buttons. The description says that the game was played with the
keyboard, so it is not a rankable video. It holds boards up to 998x998.

With -format mbf it writes the game's mines as an MBF file, the binary
board format of JSMinesweeper, to analyse the board there; it holds no
moves, and no board wider or taller than 255.

Flags:
`)
	target, code, done := parseTarget(fs, args, stdout, stderr, printUsage)
	if done {
		return code
	}
	usagef := complainer(stderr, fs.Name(), exitUsage)
	failf := complainer(stderr, fs.Name(), exitFailure)
	if *format != kept.RAWVF && *format != kept.MBF {
		return usagef("-format: unknown format %q (want rawvf or mbf)", *format)
	}
	g, err := replayTarget(fs.Name(), target, stderr)
	if err == nil {
		err = kept.Export(stdout, g, *format, program)
	}
	if err != nil {
		return failf("%v", err)
	}
	return exitOK
}

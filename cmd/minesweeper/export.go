package main

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/mbf"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/rawvf"
	"github.com/minesweeper-go/minesweeper/internal/session"
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
	if *format != "rawvf" && *format != "mbf" {
		return usagef("-format: unknown format %q (want rawvf or mbf)", *format)
	}
	g, err := replayTarget(fs.Name(), target, stderr)
	if err != nil {
		return failf("%v", err)
	}
	kept, err := session.KeptOf(g)
	if err != nil {
		return failf("%v", err)
	}
	// A board the format cannot hold is refused before its mines are laid
	// again, which takes seconds on the largest boards.
	s := kept.Settings
	if *format == "mbf" {
		err = mbf.CheckSize(s.Width, s.Height)
	} else {
		err = rawvf.CheckSize(s.Width, s.Height)
	}
	if err == nil {
		kept.Mines, err = keptLayout(kept)
	}
	if err != nil {
		return failf("%v", err)
	}
	var buf bytes.Buffer
	if *format == "mbf" {
		err = mbf.Write(&buf, s.Width, s.Height, kept.Mines)
	} else {
		err = rawvf.Write(&buf, kept, rawvf.Info{Program: program, Date: g.Date})
	}
	if err != nil {
		return failf("%v", err)
	}
	if _, err := stdout.Write(buf.Bytes()); err != nil {
		return failf("writing the game: %v", err)
	}
	return exitOK
}

// keptLayout returns the mines of the kept game k: its own, or those its
// seed and first opening lay again (the record of a board over
// game.LayoutCells keeps no layout), with the layout of its settings.
func keptLayout(k game.Kept) ([]board.Point, error) {
	if k.Mines != nil {
		return k.Mines, nil
	}
	g, err := game.Load(game.Config{Settings: k.Settings, Layout: play.LayoutOf(k.Settings)}, k)
	if err != nil {
		return nil, err
	}
	if !g.Board().Started() {
		return nil, errors.New("the game has no board yet: its mines were never laid")
	}
	return g.Kept(time.Time{}, true).Mines, nil
}

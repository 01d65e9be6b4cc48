package main

import (
	"context"
	"flag"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/analyse"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/kept"
	"github.com/minesweeper-go/minesweeper/internal/local"
)

// analyseFlags returns the flags of minesweeper analyse, their one
// definition, and its -json.
func analyseFlags() (fs *flag.FlagSet, asJSON *bool) {
	fs = flag.NewFlagSet("minesweeper analyse", flag.ContinueOnError)
	asJSON = flagvalue.Bool(fs, "json", false, "print one JSON object rather than text")
	return fs, asJSON
}

// runAnalyse is "minesweeper analyse [-json] [FILE|N]": a kept game or
// another program's video judged, as text or one JSON object.
func runAnalyse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, asJSON := analyseFlags()
	printUsage := usageText(fs, help("analyse"))
	target, code, done := flagvalue.ParseOperand(fs, args, stdout, stderr, printUsage, "one FILE or N")
	if done {
		return code
	}
	failf := complainer(stderr, fs.Name(), exitFailure)
	ctx := context.Background()
	open, closeStore := local.LazyRecords(fs.Name(), stderr)
	defer closeStore()
	v, err := kept.FindVideo(ctx, target, open, program)
	if err != nil {
		return failf("%v", err)
	}
	r, err := analyse.Video(ctx, v)
	if err == nil {
		if *asJSON {
			err = r.WriteJSON(stdout)
		} else {
			err = r.WriteText(stdout)
		}
	}
	if err != nil {
		return failf("%v", err)
	}
	return exitOK
}

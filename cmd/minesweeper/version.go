package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/minesweeper-go/minesweeper/internal/buildinfo"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
)

// The release's version, commit and build date, set by the linker when a
// release is built:
//
//	go build -ldflags "-X main.version=v1.2.3 -X main.commit=abc123 -X main.date=2026-01-02T15:04:05Z" ./cmd/minesweeper
//
// Left empty, minesweeper version takes each from the build information
// the go command writes into the binary (see buildinfo.Line).
var (
	version string
	commit  string
	date    string
)

// program is how a video names this program: its name and version.
var program = "minesweeper " + buildinfo.Version(buildinfo.Linked{Version: version}, debug.ReadBuildInfo)

// runVersion is "minesweeper version": one line, buildinfo.Line's.
func runVersion(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := versionFlags()
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, help("version"))); done {
		return code
	}
	fmt.Fprintln(stdout, buildinfo.Line(buildinfo.Linked{Version: version, Commit: commit, Date: date}, debug.ReadBuildInfo))
	return exitOK
}

// versionFlags returns the flags of minesweeper version: none.
func versionFlags() *flag.FlagSet {
	return flag.NewFlagSet("minesweeper version", flag.ContinueOnError)
}

package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
)

// The release's version, commit and build date, set by the linker when a
// release is built:
//
//	go build -ldflags "-X main.version=v1.2.3 -X main.commit=abc123 -X main.date=2026-01-02T15:04:05Z" ./cmd/minesweeper
//
// Left empty, minesweeper version takes each from the build information
// the go command writes into the binary (see versionLine).
var (
	version string
	commit  string
	date    string
)

// linked is what the linker set: the version, commit and date of a
// release, each "" when not set.
type linked struct {
	version, commit, date string
}

// versionLine returns the line minesweeper version prints: the version,
// the commit and whether the tree it was built from was modified, the
// commit's time and the Go version:
//
//	minesweeper v1.2.3, commit abc123 (modified), 2026-01-02T15:04:05Z, go1.26.8
//
// What the linker set (l) comes first; what it left empty comes from the
// build information read returns: the main module's version ("(devel)"
// for a go build in a clone, a tag for a go install of a version), the
// vcs.revision, vcs.modified and vcs.time settings. A field known from
// neither is "unknown", the date is left out.
func versionLine(l linked, read func() (*debug.BuildInfo, bool)) string {
	v, rev, when, goVersion := l.version, l.commit, l.date, runtime.Version()
	modified := ""
	if bi, ok := read(); ok && bi != nil {
		if bi.GoVersion != "" {
			goVersion = bi.GoVersion
		}
		if v == "" {
			v = bi.Main.Version
		}
		var vcsRev, vcsTime string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				vcsRev = s.Value
			case "vcs.time":
				vcsTime = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		switch {
		case rev == "":
			rev = vcsRev
		case !strings.HasPrefix(vcsRev, rev):
			modified = "" // built from another commit than the linker names: unknown
		}
		if when == "" {
			when = vcsTime
		}
	}
	if v == "" {
		v = "unknown"
	}
	if rev == "" {
		rev = "unknown"
	}
	line := fmt.Sprintf("minesweeper %s, commit %s", v, rev)
	if modified == "true" {
		line += " (modified)"
	}
	if when != "" {
		line += ", " + when
	}
	return line + ", " + goVersion
}

// runVersion is "minesweeper version": one line, versionLine's.
func runVersion(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := versionFlags()
	if code, done := flagvalue.Parse(fs, args, stdout, stderr, usageText(fs, `Usage: minesweeper version

Prints the version of minesweeper, the commit it was built from (and
"(modified)" if the tree had changes), the commit's time and the Go
version, on one line. minesweeper -version prints the same.
`)); done {
		return code
	}
	fmt.Fprintln(stdout, versionLine(linked{version, commit, date}, debug.ReadBuildInfo))
	return exitOK
}

// versionFlags returns the flags of minesweeper version: none.
func versionFlags() *flag.FlagSet {
	return flag.NewFlagSet("minesweeper version", flag.ContinueOnError)
}

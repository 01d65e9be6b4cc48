// Package buildinfo words the version of a build of minesweeper: what the
// linker set for a release, else what the go command wrote into the
// binary (the module's version, the commit, its time, the Go version).
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// Linked is what the linker set: the version, commit and date of a
// release, each "" when not set.
type Linked struct {
	Version, Commit, Date string
}

// Line returns the line minesweeper version prints: the version,
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
func Line(l Linked, read func() (*debug.BuildInfo, bool)) string {
	v, rev, when, goVersion := Version(l, read), l.Commit, l.Date, runtime.Version()
	modified := ""
	if bi, ok := read(); ok && bi != nil {
		if bi.GoVersion != "" {
			goVersion = bi.GoVersion
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

// Version returns the build's version, as Line gives it: what the linker
// set, else the main module's version in the build information read
// returns ("(devel)" for a go build in a clone), else "unknown".
func Version(l Linked, read func() (*debug.BuildInfo, bool)) string {
	if l.Version != "" {
		return l.Version
	}
	if bi, ok := read(); ok && bi != nil && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "unknown"
}

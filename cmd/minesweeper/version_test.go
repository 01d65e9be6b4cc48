package main

import (
	"bytes"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/buildinfo"
)

func TestRunVersion(t *testing.T) {
	want := buildinfo.Line(buildinfo.Linked{Version: version, Commit: commit, Date: date}, debug.ReadBuildInfo) + "\n"
	tests := []struct {
		args       []string
		code       int
		stdout     string
		stderrPart string
	}{
		{[]string{"version"}, exitOK, want, ""},
		{[]string{"-version"}, exitOK, want, ""},
		{[]string{"-version", "-level", "expert"}, exitOK, want, ""},
		{[]string{"version", "extra"}, exitUsage, "", `minesweeper version: unexpected argument "extra"`},
		{[]string{"version", "-x"}, exitUsage, "", "minesweeper version: flag provided but not defined: -x"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, &bytes.Buffer{}, &stdout, &stderr)
		if code != tt.code || stdout.String() != tt.stdout || !strings.Contains(stderr.String(), tt.stderrPart) {
			t.Errorf("run(%q) = %d, stdout %q, stderr %q; want %d, %q, stderr with %q",
				tt.args, code, stdout.String(), stderr.String(), tt.code, tt.stdout, tt.stderrPart)
		}
		if tt.code == exitUsage && strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("run(%q) stderr = %q; want one line", tt.args, stderr.String())
		}
	}
}

// TestVersionLinked runs the binary built with the release's -ldflags
// (buildBinary's, which the end-to-end tests share) and checks the line it
// prints. It runs in parallel with them: it waits on go build.
func TestVersionLinked(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	if raceEnabled {
		t.Skip("shares the end-to-end tests' binary, in make test's run without the race detector")
	}
	bin, err := buildBinary()
	if err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{"version", "-version"} {
		out, err := exec.Command(bin, arg).Output()
		if err != nil {
			t.Fatalf("minesweeper %s: %v", arg, err)
		}
		got := string(out)
		wantPrefix := "minesweeper v1.2.3, commit abc123"
		wantSuffix := ", 2026-01-02T15:04:05Z, " + runtime.Version() + "\n"
		if !strings.HasPrefix(got, wantPrefix) || !strings.HasSuffix(got, wantSuffix) || strings.Count(got, "\n") != 1 {
			t.Errorf("minesweeper %s = %q; want one line %q...%q", arg, got, wantPrefix, wantSuffix)
		}
	}
}

package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// fakeBuildInfo returns a reader of build information with the main
// module's version v and the settings kv (key, value, key, value...).
func fakeBuildInfo(v string, kv ...string) func() (*debug.BuildInfo, bool) {
	bi := &debug.BuildInfo{GoVersion: "go1.99.9", Main: debug.Module{Path: "github.com/minesweeper-go/minesweeper", Version: v}}
	for i := 0; i+1 < len(kv); i += 2 {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
	}
	return func() (*debug.BuildInfo, bool) { return bi, true }
}

func TestVersionLine(t *testing.T) {
	noInfo := func() (*debug.BuildInfo, bool) { return nil, false }
	vcs := []string{"vcs", "git", "vcs.revision", "9b0b1bd0c0ffee", "vcs.time", "2026-03-01T10:00:00Z", "vcs.modified", "false"}
	dirty := []string{"vcs.revision", "9b0b1bd0c0ffee", "vcs.time", "2026-03-01T10:00:00Z", "vcs.modified", "true"}
	tests := []struct {
		name string
		l    linked
		read func() (*debug.BuildInfo, bool)
		want string
	}{
		{"go build in a clean clone", linked{}, fakeBuildInfo("(devel)", vcs...),
			"minesweeper (devel), commit 9b0b1bd0c0ffee, 2026-03-01T10:00:00Z, go1.99.9"},
		{"go build in a modified clone", linked{}, fakeBuildInfo("(devel)", dirty...),
			"minesweeper (devel), commit 9b0b1bd0c0ffee (modified), 2026-03-01T10:00:00Z, go1.99.9"},
		{"go install of a version", linked{}, fakeBuildInfo("v1.4.0"),
			"minesweeper v1.4.0, commit unknown, go1.99.9"},
		{"a release", linked{"v1.2.3", "abc123", "2026-01-02T15:04:05Z"}, fakeBuildInfo("(devel)"),
			"minesweeper v1.2.3, commit abc123, 2026-01-02T15:04:05Z, go1.99.9"},
		{"a release of a modified tree", linked{"v1.2.3", "9b0b1bd", ""}, fakeBuildInfo("(devel)", dirty...),
			"minesweeper v1.2.3, commit 9b0b1bd (modified), 2026-03-01T10:00:00Z, go1.99.9"},
		{"a release whose commit is not the tree's", linked{"v1.2.3", "abc123", ""}, fakeBuildInfo("(devel)", dirty...),
			"minesweeper v1.2.3, commit abc123, 2026-03-01T10:00:00Z, go1.99.9"},
		{"no build information", linked{}, noInfo,
			"minesweeper unknown, commit unknown, " + runtime.Version()},
		{"the linker only", linked{"v2.0.0", "def456", "2026-05-05"}, noInfo,
			"minesweeper v2.0.0, commit def456, 2026-05-05, " + runtime.Version()},
	}
	for _, tt := range tests {
		if got := versionLine(tt.l, tt.read); got != tt.want {
			t.Errorf("%s: versionLine(%+v) = %q; want %q", tt.name, tt.l, got, tt.want)
		}
	}
}

func TestRunVersion(t *testing.T) {
	want := versionLine(linked{version, commit, date}, debug.ReadBuildInfo) + "\n"
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

// TestVersionLinked builds the binary with the release's -ldflags and
// checks the line it prints. It runs in parallel with the end-to-end
// tests: it waits on go build, in a directory of its own.
func TestVersionLinked(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "minesweeper")
	ldflags := "-X main.version=v1.2.3 -X main.commit=abc123 -X main.date=2026-01-02T15:04:05Z"
	if out, err := exec.Command("go", "build", "-ldflags", ldflags, "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -ldflags %q: %v\n%s", ldflags, err, out)
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

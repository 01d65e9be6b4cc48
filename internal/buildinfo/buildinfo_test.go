package buildinfo

import (
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

func TestLine(t *testing.T) {
	noInfo := func() (*debug.BuildInfo, bool) { return nil, false }
	vcs := []string{"vcs", "git", "vcs.revision", "9b0b1bd0c0ffee", "vcs.time", "2026-03-01T10:00:00Z", "vcs.modified", "false"}
	dirty := []string{"vcs.revision", "9b0b1bd0c0ffee", "vcs.time", "2026-03-01T10:00:00Z", "vcs.modified", "true"}
	tests := []struct {
		name string
		l    Linked
		read func() (*debug.BuildInfo, bool)
		want string
	}{
		{"go build in a clean clone", Linked{}, fakeBuildInfo("(devel)", vcs...),
			"minesweeper (devel), commit 9b0b1bd0c0ffee, 2026-03-01T10:00:00Z, go1.99.9"},
		{"go build in a modified clone", Linked{}, fakeBuildInfo("(devel)", dirty...),
			"minesweeper (devel), commit 9b0b1bd0c0ffee (modified), 2026-03-01T10:00:00Z, go1.99.9"},
		{"go install of a version", Linked{}, fakeBuildInfo("v1.4.0"),
			"minesweeper v1.4.0, commit unknown, go1.99.9"},
		{"a release", Linked{"v1.2.3", "abc123", "2026-01-02T15:04:05Z"}, fakeBuildInfo("(devel)"),
			"minesweeper v1.2.3, commit abc123, 2026-01-02T15:04:05Z, go1.99.9"},
		{"a release of a modified tree", Linked{"v1.2.3", "9b0b1bd", ""}, fakeBuildInfo("(devel)", dirty...),
			"minesweeper v1.2.3, commit 9b0b1bd (modified), 2026-03-01T10:00:00Z, go1.99.9"},
		{"a release whose commit is not the tree's", Linked{"v1.2.3", "abc123", ""}, fakeBuildInfo("(devel)", dirty...),
			"minesweeper v1.2.3, commit abc123, 2026-03-01T10:00:00Z, go1.99.9"},
		{"no build information", Linked{}, noInfo,
			"minesweeper unknown, commit unknown, " + runtime.Version()},
		{"the linker only", Linked{"v2.0.0", "def456", "2026-05-05"}, noInfo,
			"minesweeper v2.0.0, commit def456, 2026-05-05, " + runtime.Version()},
	}
	for _, tt := range tests {
		if got := Line(tt.l, tt.read); got != tt.want {
			t.Errorf("%s: Line(%+v) = %q; want %q", tt.name, tt.l, got, tt.want)
		}
		// Version is the line's version: its second word, to the comma.
		if got, want := Version(tt.l, tt.read), strings.Fields(strings.Split(tt.want, ",")[0])[1]; got != want {
			t.Errorf("%s: Version(%+v) = %q; want %q", tt.name, tt.l, got, want)
		}
	}
}

package clidoc

import (
	"strings"
	"testing"
)

func TestRoff(t *testing.T) {
	tests := []struct{ in, want string }{
		{"-level", `\-level`},
		{".hidden", `\&.hidden`},
		{"'quoted'", `\&'quoted'`},
		{`a\b`, `a\eb`},
		{"plain", "plain"},
	}
	for _, tt := range tests {
		if got := roff(tt.in); got != tt.want {
			t.Errorf("roff(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

// TestManLineMode checks that the man page lists the line mode's
// commands, each with what it does.
func TestManLineMode(t *testing.T) {
	lines := []Key{{Keys: "r 3", Action: "reads row 3"}, {Keys: "b", Action: "reads the board"}}
	var b strings.Builder
	WriteManPage(&b, Page{Commands: []Command{{}}, Lines: lines})
	for _, k := range lines {
		if want := ".B \"" + roff(k.Keys) + "\"\n" + roff(k.Action) + "\n"; !strings.Contains(b.String(), want) {
			t.Errorf("the man page lacks the line mode's %q: %q", k.Keys, want)
		}
	}
	if !strings.Contains(b.String(), ".SH LINE MODE COMMANDS\n") {
		t.Error("the man page lacks the section LINE MODE COMMANDS")
	}
}

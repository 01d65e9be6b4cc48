package clidoc

import (
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/reader"
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

// TestManLineMode checks that the man page lists every command of the
// line mode's help, each with what it does.
func TestManLineMode(t *testing.T) {
	var b strings.Builder
	WriteManPage(&b, Page{Commands: []Command{{}}})
	for _, d := range reader.Docs {
		if want := roff(d.Say) + "\"\n" + roff(d.Does) + "\n"; !strings.Contains(b.String(), want) {
			t.Errorf("the man page lacks the line mode's %q: %q", d.Say, want)
		}
	}
}

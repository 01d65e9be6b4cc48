package clidoc

import "testing"

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

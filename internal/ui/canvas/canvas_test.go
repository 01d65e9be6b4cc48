package canvas

import (
	"slices"
	"testing"
)

// TestWrap breaks lines at spaces, indents the rows after the first, and
// breaks a word only when it is longer than a row.
func TestWrap(t *testing.T) {
	tests := []struct {
		text          string
		width, indent int
		want          []string
	}{
		{"terminal too small: need 14x7", 40, 0, []string{"terminal too small: need 14x7"}},
		{"terminal too small: need 14x7", 20, 0, []string{"terminal too small:", "need 14x7"}},
		{"terminal too small: need 14x7", 10, 0, []string{"terminal", "too small:", "need 14x7"}},
		{"  s    hint: go to a safe cell", 20, 7, []string{"  s    hint: go to a", "       safe cell"}},
		{"  Shift+arrows, H J K L  move", 8, 2, []string{"  Shift+", "  arrows", "  , H J", "  K L", "  move"}},
		{"abcdefgh", 3, 5, []string{"abc", "def", "gh"}},
		{"", 5, 0, []string{""}},
		{"word", 0, 0, nil},
	}
	for _, tt := range tests {
		if got := Wrap(tt.text, tt.width, tt.indent); !slices.Equal(got, tt.want) {
			t.Errorf("Wrap(%q, %d, %d) = %q; want %q", tt.text, tt.width, tt.indent, got, tt.want)
		}
	}
}

// TestFitWords cuts a line at a word, keeping as many as fit.
func TestFitWords(t *testing.T) {
	tests := []struct {
		text  string
		width int
		want  string
	}{
		{"cols 1-39 of 200, rows 1-20 of 100", 40, "cols 1-39 of 200, rows 1-20 of 100"},
		{"cols 1-39 of 200, rows 1-20 of 100", 34, "cols 1-39 of 200, rows 1-20 of 100"},
		{"cols 1-39 of 200, rows 1-20 of 100", 33, "cols 1-39 of 200, rows 1-20 of"},
		{"cols 1-39 of 200, rows 1-20 of 100", 25, "cols 1-39 of 200, rows"},
		{"cols 1-39 of 200, rows 1-20 of 100", 4, "cols"},
		{"cols 1-39 of 200, rows 1-20 of 100", 3, ""},
		{"laying 40000 mines on 1024x256...", 0, ""},
	}
	for _, tt := range tests {
		if got := FitWords(tt.text, tt.width); got != tt.want {
			t.Errorf("FitWords(%q, %d) = %q; want %q", tt.text, tt.width, got, tt.want)
		}
	}
}

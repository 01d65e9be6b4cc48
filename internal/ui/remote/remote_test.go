package remote

import "testing"

// TestASCII pins which session locales draw the board in ASCII:
// those that name a character set other than UTF-8, the first of LC_ALL,
// LC_CTYPE and LANG that is set deciding, as POSIX says.
func TestASCII(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want bool
	}{
		{nil, false},
		{map[string]string{"LANG": "C.UTF-8"}, false},
		{map[string]string{"LANG": "en_GB.utf8"}, false},
		{map[string]string{"LANG": "de_DE.UTF-8@euro"}, false},
		{map[string]string{"LANG": "en_US"}, false}, // no character set: UTF-8, as tcell takes it
		{map[string]string{"LANG": "C"}, true},
		{map[string]string{"LANG": "POSIX"}, true},
		{map[string]string{"LANG": "fr_FR.ISO-8859-1"}, true},
		{map[string]string{"LC_ALL": "C", "LANG": "C.UTF-8"}, true},
		{map[string]string{"LC_CTYPE": "C.UTF-8", "LANG": "C"}, false},
		{map[string]string{"LC_ALL": "", "LANG": "C"}, true},
	}
	for _, tt := range tests {
		if got := ASCII(tt.env); got != tt.want {
			t.Errorf("ASCII(%v) = %v, want %v", tt.env, got, tt.want)
		}
	}
}

package history

import "testing"

// TestConfusablesTable checks that every line of confusables.txt is read:
// as many mappings as lines that are not comments, none from or to U+FFFD.
func TestConfusablesTable(t *testing.T) {
	table := confusableTable()
	if got, want := len(table), 6311; got != want {
		t.Errorf("len(confusableTable()) = %d; want %d", got, want)
	}
	if to, ok := table['\uFFFD']; ok {
		t.Errorf("confusableTable()[U+FFFD] = %+q; want no mapping (a line not read)", to)
	}
	for from, to := range table {
		for _, r := range to {
			if r == '\uFFFD' {
				t.Errorf("confusableTable()[%U] = %+q; want no U+FFFD (a line not read)", from, to)
			}
		}
	}
}

// TestSkeleton checks skeletons of TR39's kinds of look-alikes.
func TestSkeleton(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"paypal", "paypal"},
		{"pаypal", "paypal"}, // a Cyrillic а
		{"ｐａｙｐａｌ", "paypal"},
		{"B0B", "BOB"},
		{"m", "rn"},
		{"I", "l"},
		{"𝐀nn", "Ann"},
		{"%", "º/₀"},
		{"José", "Jose\u0301"},
	}
	for _, tt := range tests {
		if got := skeleton(tt.in); got != tt.want {
			t.Errorf("skeleton(%+q) = %+q; want %+q", tt.in, got, tt.want)
		}
	}
}

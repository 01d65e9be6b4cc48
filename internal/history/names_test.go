package history

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// TestCheckName checks the names CheckName accepts, and that it says what
// is wrong with those it refuses.
func TestCheckName(t *testing.T) {
	tests := []struct {
		name string
		want string // a part of the error; "" for none
	}{
		{"ab", ""},
		{"Ada Lovelace", ""},
		{"x_y-z.1", ""},
		{"12", ""},
		{"José", ""},                 // é as one rune
		{"Jose\u0301", ""},           // é as e and a combining acute
		{"Nguyễn", ""},               // precomposed
		{"Nguye\u0323\u0302n", ""},   // two marks on one letter
		{"山田太郎", ""},                 // wide letters
		{"Ωμέγα", ""},                // Greek
		{"Пётр", ""},                 // Cyrillic
		{"abcdefghijklmnopqrst", ""}, // 20
		{"数数数数数数数数数数数数数数数数数数数数", ""}, // 20 wide: 40 columns
		{"", "empty"},
		{"   ", "empty"},
		{"a", "too short"},
		{"é", "too short"},
		{"abcdefghijklmnopqrstu", "too long: 21 characters"},
		{" ab", "starts with a space"},
		{"ab ", "ends with a space"},
		{"a  b", "two spaces in a row"},
		{"a\tb", "U+0009 is not allowed"},
		{"a\x1b[2Jb", "U+001B is not allowed"},
		{"ab\u200b", "U+200B is not allowed"},     // zero-width space (format)
		{"a\u202eb", "U+202E is not allowed"},     // right-to-left override
		{"a\u00a0b", "U+00A0 is not allowed"},     // no-break space
		{"\u3164\u3164", "U+3164 is not allowed"}, // Hangul filler: a blank name
		{"\u0301ab", "U+0301 stands alone"},
		{"a \u0301b", "U+0301 stands alone"},
		{"a\u0301\u0301\u0301\u0301b", "more than 3 marks"},
		{"a\u20e3b", "U+20E3 is not allowed"},       // enclosing keycap
		{"a\ufe0fb", "U+FE0F is not allowed"},       // emoji presentation
		{"ab\U0001F600", "is not allowed: letters"}, // emoji
		{"a+b", "'+' (U+002B) is not allowed"},
		{"--", "no letter or digit"},
		{"a\xffb", "not valid UTF-8"},
	}
	for _, tt := range tests {
		err := CheckName(tt.name)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("CheckName(%q) = %v; want nil", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("CheckName(%q) = %v; want an error saying %q", tt.name, err, tt.want)
		case err != nil && strings.ContainsAny(err.Error(), "\n\r"):
			t.Errorf("CheckName(%q) = %q; want one line", tt.name, err)
		}
	}
}

// FuzzCheckName checks that whatever CheckName accepts is within the
// bounds, printable, trimmed and safe to draw, and that its errors are
// one printable line.
func FuzzCheckName(f *testing.F) {
	for _, s := range []string{"ab", "Ada Lovelace", "Jose\u0301", "山田", " a", "a\x1bb", "\u0301a", "a\u202eb", "--", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		err := CheckName(name)
		if err != nil {
			if msg := err.Error(); strings.ContainsAny(msg, "\n\r") || userfile.Printable(msg) != msg {
				t.Errorf("CheckName(%q) = %q; want one printable line", name, msg)
			}
			return
		}
		if n := utf8.RuneCountInString(name); n < NameMin || n > NameMax {
			t.Errorf("CheckName(%q) accepts %d characters; want %d to %d", name, n, NameMin, NameMax)
		}
		if strings.TrimSpace(name) != name || strings.Contains(name, "  ") {
			t.Errorf("CheckName(%q) accepts spaces at an end or two in a row", name)
		}
		if userfile.Printable(name) != name {
			t.Errorf("CheckName(%q) accepts what userfile.Printable changes", name)
		}
		for i, r := range name {
			if !unicode.IsPrint(r) || r == utf8.RuneError {
				t.Errorf("CheckName(%q) accepts %U", name, r)
			}
			if i == 0 && unicode.Is(unicode.M, r) {
				t.Errorf("CheckName(%q) accepts a mark first", name)
			}
		}
	})
}

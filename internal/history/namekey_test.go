package history

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// TestCheckNameLookAlikes checks that CheckName refuses, each with its
// line, what draws in other columns or another order than it is typed
// and letters of scripts no one writes together, and that names of one
// script, or of scripts written together, still pass.
func TestCheckNameLookAlikes(t *testing.T) {
	tests := []struct {
		name string
		want string // a part of the error; "" for none
	}{
		{"abcd", ""},
		{"José", ""},
		{"Jose\u0301", ""},
		{"Zoë Ångström", ""},
		{"さくら太郎", ""},    // Hiragana and Han
		{"カタカナ漢字", ""},   // Katakana and Han
		{"ミクー", ""},      // the Kana length mark is Common
		{"Tokyo東京", ""},  // Latin, Han
		{"김민준", ""},      // Hangul
		{"서울 Seoul", ""}, // Hangul and Latin
		{"ㄅㄆ王", ""},      // Bopomofo and Han
		{"Αλέξης", ""},   // Greek alone
		{"Пётр 2", ""},   // Cyrillic and a digit
		{"שלום", ""},     // Hebrew alone, right to left
		{"محمد 7", ""},   // Arabic and a digit
		{"асе", ""},      // Cyrillic alone: passes here, taken by its key (TestNameKey)
		{"\u0430bcd", "mixes the Cyrillic and Latin scripts"},
		{"ab\u03bfd", "mixes the Latin and Greek scripts"},
		{"漢字한글かな", "mixes the Han, Hangul and Hiragana scripts"},
		{"ㄅ한", "mixes the Bopomofo and Hangul scripts"},
		{"ＡＢＣＤ", "is a fullwidth \"A\", drawn two columns wide"},
		{"ab\uff43d", "is a fullwidth \"c\""},
		{"ｱｲｳ", "is a halfwidth \"ア\""},
		{"𝐚𝐛𝐜𝐝", "is a variant of \"a\""},
		{"ﬁne", "is a variant of \"fi\""},
		{"abcשלום", "mixes right-to-left and left-to-right letters"},
		{"Ali علي", "mixes right-to-left and left-to-right letters"},
		{"a\u200eb", "U+200E is not allowed: it is a bidirectional control"},
		{"\u2067abc\u2069", "U+2067 is not allowed: it is a bidirectional control"},
		{"\u202babc", "U+202B is not allowed: it is a bidirectional control"},
		{"ab\u061c", "U+061C is not allowed: it is a bidirectional control"},
		{"ab\u200dcd", "U+200D is not allowed: it is a control or format character"},
		{"ab\u00adcd", "U+00AD is not allowed: it is a control or format character"},
		{"ab\ufeffcd", "U+FEFF is not allowed: it is a control or format character"},
		{"a\x7fb", "U+007F is not allowed: it is a control or format character"},
		{"\u1161\u1161", "U+1161 is not allowed: it is a Hangul jamo"},       // lone vowels
		{"\u1100\u1161\u11a8", ""},                                           // 각 in NFD
		{"\u1112\u119e\u11ab", "U+1112 is not allowed: it is a Hangul jamo"}, // old jamo, no syllable
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

// TestNameKey checks that look-alikes of a name have its key and that
// names that look different have their own.
func TestNameKey(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"abcd", "\u0430bcd", true},  // a Cyrillic а
		{"ace", "асе", true},         // all Cyrillic
		{"José", "Jose\u0301", true}, // NFC and NFD
		{"abcd", "ＡＢＣＤ", true},       // fullwidth
		{"abcd", "𝐚𝐛𝐜𝐝", true},       // mathematical bold
		{"abcd", "𝔞𝔟𝔠𝔡", true},       // Fraktur
		{"Ann", "ANN", true},         // case
		{"Straße", "STRASSE", true},  // case folded
		{"BOB", "B0B", true},         // a zero for an O
		{"bob", "B0B", true},         // and so for an o, in any case
		{"Ada Lovelace", "Ada\u00a0Lovelace", true},
		{"Ｎｅｏ", "neo", true},
		{"ミクー", "ミク一", true},        // the length mark and the Han one
		{"Paul", "PauI", true},      // a capital i for an l (TR39: I is l)
		{"paul", "PAUI", true},      // in any case
		{"Paul", "Pau1", true},      // a one for an l
		{"Ivan", "ivan", true},      // case, with a capital TR39 maps
		{"Ivan", "lvan", true},      // so an l for the i, in any case
		{"modern", "rnodern", true}, // "rn" for "m" (TR39: rn is m)
		{"MODERN", "rnodern", true}, // in any case
		{"Clint", "CIint", true},    // a capital i for the l
		{"WILL", "WIII", true},      // and in capitals
		{"abcd", "abce", false},
		{"Paul", "Pauline", false},
		{"rn", "rm", false},
		{"Ivan", "Iwan", false},
		{"Ann", "Anna", false},
		{"José", "Jose", false},
		{"山田", "山口", false},
		{"김민준", "김민수", false},
	}
	for _, tt := range tests {
		ka, kb := NameKey(tt.a), NameKey(tt.b)
		if (ka == kb) != tt.same {
			t.Errorf("NameKey(%q) = %+q, NameKey(%q) = %+q; want one key %v", tt.a, ka, tt.b, kb, tt.same)
		}
	}
}

// FuzzNameKey checks that CheckName and NameKey never panic, that a key
// is its own key, and that a name's NFC and NFD forms have one key.
func FuzzNameKey(f *testing.F) {
	for _, s := range []string{"abcd", "\u0430bcd", "José", "Jose\u0301", "ＡＢＣＤ", "𝐚𝐛𝐜𝐝", "B0B", "ミクー", "abcשלום", "a\u200eb", "\xff", "PauI", "rnodern", "ǅ", "ß", "ı"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		CheckName(name)
		if !utf8.ValidString(name) {
			return
		}
		k := NameKey(name)
		if kk := NameKey(k); kk != k {
			t.Errorf("NameKey(%+q) = %+q, whose key is %+q; want itself", name, k, kk)
		}
		nfc, nfd := NameKey(norm.NFC.String(name)), NameKey(norm.NFD.String(name))
		if nfc != nfd {
			t.Errorf("NameKey of %+q: NFC %+q, NFD %+q; want one key", name, nfc, nfd)
		}
	})
}

// BenchmarkNameKey measures the key of a name of twenty characters.
func BenchmarkNameKey(b *testing.B) {
	for _, name := range []string{"Ada Lovelace Byron 1", "Jose\u0301 Ñúñez Ölßen", "さくら太郎山田花子東京都新宿区西新宿"} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				NameKey(name)
			}
		})
	}
}

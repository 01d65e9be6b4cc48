package history

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The bounds of a display name, in characters (runes).
const (
	NameMin = 2
	NameMax = 20
)

// maxMarks is the most combining marks one character may carry: enough
// for the stacked diacritics of Vietnamese or Thai, too few for the
// "Zalgo" text that spills over the lines above and below.
const maxMarks = 3

// NameRules says in one line what CheckName accepts, for a prompt.
const NameRules = "2 to 20 characters: letters, digits, marks, punctuation, single spaces between words"

// invisible are letters that draw as nothing: fillers a name of which
// would look blank, or like another player's.
var invisible = map[rune]bool{
	'\u115F': true, // HANGUL CHOSEONG FILLER
	'\u1160': true, // HANGUL JUNGSEONG FILLER
	'\u3164': true, // HANGUL FILLER
	'\uFFA0': true, // HALFWIDTH HANGUL FILLER
}

// CheckName returns nil if name can be a player's display name on a
// server's leaderboards, else an error saying in one line what is wrong
// with it. A name has NameMin to NameMax characters, each a letter, a
// digit, a combining mark on a character before it (at most maxMarks on
// one; not an enclosing mark or a variation selector), a punctuation mark or a space; it has a letter or a digit, no
// space at either end and no two spaces in a row. Symbols (emoji among
// them) are refused: terminals disagree on their widths. Whatever it
// accepts is printable (unicode.IsPrint): no control, format or
// invisible character reaches another player's screen.
func CheckName(name string) error {
	if !utf8.ValidString(name) {
		return errors.New("not valid UTF-8 text")
	}
	if strings.TrimSpace(name) == "" {
		return fmt.Errorf("empty: a name has %d to %d characters", NameMin, NameMax)
	}
	switch n := utf8.RuneCountInString(name); {
	case n < NameMin:
		return fmt.Errorf("too short: a name has at least %d characters", NameMin)
	case n > NameMax:
		return fmt.Errorf("too long: %d characters, and a name has at most %d", n, NameMax)
	}
	alnum := false
	marks := 0
	prev := rune(-1)
	for i, r := range name {
		switch {
		case r == ' ' && i == 0:
			return errors.New("starts with a space")
		case r == ' ' && i == len(name)-1:
			return errors.New("ends with a space")
		case r == ' ' && prev == ' ':
			return errors.New("two spaces in a row: one space between words")
		case unicode.In(r, unicode.Me, unicode.Variation_Selector):
			// They change how the character before draws: a box around
			// it, or an emoji twice as wide.
			return fmt.Errorf("%U is not allowed: it changes how the character before it is drawn", r)
		case unicode.Is(unicode.M, r):
			if prev < 0 || prev == ' ' {
				return fmt.Errorf("the mark %U stands alone: a mark goes on the character before it", r)
			}
			if marks++; marks > maxMarks {
				return fmt.Errorf("more than %d marks on one character", maxMarks)
			}
			prev = r
			continue
		case r == ' ':
		case invisible[r] || !unicode.IsPrint(r):
			return fmt.Errorf("%U is not allowed: it cannot be seen", r)
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.N, r):
			alnum = true
		case unicode.IsPunct(r):
		default:
			return fmt.Errorf("%q (%U) is not allowed: letters, digits, marks, punctuation and spaces only", r, r)
		}
		marks = 0
		prev = r
	}
	if !alnum {
		return errors.New("no letter or digit")
	}
	return nil
}

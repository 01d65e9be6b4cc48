package history

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
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
const NameRules = "2 to 20 characters of one script: letters, digits, marks, punctuation, single spaces between words"

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
//
// So that a name cannot pass for another's (see NameKey, which the store
// compares them by), it also refuses what draws in other columns than
// the leaderboards give it, or in another order than it is typed (see
// checkRune, checkDrawn), and letters of scripts that no one writes
// together (checkScripts). Wide letters (Han, Kana, Hangul) are accepted:
// the leaderboards lay names out by the columns a terminal gives them,
// two for a wide character (userfile.Width), as tcell draws them.
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
		if err := checkRune(r); err != nil {
			return err
		}
		switch {
		case r == ' ' && i == 0:
			return errors.New("starts with a space")
		case r == ' ' && i == len(name)-1:
			return errors.New("ends with a space")
		case r == ' ' && prev == ' ':
			return errors.New("two spaces in a row: one space between words")
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
	if err := checkDrawn(name); err != nil {
		return err
	}
	return checkScripts(name)
}

// checkRune returns an error if r acts on the text around it rather than
// being drawn (a bidirectional control, a control or format character),
// changes how the character before it draws, cannot be seen, or is
// another character's compatibility form (its NFKC form differs):
// fullwidth ("Ａ", two columns for an A), halfwidth ("ｱ") or another
// variant ("𝐀", mathematical bold; "²"; "ﬁ"), which passes for that
// character.
func checkRune(r rune) error {
	switch {
	case r == ' ':
		return nil
	case unicode.Is(unicode.Bidi_Control, r):
		return fmt.Errorf("%U is not allowed: it is a bidirectional control, which changes the order the text around it is drawn in", r)
	case unicode.In(r, unicode.Cc, unicode.Cf):
		return fmt.Errorf("%U is not allowed: it is a control or format character, which is not drawn", r)
	case unicode.In(r, unicode.Me, unicode.Variation_Selector):
		// They change how the character before draws: a box around
		// it, or an emoji twice as wide.
		return fmt.Errorf("%U is not allowed: it changes how the character before it is drawn", r)
	case invisible[r] || !unicode.IsPrint(r):
		return fmt.Errorf("%U is not allowed: it cannot be seen", r)
	}
	c := string(r)
	plain := norm.NFKC.String(c)
	if plain == norm.NFC.String(c) {
		return nil
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianFullwidth:
		return fmt.Errorf("%q (%U) is not allowed: it is a fullwidth %q, drawn two columns wide; type %q", r, r, plain, plain)
	case width.EastAsianHalfwidth:
		return fmt.Errorf("%q (%U) is not allowed: it is a halfwidth %q; type %q", r, r, plain, plain)
	}
	return fmt.Errorf("%q (%U) is not allowed: it is a variant of %q (styled, raised, joined), which it passes for", r, r, plain)
}

// checkDrawn returns an error if name mixes letters written right to
// left with letters written left to right, which terminals draw in
// different orders, or if, composed (NFC), it keeps conjoining Hangul
// jamo: letters that make no syllable, which a terminal draws apart,
// wider than the two columns it is given (userfile.Width; PRECIS refuses
// the old ones too). Every other character is drawn in the columns
// userfile.Width gives it: one, or two for a wide one (Han, Kana, a
// Hangul syllable).
func checkDrawn(name string) error {
	ltr, rtl := false, false
	for _, r := range name {
		p, _ := bidi.LookupRune(r)
		switch p.Class() {
		case bidi.L:
			ltr = true
		case bidi.R, bidi.AL:
			rtl = true
		}
	}
	if ltr && rtl {
		return errors.New("mixes right-to-left and left-to-right letters, which terminals draw in different orders")
	}
	for _, r := range norm.NFC.String(name) {
		if isJamo(r) {
			return fmt.Errorf("%U is not allowed: it is a Hangul jamo that makes no syllable, which terminals draw wider than its place", r)
		}
	}
	return nil
}

// isJamo reports whether r is a conjoining Hangul jamo.
func isJamo(r rune) bool {
	return r >= 0x1100 && r <= 0x11FF || r >= 0xA960 && r <= 0xA97F || r >= 0xD7B0 && r <= 0xD7FF
}

// scriptMixes are the scripts a name may mix, beyond one script: TR39's
// "highly restrictive" level. Characters common to all scripts (digits,
// punctuation) and marks that take the script of the letter they are on
// go with any.
var scriptMixes = [][]string{
	{"Latin", "Han", "Hiragana", "Katakana"},
	{"Latin", "Han", "Bopomofo"},
	{"Latin", "Han", "Hangul"},
}

// checkScripts returns an error if name has letters of scripts no
// scriptMixes entry holds together, such as a Cyrillic "а" among Latin
// letters. Each character counts with its Script property (Go's unicode
// has no Script_Extensions): the Kana marks that the Japanese write with
// Han or Kana alike are Common there, and go with any.
func checkScripts(name string) error {
	var seen []string
	for _, r := range name {
		if s := script(r); s != "" && !slices.Contains(seen, s) {
			seen = append(seen, s)
		}
	}
	if len(seen) <= 1 {
		return nil
	}
	for _, mix := range scriptMixes {
		if !slices.ContainsFunc(seen, func(s string) bool { return !slices.Contains(mix, s) }) {
			return nil
		}
	}
	list := strings.Join(seen[:len(seen)-1], ", ") + " and " + seen[len(seen)-1]
	return fmt.Errorf("mixes the %s scripts: a name keeps to one (Han may go with Kana, Bopomofo or Hangul, and Latin with those)", list)
}

// script returns the name of r's script, "" for Common and Inherited
// (and for a character of no script).
func script(r rune) string {
	if unicode.In(r, unicode.Common, unicode.Inherited) {
		return ""
	}
	for name, table := range unicode.Scripts {
		if unicode.Is(table, r) {
			return name
		}
	}
	return ""
}

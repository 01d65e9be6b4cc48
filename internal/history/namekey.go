package history

import (
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// keyRounds bounds the rounds of NameKey: folding a skeleton can give
// letters the confusables table maps again ("O", its target for "0",
// folds to "o"), and each round takes one such step.
const keyRounds = 8

// NameKey returns what tells display names apart: two names with one
// key are one name, whoever holds it. It starts from the name's PRECIS
// Nickname comparison form (RFC 8266: spaces mapped and collapsed, NFKC,
// lower case) folded by case, and takes, until it no longer changes (so
// that NameKey(NameKey(s)) is NameKey(s)), the confusable skeleton
// (Unicode TR39: NFD, each character mapped by the confusables table,
// NFD again) of its upper case, as a name may be written, folded, then
// the skeleton of that, folded. So "Ann", "ANN", "Аnn" (a Cyrillic А),
// "Ａnn" (fullwidth), "𝐀nn" (mathematical bold) and José in NFC or NFD
// have one key each, "B0B" one with "bob", as "BOB" has, "rn" one with
// "m", and "PauI" (a capital i, which TR39 maps to "l") one with "Paul".
// TR39 defines the skeleton on the text as written, without folding
// case: the folded text's alone would miss what a capital looks like
// ("I" and "l"), its upper case's alone what two small letters do ("rn").
// One key for all cases of a name joins what a name's capitals look
// like to its small letters: "Ali" has the key of "All" (as "ALI" looks
// like "ALl"), the price of a key that no name's case can dodge. A key
// is for comparing, never for showing: it mixes scripts.
func NameKey(name string) string {
	k := foldName(name)
	for range keyRounds {
		next := fold(skeleton(fold(skeleton(strings.ToUpper(k)))))
		if next == k {
			break
		}
		k = next
	}
	return k
}

// foldName returns name's PRECIS Nickname comparison form folded by case.
// The profile lowers case, which keeps "ß" apart from "ss"; the fold
// joins them, as the store has since names were kept. A name the
// profile refuses (CheckName refuses it too) gets its NFKC form folded,
// so that every text has a key.
func foldName(name string) string {
	k, err := precis.Nickname.CompareKey(name)
	if err != nil {
		k = norm.NFKC.String(name)
	}
	return fold(k)
}

// fold returns s folded by case, in NFKC.
func fold(s string) string { return norm.NFKC.String(cases.Fold().String(s)) }

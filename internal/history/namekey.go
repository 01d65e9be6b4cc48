package history

import (
	"github.com/mtibben/confusables"
	"golang.org/x/text/cases"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// keyRounds bounds the rounds of NameKey: folding a skeleton can give
// letters the confusables table maps again ("O", its target for "0",
// folds to "o"), and each round takes one such step.
const keyRounds = 4

// NameKey returns what tells display names apart: two names with one
// key are one name, whoever holds it. It is the confusable skeleton
// (Unicode TR39: NFD, each character mapped by the confusables table,
// NFD again) of the name's PRECIS Nickname comparison form (RFC 8266:
// spaces mapped and collapsed, NFKC, lower case) folded by case, taken
// again until it no longer changes, so that NameKey(NameKey(s)) is
// NameKey(s). So "Ann", "ANN", "Аnn" (a Cyrillic А), "Ａnn"
// (fullwidth), "𝐀nn" (mathematical bold) and José in NFC or NFD have one
// key each, and "B0B" one with "bob", as "BOB" has. A key is for
// comparing, never for showing: it mixes scripts.
func NameKey(name string) string {
	k := name
	for range keyRounds {
		next := confusables.Skeleton(foldName(k))
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
	return norm.NFKC.String(cases.Fold().String(k))
}

package history

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/text/unicode/norm"
)

// confusablesText is Unicode's confusables table, one mapping a line.
//
//go:embed confusables.txt
var confusablesText string

// confusableTable returns the table confusablesText holds, built on its
// first call: a command that compares no names never pays for it (built at
// init, as github.com/mtibben/confusables built it, it cost every start of
// the program 2 ms).
var confusableTable = sync.OnceValue(func() map[rune]string {
	m := make(map[rune]string, 6400)
	for line := range strings.Lines(confusablesText) {
		from, to, ok := strings.Cut(strings.TrimSuffix(line, "\n"), " ;\t")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		var b strings.Builder
		for _, cp := range strings.Fields(to) {
			b.WriteRune(codePoint(cp))
		}
		m[codePoint(from)] = b.String()
	}
	return m
})

// codePoint returns the character whose code point is hex; the table is
// this package's own, so a bad one is U+FFFD (TestConfusablesTable).
func codePoint(hex string) rune {
	n, err := strconv.ParseUint(hex, 16, 21)
	if err != nil {
		return '\uFFFD'
	}
	return rune(n)
}

// skeleton returns s's confusable skeleton (Unicode TR39): NFD, each
// character mapped by the confusables table, NFD again.
func skeleton(s string) string {
	table := confusableTable()
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if to, ok := table[r]; ok {
			b.WriteString(to)
		} else {
			b.WriteRune(r)
		}
	}
	return norm.NFD.String(b.String())
}

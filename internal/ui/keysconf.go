package ui

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// MaxKeysFile is the largest keys file ReadKeys reads: far more than a
// line for every action with every key of the keyboard.
const MaxKeysFile = 64 << 10

// Keys are the game's keys with a player's bindings: keyTable, with the
// keys of the actions a keys file names replaced by the file's (see
// ParseKeys). The help, the footer and the keys read all follow them. Nil
// is the default keys.
type Keys struct {
	table []keyRow
	cmds  map[key]command
}

// defaultKeys are keyTable's keys, unchanged.
var defaultKeys = &Keys{table: keyTable, cmds: keyCommands}

// orDefault returns k, or the default keys when k is nil.
func (k *Keys) orDefault() *Keys {
	if k == nil {
		return defaultKeys
	}
	return k
}

// KeysError is a keys file that cannot be used: the file as its reader was
// given it, the line at fault (0 for the file as a whole) and why.
type KeysError struct {
	Name string
	Line int
	Err  error
}

// Error returns "name:line: why", or "name: why" without a line.
func (e *KeysError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.Name, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.Name, e.Line, e.Err)
}

// Unwrap returns the cause.
func (e *KeysError) Unwrap() error { return e.Err }

// ReadKeys reads the keys file name (see ParseKeys): a regular file of at
// most MaxKeysFile bytes, read through userfile.
func ReadKeys(name string) (*Keys, error) {
	f, err := userfile.Open(name, MaxKeysFile)
	if err != nil {
		return nil, &KeysError{Name: name, Err: err}
	}
	defer f.Close()
	return ParseKeys(name, f)
}

// ParseKeys reads a keys file, naming it name in its errors. Each line
// binds the keys of one action, "open = Space Enter": the action's name
// (see KeyActions), '=', and its keys separated by spaces, each a single
// character or a key as tcell names it ("Enter", "Tab", "PgDn", "F2",
// "Ctrl-X", "Shift+Left", "Space"), names in any case. Blank lines and
// lines whose first character that is not a space is '#' are skipped.
//
// The keys given replace the default keys of the action named; a key the
// file binds is taken from any other action that had it. A line that is
// not of that form, an unknown action or key, an action named twice, a
// key bound twice, a digit 1 to 9 (the counts) and a file that leaves no
// key to quit or to show the help are errors, of type *KeysError.
func ParseKeys(name string, r io.Reader) (*Keys, error) {
	fail := func(line int, format string, args ...any) error {
		return &KeysError{Name: name, Line: line, Err: fmt.Errorf(format, args...)}
	}
	type place struct {
		name string
		line int
	}
	given := map[string][]key{} // by action name
	lineOf := map[string]int{}
	owner := map[key]place{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxKeysFile+1)
	n := 0
	for sc.Scan() {
		n++
		text := sc.Text()
		if !utf8.ValidString(text) {
			return nil, fail(n, "not UTF-8 text")
		}
		line := strings.TrimSpace(text)
		if line == "" || line[0] == '#' {
			continue
		}
		lhs, rhs, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fail(n, "want action = keys, such as \"open = Space Enter\"; got %q", line)
		}
		act := strings.ToLower(strings.TrimSpace(lhs))
		if _, known := keyAction(act); !known {
			return nil, fail(n, "unknown action %q (the actions are listed in the README)", strings.TrimSpace(lhs))
		}
		if prev, dup := lineOf[act]; dup {
			return nil, fail(n, "%s is bound on line %d already", act, prev)
		}
		lineOf[act] = n
		fields := strings.Fields(rhs)
		if len(fields) == 0 {
			return nil, fail(n, "%s: no keys", act)
		}
		for _, f := range fields {
			k, err := parseKey(f)
			if err != nil {
				return nil, fail(n, "%v", err)
			}
			if prev, dup := owner[k]; dup {
				if prev.name == act {
					return nil, fail(n, "%v is given twice", k)
				}
				return nil, fail(n, "%v is bound to %s on line %d already", k, prev.name, prev.line)
			}
			owner[k] = place{act, n}
			given[act] = append(given[act], k)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fail(n+1, "%v", err)
	}
	k := rebind(keyTable, given)
	for _, a := range []action{actQuit, actHelp} {
		if !slices.ContainsFunc(k.table, func(r keyRow) bool { return r.act() == a }) {
			return nil, fail(0, "no key is left to %s", a)
		}
	}
	return k, nil
}

// rebind returns table with the keys of the commands named in given
// replaced by given's, and every key of given taken from the commands
// that had it. A row left without keys is dropped; a row whose footer
// label's key is gone is labelled with its first key.
func rebind(table []keyRow, given map[string][]key) *Keys {
	taken := map[key]bool{}
	for _, ks := range given {
		for _, k := range ks {
			taken[k] = true
		}
	}
	var rows []keyRow
	for _, r := range table {
		if len(r.keys) == 0 {
			rows = append(rows, r)
			continue
		}
		var keys []binding
		done := map[string]bool{}
		for _, b := range r.keys {
			name := commandName(b.cmd)
			ks, rebound := given[name]
			switch {
			case rebound && !done[name]:
				done[name] = true
				for _, k := range ks {
					keys = append(keys, binding{k, b.cmd})
				}
			case !rebound && !taken[b.key]:
				keys = append(keys, b)
			}
		}
		if len(keys) == 0 {
			continue
		}
		r.keys = keys
		if r.label != "" && !r.labelNamesKey() {
			_, word, _ := strings.Cut(r.label, " ")
			r.label = r.labelKeyName() + " " + word
		}
		rows = append(rows, r)
	}
	return &Keys{table: rows, cmds: bindings(rows)}
}

// labelNamesKey reports whether the first word of the row's footer label
// names one of its keys: "arrows" all four, "space" the space bar, else a
// key as the help names it, a character in its case.
func (r keyRow) labelNamesKey() bool {
	first, _, _ := strings.Cut(r.label, " ")
	switch first {
	case "arrows":
		return r.hasArrows(false)
	case "space":
		first = char(' ').String()
	}
	return slices.ContainsFunc(r.keys, func(b binding) bool { return b.key.String() == first })
}

// labelKeyName returns how a footer label names the row's keys: "arrows"
// for the four arrows, else its first key ("space", "Enter", "x").
func (r keyRow) labelKeyName() string {
	if r.hasArrows(false) {
		return "arrows"
	}
	k := r.keys[0].key
	if k == char(' ') {
		return "space"
	}
	return k.String()
}

// commandName returns the name a keys file gives the command c: a
// direction for the moves and jumps, else the action's name.
func commandName(c command) string {
	dir := func(dx, dy int) string {
		switch {
		case dx < 0 && dy == 0:
			return "left"
		case dx > 0 && dy == 0:
			return "right"
		case dy < 0 && dx == 0:
			return "up"
		case dy > 0 && dx == 0:
			return "down"
		}
		return fmt.Sprintf("%d,%d", dx, dy)
	}
	switch c.act {
	case actMove:
		switch {
		case c.page:
			return "page-" + dir(0, c.dy)
		case c.dx == -far:
			return "first-column"
		case c.dx == far:
			return "last-column"
		case c.dy == -far:
			return "first-row"
		case c.dy == far:
			return "last-row"
		case abs(c.dx) > 1 || abs(c.dy) > 1:
			return dir(c.dx, c.dy) + "5"
		}
		return dir(c.dx, c.dy)
	case actJump:
		return "jump-" + dir(c.dx, c.dy)
	case actNumber:
		if c.dy < 0 {
			return "previous-number"
		}
		return "next-number"
	}
	return c.act.String()
}

// KeyActions returns the names of the actions a keys file binds, in the
// help's order.
func KeyActions() []string {
	var names []string
	for _, r := range keyTable {
		for _, b := range r.keys {
			if n := commandName(b.cmd); !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return names
}

// keyAction returns the command a keys file names name, and whether there
// is one.
func keyAction(name string) (command, bool) {
	for _, r := range keyTable {
		for _, b := range r.keys {
			if commandName(b.cmd) == name {
				return b.cmd, true
			}
		}
	}
	return command{}, false
}

// keyByName is tcell.KeyNames the other way, by lower-case name, without
// the Ctrl-letters, which parseKey reads as ctrl keys.
var keyByName = func() map[string]tcell.Key {
	m := map[string]tcell.Key{}
	for k, name := range tcell.KeyNames {
		if k == tcell.KeyRune || k == tcell.KeyBackspace2 || k >= tcell.KeyCtrlA && k <= tcell.KeyCtrlZ {
			continue // a character, Backspace again, a Ctrl-letter
		}
		m[strings.ToLower(name)] = k
	}
	return m
}()

// ctrlTwins are the Ctrl-letters a terminal sends as another key.
var ctrlTwins = map[rune]string{'h': "Backspace", 'i': "Tab", 'm': "Enter"}

// The jumps' commands.
func jump(dx, dy int) command { return command{act: actJump, dx: dx, dy: dy} }
func number(dy int) command   { return command{act: actNumber, dy: dy} }

// parseKey returns the key a keys file names s: a character, "Space", a
// Ctrl-letter "Ctrl-X", or a special key as tcell.KeyNames names it, with
// "Shift+" before it for the key with Shift held.
func parseKey(s string) (key, error) {
	if utf8.RuneCountInString(s) == 1 {
		r, _ := utf8.DecodeRuneInString(s)
		switch {
		case r >= '1' && r <= '9':
			return key{}, fmt.Errorf("%s: the digits 1 to 9 are counts, which no key file binds", s)
		case !unicode.IsGraphic(r) || unicode.IsSpace(r) || r == utf8.RuneError:
			return key{}, fmt.Errorf("unknown key %q", s)
		}
		return char(r), nil
	}
	lower := strings.ToLower(s)
	if lower == "space" {
		return char(' '), nil
	}
	if rest, ok := strings.CutPrefix(lower, "ctrl-"); ok && len(rest) == 1 && rest[0] >= 'a' && rest[0] <= 'z' {
		r := rune(rest[0])
		if twin, ok := ctrlTwins[r]; ok {
			return key{}, fmt.Errorf("%s: a terminal sends it as %s; bind %s", s, twin, twin)
		}
		return ctrl(r), nil
	}
	shift := false
	if rest, ok := strings.CutPrefix(lower, "shift+"); ok {
		shift, lower = true, rest
	}
	k, ok := keyByName[lower]
	if !ok {
		if shift && utf8.RuneCountInString(lower) == 1 {
			return key{}, fmt.Errorf("%s: a character carries its case; write the character Shift types", s)
		}
		return key{}, fmt.Errorf("unknown key %q (a character, Space, or a key as tcell names it: Enter, Tab, Up, PgDn, F2, Ctrl-X, Shift+Left)", s)
	}
	switch {
	case shift && k == tcell.KeyTab:
		return special(tcell.KeyBacktab), nil // as tcell reads Shift+Tab
	case shift:
		return shifted(k), nil
	}
	return special(k), nil
}

package keys

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// MaxFile is the largest keys file Read reads: far more than a
// line for every action with every key of the keyboard.
const MaxFile = 64 << 10

// Set is the game's keys with a player's bindings: Table, with the
// keys of the actions a keys file names replaced by the file's (see
// Parse). The help, the footer and the keys read all follow them. Nil
// is the default keys.
type Set struct {
	table []Row
	cmds  map[Key]Command
}

// defaultKeys are Table's keys, unchanged.
var defaultKeys = &Set{table: Table, cmds: keyCommands}

// orDefault returns k, or the default keys when k is nil.
func (k *Set) orDefault() *Set {
	if k == nil {
		return defaultKeys
	}
	return k
}

// Rows returns the rows of the keys, in the help's order.
func (k *Set) Rows() []Row { return k.orDefault().table }

// Command returns what a key means, as the keys say (see CommandOf).
func (k *Set) Command(ev *tcell.EventKey) Command { return CommandOf(k.orDefault().cmds, ev) }

// FileError is a keys file that cannot be used: the file as its reader was
// given it, the line at fault (0 for the file as a whole) and why.
type FileError struct {
	Name string
	Line int
	Err  error
}

// Error returns "name:line: why", or "name: why" without a line.
func (e *FileError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %v", e.Name, e.Err)
	}
	return fmt.Sprintf("%s:%d: %v", e.Name, e.Line, e.Err)
}

// Unwrap returns the cause.
func (e *FileError) Unwrap() error { return e.Err }

// Read reads the keys file name (see Parse): a regular file of at
// most MaxFile bytes, read through userfile.
func Read(name string) (*Set, error) {
	f, err := userfile.Open(name, MaxFile)
	if err != nil {
		return nil, &FileError{Name: name, Err: err}
	}
	defer f.Close()
	return Parse(name, f)
}

// Parse reads a keys file, naming it name in its errors. Each line
// binds the keys of one action, "open = Space Enter": the action's name
// (see Actions), '=', and its keys separated by spaces, each a single
// character or a key as tcell names it ("Enter", "Tab", "PgDn", "F2",
// "Ctrl-X", "Shift+Left", "Space"), names in any case. Blank lines and
// lines whose first character that is not a space is '#' are skipped.
//
// The keys given replace the default keys of the action named; a key the
// file binds is taken from any other action that had it. A line that is
// not of that form, an unknown action or key, an action named twice, a
// key bound twice, a digit 1 to 9 (the counts) and a file that leaves no
// key to quit or to show the help are errors, of type *FileError.
func Parse(name string, r io.Reader) (*Set, error) {
	fail := func(line int, format string, args ...any) error {
		return &FileError{Name: name, Line: line, Err: fmt.Errorf(format, args...)}
	}
	type place struct {
		name string
		line int
	}
	given := map[string][]Key{} // by action name
	lineOf := map[string]int{}
	owner := map[Key]place{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxFile+1)
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
	k := rebind(Table, given)
	for _, a := range []Action{ActQuit, ActHelp} {
		if !slices.ContainsFunc(k.table, func(r Row) bool { return r.Act() == a }) {
			return nil, fail(0, "no key is left to %s", a)
		}
	}
	return k, nil
}

// rebind returns table with the keys of the commands named in given
// replaced by given's, and every key of given taken from the commands
// that had it. A row left without keys is dropped; a row whose footer
// label's key is gone is labelled with its first key.
func rebind(table []Row, given map[string][]Key) *Set {
	taken := map[Key]bool{}
	for _, ks := range given {
		for _, k := range ks {
			taken[k] = true
		}
	}
	var rows []Row
	for _, r := range table {
		if len(r.Keys) == 0 {
			rows = append(rows, r)
			continue
		}
		var keys []Binding
		done := map[string]bool{}
		for _, b := range r.Keys {
			name := commandName(b.Cmd)
			ks, rebound := given[name]
			switch {
			case rebound && !done[name]:
				done[name] = true
				for _, k := range ks {
					keys = append(keys, Binding{k, b.Cmd})
				}
			case !rebound && !taken[b.Key]:
				keys = append(keys, b)
			}
		}
		if len(keys) == 0 {
			continue
		}
		r.Keys = keys
		if r.Label != "" && !r.labelNamesKey() {
			_, word, _ := strings.Cut(r.Label, " ")
			r.Label = r.labelKeyName() + " " + word
		}
		rows = append(rows, r)
	}
	return &Set{table: rows, cmds: bindings(rows)}
}

// labelNamesKey reports whether the first word of the row's footer label
// names one of its keys: "arrows" all four, "space" the space bar, else a
// key as the help names it, a character in its case.
func (r Row) labelNamesKey() bool {
	first, _, _ := strings.Cut(r.Label, " ")
	switch first {
	case "arrows":
		return r.hasArrows(false)
	case "space":
		first = char(' ').String()
	}
	return slices.ContainsFunc(r.Keys, func(b Binding) bool { return b.Key.String() == first })
}

// labelKeyName returns how a footer label names the row's keys: "arrows"
// for the four arrows, else its first key ("space", "Enter", "x").
func (r Row) labelKeyName() string {
	if r.hasArrows(false) {
		return "arrows"
	}
	k := r.Keys[0].Key
	if k == char(' ') {
		return "space"
	}
	return k.String()
}

// commandName returns the name a keys file gives the command c: a
// direction for the moves and jumps, else the action's name.
func commandName(c Command) string {
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
	switch c.Act {
	case ActMove:
		switch {
		case c.Page:
			return "page-" + dir(0, c.DY)
		case c.DX == -far:
			return "first-column"
		case c.DX == far:
			return "last-column"
		case c.DY == -far:
			return "first-row"
		case c.DY == far:
			return "last-row"
		case abs(c.DX) > 1 || abs(c.DY) > 1:
			return dir(c.DX, c.DY) + "5"
		}
		return dir(c.DX, c.DY)
	case ActJump:
		return "jump-" + dir(c.DX, c.DY)
	case ActNumber:
		if c.DY < 0 {
			return "previous-number"
		}
		return "next-number"
	}
	return c.Act.String()
}

// Actions returns the names of the actions a keys file binds, in the
// help's order.
func Actions() []string {
	var names []string
	for _, r := range Table {
		for _, b := range r.Keys {
			if n := commandName(b.Cmd); !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return names
}

// keyAction returns the command a keys file names name, and whether there
// is one.
func keyAction(name string) (Command, bool) {
	for _, r := range Table {
		for _, b := range r.Keys {
			if commandName(b.Cmd) == name {
				return b.Cmd, true
			}
		}
	}
	return Command{}, false
}

// keyByName returns tcell.KeyNames the other way, by lower-case name,
// without the Ctrl-letters, which parseKey reads as ctrl keys. It is made
// when a keys file is first read, not at every start.
var keyByName = sync.OnceValue(func() map[string]tcell.Key {
	m := map[string]tcell.Key{}
	for k, name := range tcell.KeyNames {
		if k == tcell.KeyRune || k == tcell.KeyBackspace2 || k >= tcell.KeyCtrlA && k <= tcell.KeyCtrlZ {
			continue // a character, Backspace again, a Ctrl-letter
		}
		m[strings.ToLower(name)] = k
	}
	return m
})

// ctrlTwins are the Ctrl-letters a terminal sends as another key.
var ctrlTwins = map[rune]string{'h': "Backspace", 'i': "Tab", 'm': "Enter"}

// The jumps' commands.
func jump(dx, dy int) Command { return Command{Act: ActJump, DX: dx, DY: dy} }
func number(dy int) Command   { return Command{Act: ActNumber, DY: dy} }

// parseKey returns the key a keys file names s: a character, "Space", a
// Ctrl-letter "Ctrl-X", or a special key as tcell.KeyNames names it, with
// "Shift+" before it for the key with Shift held.
func parseKey(s string) (Key, error) {
	if utf8.RuneCountInString(s) == 1 {
		r, _ := utf8.DecodeRuneInString(s)
		switch {
		case r >= '1' && r <= '9':
			return Key{}, fmt.Errorf("%s: the digits 1 to 9 are counts, which no key file binds", s)
		case !unicode.IsGraphic(r) || unicode.IsSpace(r) || r == utf8.RuneError:
			return Key{}, fmt.Errorf("unknown key %q", s)
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
			return Key{}, fmt.Errorf("%s: a terminal sends it as %s; bind %s", s, twin, twin)
		}
		return ctrl(r), nil
	}
	shift := false
	if rest, ok := strings.CutPrefix(lower, "shift+"); ok {
		shift, lower = true, rest
	}
	k, ok := keyByName()[lower]
	if !ok {
		if shift && utf8.RuneCountInString(lower) == 1 {
			return Key{}, fmt.Errorf("%s: a character carries its case; write the character Shift types", s)
		}
		return Key{}, fmt.Errorf("unknown key %q (a character, Space, or a key as tcell names it: Enter, Tab, Up, PgDn, F2, Ctrl-X, Shift+Left)", s)
	}
	switch {
	case shift && k == tcell.KeyTab:
		return special(tcell.KeyBacktab), nil // as tcell reads Shift+Tab
	case shift:
		return shifted(k), nil
	}
	return special(k), nil
}

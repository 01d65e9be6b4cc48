package keys

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
)

// TestParseKeysErrors checks every error Parse gives, each one line
// naming the file and the line.
func TestParseKeysErrors(t *testing.T) {
	tests := []struct {
		text string
		want string
	}{
		{"open", `keys.conf:1: want action = keys, such as "open = Space Enter"; got "open"`},
		{"# a comment\n\nfrob = x", `keys.conf:3: unknown action "frob" (the actions are listed in the README)`},
		{"move = x", `keys.conf:1: unknown action "move" (the actions are listed in the README)`},
		{"open = x\nopen = y", "keys.conf:2: open is bound on line 1 already"},
		{"open =", "keys.conf:1: open: no keys"},
		{"open = Frob", `keys.conf:1: unknown key "Frob" (a character, Space, or a key as tcell names it: Enter, Tab, Up, PgDn, F2, Ctrl-X, Shift+Left)`},
		{"open = Rune", `keys.conf:1: unknown key "Rune" (a character, Space, or a key as tcell names it: Enter, Tab, Up, PgDn, F2, Ctrl-X, Shift+Left)`},
		{"open = x x", "keys.conf:1: x is given twice"},
		{"open = x\nmark = x", "keys.conf:2: x is bound to open on line 1 already"},
		{"open = Space\nmark = space", "keys.conf:2: Space is bound to open on line 1 already"},
		{"open = 5", "keys.conf:1: 5: the digits 1 to 9 are counts, which no key file binds"},
		{"open = Ctrl-I", "keys.conf:1: Ctrl-I: a terminal sends it as Tab; bind Tab"},
		{"open = Shift+x", "keys.conf:1: Shift+x: a character carries its case; write the character Shift types"},
		{"open = \x01", `keys.conf:1: unknown key "\x01"`},
		{"open = \xff", "keys.conf:1: not UTF-8 text"},
		{"open = q Esc Ctrl-C", "keys.conf: no key is left to quit"},
		{"open = ?", "keys.conf: no key is left to help"},
		{strings.Repeat("#", MaxFile+2), "keys.conf:1: bufio.Scanner: token too long"},
	}
	for _, tt := range tests {
		k, err := Parse("keys.conf", strings.NewReader(tt.text))
		var ke *FileError
		if err == nil || err.Error() != tt.want || !errors.As(err, &ke) {
			t.Errorf("ParseKeys(%.40q) = %v, %v; want the *KeysError %q", tt.text, k, err, tt.want)
		}
	}
}

// TestParseKeys checks what bindings do to the table: the keys named
// replace an action's, a key bound is taken from the action that had it,
// and the labels name the keys as bound.
func TestParseKeys(t *testing.T) {
	tests := []struct {
		text  string
		key   *tcell.EventKey
		want  Command
		label string // the label of want's action, "" for no check
	}{
		{"mark = x", tcell.NewEventKey(tcell.KeyRune, 'x', 0), Command{Act: ActMark}, "x flag"},
		{"mark = x", tcell.NewEventKey(tcell.KeyRune, 'f', 0), Command{}, ""},
		{"mark = m", tcell.NewEventKey(tcell.KeyRune, 'm', 0), Command{Act: ActMark}, "m flag"},
		{"mark = m", tcell.NewEventKey(tcell.KeyRune, 'f', 0), Command{}, ""},
		{"MARK = M F", tcell.NewEventKey(tcell.KeyRune, 'F', 0), Command{Act: ActMark}, "M flag"},
		{"open = Enter", tcell.NewEventKey(tcell.KeyEnter, 0, 0), Command{Act: ActOpen}, "Enter open"},
		{"open = Enter", tcell.NewEventKey(tcell.KeyRune, ' ', 0), Command{}, ""},
		{"open = space x", tcell.NewEventKey(tcell.KeyRune, 'x', 0), Command{Act: ActOpen}, "space open"},
		{"left = a\n  # comment\n", tcell.NewEventKey(tcell.KeyRune, 'a', 0), move(-1, 0), "Up move"},
		{"left = a", tcell.NewEventKey(tcell.KeyRune, 'h', 0), Command{}, ""},
		{"left = a", tcell.NewEventKey(tcell.KeyLeft, 0, 0), Command{}, ""},
		{"up = a\ndown = b\nleft = c\nright = d", tcell.NewEventKey(tcell.KeyRune, 'd', 0), move(1, 0), "a move"},
		{"left5 = Shift+Home", tcell.NewEventKey(tcell.KeyHome, 0, tcell.ModShift), move(-5, 0), ""},
		{"first-column = Shift+Home", tcell.NewEventKey(tcell.KeyHome, 0, 0), Command{}, ""},
		{"quit = Ctrl-X", tcell.NewEventKey(tcell.KeyCtrlX, 'x', tcell.ModCtrl), Command{Act: ActQuit}, "Ctrl-X quit"},
		{"quit = Ctrl-X", tcell.NewEventKey(tcell.KeyRune, 0x18, 0), Command{Act: ActQuit}, ""},
		{"quit = Ctrl-X", tcell.NewEventKey(tcell.KeyRune, 'q', 0), Command{}, ""},
		{"next-number = Shift+Tab", tcell.NewEventKey(tcell.KeyTab, 0, tcell.ModShift), number(1), ""},
		{"jump-right = w\nwhere = Ctrl-W", tcell.NewEventKey(tcell.KeyRune, 'w', 0), jump(1, 0), ""},
		{"hint = #", tcell.NewEventKey(tcell.KeyRune, '#', 0), Command{Act: ActHint}, "# hint"},
		{"hint = =", tcell.NewEventKey(tcell.KeyRune, '=', 0), Command{Act: ActHint}, "= hint"},
		{"redraw = F5", tcell.NewEventKey(tcell.KeyF5, 0, 0), Command{Act: ActRedraw}, ""},
		{"first-column = Home", tcell.NewEventKey(tcell.KeyRune, '0', 0), Command{}, ""},
	}
	for _, tt := range tests {
		k, err := Parse("keys.conf", strings.NewReader(tt.text))
		if err != nil {
			t.Errorf("ParseKeys(%q): %v", tt.text, err)
			continue
		}
		if got := CommandOf(k.cmds, tt.key); got != tt.want {
			t.Errorf("ParseKeys(%q): %s means %+v; want %+v", tt.text, describe(tt.key), got, tt.want)
		}
		if tt.label != "" {
			if got := LabelOf(k.table, tt.want.Act); got != tt.label {
				t.Errorf("ParseKeys(%q): the footer's label of %v is %q; want %q", tt.text, tt.want.Act, got, tt.label)
			}
		}
		if err := checkTable(k.table); err != nil {
			t.Errorf("ParseKeys(%q): %v", tt.text, err)
		}
	}
}

// TestKeyActionNames checks that every command of Table has a name of
// its own, so that a keys file can bind each.
func TestKeyActionNames(t *testing.T) {
	seen := map[string]Command{}
	for _, r := range Table {
		for _, b := range r.Keys {
			name := commandName(b.Cmd)
			if strings.ContainsAny(name, ", =#") || name == "" {
				t.Errorf("%+v is named %q, which a keys file cannot write", b.Cmd, name)
			}
			if prev, ok := seen[name]; ok && prev != b.Cmd {
				t.Errorf("%+v and %+v are both named %q", prev, b.Cmd, name)
			}
			seen[name] = b.Cmd
		}
	}
	if got := len(Actions()); got != len(seen) {
		t.Errorf("KeyActions() has %d names; want %d", got, len(seen))
	}
}

// checkTable returns why a table of keys cannot be played, or nil: a key
// rows's keys must ask for one action, each key and each event a terminal
// sends must mean one command, a footer label must name one of its row's
// keys, and quit and help must have a key.
func checkTable(table []Row) error {
	keys := map[Key]Command{}
	type event struct {
		k   tcell.Key
		r   rune
		mod tcell.ModMask
	}
	events := map[event]Key{}
	acts := map[Action]bool{}
	for _, r := range table {
		if r.mouse != "" {
			continue
		}
		if len(r.Keys) == 0 {
			return fmt.Errorf("a row with no keys: %q", r.Text(Mode{}))
		}
		for _, b := range r.Keys {
			if b.Cmd.Act != r.Act() {
				return fmt.Errorf("row %q: %v asks for %v, the row for %v", r.Names(), b.Key, b.Cmd.Act, r.Act())
			}
			if _, dup := keys[b.Key]; dup {
				return fmt.Errorf("%v is bound twice", b.Key)
			}
			keys[b.Key] = b.Cmd
			acts[b.Cmd.Act] = true
			for _, ev := range keyEvents(b.Key) {
				e := event{ev.Key(), ev.Rune(), ev.Modifiers()}
				if prev, dup := events[e]; dup && prev != b.Key {
					return fmt.Errorf("%v and %v both send %s", prev, b.Key, describe(ev))
				}
				events[e] = b.Key
				if got := CommandOf(bindings(table), ev); got != b.Cmd {
					return fmt.Errorf("%s means %+v; want %+v", describe(ev), got, b.Cmd)
				}
			}
		}
		if r.Label != "" && !r.labelNamesKey() {
			return fmt.Errorf("label %q names none of the keys %q", r.Label, r.Names())
		}
	}
	for _, a := range []Action{ActQuit, ActHelp} {
		if !acts[a] {
			return fmt.Errorf("no key to %v", a)
		}
	}
	return nil
}

// FuzzKeysConfig checks that Parse never panics, and that whatever it
// accepts is a table that can be played.
func FuzzKeysConfig(f *testing.F) {
	for _, seed := range []string{
		"",
		"# nothing\n\n",
		"open = space enter\nmark = f m\nleft = h Left\n",
		"mark = x\nflags = X\n",
		"up = w\ndown = s\nleft = a\nright = d\nwhere = W\n",
		"quit = Ctrl-X q\nsuspend = Ctrl-Q\n",
		"next-number = Shift+Tab n\nnew = N\n",
		"open = =\nhint = #\n",
		"open = Ctrl-I",
		"open = 5",
		"quit = x\nopen = Esc Ctrl-C q",
		"left5 = Shift+F1\nright5 = F12\npage-up = Ctrl-Space",
		"help = Backspace\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		k, err := Parse("keys.conf", strings.NewReader(text))
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("ParseKeys(%q): error on two lines: %q", text, err)
			}
			return
		}
		if err := checkTable(k.table); err != nil {
			t.Errorf("ParseKeys(%q) accepted a table that cannot be played: %v", text, err)
		}
		for _, r := range k.table {
			if r.Label != "" && !slices.ContainsFunc(Table, func(d Row) bool { return d.Act() == r.Act() && d.Label != "" }) {
				t.Errorf("ParseKeys(%q): a label %q no default row has", text, r.Label)
			}
		}
	})
}

// TestReadmeKeyActions checks that the README names every action a keys
// file binds.
func TestReadmeKeyActions(t *testing.T) {
	data, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range Actions() {
		if !strings.Contains(string(data), "`"+name+"`") {
			t.Errorf("README.md does not name the keys file's action %q", name)
		}
	}
}

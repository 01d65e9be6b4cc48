package keys

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/gdamore/tcell/v2"
)

// keyEvents returns the events a terminal may send for k: a Ctrl-letter
// in each of the three forms CtrlLetter reads.
func keyEvents(k Key) []*tcell.EventKey {
	switch {
	case k.ctrl:
		return []*tcell.EventKey{
			tcell.NewEventKey(tcell.KeyCtrlA+tcell.Key(k.r-'a'), 0, tcell.ModCtrl),
			tcell.NewEventKey(tcell.KeyRune, k.r, tcell.ModCtrl),
			tcell.NewEventKey(tcell.KeyRune, unicode.ToUpper(k.r), tcell.ModCtrl|tcell.ModShift),
		}
	case k.code == tcell.KeyRune:
		return []*tcell.EventKey{tcell.NewEventKey(tcell.KeyRune, k.r, tcell.ModNone)}
	case k.shift:
		return []*tcell.EventKey{tcell.NewEventKey(k.code, 0, tcell.ModShift)}
	}
	return []*tcell.EventKey{tcell.NewEventKey(k.code, 0, tcell.ModNone)}
}

func describe(ev *tcell.EventKey) string {
	return fmt.Sprintf("%s (key %d rune %q mod %d)", ev.Name(), ev.Key(), ev.Rune(), ev.Modifiers())
}

// TestKeyTableCommands checks that every key of the table yields its
// command through GameCommand, in every form a terminal sends it.
func TestKeyTableCommands(t *testing.T) {
	for _, r := range Table {
		for _, b := range r.Keys {
			for _, ev := range keyEvents(b.Key) {
				if got := GameCommand(ev); got != b.Cmd {
					t.Errorf("keyCommand(%s) = %+v; want %+v (the %q row)", describe(ev), got, b.Cmd, r.Names())
				}
			}
		}
	}
}

// TestKeyModifiers checks how modifiers the table does not name are read:
// a special key with Shift means what it means alone unless a shifted row
// binds it; a key with Alt or Meta, and a special key with Ctrl, mean
// nothing (Alt+a started auto-play).
func TestKeyModifiers(t *testing.T) {
	tests := []struct {
		ev   *tcell.EventKey
		want Command
	}{
		{tcell.NewEventKey(tcell.KeyUp, 0, tcell.ModShift), move(0, -5)},
		{tcell.NewEventKey(tcell.KeyUp, 0, tcell.ModShift|tcell.ModCtrl), Command{}},
		{tcell.NewEventKey(tcell.KeyUp, 0, tcell.ModCtrl), Command{}},
		{tcell.NewEventKey(tcell.KeyUp, 0, tcell.ModAlt), Command{}},
		{tcell.NewEventKey(tcell.KeyRune, 'a', tcell.ModAlt), Command{}},
		{tcell.NewEventKey(tcell.KeyRune, 'a', tcell.ModNone), Command{Act: ActAuto}},
		{tcell.NewEventKey(tcell.KeyRune, 'q', tcell.ModMeta), Command{}},
		{tcell.NewEventKey(tcell.KeyCtrlZ, 0, tcell.ModCtrl), Command{Act: ActSuspend}},
		{tcell.NewEventKey(tcell.KeyRune, 'z', tcell.ModCtrl), Command{Act: ActSuspend}},
		{tcell.NewEventKey(tcell.KeyHome, 0, tcell.ModShift), move(-far, 0)},
		{tcell.NewEventKey(tcell.KeyEnter, 0, tcell.ModShift), Command{Act: ActOpen}},
		{tcell.NewEventKey(tcell.KeyRune, 'f', tcell.ModAlt), Command{}},
		{tcell.NewEventKey(tcell.KeyRune, 'H', tcell.ModShift), move(-5, 0)},
		{tcell.NewEventKey(tcell.KeyRune, 'x', tcell.ModNone), Command{}},
		{tcell.NewEventKey(tcell.KeyRune, 'f', tcell.ModCtrl), Command{}},
		{tcell.NewEventKey(tcell.KeyF1, 0, tcell.ModNone), Command{}},
	}
	for _, tt := range tests {
		if got := GameCommand(tt.ev); got != tt.want {
			t.Errorf("keyCommand(%s) = %+v; want %+v", describe(tt.ev), got, tt.want)
		}
	}
}

// TestKeyTableNoDuplicates checks that no two entries bind one key, nor
// two keys that reach the game as one event.
func TestKeyTableNoDuplicates(t *testing.T) {
	type event struct {
		k   tcell.Key
		r   rune
		mod tcell.ModMask
	}
	keys := map[Key]string{}
	events := map[event]string{}
	for _, r := range Table {
		for _, b := range r.Keys {
			where := fmt.Sprintf("%v in the %q row", b.Key, r.Names())
			if prev, dup := keys[b.Key]; dup {
				t.Errorf("%s is bound again: %s", where, prev)
			}
			keys[b.Key] = where
			for _, ev := range keyEvents(b.Key) {
				e := event{ev.Key(), ev.Rune(), ev.Modifiers()}
				if prev, dup := events[e]; dup && prev != where {
					t.Errorf("%s sends %s, as %s does", where, describe(ev), prev)
				}
				events[e] = where
			}
		}
	}
	labels := map[string]bool{}
	for _, r := range Table {
		if r.Label != "" && labels[r.Label] {
			t.Errorf("label %q shown twice", r.Label)
		}
		labels[r.Label] = true
	}
}

// TestKeyTableRows checks each row's form: keys or a gesture, help text,
// and a footer label that starts with the name of one of its keys.
func TestKeyTableRows(t *testing.T) {
	for _, r := range Table {
		if (len(r.Keys) == 0) == (r.mouse == "") {
			t.Errorf("row %q: want keys or a mouse gesture, not both or neither", r.Names())
		}
		if r.Text(Mode{}) == "" || r.Text(Mode{QuestionMarks: true}) == "" {
			t.Errorf("row %q has no help text", r.Names())
		}
		for _, b := range r.Keys {
			if b.Cmd.Act != r.Act() {
				t.Errorf("row %q: %v asks for %v, the row for %v; want one action a row", r.Names(), b.Key, b.Cmd.Act, r.Act())
			}
		}
		if r.Label == "" {
			continue
		}
		if len(r.Keys) == 0 {
			t.Errorf("mouse row %q has a footer label %q", r.mouse, r.Label)
			continue
		}
		first := strings.ToLower(strings.Fields(r.Label)[0])
		names := strings.ToLower(r.Names())
		if !slices.Contains(strings.FieldsFunc(names, func(c rune) bool { return c == ',' || c == ' ' }), first) {
			t.Errorf("label %q names none of the row's keys %q", r.Label, r.Names())
		}
	}
}

// TestHelpWithoutQuestionMarks checks that the help does not offer a
// question mark that -question=false turned off.
func TestHelpWithoutQuestionMarks(t *testing.T) {
	for _, line := range HelpText(Table, Mode{QuestionMarks: false}) {
		if strings.Contains(line, "cycle") || strings.Contains(line, "question") {
			t.Errorf("help line %q offers question marks", line)
		}
	}
}

// TestHelpCommands checks that each line of the help runs the command of
// its keys, and none where a click should only close the help: the
// headings, the cursor's and the cell's keys, the counts, the mouse.
func TestHelpCommands(t *testing.T) {
	lines, cmds := HelpText(Table, Mode{}), HelpCommands(Table, Mode{})
	if len(lines) != len(cmds) {
		t.Fatalf("HelpText has %d lines, HelpCommands %d commands; want as many", len(lines), len(cmds))
	}
	tests := []struct {
		line string
		want Action
	}{
		{"Keys", ActNone},
		{"Mouse", ActNone},
		{"options: board", ActMenu},
		{"statistics of this kind", ActStats},
		{"new game, new seed", ActNew},
		{"move five cells", ActNone},
		{"open; on a number, chord", ActNone},
		{"jump right, left", ActNone},
	}
	for _, tt := range tests {
		i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, tt.line) })
		if i < 0 {
			t.Errorf("no help line has %q", tt.line)
			continue
		}
		if got := cmds[i].Act; got != tt.want {
			t.Errorf("HelpCommands at %q = %v; want %v", lines[i], got, tt.want)
		}
	}
}

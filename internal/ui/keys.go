package ui

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
)

// key is one key as keyCommand reads it: a special key such as KeyUp,
// with Shift held or not, a character, or a Ctrl-letter in any of the
// forms ctrlLetter reads.
type key struct {
	code  tcell.Key // the special key; tcell.KeyRune for a character
	r     rune      // the character, or the letter of a Ctrl-letter
	ctrl  bool      // r is a Ctrl-letter (code is unused)
	shift bool      // Shift is held with the special key
}

// special returns the special key k. With Shift held it means the same,
// unless shifted(k) is bound too.
func special(k tcell.Key) key { return key{code: k} }

// shifted returns the special key k with Shift held.
func shifted(k tcell.Key) key { return key{code: k, shift: true} }

// char returns the key that types r. Characters carry their case, so
// Shift plays no part.
func char(r rune) key { return key{code: tcell.KeyRune, r: r} }

// ctrl returns Ctrl and the lower-case letter.
func ctrl(letter rune) key { return key{r: letter, ctrl: true} }

// keyKind sorts keys for the help's names: keys of one kind are listed
// together, the kinds apart.
type keyKind uint8

// The kinds of keys.
const (
	specialKind keyKind = iota
	charKind
	ctrlKind
)

func (k key) kind() keyKind {
	switch {
	case k.ctrl:
		return ctrlKind
	case k.code == tcell.KeyRune:
		return charKind
	}
	return specialKind
}

// String returns the key's name as the help writes it: "Up",
// "Shift+PgUp", "h", "Space", "Ctrl-Z".
func (k key) String() string {
	switch k.kind() {
	case ctrlKind:
		return "Ctrl-" + strings.ToUpper(string(k.r))
	case charKind:
		if k.r == ' ' {
			return "Space"
		}
		return string(k.r)
	}
	name, ok := tcell.KeyNames[k.code]
	if !ok {
		name = fmt.Sprintf("Key(%d)", k.code)
	}
	if k.shift {
		name = "Shift+" + name
	}
	return name
}

// binding is one key and what it means.
type binding struct {
	key key
	cmd command
}

// keyRow is one line of the help: the keys that do one thing (each with
// its own command, as the four arrows move four ways), or a mouse gesture
// that gesture.update reads, described only.
type keyRow struct {
	keys  []binding
	mouse string // the gesture, for a row without keys
	label string // the footer's reminder, "" for none
	prio  int    // the footer keeps the labels of lowest prio first
	help  string // what the keys do, for the help overlay
	// helpFor, when not nil, returns the help's text instead of help, for
	// keys whose meaning depends on the game's mode.
	helpFor func(keyMode) string
	// only, when not nil, reports whether the row is offered in mode m:
	// a row it hides is in neither the footer nor the help, and its keys
	// only say why they do nothing.
	only func(m keyMode) bool
}

// keyMode is what the keys' help and footer depend on: the settings of
// the game in play.
type keyMode struct {
	QuestionMarks bool // 'f' cycles flag, question mark, none; else flag, none
	PauseOnly     bool // Ctrl-Z only pauses: the terminal's process is not this one
	Server        bool // the game is played on a server, which keeps leaderboards
}

// move returns the command that moves the cursor by (dx, dy).
func move(dx, dy int) command { return command{act: actMove, dx: dx, dy: dy} }

// page returns the command that moves the cursor by dy screens of rows.
func page(dy int) command { return command{act: actMove, dy: dy, page: true} }

// keyTable is every key of the game, what it does and how the footer and
// the help name it: keyCommand, the footer and the help overlay all read
// it, and the mouse's rows of the help. A new key is a row here and its
// action's case in ui.do. Rows are in the help's order, which is also the
// footer's; the footer picks its labels by prio, so a label whose prio is
// above 8 shows only on lines wider than today's 74 columns of labels.
var keyTable = []keyRow{
	{keys: []binding{
		{special(tcell.KeyUp), move(0, -1)}, {special(tcell.KeyDown), move(0, 1)},
		{special(tcell.KeyLeft), move(-1, 0)}, {special(tcell.KeyRight), move(1, 0)},
		{char('h'), move(-1, 0)}, {char('j'), move(0, 1)}, {char('k'), move(0, -1)}, {char('l'), move(1, 0)},
	}, label: "arrows move", prio: 3, help: "move"},
	{keys: []binding{
		{shifted(tcell.KeyUp), move(0, -5)}, {shifted(tcell.KeyDown), move(0, 5)},
		{shifted(tcell.KeyLeft), move(-5, 0)}, {shifted(tcell.KeyRight), move(5, 0)},
		{char('H'), move(-5, 0)}, {char('J'), move(0, 5)}, {char('K'), move(0, -5)}, {char('L'), move(5, 0)},
	}, help: "move five cells"},
	{keys: []binding{
		{char('0'), move(-far, 0)}, {char('$'), move(far, 0)},
		{special(tcell.KeyHome), move(-far, 0)}, {special(tcell.KeyEnd), move(far, 0)},
	}, help: "first, last column"},
	{keys: []binding{{char('g'), move(0, -far)}, {char('G'), move(0, far)}}, help: "first, last row"},
	{keys: []binding{{special(tcell.KeyPgUp), page(-1)}, {special(tcell.KeyPgDn), page(1)}},
		help: "a screen up, down"},
	{keys: []binding{{char('W'), jump(1, 0)}, {char('B'), jump(-1, 0)}, {char('}'), jump(0, 1)}, {char('{'), jump(0, -1)}},
		help: "jump right, left, down, up past open ground"},
	{keys: []binding{{special(tcell.KeyTab), number(1)}, {special(tcell.KeyBacktab), number(-1)}, {char(']'), number(1)}, {char('['), number(-1)}},
		help: "next, previous number with a closed neighbour"},
	{keys: []binding{{special(tcell.KeyEnter), command{act: actOpen}}, {char(' '), command{act: actOpen}}},
		label: "space open", prio: 4, help: "open; on a number, chord"},
	{keys: []binding{{char('f'), command{act: actMark}}}, label: "f flag", prio: 5,
		helpFor: func(m keyMode) string {
			if m.QuestionMarks {
				return "cycle flag, question mark, none"
			}
			return "put or remove a flag"
		}},
	{keys: []binding{{char('n'), command{act: actNew}}}, label: "n new", prio: 6, help: "new game, new seed"},
	{keys: []binding{{char('r'), command{act: actRestart}}}, label: "r restart", prio: 9, help: "restart this board"},
	{keys: []binding{{char('p'), command{act: actPause}}}, label: "p pause", prio: 8, help: "pause, resume"},
	{keys: []binding{{char('s'), command{act: actHint}}}, label: "s hint", prio: 7,
		help: "hint: go to a safe cell; again: why it is safe"},
	{keys: []binding{{char('m'), command{act: actFlags}}}, label: "m mines", prio: 12, help: "flag every certain mine"},
	{keys: []binding{{char('v'), command{act: actOdds}}}, label: "v odds", prio: 10, help: "show, hide each cell's chance of a mine"},
	{keys: []binding{{char('a'), command{act: actAuto}}}, label: "a auto", prio: 11, help: "the solver plays; again: faster"},
	{keys: []binding{{char('w'), command{act: actWhere}}}, help: "after a loss: where a safe cell was"},
	{keys: []binding{{char('i'), command{act: actStats}}}, label: "i stats", prio: 14, help: "statistics of this kind of board"},
	{keys: []binding{{char('o'), command{act: actMenu}}}, label: "o options", prio: 9, help: "options: board, rules, theme, daily board"},
	{keys: []binding{{char('b'), command{act: actLeaders}}}, label: "b leaders", prio: 16,
		help: "the server's leaderboards of this level", only: onServer},
	{keys: []binding{
		{char('q'), command{act: actQuit}}, {special(tcell.KeyEsc), command{act: actQuit}}, {ctrl('c'), command{act: actQuit}},
	}, label: "q quit", prio: 2, help: "quit"},
	{keys: []binding{{ctrl('z'), command{act: actSuspend}}}, helpFor: suspendHelp},
	{keys: []binding{{ctrl('l'), command{act: actRedraw}}}, help: "redraw"},
	{keys: []binding{{char('u'), command{act: actUndo}}}, label: "u undo", prio: 13, help: "undo the last move, even a fatal one"},
	{keys: []binding{{char('e'), command{act: actReplay}}}, label: "e replay", prio: 15, help: "after the end: replay the game (q comes back)"},
	// The help's key stays the last key row: the footer ends with its label.
	{keys: []binding{{char('?'), command{act: actHelp}}}, label: "? help", prio: 1, help: "this help"},

	// The mouse, as gesture.update reads it.
	{mouse: "left click", help: "press shows it, release opens; a number chords"},
	{mouse: "drag, held", help: "move the press; release off the board cancels"},
	{mouse: "right click", helpFor: func(m keyMode) string {
		if m.QuestionMarks {
			return "cycle the marks, at once on the press"
		}
		return "put or remove a flag, at once on the press"
	}},
	{mouse: "left+right, middle", help: "chord on release; the press shows the 3x3"},
	{mouse: "wheel", help: "move up and down"},
	{mouse: "click [ state ]", help: "new game, on release"},
}

// suspendHelp says what Ctrl-Z does: on a remote terminal it pauses the
// game, and there is no shell of the player's to go back to.
func suspendHelp(m keyMode) string {
	if m.PauseOnly {
		return "pause (over SSH nothing is suspended)"
	}
	return "suspend (fg resumes)"
}

// onServer reports whether the game is played on a server, which keeps
// leaderboards.
func onServer(m keyMode) bool { return m.Server }

// offered returns the rows of table offered in mode m (see keyRow.only).
func offered(table []keyRow, m keyMode) []keyRow {
	rows := make([]keyRow, 0, len(table))
	for _, r := range table {
		if r.only == nil || r.only(m) {
			rows = append(rows, r)
		}
	}
	return rows
}

// keyCommands is keyTable by key, for keyCommand.
var keyCommands = bindings(keyTable)

// replayTable is every key of a replay, as keyTable is the game's.
var replayTable = []keyRow{
	{keys: []binding{{char(' '), command{act: actPause}}, {char('p'), command{act: actPause}}},
		label: "space pause", prio: 3, help: "pause, go on; at the end, play again"},
	{keys: []binding{{char('+'), command{act: actFaster}}, {char('='), command{act: actFaster}}, {char('>'), command{act: actFaster}}},
		label: "+ faster", prio: 4, help: "twice as fast"},
	{keys: []binding{{char('-'), command{act: actSlower}}, {char('<'), command{act: actSlower}}},
		label: "- slower", prio: 5, help: "half as fast"},
	{keys: []binding{{char('.'), command{act: actStep}}, {special(tcell.KeyRight), command{act: actStep}}},
		label: ". step", prio: 6, help: "pause and play the next move"},
	{keys: []binding{{special(tcell.KeyHome), command{act: actToStart}}, {char('0'), command{act: actToStart}}},
		label: "0 start", prio: 8, help: "back to the start"},
	{keys: []binding{{special(tcell.KeyEnd), command{act: actToEnd}}, {char('$'), command{act: actToEnd}}},
		label: "$ end", prio: 7, help: "on to the end"},
	{keys: []binding{
		{char('q'), command{act: actQuit}}, {special(tcell.KeyEsc), command{act: actQuit}}, {ctrl('c'), command{act: actQuit}},
	}, label: "q quit", prio: 2, help: "quit"},
	{keys: []binding{{ctrl('z'), command{act: actSuspend}}}, helpFor: suspendHelp},
	{keys: []binding{{ctrl('l'), command{act: actRedraw}}}, help: "redraw"},
	{keys: []binding{{special(tcell.KeyUp), move(0, -1)}, {special(tcell.KeyDown), move(0, 1)}}, help: "scroll a long help"},
	{keys: []binding{{char('?'), command{act: actHelp}}}, label: "? help", prio: 1, help: "this help"},
}

// replayCommands is replayTable by key.
var replayCommands = bindings(replayTable)

// bindings returns the commands of the keys of rows. Should two rows bind
// one key, the first wins; a test keeps the table free of that.
func bindings(rows []keyRow) map[key]command {
	m := map[key]command{}
	for _, r := range rows {
		for _, b := range r.keys {
			if _, dup := m[b.key]; !dup {
				m[b.key] = b.cmd
			}
		}
	}
	return m
}

// text returns the row's help text in mode m.
func (r keyRow) text(m keyMode) string {
	if r.helpFor != nil {
		return r.helpFor(m)
	}
	return r.help
}

// act returns the action of the row's keys: that of its first key, or
// actNone for a mouse row.
func (r keyRow) act() action {
	if len(r.keys) == 0 {
		return actNone
	}
	return r.keys[0].cmd.act
}

// arrows are the special keys the help names "arrows" when a row binds
// all four with the same Shift.
var arrows = []tcell.Key{tcell.KeyUp, tcell.KeyDown, tcell.KeyLeft, tcell.KeyRight}

// names returns how the help names the row's keys: keys of one kind in a
// group, separated by spaces, the groups by commas, four arrows as one
// ("arrows, h j k l", "q, Esc, Ctrl-C"); a mouse row's gesture.
func (r keyRow) names() string {
	if len(r.keys) == 0 {
		return r.mouse
	}
	var groups [][]string
	var last keyKind
	arrowsDone := map[bool]bool{} // by Shift
	for _, b := range r.keys {
		k := b.key
		name := k.String()
		if k.kind() == specialKind && slices.Contains(arrows, k.code) && r.hasArrows(k.shift) {
			if arrowsDone[k.shift] {
				continue
			}
			arrowsDone[k.shift] = true
			name = "arrows"
			if k.shift {
				name = "Shift+arrows"
			}
		}
		if len(groups) == 0 || k.kind() != last {
			groups = append(groups, nil)
			last = k.kind()
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], name)
	}
	parts := make([]string, len(groups))
	for i, g := range groups {
		parts[i] = strings.Join(g, " ")
	}
	return strings.Join(parts, ", ")
}

// hasArrows reports whether the row binds all four arrows with the given
// Shift.
func (r keyRow) hasArrows(shift bool) bool {
	for _, a := range arrows {
		if !slices.ContainsFunc(r.keys, func(b binding) bool { return b.key == key{code: a, shift: shift} }) {
			return false
		}
	}
	return true
}

// helpText returns the help overlay's lines for the keys of rows in mode
// m: the keys, then the mouse.
func helpText(rows []keyRow, m keyMode) []string {
	w := 0
	for _, r := range rows {
		w = max(w, utf8.RuneCountInString(r.names()))
	}
	line := func(r keyRow) string { return fmt.Sprintf("  %-*s  %s", w, r.names(), r.text(m)) }
	lines := []string{"Keys"}
	mouse := false
	for _, r := range rows {
		if len(r.keys) > 0 {
			lines = append(lines, line(r))
		}
		mouse = mouse || len(r.keys) == 0
	}
	if slices.ContainsFunc(rows, func(r keyRow) bool { return r.act() == actJump }) {
		lines = append(lines, line(countHelp))
	}
	if mouse {
		lines = append(lines, "Mouse")
		for _, r := range rows {
			if len(r.keys) == 0 {
				lines = append(lines, line(r))
			}
		}
	}
	return append(lines, "", "Arrows scroll a long help; any other key closes it.")
}

// footerSep separates the footer's labels.
const footerSep = "  "

// footerRows returns the rows of a table whose labels the footer shows on
// a line width columns wide: as many as fit, taken by prio, in the table's
// order. A label that does not fit is left out whole, with every label
// after it in prio, so the footer never cuts one and always shows the
// first ones.
func footerRows(table []keyRow, width int) []keyRow {
	var byPrio []int
	for i, r := range table {
		if r.label != "" {
			byPrio = append(byPrio, i)
		}
	}
	slices.SortStableFunc(byPrio, func(a, b int) int { return table[a].prio - table[b].prio })
	var keep []int
	used := -len(footerSep)
	for _, i := range byPrio {
		n := used + len(footerSep) + utf8.RuneCountInString(table[i].label)
		if n > width {
			break
		}
		keep, used = append(keep, i), n
	}
	slices.Sort(keep)
	rows := make([]keyRow, len(keep))
	for j, i := range keep {
		rows[j] = table[i]
	}
	return rows
}

// labelOf returns the footer's label in table for the key that asks for
// a, or "".
func labelOf(table []keyRow, a action) string {
	for _, r := range table {
		if r.label != "" && r.act() == a {
			return r.label
		}
	}
	return ""
}

// labelKey returns the key of action a as its label in table names it:
// "n".
func labelKey(table []keyRow, a action) string {
	k, _, _ := strings.Cut(labelOf(table, a), " ")
	return k
}

// endActions are the actions the footer offers once a game is over, in
// its order: the next steps.
var endActions = []action{actUndo, actNew, actRestart, actReplay}

// markdownKeys returns the README's tables of keys and mouse actions, the
// game's and the replay's, made from keyTable and replayTable as the help
// is; a test keeps the README's copy equal to it.
func markdownKeys() string {
	var b strings.Builder
	cfg := keyMode{QuestionMarks: true}
	table := func(rows []keyRow) {
		b.WriteString("| key | action |\n| --- | --- |\n")
		for _, r := range rows {
			if len(r.keys) > 0 {
				fmt.Fprintf(&b, "| %s | %s |\n", r.names(), r.text(cfg))
			}
		}
		if slices.ContainsFunc(rows, func(r keyRow) bool { return r.act() == actJump }) {
			fmt.Fprintf(&b, "| %s | %s |\n", countHelp.names(), countHelp.text(cfg))
		}
		for _, r := range rows {
			if len(r.keys) == 0 {
				fmt.Fprintf(&b, "| %s | %s |\n", r.mouse, r.text(cfg))
			}
		}
	}
	table(keyTable)
	b.WriteString("\nIn a replay (`minesweeper replay`):\n\n")
	table(replayTable)
	return b.String()
}

// KeyDoc is one line of the keys' help as plain data, for documents made
// outside the package (the man page): the keys as the help names them,
// or a mouse gesture, and what they do.
type KeyDoc struct {
	Keys   string // "arrows, h j k l", or a gesture: "left click"
	Action string // "move"
	Mouse  bool   // Keys is a mouse gesture
}

// KeyHelp returns the game's keys, then its mouse actions, as the help
// and the README list them (with question marks on).
func KeyHelp() []KeyDoc { return keyDocs(keyTable) }

// ReplayKeyHelp returns the keys of a replay, as KeyHelp the game's.
func ReplayKeyHelp() []KeyDoc { return keyDocs(replayTable) }

// keyDocs returns the KeyDocs of rows: the keys, then the mouse.
func keyDocs(rows []keyRow) []KeyDoc {
	cfg := keyMode{QuestionMarks: true}
	var docs []KeyDoc
	for _, mouse := range []bool{false, true} {
		for _, r := range rows {
			if (len(r.keys) == 0) == mouse {
				docs = append(docs, KeyDoc{Keys: r.names(), Action: r.text(cfg), Mouse: mouse})
			}
		}
	}
	return docs
}

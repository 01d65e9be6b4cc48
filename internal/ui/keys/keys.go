// Package keys is what the full-screen game's keys mean: the one table of
// every key, what it does and how the footer and the help name it (Table,
// and ReplayTable for a replay), a key event read as a Command in every
// form tcell delivers it, the player's keys file (Parse), the counts typed
// before a move (Count) and the jumps across open ground (Jump). It knows
// nothing of the game's loop: package ui executes the commands.
package keys

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/gdamore/tcell/v2"
)

// Key is one key as GameCommand reads it: a special key such as KeyUp,
// with Shift held or not, a character, or a Ctrl-letter in any of the
// forms CtrlLetter reads.
type Key struct {
	code  tcell.Key // the special key; tcell.KeyRune for a character
	r     rune      // the character, or the letter of a Ctrl-letter
	ctrl  bool      // r is a Ctrl-letter (code is unused)
	shift bool      // Shift is held with the special key
}

// special returns the special key k. With Shift held it means the same,
// unless shifted(k) is bound too.
func special(k tcell.Key) Key { return Key{code: k} }

// shifted returns the special key k with Shift held.
func shifted(k tcell.Key) Key { return Key{code: k, shift: true} }

// char returns the key that types r. Characters carry their case, so
// Shift plays no part.
func char(r rune) Key { return Key{code: tcell.KeyRune, r: r} }

// ctrl returns Ctrl and the lower-case letter.
func ctrl(letter rune) Key { return Key{r: letter, ctrl: true} }

// Kind sorts keys for the help's names: keys of one kind are listed
// together, the kinds apart.
type Kind uint8

// The kinds of keys.
const (
	SpecialKind Kind = iota // a key such as Up or F2, with Shift or not
	CharKind                // a character
	CtrlKind                // Ctrl and a letter
)

// Kind returns the key's kind.
func (k Key) Kind() Kind {
	switch {
	case k.ctrl:
		return CtrlKind
	case k.code == tcell.KeyRune:
		return CharKind
	}
	return SpecialKind
}

// String returns the key's name as the help writes it: "Up",
// "Shift+PgUp", "h", "Space", "Ctrl-Z".
func (k Key) String() string {
	switch k.Kind() {
	case CtrlKind:
		return "Ctrl-" + strings.ToUpper(string(k.r))
	case CharKind:
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

// Binding is one key and what it means.
type Binding struct {
	Key Key     // the key
	Cmd Command // what it means
}

// Row is one line of the help: the keys that do one thing (each with
// its own command, as the four arrows move four ways), or a mouse gesture
// that gesture.update reads, described only.
type Row struct {
	Keys  []Binding // the keys and their commands; none for a mouse row
	mouse string    // the gesture, for a row without keys
	Label string    // the footer's reminder, "" for none
	Prio  int       // the footer keeps the labels of lowest prio first
	help  string    // what the keys do, for the help overlay
	// helpFor, when not nil, returns the help's text instead of help, for
	// keys whose meaning depends on the game's mode.
	helpFor func(Mode) string
	// Only, when not nil, reports whether the row is offered in mode m:
	// a row it hides is in neither the footer nor the help, and its keys
	// only say why they do nothing.
	Only func(m Mode) bool
}

// Mode is what the keys' help and footer depend on: the settings of
// the game in play.
type Mode struct {
	QuestionMarks bool // 'f' cycles flag, question mark, none; else flag, none
	PauseOnly     bool // Ctrl-Z only pauses: the terminal's process is not this one
	Server        bool // the game is played on a server, which keeps leaderboards
}

// move returns the command that moves the cursor by (dx, dy).
func move(dx, dy int) Command { return Command{Act: ActMove, DX: dx, DY: dy} }

// page returns the command that moves the cursor by dy screens of rows.
func page(dy int) Command { return Command{Act: ActMove, DY: dy, Page: true} }

// Table is every key of the game, what it does and how the footer and
// the help name it: GameCommand, the footer and the help overlay all read
// it, and the mouse's rows of the help. A new key is a row here and its
// action's case in ui.do. Rows are in the help's order, which is also the
// footer's; the footer picks its labels by prio, so a label whose prio is
// above 8 shows only on lines wider than today's 74 columns of labels.
var Table = []Row{
	{Keys: []Binding{
		{special(tcell.KeyUp), move(0, -1)}, {special(tcell.KeyDown), move(0, 1)},
		{special(tcell.KeyLeft), move(-1, 0)}, {special(tcell.KeyRight), move(1, 0)},
		{char('h'), move(-1, 0)}, {char('j'), move(0, 1)}, {char('k'), move(0, -1)}, {char('l'), move(1, 0)},
	}, Label: "arrows move", Prio: 3, help: "move"},
	{Keys: []Binding{
		{shifted(tcell.KeyUp), move(0, -5)}, {shifted(tcell.KeyDown), move(0, 5)},
		{shifted(tcell.KeyLeft), move(-5, 0)}, {shifted(tcell.KeyRight), move(5, 0)},
		{char('H'), move(-5, 0)}, {char('J'), move(0, 5)}, {char('K'), move(0, -5)}, {char('L'), move(5, 0)},
	}, help: "move five cells"},
	{Keys: []Binding{
		{char('0'), move(-far, 0)}, {char('$'), move(far, 0)},
		{special(tcell.KeyHome), move(-far, 0)}, {special(tcell.KeyEnd), move(far, 0)},
	}, help: "first, last column"},
	{Keys: []Binding{{char('g'), move(0, -far)}, {char('G'), move(0, far)}}, help: "first, last row"},
	{Keys: []Binding{{special(tcell.KeyPgUp), page(-1)}, {special(tcell.KeyPgDn), page(1)}},
		help: "a screen up, down"},
	{Keys: []Binding{{char('W'), jump(1, 0)}, {char('B'), jump(-1, 0)}, {char('}'), jump(0, 1)}, {char('{'), jump(0, -1)}},
		help: "jump right, left, down, up past open ground"},
	{Keys: []Binding{{special(tcell.KeyTab), number(1)}, {special(tcell.KeyBacktab), number(-1)}, {char(']'), number(1)}, {char('['), number(-1)}},
		help: "next, previous number with a closed neighbour"},
	{Keys: []Binding{{special(tcell.KeyEnter), Command{Act: ActOpen}}, {char(' '), Command{Act: ActOpen}}},
		Label: "space open", Prio: 4, help: "open; on a number, chord"},
	{Keys: []Binding{{char('f'), Command{Act: ActMark}}}, Label: "f flag", Prio: 5,
		helpFor: func(m Mode) string {
			if m.QuestionMarks {
				return "cycle flag, question mark, none"
			}
			return "put or remove a flag"
		}},
	{Keys: []Binding{{char('n'), Command{Act: ActNew}}}, Label: "n new", Prio: 6, help: "new game, new seed"},
	{Keys: []Binding{{char('r'), Command{Act: ActRestart}}}, Label: "r restart", Prio: 9, help: "restart this board"},
	{Keys: []Binding{{char('p'), Command{Act: ActPause}}}, Label: "p pause", Prio: 8, help: "pause, resume"},
	{Keys: []Binding{{char('s'), Command{Act: ActHint}}}, Label: "s hint", Prio: 7,
		help: "hint: go to a safe cell; again: why it is safe"},
	{Keys: []Binding{{char('m'), Command{Act: ActFlags}}}, Label: "m mines", Prio: 12, help: "flag every certain mine"},
	{Keys: []Binding{{char('v'), Command{Act: ActOdds}}}, Label: "v odds", Prio: 10, help: "show, hide each cell's chance of a mine"},
	{Keys: []Binding{{char('a'), Command{Act: ActAuto}}}, Label: "a auto", Prio: 11, help: "the solver plays; again: faster"},
	{Keys: []Binding{{char('w'), Command{Act: ActWhere}}}, help: "after a loss: where a safe cell was"},
	{Keys: []Binding{{char('c'), Command{Act: ActCounters}}}, Label: "c counters", Prio: 17,
		help: "show, hide live 3BV, 3BV/s, clicks, efficiency"},
	{Keys: []Binding{{char('i'), Command{Act: ActStats}}}, Label: "i stats", Prio: 14, help: "statistics of this kind of board"},
	{Keys: []Binding{{char('o'), Command{Act: ActMenu}}}, Label: "o options", Prio: 9, help: "options: board, rules, theme, daily board"},
	{Keys: []Binding{{char('b'), Command{Act: ActLeaders}}}, Label: "b leaders", Prio: 16,
		help: "the server's leaderboards; Enter replays a game", Only: onServer},
	{Keys: []Binding{
		{char('q'), Command{Act: ActQuit}}, {special(tcell.KeyEsc), Command{Act: ActQuit}}, {ctrl('c'), Command{Act: ActQuit}},
	}, Label: "q quit", Prio: 2, help: "quit"},
	{Keys: []Binding{{ctrl('z'), Command{Act: ActSuspend}}}, helpFor: suspendHelp},
	{Keys: []Binding{{ctrl('l'), Command{Act: ActRedraw}}}, help: "redraw"},
	{Keys: []Binding{{char('u'), Command{Act: ActUndo}}}, Label: "u undo", Prio: 13, help: "undo the last move, even a fatal one"},
	{Keys: []Binding{{char('e'), Command{Act: ActReplay}}}, Label: "e replay", Prio: 15, help: "after the end: replay the game (q comes back)"},
	// The help's key stays the last key row: the footer ends with its label.
	{Keys: []Binding{{char('?'), Command{Act: ActHelp}}}, Label: "? help", Prio: 1, help: "this help"},

	// The mouse, as gesture.update reads it.
	{mouse: "left click", help: "press shows it, release opens; a number chords"},
	{mouse: "drag, held", help: "move the press; release off the board cancels"},
	{mouse: "right click", helpFor: func(m Mode) string {
		if m.QuestionMarks {
			return "cycle the marks, at once on the press"
		}
		return "put or remove a flag, at once on the press"
	}},
	{mouse: "left+right, middle", help: "chord on release; the press shows the 3x3"},
	{mouse: "wheel", help: "move up and down"},
	{mouse: "click [ state ]", help: "new game, on release"},
	{mouse: "click a footer label", help: "its key, on release: o options, i stats, ? help"},
	{mouse: "click a help line", help: "its key: the commands the footer has no room for"},
}

// suspendHelp says what Ctrl-Z does: on a remote terminal it pauses the
// game, and there is no shell of the player's to go back to.
func suspendHelp(m Mode) string {
	if m.PauseOnly {
		return "pause (over SSH nothing is suspended)"
	}
	return "suspend (fg resumes)"
}

// onServer reports whether the game is played on a server, which keeps
// leaderboards.
func onServer(m Mode) bool { return m.Server }

// Offered returns the rows of table offered in mode m (see Row.Only).
func Offered(table []Row, m Mode) []Row {
	rows := make([]Row, 0, len(table))
	for _, r := range table {
		if r.Only == nil || r.Only(m) {
			rows = append(rows, r)
		}
	}
	return rows
}

// keyCommands is Table by key, for GameCommand.
var keyCommands = bindings(Table)

// ReplayTable is every key of a replay, as Table is the game's.
var ReplayTable = []Row{
	{Keys: []Binding{{char(' '), Command{Act: ActPause}}, {char('p'), Command{Act: ActPause}}},
		Label: "space pause", Prio: 3, help: "pause, go on; at the end, play again"},
	{Keys: []Binding{{char('+'), Command{Act: ActFaster}}, {char('='), Command{Act: ActFaster}}, {char('>'), Command{Act: ActFaster}}},
		Label: "+ faster", Prio: 4, help: "twice as fast, up to 16x"},
	{Keys: []Binding{{char('-'), Command{Act: ActSlower}}, {char('<'), Command{Act: ActSlower}}},
		Label: "- slower", Prio: 5, help: "half as fast, down to 0.25x"},
	{Keys: []Binding{{char('.'), Command{Act: ActStep}}, {special(tcell.KeyRight), Command{Act: ActStep}}},
		Label: ". step", Prio: 6, help: "pause and play the next move"},
	{Keys: []Binding{{char(','), Command{Act: ActBack}}, {special(tcell.KeyLeft), Command{Act: ActBack}}},
		Label: ", back", Prio: 6, help: "pause and take the last move back"},
	{Keys: []Binding{{char('n'), Command{Act: ActGuess, DY: 1}}, {char(']'), Command{Act: ActGuess, DY: 1}},
		{char('N'), Command{Act: ActGuess, DY: -1}}, {char('['), Command{Act: ActGuess, DY: -1}}},
		Label: "n guess", Prio: 6, help: "pause at the next, previous guess, played with its verdict"},
	{Keys: []Binding{{char('g'), Command{Act: ActSeek}}}, Label: "12g move", Prio: 9,
		help: "a number, then g: pause after that move (g alone: the start)"},
	{Keys: []Binding{{char('t'), Command{Act: ActSeekTime}}}, help: "a number, then t: pause at that second of the game"},
	{Keys: []Binding{{char('v'), Command{Act: ActOdds}}}, Label: "v odds", Prio: 9, help: "show, hide each cell's chance of a mine"},
	{Keys: []Binding{{special(tcell.KeyHome), Command{Act: ActToStart}}, {char('0'), Command{Act: ActToStart}}},
		Label: "0 start", Prio: 8, help: "back to the start"},
	{Keys: []Binding{{special(tcell.KeyEnd), Command{Act: ActToEnd}}, {char('$'), Command{Act: ActToEnd}}},
		Label: "$ end", Prio: 7, help: "on to the end"},
	{Keys: []Binding{
		{char('q'), Command{Act: ActQuit}}, {special(tcell.KeyEsc), Command{Act: ActQuit}}, {ctrl('c'), Command{Act: ActQuit}},
	}, Label: "q quit", Prio: 2, help: "quit"},
	{Keys: []Binding{{ctrl('z'), Command{Act: ActSuspend}}}, helpFor: suspendHelp},
	{Keys: []Binding{{ctrl('l'), Command{Act: ActRedraw}}}, help: "redraw"},
	{Keys: []Binding{{special(tcell.KeyUp), move(0, -1)}, {special(tcell.KeyDown), move(0, 1)}}, help: "scroll a long help"},
	{Keys: []Binding{{char('?'), Command{Act: ActHelp}}}, Label: "? help", Prio: 1, help: "this help"},
}

// ReplayCommands is ReplayTable by key.
var ReplayCommands = bindings(ReplayTable)

// bindings returns the commands of the keys of rows. Should two rows bind
// one key, the first wins; a test keeps the table free of that.
func bindings(rows []Row) map[Key]Command {
	m := map[Key]Command{}
	for _, r := range rows {
		for _, b := range r.Keys {
			if _, dup := m[b.Key]; !dup {
				m[b.Key] = b.Cmd
			}
		}
	}
	return m
}

// Text returns the row's help text in mode m.
func (r Row) Text(m Mode) string {
	if r.helpFor != nil {
		return r.helpFor(m)
	}
	return r.help
}

// Act returns the action of the row's keys: that of its first key, or
// ActNone for a mouse row.
func (r Row) Act() Action {
	if len(r.Keys) == 0 {
		return ActNone
	}
	return r.Keys[0].Cmd.Act
}

// arrows are the special keys the help names "arrows" when a row binds
// all four with the same Shift.
var arrows = []tcell.Key{tcell.KeyUp, tcell.KeyDown, tcell.KeyLeft, tcell.KeyRight}

// Names returns how the help names the row's keys: keys of one kind in a
// group, separated by spaces, the groups by commas, four arrows as one
// ("arrows, h j k l", "q, Esc, Ctrl-C"); a mouse row's gesture.
func (r Row) Names() string {
	if len(r.Keys) == 0 {
		return r.mouse
	}
	var groups [][]string
	var last Kind
	arrowsDone := map[bool]bool{} // by Shift
	for _, b := range r.Keys {
		k := b.Key
		name := k.String()
		if k.Kind() == SpecialKind && slices.Contains(arrows, k.code) && r.hasArrows(k.shift) {
			if arrowsDone[k.shift] {
				continue
			}
			arrowsDone[k.shift] = true
			name = "arrows"
			if k.shift {
				name = "Shift+arrows"
			}
		}
		if len(groups) == 0 || k.Kind() != last {
			groups = append(groups, nil)
			last = k.Kind()
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
func (r Row) hasArrows(shift bool) bool {
	for _, a := range arrows {
		if !slices.ContainsFunc(r.Keys, func(b Binding) bool { return b.Key == Key{code: a, shift: shift} }) {
			return false
		}
	}
	return true
}

// HelpText returns the help overlay's lines for the keys of rows in mode
// m: the keys, then the mouse.
func HelpText(rows []Row, m Mode) []string {
	lines, _ := helpText(rows, m)
	return lines
}

// HelpCommands returns, for each line of HelpText(rows, m), the command a
// click on it runs, so that a player with only a mouse reaches every
// command the footer has no room for: that of the line's keys, but none
// for a heading, the mouse's lines, the counts, and the keys that move
// the cursor or act on its cell (the mouse does those on the board).
func HelpCommands(rows []Row, m Mode) []Command {
	_, cmds := helpText(rows, m)
	return cmds
}

// helpText returns HelpText's lines and HelpCommands' commands.
func helpText(rows []Row, m Mode) ([]string, []Command) {
	w := 0
	for _, r := range rows {
		w = max(w, utf8.RuneCountInString(r.Names()))
	}
	var cmds []Command
	lines := []string{"Keys"}
	add := func(r Row, c Command) {
		lines = append(lines, fmt.Sprintf("  %-*s  %s", w, r.Names(), r.Text(m)))
		cmds = append(cmds, c)
	}
	cmds = append(cmds, Command{})
	mouse := false
	for _, r := range rows {
		if len(r.Keys) > 0 {
			c := r.Keys[0].Cmd
			switch c.Act {
			case ActMove, ActJump, ActNumber, ActOpen, ActMark, ActChord:
				c = Command{}
			}
			add(r, c)
		}
		mouse = mouse || len(r.Keys) == 0
	}
	if slices.ContainsFunc(rows, func(r Row) bool { return r.Act() == ActJump }) {
		add(countHelp, Command{})
	}
	if mouse {
		lines, cmds = append(lines, "Mouse"), append(cmds, Command{})
		for _, r := range rows {
			if len(r.Keys) == 0 {
				add(r, Command{})
			}
		}
	}
	lines = append(lines, "", "Arrows scroll a long help; any other key closes it.", "A click on a key's line runs it; elsewhere, it closes the help.")
	return lines, append(cmds, Command{}, Command{}, Command{})
}

// FooterSep separates the footer's labels.
const FooterSep = "  "

// FooterRows returns the rows of a table whose labels the footer shows on
// a line width columns wide: as many as fit, taken by prio, in the table's
// order. A label that does not fit is left out whole, with every label
// after it in prio, so the footer never cuts one and always shows the
// first ones.
func FooterRows(table []Row, width int) []Row {
	var byPrio []int
	for i, r := range table {
		if r.Label != "" {
			byPrio = append(byPrio, i)
		}
	}
	slices.SortStableFunc(byPrio, func(a, b int) int { return table[a].Prio - table[b].Prio })
	var keep []int
	used := -len(FooterSep)
	for _, i := range byPrio {
		n := used + len(FooterSep) + utf8.RuneCountInString(table[i].Label)
		if n > width {
			break
		}
		keep, used = append(keep, i), n
	}
	slices.Sort(keep)
	rows := make([]Row, len(keep))
	for j, i := range keep {
		rows[j] = table[i]
	}
	return rows
}

// LabelOf returns the footer's label in table for the key that asks for
// a, or "".
func LabelOf(table []Row, a Action) string {
	for _, r := range table {
		if r.Label != "" && r.Act() == a {
			return r.Label
		}
	}
	return ""
}

// LabelKey returns the key of action a as its label in table names it:
// "n".
func LabelKey(table []Row, a Action) string {
	k, _, _ := strings.Cut(LabelOf(table, a), " ")
	return k
}

// EndActions are the actions the footer offers once a game is over, in
// its order: the next steps.
var EndActions = []Action{ActUndo, ActNew, ActRestart, ActReplay}

// Markdown returns the README's tables of keys and mouse actions, the
// game's and the replay's, made from Table and ReplayTable as the help
// is; a test keeps the README's copy equal to it.
func Markdown() string {
	var b strings.Builder
	cfg := Mode{QuestionMarks: true}
	table := func(rows []Row) {
		b.WriteString("| key | action |\n| --- | --- |\n")
		for _, r := range rows {
			if len(r.Keys) > 0 {
				fmt.Fprintf(&b, "| %s | %s |\n", r.Names(), r.Text(cfg))
			}
		}
		if slices.ContainsFunc(rows, func(r Row) bool { return r.Act() == ActJump }) {
			fmt.Fprintf(&b, "| %s | %s |\n", countHelp.Names(), countHelp.Text(cfg))
		}
		for _, r := range rows {
			if len(r.Keys) == 0 {
				fmt.Fprintf(&b, "| %s | %s |\n", r.mouse, r.Text(cfg))
			}
		}
	}
	table(Table)
	b.WriteString("\nIn a replay (`minesweeper replay`):\n\n")
	table(ReplayTable)
	return b.String()
}

// Doc is one line of the keys' help as plain data, for documents made
// outside the package (the man page): the keys as the help names them,
// or a mouse gesture, and what they do.
type Doc struct {
	Keys   string // "arrows, h j k l", or a gesture: "left click"
	Action string // "move"
	Mouse  bool   // Keys is a mouse gesture
}

// Help returns the game's keys, then its mouse actions, as the help
// and the README list them (with question marks on).
func Help() []Doc { return keyDocs(Table) }

// ReplayHelp returns the keys of a replay, as Help the game's.
func ReplayHelp() []Doc { return keyDocs(ReplayTable) }

// keyDocs returns the KeyDocs of rows: the keys, then the mouse.
func keyDocs(rows []Row) []Doc {
	cfg := Mode{QuestionMarks: true}
	var docs []Doc
	for _, mouse := range []bool{false, true} {
		for _, r := range rows {
			if (len(r.Keys) == 0) == mouse {
				docs = append(docs, Doc{Keys: r.Names(), Action: r.Text(cfg), Mouse: mouse})
			}
		}
	}
	return docs
}

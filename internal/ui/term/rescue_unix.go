//go:build unix

package term

import (
	"os"
	"strings"

	"github.com/gdamore/tcell/v2"
	"golang.org/x/term"
)

// savedTerminal is the terminal as it was before the game: its mode and
// the sequences that undo what the game's screen turns on. It restores the
// terminal without the screen, for a way out that cannot wait for the
// screen to close.
type savedTerminal struct {
	f     *os.File
	state *term.State
	undo  string
}

// saveTerminal notes the controlling terminal's mode, or returns nil when
// there is none to note.
func saveTerminal() *savedTerminal {
	f, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return nil
	}
	st, err := term.GetState(int(f.Fd()))
	if err != nil {
		f.Close()
		return nil
	}
	return &savedTerminal{f: f, state: st, undo: undoSequences(os.Getenv("TERM"), os.Getenv("TCELL_ALTSCREEN") != "disable")}
}

// undoSequences returns what turns off the modes a tcell screen turns on
// for the terminal type name: mouse and extended key reporting, the keypad
// mode, the hidden cursor, attributes and, with altScreen, the alternate
// screen. They are the sequences tcell itself sends when it closes.
func undoSequences(name string, altScreen bool) string {
	var b strings.Builder
	ti, err := tcell.LookupTerminfo(name)
	if err != nil || ti == nil {
		// An unknown type: what xterm and its many imitators understand.
		b.WriteString("\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[0m\x1b[?25h")
		if altScreen {
			b.WriteString("\x1b[?1049l")
		}
		return b.String()
	}
	if ti.Mouse != "" {
		b.WriteString("\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l")
	}
	if ti.XTermLike {
		b.WriteString("\x1b[?9001l\x1b[<u\x1b[>4;0m") // extended keys (CSI u) off
	}
	for _, s := range []string{ti.ResetFgBg, ti.AttrOff, ti.ShowCursor, ti.ExitKeypad, ti.EnableAutoMargin} {
		b.WriteString(s)
	}
	if altScreen {
		b.WriteString(ti.Clear)
		b.WriteString(ti.ExitCA)
	}
	return b.String()
}

// restore puts the terminal back as it was when it was saved.
func (t *savedTerminal) restore() {
	if t == nil {
		return
	}
	_, _ = t.f.WriteString(t.undo)
	_ = term.Restore(int(t.f.Fd()), t.state)
}

// close lets go of the terminal.
func (t *savedTerminal) close() {
	if t != nil {
		t.f.Close()
	}
}

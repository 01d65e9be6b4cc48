package remote

import (
	"strings"
	"unicode"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/ui/canvas"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
	"github.com/rivo/uniseg"
)

// nameLimit bounds what the name prompt holds, in runes: far more than a
// name (the check says what is too long), few enough that a flood of
// keys over a network costs nothing.
const nameLimit = 4 * history.NameMax

// AskName asks the player for a display name on the screen (see
// AskName); ok is false when they declined or Quit was called.
func (r *Screen) AskName(prompt string, check func(string) error) (name string, ok bool) {
	if r.Quitting() {
		return "", false
	}
	name, ok = AskName(r.s, prompt, check)
	return name, ok && !r.Quitting()
}

// AskName asks for a display name on s, which must be initialised, with
// a small full-screen line editor: prompt, the rules of a name
// (history.NameRules), the text typed with a cursor, and under it what
// check said of the last one entered. Printable characters are typed in
// at the cursor; Left, Right, Home, End (and Ctrl-A, Ctrl-E) move it by
// whole characters as the terminal draws them; Backspace (Ctrl-H) and
// Delete remove the character before and under it, Ctrl-U everything
// before it and Ctrl-K everything from it. Enter calls check with the
// text, spaces trimmed from its ends: nil returns that name and ok;
// an error is shown, one line made printable, and the player edits on.
// Esc, Ctrl-C and Ctrl-D return ok false, as does s being finalised
// (PollEvent returning nil). A resize redraws. It leaves s to its caller,
// its cursor hidden.
//
// As in Run, an *tcell.EventInterrupt whose data is a func() runs that
// function after the frame is shown; tests use it to look at the screen.
func AskName(s tcell.Screen, prompt string, check func(name string) error) (name string, ok bool) {
	e := &lineEditor{}
	defer s.HideCursor()
	msg, draw := "", true
	for {
		if draw {
			drawAsk(s, prompt, e, msg)
		}
		ev := s.PollEvent()
		draw = true
		switch ev := ev.(type) {
		case nil: // the screen was finalised
			return "", false
		case *tcell.EventResize:
			s.Sync()
		case *tcell.EventInterrupt:
			if _, ok := ev.Data().(term.Quit); ok {
				return "", false // the player is gone, or the server stops
			}
			if n, ok := ev.Data().(Notice); ok {
				msg = n()
				break
			}
			if f, ok := ev.Data().(func()); ok {
				f()
			}
			draw = false // nothing changed
		case *tcell.EventKey:
			switch e.key(ev) {
			case editCancel:
				return "", false
			case editEnter:
				name := strings.TrimSpace(e.String())
				err := check(name)
				if err == nil {
					return name, true
				}
				msg = userfile.Printable(err.Error())
			case editChanged:
				msg = "" // what it said was of the text before
			}
		}
	}
}

// editResult is what a key did to a lineEditor.
type editResult uint8

// The results of a key.
const (
	editNone    editResult = iota // nothing changed but perhaps the cursor
	editChanged                   // the text changed
	editEnter                     // the player entered the text
	editCancel                    // the player gave up
)

// lineEditor is a line of text and a cursor in it, the text as grapheme
// clusters, so that the cursor never splits a character from its marks.
type lineEditor struct {
	text []string // grapheme clusters
	at   int      // the cursor: the index in text of the cluster after it
}

// String returns the text.
func (e *lineEditor) String() string { return strings.Join(e.text, "") }

// key applies one key and says what it did.
func (e *lineEditor) key(ev *tcell.EventKey) editResult {
	switch ev.Key() {
	case tcell.KeyEnter:
		return editEnter
	case tcell.KeyEsc:
		return editCancel
	case tcell.KeyBackspace, tcell.KeyBackspace2:
		return e.cut(e.at-1, e.at)
	case tcell.KeyDelete:
		return e.cut(e.at, e.at+1)
	case tcell.KeyLeft:
		e.at = max(e.at-1, 0)
		return editNone
	case tcell.KeyRight:
		e.at = min(e.at+1, len(e.text))
		return editNone
	case tcell.KeyHome:
		e.at = 0
		return editNone
	case tcell.KeyEnd:
		e.at = len(e.text)
		return editNone
	}
	switch keys.CtrlLetter(ev) {
	case 'c', 'd':
		return editCancel
	case 'h':
		return e.cut(e.at-1, e.at)
	case 'u':
		return e.cut(0, e.at)
	case 'k':
		return e.cut(e.at, len(e.text))
	case 'a':
		e.at = 0
		return editNone
	case 'e':
		e.at = len(e.text)
		return editNone
	case 0:
		if ev.Key() == tcell.KeyRune && unicode.IsPrint(ev.Rune()) {
			return e.insert(ev.Rune())
		}
	}
	return editNone
}

// cut removes the clusters from i to j (exclusive), within the text, and
// leaves the cursor where they were.
func (e *lineEditor) cut(i, j int) editResult {
	i, j = max(i, 0), min(j, len(e.text))
	if i >= j {
		return editNone
	}
	e.text = append(e.text[:i], e.text[j:]...)
	e.at = i
	return editChanged
}

// insert types r at the cursor. A mark joins the character before it,
// so the clusters are those of the new text, the cursor after r.
func (e *lineEditor) insert(r rune) editResult {
	before := strings.Join(e.text[:e.at], "") + string(r)
	after := strings.Join(e.text[e.at:], "")
	if n := len([]rune(before + after)); n > nameLimit {
		return editNone
	}
	left, right := clusters(before), clusters(after)
	e.text = append(left, right...)
	e.at = len(left)
	return editChanged
}

// clusters splits text into grapheme clusters.
func clusters(text string) []string {
	var out []string
	g := uniseg.NewGraphemes(text)
	for g.Next() {
		out = append(out, g.Str())
	}
	return out
}

// drawAsk draws the name prompt: the prompt and the rules, wrapped, the
// field, the message under it and the keys, a block centred on the
// screen; the terminal's cursor is shown in the field. The field scrolls
// sideways to keep the cursor in sight; a screen too short for it all
// drops the rules, then the prompt's first lines.
func drawAsk(s tcell.Screen, prompt string, e *lineEditor, msg string) {
	s.Clear()
	sw, sh := s.Size()
	width := max(min(sw-2, 60), 1)
	var lines []canvas.Span
	for _, l := range canvas.Wrap(prompt, width, 0) {
		lines = append(lines, canvas.Span{Text: l, Style: tcell.StyleDefault.Bold(true)})
	}
	rules := canvas.Wrap(history.NameRules+".", width, 0)
	if len(lines)+len(rules)+6 > sh {
		rules = nil // a short screen keeps the field in sight first
	}
	for _, l := range rules {
		lines = append(lines, canvas.Span{Text: l, Style: tcell.StyleDefault})
	}
	lines = append(lines, canvas.Span{Text: "", Style: tcell.StyleDefault})
	field := len(lines)
	lines = append(lines, canvas.Span{Text: "> ", Style: tcell.StyleDefault})
	for _, l := range canvas.Wrap(msg, width, 0) {
		lines = append(lines, canvas.Span{Text: l, Style: tcell.StyleDefault.Reverse(true)})
	}
	lines = append(lines, canvas.Span{Text: "", Style: tcell.StyleDefault})
	lines = append(lines, canvas.Span{Text: "Enter accepts the name; Esc leaves without one (nothing is played).", Style: tcell.StyleDefault.Dim(true)})
	x0 := max((sw-width)/2, 0)
	y0 := max((sh-len(lines))/2, 0)
	if y0+field+2 > sh {
		// Too short for it all: the field and the line under it on the
		// last rows, the prompt's first lines above the screen.
		y0 = sh - 2 - field
	}
	for i, l := range lines {
		canvas.PutText(s, x0, y0+i, sw, l.Text, l.Style)
	}

	// The field: the text from the first cluster that keeps the cursor
	// in the columns left of the screen's edge.
	fx, fy := x0+2, y0+field
	room := max(sw-fx-1, 1)
	from := 0
	for from < e.at && userfile.Width(strings.Join(e.text[from:e.at], "")) >= room {
		from++
	}
	canvas.PutText(s, fx, fy, sw, strings.Join(e.text[from:], ""), tcell.StyleDefault.Underline(true))
	cx := fx + userfile.Width(strings.Join(e.text[from:e.at], ""))
	s.ShowCursor(min(cx, sw-1), fy)
	s.Show()
}

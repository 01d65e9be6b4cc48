package menu

import (
	"slices"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// keysOf returns the key events of s: a character each, with "\x1b" Esc,
// "\r" Enter and "^" Up.
func keysOf(s string) []*tcell.EventKey {
	var evs []*tcell.EventKey
	for _, r := range s {
		switch r {
		case '\x1b':
			evs = append(evs, tcell.NewEventKey(tcell.KeyEsc, 0, tcell.ModNone))
		case '\r':
			evs = append(evs, tcell.NewEventKey(tcell.KeyEnter, 0, tcell.ModNone))
		case '^':
			evs = append(evs, tcell.NewEventKey(tcell.KeyUp, 0, tcell.ModNone))
		default:
			evs = append(evs, tcell.NewEventKey(tcell.KeyRune, r, tcell.ModNone))
		}
	}
	return evs
}

// TestMenuKeys checks what keys choose, and what they ask of the owner.
func TestMenuKeys(t *testing.T) {
	beginner := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	themes := []string{"default", "colour-blind", "mono"}
	tests := []struct {
		keys  string
		want  board.Settings
		theme string
		last  Outcome
	}{
		{"", beginner, "default", Stay},
		{"l", board.Settings{Width: 16, Height: 16, Mines: 40, Rule: board.Opening}, "default", Stay},
		{"h", board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening}, "default", Stay},
		{"j12", board.Settings{Width: 12, Height: 9, Mines: 10, Rule: board.Opening}, "default", Stay},
		{"jj75\x7f", board.Settings{Width: 9, Height: 7, Mines: 10, Rule: board.Opening}, "default", Stay},
		{"jjjjl", board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Safe}, "default", Stay},
		{"^^^l", beginner, "colour-blind", Stay},
		{"^^^h\r", beginner, "mono", Enter},
		{"l\x1b", board.Settings{Width: 16, Height: 16, Mines: 40, Rule: board.Opening}, "default", Close},
		{"o", beginner, "default", Close},
	}
	for _, tt := range tests {
		m := New(beginner, false, "", "2026-01-02", "default", themes, true)
		last := Stay
		for _, ev := range keysOf(tt.keys) {
			last = m.Key(ev)
		}
		if m.Settings != tt.want || m.Theme != tt.theme || last != tt.last {
			t.Errorf("keys %q: %v, theme %q, last %v; want %v, %q, %v", tt.keys, m.Settings, m.Theme, last, tt.want, tt.theme, tt.last)
		}
	}
}

// TestMenuLines checks that the selected line is marked, a number's with
// the cursor, others with arrows, and that a refusal is shown.
func TestMenuLines(t *testing.T) {
	m := New(board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, false, "", "2026-01-02", "default", []string{"default"}, true)
	if lines := m.Lines(); !slices.Contains(lines, "> Level        < beginner >") {
		t.Errorf("Lines() = %q; want the level selected", lines)
	}
	m.Key(keysOf("j")[0])
	m.Err = "no"
	lines := m.Lines()
	if !slices.Contains(lines, "> Width        9_") || lines[len(lines)-1] != "  no" {
		t.Errorf("Lines() = %q; want the width selected and the refusal last", lines)
	}
}

// TestMenuQuestionMarks checks the line of the question marks, the last:
// Up from the first selects it, Left or Right turns them off and on.
func TestMenuQuestionMarks(t *testing.T) {
	beginner := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	tests := []struct {
		on   bool
		keys string
		want bool
		line string
	}{
		{true, "", true, "  ? marks      on"},
		{true, "^l", false, "> ? marks      < off >"},
		{false, "^h", true, "> ? marks      < on >"},
		{true, "^ll", true, "> ? marks      < on >"},
		{false, "^jl", false, "  ? marks      off"}, // the level changed, not them
	}
	for _, tt := range tests {
		m := New(beginner, false, "", "2026-01-02", "default", []string{"default"}, tt.on)
		for _, ev := range keysOf(tt.keys) {
			m.Key(ev)
		}
		if lines := m.Lines(); m.QuestionMarks != tt.want || !slices.Contains(lines, tt.line) {
			t.Errorf("New(question marks %v), keys %q: QuestionMarks = %v, lines %q; want %v, %q", tt.on, tt.keys, m.QuestionMarks, lines, tt.want, tt.line)
		}
	}
}

package ui

import (
	"strings"
	"testing"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// TestMenu drives the options menu: a level, a custom size typed in, a
// refusal that keeps the menu open, a theme change that keeps the game,
// and Esc, which changes nothing.
func TestMenu(t *testing.T) {
	cfg := asciiCfg(t, small)
	h := start(t, cfg, 80, 30)
	h.typ("$\n") // a game in play, to see whether it is kept
	h.snap()
	h.typ("o")
	sc := h.snap()
	for _, want := range []string{"Options", "> Level        < custom >", "  Width        5", "  Mines        2", "  First click  opening", "  Theme        default"} {
		if !sc.contains(want) {
			t.Errorf("the menu lacks %q:\n%s", want, sc)
		}
	}
	steps := []struct {
		what   string
		keys   string
		key    tcell.Key // pressed after keys, if not 0
		header string    // the header once the menu is closed, or "" while it is open
		shows  string    // a line of the screen
	}{
		{"the next level", "l", 0, "", "> Level        < beginner >"},
		{"the one after", "l", 0, "", "< intermediate >"},
		{"a game at stake asks first", "", tcell.KeyEnter, "", "this gives up the game in play, as a loss: Enter again to confirm"},
		{"played", "", tcell.KeyEnter, "16x16, seed", "Mines 40/40"},
		{"a size typed", "oj12j8j30", tcell.KeyEnter, "12x8, seed", ""},
		{"too many mines", "ojjj99", tcell.KeyEnter, "", "mine count out of range: 99 mines on 12x8"},
		{"fixed", "", tcell.KeyBackspace2, "", "> Mines        9_"},
		{"then played", "", tcell.KeyEnter, "12x8, seed", ""},
		{"no-guess needs a way to lay it", "ojjjjjl", tcell.KeyEnter, "", "no-guess boards cannot be laid here"},
		{"Esc changes nothing", "", tcell.KeyEsc, "12x8, seed", ""},
		{"the safe rule, named in the header", "ojjjjl", tcell.KeyEnter, "12x8, safe first click", ""},
	}
	for _, st := range steps {
		h.typ(st.keys)
		if st.key != 0 {
			h.key(st.key, tcell.ModNone)
		}
		sc := h.snap()
		open := sc.contains("Options")
		if open != (st.header == "") {
			t.Errorf("%s: menu open %v; want %v:\n%s", st.what, open, st.header == "", sc)
		}
		if st.header != "" && !strings.Contains(sc.headerLine(), st.header) {
			t.Errorf("%s: header %q; want %q", st.what, sc.headerLine(), st.header)
		}
		if st.shows != "" && !sc.contains(st.shows) {
			t.Errorf("%s: the screen lacks %q:\n%s", st.what, st.shows, sc)
		}
	}
	// The theme alone keeps the game in play.
	h.typ("$\n")
	before := h.snap().boardRows()
	h.typ("ojjjjjjl")
	if sc := h.snap(); !sc.contains("> Theme        < colour-blind >") {
		t.Errorf("the theme line:\n%s", sc)
	}
	h.key(tcell.KeyEnter, tcell.ModNone)
	if after := h.snap().boardRows(); strings.Join(after, "\n") != strings.Join(before, "\n") {
		t.Errorf("a theme change replaced the game:\n%s\nwas\n%s", strings.Join(after, "\n"), strings.Join(before, "\n"))
	}
	h.typ("q")
	res := h.wait().res
	want := board.Settings{Width: 12, Height: 8, Mines: 9, Rule: board.Safe}
	if res.Settings != want || res.Theme != "colour-blind" {
		t.Errorf("Run = board %v, theme %q; want %v, colour-blind", res.Settings, res.Theme, want)
	}
}

// TestMenuChoose checks that the menu asks the keeper for the layout of
// the settings chosen, and shows its refusal.
func TestMenuChoose(t *testing.T) {
	cfg := asciiCfg(t, small)
	var asked []board.Settings
	cfg.Keeper = &keeper{layout: func(s board.Settings) (board.Layout, error) {
		asked = append(asked, s)
		if s.Mines > 5 {
			return nil, errTooMany
		}
		return nil, nil
	}}
	h := start(t, cfg, 80, 30)
	h.typ("ojjj9")
	h.key(tcell.KeyEnter, tcell.ModNone)
	if sc := h.snap(); !sc.contains(errTooMany.Error()) {
		t.Errorf("the refusal is not shown:\n%s", sc)
	}
	h.key(tcell.KeyBackspace, tcell.ModNone)
	h.typ("3")
	h.key(tcell.KeyEnter, tcell.ModNone)
	if got := h.snap().headerLine(); !strings.Contains(got, "5x4") {
		t.Errorf("header %q; want the board chosen", got)
	}
	if len(asked) != 2 || asked[1].Mines != 3 {
		t.Errorf("Choose was asked %v; want 9 mines, then 3", asked)
	}
}

var errTooMany = errorString("at most 5 mines here")

type errorString string

func (e errorString) Error() string { return string(e) }

// TestMenuQuestionMarks checks that the menu's question marks are the
// game's from the next game on, and the result's, to be remembered.
func TestMenuQuestionMarks(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 30)
	h.typ("o")
	h.key(tcell.KeyUp, tcell.ModNone)
	h.typ("l")
	if sc := h.snap(); !sc.contains("> ? marks      < off >") {
		t.Errorf("the question marks' line:\n%s", sc)
	}
	h.key(tcell.KeyEnter, tcell.ModNone)
	h.typ("n")  // a new game: f puts a flag or takes it off
	h.typ("ff") // no question mark between
	if sc := h.snap(); strings.Contains(strings.Join(sc.boardRows(), "\n"), "?") {
		t.Errorf("f f left a question mark:\n%s", sc)
	}
	h.typ("q")
	if res := h.wait().res; res.QuestionMarks {
		t.Errorf("Result().QuestionMarks = true; want false, as the menu left them")
	}
}

package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/noguess"
	"github.com/minesweeper-go/minesweeper/internal/play"
)

// TestNoGuessGame plays the first click of a no-guess expert game: the
// header says no-guess before and after it, the mines are laid by the
// config's layout around the clicked cell (off the loop), the board is the
// one that layout gives for the seed and that cell, and the result keeps
// the settings.
func TestNoGuessGame(t *testing.T) {
	s := board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}
	cfg := Config{Start: play.Start{Board: s, Layout: noguess.Layout, Seed: 5}, Prefs: Prefs{ASCII: true}, Cursor: &board.Point{}}
	h := start(t, cfg, 120, 30)
	checkHeader(t, h.snap(), "Mines 99/99  Time 0  [ playing ]  30x16, no-guess, seed 5")
	h.typ("JJLl\n")
	h.waitLaid()
	sc := h.snap()
	checkHeader(t, sc, "30x16, no-guess, seed 5")
	got := sc.boardRows()

	at := board.Point{X: 6, Y: 10}
	mines, err := noguess.Layout(s, at, board.NewRand(5))
	if err != nil {
		t.Fatal(err)
	}
	ref := Config{Start: play.Start{Board: s, Seed: 5, Fixed: true, Mines: mines, Clicks: []board.Point{at}}, Prefs: Prefs{ASCII: true}, Cursor: &board.Point{}}
	h2 := start(t, ref, 120, 30)
	h2.typ("JJLl")
	if want := h2.snap().boardRows(); !slices.Equal(got, want) {
		t.Errorf("no-guess board after the first click:\n%s\nwant the layout's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if row := got[at.Y]; row[at.X] != ' ' {
		t.Errorf("first click at %v shows %q; want an opened zero", at, row[at.X])
	}
	h.typ("q")
	if o := h.wait(); o.res.Settings != s || !o.res.Started {
		t.Errorf("result board %v, started %v; want %v, started", o.res.Settings, o.res.Started, s)
	}
}

// TestNoGuessNeedsLayout checks that a no-guess game without a layout is
// refused, as board.NewRandom refuses it, rather than laid at random.
func TestNoGuessNeedsLayout(t *testing.T) {
	s := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true}
	if _, err := firstGame(Config{Start: play.Start{Board: s, Seed: 1}}); err == nil {
		t.Error("firstGame of no-guess settings without a layout succeeded; want an error")
	}
}

package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/noguess"
	"github.com/minesweeper-go/minesweeper/internal/play"
)

// waitBoard waits until no board row shows the closed glyph c.
func (h *harness) waitBoard(c string) screen {
	h.t.Helper()
	return h.waitUntil(fmt.Sprintf("the board to show no %q", c), func(sc screen) bool {
		return !strings.Contains(strings.Join(sc.boardRows(), "\n"), c)
	})
}

// TestOddsGolden renders the odds view of the golden screens' mid-game
// board in colour, monochrome and ASCII: every closed cell shows its
// chance of a mine in percent, certain cells apart, flags kept.
func TestOddsGolden(t *testing.T) {
	tests := []struct {
		name        string
		ascii, mono bool
		closed      string
	}{
		{"odds", false, false, "░"},
		{"odds-mono", false, true, "░"},
		{"odds-ascii", true, false, "#"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := fixed(t, nine)
			cfg.Prefs.ASCII, cfg.Prefs.Mono = tt.ascii, tt.mono
			h := start(t, cfg, 80, 24)
			mid(h)
			h.typ("v")
			sc := h.waitBoard(tt.closed)
			checkGolden(t, tt.name, sc.golden(h.th))
			h.typ("v") // off again
			if sc := h.snap(); !strings.Contains(strings.Join(sc.boardRows(), ""), tt.closed) {
				t.Errorf("v did not hide the odds:\n%s", sc)
			}
		})
	}
}

// TestAutoPlayWins lets the solver play a no-guess board to its end, fast,
// and checks the game is won and assisted, with no guess forced.
func TestAutoPlayWins(t *testing.T) {
	s := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true}
	h := start(t, Config{Start: play.Start{Board: s, Layout: noguess.Layout, Seed: 3}, Prefs: Prefs{ASCII: true}}, 80, 24)
	h.typ("aa")
	sc := h.waitUntil("auto-play to win", func(sc screen) bool { return strings.Contains(sc.header(), "You win") })
	checkHeader(t, sc, "assisted")
	if !sc.contains("no guess forced") {
		t.Errorf("the screen after the win lacks the verdict, no guess forced:\n%s", sc)
	}
	h.typ("q")
	if o := h.wait(); o.res.Status != board.Won || !o.res.Assisted || o.res.Verdict != "no guess forced" {
		t.Errorf("result %+v; want won, assisted, no guess forced", o.res)
	}
}

// TestAutoPlayStops checks that any other key stops auto-play, and only
// stops it: the key itself does nothing else.
func TestAutoPlayStops(t *testing.T) {
	s := board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true}
	h := start(t, Config{Start: play.Start{Board: s, Layout: noguess.Layout, Seed: 3}, Prefs: Prefs{ASCII: true}}, 80, 24)
	h.typ("a")
	h.waitFooter("auto-play")
	h.typ("n") // stops auto-play; no new game
	sc := h.waitFooter("auto-play stopped")
	before := strings.Join(sc.boardRows(), "\n")
	time.Sleep(300 * time.Millisecond) // three moves' time at the slow pace
	after := h.snap()
	if got := strings.Join(after.boardRows(), "\n"); got != before {
		t.Errorf("the board changed after auto-play stopped:\n%s\nthen\n%s", before, got)
	}
	checkHeader(t, after, "seed 3")
}

// TestPostMortem scripts two losses: a forced 50/50, where the verdict
// counts one guess, and a certain mine opened while a safe cell existed,
// which w then shows.
func TestPostMortem(t *testing.T) {
	t.Run("forced guess", func(t *testing.T) {
		h := start(t, asciiCfg(t, "*.\n..\n..\n"), 80, 24)
		h.typ("jj\n") // opens all but the top row
		h.typ("kk\n") // (0,0): the mine, a 50/50
		sc := h.snap()
		checkHeader(t, sc, "You lose")
		want := "1 guess: 50%; lost on a forced guess, a 50% chance of a mine"
		if !sc.contains(want) {
			t.Errorf("the numbers lack %q:\n%s", want, sc)
		}
		h.typ("q")
		if o := h.wait(); o.res.Verdict != want {
			t.Errorf("verdict %q; want %q", o.res.Verdict, want)
		}
	})
	t.Run("a safe cell existed", func(t *testing.T) {
		h := start(t, asciiCfg(t, hintBoard), 100, 24)
		h.typ("jj\n")   // leaves (2,0), a certain mine, and (3,0), safe
		h.typ("kkll\n") // (2,0)
		sc := h.snap()
		want := "no guess forced; lost on a 100% mine; (4,1) was safe" // cells counted from 1
		if !sc.contains(want) {
			t.Errorf("the numbers lack %q:\n%s", want, sc)
		}
		h.typ("w")
		sc = h.waitFooter("(4,1) was certainly safe")
		wx, wy := sc.at(board.Point{X: 3, Y: 0})
		if x, y, ok := sc.cursor(h.th); !ok || x != wx || y != wy {
			t.Errorf("cursor at %d,%d (%v) after w; want on (3,0) at %d,%d", x, y, ok, wx, wy)
		}
	})
}

// TestFinished checks that each game that ends is handed to the keeper as
// it ends, with its numbers, and that a quit game is not.
func TestFinished(t *testing.T) {
	k := &keeper{}
	cfg := asciiCfg(t, hintBoard)
	cfg.Keeper = k
	h := start(t, cfg, 80, 24)
	h.typ("jj\n") // opens all but (2,0) and (3,0)
	h.typ("kkf")  // a flag on (0,0)... an open cell: refused, not a move
	h.typ("lllf") // a flag on (3,0), wrong
	h.typ("f f")  // cycles it off
	h.typ("\n")   // opens (3,0): won
	h.typ("n")    // a new game, quit before it starts
	h.typ("q")
	h.wait()
	got := k.ended
	if len(got) != 1 || len(k.gaveUp) != 0 {
		t.Fatalf("Ended called %d times (%+v), GaveUp %d; want once, for the won game", len(got), got, len(k.gaveUp))
	}
	r := got[0]
	if r.Status != board.Won || r.ThreeBV != 2 || len(r.Mines) != 1 {
		t.Errorf("finished game %+v; want won, 3BV 2, one mine", r)
	}
	var moves []string
	for _, m := range r.Moves {
		moves = append(moves, m.Move.String())
	}
	if want := "O0,2 F3,0 F3,0 O3,0"; strings.Join(moves, " ") != want {
		t.Errorf("moves %q; want %q", strings.Join(moves, " "), want)
	}
}

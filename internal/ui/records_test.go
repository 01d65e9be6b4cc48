package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/play"
)

// wide is a 30x6 board, wider than the overlays, so that the board shows
// on either side of them.
const wide = `
*.............................
..............................
.........................*....
..............................
..............................
.............................*
`

// TestOverlayHidesBoard checks that the help, the statistics and the menu
// hide the board, as a pause does: the clock stands still under them, so
// the board must not be there to think about for free. Closing them shows
// it again.
func TestOverlayHidesBoard(t *testing.T) {
	for _, key := range []string{"?", "i", "o"} {
		t.Run(key, func(t *testing.T) {
			h := start(t, asciiCfg(t, wide), 80, 24)
			h.typ("jjj\n") // floods most of the board
			before := h.snap().boardRows()
			if !strings.Contains(strings.Join(before, ""), "1") {
				t.Fatalf("no number after the opening: %q", before)
			}
			h.typ(key)
			sc := h.snap()
			for _, row := range sc.boardRows() {
				if strings.ContainsAny(row, "#1") {
					t.Fatalf("the board shows under %q:\n%s", key, sc)
				}
			}
			h.key(tcell.KeyEsc, tcell.ModNone)
			if got := h.snap().boardRows(); strings.Join(got, "\n") != strings.Join(before, "\n") {
				t.Errorf("after closing %q the board is\n%s\nwant\n%s", key, strings.Join(got, "\n"), strings.Join(before, "\n"))
			}
		})
	}
}

// TestUnsafeFirstClickLoss checks that under the unsafe rule the header
// names the rule, and a first click that hits a mine is a forced guess
// with its chance: 8 mines in 9 cells.
func TestUnsafeFirstClickLoss(t *testing.T) {
	s := board.Settings{Width: 3, Height: 3, Mines: 8, Rule: board.Unsafe}
	for seed := uint64(1); seed < 20; seed++ {
		h := start(t, Config{Start: play.Start{Board: s, Seed: seed}, Prefs: Prefs{ASCII: true}}, 80, 24)
		checkHeader(t, h.snap(), "3x3, unsafe first click")
		h.typ("\n")
		sc := h.snap()
		if !strings.Contains(sc.header(), "You lose") {
			h.typ("q")
			h.wait()
			continue // the one safe cell: another seed
		}
		want := "1 guess: 11%; lost on a forced guess, a 89% chance of a mine"
		if !sc.contains(want) {
			t.Errorf("seed %d: the loss's numbers lack %q:\n%s", seed, want, sc)
		}
		h.typ("q")
		if got := h.wait().res.Verdict; got != want {
			t.Errorf("seed %d: verdict %q; want %q", seed, got, want)
		}
		return
	}
	t.Fatal("no seed of 19 lost on the first click")
}

// TestHelpIsAMove checks that what the solver changes is a move of the
// game: m's flags are logged (M) and taken back by u, as any move; a hint
// is logged (H) and marks the game; the odds view shown before the first
// opening shows nothing and marks nothing.
func TestHelpIsAMove(t *testing.T) {
	t.Run("m, then u", func(t *testing.T) {
		h := start(t, asciiCfg(t, hintBoard), 80, 24)
		h.typ("jj\n") // leaves (2,0), a certain mine, and (3,0)
		h.typ("m")
		sc := h.waitFooter("1 mine is certain: all flagged")
		checkRows(t, sc, " 1F#", " 111", "    ")
		h.typ("u")
		sc = h.snap()
		checkRows(t, sc, " 1##", " 111", "    ")
		checkHeader(t, sc, "assisted, undone")
		h.typ("q")
		if o := h.wait(); moveTexts(o.res.Moves) != "O0,2" || !o.res.Assisted {
			t.Errorf("Run = %+v; want the opening alone after the undo, assisted", o.res)
		}
	})
	t.Run("m, kept with the game", func(t *testing.T) {
		h := start(t, asciiCfg(t, hintBoard), 80, 24)
		h.typ("jj\n")
		h.typ("m")
		h.waitFooter("all flagged")
		h.typ("s")
		h.waitFooter("safe: (4,1)")
		h.typ("q")
		if o := h.wait(); moveTexts(o.res.Moves) != "O0,2 M2,0 H3,0" {
			t.Errorf("moves %q; want the opening, the solver's flag and the hint", moveTexts(o.res.Moves))
		}
	})
	t.Run("v before the first opening", func(t *testing.T) {
		h := start(t, asciiCfg(t, hintBoard), 80, 24)
		h.typ("v")
		h.snap()
		h.typ("v") // off again, before any opening
		h.typ("jj\n")
		sc := h.snap()
		if strings.Contains(sc.header(), "assisted") {
			t.Errorf("header %q; want no assisted mark: the odds showed nothing", sc.header())
		}
		h.typ("q")
		if o := h.wait(); o.res.Assisted || moveTexts(o.res.Moves) != "O0,2" {
			t.Errorf("Run = %+v; want not assisted, the opening alone", o.res)
		}
	})
}

// TestNewSeedDrawn checks that a new game's seed is Config.NewSeed's (the
// player cannot foresee it from the last, as cmd draws it), for n and for
// another board chosen in the menu, and that such a game is not known.
func TestNewSeedDrawn(t *testing.T) {
	cfg := Config{Start: play.Start{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, Seed: 7, Seeded: true}, Prefs: Prefs{ASCII: true}}
	seeds := []uint64{1001, 2002}
	cfg.NewSeed = func() uint64 {
		s := seeds[0]
		seeds = seeds[1:]
		return s
	}
	h := start(t, cfg, 80, 30)
	h.typ("n") // nothing opened: nothing at stake, no question
	checkHeader(t, h.snap(), "9x9, seed 1001")
	h.typ("o")
	h.typ("l") // intermediate
	h.key(tcell.KeyEnter, tcell.ModNone)
	checkHeader(t, h.snap(), "16x16, seed 2002")
	h.typ("q")
	if o := h.wait(); o.res.Seed != 2002 || o.res.Known() {
		t.Errorf("Run = seed %d, known %v; want seed 2002, not known", o.res.Seed, o.res.Known())
	}
}

// TestBoardFileClicksKept checks that a board file's clicks are the
// player's: a game they end is handed to the keeper, as a board file's,
// known (see session.CountOf), not dropped as a replay's moves are.
func TestBoardFileClicksKept(t *testing.T) {
	cfg := asciiCfg(t, "*....\n.....\n.....\n.....\n.....\n")
	cfg.Start.Source, cfg.Start.Clicks = "rec.txt", []board.Point{{X: 4, Y: 4}}
	k := &keeper{}
	cfg.Keeper = k
	h := start(t, cfg, 80, 24)
	checkHeader(t, h.snap(), "[ You win ]")
	h.typ("q")
	h.wait()
	if len(k.ended) != 1 || k.ended[0].Status != board.Won || !k.ended[0].Known() || k.ended[0].Source != "rec.txt" {
		t.Errorf("ended %+v; want the win, kept as the board file's, known", k.ended)
	}
}

// TestResumeAfterFirstUndone checks that a game whose first opening was
// taken back resumes with its clock where it was left: the opening that
// stands was logged after the clock had run.
func TestResumeAfterFirstUndone(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("$\n")
	h.snap()
	h.clock.advance(3 * time.Second)
	h.typ("u")
	h.snap()
	h.clock.advance(2 * time.Second)
	h.typ("h\n") // (3,0): floods as (4,0) did
	h.snap()
	h.clock.advance(time.Second)
	h.typ("q")
	res := h.wait().res
	if res.Elapsed != 6*time.Second {
		t.Fatalf("left after %v; want 6 s", res.Elapsed)
	}
	rc := Config{Start: play.Start{Board: res.Settings, Seed: 1, Resume: keptOf(res)}, Prefs: Prefs{ASCII: true}}
	h = start(t, rc, 80, 24)
	checkHeader(t, h.snap(), "Time 6  [ playing ]")
	h.typ("q")
	if got := h.wait().res.Elapsed; got != 6*time.Second {
		t.Errorf("resumed and left after %v; want 6 s", got)
	}
}

// TestReplayOnTheSpot checks e once a game is over: the game is played
// back on its own screen, and q comes back to it as it was; in play, e
// refuses.
func TestReplayOnTheSpot(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("e")
	if got := h.snap().footer(); !strings.Contains(got, "a game is replayed once it is over") {
		t.Errorf("footer after e in play = %q; want the refusal", got)
	}
	h.typ("$\nG$\n") // wins
	checkHeader(t, h.snap(), "[ You win ]")
	if got := h.snap().footer(); !strings.Contains(got, "u undo  n new  r restart  e replay") {
		t.Errorf("footer after the win = %q; want the next steps", got)
	}
	h.typ("e")
	sc := h.snap()
	checkHeader(t, sc, "[ replay 1x ]")
	checkRows(t, sc, "#####", "#####", "#####", "#####")
	h.typ("$") // to the end
	checkHeader(t, h.snap(), "[ You win ]")
	h.typ("q") // back to the game
	sc = h.snap()
	checkHeader(t, sc, "[ You win ]")
	if got := sc.footer(); !strings.Contains(got, "e replay") {
		t.Errorf("footer back from the replay = %q; want the game's next steps", got)
	}
	h.typ("q")
	if o := h.wait(); o.res.Status != board.Won || moveTexts(o.res.Moves) != "O4,0 O4,3" {
		t.Errorf("Run = %+v; want the game won, its two openings", o.res)
	}
}

package ui

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
)

// moveTexts returns the moves in their text form, separated by spaces.
func moveTexts(moves []game.TimedMove) string {
	var s []string
	for _, m := range moves {
		s = append(s, m.Move.String())
	}
	return strings.Join(s, " ")
}

// TestUndoFlag takes back a flag: the cell is closed and unmarked again,
// the mine count is back, and the game is marked undone.
func TestUndoFlag(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("f")
	sc := h.snap()
	checkRows(t, sc, "F####", "#####", "#####", "#####")
	checkHeader(t, sc, "Mines 1/2  Time 0  [ playing ]  5x4, seed 42")
	h.typ("u")
	sc = h.snap()
	checkRows(t, sc, "#####", "#####", "#####", "#####")
	checkHeader(t, sc, "Mines 2/2  Time 0  [ playing ]  5x4, undone, seed 42")
	if got := sc.footer(); strings.Contains(got, "nothing to undo") {
		t.Errorf("footer after an undo = %q; want no refusal", got)
	}
	h.typ("q")
	if o := h.wait(); !o.res.Undone || len(o.res.Moves) != 0 || o.res.Status != board.Playing {
		t.Errorf("Run = %+v; want a game in play, undone, without moves", o.res)
	}
}

// TestUndoOpening takes back an opening that flooded: every cell it opened
// closes again, and the same opening floods the same way.
func TestUndoOpening(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("$\n")
	checkRows(t, h.snap(), "#1   ", "11   ", "  111", "  1##")
	h.typ("u")
	sc := h.snap()
	checkRows(t, sc, "#####", "#####", "#####", "#####")
	checkHeader(t, sc, "[ playing ]  5x4, undone")
	h.typ("\n") // the cursor stayed at (4,0)
	checkRows(t, h.snap(), "#1   ", "11   ", "  111", "  1##")
	h.typ("q")
	if o := h.wait(); !o.res.Undone || moveTexts(o.res.Moves) != "O4,0" {
		t.Errorf("Run = %+v; want undone, with the one opening played again", o.res)
	}
}

// TestUndoFatal takes back the opening that lost a forced 50/50: the game
// is in play again, its clock resumes where it stopped without counting
// the time spent lost, and the guess taken back is not counted. The keeper
// keeps the loss once: told of the undo, it marks that game undone, and
// the win after it is not kept again (one game, one line, never a win
// counted for a game lost).
func TestUndoFatal(t *testing.T) {
	k := &keeper{}
	cfg := asciiCfg(t, "*.\n..\n..\n")
	cfg.Keeper = k
	h := start(t, cfg, 80, 24)
	h.typ("jj\n") // opens all but the top row: the clock starts
	h.snap()
	h.clock.advance(4 * time.Second)
	h.typ("kk\n") // (0,0): the mine
	sc := h.snap()
	checkRows(t, sc, "X#", "11", "  ")
	checkHeader(t, sc, "Time 4  [ You lose ]")
	h.clock.advance(time.Minute) // spent looking at the loss
	h.typ("u")
	sc = h.snap()
	checkRows(t, sc, "##", "11", "  ")
	checkHeader(t, sc, "Time 4  [ playing ]  2x3, undone, seed 42")
	if f := sc.footer(); strings.Contains(f, "guess") {
		t.Errorf("footer after the undo = %q; want the end's numbers gone", f)
	}
	h.clock.advance(3 * time.Second)
	h.post(tcell.NewEventInterrupt(tick{}))
	checkHeader(t, h.snap(), "Time 7  [ playing ]")
	h.typ("l\n") // (1,0): safe, the other side of the 50/50
	sc = h.snap()
	checkHeader(t, sc, "Time 7  [ You win ]  2x3, undone")
	if !sc.contains("practice: kept as it ended") {
		t.Errorf("the win after the undo does not say it was kept as it first ended:\n%s", sc)
	}
	h.typ("q")
	o := h.wait()
	if len(k.ended) != 1 || len(k.gaveUp) != 0 {
		t.Fatalf("Ended called %d times, GaveUp %d; want once, for the loss", len(k.ended), len(k.gaveUp))
	}
	if r := k.ended[0]; r.Status != board.Lost || r.Undone || r.Elapsed != 4*time.Second {
		t.Errorf("the game kept %+v; want lost in 4s, not undone", r)
	}
	if len(k.reopened) != 1 || k.reopened[0] != 1 {
		t.Errorf("Reopened %v; want game 1 once", k.reopened)
	}
	want := "1 guess: 50%" // the fatal guess was taken back
	if r := o.res; r.Status != board.Won || r.Ends != 2 || r.Counts.Number != 1 || r.Verdict != want {
		t.Errorf("Run = %+v; want won, kept already, verdict %q", r, want)
	}
	if r := o.res; !r.Undone || r.Elapsed != 7*time.Second || moveTexts(r.Moves) != "O0,2 O1,0" {
		t.Errorf("Run = %+v; want undone, 7s, moves O0,2 O1,0", r)
	}
	if r := o.res; len(r.Moves) == 2 && r.Moves[1].At != 7*time.Second {
		t.Errorf("the winning move at %v; want 7s: the time lost does not count", r.Moves[1].At)
	}
}

// TestUndoNothing checks that undo refuses with a word in the footer
// before any move, on a fixed board and on a random board still pending,
// after a restart, and once every move is taken back.
func TestUndoNothing(t *testing.T) {
	random := Config{Start: play.Start{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, Seed: 7}, Prefs: Prefs{ASCII: true}}
	tests := []struct {
		name string
		cfg  Config
		keys string // played before the refused u
	}{
		{"fixed", asciiCfg(t, small), ""},
		{"pending", random, ""},
		{"restarted", asciiCfg(t, small), "$\nrr"},
		{"all taken back", asciiCfg(t, small), "f$\nuu"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t, tt.cfg, 80, 24)
			h.typ(tt.keys)
			before := h.snap()
			h.typ("u")
			sc := h.snap()
			if got := sc.footer(); !strings.Contains(got, "nothing to undo") {
				t.Errorf("footer = %q; want nothing to undo", got)
			}
			checkRows(t, sc, before.boardRows()...)
			if undone := strings.Contains(sc.header(), "undone"); undone != (tt.name == "all taken back") {
				t.Errorf("header = %q; want undone only once a move was taken back", sc.header())
			}
		})
	}
}

// TestUndoTwice takes back an opening, then the flag placed before it.
func TestUndoTwice(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("lf$\n") // a flag on (1,0), a 1: the flood stops at it
	checkRows(t, h.snap(), "#F   ", "11   ", "  111", "  1##")
	h.typ("u")
	checkRows(t, h.snap(), "#F###", "#####", "#####", "#####")
	h.typ("u")
	sc := h.snap()
	checkRows(t, sc, "#####", "#####", "#####", "#####")
	checkHeader(t, sc, "Mines 2/2")
	h.typ("q")
	if o := h.wait(); !o.res.Undone || len(o.res.Moves) != 0 {
		t.Errorf("Run = %+v; want undone, without moves", o.res)
	}
}

// TestUndoWon takes back a win and wins again: the keeper keeps the first
// win, is told it was undone, and is not handed the second; a restart
// then plays clean again.
func TestUndoWon(t *testing.T) {
	k := &keeper{}
	cfg := asciiCfg(t, small)
	cfg.Keeper = k
	h := start(t, cfg, 80, 24)
	h.typ("$\njjj\n")
	checkHeader(t, h.snap(), "[ You win ]")
	h.typ("u")
	sc := h.snap()
	checkRows(t, sc, "#1   ", "11   ", "  111", "  1##")
	checkHeader(t, sc, "Mines 2/2  Time 0  [ playing ]  5x4, undone")
	h.typ("\n")
	checkHeader(t, h.snap(), "[ You win ]  5x4, undone")
	h.typ("r")
	if header := h.snap().header(); strings.Contains(header, "undone") {
		t.Errorf("header after a restart = %q; want no undone mark", header)
	}
	h.typ("q")
	h.wait()
	if len(k.ended) != 1 || len(k.reopened) != 1 {
		t.Fatalf("Ended %d times, Reopened %v; want the first win once, reopened once", len(k.ended), k.reopened)
	}
	if r := k.ended[0]; r.Status != board.Won || r.Undone || moveTexts(r.Moves) != "O4,0 O4,3" {
		t.Errorf("the game kept: %+v; want won, moves O4,0 O4,3", r)
	}
}

// TestUndoWhilePaused checks that a paused game refuses undo as it
// refuses moves.
func TestUndoWhilePaused(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("$\np")
	h.typ("u")
	if got := h.snap().footer(); !strings.Contains(got, game.ErrPaused.Error()) {
		t.Errorf("footer = %q; want %q", got, game.ErrPaused)
	}
	h.typ("p")
	sc := h.snap()
	checkRows(t, sc, "#1   ", "11   ", "  111", "  1##")
	if strings.Contains(sc.header(), "undone") {
		t.Errorf("header = %q; want no undone mark", sc.header())
	}
}

// TestUndoAudits checks that the openings taken back leave the guess
// audit, with the analyses still to come of them: a queued one is
// dropped, and one running off the loop is ignored when it comes back,
// even when a new opening has taken its index.
func TestUndoAudits(t *testing.T) {
	open := func(x, y int) game.Move { return game.Move{Action: game.Open, At: board.Point{X: x, Y: y}} }
	setup := func(t *testing.T) *ui {
		t.Helper()
		cfg := fixed(t, small)
		g, err := firstGame(cfg)
		if err != nil {
			t.Fatal(err)
		}
		u := newUI(nil, g, cfg, nil)
		// The opening that laid the mines, taken back: the openings after
		// it are the player's, and judged.
		if _, err := g.Apply(open(4, 0), time.Time{}); err != nil {
			t.Fatal(err)
		}
		if err := g.Undo(time.Time{}); err != nil {
			t.Fatal(err)
		}
		for _, m := range []game.Move{open(4, 0), open(4, 3)} {
			if _, judge := g.WillOpen(m.At); !judge {
				t.Fatalf("WillOpen(%v) is not judged", m.At)
			}
			if _, err := g.Apply(m, time.Time{}); err != nil {
				t.Fatal(err)
			}
		}
		u.newAudits()
		return u
	}
	t.Run("running kept, queued dropped", func(t *testing.T) {
		u := setup(t)
		epoch := u.aud.game
		u.jobs.cancel[jobAudit] = func() {} // (4,0)'s analysis runs
		u.aud.queue = []auditJob{{version: epoch, index: 1, at: board.Point{X: 4, Y: 3}}}
		if err := u.undo(); err != nil {
			t.Fatal(err)
		}
		if u.g.Openings() != 1 || u.g.Opening(0).At != (board.Point{X: 4, Y: 0}) || len(u.aud.queue) != 0 || u.aud.game != epoch {
			t.Errorf("openings %d, queue %+v, epoch %d (was %d); want (4,0) kept, no queue, the same epoch", u.g.Openings(), u.aud.queue, u.aud.game, epoch)
		}
	})
	t.Run("running dropped", func(t *testing.T) {
		u := setup(t)
		epoch := u.aud.game
		u.g.Judge(0, board.Point{X: 4, Y: 0}, nil) // (4,0)'s came back; (4,3)'s runs
		u.jobs.cancel[jobAudit] = func() {}        // (4,3)'s analysis runs
		if err := u.undo(); err != nil {
			t.Fatal(err)
		}
		if u.g.Openings() != 1 || u.aud.game == epoch {
			t.Fatalf("openings %d, epoch %d (was %d); want one opening, a new epoch", u.g.Openings(), u.aud.game, epoch)
		}
		u.g.WillOpen(board.Point{X: 4, Y: 3}) // a new opening, index 1
		u.auditBack(nil, audited{job: auditJob{version: epoch, index: 1, at: board.Point{X: 4, Y: 3}}, err: errors.New("the old analysis")})
		if o := u.g.Opening(1); !o.Pending || o.Failed || u.running(jobAudit) {
			t.Errorf("new opening %+v, running %v after the old analysis came back; want it still pending, nothing running", o, u.running(jobAudit))
		}
	})
}

// TestUndoFirstOpening takes back the opening that laid the mines: they
// stand, so the next opening is no longer the first-click rule's but a
// guess of the player's, and the guess count says so.
func TestUndoFirstOpening(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("$\nu")
	h.snap()
	h.typ("h\n") // (3,0), a zero: it floods as (4,0) did
	checkRows(t, h.snap(), "#1   ", "11   ", "  111", "  1##")
	h.typ("G$\n") // (4,3) wins
	h.typ("q")
	if got, want := h.wait().res.Verdict, "1 guess: 90%"; got != want {
		t.Errorf("verdict %q; want %q: the opening after the undo was a guess, safe at 90%%", got, want)
	}
}

package ui

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// moveTexts returns the moves in their text form, separated by spaces.
func moveTexts(moves []TimedMove) string {
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
// the time spent lost, and the guess taken back is not counted. Finished
// sees the loss, then the win, undone.
func TestUndoFatal(t *testing.T) {
	var got []Result
	cfg := asciiCfg(t, "*.\n..\n..\n")
	cfg.Finished = func(r Result) string { got = append(got, r); return "well played" }
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
	if f := sc.footer(); strings.Contains(f, "well played") || strings.Contains(f, "guess") {
		t.Errorf("footer after the undo = %q; want the end's numbers gone", f)
	}
	h.clock.advance(3 * time.Second)
	h.post(tcell.NewEventInterrupt(tick{}))
	checkHeader(t, h.snap(), "Time 7  [ playing ]")
	h.typ("l\n") // (1,0): safe, the other side of the 50/50
	sc = h.snap()
	checkHeader(t, sc, "Time 7  [ You win ]  2x3, undone")
	h.typ("q")
	o := h.wait()
	if len(got) != 2 {
		t.Fatalf("Finished called %d times; want twice, for the loss and the win", len(got))
	}
	if r := got[0]; r.Status != board.Lost || r.Undone || r.Elapsed != 4*time.Second {
		t.Errorf("first finished game %+v; want lost in 4s, not undone", r)
	}
	want := "1 guess: 50%" // the fatal guess was taken back
	if r := got[1]; r.Status != board.Won || !r.Undone || r.Elapsed != 7*time.Second || r.Verdict != want {
		t.Errorf("second finished game %+v; want won in 7s, undone, verdict %q", r, want)
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
	random := Config{Board: board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, Seed: 7, ASCII: true}
	tests := []struct {
		name string
		cfg  Config
		keys string // played before the refused u
	}{
		{"fixed", asciiCfg(t, small), ""},
		{"pending", random, ""},
		{"restarted", asciiCfg(t, small), "$\nr"},
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

// TestUndoWon takes back a win and wins again: Finished sees both games,
// the second undone; a restart then plays clean again.
func TestUndoWon(t *testing.T) {
	var got []Result
	cfg := asciiCfg(t, small)
	cfg.Finished = func(r Result) string { got = append(got, r); return "" }
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
	if len(got) != 2 {
		t.Fatalf("Finished called %d times; want twice", len(got))
	}
	for i, r := range got {
		if r.Status != board.Won || r.Undone != (i == 1) || moveTexts(r.Moves) != "O4,0 O4,3" {
			t.Errorf("finished game %d: %+v; want won, undone %v, moves O4,0 O4,3", i, r, i == 1)
		}
	}
}

// TestUndoWhilePaused checks that a paused game refuses undo as it
// refuses moves.
func TestUndoWhilePaused(t *testing.T) {
	h := start(t, asciiCfg(t, small), 80, 24)
	h.typ("$\np")
	h.typ("u")
	if got := h.snap().footer(); !strings.Contains(got, errPaused.Error()) {
		t.Errorf("footer = %q; want %q", got, errPaused)
	}
	h.typ("p")
	sc := h.snap()
	checkRows(t, sc, "#1   ", "11   ", "  111", "  1##")
	if strings.Contains(sc.header(), "undone") {
		t.Errorf("header = %q; want no undone mark", sc.header())
	}
}

// TestGameUndoClock checks the clock of a lost game taken back, without a
// screen: it resumes from the loss's time, the time spent lost left out.
func TestGameUndoClock(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	open := func(x, y int) board.Move { return board.Move{Action: board.Open, At: board.Point{X: x, Y: y}} }
	g, err := newGame(fixed(t, small), t0)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.undo(at(1)); !errors.Is(err, errNothingToUndo) {
		t.Errorf("undo before any move = %v; want errNothingToUndo", err)
	}
	if g.undone {
		t.Error("a refused undo marked the game undone")
	}
	for _, st := range []struct {
		m   board.Move
		now int
	}{{open(4, 0), 10}, {open(0, 0), 13}} {
		if err := g.apply(st.m, at(st.now)); err != nil {
			t.Fatalf("apply(%v) = %v", st.m, err)
		}
	}
	if g.b.Status() != board.Lost || g.elapsed(at(50)) != 3*time.Second {
		t.Fatalf("status %v, clock %v; want lost at 3s", g.b.Status(), g.elapsed(at(50)))
	}
	v := g.version
	if err := g.undo(at(100)); err != nil {
		t.Fatalf("undo = %v", err)
	}
	if g.b.Status() != board.Playing || g.version == v || !g.undone {
		t.Errorf("after undo: status %v, version %d (was %d), undone %v; want playing, a new version, undone", g.b.Status(), g.version, v, g.undone)
	}
	for _, c := range []struct{ now, want int }{{100, 3}, {105, 8}} {
		if got := g.elapsed(at(c.now)); got != time.Duration(c.want)*time.Second {
			t.Errorf("elapsed at %ds = %v; want %ds", c.now, got, c.want)
		}
	}
	g.togglePause(at(106))
	if err := g.undo(at(107)); !errors.Is(err, errPaused) {
		t.Errorf("undo while paused = %v; want errPaused", err)
	}
	g.togglePause(at(110))
	if err := g.apply(open(4, 3), at(112)); err != nil || g.b.Status() != board.Won {
		t.Fatalf("apply(O4,3) = %v, status %v; want the win", err, g.b.Status())
	}
	r := g.result(at(200))
	// 3s before the loss, 6s after the undo less 4s paused.
	if r.Elapsed != 11*time.Second || !r.Undone || moveTexts(r.Moves) != "O4,0 O4,3" || r.Moves[1].At != 11*time.Second {
		t.Errorf("result %+v; want 11s, undone, moves O4,0 then O4,3 at 11s", r)
	}
}

// TestGameUndoReplayFails checks that a move that cannot be played again,
// which only a bug could record, leaves the game with the moves before it
// and an error naming it.
func TestGameUndoReplayFails(t *testing.T) {
	g, err := newGame(fixed(t, small), time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.apply(board.Move{Action: board.Open, At: board.Point{X: 4, Y: 0}}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	g.moves = append(g.moves,
		TimedMove{Move: board.Move{Action: board.Open, At: board.Point{X: 9, Y: 9}}},
		TimedMove{Move: board.Move{Action: board.Toggle, At: board.Point{X: 0, Y: 0}}})
	err = g.undo(time.Time{})
	if !errors.Is(err, board.ErrOutOfBounds) || !strings.Contains(err.Error(), "O9,9") {
		t.Errorf("undo = %v; want ErrOutOfBounds naming O9,9", err)
	}
	if got := moveTexts(g.moves); got != "O4,0" {
		t.Errorf("moves %q; want O4,0", got)
	}
	if got := g.b.String(); got != "#1000\n11000\n00111\n001##\n" {
		t.Errorf("board\n%s; want the opening played again", got)
	}
}

// TestUndoAudits checks that the openings taken back leave the guess
// audit, with the analyses still to come of them: a queued one is
// dropped, and one running off the loop is ignored when it comes back,
// even when a new opening has taken its index.
func TestUndoAudits(t *testing.T) {
	open := func(x, y int) board.Move { return board.Move{Action: board.Open, At: board.Point{X: x, Y: y}} }
	setup := func(t *testing.T) *ui {
		t.Helper()
		g, err := newGame(fixed(t, small), time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		u := newUI(g, g.cfg, nil)
		for _, m := range []board.Move{open(4, 0), open(4, 3)} {
			g.opens = append(g.opens, opening{at: m.At, pending: true})
			if err := g.apply(m, time.Time{}); err != nil {
				t.Fatal(err)
			}
		}
		return u
	}
	t.Run("running kept, queued dropped", func(t *testing.T) {
		u := setup(t)
		epoch := u.aud.game
		u.aud.running = true // (4,0)'s analysis
		u.aud.queue = []auditJob{{version: epoch, index: 1}}
		if err := u.undo(time.Time{}); err != nil {
			t.Fatal(err)
		}
		if len(u.g.opens) != 1 || u.g.opens[0].at != (board.Point{X: 4, Y: 0}) || len(u.aud.queue) != 0 || u.aud.game != epoch {
			t.Errorf("opens %+v, queue %+v, epoch %d (was %d); want (4,0) kept, no queue, the same epoch", u.g.opens, u.aud.queue, u.aud.game, epoch)
		}
	})
	t.Run("running dropped", func(t *testing.T) {
		u := setup(t)
		epoch := u.aud.game
		u.g.opens[0].pending = false // (4,0)'s came back; (4,3)'s runs
		u.aud.running = true
		if err := u.undo(time.Time{}); err != nil {
			t.Fatal(err)
		}
		if len(u.g.opens) != 1 || u.aud.game == epoch {
			t.Fatalf("opens %+v, epoch %d (was %d); want one opening, a new epoch", u.g.opens, u.aud.game, epoch)
		}
		u.g.opens = append(u.g.opens, opening{at: board.Point{X: 3, Y: 3}, pending: true}) // a new opening, index 1
		u.auditBack(nil, audited{job: auditJob{version: epoch, index: 1}, err: errors.New("the old analysis")})
		if o := u.g.opens[1]; !o.pending || o.failed || u.aud.running {
			t.Errorf("new opening %+v, running %v after the old analysis came back; want it still pending, nothing running", o, u.aud.running)
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

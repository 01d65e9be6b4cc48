package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
)

// keptOf returns the game r as the history keeps it.
func keptOf(r play.Result) *game.Kept {
	k := r.Kept
	return &k
}

// headerLine returns the first line of the screen that is not blank: the
// header.
func (sc screen) headerLine() string {
	for _, l := range sc.text {
		if l != "" {
			return l
		}
	}
	return ""
}

// contains reports whether some line of the screen holds s.
func (sc screen) contains(s string) bool {
	return slices.ContainsFunc(sc.text, func(l string) bool { return strings.Contains(l, s) })
}

// playWin wins the nine board with marks, a chord, an undo of an opening
// and a question mark, the clock moving between the moves, and returns
// the final screen and the result.
func playWin(t *testing.T, cfg Config) (screen, play.Result) {
	t.Helper()
	h := start(t, cfg, 80, 24)
	h.typ("$\n") // floods from the top-right corner
	h.snap()
	h.clock.advance(1500 * time.Millisecond)
	h.clickCell(board.Point{X: 4, Y: 3}, board.Point{}, tcell.Button2) // a flag on a mine
	h.snap()
	h.clock.advance(700 * time.Millisecond)
	h.clickCell(board.Point{X: 0, Y: 0}, board.Point{}, tcell.Button2) // a wrong flag
	h.clickCell(board.Point{X: 0, Y: 0}, board.Point{}, tcell.Button2) // a question mark
	h.snap()
	h.clock.advance(300 * time.Millisecond)
	h.clickCell(board.Point{X: 0, Y: 2}, board.Point{}, tcell.Button1)
	h.snap()
	h.clock.advance(250 * time.Millisecond)
	h.typ("u") // takes it back
	h.snap()
	h.clock.advance(333 * time.Millisecond)
	sc := h.snap()
	// Click each safe cell still closed, until the game is won: each click
	// is a move, and the last one leaves the cursor where the game ended.
	for y := range 9 {
		for x := range 9 {
			if c := []rune(sc.boardRows()[y])[x]; !isMine(x, y) && (c == '░' || c == '#' || c == '?') && !sc.contains("You win") {
				h.clickCell(board.Point{X: x, Y: y}, board.Point{}, tcell.Button1)
				sc = h.snap()
				h.clock.advance(123 * time.Millisecond)
			}
		}
	}
	h.typ("q")
	o := h.wait()
	if o.err != nil || o.res.Status != board.Won {
		t.Fatalf("the game ended %v, %v; want won:\n%s", o.res.Status, o.err, sc)
	}
	return sc, o.res
}

// TestReplayEndsAsTheGame plays a game, then replays it to its end: the
// replay ends on the screen the game ended on, cell for cell and style for
// style, clock, numbers and guess count included.
func TestReplayEndsAsTheGame(t *testing.T) {
	for _, mono := range []bool{false, true} {
		cfg := fixed(t, nine)
		cfg.Prefs.Mono = mono
		game, res := playWin(t, cfg)
		if !res.Undone || !strings.Contains(moveTexts(res.Moves), "F0,0 F0,0") {
			t.Fatalf("the game played %q, undone %v; want its marks, an undo", moveTexts(res.Moves), res.Undone)
		}

		rc := Config{Start: play.Start{Board: res.Settings, Seed: res.Seed, Replay: keptOf(res)}, Prefs: Prefs{QuestionMarks: true, Mono: mono}}
		h := start(t, rc, 80, 24)
		first := h.snap()
		if got := first.headerLine(); !strings.Contains(got, "[ replay 1x ]") || !strings.Contains(got, "Time 0") {
			t.Errorf("the replay's header = %q; want it to say replay 1x, Time 0", got)
		}
		h.typ("$")
		replay := h.snap()
		// All but the footer's keys, which offer the replay's own.
		fy := replay.headerY() + 1 + 9 + 2
		replay.text[fy], game.text[fy] = "", ""
		if !slices.Equal(replay.text, game.text) {
			t.Errorf("the replay ends on\n%s\nthe game ended on\n%s", replay, game)
		}
		for i := range game.cells {
			if i/game.w == fy {
				continue
			}
			if game.cells[i].Style != replay.cells[i].Style {
				t.Errorf("mono %v: the style at (%d,%d) is %q in the replay, %q in the game", mono,
					i%game.w, i/game.w, h.th.StyleNames[replay.cells[i].Style], h.th.StyleNames[game.cells[i].Style])
				break
			}
		}
		h.typ("q")
		if o := h.wait(); o.err != nil || o.res.Status != board.Won || o.res.Elapsed != res.Elapsed {
			t.Errorf("the replay returned %v after %v, %v; want won after %v", o.res.Status, o.res.Elapsed, o.err, res.Elapsed)
		}
	}
}

// TestReplayPace plays a replay at its pace: nothing before the lead, each
// move when its time comes, nothing while paused, one move a step, twice
// as fast after +, and at the end Space plays it again.
func TestReplayPace(t *testing.T) {
	k := &game.Kept{
		Mines: []board.Point{{X: 0, Y: 0}, {X: 3, Y: 3}},
		Moves: []game.TimedMove{
			{Move: game.Move{Action: game.Toggle, At: board.Point{X: 0, Y: 0}}, At: 0},
			{Move: game.Move{Action: game.Open, At: board.Point{X: 4, Y: 0}}, At: 0},
			{Move: game.Move{Action: game.Toggle, At: board.Point{X: 3, Y: 3}}, At: 2 * time.Second},
			{Move: game.Move{Action: game.Toggle, At: board.Point{X: 0, Y: 0}}, At: 3 * time.Second},
			{Move: game.Move{Action: game.Chord, At: board.Point{X: 4, Y: 2}}, At: 5 * time.Second},
		},
		Elapsed: 5 * time.Second,
		Seed:    9,
	}
	cfg := Config{Start: play.Start{Board: board.Settings{Width: 5, Height: 4, Mines: 2}, Seed: 9, Replay: k}, Prefs: Prefs{ASCII: true, QuestionMarks: true}}
	h := start(t, cfg, 80, 24)
	h.snap() // the replay has started at the clock's time
	step := func(d time.Duration) screen {
		h.clock.advance(d)
		h.post(tcell.NewEventInterrupt(tick{}))
		return h.snap()
	}
	tests := []struct {
		what   string
		keys   string
		after  time.Duration
		place  string // the footer's "move N of 5"
		header string
		rows   []string
	}{
		{"before the lead ends", "", 900 * time.Millisecond, "move 0 of 5", "Time 0  [ replay 1x ]", []string{"#####", "#####", "#####", "#####"}},
		{"the first opening", "", 200 * time.Millisecond, "move 2 of 5", "Time 0  [ replay 1x ]", []string{"F1   ", "11   ", "  111", "  1##"}},
		{"not yet the next", "", 1700 * time.Millisecond, "move 2 of 5", "Time 1  [ replay 1x ]", nil},
		{"the next", "", 200 * time.Millisecond, "move 3 of 5", "Time 2  [ replay 1x ]", []string{"F1   ", "11   ", "  111", "  1F#"}},
		{"paused", " ", 10 * time.Second, "move 3 of 5", "Time 2  [ replay paused ]", nil},
		{"a step", ".", time.Second, "move 4 of 5", "Time 3  [ replay paused ]", []string{"?1   ", "11   ", "  111", "  1F#"}},
		{"going on, faster", " +", 900 * time.Millisecond, "move 4 of 5", "Time 4  [ replay 2x ]", nil},
		{"the last, every mine flagged by the win", "", 100 * time.Millisecond, "move 5 of 5", "Time 5  [ You win ]", []string{"F1   ", "11   ", "  111", "  1F1"}},
		{"the clock stops at the end", "", time.Minute, "move 5 of 5", "Time 5  [ You win ]", nil},
		{"again from the start", " ", 0, "move 0 of 5", "Time 0  [ replay 2x ]", []string{"#####", "#####", "#####", "#####"}},
		{"slower", "--", 2100 * time.Millisecond, "move 2 of 5", "Time 0  [ replay 0.5x ]", nil},
	}
	for _, tt := range tests {
		h.typ(tt.keys)
		h.snap()
		sc := step(tt.after)
		if got := sc.headerLine(); !strings.Contains(got, tt.header) {
			t.Errorf("%s: header %q; want %q", tt.what, got, tt.header)
		}
		if got := strings.TrimSpace(sc.footer()); tt.place != "" && !strings.HasPrefix(got, tt.place) || tt.place == "" && strings.Contains(got, "move ") {
			t.Errorf("%s: footer %q; want it to start with %q", tt.what, got, tt.place)
		}
		if tt.rows != nil {
			checkRows(t, sc, tt.rows...)
		}
	}
	h.typ("?")
	if sc := h.snap(); !sc.contains("pause and play the next move") {
		t.Errorf("the replay's help does not list its keys:\n%s", sc)
	}
	h.typ("x") // closes the help
	if sc := h.snap(); sc.contains("pause and play the next move") {
		t.Errorf("a key did not close the replay's help:\n%s", sc)
	}
}

// TestResumeAsk resumes a game left unfinished after asking: the board is
// hidden and the clock stopped until the player answers; y goes on from
// where the game was left, n starts a new game, q quits leaving it as it
// was.
func TestResumeAsk(t *testing.T) {
	cfg := asciiCfg(t, small)
	h := start(t, cfg, 80, 24)
	h.typ("$\n")
	h.snap()
	h.clock.advance(7300 * time.Millisecond)
	h.typ("jjjf") // a flag on (4,3)
	left := h.snap()
	h.typ("q")
	res := h.wait().res
	if !res.Started || res.Status != board.Playing || res.Elapsed != 7300*time.Millisecond {
		t.Fatalf("the game left = %+v; want started, in play, 7.3 s", res)
	}

	for _, answer := range []string{"y", "\n", "n", "q"} {
		rc := Config{Start: play.Start{Board: res.Settings, Seed: 77, Resume: keptOf(res), AskResume: true}, Prefs: Prefs{ASCII: true, QuestionMarks: true}}
		h := start(t, rc, 80, 24)
		sc := h.snap()
		if got := sc.headerLine(); !strings.Contains(got, "Time 7  [ paused ]") {
			t.Errorf("%q: header %q while asking; want the clock stopped at 7 s", answer, got)
		}
		if !sc.contains("left unfinished") || !sc.contains("7 s played, 17 of 18 safe cells open") {
			t.Errorf("%q: the prompt is missing:\n%s", answer, sc)
		}
		if rows := strings.Join(sc.boardRows(), ""); strings.ContainsAny(rows, "1#") {
			t.Errorf("%q: the board shows while asking:\n%s", answer, sc)
		}
		h.clock.advance(time.Hour) // thinking it over costs no time
		h.typ("x")                 // not an answer
		if !h.snap().contains("left unfinished") {
			t.Errorf("%q: a key that is no answer closed the prompt", answer)
		}
		h.snap()
		h.typ(answer)
		if answer != "q" {
			sc = h.snap()
		}
		switch answer {
		case "y", "\n":
			if got, want := sc.boardRows(), left.boardRows(); !slices.Equal(got, want) {
				t.Errorf("%q: resumed board %q; want the board left %q", answer, got, want)
			}
			h.clock.advance(2 * time.Second)
			h.post(tcell.NewEventInterrupt(tick{}))
			if got := h.snap().headerLine(); !strings.Contains(got, "Mines 1/2  Time 9  [ playing ]  5x4, seed 42") {
				t.Errorf("%q: header %q; want the clock going on from 7 s, seed 42", answer, got)
			}
			h.typ("q")
			if o := h.wait(); o.res.Elapsed != 9300*time.Millisecond || moveTexts(o.res.Moves) != moveTexts(res.Moves) {
				t.Errorf("%q: left again after %v with %q; want 9.3 s, %q", answer, o.res.Elapsed, moveTexts(o.res.Moves), moveTexts(res.Moves))
			}
		case "n":
			checkRows(t, sc, "#####", "#####", "#####", "#####")
			if got := sc.headerLine(); !strings.Contains(got, "Time 0  [ playing ]  5x4, seed 77") {
				t.Errorf("%q: header %q; want a new game, seed 77", answer, got)
			}
			h.typ("q")
			if o := h.wait(); o.res.Started || o.res.Seed != 77 {
				t.Errorf("%q: Run = %+v; want a new game not started, seed 77", answer, o.res)
			}
		case "q":
			if o := h.wait(); o.res.Elapsed != res.Elapsed || moveTexts(o.res.Moves) != moveTexts(res.Moves) || o.res.Status != board.Playing {
				t.Errorf("%q: Run = %+v; want the game as it was left", answer, o.res)
			}
		}
	}
}

// TestResumeOthers checks that the prompt says how many more games of
// the board wait, left unfinished before the one offered.
func TestResumeOthers(t *testing.T) {
	cfg := asciiCfg(t, small)
	h := start(t, cfg, 80, 24)
	h.typ("$\nq")
	res := h.wait().res
	for _, tt := range []struct {
		others int
		want   string
	}{
		{0, "A game of this board was left unfinished:"},
		{1, "A game of this board was left unfinished (and 1 more, older):"},
		{3, "A game of this board was left unfinished (and 3 more, older):"},
	} {
		rc := Config{Start: play.Start{Board: res.Settings, Seed: 77, Resume: keptOf(res), AskResume: true, Others: tt.others}, Prefs: Prefs{ASCII: true}}
		if sc := start(t, rc, 80, 24).snap(); !sc.contains(tt.want) {
			t.Errorf("%d others: the prompt lacks %q:\n%s", tt.others, tt.want, sc)
		}
	}
}

// TestResumeAtOnce resumes without asking: the board is there and the
// clock runs from the first frame; the guess audit goes on from the one
// kept, so a loss names the guesses of the whole game.
func TestResumeAtOnce(t *testing.T) {
	cfg := asciiCfg(t, small)
	h := start(t, cfg, 80, 24)
	h.typ("$\n")
	h.snap()
	h.clock.advance(4 * time.Second)
	h.typ("q")
	res := h.wait().res

	rc := Config{Start: play.Start{Board: res.Settings, Seed: 1, Resume: keptOf(res)}, Prefs: Prefs{ASCII: true, QuestionMarks: true}, Cursor: &board.Point{}}
	h = start(t, rc, 80, 24)
	sc := h.snap()
	checkRows(t, sc, "#1   ", "11   ", "  111", "  1##")
	h.clock.advance(time.Second)
	h.post(tcell.NewEventInterrupt(tick{}))
	if got := h.snap().headerLine(); !strings.Contains(got, "Time 5  [ playing ]") {
		t.Errorf("header %q; want the clock at 5 s and running", got)
	}
	h.typ("0\n") // (0,0) is a mine
	sc = h.snap()
	if !sc.contains("guess") {
		t.Errorf("the screen after the loss lacks the guess count:\n%s", sc)
	}
	h.typ("q")
	if o := h.wait(); o.res.Status != board.Lost || o.res.Elapsed != 5*time.Second {
		t.Errorf("Run = %v after %v; want lost after 5 s", o.res.Status, o.res.Elapsed)
	}
}

// TestResumeBadLayout refuses a kept game whose layout does not fit its
// board, with an error rather than a game.
func TestResumeBadLayout(t *testing.T) {
	for _, k := range []*game.Kept{
		{Mines: []board.Point{{X: 0, Y: 0}}},
		{Mines: []board.Point{{X: 0, Y: 0}, {X: 9, Y: 9}}},
		{Mines: []board.Point{{X: 0, Y: 0}, {X: 0, Y: 0}}},
	} {
		for _, replay := range []bool{false, true} {
			cfg := Config{Start: play.Start{Board: board.Settings{Width: 5, Height: 4, Mines: 2}}, Tick: -1, Now: newClock().now}
			if replay {
				cfg.Start.Replay = k
			} else {
				cfg.Start.Resume = k
			}
			s := tcell.NewSimulationScreen("UTF-8")
			if err := s.Init(); err != nil {
				t.Fatal(err)
			}
			if _, err := Run(s, cfg); err == nil {
				t.Errorf("Run(replay %v, mines %v) = nil error; want one", replay, k.Mines)
			}
			s.Fini()
		}
	}
}

// TestNewBestShown checks that what the keeper says of a game, such as a
// new best time, is shown with the game's numbers at its end, and that a
// restart after a loss hands the keeper a game marked restarted: its
// board was shown, so it is known and sets no record (the session's rule,
// see session.CountOf).
func TestNewBestShown(t *testing.T) {
	cfg := asciiCfg(t, small)
	k := &keeper{newBest: func(g game.Kept) bool { return g.Status == board.Won }}
	cfg.Keeper = k
	h := start(t, cfg, 80, 24)
	h.typ("$\n")
	h.snap()
	h.clock.advance(3 * time.Second)
	h.typ("0\n") // loses on (0,0)
	sc := h.snap()
	if sc.contains("new best") {
		t.Errorf("a loss is announced as a best:\n%s", sc)
	}
	h.typ("r$\n") // the same board, flooded again from (4,0)
	h.snap()
	h.clock.advance(2 * time.Second)
	h.typ("G$\n") // the last safe cell, (4,3)
	sc = h.snap()
	if !sc.contains("You win") || !sc.contains("new best time") {
		t.Errorf("the win's screen does not say new best time:\n%s", sc)
	}
	h.typ("q")
	h.wait()
	got := k.ended
	if len(got) != 2 || got[0].Status != board.Lost || got[1].Status != board.Won {
		t.Fatalf("Ended was called with %d games; want the loss, then the win", len(got))
	}
	if got[0].Restarted || !got[1].Restarted || !got[1].Known() {
		t.Errorf("restarted %v, %v; want the loss not, the win after r restarted and known", got[0].Restarted, got[1].Restarted)
	}
}

// TestReplayNoGuess replays a game of a no-guess board without the layout
// function that lays such boards: the replay has its own layout.
func TestReplayNoGuess(t *testing.T) {
	k := &game.Kept{
		Mines: []board.Point{{X: 0, Y: 0}, {X: 3, Y: 3}},
		Moves: []game.TimedMove{{Move: game.Move{Action: game.Open, At: board.Point{X: 4, Y: 0}}, At: 0}},
		Seed:  3,
	}
	cfg := Config{Start: play.Start{Board: board.Settings{Width: 5, Height: 4, Mines: 2, Rule: board.Opening, NoGuess: true}, Replay: k}, Prefs: Prefs{ASCII: true}}
	h := start(t, cfg, 80, 24)
	h.typ("$")
	sc := h.snap()
	checkRows(t, sc, "#1   ", "11   ", "  111", "  1##")
	if got := sc.headerLine(); !strings.Contains(got, "5x4, no-guess, seed 3") {
		t.Errorf("header %q; want the no-guess board of seed 3", got)
	}
}

package reader

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// small is the board of the tests: mines at (1,1) and (4,4) as the
// player counts cells, from 1. Opening (5,1) opens all but (5,4).
const small = `
*....
.....
.....
...*.`

// stepClock returns a clock that moves on by step at each reading, so
// that the times said are fixed.
func stepClock(step time.Duration) func() time.Time {
	t := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	return func() time.Time {
		t = t.Add(step)
		return t
	}
}

// newStart returns the start of a game on the layout drawn in text.
func newStart(t *testing.T, text string) play.Start {
	t.Helper()
	b, err := board.Parse(text)
	if err != nil {
		t.Fatalf("board.Parse: %v", err)
	}
	s := board.Settings{Width: b.Width(), Height: b.Height(), Mines: b.Mines(), Rule: board.Opening}
	return play.Start{Board: s, Fixed: true, Mines: b.Layout(), Source: "test"}
}

// playLines runs the lines on a game of text, kept by k, and returns the
// lines said after the first (the board's introduction).
func playLines(t *testing.T, text string, k play.Keeper, lines ...string) ([]string, play.Result) {
	t.Helper()
	var out strings.Builder
	res, err := Run(strings.NewReader(strings.Join(lines, "\n")+"\n"), &out,
		Config{Start: newStart(t, text), QuestionMarks: true, Keeper: k, Now: stepClock(1500 * time.Millisecond)})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	said := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	return said[1:], res
}

// TestSaid checks the line said for each kind of move: the last line of
// each case's input.
func TestSaid(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  string
	}{
		{"flood", []string{"o 5 1"}, "opened 17 cells"},
		{"one number", []string{"2 1"}, "opened (2,1): 1"},
		{"a cell alone", []string{"4 3"}, "opened (4,3): 1"},
		{"flag", []string{"o 5 1", "f 4 4"}, "flag at (4,4), 1 mine left"},
		{"question mark", []string{"o 5 1", "f 4 4", "f 4 4"}, "question mark at (4,4), 2 mines left"},
		{"no mark", []string{"o 5 1", "f 4 4", "f", "f"}, "no mark at (4,4), 2 mines left"},
		{"flag at the cursor", []string{"o 5 1", "j", "j", "j", "h", "f"}, "flag at (4,4), 1 mine left"},
		{"chord wins", []string{"o 5 1", "f 4 4", "c 5 3"}, "you win in 4.5 s"},
		{"open on a number chords", []string{"o 5 1", "f 4 4", "o 5 3"}, "you win in 4.5 s"},
		{"boom", []string{"o 5 1", "o 1 1"}, "boom: (1,1) was a mine; you lose after 3.0 s"},
		{"already open", []string{"o 5 1", "o 5 1"}, "(5,1) is open already"},
		{"chord on an empty cell", []string{"o 5 1", "c 5 1"}, "only an open number can be chorded"},
		{"flagged", []string{"o 5 1", "f 4 4", "o 4 4"}, "(4,4) is flagged: f removes the flag first"},
		{"chord mismatch", []string{"o 5 1", "c 5 3"}, "the flags around (5,3) do not match its number"},
		{"off the board", []string{"o 6 1"}, "(6,1) is off the board: columns 1 to 5, rows 1 to 4"},
		{"over", []string{"o 5 1", "o 1 1", "f 4 4"}, OverLine},
		{"look", []string{"o 5 1", "x"}, "empty at 5 1, right edge, top edge; beside: empty; below: 2 empty"},
		{"look closed", []string{"look"}, "closed at 1 1, left edge, top edge; beside: closed; below: 2 closed"},
		{"around a cell", []string{"o 5 1", "a 3 3"}, "1 at 3 3; above: 1, 2 empty; beside: empty, 1; below: empty, 1, closed"},
		{"around moves the cursor", []string{"o 5 1", "a 4 4", "f"}, "flag at (4,4), 1 mine left"},
		{"around off the board", []string{"a 6 1"}, "(6,1) is off the board: columns 1 to 5, rows 1 to 4"},
		{"move", []string{"l", "j"}, "closed at 2 2"},
		{"move onto a number", []string{"o 5 1", "h", "h", "h"}, "1 at 2 1"},
		{"edge", []string{"k"}, "closed at 1 1, top edge"},
		{"row", []string{"o 5 1", "r 4"}, "row 4: 2 empty, 1, 2 closed"},
		{"row of the cursor", []string{"o 5 1", "r"}, "row 1: closed, 1, 3 empty"},
		{"row off the board", []string{"r 5"}, "row 5 is off the board: rows 1 to 4"},
		{"column", []string{"o 5 1", "v 1"}, "column 1: closed, 1, 2 empty"},
		{"column of the cursor", []string{"o 5 1", "col"}, "column 5: 2 empty, 1, closed"},
		{"column off the board", []string{"column 6"}, "column 6 is off the board: columns 1 to 5"},
		{"board closed", []string{"b"}, "rows 1 to 4: 5 closed"},
		{"mines in play", []string{"o 5 1", "f 4 4", "m"}, "1 mine left, 1 safe cells to open"},
		{"mines after a loss", []string{"o 5 1", "f 5 4", "o 1 1", "m"}, "2 mines; hit 1 1; not flagged: 4 4; 1 wrong flag: 5 4"},
		{"mines after a loss, one flagged", []string{"o 5 1", "f 4 4", "f 5 4", "o 1 1", "m"}, "2 mines; hit 1 1; flagged: 4 4; 1 wrong flag: 5 4"},
		{"mines after a win", []string{"o 5 1", "f 4 4", "c 5 3", "m"}, "2 mines, all flagged: 1 1, 4 4; no wrong flag"},
		{"time", []string{"o 5 1", "t"}, "3.0 seconds"},
		{"hint before a start", []string{"s"}, game.ErrNotStarted.Error()},
		{"hint", []string{"o 5 1", "f 4 4", "s"}, "hint (5,4), safe: the 1 at (4,3) already touches the mine at (4,4)"},
		{"hint then open at the cursor", []string{"o 5 1", "f 4 4", "s", "o"}, "you win in 6.0 s"},
		{"undo a flag", []string{"o 5 1", "f 4 4", "u"}, "took back the mark at (4,4)"},
		{"undo a loss", []string{"o 5 1", "o 1 1", "u"}, "took back the opening of (1,1); the game goes on"},
		{"nothing to undo", []string{"u"}, "nothing to undo"},
		{"new asks", []string{"o 5 1", "n"}, "give up this game for a new one? it counts as a loss: n again"},
		{"new", []string{"o 5 1", "n", "n"}, "new game: 5 columns, 4 rows, 2 mines"},
		{"new asks again after another line", []string{"o 5 1", "n", "x", "n"}, "give up this game for a new one? it counts as a loss: n again"},
		{"new before a start", []string{"n"}, "new game: 5 columns, 4 rows, 2 mines"},
		{"bad input", []string{"zap"}, `"zap" is no command: ` + Usage},
		{"help", []string{"?"}, HelpLine},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			said, _ := playLines(t, small, nil, tt.lines...)
			if len(said) != len(tt.lines) {
				t.Fatalf("%q said %d lines; want one a line:\n%s", tt.lines, len(said), strings.Join(said, "\n"))
			}
			if got := said[len(said)-1]; got != tt.want {
				t.Errorf("%q said %q last; want %q", tt.lines, got, tt.want)
			}
		})
	}
}

// TestQuit checks that q and the end of the input stop reading.
// TestBoard checks the board said row by row, a line a row, rows alike
// said once, after an opening and after a loss.
func TestBoard(t *testing.T) {
	tests := []struct {
		lines []string
		want  string
	}{
		{[]string{"o 5 1", "b"}, "row 1: closed, 1, 3 empty\nrow 2: 1, 1, 3 empty\nrow 3: 2 empty, 1, 1, 1\nrow 4: 2 empty, 1, 2 closed"},
		{[]string{"o 5 1", "f 5 4", "o 1 1", "board"}, "row 1: the mine hit, 1, 3 empty\nrow 2: 1, 1, 3 empty\nrow 3: 2 empty, 1, 1, 1\nrow 4: 2 empty, 1, mine, wrong flag"},
	}
	for _, tt := range tests {
		said, _ := playLines(t, small, nil, tt.lines...)
		if got := strings.Join(said[len(tt.lines)-1:], "\n"); got != tt.want {
			t.Errorf("%q said last:\n%s\nwant:\n%s", tt.lines, got, tt.want)
		}
	}
}

func TestQuit(t *testing.T) {
	for _, in := range []string{"o 5 1\nq\no 1 1\n", "o 5 1"} {
		var out strings.Builder
		res, err := Run(strings.NewReader(in), &out, Config{Start: newStart(t, small), QuestionMarks: true})
		if err != nil || res.Status != board.Playing || strings.Count(out.String(), "\n") != 2 {
			t.Errorf("Run(%q) = %v, %v, said %q; want the game in play, two lines", in, res.Status, err, out.String())
		}
	}
}

// keeper records what the session is told, and answers stats.
type keeper struct {
	told  []string
	stats session.Stats
}

func (k *keeper) Stats(board.Settings) session.Stats { return k.stats }

func (k *keeper) Ended(g game.Kept) session.Counts {
	k.told = append(k.told, "ended "+g.Status.String())
	return session.Counts{Number: len(k.told)}
}

func (k *keeper) Reopened(g game.Kept, n int) {
	k.told = append(k.told, "reopened "+g.Status.String())
}

func (k *keeper) GaveUp(g game.Kept) session.Counts {
	k.told = append(k.told, "gave up "+g.Status.String())
	return session.Counts{Number: len(k.told)}
}

// TestKept checks that the session is told of each game as the full
// screen tells it: an end, an undo of it, a game given up.
func TestKept(t *testing.T) {
	tests := []struct {
		name   string
		lines  []string
		want   string
		gaveUp int
	}{
		{"win", []string{"o 5 1", "f 4 4", "c 5 3"}, "ended won", 0},
		{"loss, undo, win", []string{"o 5 1", "o 1 1", "u", "f 4 4", "c 5 3"}, "ended lost, reopened playing", 0},
		{"given up", []string{"o 5 1", "n", "n"}, "gave up playing", 1},
		{"new before a start", []string{"n"}, "", 0},
		{"left", []string{"o 5 1", "q"}, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := &keeper{}
			_, res := playLines(t, small, k, tt.lines...)
			if got := strings.Join(k.told, ", "); got != tt.want || res.GaveUp != tt.gaveUp {
				t.Errorf("%q told the session %q, gave up %d; want %q, %d", tt.lines, got, res.GaveUp, tt.want, tt.gaveUp)
			}
		})
	}
}

// waitingKeeper is a keeper whose store takes no game: each waits to be
// kept later.
type waitingKeeper struct{ keeper }

func (k *waitingKeeper) GaveUp(g game.Kept) session.Counts {
	k.keeper.GaveUp(g)
	return session.Counts{Why: session.NotKept, GaveUp: true}
}

// TestGaveUpNotKept checks that a game given up that the store did not
// take is not counted among the games kept as losses.
func TestGaveUpNotKept(t *testing.T) {
	k := &waitingKeeper{}
	_, res := playLines(t, small, k, "o 5 1", "n", "n")
	if got := strings.Join(k.told, ", "); got != "gave up playing" || res.GaveUp != 0 {
		t.Errorf("told the session %q, gave up %d kept as losses; want %q, 0", got, res.GaveUp, "gave up playing")
	}
}

// pendingKeeper is a keeper whose store takes no game now: each waits to
// be kept later.
type pendingKeeper struct{ keeper }

func (k *pendingKeeper) Ended(g game.Kept) session.Counts {
	k.keeper.Ended(g)
	return session.Counts{Why: session.NotKept, Pending: true}
}

// TestReopenedPending checks that an undo of the end of a game that
// waits to be kept tells the session, which marks it undone where it
// waits.
func TestReopenedPending(t *testing.T) {
	k := &pendingKeeper{}
	playLines(t, small, k, "o 5 1", "o 1 1", "u")
	if got, want := strings.Join(k.told, ", "), "ended lost, reopened playing"; got != want {
		t.Errorf("told the session %q; want %q", got, want)
	}
}

// TestStop checks that closing Config.Stop ends the game while a line is
// awaited, as q does.
func TestStop(t *testing.T) {
	in, w := io.Pipe()
	defer w.Close()
	stop := make(chan struct{})
	done := make(chan error, 1)
	var out strings.Builder
	go func() {
		_, err := Run(in, &out, Config{Start: newStart(t, small), QuestionMarks: true, Stop: stop})
		done <- err
	}()
	if _, err := io.WriteString(w, "o 5 1\n"); err != nil {
		t.Fatal(err)
	}
	close(stop)
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run stopped = %v; want nil", err)
		}
	case <-testwait.After(t):
		t.Fatal("Run did not return once stopped")
	}
}

// TestIntro checks the first line: the board's size and mines first, how
// cells are counted, and where help is.
func TestIntro(t *testing.T) {
	var out strings.Builder
	if _, err := Run(strings.NewReader(""), &out, Config{Start: newStart(t, small)}); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if got, want := out.String(), "5 columns, 4 rows, 2 mines; column then row, from 1 at top left; help: ?\n"; got != want {
		t.Errorf("Run said %q first; want %q", got, want)
	}
}

// FuzzRun checks that no line a player says makes the line mode panic or
// fail, and that each line is answered: the reads of rows, columns and
// cells off the board among them.
func FuzzRun(f *testing.F) {
	for _, s := range []string{"o 5 1\nb\nm", "r 9\nv 0\na 6 1\nx", "o 1 1\nm\nb\nt", "f 4 4\nr\nv\nu\nn\nn"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 4096 {
			return
		}
		var out strings.Builder
		if _, err := Run(strings.NewReader(in), &out, Config{Start: newStart(t, small), QuestionMarks: true, Now: stepClock(time.Second)}); err != nil {
			t.Fatalf("Run(%q) = %v; want nil", in, err)
		}
		asked := 0
		for _, line := range strings.Split(in, "\n") {
			if c, err := Parse(line); err != nil || c.Verb != Quit {
				asked++
				continue
			}
			break
		}
		if said := strings.Count(out.String(), "\n"); said < asked {
			t.Errorf("Run(%q) said %d lines for %d asked", in, said, asked)
		}
	})
}

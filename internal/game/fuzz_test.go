package game

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// fuzzBoard is FuzzApply's board, a board file's or the layout of a random
// board's first opening (which the opening rule refuses near a mine).
const fuzzBoard = `
*..*.
.....
..*..
.....
*...*
`

// The steps FuzzApply takes beside Apply's actions.
const (
	stepUndo    = 8 + iota // Undo
	stepPause              // TogglePause
	stepOverlay            // SetStop(StopOverlay), on then off
	stepRestart            // Restart
	stepLay                // LayJob and Adopt, an opening laid off the loop
	steps
)

// fuzzGame turns fuzz bytes into a game:
//
//	byte 0: bits 0-1 the board: 0 a board file's (fuzzBoard), 1 a random
//	        board whose first opening lays fuzzBoard's mines under the
//	        opening rule, 2 and 3 random boards of the opening and the
//	        unsafe rule; bit 2 question marks on
//	byte 1: a random board's seed and mine count (1 to 8)
//
// The rest are its steps (see fuzzSteps).
func fuzzGame(t *testing.T, data []byte) (*Game, []byte) {
	if len(data) < 2 {
		return nil, nil
	}
	mode, seed := data[0], data[1]
	qm := mode&4 != 0
	var g *Game
	var err error
	switch mode & 3 {
	case 0:
		b := parse(t, fuzzBoard)
		g, err = NewFixed(Config{Settings: settingsOf(b, board.Unsafe), QuestionMarks: qm}, b.Layout(), "fuzz.txt", 0)
	case 1:
		cfg := drawnConfig(t, fuzzBoard, board.Opening)
		cfg.QuestionMarks = qm
		g, err = New(cfg, uint64(seed), Drawn)
	default:
		rule := [...]board.FirstClick{board.Opening, board.Unsafe}[mode&1]
		s := board.Settings{Width: 5, Height: 5, Mines: 1 + int(seed)%8, Rule: rule}
		g, err = New(Config{Settings: s, QuestionMarks: qm}, uint64(seed), Drawn)
	}
	if err != nil {
		t.Fatalf("the fuzz game: %v", err) // the decoding makes only valid games
	}
	return g, data[2:]
}

// snapshot is what a refused step must leave as it was.
type snapshot struct {
	version          uint64
	moves            []TimedMove
	tiles            string
	assisted, undone bool
	ends             int
	ended            board.Status
}

func snap(g *Game) snapshot {
	n, first := g.Ends()
	return snapshot{g.Version(), g.Moves(), g.Board().String(), g.Assisted(), g.Undone(), n, first}
}

// events counts the events of help in moves.
func events(moves []TimedMove) int {
	n := 0
	for _, m := range moves {
		if m.Move.Action.Event() {
			n++
		}
	}
	return n
}

// FuzzApply plays steps on a small game, two bytes each: the step (0-6
// Apply of that action, 7 Apply of an unknown action, then the steps
// above) and the cell (low nibble the column, high nibble the row, each
// from -1 to one past the edge, so that steps fall off the board too);
// each step a second or so after the last. After each it checks:
//   - nothing panics;
//   - a refused move or undo changes nothing: the version, the log, the
//     board, the marks, the ends;
//   - a move applied is logged and changes the version, an event of help
//     only the log; help marks the game assisted;
//   - an undo takes exactly one board move out of the log, never an event,
//     and fails only with ErrNothingToUndo or ErrPaused;
//   - the clock never goes back, but on a restart.
//
// At the end, the game kept and loaded again, its moves played again,
// is on the same board; and undoing every move never panics and closes
// every cell.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0x04, 1, 0x22, 3, 0x32, 5, 0x22, 6, 0x00, 8, 0, 0, 0x00})
	f.Add([]byte{1, 7, 2, 0x31, 0, 0x31, 4, 0x22, 5, 0x11, 8, 0, 8, 0, 8, 0, 0, 0x11})
	f.Add([]byte{2, 9, 12, 0x33, 9, 0, 0, 0x11, 9, 0, 10, 0, 0, 0x55, 8, 0, 11, 0, 0, 0x33})
	f.Add([]byte{3, 200, 0, 0x33, 0, 0x11, 0, 0x15, 0, 0x51, 0, 0x55, 8, 0, 7, 0x22, 5, 0x44})
	f.Add([]byte{4, 1, 2, 0x11, 2, 0x11, 3, 0x11, 0, 0x33, 3, 0x11, 2, 0x22, 2, 0x22, 3, 0x22})
	// A game won, the help shown, the win taken back while the board is
	// covered.
	f.Add([]byte{0, 0, 0, 0x31, 0, 0x35, 0, 0x53, 0, 0x12, 0, 0x13, 0, 0x15, 0, 0x23, 5, 0x44, 10, 0, 8, 0, 10, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		g, data := fuzzGame(t, data)
		if g == nil {
			return
		}
		w, h := g.Board().Width(), g.Board().Height()
		now := t0
		clock := time.Duration(0)
		overlay := false
		for k := 0; len(data) >= 2 && k < 64; data, k = data[2:], k+1 {
			step := int(data[0]) % steps
			p := board.Point{X: int(data[1]&15)%(w+2) - 1, Y: int(data[1]>>4)%(h+2) - 1}
			now = now.Add(time.Second + time.Duration(data[1]%7)*100*time.Millisecond)
			before := snap(g)
			switch {
			case step < stepUndo:
				m := Move{Action: Action(step), At: p}
				n, err := g.Apply(m, now)
				after := snap(g)
				switch {
				case err != nil:
					if n != 0 || !reflect.DeepEqual(after, before) {
						t.Fatalf("Apply(%v) = %d, %v changed the game:\n%+v\nwas\n%+v", m, n, err, after, before)
					}
				case m.Action.Event():
					if after.version != before.version || after.tiles != before.tiles || !after.assisted {
						t.Fatalf("Apply(%v), an event, changed the board or marked nothing: %+v, was %+v", m, after, before)
					}
				default:
					if after.version == before.version || m.Action.Help() && !after.assisted {
						t.Fatalf("Apply(%v) changed no version or marked nothing: %+v, was %+v", m, after, before)
					}
				}
				if err == nil && (len(after.moves) != len(before.moves)+1 || after.moves[len(after.moves)-1].Move != m) {
					t.Fatalf("Apply(%v) logged %v; want it last after %v", m, after.moves, before.moves)
				}
			case step == stepUndo:
				err := g.Undo(now)
				after := snap(g)
				switch {
				case errors.Is(err, ErrNothingToUndo) || errors.Is(err, ErrPaused):
					if !reflect.DeepEqual(after, before) {
						t.Fatalf("Undo() = %v changed the game:\n%+v\nwas\n%+v", err, after, before)
					}
				case err != nil:
					t.Fatalf("Undo() = %v; the log %v", err, before.moves)
				case len(after.moves) != len(before.moves)-1 || events(after.moves) != events(before.moves) ||
					after.version == before.version || !after.undone || after.ends != before.ends:
					t.Fatalf("Undo() made\n%+v\nof\n%+v", after, before)
				}
			case step == stepPause:
				g.TogglePause(now)
			case step == stepOverlay:
				overlay = !overlay
				g.SetStop(StopOverlay, overlay, now)
			case step == stepRestart:
				g.Restart()
				clock = 0
			case step == stepLay:
				job := g.LayJob(Move{Action: Open, At: p})
				if job == nil {
					break
				}
				l, err := job()
				if err != nil {
					if after := snap(g); !reflect.DeepEqual(after, before) {
						t.Fatalf("a laying job that failed (%v) changed the game", err)
					}
					break
				}
				if err := g.Adopt(l, now); err != nil {
					t.Fatalf("Adopt() of a fresh job = %v", err)
				}
				if err := g.Adopt(l, now); !errors.Is(err, ErrStale) {
					t.Fatalf("Adopt() of the same job again = %v; want %v", err, ErrStale)
				}
			}
			if n, _ := g.Ends(); n < before.ends && step != stepRestart {
				t.Fatalf("step %d: Ends() went from %d to %d", step, before.ends, n)
			}
			e := g.Elapsed(now)
			if e < clock {
				t.Fatalf("step %d at %v: the clock went back from %v to %v", step, now.Sub(t0), clock, e)
			}
			clock = e
		}

		// Kept, loaded and played again: the same board.
		if g.Paused() {
			g.TogglePause(now)
		}
		k := g.Kept(now, true)
		lg, err := Load(g.Config(), k)
		if err != nil {
			t.Fatalf("Load(Kept()) = %v", err)
		}
		for _, m := range k.Moves {
			if _, err := lg.Apply(m.Move, now.Add(m.At)); err != nil && !(m.Move.Action.Event() && errors.Is(err, ErrNotStarted)) {
				t.Fatalf("playing %v again: %v", m.Move, err)
			}
		}
		if got, want := lg.Board().String(), g.Board().String(); got != want {
			t.Fatalf("Load(Kept()) played again:\n%s\nwant\n%s", got, want)
		}

		// Every move taken back: every cell closed, no mark.
		for range len(k.Moves) + 1 {
			if err := g.Undo(now); err != nil {
				if !errors.Is(err, ErrNothingToUndo) {
					t.Fatalf("Undo() = %v", err)
				}
				break
			}
		}
		if slices.ContainsFunc(g.Moves(), func(m TimedMove) bool { return !m.Move.Action.Event() }) {
			t.Fatalf("after every undo, the log holds %v", g.Moves())
		}
		if got, want := g.Board().String(), strings.Repeat(strings.Repeat("#", w)+"\n", h); got != want {
			t.Fatalf("after every undo, the board is\n%s", got)
		}
	})
}

package replay

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/video"
)

// reel returns the replay of n moves a second apart, the moves marks
// judged ("mistake" for those in mistakes, else "perfect").
func reel(n int, marks []int, mistakes map[int]bool) *Reel {
	k := game.Kept{}
	for i := range n {
		k.Moves = append(k.Moves, game.TimedMove{Move: game.Move{Action: game.Open, At: board.Point{X: i}}, At: time.Duration(i) * time.Second})
	}
	var ms []Mark
	for _, m := range marks {
		v := "perfect"
		if mistakes[m] {
			v = "mistake"
		}
		ms = append(ms, Mark{Move: m, Verdict: v})
	}
	return New(k, 1, time.Time{}, ms)
}

// TestGuess checks the places the next and the previous guess seek to:
// the position after the judged move, from where the replay stands.
func TestGuess(t *testing.T) {
	tests := []struct {
		next, way, times int
		want             int
		ok               bool
	}{
		{0, 1, 0, 3, true},
		{2, 1, 1, 3, true},
		{3, 1, 1, 6, true}, // the guess just played is passed
		{3, 1, 2, 9, true},
		{3, 1, 9, 9, true}, // as far as there are guesses
		{9, 1, 1, 9, false},
		{9, -1, 1, 6, true}, // the guess last played is the one before
		{6, -1, 1, 3, true},
		{7, -1, 1, 6, true},
		{7, -1, 2, 3, true},
		{3, -1, 1, 3, false},
		{0, -1, 1, 0, false},
	}
	for _, tt := range tests {
		r := reel(10, []int{2, 5, 8}, nil)
		r.Next = tt.next
		if got, ok := r.Guess(tt.way, tt.times); got != tt.want || ok != tt.ok {
			t.Errorf("Guess(%d, %d) from %d = %d, %v; want %d, %v", tt.way, tt.times, tt.next, got, ok, tt.want, tt.ok)
		}
	}
}

// TestPlayed checks the mark of the last move played.
func TestPlayed(t *testing.T) {
	for next, want := range []bool{false, false, false, true, false, false, true} {
		r := reel(6, []int{5, 2}, nil)
		r.Next = next
		if _, ok := r.Played(); ok != want {
			t.Errorf("Played() after %d moves = %v; want %v", next, ok, want)
		}
	}
}

// TestMoveAt checks the position of a time: the moves played by then.
func TestMoveAt(t *testing.T) {
	r := reel(5, nil, nil) // moves at 0, 1, 2, 3, 4 s
	tests := []struct {
		at   time.Duration
		want int
	}{
		{-time.Second, 0}, {0, 1}, {time.Second / 2, 1}, {2 * time.Second, 3}, {time.Hour, 5},
	}
	for _, tt := range tests {
		if got := r.MoveAt(tt.at); got != tt.want {
			t.Errorf("MoveAt(%v) = %d; want %d", tt.at, got, tt.want)
		}
	}
}

// TestProgress checks the progress line: the moves played, the place,
// and the judged moves, a mistake as '!'.
func TestProgress(t *testing.T) {
	tests := []struct {
		next, width int
		want        string
	}{
		{0, 12, "[-?--!-----]"},
		{5, 12, "[=?==!>----]"},
		{10, 12, "[=?==!====>]"},
		{0, 3, "[!]"},
	}
	for _, tt := range tests {
		r := reel(10, []int{1, 4}, map[int]bool{4: true})
		r.Next = tt.next
		if got := r.Progress(tt.width); got != tt.want {
			t.Errorf("Progress(%d) after %d moves = %q; want %q", tt.width, tt.next, got, tt.want)
		}
	}
}

// TestSpeed checks the speed's bounds: a quarter to sixteen times.
func TestSpeed(t *testing.T) {
	r := reel(1, nil, nil)
	for range 10 {
		r.Faster()
	}
	if r.Speed != 16 || r.State(false) != "replay 16x" {
		t.Errorf("the fastest = %v, %q; want 16, \"replay 16x\"", r.Speed, r.State(false))
	}
	for range 10 {
		r.Slower()
	}
	if r.Speed != 0.25 || r.State(false) != "replay 0.25x" {
		t.Errorf("the slowest = %v, %q; want 0.25, \"replay 0.25x\"", r.Speed, r.State(false))
	}
	if got := New(game.Kept{}, 100, time.Time{}, nil).Speed; got != MaxSpeed {
		t.Errorf("New at 100x: speed %v; want %v", got, MaxSpeed)
	}
}

// TestOf checks every sample video made a kept game: it loads, and its
// moves played on its board end it as the video does, its clock ending
// at the game's time.
func TestOf(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "video", "testdata", "*.*"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		v, err := video.Read(bytesReader(data), name)
		if err != nil {
			continue // the licence and the README
		}
		n++
		pg, err := v.Play()
		if err != nil {
			t.Fatalf("%s: Play: %v", name, err)
		}
		k, err := Of(v, name)
		if err != nil {
			t.Fatalf("Of(%s): %v", name, err)
		}
		g, err := game.Load(game.Config{Settings: k.Settings, QuestionMarks: v.QuestionMarks}, k)
		if err != nil {
			t.Fatalf("%s: Load: %v", name, err)
		}
		for _, m := range k.Moves {
			_, _ = g.Apply(m.Move, time.Time{}.Add(m.At))
		}
		if g.Status() != pg.Board.Status() || k.Status != g.Status() {
			t.Errorf("Of(%s): played to %v, kept %v; want %v", name, g.Status(), k.Status, pg.Board.Status())
		}
		if got := New(k, 1, time.Time{}, nil).End(); got != pg.Time() {
			t.Errorf("Of(%s): ends at %v; want %v", name, got, pg.Time())
		}
		if k.Source != filepath.Base(name) || k.Origin != game.File {
			t.Errorf("Of(%s): source %q, origin %v; want %q, File", name, k.Source, k.Origin, filepath.Base(name))
		}
	}
	if n < 10 {
		t.Errorf("%d sample videos read; want the dozen and more of internal/video/testdata", n)
	}
}

// TestTitle checks the line that names a video, its names made printable.
func TestTitle(t *testing.T) {
	v := &video.Video{Format: video.AVF, Info: video.Info{Player: "Jane\x1b[2J Doe", Program: "Minesweeper Arbiter 0.52.3",
		Time: 48500 * time.Millisecond, ThreeBV: 150}}
	if got, want := Title(v), "AVF video of Jane\ufffd[2J Doe, Minesweeper Arbiter 0.52.3: 48.50 s, 3BV 150"; got != want {
		t.Errorf("Title = %q; want %q", got, want)
	}
	if got, want := Title(&video.Video{Format: video.RAWVF}), "RAWVF video"; got != want {
		t.Errorf("Title of a bare video = %q; want %q", got, want)
	}
}

// bytesReader returns a reader of data.
func bytesReader(data []byte) *bytes.Reader { return bytes.NewReader(data) }

package rawvf

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// video is a RAW video as the test's reader finds it.
type video struct {
	options map[string]string // the description, by the options' names
	width   int
	height  int
	mines   []board.Point
	events  []mouseEvent
}

// mouseEvent is one mouse event of a video.
type mouseEvent struct {
	line   string        // as written, for messages
	at     time.Duration // to the millisecond
	kind   string        // lc, lr, rc, rr, mc, mr, mv
	col    int           // the column and row, from 1
	row    int
	x, y   int // the pointer, in pixels
	cellAt board.Point
}

// parseVideo reads a RAW video as the format's description has it, on its
// own, without this package: options "Name: value" up to "Board:", the
// grid of '*' and '0' (Width by Height), "Events:", then one event a line,
// "time event column row (x y)", the time in seconds with hundredths or
// thousandths, perhaps negative. The cell is the pixels divided by 16, as
// the master parser finds it; the column and row must agree with it.
func parseVideo(t *testing.T, text string) video {
	t.Helper()
	v := video{options: map[string]string{}}
	sc := bufio.NewScanner(strings.NewReader(text))
	n := 0
	next := func() (string, bool) {
		if !sc.Scan() {
			return "", false
		}
		n++
		return sc.Text(), true
	}
	for {
		line, ok := next()
		if !ok {
			t.Fatalf("the video has no Board:\n%s", text)
		}
		if line == "Board:" {
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok || name == "" {
			t.Fatalf("line %d: %q is not an option", n, line)
		}
		if _, dup := v.options[name]; dup {
			t.Errorf("line %d: option %s again", n, name)
		}
		v.options[name] = strings.TrimSpace(value)
	}
	atoi := func(name string) int {
		i, err := strconv.Atoi(v.options[name])
		if err != nil {
			t.Fatalf("option %s: %v", name, err)
		}
		return i
	}
	v.width, v.height = atoi("Width"), atoi("Height")
	for y := range v.height {
		row, ok := next()
		if !ok || len(row) != v.width {
			t.Fatalf("line %d: row %d of the board is %q; want %d cells", n, y+1, row, v.width)
		}
		for x, c := range []byte(row) {
			switch c {
			case '*':
				v.mines = append(v.mines, board.Point{X: x, Y: y})
			case '0':
			default:
				t.Fatalf("line %d: row %d of the board: %q is neither '*' nor '0'", n, y+1, c)
			}
		}
	}
	if line, _ := next(); line != "Events:" {
		t.Fatalf("line %d: %q after the board; want Events:", n, line)
	}
	for {
		line, ok := next()
		if !ok {
			break
		}
		var e mouseEvent
		var secs string
		if _, err := fmt.Sscanf(line, "%s %s %d %d (%d %d)", &secs, &e.kind, &e.col, &e.row, &e.x, &e.y); err != nil {
			t.Fatalf("line %d: %q is not a mouse event: %v", n, line, err)
		}
		whole, frac, ok := strings.Cut(secs, ".")
		s, err1 := strconv.Atoi(whole)
		f, err2 := strconv.Atoi(frac)
		if !ok || err1 != nil || err2 != nil || len(frac) != 2 && len(frac) != 3 {
			t.Fatalf("line %d: %q is not a time in seconds", n, secs)
		}
		if len(frac) == 2 {
			f *= 10
		}
		ms := abs(s)*1000 + f
		if strings.HasPrefix(whole, "-") {
			ms = -ms
		}
		e.line, e.at = line, time.Duration(ms)*time.Millisecond
		e.cellAt = board.Point{X: e.x / 16, Y: e.y / 16}
		if e.col != e.cellAt.X+1 || e.row != e.cellAt.Y+1 {
			t.Errorf("line %d: %q: the pixels are in column %d, row %d (from 1)", n, line, e.cellAt.X+1, e.cellAt.Y+1)
		}
		v.events = append(v.events, e)
	}
	return v
}

func abs(x int) int { return max(x, -x) }

// play plays the video's events on a board of its layout, as a reader
// does: a left press and release opens the cell, a right press alone
// cycles its mark, and a left and a right button down together chord on
// the release of the first, the release of the other doing nothing more.
// Every event that should change the board must: a wasted click is an
// error, since the game it came from had none.
func (v video) play(t *testing.T) *board.Board {
	t.Helper()
	b, err := board.New(v.width, v.height, v.mines)
	if err != nil {
		t.Fatalf("the video's board: %v", err)
	}
	b.SetQuestionMarks(v.options["Marks"] == "On")
	var left, right, chorded bool
	var last time.Duration
	for i, e := range v.events {
		if i > 0 && e.at < last {
			t.Errorf("%q goes back in time, from %v", e.line, last)
		}
		last = e.at
		if e.x%16 != 8 || e.y%16 != 8 {
			t.Errorf("%q is not at the centre of its cell", e.line)
		}
		var err error
		switch e.kind {
		case "lc":
			left = true
		case "rc":
			right = true
			if !left {
				_, err = b.ToggleMark(e.cellAt)
			}
		case "lr":
			left = false
			switch {
			case right:
				_, err = b.Chord(e.cellAt)
				chorded = true
			case chorded:
				chorded = false
			default:
				_, err = b.Reveal(e.cellAt)
			}
		case "rr":
			right = false
			switch {
			case left:
				_, err = b.Chord(e.cellAt)
				chorded = true
			default:
				chorded = false
			}
		default:
			t.Errorf("%q: an event this program does not write", e.line)
		}
		if err != nil {
			t.Errorf("%q: %v", e.line, err)
		}
	}
	if left || right {
		t.Errorf("the video ends with a button down (left %v, right %v)", left, right)
	}
	return b
}

// step is a move of a test game, or "U" an undo, at ms milliseconds.
type step struct {
	move string
	ms   int
}

// playGame plays steps on the board of layout, question marks on, and
// returns the game.
func playGame(t *testing.T, layout string, steps []step) *game.Game {
	t.Helper()
	b, err := board.Parse(layout)
	if err != nil {
		t.Fatal(err)
	}
	s := board.Settings{Width: b.Width(), Height: b.Height(), Mines: b.Mines(), Rule: board.Opening}
	g, err := game.NewFixed(game.Config{Settings: s, QuestionMarks: true}, b.Layout(), "board.txt", 0)
	if err != nil {
		t.Fatal(err)
	}
	base := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, st := range steps {
		now := base.Add(time.Duration(st.ms) * time.Millisecond)
		if st.move == "U" {
			if err := g.Undo(now); err != nil {
				t.Fatalf("undo at %dms: %v", st.ms, err)
			}
			continue
		}
		var m game.Move
		if err := m.UnmarshalText([]byte(st.move)); err != nil {
			t.Fatal(err)
		}
		if _, err := g.Apply(m, now); err != nil {
			t.Fatalf("%s at %dms: %v", st.move, st.ms, err)
		}
	}
	return g
}

// layout5x4 is the board of the test games: an opening at the top right
// and one at the bottom left, two mines.
const layout5x4 = `
	.....
	.*...
	.....
	...*.
`

// TestWriteReadBack writes games as videos, reads each back with the
// test's own reader and plays it on a board of the video's layout: it
// ends as the game did, cell for cell, with the same status. The
// description says what the game was.
func TestWriteReadBack(t *testing.T) {
	tests := []struct {
		name   string
		steps  []step
		status board.Status
		mode   string
		want   map[string]string // options beside those every video has
	}{
		{
			// Opens, a flag, a question mark on a safe cell, chords, and
			// a fatal opening taken back: the video does not show it.
			name: "undo",
			steps: []step{
				{"O4,0", 0}, {"F1,1", 1000}, {"F0,3", 1500}, {"F0,3", 1800}, {"C2,1", 2500},
				{"O3,3", 3000}, {"U", 3500}, {"O0,3", 4000}, {"C1,0", 5000}, {"O4,3", 6000},
			},
			status: board.Won,
			want:   map[string]string{"Mode": "Cheat", "Style": "FL", "Status": "won", "Time": "5.500", "BBBV": "6"},
		},
		{
			// A chord around a flag on a safe cell opens the mine.
			name:   "wrong-flag",
			steps:  []step{{"F1,0", 0}, {"O4,0", 200}, {"F1,0", 900}, {"F1,0", 1000}, {"F1,0", 1100}, {"C2,1", 1600}},
			status: board.Lost,
			want:   map[string]string{"Mode": "UPK", "Style": "FL", "Status": "lost", "Time": "1.400", "BBBV": "6"},
		},
		{
			// Won with no flag placed: the NF style.
			name:   "nf",
			steps:  []step{{"O4,0", 0}, {"O0,3", 400}, {"O0,0", 800}, {"O1,0", 1000}, {"O0,1", 1200}, {"O4,3", 1500}},
			status: board.Won,
			want:   map[string]string{"Mode": "UPK", "Style": "NF", "Status": "won", "Time": "1.500", "BBBV": "6"},
		},
		{
			// The solver flags a mine that held a question mark (two
			// right clicks) and auto-play opens a cell; the hint and the
			// odds change no cell and are left out. The game is left
			// unfinished.
			name: "help",
			steps: []step{
				{"O4,0", 0}, {"F1,1", 500}, {"F1,1", 700}, {"H2,1", 900}, {"M1,1", 1200},
				{"A1,0", 1500}, {"P0,0", 1600},
			},
			status: board.Playing,
			want:   map[string]string{"Mode": "Cheat", "Style": "FL", "Time": "6.000"},
		},
	}
	date := time.Date(2026, 1, 2, 3, 4, 11, 0, time.UTC)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := playGame(t, layout5x4, tt.steps)
			if g.Status() != tt.status {
				t.Fatalf("the game is %v; want %v\n%s", g.Status(), tt.status, g.Board())
			}
			now := date
			var buf bytes.Buffer
			if err := Write(&buf, g.Kept(now, true), Info{Program: "minesweeper (test)", Date: date}); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, filepath.Join("testdata", tt.name+".rawvf"), buf.Bytes())

			v := parseVideo(t, buf.String())
			want := map[string]string{
				"RawVF_Version": "Rev5",
				"Program":       "minesweeper (test)",
				"Timestamp":     "2026-01-02T03:04:11Z",
				"Level":         "Custom",
				"Width":         "5",
				"Height":        "4",
				"Mines":         "2",
				"Marks":         "On",
				"Input":         Input,
			}
			for k, val := range tt.want {
				want[k] = val
			}
			for k, val := range want {
				if got := v.options[k]; got != val {
					t.Errorf("option %s = %q; want %q", k, got, val)
				}
			}
			for k := range v.options {
				if _, ok := want[k]; !ok {
					t.Errorf("option %s: %q, unexpected", k, v.options[k])
				}
			}
			b := v.play(t)
			if got, want := b.String(), g.Board().String(); got != want {
				t.Errorf("the video ends on\n%s\nwant\n%s", got, want)
			}
			if b.Status() != g.Status() {
				t.Errorf("the video ends %v; want %v", b.Status(), g.Status())
			}
		})
	}
}

// TestWriteEvents checks the clicks of each kind of move, at the move's
// time and at the centre of its cell in 16-pixel squares.
func TestWriteEvents(t *testing.T) {
	g := playGame(t, layout5x4, []step{{"F2,3", 0}, {"O4,0", 250}, {"F1,1", 1250}, {"C2,1", 2001}})
	var buf bytes.Buffer
	if err := Write(&buf, g.Kept(time.Time{}, true), Info{Program: "p"}); err != nil {
		t.Fatal(err)
	}
	_, events, _ := strings.Cut(buf.String(), "Events:\n")
	want := `0.000 rc 3 4 (40 56)
0.000 rr 3 4 (40 56)
0.000 lc 5 1 (72 8)
0.000 lr 5 1 (72 8)
1.000 rc 2 2 (24 24)
1.000 rr 2 2 (24 24)
1.751 lc 3 2 (40 24)
1.751 rc 3 2 (40 24)
1.751 lr 3 2 (40 24)
1.751 rr 3 2 (40 24)
`
	if events != want {
		t.Errorf("events:\n%s\nwant:\n%s", events, want)
	}
	if strings.Contains(buf.String(), "Timestamp:") {
		t.Errorf("a video without a date has a Timestamp:\n%s", buf.String())
	}
}

// TestWriteRefuses checks that Write refuses, with nothing written, a
// board over MaxSide, a game without its layout and a move that does not
// play, each with one line.
func TestWriteRefuses(t *testing.T) {
	wide := board.Settings{Width: MaxSide + 1, Height: 2, Mines: 1, Rule: board.Opening}
	small := board.Settings{Width: 3, Height: 3, Mines: 1, Rule: board.Opening}
	mine := []board.Point{{X: 0, Y: 0}}
	tests := []struct {
		name string
		k    game.Kept
		want string
		is   error
	}{
		{"too wide", game.Kept{Settings: wide, Mines: mine}, "board too large for RAWVF: 999x2, and RAWVF readers take at most 998x998", ErrTooLarge},
		{"too tall", game.Kept{Settings: board.Settings{Width: 2, Height: 1000, Mines: 1}, Mines: mine}, "board too large for RAWVF: 2x1000, and RAWVF readers take at most 998x998", ErrTooLarge},
		{"no layout", game.Kept{Settings: small}, "the game's layout is not known", nil},
		{"a move on a mine's flag", game.Kept{Settings: small, Mines: mine, Moves: []game.TimedMove{
			{Move: game.Move{Action: game.Toggle, At: board.Point{X: 0, Y: 0}}},
			{Move: game.Move{Action: game.Open, At: board.Point{X: 0, Y: 0}}, At: time.Second},
		}}, "move 2 of 2 (O0,0) does not play again: cell is flagged", nil},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		err := Write(&buf, tt.k, Info{Program: "p"})
		switch {
		case err == nil:
			t.Errorf("%s: Write = nil; want %q", tt.name, tt.want)
		case err.Error() != tt.want:
			t.Errorf("%s: Write = %q; want %q", tt.name, err, tt.want)
		case tt.is != nil && !errors.Is(err, tt.is):
			t.Errorf("%s: Write = %v; want an error wrapping %v", tt.name, err, tt.is)
		}
		if buf.Len() != 0 {
			t.Errorf("%s: Write wrote %q", tt.name, buf.String())
		}
	}
}

// TestSeconds checks the format's times.
func TestSeconds(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0.000"},
		{5 * time.Millisecond, "0.005"},
		{1234 * time.Millisecond, "1.234"},
		{1234*time.Millisecond + 999*time.Microsecond, "1.234"},
		{100 * time.Second, "100.000"},
		{-250 * time.Millisecond, "-0.250"},
	}
	for _, tt := range tests {
		if got := seconds(tt.d); got != tt.want {
			t.Errorf("seconds(%v) = %q; want %q", tt.d, got, tt.want)
		}
	}
}

// TestLevelMode checks the level a board's size names and the mode a
// game's marks give.
func TestLevelMode(t *testing.T) {
	levels := []struct {
		s    board.Settings
		want string
	}{
		{board.Settings{Width: 9, Height: 9, Mines: 10}, "Beginner"},
		{board.Settings{Width: 16, Height: 16, Mines: 40, NoGuess: true}, "Intermediate"},
		{board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Safe}, "Expert"},
		{board.Settings{Width: 30, Height: 16, Mines: 98}, "Custom"},
	}
	for _, tt := range levels {
		if got := level(tt.s); got != tt.want {
			t.Errorf("level(%v) = %q; want %q", tt.s, got, tt.want)
		}
	}
	modes := []struct {
		k    game.Kept
		want string
	}{
		{game.Kept{}, "Classic"},
		{game.Kept{Origin: game.Seeded}, "UPK"},
		{game.Kept{Origin: game.File}, "UPK"},
		{game.Kept{Restarted: true}, "UPK"},
		{game.Kept{Assisted: true}, "Cheat"},
		{game.Kept{Undone: true, Origin: game.Seeded}, "Cheat"},
	}
	for _, tt := range modes {
		if got := mode(tt.k); got != tt.want {
			t.Errorf("mode(%+v) = %q; want %q", tt.k, got, tt.want)
		}
	}
}

// checkGolden compares got with the golden file at path; -update
// rewrites it.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./internal/rawvf -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test ./internal/rawvf -update rewrites it):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

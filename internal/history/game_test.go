package history

import (
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
)

// oldLines are lines of the log as the version that kept the board as a
// string wrote them, each with the game it holds.
var oldLines = []struct {
	line string
	game Game
}{
	{
		`{"v":1,"date":"2025-03-01T19:12:40.123Z","board":"30x16n99 opening no-guess","level":"expert","seed":1234,"layout":[[0,0],[29,15]],"result":"won","time_ms":101270,"3bv":180,"clicks":230,"assisted":true,"moves":[{"m":"O3,4","t":0},{"m":"F0,0","t":850},{"m":"C5,5","t":1200}]}`,
		Game{
			V:        1,
			Date:     time.Date(2025, 3, 1, 19, 12, 40, 123e6, time.UTC),
			Board:    board.Settings{Width: 30, Height: 16, Mines: 99, Rule: board.Opening, NoGuess: true},
			Level:    "expert",
			Seed:     1234,
			Layout:   []Cell{{0, 0}, {29, 15}},
			Result:   "won",
			TimeMS:   101270,
			ThreeBV:  180,
			Clicks:   230,
			Assisted: true,
			Moves: []Move{
				{game.Move{Action: game.Open, At: board.Point{X: 3, Y: 4}}, 0},
				{game.Move{Action: game.Toggle, At: board.Point{X: 0, Y: 0}}, 850},
				{game.Move{Action: game.Chord, At: board.Point{X: 5, Y: 5}}, 1200},
			},
		},
	},
	{
		`{"v":1,"date":"2025-03-02T08:00:00Z","board":"5x4n2 unsafe","seed":0,"source":"my board.txt","layout":[[4,3],[3,3]],"result":"lost","time_ms":800,"3bv":3,"clicks":1,"undone":true,"moves":[{"m":"O4,3","t":0}]}`,
		Game{
			V:       1,
			Date:    time.Date(2025, 3, 2, 8, 0, 0, 0, time.UTC),
			Board:   board.Settings{Width: 5, Height: 4, Mines: 2, Rule: board.Unsafe},
			Source:  "my board.txt",
			Layout:  []Cell{{4, 3}, {3, 3}},
			Result:  "lost",
			TimeMS:  800,
			ThreeBV: 3,
			Clicks:  1,
			Undone:  true,
			Moves:   []Move{{game.Move{Action: game.Open, At: board.Point{X: 4, Y: 3}}, 0}},
		},
	},
}

// TestOldLines checks that a line the string-board version wrote decodes
// to its typed settings, and encodes again byte for byte.
func TestOldLines(t *testing.T) {
	for _, tt := range oldLines {
		g, newer, err := DecodeLine([]byte(tt.line))
		if err != nil || newer || !reflect.DeepEqual(g, tt.game) {
			t.Errorf("DecodeLine(%s) = %+v, %v, %v; want %+v", tt.line, g, newer, err, tt.game)
			continue
		}
		if got := g.Kind(); got != tt.game.Board {
			t.Errorf("Kind() = %v; want %v", got, tt.game.Board)
		}
		if data, err := json.Marshal(g); err != nil || string(data) != tt.line {
			t.Errorf("json.Marshal(DecodeLine(line)) = %s, %v; want the line as it was:\n%s", data, err, tt.line)
		}
	}
}

// newLine is a line of this version with what version 1 had no word for:
// the moves of help (M a mine the solver flagged, A a cell auto-play
// opened, H a hint, P the odds view), and the marks of a known board, a
// game given up, the first opening and the layout's sum, the ends.
const newLine = `{"v":2,"date":"2025-04-01T10:00:00.5Z","board":"9x9n10 opening","level":"beginner","seed":99,"layout":null,"result":"lost","time_ms":4321,"3bv":0,"clicks":5,"assisted":true,"undone":true,"moves":[{"m":"O4,4","t":0},{"m":"H3,4","t":1200},{"m":"M1,1","t":1500},{"m":"A2,2","t":2000},{"m":"P0,0","t":2100},{"m":"F8,8","t":3000},{"m":"C4,4","t":4000}],"known":true,"seeded":true,"restarted":true,"gave_up":true,"first":[4,4],"sum":1234567890123,"ends":2,"ended":"won"}`

// TestNewLine checks that a line of this version, with every new field
// and move letter, decodes to its game and encodes again byte for byte,
// and that the store keeps it so.
func TestNewLine(t *testing.T) {
	t.Parallel()
	at := func(a game.Action, x, y int, ms int64) Move {
		return Move{game.Move{Action: a, At: board.Point{X: x, Y: y}}, ms}
	}
	want := Game{
		V:        Version,
		Date:     time.Date(2025, 4, 1, 10, 0, 0, 500e6, time.UTC),
		Board:    board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening},
		Level:    "beginner",
		Seed:     99,
		Result:   "lost",
		TimeMS:   4321,
		Clicks:   5,
		Assisted: true,
		Undone:   true,
		Moves: []Move{
			at(game.Open, 4, 4, 0), at(game.Hint, 3, 4, 1200), at(game.FlagMine, 1, 1, 1500), at(game.AutoOpen, 2, 2, 2000),
			at(game.Odds, 0, 0, 2100), at(game.Toggle, 8, 8, 3000), at(game.Chord, 4, 4, 4000),
		},
		Known:     true,
		Seeded:    true,
		Restarted: true,
		GaveUp:    true,
		First:     &Cell{4, 4},
		Sum:       1234567890123,
		Ends:      2,
		Ended:     "won",
	}
	if Version != 2 {
		t.Fatalf("Version = %d; the line is of version 2", Version)
	}
	g, newer, err := DecodeLine([]byte(newLine))
	if err != nil || newer || !reflect.DeepEqual(g, want) {
		t.Fatalf("DecodeLine(%s) = %+v, %v, %v; want %+v", newLine, g, newer, err, want)
	}
	if !g.IsKnown() {
		t.Errorf("IsKnown() = false; want true")
	}
	if data, err := json.Marshal(g); err != nil || string(data) != newLine {
		t.Errorf("json.Marshal(DecodeLine(line)) = %s, %v; want the line as it was:\n%s", data, err, newLine)
	}

}

// figuresLine is a line with the figures of a won game (see
// game.Figures), which lines kept before they were counted lack.
const figuresLine = `{"v":2,"date":"2025-04-02T10:00:00Z","board":"5x4n2 unsafe","seed":0,"source":"shelf.txt","layout":[[1,1],[3,1]],"result":"won","time_ms":10000,"3bv":9,"clicks":11,"opens":3,"chords":3,"flags":5,"wasted":3,"openings":1,"islands":1,"3bv_solved":9,"zini":7,"moves":[]}`

// TestFiguresLine checks that a line with the figures decodes to them,
// encodes again byte for byte, and gives the numbers they make.
func TestFiguresLine(t *testing.T) {
	g, newer, err := DecodeLine([]byte(figuresLine))
	if err != nil || newer {
		t.Fatalf("DecodeLine(%s) = %v, %v", figuresLine, newer, err)
	}
	want := game.Figures{Opens: 3, Chords: 3, Flags: 5, Wasted: 3, Openings: 1, Islands: 1, Solved: 9, ZiNi: 7}
	if got := g.Figures(); got != want {
		t.Errorf("Figures() = %+v; want %+v", got, want)
	}
	if data, err := json.Marshal(g); err != nil || string(data) != figuresLine {
		t.Errorf("json.Marshal(DecodeLine(line)) = %s, %v; want the line as it was:\n%s", data, err, figuresLine)
	}
	n := g.Numbers()
	if n.Correctness() != 8.0/11 || n.Throughput() != 9.0/8 || n.ZiNiEfficiency() != 7.0/11 {
		t.Errorf("Correctness, Throughput, ZiNiEfficiency = %v, %v, %v; want 8/11, 9/8, 7/11", n.Correctness(), n.Throughput(), n.ZiNiEfficiency())
	}
	var h Game
	h.SetFigures(want)
	if got := h.Figures(); got != want {
		t.Errorf("SetFigures then Figures() = %+v; want %+v", got, want)
	}
}

// TestIsKnown checks which games are on boards the player could know.
func TestIsKnown(t *testing.T) {
	tests := []struct {
		name string
		g    Game
		want bool
	}{
		{"drawn", Game{}, false},
		{"known", Game{Known: true}, true},
		{"a board file's", Game{Source: "board.txt"}, true},
	}
	for _, tt := range tests {
		if got := tt.g.IsKnown(); got != tt.want {
			t.Errorf("IsKnown() of a %s game = %v; want %v", tt.name, got, tt.want)
		}
	}
}

// TestEfficiency checks a game's clicks and efficiency as the records
// give them, over records of games the solver played or helped: each move
// on the board is a click, the player's or the solver's, so that no such
// game's efficiency is over 100% (a click opens one 3BV at most; a chord
// may open more, and may take a game's IOE over 100%, as minesweepergame.com
// and Arbiter count it). A record kept before the solver's moves were
// clicks, whose clicks were the player's alone, is read as it would be
// kept now: an auto-played win read 1 click, 300%.
func TestEfficiency(t *testing.T) {
	const head = `{"v":2,"date":"2025-04-02T10:00:00Z","board":"9x9n10 opening","level":"beginner","seed":1,"layout":[],"result":"won","time_ms":3000,"3bv":3,`
	tests := []struct {
		name   string
		line   string
		clicks int
		eff    string // as history prints it
		nf     bool
	}{
		{"auto-played, kept before", head + `"clicks":1,"opens":1,"assisted":true,"moves":[{"m":"O0,0","t":0},{"m":"A1,1","t":10},{"m":"A2,2","t":20}]}`, 3, "100%", true},
		{"auto-played, kept before the figures", head + `"clicks":1,"assisted":true,"moves":[{"m":"O0,0","t":0},{"m":"A1,1","t":10},{"m":"A2,2","t":20},{"m":"A3,3","t":30}]}`, 4, "75%", true},
		{"auto-played, the solver's flags", head + `"clicks":1,"opens":1,"assisted":true,"moves":[{"m":"O0,0","t":0},{"m":"M5,5","t":5},{"m":"A1,1","t":10},{"m":"A2,2","t":20}]}`, 4, "75%", false},
		{"auto-played, kept now", head + `"clicks":3,"opens":1,"solver":2,"assisted":true,"moves":[{"m":"O0,0","t":0},{"m":"A1,1","t":10},{"m":"A2,2","t":20}]}`, 3, "100%", true},
		{"hints", head + `"clicks":3,"opens":3,"assisted":true,"moves":[{"m":"O0,0","t":0},{"m":"H1,1","t":5},{"m":"O1,1","t":10},{"m":"P0,0","t":15},{"m":"O2,2","t":20}]}`, 3, "100%", true},
		{"flags", head + `"clicks":5,"opens":3,"flags":2,"moves":[{"m":"O0,0","t":0},{"m":"F5,5","t":5},{"m":"O1,1","t":10},{"m":"F6,6","t":15},{"m":"O2,2","t":20}]}`, 5, "60%", false},
		{"chords", head + `"clicks":4,"opens":2,"chords":1,"flags":1,"moves":[{"m":"O0,0","t":0},{"m":"F5,5","t":5},{"m":"O4,4","t":10},{"m":"C4,4","t":20}]}`, 4, "75%", false},
	}
	for _, tt := range tests {
		g, _, err := DecodeLine([]byte(tt.line))
		if err != nil {
			t.Fatalf("DecodeLine(%s): %v", tt.name, err)
		}
		if g.Clicks != tt.clicks || g.NF != tt.nf {
			t.Errorf("DecodeLine(%s): clicks %d, NF %v; want %d, %v", tt.name, g.Clicks, g.NF, tt.clicks, tt.nf)
		}
		if e := g.Numbers().Efficiency(); e > 1 && g.Chords == 0 {
			t.Errorf("DecodeLine(%s).Numbers().Efficiency() = %v; want at most 1", tt.name, e)
		}
		if !g.Numbers().Split() && g.Opens > 0 {
			t.Errorf("DecodeLine(%s): the clicks by kind (%+v) do not sum to %d", tt.name, g.Figures(), g.Clicks)
		}
		var b strings.Builder
		if err := WriteGames(&b, []Game{g}, []int64{1}); err != nil {
			t.Fatal(err)
		}
		if row := strings.Fields(lastLine(b.String())); !slices.Contains(row, tt.eff) || !slices.Contains(row, strconv.Itoa(tt.clicks)) {
			t.Errorf("WriteGames(%s) = %q; want %d clicks, %s", tt.name, lastLine(b.String()), tt.clicks, tt.eff)
		}
	}
}

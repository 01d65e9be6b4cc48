package history

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
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
				{board.Move{Action: board.Open, At: board.Point{X: 3, Y: 4}}, 0},
				{board.Move{Action: board.Toggle, At: board.Point{X: 0, Y: 0}}, 850},
				{board.Move{Action: board.Chord, At: board.Point{X: 5, Y: 5}}, 1200},
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
			Moves:   []Move{{board.Move{Action: board.Open, At: board.Point{X: 4, Y: 3}}, 0}},
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

// TestOldFiles checks that the store reads a log, a saved game and the
// settings as the string-board version left them, and writes the same
// bytes back.
func TestOldFiles(t *testing.T) {
	t.Parallel()
	log := oldLines[0].line + "\n" + oldLines[1].line + "\n"
	s, w := open(t, log)
	if got, want := games(t, s), []Game{oldLines[0].game, oldLines[1].game}; !reflect.DeepEqual(got, want) {
		t.Errorf("Games() = %+v; want %+v", got, want)
	}

	saved := `{"v":1,"date":"2025-03-03T10:00:00Z","board":"9x9n10 opening","level":"beginner","seed":7,"layout":[[1,1]],"result":"playing","time_ms":2500,"3bv":12,"clicks":1,"moves":[{"m":"O4,4","t":0}]}` + "\n"
	kind := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	name := filepath.Join(s.dir, "saved-9x9n10-opening.json")
	if err := os.WriteFile(name, []byte(saved), 0o600); err != nil {
		t.Fatal(err)
	}
	g, ok, err := s.Saved(kind, nil)
	if !ok || err != nil || g.Board != kind || g.Seed != 7 {
		t.Errorf("Saved(%v) = %+v, %v, %v; want the game of seed 7 on %v", kind, g, ok, err, kind)
	}
	if err := s.Save(g); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(name); string(b) != saved {
		t.Errorf("Save(Saved()) wrote %s; want the bytes read:\n%s", b, saved)
	}

	prefs := `{"v":1,"board":"16x16n40 safe","level":"intermediate","theme":"mono"}` + "\n"
	if err := os.WriteFile(filepath.Join(s.dir, prefsName), []byte(prefs), 0o600); err != nil {
		t.Fatal(err)
	}
	p, ok, err := s.Prefs()
	want := Prefs{V: 1, Board: board.Settings{Width: 16, Height: 16, Mines: 40, Rule: board.Safe}, Level: "intermediate", Theme: "mono"}
	if !ok || err != nil || p != want {
		t.Errorf("Prefs() = %+v, %v, %v; want %+v", p, ok, err, want)
	}
	if err := s.SavePrefs(p); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(s.dir, prefsName)); string(b) != prefs {
		t.Errorf("SavePrefs(Prefs()) wrote %s; want the bytes read:\n%s", b, prefs)
	}
	if msgs := w.all(); len(msgs) != 0 {
		t.Errorf("warnings %q; want none", msgs)
	}
}

// TestAppendRefusesInvalidBoard checks that a game whose board is not
// valid settings is not written: its line would make the log unreadable.
func TestAppendRefusesInvalidBoard(t *testing.T) {
	t.Parallel()
	s, _ := open(t, line(t, testGame(0)))
	g := testGame(1)
	g.Board = board.Settings{}
	if n, err := s.Append(g); err == nil {
		t.Errorf("Append() of a game on %v = %d, nil; want an error", g.Board, n)
	}
	if err := s.Save(g); err == nil {
		t.Errorf("Save() of a game on %v = nil; want an error", g.Board)
	}
	if got, want := readLog(t, s), line(t, testGame(0)); got != want {
		t.Errorf("log after the refused Append = %q; want %q", got, want)
	}
}

package reader

import (
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

func TestParse(t *testing.T) {
	tests := []struct {
		line string
		want Command
	}{
		{"o 4 7", Command{Verb: Open, At: board.Point{X: 3, Y: 6}, HasAt: true}},
		{"4 7", Command{Verb: Open, At: board.Point{X: 3, Y: 6}, HasAt: true}},
		{"  open 4,7 ", Command{Verb: Open, At: board.Point{X: 3, Y: 6}, HasAt: true}},
		{"O 1 1", Command{Verb: Open, HasAt: true}},
		{"o", Command{Verb: Open}},
		{"f 5 8", Command{Verb: Flag, At: board.Point{X: 4, Y: 7}, HasAt: true}},
		{"flag", Command{Verb: Flag}},
		{"c 4 7", Command{Verb: Chord, At: board.Point{X: 3, Y: 6}, HasAt: true}},
		{"s", Command{Verb: Hint}},
		{"hint", Command{Verb: Hint}},
		{"x", Command{Verb: Look}},
		{"look", Command{Verb: Look}},
		{"h", Command{Verb: Left}},
		{"j", Command{Verb: Down}},
		{"k", Command{Verb: Up}},
		{"l", Command{Verb: Right}},
		{"u", Command{Verb: Undo}},
		{"n", Command{Verb: New}},
		{"q", Command{Verb: Quit}},
		{"QUIT", Command{Verb: Quit}},
		{"?", Command{Verb: Help}},
		{"r 3", Command{Verb: Row, At: board.Point{X: 2, Y: 2}, HasAt: true}},
		{"row", Command{Verb: Row}},
		{"v 4", Command{Verb: Column, At: board.Point{X: 3, Y: 3}, HasAt: true}},
		{"column 4", Command{Verb: Column, At: board.Point{X: 3, Y: 3}, HasAt: true}},
		{"a 4 7", Command{Verb: Look, At: board.Point{X: 3, Y: 6}, HasAt: true}},
		{"b", Command{Verb: Whole}},
		{"m", Command{Verb: MinesLeft}},
		{"t", Command{Verb: Clock}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.line)
		if err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v, nil", tt.line, got, err, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		line, want string
	}{
		{"", ErrEmpty.Error()},
		{"   ", ErrEmpty.Error()},
		{"zap", `"zap" is no command: ` + Usage},
		{"s 4 7", "hint takes no cell: " + Usage},
		{"o 4", "a cell is a column and a row, as in o 4 7"},
		{"4", "a cell is a column and a row, as in o 4 7"},
		{"f 4 7 9", "a cell is a column and a row, as in f 4 7"},
		{"o 0 7", "a cell is a column and a row counted from 1, as in o 4 7"},
		{"c a b", "a cell is a column and a row counted from 1, as in c 4 7"},
		{"r 0", "a row is one number counted from 1, as in r 3"},
		{"v 3 4", "a column is one number counted from 1, as in v 3"},
		{"b 3", "board takes no cell: " + Usage},
		{"a 4", "a cell is a column and a row, as in a 4 7"},
	}
	for _, tt := range tests {
		got, err := Parse(tt.line)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) = %+v, %v; want the error %q", tt.line, got, err, tt.want)
		}
	}
}

// FuzzParse checks that Parse never panics and that a cell or a line it
// reads is on the board's side of 0, whatever a line holds.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"o 4 7", "4,7", "r 3", "v 99999999999999999999", "a -1 2", "b", "", "f 1 1 1", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := Parse(line)
		if err == nil && (c.At.X < 0 || c.At.Y < 0 || (!c.HasAt && c.At != board.Point{})) {
			t.Errorf("Parse(%q) = %+v; want a cell from 0", line, c)
		}
	})
}

// TestDocsName checks that help (Docs) names every verb by one of its
// words.
func TestDocsName(t *testing.T) {
	named := map[Verb]bool{}
	for _, d := range Docs {
		for _, w := range strings.Fields(strings.ReplaceAll(d.Say, ",", " ")) {
			if v, ok := words[w]; ok {
				named[v] = true
			}
		}
	}
	named[Open] = named[Open] || named[0] // a cell alone
	for v := Open; v <= Clock; v++ {
		if !named[v] {
			t.Errorf("Docs do not name %v", v)
		}
	}
}

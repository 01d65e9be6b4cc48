package kept

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/analyse"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/video"
)

// evfGame is a game of the EVF tests: its board, its first-click rule
// and no-guess setting, its moves ("U" an undo) at their milliseconds, and
// whether its board was a file's (known to the player). A move "*" opens
// every closed safe cell, row by row.
type evfGame struct {
	name    string
	layout  string
	rule    board.FirstClick
	noGuess bool
	known   bool
	steps   []evfStep
}

type evfStep struct {
	move string
	ms   int
}

// layout5x4 is a board with an opening at the top right and one at the
// bottom left, two mines.
const layout5x4 = `
	.....
	.*...
	.....
	...*.
`

// evfEnd is when the test games end.
var evfEnd = time.Date(2026, 1, 2, 3, 4, 11, 0, time.UTC)

// record plays the game and returns its record, as the history keeps it:
// drawn from a seed unless its board is known.
func (eg evfGame) record(t *testing.T) history.Game {
	t.Helper()
	b, err := board.Parse(eg.layout)
	if err != nil {
		t.Fatal(err)
	}
	s := board.Settings{Width: b.Width(), Height: b.Height(), Mines: b.Mines(), Rule: eg.rule}
	g, err := game.NewFixed(game.Config{Settings: s, QuestionMarks: true}, b.Layout(), "board.txt", 0)
	if err != nil {
		t.Fatal(err)
	}
	base := evfEnd.Add(-time.Minute)
	for _, st := range eg.steps {
		now := base.Add(time.Duration(st.ms) * time.Millisecond)
		switch st.move {
		case "U":
			if err := g.Undo(now); err != nil {
				t.Fatalf("undo at %dms: %v", st.ms, err)
			}
			continue
		case "*":
			for i := range s.Width * s.Height {
				p := board.Point{X: i % s.Width, Y: i / s.Width}
				if !slices.Contains(b.Layout(), p) && g.Board().Tile(p) == board.TileClosed && g.Status() == board.Playing {
					if _, err := g.Apply(game.Move{Action: game.Open, At: p}, now); err != nil {
						t.Fatalf("O%d,%d at %dms: %v", p.X, p.Y, st.ms, err)
					}
				}
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
	hg := session.HistoryGame(g.Kept(evfEnd, true), evfEnd)
	if !eg.known {
		hg.Source, hg.Known, hg.Seed = "", false, 1
	}
	hg.Board.NoGuess = eg.noGuess
	return hg
}

// evfGames are games won, lost, with flags and chords, in the NF style,
// helped, on a custom board, under each first-click rule.
var evfGames = []evfGame{
	{
		// Opens, a flag, chords: won in the standard mode, officially.
		name: "won", layout: layout5x4, rule: board.Safe,
		steps: []evfStep{{"O4,0", 0}, {"F1,1", 1000}, {"C2,1", 2500}, {"F3,3", 2900}, {"C2,2", 3300}, {"O0,0", 4000}, {"O0,1", 4300}, {"O4,3", 4600}},
	},
	{
		// A flag before the first opening, a question mark, a chord
		// around a flag on a safe cell that opens the mine.
		name: "lost", layout: layout5x4, rule: board.Opening,
		steps: []evfStep{{"F1,0", 0}, {"O4,0", 200}, {"F1,0", 900}, {"F1,0", 1000}, {"F1,0", 1100}, {"C2,1", 1600}},
	},
	{
		// No flag placed, and a wait of over a minute (pause events).
		name: "nf", layout: layout5x4, rule: board.Opening,
		steps: []evfStep{{"O4,0", 0}, {"O0,3", 400}, {"O0,0", 800}, {"O1,0", 70_900}, {"O0,1", 71_200}, {"O4,3", 71_500}},
	},
	{
		// The solver's help and an undo: cheat.
		name: "help", layout: layout5x4, rule: board.Opening,
		steps: []evfStep{
			{"O4,0", 0}, {"F1,1", 500}, {"F1,1", 700}, {"H2,1", 900}, {"M1,1", 1200}, {"A1,0", 1500},
			{"P0,0", 1600}, {"O3,3", 1700}, {"U", 1800}, {"C2,1", 2000}, {"O0,3", 2500}, {"O4,3", 2900},
			{"O0,0", 3100}, {"O0,1", 3300},
		},
	},
	{
		// A custom board whose mines lie anywhere (no rule), wider than
		// tall, won with a chord and a flag.
		name: "custom", rule: board.Unsafe, layout: `
			.........
			.*.......
			.......*.
			.........
			...*.....
			.........
			*........
		`,
		steps: []evfStep{{"O5,0", 0}, {"F1,1", 700}, {"C2,1", 1100}, {"*", 2900}},
	},
	{
		// A no-guess board.
		name: "noguess", layout: layout5x4, rule: board.Opening, noGuess: true,
		steps: []evfStep{{"O4,0", 0}, {"O0,3", 400}, {"O0,0", 800}, {"O1,0", 900}, {"O0,1", 1200}, {"O4,3", 1500}},
	},
	{
		// A board file's game: known to the player (upk).
		name: "known", layout: layout5x4, rule: board.Opening, known: true,
		steps: []evfStep{{"O4,0", 0}, {"O3,3", 300}},
	},
}

// TestExportEVF exports games as EVF and reads each back with the video
// package's parser: the board, the mines, the moves, the result, the time,
// the 3BV, the mode, the summary's bits and the timestamps are the kept
// game's, and the moves, played and analysed, are those of the game's RAW
// video. The won game's bytes are pinned in testdata/won.evf (go test
// -update rewrites it).
func TestExportEVF(t *testing.T) {
	tests := []struct {
		name   string
		result board.Status
		mode   string
		fields []string
	}{
		{"won", board.Won, "standard", []string{video.FieldOfficial, video.FieldFair}},
		{"lost", board.Lost, "win7", nil},
		{"nf", board.Won, "win7", []string{video.FieldFair, video.FieldNF}},
		{"help", board.Won, "cheat", nil},
		{"custom", board.Won, "no rule", []string{video.FieldFair}},
		{"noguess", board.Won, "competitive solvable", []string{video.FieldFair, video.FieldNF}},
		{"known", board.Lost, "upk", []string{video.FieldNF}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			eg := evfGames[i]
			hg := eg.record(t)
			var evf, raw bytes.Buffer
			if err := Export(&evf, hg, EVF, "minesweeper v1.2.3"); err != nil {
				t.Fatalf("Export(%s, EVF) = %v", eg.name, err)
			}
			if err := Export(&raw, hg, RAWVF, "minesweeper v1.2.3"); err != nil {
				t.Fatalf("Export(%s, RAWVF) = %v", eg.name, err)
			}
			if tt.name == "won" {
				checkEVFGolden(t, filepath.Join("testdata", "won.evf"), evf.Bytes())
			}
			v, err := video.ReadEVF(&evf)
			if err != nil {
				t.Fatalf("ReadEVF(Export(%s)) = %v", eg.name, err)
			}
			rv, err := video.ReadRAWVF(&raw)
			if err != nil {
				t.Fatal(err)
			}
			var mines []board.Point
			for _, c := range hg.Layout {
				mines = append(mines, board.Point{X: c[0], Y: c[1]})
			}
			var fields []string
			for _, f := range v.Fields {
				fields = append(fields, f.Name)
			}
			start := evfEnd.Add(-time.Duration(hg.TimeMS) * time.Millisecond)
			switch {
			case v.Width != hg.Board.Width || v.Height != hg.Board.Height || !reflect.DeepEqual(sorted(v.Mines), sorted(mines)):
				t.Errorf("the EVF holds a %dx%d board, mines %v; want %v, %v", v.Width, v.Height, v.Mines, hg.Board, mines)
			case v.Result != tt.result || v.Time != time.Duration(hg.TimeMS)*time.Millisecond || v.ThreeBV != hg.ThreeBV:
				t.Errorf("the EVF holds %v, %v, 3BV %d; want %v, %dms, 3BV %d", v.Result, v.Time, v.ThreeBV, tt.result, hg.TimeMS, hg.ThreeBV)
			case v.Mode != tt.mode || !slices.Equal(fields, tt.fields):
				t.Errorf("the EVF's mode %q, fields %q; want %q, %q", v.Mode, fields, tt.mode, tt.fields)
			case v.Program != "minesweeper v1.2.3" || v.Player != "" || v.Country != "" || !v.QuestionMarks || v.SquareSize != 16:
				t.Errorf("the EVF's program %q, player %q, country %q, marks %v, cells of %d", v.Program, v.Player, v.Country, v.QuestionMarks, v.SquareSize)
			case !v.Date.Equal(start) || !v.End.Equal(evfEnd):
				t.Errorf("the EVF's start and end %v, %v; want %v, %v", v.Date, v.End, start, evfEnd)
			case !reflect.DeepEqual(v.Moves(), rv.Moves()):
				t.Errorf("the EVF's moves %v; the RAW video's %v", v.Moves(), rv.Moves())
			}
			checkPlays(t, v, rv, tt.result)
		})
	}
}

// checkPlays checks that the EVF video v plays and is analysed as the RAW
// video rv of the same game, to the game's end.
func checkPlays(t *testing.T, v, rv *video.Video, result board.Status) {
	t.Helper()
	g, err := v.Play()
	if err != nil {
		t.Fatal(err)
	}
	rg, err := rv.Play()
	if err != nil {
		t.Fatal(err)
	}
	if g.Board.String() != rg.Board.String() || g.Board.Status() != result || v.Clock(g) != rv.Clock(rg) {
		t.Errorf("the EVF plays to %v in %v\n%s\nthe RAW video to %v in %v\n%s", g.Board.Status(), v.Clock(g), g.Board,
			rg.Board.Status(), rv.Clock(rg), rg.Board)
	}
	r, err := analyse.Video(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	rr, err := analyse.Video(context.Background(), rv)
	if err != nil {
		t.Fatal(err)
	}
	if r.Played != rr.Played || r.Numbers != rr.Numbers || r.Steps != rr.Steps || r.Judged != rr.Judged || !reflect.DeepEqual(r.Moves, rr.Moves) {
		t.Errorf("analyse of the EVF: %v %+v, %d steps, %d judged, %+v\nof the RAW video: %v %+v, %d steps, %d judged, %+v",
			r.Played, r.Numbers, r.Steps, r.Judged, r.Moves, rr.Played, rr.Numbers, rr.Steps, rr.Judged, rr.Moves)
	}
}

// sorted returns the cells in row order.
func sorted(ps []board.Point) []board.Point {
	ps = slices.Clone(ps)
	slices.SortFunc(ps, func(a, b board.Point) int { return (a.Y-b.Y)*1_000_000 + a.X - b.X })
	return ps
}

// checkEVFGolden compares got with the golden file at path; -update
// rewrites it.
func checkEVFGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./internal/kept -run TestExportEVF -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test ./internal/kept -run TestExportEVF -update rewrites it):\ngot  % x\nwant % x", path, got, want)
	}
}

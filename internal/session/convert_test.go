package session

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
)

// TestGuessesKept checks that the guess audit a game kept goes into its
// history line and comes back out as it was: its guesses with their
// chances and its openings not counted, in order; none (an empty list,
// written []) stays none; and a line written before audits were kept
// (no "guesses") comes back without one (nil), which a resume tells apart.
func TestGuessesKept(t *testing.T) {
	s := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	tests := []struct {
		name    string
		guesses []game.Opening
		json    string // the line's "guesses", or "" for none
	}{
		{"a guess and an opening not counted",
			[]game.Opening{{At: board.Point{X: 1, Y: 0}, Mine: 0.5}, {At: board.Point{X: 8, Y: 3}, Failed: true}, {At: board.Point{X: 0, Y: 8}, Mine: 1.0 / 3}},
			`"guesses":[{"at":[1,0],"mine":0.5},{"at":[8,3],"uncounted":true},{"at":[0,8],"mine":0.3333333333333333}]`},
		{"no guess", []game.Opening{}, `"guesses":[]`},
		{"kept before audits were", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := game.Kept{Settings: s, Seed: 3, Status: board.Playing, Guesses: tt.guesses}
			line, err := json.Marshal(HistoryGame(k, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)))
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(string(line), `"guesses"`); got != (tt.json != "") || tt.json != "" && !strings.Contains(string(line), tt.json) {
				t.Errorf("the line %s; want %s", line, map[bool]string{true: tt.json, false: `no "guesses"`}[tt.json != ""])
			}
			hg, _, err := history.DecodeLine(line)
			if err != nil {
				t.Fatal(err)
			}
			got, err := KeptOf(hg)
			if err != nil {
				t.Fatalf("KeptOf(%s) = %v", line, err)
			}
			if !reflect.DeepEqual(got.Guesses, tt.guesses) || (got.Guesses == nil) != (tt.guesses == nil) {
				t.Errorf("KeptOf(%s).Guesses = %#v; want %#v", line, got.Guesses, tt.guesses)
			}
		})
	}
}

// TestGuessesRefused checks that KeptOf refuses a line whose guesses
// cannot be a game's: a cell off the board, a chance that is none.
func TestGuessesRefused(t *testing.T) {
	s := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	for _, g := range []history.Guess{
		{At: history.Cell{9, 0}, Mine: 0.5},
		{At: history.Cell{0, -1}, Uncounted: true},
		{At: history.Cell{1, 1}, Mine: 1.5},
		{At: history.Cell{1, 1}, Mine: -0.5},
		{At: history.Cell{1, 1}, Mine: math.NaN()},
	} {
		hg := HistoryGame(game.Kept{Settings: s, Status: board.Playing}, time.Time{})
		hg.Guesses = []history.Guess{g}
		if _, err := KeptOf(hg); err == nil || !strings.Contains(err.Error(), "guess 1 of 1") {
			t.Errorf("KeptOf(a game with the guess %+v) = %v; want an error naming it", g, err)
		}
	}
}

// TestFiguresKept checks that a finished game's figures go into its
// history line, under their names, and come back out as they were.
func TestFiguresKept(t *testing.T) {
	s := board.Settings{Width: 5, Height: 4, Mines: 2, Rule: board.Unsafe}
	f := game.Figures{Opens: 4, Flags: 3, Wasted: 2, Openings: 1, Islands: 1, Solved: 3, ZiNi: 7}
	k := game.Kept{Settings: s, Seed: 3, Mines: []board.Point{{X: 1, Y: 1}, {X: 3, Y: 1}}, Status: board.Lost,
		Elapsed: 10 * time.Second, ThreeBV: 9, Figures: f}
	for i, a := range []game.Action{game.Open, game.Open, game.Toggle, game.Open, game.Toggle, game.Toggle, game.Open} {
		k.Moves = append(k.Moves, game.TimedMove{Move: game.Move{Action: a, At: board.Point{X: i % 5, Y: 0}}})
	}
	line, err := json.Marshal(HistoryGame(k, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)))
	if err != nil {
		t.Fatal(err)
	}
	if want := `"3bv":9,"clicks":7,"opens":4,"flags":3,"wasted":2,"openings":1,"islands":1,"3bv_solved":3,"zini":7,`; !strings.Contains(string(line), want) {
		t.Errorf("the line %s; want it to hold %s", line, want)
	}
	hg, _, err := history.DecodeLine(line)
	if err != nil {
		t.Fatalf("DecodeLine(%s) = %v", line, err)
	}
	got, err := KeptOf(hg)
	if err != nil {
		t.Fatalf("KeptOf(%s) = %v", line, err)
	}
	if got.Figures != f || got.ThreeBV != 9 {
		t.Errorf("KeptOf(%s) = 3BV %d, %+v; want 9, %+v", line, got.ThreeBV, got.Figures, f)
	}
}

// TestPlayedNumbers plays games to their end on a board of two mines and
// checks what their history lines say: each move on the board a click,
// the player's or the solver's (auto-play's openings and flags counted as
// it made them), no hint or odds view a click, so that no game of these
// is over 100% efficiency; and the NF style of a win with no flag placed.
func TestPlayedNumbers(t *testing.T) {
	s := board.Settings{Width: 5, Height: 4, Mines: 2, Rule: board.Opening}
	mines := []board.Point{{X: 1, Y: 1}, {X: 3, Y: 3}} // 3BV 6: two openings, four numbers alone
	tests := []struct {
		name   string
		moves  string
		clicks int
		eff    float64
		nf     bool
	}{
		{"opened", "O4,0 O0,3 O0,0 O1,0 O0,1 O4,3", 6, 1, true},
		{"auto-played", "A4,0 A0,3 A0,0 A1,0 A0,1 A4,3", 6, 1, true},
		{"auto-played, the solver's flag", "A4,0 M1,1 A0,3 A0,0 A1,0 A0,1 A4,3", 7, 6.0 / 7, false},
		{"hints and odds", "O4,0 H0,3 O0,3 P0,0 O0,0 H1,0 O1,0 O0,1 O4,3", 6, 1, true},
		{"a flag and a chord", "O4,0 F1,1 C2,1 O0,3 O0,0 O0,1 O4,3", 7, 6.0 / 7, false},
	}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tt := range tests {
		g, err := game.NewFixed(game.Config{Settings: s}, mines, "", 1)
		if err != nil {
			t.Fatal(err)
		}
		for i, text := range strings.Fields(tt.moves) {
			var m game.Move
			if err := m.UnmarshalText([]byte(text)); err != nil {
				t.Fatal(err)
			}
			if _, err := g.Apply(m, now.Add(time.Duration(i)*time.Second)); err != nil {
				t.Fatalf("%s: Apply(%s) = %v", tt.name, text, err)
			}
		}
		if g.Status() != board.Won {
			t.Fatalf("%s: the game is %v; want won", tt.name, g.Status())
		}
		line, err := json.Marshal(HistoryGame(g.Record(now.Add(time.Minute)), now.Add(time.Minute)))
		if err != nil {
			t.Fatal(err)
		}
		hg, _, err := history.DecodeLine(line)
		if err != nil {
			t.Fatalf("%s: DecodeLine(%s) = %v", tt.name, line, err)
		}
		if e := hg.Numbers().Efficiency(); hg.Clicks != tt.clicks || e != tt.eff || hg.NF != tt.nf {
			t.Errorf("%s: clicks %d, efficiency %v, NF %v; want %d, %v, %v", tt.name, hg.Clicks, e, hg.NF, tt.clicks, tt.eff, tt.nf)
		}
	}
}

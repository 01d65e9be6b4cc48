package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/gdamore/tcell/v2"
	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/ui/replay"
)

// TestReplayStudy studies a replay: back a move, to a move and a second
// by a count, to the previous and the next judged move, each said with
// its verdict, the board as those moves leave it, the odds view on a
// step, and the verdicts counted under the game.
func TestReplayStudy(t *testing.T) {
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
	marks := []replay.Mark{
		{Move: 1, Verdict: "forced", Text: "move 2, forced: the first"},
		{Move: 4, Verdict: "mistake", Text: "move 5, mistake: the chord"},
	}
	cfg := Config{Start: play.Start{Board: board.Settings{Width: 5, Height: 4, Mines: 2}, Seed: 9, Replay: k},
		Prefs: Prefs{ASCII: true, QuestionMarks: true}, ReplayMarks: marks, ReplayTitle: "RAWVF video of Jane"}
	h := start(t, cfg, 80, 24)
	if sc := h.snap(); !strings.Contains(sc.footer(), "RAWVF video of Jane") {
		t.Errorf("the first footer %q; want the title", sc.footer())
	}
	tests := []struct {
		what, keys string
		footer     string // what the footer starts with
		header     string
		rows       []string
	}{
		{"the end", "$", "move 5, mistake: the chord", "[ You win ]", []string{"F1   ", "11   ", "  111", "  1F1"}},
		{"a move back", ",", "move 4 of 5 [", "Time 3  [ replay paused ]", []string{"?1   ", "11   ", "  111", "  1F#"}},
		{"the guess before", "N", "move 2, forced: the first", "Time 0  [ replay paused ]", []string{"F1   ", "11   ", "  111", "  1##"}},
		{"none before it", "N", "no guess is judged that way", "[ replay paused ]", nil},
		{"to a second", "3t", "move 4 of 5", "Time 3  [ replay paused ]", []string{"?1   ", "11   ", "  111", "  1F#"}},
		{"to a move", "3g", "move 3 of 5", "Time 2  [ replay paused ]", []string{"F1   ", "11   ", "  111", "  1F#"}},
		{"the next guess", "n", "move 5, mistake: the chord", "[ You win ]", nil},
		{"two moves back", "2,", "move 3 of 5", "Time 2  [ replay paused ]", nil},
		{"to the start", "g", "move 0 of 5", "Time 0  [ replay paused ]", []string{"#####", "#####", "#####", "#####"}},
	}
	for _, tt := range tests {
		h.typ(tt.keys)
		h.post(tcell.NewEventInterrupt(tick{}))
		sc := h.snap()
		if got := sc.headerLine(); !strings.Contains(got, tt.header) {
			t.Errorf("%s (%q): header %q; want %q", tt.what, tt.keys, got, tt.header)
		}
		if got := strings.TrimSpace(sc.footer()); !strings.HasPrefix(got, tt.footer) {
			t.Errorf("%s (%q): footer %q; want it to start with %q", tt.what, tt.keys, got, tt.footer)
		}
		if tt.rows != nil {
			checkRows(t, sc, tt.rows...)
		}
	}
	h.typ("3gv")
	h.waitFooter("odds:")
	h.typ("v$")
	if sc := h.snap(); !sc.contains("; 1 forced, 1 mistake") {
		t.Errorf("the end of the replay does not count the verdicts:\n%s", sc)
	}
}

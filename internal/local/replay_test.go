package local

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/kept"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/session"

	"github.com/minesweeper-go/minesweeper/internal/ui/replay"
	"github.com/minesweeper-go/minesweeper/internal/video"
)

// TestMarksOf checks the judged moves of Arbiter's expert video matched
// with the moves of its replay: minesweeper analyse's five, each at the
// move that opens its cell.
func TestMarksOf(t *testing.T) {
	name := filepath.Join("..", "video", "testdata", "avf_exp_0_48_5.avf")
	fh, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	v, err := video.Read(fh, name)
	if err != nil {
		t.Fatal(err)
	}
	k, err := replay.Of(v, name)
	if err != nil {
		t.Fatal(err)
	}
	marks := marksOf(k, v)
	want := []struct {
		move    int
		verdict string
		text    string
	}{
		{1, "forced", "move 2, 0.14 s, forced: guess (13,10), 20.4% a mine; safest (13,10) 20.4%"},
		{2, "mistake", "move 3, 0.29 s, mistake: guess (15,8), 20.6% a mine; safest (13,9) 6.0%"},
		{3, "mistake", "move 4, 0.47 s, mistake: risky click (13,5), 21.2% a mine; safest (15,3) 0.0%"},
		{25, "mistake", "move 26, 9.08 s, mistake: risky click (17,12), 20.0% a mine; safest (16,2) 0.0%"},
		{189, "mistake", "move 190, 68.44 s, mistake: risky click (21,16), 35.6% a mine; safest (22,1) 0.0%"},
	}
	if len(marks) != len(want) {
		t.Fatalf("marksOf = %d marks %v; want %d", len(marks), marks, len(want))
	}
	for i, w := range want {
		m := marks[i]
		if m.Move != w.move || m.Verdict != w.verdict || m.Text != w.text {
			t.Errorf("marksOf()[%d] = %d %q %q; want %d %q %q", i, m.Move, m.Verdict, m.Text, w.move, w.verdict, w.text)
		}
		if p := k.Moves[m.Move].Move.At; m.Text != "" && !strings.Contains(m.Text, p.Shown()) {
			t.Errorf("marksOf()[%d] is at move %d, of %v; its text says %q", i, m.Move, p, m.Text)
		}
	}
}

// TestMarksOfOurGame checks the judged moves of one of our own games,
// replayed from its record: its openings of the first closed cell after
// the first opening, on a flag-free intermediate board, judged on its RAW
// video, each mark at a move of the record that opens the cell it names.
func TestMarksOfOurGame(t *testing.T) {
	s := board.Settings{Width: 16, Height: 16, Mines: 40, Rule: board.Opening}
	g, err := game.New(game.Config{Settings: s, Layout: play.LayoutOf(s)}, 77, game.Drawn)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 15, 9, 0, 0, 0, time.UTC)
	if _, err := g.Apply(game.Move{Action: game.Open, At: board.Point{X: 8, Y: 8}}, at); err != nil {
		t.Fatal(err)
	}
	for i := 1; g.Status() == board.Playing; i++ {
		b := g.Board()
		p := board.Point{X: -1}
		for j := range b.Width() * b.Height() {
			if q := (board.Point{X: j % b.Width(), Y: j / b.Width()}); b.Tile(q) == board.TileClosed {
				p = q
				break
			}
		}
		if _, err := g.Apply(game.Move{Action: game.Open, At: p}, at.Add(time.Duration(i)*time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	end := at.Add(time.Hour)
	hg := session.HistoryGame(g.Kept(end, true), end)
	k, err := session.KeptOf(hg)
	if err != nil {
		t.Fatal(err)
	}
	v, err := kept.GameVideo(hg, "minesweeper")
	if err != nil {
		t.Fatal(err)
	}
	marks := marksOf(k, v)
	if len(marks) == 0 {
		t.Fatalf("marksOf of a game of blind openings = none; want its guesses")
	}
	for i, m := range marks {
		if p := k.Moves[m.Move].Move.At; !strings.Contains(m.Text, fmt.Sprintf("move %d,", m.Move+1)) || !strings.Contains(m.Text, p.Shown()) {
			t.Errorf("marksOf()[%d] is at move %d, of %v; its text says %q", i, m.Move+1, p, m.Text)
		}
	}
}

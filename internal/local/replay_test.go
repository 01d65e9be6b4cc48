package local

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		{1, "forced", "move 2, 0.14 s, forced: guess at (12,9), 20.4% a mine; safest (12,9) 20.4%"},
		{2, "mistake", "move 3, 0.29 s, mistake: guess at (14,7), 20.6% a mine; safest (12,8) 6.0%"},
		{3, "mistake", "move 4, 0.47 s, mistake: risky click at (12,4), 21.2% a mine; safest (14,2) 0.0%"},
		{25, "mistake", "move 26, 9.08 s, mistake: risky click at (16,11), 20.0% a mine; safest (15,1) 0.0%"},
		{189, "mistake", "move 190, 68.44 s, mistake: risky click at (20,15), 35.6% a mine; safest (21,0) 0.0%"},
	}
	if len(marks) != len(want) {
		t.Fatalf("marksOf = %d marks %v; want %d", len(marks), marks, len(want))
	}
	for i, w := range want {
		m := marks[i]
		if m.Move != w.move || m.Verdict != w.verdict || m.Text != w.text {
			t.Errorf("marksOf()[%d] = %d %q %q; want %d %q %q", i, m.Move, m.Verdict, m.Text, w.move, w.verdict, w.text)
		}
		if p := k.Moves[m.Move].Move.At; m.Text != "" && !strings.Contains(m.Text, p.String()) {
			t.Errorf("marksOf()[%d] is at move %d, of %v; its text says %q", i, m.Move, p, m.Text)
		}
	}
}

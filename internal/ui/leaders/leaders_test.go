package leaders

import (
	"errors"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// boards returns three daily boards of n, 0 and 2 entries.
func boards(n int) []history.Leaderboard {
	var e []history.Entry
	for i := range n {
		e = append(e, history.Entry{Rank: i + 1, Name: strings.Repeat("n", 60+i), Result: "won", TimeMS: int64(1000 * (i + 1))})
	}
	return []history.Leaderboard{
		{Level: "beginner", Date: "2026-01-01", Players: n, Entries: e},
		{Level: "beginner"},
		{Level: "beginner", Date: "2026-01-02", Players: 2, Entries: e[:2]},
	}
}

// TestSwitchChoose checks the board shown and the row chosen after each
// step: round both ends, the row kept within the board and reset by a
// switch.
func TestSwitchChoose(t *testing.T) {
	tests := []struct {
		name            string
		do              func(v *View)
		wantAt, wantRow int
	}{
		{"opened", func(v *View) {}, 0, 0},
		{"next", func(v *View) { v.Switch(1) }, 1, 0},
		{"back round the start", func(v *View) { v.Switch(-1) }, 2, 0},
		{"round the end", func(v *View) { v.Switch(1); v.Switch(1); v.Switch(1) }, 0, 0},
		{"down", func(v *View) { v.Choose(2) }, 0, 2},
		{"down past the last row", func(v *View) { v.Choose(9) }, 0, 4},
		{"up past the first", func(v *View) { v.Choose(1); v.Choose(-5) }, 0, 0},
		{"a switch resets the row", func(v *View) { v.Choose(3); v.Switch(2) }, 2, 0},
		{"an empty board has row 0", func(v *View) { v.Switch(1); v.Choose(1) }, 1, 0},
	}
	for _, tt := range tests {
		v := Open("beginner")
		v.Back(boards(5), nil)
		v.Note = "old"
		tt.do(&v)
		if v.At != tt.wantAt || v.Row != tt.wantRow {
			t.Errorf("%s: at %d, row %d; want %d, %d", tt.name, v.At, v.Row, tt.wantAt, tt.wantRow)
		}
	}
	var empty View
	if empty.Switch(1) {
		t.Errorf("Switch on no boards = true; want false")
	}
}

// TestLines checks what stands for the boards before and without them,
// the row marked for Enter, and that the widest line fits the screen.
func TestLines(t *testing.T) {
	reading := Open("expert")
	failed := Open("")
	failed.Back(nil, errors.New("bad\x1b[2Jline"))
	none := Open("expert")
	none.Back(nil, nil)
	full := Open("beginner")
	full.Back(boards(5), nil)
	full.Choose(1)
	tests := []struct {
		name      string
		v         View
		sw        int
		canReplay bool
		want      []string
		wantNot   string
	}{
		{"reading", reading, 80, true, []string{"Leaderboards: expert", "reading the leaderboards..."}, ""},
		{"cannot be read, cleaned", failed, 80, true, []string{"Leaderboards", "cannot be read", "bad"}, "\x1b"},
		{"no board", none, 80, true, []string{"no leaderboard of this level"}, ""},
		{"a row chosen", full, 80, true, []string{"Board 1 of 3", "> ", "Enter replays"}, ""},
		{"no replay here", full, 80, false, []string{"Board 1 of 3"}, "Enter replays"},
	}
	for _, tt := range tests {
		got := strings.Join(tt.v.Lines(tt.sw, tt.canReplay), "\n")
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: Lines =\n%s\nwant it to contain %q", tt.name, got, w)
			}
		}
		if tt.wantNot != "" && strings.Contains(got, tt.wantNot) {
			t.Errorf("%s: Lines =\n%s\nwant no %q", tt.name, got, tt.wantNot)
		}
	}
	// The names are cut to fit a narrow screen, down to the width of
	// "name"; a wide one shows them whole.
	if wide, narrow := full.Width(200, true), full.Width(40, true); narrow >= wide {
		t.Errorf("Width(40) = %d, Width(200) = %d; want the names cut on the narrow screen", narrow, wide)
	}
}

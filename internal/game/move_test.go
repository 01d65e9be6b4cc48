package game

import (
	"errors"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// TestMoveText checks the text form of every action, both ways.
func TestMoveText(t *testing.T) {
	tests := []struct {
		m    Move
		text string
	}{
		{mv(Open, 3, 4), "O3,4"},
		{mv(Chord, 3, 4), "C3,4"},
		{mv(Toggle, 3, 4), "F3,4"},
		{mv(FlagMine, 1, 1), "M1,1"},
		{mv(AutoOpen, 2, 2), "A2,2"},
		{mv(Hint, 3, 4), "H3,4"},
		{mv(Odds, 0, 0), "P0,0"},
		{mv(Open, 16383, 16383), "O16383,16383"},
		{mv(Open, -1, 0), "O-1,0"}, // off the board, but a move: Apply refuses it
	}
	for _, tt := range tests {
		b, err := tt.m.MarshalText()
		if err != nil || string(b) != tt.text {
			t.Errorf("%#v.MarshalText() = %q, %v; want %q", tt.m, b, err, tt.text)
		}
		if got := tt.m.String(); got != tt.text {
			t.Errorf("%#v.String() = %q; want %q", tt.m, got, tt.text)
		}
		var m Move
		if err := m.UnmarshalText([]byte(tt.text)); err != nil || m != tt.m {
			t.Errorf("UnmarshalText(%q) = %v, %#v; want %#v", tt.text, err, m, tt.m)
		}
	}
	// The board's moves have the same text as the player's moves.
	for _, a := range []board.Action{board.Open, board.Chord, board.Toggle} {
		bm := board.Move{Action: a, At: board.Point{X: 5, Y: 6}}
		want, _ := bm.MarshalText()
		if got := PlayerMove(bm).String(); got != string(want) {
			t.Errorf("PlayerMove(%v) = %q; want %q, the board's text", bm, got, want)
		}
	}
}

// TestMoveTextRefused checks that what is not a move is refused, and
// leaves the move as it was.
func TestMoveTextRefused(t *testing.T) {
	for _, text := range []string{
		"", "O", "O1", "O1,", "O,1", "O1,2,3", "X1,2", "o1,2", "O 1,2", "O1, 2", "O1,2 ", " O1,2",
		"O+1,2", "O1,+2", "O1.5,2", "O0x1,2", "O1;2", "B1,2", "S1,2", "O99999999999999999999,1", "\xff1,2", "Ö1,2",
	} {
		m := mv(Hint, 7, 7)
		if err := m.UnmarshalText([]byte(text)); err == nil || m != mv(Hint, 7, 7) {
			t.Errorf("UnmarshalText(%q) = %v, %#v; want an error, the move unchanged", text, err, m)
		}
	}
	bad := Move{Action: Odds + 1, At: board.Point{X: 1, Y: 2}}
	if b, err := bad.MarshalText(); !errors.Is(err, board.ErrAction) {
		t.Errorf("MarshalText() of action %d = %q, %v; want %v", bad.Action, b, err, board.ErrAction)
	}
	if got, want := bad.String(), "Move(7 (1,2))"; got != want {
		t.Errorf("String() of action %d = %q; want %q", bad.Action, got, want)
	}
}

// TestActions checks what each action is: the player's or the solver's,
// a move on the board or an event, and the board move it plays.
func TestActions(t *testing.T) {
	tests := []struct {
		a           Action
		name        string
		help, event bool
		board       board.Action
		plays       bool
	}{
		{Open, "open", false, false, board.Open, true},
		{Chord, "chord", false, false, board.Chord, true},
		{Toggle, "mark", false, false, board.Toggle, true},
		{FlagMine, "flag-mine", true, false, board.Toggle, true},
		{AutoOpen, "auto-open", true, false, board.Open, true},
		{Hint, "hint", true, true, 0, false},
		{Odds, "odds", true, true, 0, false},
		{Odds + 1, "Action(7)", false, false, 0, false},
	}
	for _, tt := range tests {
		if got := tt.a.String(); got != tt.name {
			t.Errorf("Action(%d).String() = %q; want %q", tt.a, got, tt.name)
		}
		if tt.a.Help() != tt.help || tt.a.Event() != tt.event {
			t.Errorf("%v: Help() = %v, Event() = %v; want %v, %v", tt.a, tt.a.Help(), tt.a.Event(), tt.help, tt.event)
		}
		p := board.Point{X: 2, Y: 3}
		bm, ok := Move{Action: tt.a, At: p}.Board()
		if want := (board.Move{Action: tt.board, At: p}); ok != tt.plays || ok && bm != want {
			t.Errorf("%v: Board() = %v, %v; want %v, %v", tt.a, bm, ok, want, tt.plays)
		}
	}
}

// FuzzMoveText checks that UnmarshalText never panics, and that a move it
// reads writes a text that reads back as the same move and is written the
// same again.
func FuzzMoveText(f *testing.F) {
	for _, s := range []string{
		"O3,4", "C3,4", "F3,4", "M1,1", "A2,2", "H3,4", "P0,0", "O-1,-1", "O007,08", "O-0,0",
		"", "O", "O1,", "X1,2", "O+1,2", "O1,2,3", "O99999999999999999999,1", "\xff1,2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var m Move
		if err := m.UnmarshalText([]byte(s)); err != nil {
			return
		}
		text, err := m.MarshalText()
		if err != nil {
			t.Fatalf("UnmarshalText(%q) = %#v, which MarshalText refuses: %v", s, m, err)
		}
		var again Move
		if err := again.UnmarshalText(text); err != nil || again != m {
			t.Fatalf("UnmarshalText(%q) = %#v, written %q, read back as %#v, %v", s, m, text, again, err)
		}
		if text2, _ := again.MarshalText(); string(text2) != string(text) {
			t.Fatalf("%q is written %q, then %q", s, text, text2)
		}
	})
}

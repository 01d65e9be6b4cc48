package play

import (
	"errors"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/session"
)

// TestChoose checks the settings a game's menu may choose: the layout of
// each, or why it cannot be played, with the setting at fault.
func TestChoose(t *testing.T) {
	tests := []struct {
		s       board.Settings
		noGuess bool   // the layout is a no-guess one
		setting string // the SettingsError's; "" for none
		err     string
	}{
		{board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}, false, "", ""},
		{board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening, NoGuess: true}, true, "", ""},
		{board.Settings{Width: 9, Height: 9, Mines: 79, Rule: board.Opening}, false, "mines", "79 mines on 9x9 with the opening first click: want 0 to 72"},
		{board.Settings{Width: 9, Height: 9, Mines: -1, Rule: board.Safe}, false, "mines", "-1 mines on 9x9 with the safe first click: want 0 to 80"},
		{board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Safe, NoGuess: true}, false, "no-guess", "a no-guess board needs the opening first click, not safe"},
		{board.Settings{Width: 0, Height: 9, Mines: 10, Rule: board.Opening}, false, "", "board size must be at least 1x1 (got 0x9)"},
	}
	for _, tt := range tests {
		lay, err := Choose(tt.s)
		var se *SettingsError
		gotSetting := ""
		if errors.As(err, &se) {
			gotSetting = se.Setting
		}
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if gotErr != tt.err || gotSetting != tt.setting || (lay != nil) != tt.noGuess {
			t.Errorf("Choose(%v) = %v, %q (setting %q); want a no-guess layout: %v, %q (%q)", tt.s, lay != nil, gotErr, gotSetting, tt.noGuess, tt.err, tt.setting)
		}
		if got := LayoutOf(tt.s); (got != nil) != tt.noGuess {
			t.Errorf("LayoutOf(%v) = %v; want a no-guess layout: %v", tt.s, got != nil, tt.noGuess)
		}
	}
}

// TestClaimNone checks a start whose board has no game left unfinished:
// nothing is resumed, and -resume is told why.
func TestClaimNone(t *testing.T) {
	t.Setenv("MINESWEEPER_HOME", t.TempDir())
	k := session.New()
	defer k.Close()
	nine := board.Settings{Width: 9, Height: 9, Mines: 10, Rule: board.Opening}
	for _, resume := range []bool{false, true} {
		st := Start{Board: nine, Seed: 1}
		err := st.Claim(k, resume, false)
		want := ""
		if resume {
			want = "no game of " + nine.Name() + " was left unfinished"
		}
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != want || st.Resume != nil || st.Elsewhere != 0 {
			t.Errorf("Claim(resume %v) = %q, resume %v, elsewhere %d; want %q, none, 0", resume, got, st.Resume, st.Elsewhere, want)
		}
	}
}

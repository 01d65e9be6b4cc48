package ui

import (
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/play"
)

// TestResumeElsewhere checks what the start says of the games left
// unfinished: how many more are being played elsewhere, beside the one
// offered or instead of one, and -new's question.
func TestResumeElsewhere(t *testing.T) {
	cfg := asciiCfg(t, small)
	h := start(t, cfg, 80, 24)
	h.typ("$\nq")
	res := h.wait().res
	for _, tt := range []struct {
		name      string
		resume    bool
		elsewhere int
		giveUp    bool
		want      string
	}{
		{"one offered, one elsewhere", true, 1, false, "A game of this board was left unfinished; 1 more played elsewhere:"},
		{"none offered, one elsewhere", false, 1, false, play.ElsewhereNote},
		{"-new", true, 0, true, "-new gives it up for a new game: it counts as a loss."},
		{"-new, none offered", false, 0, true, "[ playing ]"},
	} {
		rc := Config{Start: play.Start{Board: res.Settings, Seed: 77, AskResume: tt.resume, Elsewhere: tt.elsewhere, GiveUp: tt.giveUp}, Prefs: Prefs{ASCII: true}}
		if tt.resume {
			rc.Start.Resume = keptOf(res)
		}
		if sc := start(t, rc, 80, 24).snap(); !sc.contains(tt.want) {
			t.Errorf("%s: the start lacks %q:\n%s", tt.name, tt.want, sc)
		}
	}
}

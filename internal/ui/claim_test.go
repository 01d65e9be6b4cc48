package ui

import (
	"slices"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/play"
)

// TestClaimBesideFirstFrame checks the start that reads the game left
// unfinished beside the first frame (Config.Claim): the first frame, a new
// game's, is drawn while the claim is still out; the keys typed meanwhile
// wait for its answer and are then handled in order, the first answering
// the resume question the claim's game asks, or playing the new game when
// there is none to resume.
func TestClaimBesideFirstFrame(t *testing.T) {
	cfg := asciiCfg(t, small)
	h := start(t, cfg, 80, 24)
	h.typ("$\njjjf") // an opening and a flag on (4,3)
	left := h.snap()
	h.typ("q")
	res := h.wait().res

	for _, tt := range []struct {
		name   string
		resume bool
		keys   string
		want   []string // the board's rows once the keys are handled
	}{
		{"a game to resume, y", true, "y", left.boardRows()},
		{"none to resume, an opening", false, "$\n", []string{"#1   ", "11   ", "  111", "  1##"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			release := make(chan struct{})
			rc := asciiCfg(t, small) // the new game drawn first: the same board, laid as the file lays it
			rc.Claim = func(st *play.Start) error {
				<-release
				if tt.resume {
					st.Resume, st.AskResume = keptOf(res), true
				}
				return nil
			}
			h := start(t, rc, 80, 24)
			sc := h.snap() // drawn while the claim waits
			checkRows(t, sc, "#####", "#####", "#####", "#####")
			if sc.contains("left unfinished") {
				t.Fatalf("the resume question is drawn before the claim's answer:\n%s", sc)
			}
			h.typ(tt.keys)
			if sc := h.snap(); !slices.Equal(sc.boardRows(), []string{"#####", "#####", "#####", "#####"}) {
				t.Fatalf("a key was handled before the claim's answer:\n%s", sc)
			}
			close(release)
			sc = h.waitUntil("the held keys handled", func(sc screen) bool { return slices.Equal(sc.boardRows(), tt.want) })
			if sc.contains("left unfinished") {
				t.Errorf("the resume question is still open after the held %q:\n%s", tt.keys, sc)
			}
			if tt.resume && !strings.Contains(sc.headerLine(), "seed 42") {
				t.Errorf("header %q; want the game resumed, seed 42", sc.headerLine())
			}
		})
	}
}

package serve

import (
	"strings"
	"testing"
)

// Over SSH the game says what it does there: Ctrl-Z pauses (there is no
// shell of the player's to suspend to), and Esc at the name prompt says
// that it leaves, then the line after the screen says what happened
// (main ended the session in silence).
func TestWordingOverSSH(t *testing.T) {
	ts := startServer(t, Config{})
	t.Run("help", func(t *testing.T) {
		tm := open(t, ts.dial(t, nil), 100, 40)
		tm.waitFor("a guest: nothing is kept")
		tm.send("?")
		tm.waitFor("pause (over SSH nothing is suspended)")
		if s := tm.screen(); strings.Contains(s, "fg resumes") {
			t.Errorf("the help over SSH offers to suspend:\n%s", s)
		}
		tm.send("q")
		tm.send("q")
		tm.wait()
	})
	t.Run("name prompt", func(t *testing.T) {
		tm := open(t, ts.dial(t, testKey(t)), 100, 24)
		tm.waitFor("Esc leaves without one (nothing is played)")
		tm.send("\x1b")
		if got := tm.wait(); got != 0 {
			t.Errorf("exit status %d, want 0", got)
		}
		if out, want := tm.output(), "no name chosen, so nothing was played: ssh again to choose one"; !strings.Contains(out, want) {
			t.Errorf("after Esc at the name prompt the output ends %q; want %q in it", tail(out), want)
		}
	})
}

package keys

import (
	"testing"
)

// TestSuspendHelp checks what the help says of Ctrl-Z: at home it
// suspends, on a remote terminal it pauses.
func TestSuspendHelp(t *testing.T) {
	for _, tt := range []struct {
		pauseOnly bool
		want      string
	}{{false, "suspend (fg resumes)"}, {true, "pause (over SSH nothing is suspended)"}} {
		if got := suspendHelp(Mode{PauseOnly: tt.pauseOnly}); got != tt.want {
			t.Errorf("suspendHelp(pauseOnly %v) = %q; want %q", tt.pauseOnly, got, tt.want)
		}
	}
}

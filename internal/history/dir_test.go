package history

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/adrg/xdg"
)

func TestDir(t *testing.T) {
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		home, state string
		want        string
	}{
		{home: "/opt/mines", state: "/var/state", want: "/opt/mines"},
		{home: "mines", want: filepath.Join(cwd, "mines")},
		{state: "/var/state", want: "/var/state/minesweeper"},
		{state: "relative/state", want: filepath.Join(xdg.StateHome, "minesweeper")},
		{want: filepath.Join(xdg.StateHome, "minesweeper")},
	}
	for _, tt := range tests {
		t.Setenv("MINESWEEPER_HOME", tt.home)
		t.Setenv("XDG_STATE_HOME", tt.state)
		got, err := Dir()
		if got != filepath.FromSlash(tt.want) || err != nil {
			t.Errorf("MINESWEEPER_HOME=%q XDG_STATE_HOME=%q: Dir() = %q, %v; want %q, nil", tt.home, tt.state, got, err, tt.want)
		}
	}
}

package local

import "testing"

// TestKeysFileWhere checks where the keys file is looked for.
func TestKeysFileWhere(t *testing.T) {
	t.Setenv("MINESWEEPER_HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "/cfg")
	if got, err := KeysFile(); err != nil || got != "/cfg/minesweeper/keys.conf" {
		t.Errorf("KeysFile() = %q, %v; want /cfg/minesweeper/keys.conf", got, err)
	}
	t.Setenv("MINESWEEPER_HOME", "/home/me/ms")
	if got, err := KeysFile(); err != nil || got != "/home/me/ms/keys.conf" {
		t.Errorf("KeysFile() with MINESWEEPER_HOME = %q, %v; want /home/me/ms/keys.conf", got, err)
	}
	t.Setenv("MINESWEEPER_HOME", t.TempDir())
	if k, err := Keys(""); k != nil || err != nil {
		t.Errorf("Keys with no keys file = %v, %v; want the default keys (nil), nil", k, err)
	}
}

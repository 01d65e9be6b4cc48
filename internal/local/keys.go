package local

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/adrg/xdg"
	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
)

// KeysFileName is the name of the keys file in the configuration
// directory.
const KeysFileName = "keys.conf"

// KeysFile returns where the player's keys file is looked for:
// keys.conf in $MINESWEEPER_HOME if it is set (the one directory of
// everything the game keeps, as tests and portable setups want), else in
// minesweeper under the user's configuration directory ($XDG_CONFIG_HOME,
// or the platform's own, ~/.config on Linux).
func KeysFile() (string, error) {
	if d := os.Getenv("MINESWEEPER_HOME"); d != "" {
		return filepath.Join(d, KeysFileName), nil
	}
	// As history.Dir reads $XDG_STATE_HOME: again on every call, and a
	// relative path is ignored, as the XDG spec says.
	base := os.Getenv("XDG_CONFIG_HOME")
	if !filepath.IsAbs(base) {
		base = xdg.ConfigHome
	}
	if base == "" {
		return "", errors.New("cannot find the user's configuration directory; set MINESWEEPER_HOME or use -keys")
	}
	return filepath.Join(base, "minesweeper", KeysFileName), nil
}

// Keys returns the keys the game is played with: those of the file
// named by -keys when it is given (a file that is not there is an error),
// else those of KeysFile (a file that is not there is the default keys).
// An error names the file, and the line at fault.
func Keys(name string) (*keys.Set, error) {
	if name != "" {
		return keys.Read(name)
	}
	path, err := KeysFile()
	if err != nil {
		return nil, err
	}
	k, err := keys.Read(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return k, err
}

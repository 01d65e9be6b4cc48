package ui

import (
	"io"
	"os"

	"github.com/minesweeper-go/minesweeper/internal/ui/keys"
	"github.com/minesweeper-go/minesweeper/internal/ui/term"
	"github.com/minesweeper-go/minesweeper/internal/ui/theme"
)

// The names of ui's subpackages that the commands use, as ui's own: what a
// Config takes (the keys, the theme), what the man page lists, and what
// Play needs of the terminal. They are one line each, the subpackages'.

// CheckTheme returns nil if name, a Prefs.Theme, is one of ThemeNames or
// empty (the default), and otherwise an error that wraps theme.ErrUnknown.
func CheckTheme(name string) error { return theme.Check(name) }

// ThemeNames returns the names a Prefs.Theme may take, the default first.
func ThemeNames() []string { return theme.Names() }

// CanPlay reports whether the full screen can be used (see term.CanPlay).
func CanPlay(stdin io.Reader, stdout, stderr io.Writer) bool {
	return term.CanPlay(stdin, stdout, stderr)
}

// IsTerminal reports whether f is an *os.File open on a terminal.
func IsTerminal(f any) bool { return term.IsTerminal(f) }

// SignalStatus returns the conventional exit status of a program ended by
// sig: 128 plus the signal's number.
func SignalStatus(sig os.Signal) int { return term.SignalStatus(sig) }

// Keys are the game's keys as the player bound them (see keys.Set).
type Keys = keys.Set

// ReadKeys reads the keys file name (see keys.Read).
func ReadKeys(name string) (*Keys, error) { return keys.Read(name) }

// KeyDoc is one line of the keys' help as plain data (see keys.Doc).
type KeyDoc = keys.Doc

// KeyHelp returns the game's keys, then its mouse actions, as the help
// and the README list them (see keys.Help).
func KeyHelp() []KeyDoc { return keys.Help() }

// ReplayKeyHelp returns the keys of a replay, as KeyHelp the game's.
func ReplayKeyHelp() []KeyDoc { return keys.ReplayHelp() }

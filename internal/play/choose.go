package play

import (
	"fmt"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/noguess"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// Choose returns the layout that lays boards of settings s, or why they
// cannot be played, in words that name no flag: the size, then as Layout.
// It is the session's Choose, for the boards chosen in a game's menu.
func Choose(s board.Settings) (board.Layout, error) {
	if err := board.CheckSize(s.Width, s.Height); err != nil {
		return nil, err
	}
	return Layout(s)
}

// LayoutOf returns the layout that lays boards of settings s again, or nil
// (uniformly random mines, or settings that cannot be laid: their game is
// then refused when it is loaded).
func LayoutOf(s board.Settings) board.Layout {
	lay, _ := Choose(s)
	return lay
}

// SettingsError is a board that cannot be played, and the setting at
// fault: "mines" or "no-guess", as the flags that choose it are named.
type SettingsError struct {
	Setting string
	Err     error
}

// Error says why, without the setting's name.
func (e *SettingsError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e *SettingsError) Unwrap() error { return e.Err }

// Layout checks the mines and no-guess of s, whose size is checked
// already, against its size and first-click rule, and returns the layout
// that lays its boards: nil for uniformly random mines, noguess.Layout
// for no-guess boards. Its errors are *SettingsError.
func Layout(s board.Settings) (board.Layout, error) {
	rule := s.Rule
	if limit := board.MaxMines(s.Width, s.Height, rule); s.Mines < 0 || s.Mines > limit {
		return nil, &SettingsError{"mines", fmt.Errorf("%s on %dx%d with the %s first click: want 0 to %d",
			record.Count(s.Mines, "mine"), s.Width, s.Height, rule, limit)}
	}
	if !s.NoGuess {
		return nil, nil
	}
	if rule != board.Opening {
		return nil, &SettingsError{"no-guess", fmt.Errorf("%v, not %s", board.ErrNoGuessRule, rule)}
	}
	if err := noguess.Check(s); err != nil {
		return nil, &SettingsError{"no-guess", err}
	}
	return noguess.Layout, nil
}

package history

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Playing is the Result of a saved game: one that was left before its end.
const Playing = "playing"

// Save keeps g, a game left before its end, as the saved game of its kind
// of board (g.Board), replacing the one before: a game of each kind can
// wait to be resumed. Its V is set to Version and its Result to Playing;
// its TimeMS is the clock when it was left. A saved game of that kind
// written by a newer minesweeper is left as it is, and Save returns an
// error whose cause is ErrReadOnly.
func (s *Store) Save(g Game) error {
	g.V, g.Result = Version, Playing
	data, err := json.Marshal(g)
	if err != nil {
		return fmt.Errorf("cannot save the game: %w", err)
	}
	name := savedName(g.Board)
	if old, err := s.Read(name); err == nil {
		if _, newer, _ := DecodeLine(old); newer {
			return fmt.Errorf("%w (%s); this game is not saved", ErrReadOnly, s.path(name))
		}
	}
	return s.Replace(name, append(data, '\n'))
}

// Saved returns the saved game of the kind of board kind, and reports
// whether there is one. A file
// that does not hold a saved game of that kind, or whose game check (if
// not nil) refuses, is moved aside, to NAME.corrupt-TIME, with a warning,
// and there is none; one written by a newer minesweeper is left as it is,
// with a warning, and is not offered.
func (s *Store) Saved(kind board.Settings, check func(Game) error) (Game, bool, error) {
	name := savedName(kind)
	var g Game
	ok, err := s.readWhole(name, func(data []byte) (newer bool, err error) {
		g, newer, err = DecodeLine(data)
		switch {
		case err != nil || newer:
		case g.Result != Playing:
			err = fmt.Errorf("result %q (want %q)", g.Result, Playing)
		case g.Board != kind:
			err = fmt.Errorf("board %q (want %q)", g.Board, kind)
		case check != nil:
			err = check(g)
		}
		return newer, err
	})
	return g, ok, err
}

// Discard removes the saved game of the kind of board kind; it is no
// error if there is none. One written by a newer minesweeper stays.
func (s *Store) Discard(kind board.Settings) error {
	name := savedName(kind)
	if old, err := s.Read(name); err == nil {
		if _, newer, _ := DecodeLine(old); newer {
			return nil
		}
	}
	return s.Remove(name)
}

// savedName returns the name of the file that keeps the saved game of a
// kind of board, from its text form: "saved-30x16n99-opening-no-guess.json".
func savedName(kind board.Settings) string {
	return "saved-" + strings.Join(strings.Fields(kind.String()), "-") + ".json"
}

// prefsName is the file of the player's last choices.
const prefsName = "settings.json"

// Prefs is what the player chose last: the board, its level's name when
// it was a level, and the theme. The game starts with them when no flag
// says otherwise.
type Prefs struct {
	V     int            `json:"v"`               // Version
	Board board.Settings `json:"board"`           // in its text form, "30x16n99 opening"
	Level string         `json:"level,omitempty"` // beginner, intermediate, expert; empty for a custom board
	Theme string         `json:"theme,omitempty"` // the theme's name; empty for the default
}

// Prefs returns the player's last choices, and reports whether there are
// any. A file that does not hold them is moved aside with a warning, and
// one written by a newer minesweeper is left as it is, with a warning;
// there are none then.
func (s *Store) Prefs() (Prefs, bool, error) {
	var p Prefs
	ok, err := s.readWhole(prefsName, func(data []byte) (newer bool, err error) {
		return decodeVersioned(data, &p)
	})
	return p, ok, err
}

// SavePrefs keeps p as the player's last choices, with p.V set to Version,
// unless the file holds the choices of a newer minesweeper: those stay,
// and SavePrefs returns an error whose cause is ErrReadOnly.
func (s *Store) SavePrefs(p Prefs) error {
	if old, err := s.Read(prefsName); err == nil {
		var q Prefs
		if newer, _ := decodeVersioned(old, &q); newer {
			return fmt.Errorf("%w (%s); the settings are not kept", ErrReadOnly, s.path(prefsName))
		}
	}
	p.V = Version
	data, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("cannot save the settings: %w", err)
	}
	return s.Replace(prefsName, append(data, '\n'))
}

// decodeVersioned decodes data, a JSON object with a "v" field, into v,
// or reports that it is of a later version, which it does not decode.
func decodeVersioned(data []byte, v any) (newer bool, err error) {
	var head struct {
		V int `json:"v"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return false, err
	}
	switch {
	case head.V > Version:
		return true, nil
	case head.V < 1:
		return false, fmt.Errorf("no version (want \"v\":%d)", Version)
	}
	return false, json.Unmarshal(data, v)
}

// readWhole reads the file name of the store's directory with decode, and
// reports whether it held what decode wants. A file decode refuses is
// moved aside with a warning; one of a newer version is left, with a
// warning. Only a file that cannot be read or moved is an error.
func (s *Store) readWhole(name string, decode func([]byte) (newer bool, err error)) (bool, error) {
	data, err := s.Read(name)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("cannot read %s: %w", s.path(name), err)
	}
	newer, err := decode(data)
	switch {
	case newer:
		s.warn(fmt.Sprintf("%s was written by a newer minesweeper; it is left as it is", s.path(name)))
		return false, nil
	case err == nil:
		return true, nil
	}
	s.mu.Lock()
	defer s.unlock()
	unlock, lerr := s.lock(true)
	if lerr != nil {
		return false, lerr
	}
	defer unlock()
	// Another process may have replaced it meanwhile: only the same bytes
	// go aside.
	if now, rerr := os.ReadFile(s.path(name)); rerr != nil || string(now) != string(data) {
		return false, nil
	}
	aside, merr := s.moveFileAside(name)
	if merr != nil {
		return false, fmt.Errorf("cannot move %s aside: %w", s.path(name), merr)
	}
	s.warnf("%s could not be read (%v); it was moved to %s", s.path(name), err, aside)
	return false, nil
}

// Remove deletes the file name of the store's directory, under the
// exclusive lock; it is no error if there is none.
func (s *Store) Remove(name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	unlock, err := s.lock(true)
	if err != nil {
		return err
	}
	defer unlock()
	if err := os.Remove(s.path(name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("cannot remove %s: %w", name, err)
	}
	return syncDir(s.dir)
}

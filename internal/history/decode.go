package history

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/adrg/xdg"
	"github.com/minesweeper-go/minesweeper/internal/board"
)

// Dir returns the directory that keeps the player's state:
// $MINESWEEPER_HOME if it is set, else minesweeper under the user's state
// directory ($XDG_STATE_HOME, or the platform's own, ~/.local/state on
// Linux). It reads the environment on every call; it does not create the
// directory.
func Dir() (string, error) {
	if d := os.Getenv("MINESWEEPER_HOME"); d != "" {
		return filepath.Abs(d)
	}
	// xdg read $XDG_STATE_HOME when the program started; read it again so
	// that Dir follows the environment it is called in. The XDG spec says
	// a relative path is to be ignored.
	base := os.Getenv("XDG_STATE_HOME")
	if !filepath.IsAbs(base) {
		base = xdg.StateHome
	}
	if base == "" {
		return "", errors.New("cannot find the user's state directory; set MINESWEEPER_HOME")
	}
	return filepath.Join(base, "minesweeper"), nil
}

// Playing is the Result of a saved game: one that was left before its end.
const Playing = "playing"

// Prefs is what the player chose last: the board, its level's name when
// it was a level, the theme and the question marks. The game starts with them when no flag
// says otherwise.
type Prefs struct {
	V     int            `json:"v"`               // Version
	Board board.Settings `json:"board"`           // in its text form, "30x16n99 opening"
	Level string         `json:"level,omitempty"` // beginner, intermediate, expert; empty for a custom board
	Theme string         `json:"theme,omitempty"` // the theme's name; empty for the default
	// NoQuestionMarks turns the question marks off: f cycles between flag
	// and closed only (-question=false, or in the options menu).
	NoQuestionMarks bool `json:"no_question_marks,omitempty"`
	// Counters shows the live counters under the board as the game goes
	// (c).
	Counters bool `json:"counters,omitempty"`
	// Unwatched keeps the player's games on a server from its viewers
	// (minesweeper serve's "watching off").
	Unwatched bool `json:"unwatched,omitempty"`
}

// DecodeLine returns the game of one record (a line of the old log, a
// saved game, a replay file, a row of the records), or reports that it is
// of a later version, which it does not read further. A record of this
// version with a field that does not decode, such as a board that is not
// valid settings (see board.ParseSettings), a move that is not a move or
// a number out of range (see Game.Check), is an error. It is the one reader of the games' records.
func DecodeLine(line []byte) (g Game, newer bool, err error) {
	newer, err = decodeVersioned(line, &g)
	if err == nil && !newer {
		err = g.Check() // numbers in range before any arithmetic
	}
	if err == nil && !newer {
		g.Retell(TallyOf(g.Moves))
	}
	return g, newer, err
}

// DecodePrefs returns the player's choices of one record, or reports
// that it is of a later version, which it does not read further.
func DecodePrefs(data []byte) (p Prefs, newer bool, err error) {
	newer, err = decodeVersioned(data, &p)
	return p, newer, err
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

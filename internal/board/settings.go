package board

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Settings is what kind of board a game is played on: its size, its mines,
// the first-click rule and whether it must be won without guessing. Its
// text form, from String and read by ParseSettings, is the size and mines
// as Simon Tatham's Mines writes them, the rule, and "no-guess" for boards
// that never need a guess: "30x16n99 opening no-guess".
type Settings struct {
	Width, Height, Mines int
	Rule                 FirstClick
	// NoGuess asks for a board that logic alone clears from the first
	// click. Board does not know how to lay one: a game with NoGuess needs
	// a Layout that does (see NewRandom).
	NoGuess bool
}

// ErrNoGuessRule refuses a no-guess board under a rule other than Opening:
// a board that can be won without guessing starts with an opened area.
var ErrNoGuessRule = errors.New("a no-guess board needs the opening first click")

// String returns the settings' text form, "30x16n99 opening" or
// "30x16n99 opening no-guess".
func (s Settings) String() string {
	t := fmt.Sprintf("%dx%dn%d %s", s.Width, s.Height, s.Mines, s.Rule)
	if s.NoGuess {
		t += " no-guess"
	}
	return t
}

// Name names the kind of board for a person, the one wording every
// screen, table and line uses: its level's name when its size and mines
// are a level's (see LevelOf), else its size and mines as the text form
// writes them; then its first-click rule unless it is the default,
// opening, and "no-guess" for a no-guess board: "beginner", "expert
// no-guess", "16x16n40 safe", "12x7n20".
func (s Settings) Name() string {
	name := LevelOf(s)
	if name == "custom" {
		name = fmt.Sprintf("%dx%dn%d", s.Width, s.Height, s.Mines)
	}
	if s.Rule != Opening {
		name += " " + s.Rule.String()
	}
	if s.NoGuess {
		name += " no-guess"
	}
	return name
}

// MarshalText returns the settings' text form, as String writes it, so
// that a JSON field of Settings holds "30x16n99 opening". It refuses
// settings that Check refuses: UnmarshalText would not read them back.
func (s Settings) MarshalText() ([]byte, error) {
	if err := s.Check(); err != nil {
		return nil, err
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads the text form that String writes, as ParseSettings
// does, checking it as Check does. On an error s is left as it was.
func (s *Settings) UnmarshalText(text []byte) error {
	t, err := ParseSettings(string(text))
	if err != nil {
		return err
	}
	*s = t
	return nil
}

// ParseSettings reads the text form that String writes and checks it as
// Check does.
func ParseSettings(text string) (Settings, error) {
	var s Settings
	f := strings.Fields(text)
	if len(f) < 2 || len(f) > 3 || len(f) == 3 && f[2] != "no-guess" {
		return s, fmt.Errorf("board settings %q: want WIDTHxHEIGHTnMINES, a first-click rule and maybe no-guess", text)
	}
	w, rest, ok1 := strings.Cut(f[0], "x")
	h, m, ok2 := strings.Cut(rest, "n")
	var err error
	if s.Width, err = strconv.Atoi(w); err == nil && ok1 && ok2 {
		if s.Height, err = strconv.Atoi(h); err == nil {
			s.Mines, err = strconv.Atoi(m)
		}
	}
	if err != nil || !ok1 || !ok2 {
		return Settings{}, fmt.Errorf("board settings %q: the size is not WIDTHxHEIGHTnMINES", text)
	}
	if s.Rule, err = ParseFirstClick(f[1]); err != nil {
		return Settings{}, fmt.Errorf("board settings %q: %v", text, err)
	}
	s.NoGuess = len(f) == 3
	if err := s.Check(); err != nil {
		return Settings{}, err
	}
	return s, nil
}

// Check reports whether a board can be made with these settings: a valid
// size (see CheckSize), a known rule, a mine count the rule can hold (see
// MaxMines), and the opening rule for a no-guess board. Whether a no-guess
// layout can be found for so many mines is the layout's to say.
func (s Settings) Check() error {
	if err := CheckSize(s.Width, s.Height); err != nil {
		return err
	}
	if s.Rule > Opening {
		return fmt.Errorf("unknown first-click rule %d", s.Rule)
	}
	if limit := MaxMines(s.Width, s.Height, s.Rule); s.Mines < 0 || s.Mines > limit {
		return fmt.Errorf("%w: %d mines on %dx%d with the %s first click (0 to %d)",
			ErrMineCount, s.Mines, s.Width, s.Height, s.Rule, limit)
	}
	if s.NoGuess && s.Rule != Opening {
		return ErrNoGuessRule
	}
	return nil
}

// CheckPoint returns an error, wrapping ErrOutOfBounds, unless p lies on
// a board of settings s: "column 12 is off the board (0 to 8)".
func (s Settings) CheckPoint(p Point) error {
	switch {
	case p.X < 0 || p.X >= s.Width:
		return fmt.Errorf("column %d is %w (0 to %d)", p.X, ErrOutOfBounds, s.Width-1)
	case p.Y < 0 || p.Y >= s.Height:
		return fmt.Errorf("row %d is %w (0 to %d)", p.Y, ErrOutOfBounds, s.Height-1)
	}
	return nil
}

// Cells returns the board's area.
func (s Settings) Cells() int { return s.Width * s.Height }

// Layout lays the mines of a random board once its first cell to be opened,
// first, is known, as Simon Tatham's Mines chooses its mine_layout per game.
// It returns the mines, each once, on the board and where s.Rule allows
// mines with first opened first; exactly s.Mines of them. It draws from rng
// and nothing else, so that a seed and a first cell give one layout. The
// default, a nil Layout, draws uniformly among the layouts the rule allows.
type Layout func(s Settings, first Point, rng *rand.Rand) ([]Point, error)

// ErrLayout is returned when a Layout's mines break its contract.
var ErrLayout = errors.New("the layout does not fit the board")

// layWith lays the mines that b.layout returns for first, after checking
// them, and counts the neighbours. On an error b is left pending.
func (b *Board) layWith(first int) error {
	s := b.Settings()
	mines, err := b.layout(s, Point{first % b.w, first / b.w}, b.rng)
	if err != nil {
		return err
	}
	if len(mines) != b.mines {
		return fmt.Errorf("%w: %d mines, want %d", ErrLayout, len(mines), b.mines)
	}
	a := b.allowed(first)
	for k, p := range mines {
		if !b.In(p) {
			b.clearMines(mines[:k])
			return fmt.Errorf("%w: mine %v is off the board", ErrLayout, p)
		}
		i := b.index(p)
		if b.cells[i]&mineBit != 0 || a.excludes(i) {
			b.clearMines(mines[:k])
			return fmt.Errorf("%w: mine %v is repeated or where the %s rule keeps mines out", ErrLayout, p, b.rule)
		}
		b.cells[i] |= mineBit
	}
	for _, p := range mines {
		b.countAround(p.X, p.Y)
	}
	b.pending = false
	return nil
}

// clearMines takes back the mine bits that layWith set before it found a
// fault.
func (b *Board) clearMines(mines []Point) {
	for _, p := range mines {
		b.cells[b.index(p)] &^= mineBit
	}
}

// excludes reports whether the rule keeps grid cell i free of mines.
func (a *allowedCells) excludes(i int) bool {
	for _, e := range a.excluded {
		if e == i {
			return true
		}
	}
	return false
}

// Settings returns the board's settings. A board from New has the unsafe
// rule: its mines were given, not laid under a rule.
func (b *Board) Settings() Settings {
	return Settings{Width: b.w, Height: b.h, Mines: b.mines, Rule: b.rule, NoGuess: b.noGuess}
}

// Level is a named board size, as the classic game offers them.
type Level struct {
	Name                 string
	Width, Height, Mines int
}

// Levels are the classic levels, smallest first.
var Levels = []Level{
	{"beginner", 9, 9, 10},
	{"intermediate", 16, 16, 40},
	{"expert", 30, 16, 99},
}

// LevelNamed returns the level called name, its letters in any case
// ("Expert", "EXPERT"), and reports whether there is one: every level a
// player types is read through it.
func LevelNamed(name string) (Level, bool) {
	for _, lv := range Levels {
		if strings.EqualFold(lv.Name, name) {
			return lv, true
		}
	}
	return Level{}, false
}

// LevelOf returns the name of the level of s's size and mine count, or
// "custom".
func LevelOf(s Settings) string {
	for _, lv := range Levels {
		if lv.Width == s.Width && lv.Height == s.Height && lv.Mines == s.Mines {
			return lv.Name
		}
	}
	return "custom"
}

// Package boardflag is the board's flags, shared by the game and the tools
// that make or play boards (minesweeper, gen, bench): their one definition,
// and the board they resolve to, checked together, each error naming the
// flag at fault.
package boardflag

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/boardfile"
	"github.com/minesweeper-go/minesweeper/internal/flagvalue"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// Flags are the board flags of one flag set, as parsed.
type Flags struct {
	fs                   *flag.FlagSet
	Level                string
	width, height, mines int
	seed                 uint64
	firstClick           string
	noGuess              bool
	file                 string // -board; empty where the command has no such flag
}

// Add defines the board flags on fs; withFile adds -board.
func Add(fs *flag.FlagSet, withFile bool) *Flags {
	f := &Flags{fs: fs}
	fs.StringVar(&f.Level, "level", "beginner", "board preset: beginner (9x9, 10 mines), intermediate (16x16, 40) or expert (30x16, 99)")
	flagvalue.IntVar(fs, &f.width, "width", 0, "board width in `columns` (overrides -level)")
	flagvalue.IntVar(fs, &f.height, "height", 0, "board height in `rows` (overrides -level)")
	flagvalue.IntVar(fs, &f.mines, "mines", 0, "`number` of mines (with -width or -height but no -mines: one sixth of the area)")
	flagvalue.Uint64Var(fs, &f.seed, "seed", 0, "random seed, a `number`; the same seed and first click give the same board (default: from the clock)")
	fs.StringVar(&f.firstClick, "first-click", "opening", "first-click rule: unsafe (mines anywhere), safe (the first cell is safe) or opening (it and its neighbours are safe)")
	flagvalue.BoolVar(fs, &f.noGuess, "no-guess", false, "lay the mines so that logic alone clears the board from the first click (needs -first-click opening)")
	if withFile {
		fs.StringVar(&f.file, "board", "", "play the layout (and replay the clicks) of a board `file`: a record in the judge's format, an MBF file or a replay (one game of the history)")
	}
	return f
}

// Config is the board the flags resolve to.
type Config struct {
	board.Settings
	Layout board.Layout // how the mines are laid: nil for the random layout
	Seed   uint64
	Seeded bool           // the player chose Seed (-seed): the board is known
	Level  string         // the preset's name, or "custom"
	Record *record.Record // the -board file's record, or nil
	File   string
}

// Resolve checks the flags together and returns the board they describe.
func (f *Flags) Resolve() (Config, error) {
	set := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })

	rule, err := board.ParseFirstClick(f.firstClick)
	if err != nil {
		return Config{}, fmt.Errorf("-first-click: %v", err)
	}
	cfg := Config{Settings: board.Settings{Rule: rule, NoGuess: f.noGuess}, Seed: f.seed, Level: f.Level}
	cfg.Seeded = set["seed"]
	if !set["seed"] {
		cfg.Seed = uint64(time.Now().UnixNano())
	}
	if set["board"] {
		if f.file == "" {
			return Config{}, errors.New("-board: empty file name")
		}
		for _, name := range []string{"level", "width", "height", "mines", "first-click", "no-guess"} {
			if set[name] {
				return Config{}, fmt.Errorf("-board: cannot be combined with -%s (the file fixes the board)", name)
			}
		}
		rec, err := boardfile.ReadFile(f.file)
		if err != nil {
			return Config{}, fmt.Errorf("-board: %w", err)
		}
		cfg.Record, cfg.File, cfg.Level = rec, f.file, "custom"
		cfg.Width, cfg.Height, cfg.Mines = rec.Cols, rec.Rows, len(rec.Mines)
		return cfg, nil
	}

	lv, ok := board.LevelNamed(f.Level)
	if !ok {
		return Config{}, fmt.Errorf("-level: unknown level %q (want beginner, intermediate or expert)", f.Level)
	}
	cfg.Width, cfg.Height, cfg.Mines, cfg.Level = lv.Width, lv.Height, lv.Mines, lv.Name
	for _, d := range []struct {
		name string
		v    int
		dst  *int
	}{{"width", f.width, &cfg.Width}, {"height", f.height, &cfg.Height}} {
		if !set[d.name] {
			continue
		}
		if d.v < 1 {
			return Config{}, fmt.Errorf("-%s: %d is below 1", d.name, d.v)
		}
		*d.dst = d.v
		cfg.Level = "custom"
	}
	if err := board.CheckSize(cfg.Width, cfg.Height); err != nil {
		return Config{}, fmt.Errorf("-width, -height: %v", err)
	}
	switch {
	case set["mines"]:
		cfg.Mines, cfg.Level = f.mines, "custom"
	case cfg.Level == "custom":
		cfg.Mines = cfg.Width * cfg.Height / 6
	}
	if err := cfg.check(); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// check checks the mines and no-guess against the size and the rule, and
// sets the layout no-guess needs (see play.Layout). Its errors name the
// flag at fault.
func (cfg *Config) check() error {
	lay, err := play.Layout(cfg.Settings)
	if se := (*play.SettingsError)(nil); errors.As(err, &se) {
		return fmt.Errorf("-%s: %w", se.Setting, se.Err)
	}
	cfg.Layout = lay
	return err
}

// flagNames are the flags that choose the board.
var flagNames = []string{"level", "width", "height", "mines", "first-click", "no-guess", "board"}

// Chosen reports whether any flag that chooses the board was given.
func (f *Flags) Chosen() bool {
	given := false
	f.fs.Visit(func(fl *flag.Flag) { given = given || slices.Contains(flagNames, fl.Name) })
	return given
}

// Last returns cfg, resolved from flags that choose no board, on the
// board s that the player played last instead: its seed stays. The
// settings are checked as the flags' are.
func Last(cfg Config, s board.Settings) (Config, error) {
	cfg.Settings, cfg.Level, cfg.Layout = s, board.LevelOf(s), nil
	if err := board.CheckSize(s.Width, s.Height); err != nil {
		return Config{}, err
	}
	if err := cfg.check(); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// Given reports whether the flag name of the flag set was given.
func (f *Flags) Given(name string) bool {
	given := false
	f.fs.Visit(func(fl *flag.Flag) { given = given || fl.Name == name })
	return given
}

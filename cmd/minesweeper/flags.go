package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/boardfile"
	"github.com/minesweeper-go/minesweeper/internal/noguess"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// boardFlags are the flags shared by the game and the tools that make boards.
type boardFlags struct {
	fs                   *flag.FlagSet
	level                string
	width, height, mines int
	seed                 uint64
	firstClick           string
	noGuess              bool
	file                 string // -board; empty where the command has no such flag
}

// addBoardFlags defines the shared board flags on fs; withFile adds -board.
func addBoardFlags(fs *flag.FlagSet, withFile bool) *boardFlags {
	f := &boardFlags{fs: fs}
	fs.StringVar(&f.level, "level", "beginner", "board preset: beginner (9x9, 10 mines), intermediate (16x16, 40) or expert (30x16, 99)")
	fs.Var(&intFlag{p: &f.width}, "width", "board width in `columns` (overrides -level)")
	fs.Var(&intFlag{p: &f.height}, "height", "board height in `rows` (overrides -level)")
	fs.Var(&intFlag{p: &f.mines}, "mines", "`number` of mines (with -width or -height but no -mines: one sixth of the area)")
	fs.Var(&uint64Flag{p: &f.seed}, "seed", "random seed, a `number`; the same seed and first click give the same board (default: from the clock)")
	fs.StringVar(&f.firstClick, "first-click", "opening", "first-click rule: unsafe (mines anywhere), safe (the first cell is safe) or opening (it and its neighbours are safe)")
	fs.Var(&boolFlag{p: &f.noGuess}, "no-guess", "lay the mines so that logic alone clears the board from the first click (needs -first-click opening)")
	if withFile {
		fs.StringVar(&f.file, "board", "", "play the layout (and replay the clicks) of a record `file` in the judge's format")
	}
	return f
}

// boardConfig is what the board flags resolve to.
type boardConfig struct {
	board.Settings
	Layout board.Layout // how the mines are laid: nil for the random layout
	Seed   uint64
	Seeded bool           // the player chose Seed (-seed): the board is known
	Level  string         // the preset's name, or "custom"
	Record *record.Record // the -board file's record, or nil
	File   string
}

// resolve checks the flags together and returns the board they describe.
func (f *boardFlags) resolve() (boardConfig, error) {
	set := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })

	rule, err := board.ParseFirstClick(f.firstClick)
	if err != nil {
		return boardConfig{}, fmt.Errorf("-first-click: %v", err)
	}
	cfg := boardConfig{Settings: board.Settings{Rule: rule, NoGuess: f.noGuess}, Seed: f.seed, Level: f.level}
	cfg.Seeded = set["seed"]
	if !set["seed"] {
		cfg.Seed = uint64(time.Now().UnixNano())
	}
	if set["board"] {
		if f.file == "" {
			return boardConfig{}, errors.New("-board: empty file name")
		}
		for _, name := range []string{"level", "width", "height", "mines", "first-click", "no-guess"} {
			if set[name] {
				return boardConfig{}, fmt.Errorf("-board: cannot be combined with -%s (the file fixes the board)", name)
			}
		}
		rec, err := readRecordFile(f.file)
		if err != nil {
			return boardConfig{}, err
		}
		cfg.Record, cfg.File, cfg.Level = rec, f.file, "custom"
		cfg.Width, cfg.Height, cfg.Mines = rec.Cols, rec.Rows, len(rec.Mines)
		return cfg, nil
	}

	var lv *board.Level
	for i := range board.Levels {
		if board.Levels[i].Name == f.level {
			lv = &board.Levels[i]
		}
	}
	if lv == nil {
		return boardConfig{}, fmt.Errorf("-level: unknown level %q (want beginner, intermediate or expert)", f.level)
	}
	cfg.Width, cfg.Height, cfg.Mines = lv.Width, lv.Height, lv.Mines
	for _, d := range []struct {
		name string
		v    int
		dst  *int
	}{{"width", f.width, &cfg.Width}, {"height", f.height, &cfg.Height}} {
		if !set[d.name] {
			continue
		}
		if d.v < 1 {
			return boardConfig{}, fmt.Errorf("-%s: %d is below 1", d.name, d.v)
		}
		*d.dst = d.v
		cfg.Level = "custom"
	}
	if err := board.CheckSize(cfg.Width, cfg.Height); err != nil {
		return boardConfig{}, fmt.Errorf("-width, -height: %v", err)
	}
	switch {
	case set["mines"]:
		cfg.Mines, cfg.Level = f.mines, "custom"
	case cfg.Level == "custom":
		cfg.Mines = cfg.Width * cfg.Height / 6
	}
	if err := cfg.check(); err != nil {
		return boardConfig{}, err
	}
	return cfg, nil
}

// check checks the mines and no-guess against the size and the rule, and
// sets the layout no-guess needs. Its errors are *settingsErrors, which
// name the flag at fault.
func (cfg *boardConfig) check() error {
	rule := cfg.Rule
	if limit := board.MaxMines(cfg.Width, cfg.Height, rule); cfg.Mines < 0 || cfg.Mines > limit {
		return &settingsError{"-mines", fmt.Errorf("%s on %dx%d with the %s first click: want 0 to %d",
			record.Count(cfg.Mines, "mine"), cfg.Width, cfg.Height, rule, limit)}
	}
	if cfg.NoGuess {
		if rule != board.Opening {
			return &settingsError{"-no-guess", fmt.Errorf("%v, not %s", board.ErrNoGuessRule, rule)}
		}
		if err := noguess.Check(cfg.Settings); err != nil {
			return &settingsError{"-no-guess", err}
		}
		cfg.Layout = noguess.Layout
	}
	return nil
}

// settingsError is a board that cannot be played, and the flag that chose
// the part at fault.
type settingsError struct {
	flag string
	err  error
}

func (e *settingsError) Error() string { return e.flag + ": " + e.err.Error() }
func (e *settingsError) Unwrap() error { return e.err }

// chooseBoard returns the layout of settings s chosen in the game's menu,
// or why they cannot be played, in words that name no flag: the game's
// Config.Choose.
func chooseBoard(s board.Settings) (board.Layout, error) {
	if err := board.CheckSize(s.Width, s.Height); err != nil {
		return nil, err
	}
	cfg := boardConfig{Settings: s}
	if err := cfg.check(); err != nil {
		return nil, errors.Unwrap(err)
	}
	return cfg.Layout, nil
}

// boardFlagNames are the flags that choose the board.
var boardFlagNames = []string{"level", "width", "height", "mines", "first-click", "no-guess", "board"}

// chosen reports whether any flag that chooses the board was given.
func (f *boardFlags) chosen() bool {
	given := false
	f.fs.Visit(func(fl *flag.Flag) { given = given || slices.Contains(boardFlagNames, fl.Name) })
	return given
}

// lastBoard returns cfg, resolved from flags that choose no board, on the
// board s that the player played last instead: its seed stays. The
// settings are checked as the flags' are.
func lastBoard(cfg boardConfig, s board.Settings) (boardConfig, error) {
	cfg.Settings, cfg.Level, cfg.Layout = s, board.LevelOf(s), nil
	if err := board.CheckSize(s.Width, s.Height); err != nil {
		return boardConfig{}, err
	}
	if err := cfg.check(); err != nil {
		return boardConfig{}, err
	}
	return cfg, nil
}

// boardArgs returns the flags that choose the board s, at the level
// named level or "custom": "-level expert", "-width 20 -height 10 -mines
// 30 -first-click safe -no-guess".
func boardArgs(s board.Settings, level string) string {
	var b strings.Builder
	if level != "custom" && level != "" {
		fmt.Fprintf(&b, "-level %s", level)
	} else {
		fmt.Fprintf(&b, "-width %d -height %d -mines %d", s.Width, s.Height, s.Mines)
	}
	if s.Rule != board.Opening {
		fmt.Fprintf(&b, " -first-click %s", s.Rule)
	}
	if s.NoGuess {
		b.WriteString(" -no-guess")
	}
	return b.String()
}

// readRecordFile reads and parses a -board file, a record, an MBF file or
// a replay (see boardfile.Read), naming the file in errors once: "-board: name:
// is a directory", not "read name: is a directory".
func readRecordFile(name string) (*record.Record, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("-board: %s: %v", name, pathless(err))
	}
	defer fh.Close()
	rec, err := boardfile.Read(name, fh)
	if err != nil {
		return nil, fmt.Errorf("-board: %s: %v", name, pathless(err))
	}
	return rec, nil
}

// pathless returns the cause of an *os.PathError, which repeats the file's
// name, and any other error as it is.
func pathless(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Errors of the flag values, phrased to follow the value they reject:
// parseFlags prints `-width: "x" is not a valid number`.
var (
	errNotNumber  = errors.New("is not a valid number")
	errOutOfRange = errors.New("is out of range")
	errNotBool    = errors.New("is not a valid boolean (want true or false)")
	errNotCell    = errors.New("is not ROW,COL")
)

// valueError is a value that a flag's Set refused, and why.
type valueError struct {
	value string
	err   error
}

// refusal is kept in each of our flag values: the value its Set last
// refused. The flag package passes on only the text of Set's error, inside
// its own words (`invalid value "x" for flag -width: ...`, with %v), so
// parseFlags asks the flags instead (see refusedFlag) and words the error
// itself, from our error values.
type refusal struct{ last *valueError }

// refuse records that value was refused for err, and returns err.
func (r *refusal) refuse(value string, err error) error {
	r.last = &valueError{value, err}
	return err
}

// refused returns the value last refused, or nil.
func (r *refusal) refused() *valueError { return r.last }

// refusedFlag returns the flag of fs whose Set refused its value, and the
// refusal; or "", nil. fs.Parse stops at the first refusal, so after a
// failed Parse there is at most one.
func refusedFlag(fs *flag.FlagSet) (name string, v *valueError) {
	fs.VisitAll(func(f *flag.Flag) {
		if r, ok := f.Value.(interface{ refused() *valueError }); ok && r.refused() != nil {
			name, v = f.Name, r.refused()
		}
	})
	return name, v
}

// Every flag that can refuse a value is one of the types below, or gen's
// startFlag, so that parseFlags words every refusal; a string flag refuses
// nothing. Each holds a pointer to the variable it sets, and reads its
// String from a nil pointer as the zero value, as the flag package's
// PrintDefaults calls String on a zero flag value to tell whether a
// default is worth printing.

// intFlag is an int flag that reads decimal numbers only, as the record
// and protocol formats do: "010" is ten, and "0x10" an error, where the
// flag package would read Go's octal and hexadecimal prefixes. Its default
// is the variable's value when the flag is defined.
type intFlag struct {
	p *int
	refusal
}

// String returns the value in decimal.
func (f *intFlag) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.Itoa(*f.p)
}

// Set reads s as a decimal int.
func (f *intFlag) Set(s string) error {
	n, err := strconv.ParseInt(s, 10, strconv.IntSize)
	if err != nil {
		return f.refuse(s, numberError(err))
	}
	*f.p = int(n)
	return nil
}

// uint64Flag is a uint64 flag that reads decimal numbers only, as intFlag.
type uint64Flag struct {
	p *uint64
	refusal
}

// String returns the value in decimal.
func (f *uint64Flag) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.FormatUint(*f.p, 10)
}

// Set reads s as a decimal uint64.
func (f *uint64Flag) Set(s string) error {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return f.refuse(s, numberError(err))
	}
	*f.p = n
	return nil
}

// float64Flag is a float64 flag that reads what the flag package's does
// (strconv.ParseFloat).
type float64Flag struct {
	p *float64
	refusal
}

// newFloat64 defines a float64 flag on fs with a default, as fs.Float64
// does, and returns the variable it sets.
func newFloat64(fs *flag.FlagSet, name string, value float64, usage string) *float64 {
	p := &value
	fs.Var(&float64Flag{p: p}, name, usage)
	return p
}

// String returns the value as the flag package's float64 flag does.
func (f *float64Flag) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.FormatFloat(*f.p, 'g', -1, 64)
}

// Set reads s as a float64.
func (f *float64Flag) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return f.refuse(s, numberError(err))
	}
	*f.p = v
	return nil
}

// boolFlag is a boolean flag: -json alone, or -json=true or -json=false
// (or any value strconv.ParseBool reads, as the flag package's).
type boolFlag struct {
	p *bool
	refusal
}

// newBool defines a bool flag on fs with a default, as fs.Bool does, and
// returns the variable it sets.
func newBool(fs *flag.FlagSet, name string, value bool, usage string) *bool {
	p := &value
	fs.Var(&boolFlag{p: p}, name, usage)
	return p
}

// IsBoolFlag reports that the flag needs no value: it tells the flag
// package so.
func (f *boolFlag) IsBoolFlag() bool { return true }

// String returns "true" or "false".
func (f *boolFlag) String() string { return strconv.FormatBool(f.p != nil && *f.p) }

// Set reads s as a boolean.
func (f *boolFlag) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return f.refuse(s, errNotBool)
	}
	*f.p = v
	return nil
}

// numberError turns strconv's error into errOutOfRange or errNotNumber.
func numberError(err error) error {
	if errors.Is(err, strconv.ErrRange) {
		return errOutOfRange
	}
	return errNotNumber
}

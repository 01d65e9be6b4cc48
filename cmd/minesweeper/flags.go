package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// level is a named board size.
type level struct {
	name                 string
	width, height, mines int
}

var levels = []level{
	{"beginner", 9, 9, 10},
	{"intermediate", 16, 16, 40},
	{"expert", 30, 16, 99},
}

// boardFlags are the flags shared by the game and the tools that make boards.
type boardFlags struct {
	fs                   *flag.FlagSet
	level                string
	width, height, mines int
	seed                 uint64
	firstClick           string
	file                 string // -board; empty where the command has no such flag
}

// addBoardFlags defines the shared board flags on fs; withFile adds -board.
func addBoardFlags(fs *flag.FlagSet, withFile bool) *boardFlags {
	f := &boardFlags{fs: fs}
	fs.StringVar(&f.level, "level", "beginner", "board preset: beginner (9x9, 10 mines), intermediate (16x16, 40) or expert (30x16, 99)")
	fs.IntVar(&f.width, "width", 0, "board width in columns (overrides -level)")
	fs.IntVar(&f.height, "height", 0, "board height in rows (overrides -level)")
	fs.IntVar(&f.mines, "mines", 0, "number of mines (with -width or -height but no -mines: one sixth of the area)")
	fs.Uint64Var(&f.seed, "seed", 0, "random seed; the same seed and first click give the same board (default: from the clock)")
	fs.StringVar(&f.firstClick, "first-click", "opening", "first-click rule: unsafe (mines anywhere), safe (the first cell is safe) or opening (it and its neighbours are safe)")
	if withFile {
		fs.StringVar(&f.file, "board", "", "play the layout (and replay the clicks) of a record `file` in the judge's format")
	}
	return f
}

// boardConfig is what the board flags resolve to.
type boardConfig struct {
	Width, Height, Mines int
	Rule                 board.FirstClick
	Seed                 uint64
	Level                string         // the preset's name, or "custom"
	Record               *record.Record // the -board file's record, or nil
	File                 string
}

// resolve checks the flags together and returns the board they describe.
func (f *boardFlags) resolve() (boardConfig, error) {
	set := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })

	rule, err := board.ParseFirstClick(f.firstClick)
	if err != nil {
		return boardConfig{}, fmt.Errorf("-first-click: %v", err)
	}
	cfg := boardConfig{Rule: rule, Seed: f.seed, Level: f.level}
	if !set["seed"] {
		cfg.Seed = uint64(time.Now().UnixNano())
	}
	if f.file != "" {
		for _, name := range []string{"level", "width", "height", "mines", "first-click"} {
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

	var lv *level
	for i := range levels {
		if levels[i].name == f.level {
			lv = &levels[i]
		}
	}
	if lv == nil {
		return boardConfig{}, fmt.Errorf("-level: unknown level %q (want beginner, intermediate or expert)", f.level)
	}
	cfg.Width, cfg.Height, cfg.Mines = lv.width, lv.height, lv.mines
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
	if limit := board.MaxMines(cfg.Width, cfg.Height, rule); cfg.Mines < 0 || cfg.Mines > limit {
		return boardConfig{}, fmt.Errorf("-mines: %d mines on %dx%d with the %s first click: want 0 to %d",
			cfg.Mines, cfg.Width, cfg.Height, rule, limit)
	}
	return cfg, nil
}

// readRecordFile reads and parses a record file, naming the file in errors.
func readRecordFile(name string) (*record.Record, error) {
	fh, err := os.Open(name)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("-board: %s: %v", name, err)
	}
	defer fh.Close()
	rec, err := record.Read(fh)
	if err != nil {
		return nil, fmt.Errorf("-board: %s: %v", name, err)
	}
	return rec, nil
}

// Package daily defines the daily boards: one no-guess board per UTC date
// and level, the same on every machine, every platform and every later
// version of the program, so that players can compare their games on it.
//
// # The daily function, version 1
//
// The board of a date D (written YYYY-MM-DD) and a level L (beginner,
// intermediate or expert) is made in three steps:
//
//  1. The key is the text "minesweeper daily v1 D L", with single spaces:
//     "minesweeper daily v1 2026-11-25 expert". Its SHA-256 sum is taken.
//  2. The seed is the sum's bytes 0 to 7, and the start index its bytes 8
//     to 15, each read as a big-endian unsigned 64-bit number. The start
//     cell is the cell of index (start index mod width*height), counted
//     in rows from the top-left: column index mod width, row index div
//     width.
//  3. The mines are those of the no-guess board (package noguess) of the
//     level's size and mines, with the opening first click, laid for a
//     first opening of the start cell from the random source
//     board.NewRand(seed): a PCG of Go's math/rand/v2 with the state
//     (seed, 0x9e3779b97f4a7c15). That is the board the game lays when
//     the seed is played and the start cell opened first, and the one
//     "minesweeper gen -daily" writes.
//
// The first two steps are fixed here. The third runs code that may change
// for other reasons (the no-guess generator, board laying, Go's random
// numbers), so the tests pin the boards of a handful of dates, past and
// future, for every level (testdata/*.golden): a change that would change
// any daily board fails them instead of giving players other boards. Such
// a change must leave version 1's boards as they are, by keeping the code
// that lays them for the daily boards, or start a new Version (a new key,
// so new boards) from a date that has not come yet, leaving every earlier
// date's board as it was.
//
// # The server's daily boards
//
// The boards above are a public function of the date: anyone can lay
// them before their day, which practice and sharing want ("minesweeper
// daily" plays them) and a ranked board must not allow. A server
// (minesweeper serve) ranks its players on another board of each date
// and level, laid by OfSecret from a secret of the day (32 bytes of
// crypto/rand) that it keeps, and shows only once the day has ended.
// Before then it shows the board's Commitment, the SHA-256 sum of the
// secret with the date and level, so that once the secret is out anyone
// can check that the board ranked was the one committed to, and lay it
// again ("minesweeper gen -daily -secret").
package daily

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/noguess"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// Version is the version of the daily function, the "v1" of the key.
const Version = 1

// DateLayout is how a date is written, for time.Parse and time.Format.
const DateLayout = "2006-01-02"

// ErrDate refuses a date that is not written YYYY-MM-DD, or names no day
// of the calendar.
var ErrDate = errors.New("not a date (want YYYY-MM-DD)")

// ErrLevel refuses a level that is not one of board.Levels.
var ErrLevel = errors.New("unknown level (want beginner, intermediate or expert)")

// Board is the daily board of a date and a level: what is known of it
// before its mines are laid.
type Board struct {
	Date     string         // YYYY-MM-DD, a UTC date
	Level    string         // beginner, intermediate or expert
	Settings board.Settings // the level's size and mines, the opening first click, no-guess
	Seed     uint64         // the seed its mines are laid from
	Start    board.Point    // the cell the first opening must open
	// Commitment is the commitment to the secret a server's board is
	// laid from (see OfSecret), 64 hexadecimal digits; "" for the
	// public board of the date (see Of).
	Commitment string
}

// Today returns the UTC date of now, as the daily boards name it.
func Today(now time.Time) string { return now.UTC().Format(DateLayout) }

// CheckDate returns nil when date is a date written YYYY-MM-DD, the form
// Today writes; else an error that wraps ErrDate.
func CheckDate(date string) error {
	t, err := time.Parse(DateLayout, date)
	if err != nil || t.Format(DateLayout) != date {
		return fmt.Errorf("%q: %w", date, ErrDate)
	}
	return nil
}

// Level returns the level called name, in any case (see
// board.LevelNamed): its Name is the one to use thereafter.
func Level(name string) (board.Level, error) {
	if lv, ok := board.LevelNamed(name); ok {
		return lv, nil
	}
	return board.Level{}, fmt.Errorf("%q: %w", name, ErrLevel)
}

// Key returns the text whose SHA-256 sum chooses the board of date and
// level: "minesweeper daily v1 2026-11-25 expert".
func Key(date, level string) string {
	return fmt.Sprintf("minesweeper daily v%d %s %s", Version, date, level)
}

// Of returns the daily board of date and level, without its mines (see
// Mines): the first two steps of the package's function.
func Of(date, level string) (Board, error) {
	if lv, ok := board.LevelNamed(level); ok {
		level = lv.Name // "Expert" is expert's board: the key holds the name as Levels spells it
	}
	sum := sha256.Sum256([]byte(Key(date, level)))
	return ofSum(date, level, sum[:])
}

// ofSum returns the board of date and level whose seed and start cell are
// read from sum, 32 bytes, as the package's second step reads them.
func ofSum(date, level string, sum []byte) (Board, error) {
	if err := CheckDate(date); err != nil {
		return Board{}, err
	}
	lv, err := Level(level)
	if err != nil {
		return Board{}, err
	}
	cells := uint64(lv.Width * lv.Height)
	i := binary.BigEndian.Uint64(sum[8:16]) % cells
	return Board{
		Date:     date,
		Level:    level,
		Settings: board.Settings{Width: lv.Width, Height: lv.Height, Mines: lv.Mines, Rule: board.Opening, NoGuess: true},
		Seed:     binary.BigEndian.Uint64(sum[0:8]),
		Start:    board.Point{X: int(i % uint64(lv.Width)), Y: int(i / uint64(lv.Width))},
	}, nil
}

// Layout is the board.Layout that lays the mines of the daily boards of
// this version, the third step of the package's function: a game on a
// daily board lays them with it. It is noguess.Layout.
func Layout(s board.Settings, first board.Point, rng *rand.Rand) ([]board.Point, error) {
	return noguess.Layout(s, first, rng)
}

// Mines lays the board's mines, the third step of the package's function,
// and returns them in row-major order.
func (b Board) Mines() ([]board.Point, error) {
	laid, err := board.Generate(b.Settings, b.Start, Layout, board.NewRand(b.Seed))
	if err != nil {
		return nil, fmt.Errorf("the daily board of %s, %s: %w", b.Date, b.Level, err)
	}
	return laid.Layout(), nil
}

// Record returns the board in the record format: its mines, and its start
// cell as the one click.
func (b Board) Record() (*record.Record, error) {
	mines, err := b.Mines()
	if err != nil {
		return nil, err
	}
	return &record.Record{Rows: b.Settings.Height, Cols: b.Settings.Width, Mines: mines, Clicks: []board.Point{b.Start}}, nil
}

// Game returns the board as a game plays it.
func (b Board) Game() game.DailyBoard {
	return game.DailyBoard{Date: b.Date, Seed: b.Seed, Start: b.Start}
}

// Command returns the command that plays the board:
// "minesweeper daily -date 2026-11-25 -level expert".
func (b Board) Command() string {
	return Command(b.Date, b.Level)
}

// Command returns the command that plays the daily board of date and
// level.
func Command(date, level string) string {
	return strings.Join([]string{"minesweeper daily -date", date, "-level", level}, " ")
}

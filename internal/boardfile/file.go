package boardfile

import (
	"bufio"
	"fmt"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// The most that is read of a file the user names. A size limit makes a
// file that would take the memory of the machine, or hours to read, an
// error at once; only regular files are read (see userfile.Open), so a
// FIFO or a device such as /dev/zero is refused before anything is read.
const (
	// MaxFile is the largest board file, 1 GiB. A record of a
	// 10000x10000 board with a mine in every cell, as record.Write writes
	// it ("9999 9999\n" a mine, fewer bytes for the smaller numbers),
	// takes 932 MiB; the largest board, 16384x16384 (board.MaxCells),
	// with the default one mine in six cells, 454 MiB. An MBF file is at
	// most 128 KiB, a replay at most MaxReplay.
	MaxFile = 1 << 30
)

// ReadFile reads and parses the board file name, a record, an MBF file or
// a replay (see Read), naming the file in errors once: "name: is a
// directory", not "read name: is a directory". It reads a regular file
// only, of at most MaxFile bytes, and what its errors quote of the file
// is made printable.
func ReadFile(name string) (*record.Record, error) {
	fh, err := userfile.Open(name, MaxFile)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	defer fh.Close()
	rec, err := Read(name, fh)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", name, userfile.Printable(err.Error()))
	}
	return rec, nil
}

// ReadGameFile reads the game of the replay file name (see ReadGame),
// naming the file in errors once. It reads a regular file only, of at most
// MaxReplay bytes, and what its errors quote of the file is made
// printable. A file that is no replay is read as a board file (see Read):
// the error suggests -board only for one that -board plays, and says
// otherwise what the file is not, and why.
func ReadGameFile(name string) (history.Game, error) {
	fail := func(err error) (history.Game, error) {
		return history.Game{}, fmt.Errorf("%s: %s", name, userfile.Printable(err.Error()))
	}
	fh, err := userfile.Open(name, MaxReplay)
	if err != nil {
		return fail(err)
	}
	defer fh.Close()
	br := bufio.NewReader(fh)
	head, err := br.Peek(SniffLen)
	if err != nil && err != io.EOF {
		return fail(err)
	}
	if f := Sniff(name, head); f != Replay {
		if _, err := Read(name, br); err != nil {
			return fail(fmt.Errorf("neither a replay (a game of the history log) nor a board file (as a %v: %v)", f, err))
		}
		return history.Game{}, fmt.Errorf("%s: not a replay but a board file (%v): minesweeper -board %s plays it", name, f, userfile.ShellQuote(name))
	}
	g, err := ReadGame(br)
	if err != nil {
		return fail(err)
	}
	return g, nil
}

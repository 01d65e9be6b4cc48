// Package kept is the player's kept games as the commands show them: the
// statistics and the history of minesweeper stats and history, the game
// that minesweeper replay and export name (the last of the history, the
// game numbered N, or a replay file), and a game written for other
// Minesweeper tools: a RAW video (RAWVF), an EVF video, or its board as
// an MBF file.
package kept

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/boardfile"
	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/mbf"
	"github.com/minesweeper-go/minesweeper/internal/play"
	"github.com/minesweeper-go/minesweeper/internal/rawvf"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/video"
)

// Records is what Find reads of the player's records: *store.DB has
// these methods among others.
type Records interface {
	// Last returns the last game kept and its number (store.ErrNoGame
	// if none).
	Last(ctx context.Context) (int64, history.Game, error)
	// Game returns the game numbered n (store.ErrNoGame if none).
	Game(ctx context.Context, n int64) (history.Game, error)
	// Count returns how many games are kept.
	Count(ctx context.Context) (int64, error)
	// Close closes the records.
	Close() error
}

// Find returns the game that target names: "" the last of the history, a
// number the game of that number, anything else a replay file (see
// boardfile.ReadGameFile). open opens the player's records, for the
// first two.
func Find(ctx context.Context, target string, open func() (Records, error)) (history.Game, error) {
	n, err := strconv.Atoi(target)
	if target != "" && err != nil {
		return boardfile.ReadGameFile(target)
	}
	st, err := open()
	if err != nil {
		return history.Game{}, err
	}
	defer st.Close()
	var g history.Game
	if target == "" {
		_, g, err = st.Last(ctx)
	} else {
		g, err = st.Game(ctx, int64(n))
	}
	if !errors.Is(err, store.ErrNoGame) {
		return g, err
	}
	count, cerr := st.Count(ctx)
	switch {
	case cerr != nil:
		return g, cerr
	case count == 0:
		return g, errors.New("no game has been kept yet: play one with minesweeper")
	}
	return g, fmt.Errorf("there is no game %d: the history holds %s, numbered from 1 (see minesweeper history)",
		n, record.Count(int(count), "game"))
}

// The formats Export writes.
const (
	RAWVF = "rawvf" // a RAW video: the board and every move, as text
	EVF   = "evf"   // an EVF video (Metasweeper's): the board and every move, in binary
	MBF   = "mbf"   // JSMinesweeper's binary board file, the mines only
)

// CheckFormat returns an error, one line, for a format Export does not
// write.
func CheckFormat(format string) error {
	switch format {
	case RAWVF, EVF, MBF:
		return nil
	}
	return fmt.Errorf("unknown format %q (want %s, %s or %s)", format, RAWVF, EVF, MBF)
}

// Export writes g on w in format (RAWVF, EVF or MBF), its video naming
// program, the program's name and version. Nothing is written unless the
// whole game is.
func Export(w io.Writer, g history.Game, format, program string) error {
	kept, err := session.KeptOf(g)
	if err != nil {
		return err
	}
	// A board the format cannot hold is refused before its mines are laid
	// again, which takes seconds on the largest boards.
	s := kept.Settings
	switch format {
	case MBF:
		err = mbf.CheckSize(s.Width, s.Height)
	case EVF:
		err = video.CheckEVF(s.Width, s.Height)
	default:
		err = rawvf.CheckSize(s.Width, s.Height)
	}
	if err == nil {
		kept.Mines, err = layout(kept)
	}
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	switch format {
	case MBF:
		err = mbf.Write(&buf, s.Width, s.Height, kept.Mines)
	case EVF:
		err = writeEVF(&buf, kept, g.Date, program)
	default:
		err = rawvf.Write(&buf, kept, rawvf.Info{Program: program, Date: g.Date})
	}
	if err != nil {
		return err
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("writing the game: %v", err)
	}
	return nil
}

// layout returns the mines of the kept game k: its own, or those its
// seed and first opening lay again (the record of a board over
// game.LayoutCells keeps no layout), with the layout of its settings.
func layout(k game.Kept) ([]board.Point, error) {
	if k.Mines != nil {
		return k.Mines, nil
	}
	g, err := game.Load(game.Config{Settings: k.Settings, Layout: play.LayoutOf(k.Settings)}, k)
	if err != nil {
		return nil, err
	}
	if !g.Board().Started() {
		return nil, errors.New("the game has no board yet: its mines were never laid")
	}
	return g.Kept(time.Time{}, true).Mines, nil
}

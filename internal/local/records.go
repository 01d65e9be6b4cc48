package local

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/kept"
	"github.com/minesweeper-go/minesweeper/internal/session"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// OpenRecords opens the player's records, printing the store's warnings,
// and any error, as one line each on stderr under name.
func OpenRecords(name string, stderr io.Writer) (*store.DB, bool) {
	warn := func(msg string) { fmt.Fprintf(stderr, "%s: warning: %s\n", name, msg) }
	dir, err := history.Dir()
	var st *store.DB
	if err == nil {
		notice := func(msg string) { fmt.Fprintf(stderr, "%s: %s\n", name, msg) }
		if msg := store.ImportNotice(dir); msg != "" {
			notice(msg)
		}
		st, err = store.OpenNotify(dir, warn, notice)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return nil, false
	}
	// The games that wait to be kept are kept first, or wait on.
	if _, msg, _, _ := session.KeepWaiting(st); msg != "" {
		warn(msg)
	}
	return st, true
}

// FindGame returns the game that target names (see kept.Find), opening
// the records with OpenRecords: name is the command's, for the store's
// warnings.
func FindGame(name, target string, stderr io.Writer) (history.Game, error) {
	return kept.Find(context.Background(), target, func() (kept.Records, error) {
		if st, ok := OpenRecords(name, stderr); ok {
			return st, nil
		}
		return nil, errors.New("the history cannot be read")
	})
}

// LazyRecords returns how a command that may need the player's records
// (replay, analyse: not for a file) opens them, once and only when asked,
// and what closes what it opened.
func LazyRecords(name string, stderr io.Writer) (open func() (kept.Records, error), closeStore func()) {
	var st *store.DB
	open = func() (kept.Records, error) {
		if st == nil {
			s, ok := OpenRecords(name, stderr)
			if !ok {
				return nil, errors.New("the history cannot be read")
			}
			st = s
		}
		return st, nil
	}
	return open, func() {
		if st != nil {
			st.Close()
		}
	}
}

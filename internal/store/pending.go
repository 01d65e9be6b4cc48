package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// The games a store could not take when they ended (the database busy
// past its wait, the disk full, the file read-only or damaged) wait in
// pending files, one a game, in the directory PendingDir of the state
// directory, or of a server's data directory, a directory a player. Each
// is the game's record as the history keeps it (history.Game's JSON),
// written to a temporary file, synced, renamed into place and its
// directory synced: a file there is a whole game. Their names sort in
// the order the games ended. KeepPending keeps them, in that order, each
// once: a game kept already (a kill between its commit and the removal
// of its file) is found in the same transaction and not kept again.

// PendingDir is the directory of the pending games in the state
// directory.
const PendingDir = "pending"

// pendingPrefix and pendingSuffix make the name of a pending game:
// pendingPrefix, the date it ended as 20 digits that sort as the dates
// do, a random part, pendingSuffix.
const (
	pendingPrefix = "game-"
	pendingSuffix = ".json"
)

// asideSuffix marks a pending file that could not be read, moved aside
// (NAME.corrupt), kept for whoever wants to look at it.
const asideSuffix = ".corrupt"

// pendingDir returns the directory of d's player's pending games, or ""
// when d has no directory to keep them in.
func (d *DB) pendingDir() string {
	if d.dir == "" {
		return ""
	}
	dir := filepath.Join(d.dir, PendingDir)
	if d.player != "" {
		// A player's id is a key's fingerprint, "SHA256:" and base64:
		// its hash names a directory on any file system.
		sum := sha256.Sum256([]byte(d.player))
		dir = filepath.Join(dir, "player-"+hex.EncodeToString(sum[:16]))
	}
	return dir
}

// errNoPendingDir: the store has no directory for pending games.
var errNoPendingDir = errors.New("the records have no directory to keep games for later")

// Pend keeps g, a finished game the store could not take, in a pending
// file of its own, durably, to be kept by KeepPending: at the next start,
// or the next game kept. It returns the file's name; name, when not "",
// is a pending game's that g takes the place of, as one write.
func (d *DB) Pend(g history.Game, name string) (string, error) {
	dir := d.pendingDir()
	if dir == "" {
		return "", errNoPendingDir
	}
	if name != "" && (filepath.Base(name) != name || !strings.HasPrefix(name, pendingPrefix) || !strings.HasSuffix(name, pendingSuffix)) {
		return "", fmt.Errorf("%q does not name a pending game", name)
	}
	g.V = history.Version
	rec, err := json.Marshal(&g)
	if err != nil {
		return "", fmt.Errorf("cannot write the game: %w", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	if name == "" {
		var rnd [8]byte
		rand.Read(rnd[:])
		// The date as an unsigned number, 1<<63 for the Unix epoch, sorts
		// as the dates do, those before 1970 too.
		name = fmt.Sprintf("%s%020d-%s%s", pendingPrefix, uint64(unixNano(g.Date))+1<<63, hex.EncodeToString(rnd[:]), pendingSuffix)
	}
	rec = append(rec, '\n')
	err = writeDurably(dir, name, rec)
	if errors.Is(err, syscall.ENOSPC) && os.Remove(filepath.Join(d.dir, PendingDir, reserveName)) == nil {
		err = writeDurably(dir, name, rec) // in the room kept for it
	}
	return name, err
}

// reserveName is a file of reserveSize bytes kept in PendingDir, removed
// to make room for a game when the disk is full, and made again once the
// games are kept.
const (
	reserveName = "reserve"
	reserveSize = 256 << 10
)

// reserve makes the file reserveName in PendingDir if it is not there.
func (d *DB) reserve() {
	if d.dir == "" {
		return
	}
	dir := filepath.Join(d.dir, PendingDir)
	path := filepath.Join(dir, reserveName)
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return
	}
	room := make([]byte, reserveSize)
	rand.Read(room) // room that no file system compresses away
	if err := os.WriteFile(path, room, 0o600); err != nil {
		os.Remove(path)
	}
}

// writeDurably writes data to the file name in dir, whole or not at all:
// to a temporary file, synced, renamed to name, the directory synced.
func writeDurably(dir, name string, data []byte) error {
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return syncDir(dir)
}

// syncDir syncs the directory dir, so that a rename in it lasts; Windows
// makes it last without (and syncs no directory).
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// pendingNames returns the names of the pending games in dir, in the
// order the games ended; none when there is no directory.
func pendingNames(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if strings.HasPrefix(n, pendingPrefix) && strings.HasSuffix(n, pendingSuffix) && e.Type().IsRegular() {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names, nil
}

// errPendingNewer: a pending game written by a newer minesweeper, left
// for it.
var errPendingNewer = errors.New("written by a newer minesweeper")

// decodePending returns the game of a pending file's content: a finished
// game, won or lost, as the history keeps it.
func decodePending(data []byte) (history.Game, error) {
	g, newer, err := history.DecodeLine(data)
	switch {
	case newer:
		return g, errPendingNewer
	case err != nil:
		return g, err
	case g.Result != "won" && g.Result != "lost":
		return g, fmt.Errorf("result %q: not a finished game", userfile.Printable(g.Result))
	}
	return g, nil
}

// KeepPending keeps d's player's pending games, in the order they ended,
// each with what decide makes of it given what the records held (as Keep
// does), and removes each file once its game is committed. It stops at
// the first game the store cannot take, and returns how many it kept and
// how many wait still. A file that cannot be read is moved aside
// (NAME.corrupt), with a warning; one of a newer minesweeper is left.
func (d *DB) KeepPending(ctx context.Context, decide func(history.Game, Prior) history.Game) (kept, left int, err error) {
	dir := d.pendingDir()
	if dir == "" {
		return 0, 0, nil
	}
	names, err := pendingNames(dir)
	if err != nil {
		return 0, 0, err
	}
	defer d.reserve()
	for i, name := range names {
		path := filepath.Join(dir, name)
		data, err := userfile.ReadFile(path, lineLimit)
		var g history.Game
		if err == nil {
			g, err = decodePending(data)
		}
		switch {
		case errors.Is(err, errPendingNewer), errors.Is(err, fs.ErrNotExist):
			continue // left for a newer minesweeper; kept by another process
		case err != nil:
			d.pendingAside(path, err)
			continue
		}
		if _, err := d.keepOnce(ctx, g, func(p Prior) history.Game { return decide(g, p) }); err != nil {
			return kept, len(names) - i, err
		}
		kept++
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			d.warn(userfile.Printable(fmt.Sprintf("a game kept from %s was not removed there (%v): it is found kept when it is read again", path, err)))
		}
	}
	return kept, 0, nil
}

// pendingAside moves the pending file path, which cannot be read for
// why, aside, with a warning.
func (d *DB) pendingAside(path string, why error) {
	aside := path + asideSuffix
	msg := fmt.Sprintf("a game waiting in %s cannot be read (%s); it was moved to %s", path, why, aside)
	if err := os.Rename(path, aside); err != nil {
		msg = fmt.Sprintf("a game waiting in %s cannot be read (%s), nor moved aside (%v)", path, why, err)
	}
	d.warn(userfile.Printable(msg))
}

// keepOnce keeps g as Keep does, unless the records hold it already (see
// keptAs), and returns its number.
func (d *DB) keepOnce(ctx context.Context, g history.Game, decide func(Prior) history.Game) (int64, error) {
	var n int64
	err := d.write(ctx, func(tx *sql.Tx) error {
		var err error
		if n, err = d.keptAs(ctx, tx, &g); err != nil || n != 0 {
			return err
		}
		n, err = d.keepIn(ctx, tx, g, decide)
		return err
	})
	return n, err
}

// keptAs returns the number of the game the records hold that is g, or 0
// for none. A game is known by what its record holds: the moment it
// ended, to the nanosecond, its board and seed, its result, its time and
// clicks. Its date's index finds the few games of that moment.
func (d *DB) keptAs(ctx context.Context, tx *sql.Tx, g *history.Game) (int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT n, record FROM games WHERE player = $1 AND date = $2`, d.player, unixNano(g.Date))
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	for rows.Next() {
		var n int64
		var data []byte
		if err := rows.Scan(&n, &data); err != nil {
			return 0, err
		}
		var b brief
		if json.Unmarshal(data, &b) != nil {
			continue
		}
		k := &b.Game
		if k.Date.Equal(g.Date) && k.Board == g.Board && k.Seed == g.Seed && k.Result == g.Result &&
			k.TimeMS == g.TimeMS && k.Clicks == g.Clicks && k.GaveUp == g.GaveUp {
			return n, nil
		}
	}
	return 0, rows.Err()
}

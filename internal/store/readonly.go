package store

// A store the system lets the program read but not write: a read-only
// file system, a file or directory of another user's. Its statistics and
// history are read; a game kept is refused, saying why.

import (
	"context"
	"fmt"

	sqlite3 "modernc.org/sqlite/lib"
)

// readOnlyAccess are the ways a file is opened to be read alone, in the
// order they are tried: read-only (SQLite still writes the WAL's shared
// memory file beside it, if it can), then immutable (nothing written at
// all: the file system is read-only, so no other program changes it).
var readOnlyAccess = []string{"mode=ro", "immutable=1"}

// cannotWrite reports whether err is SQLite's: the file, or the directory
// it needs to write beside it, cannot be opened to be written.
func cannotWrite(err error) bool {
	switch code(err) {
	case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM:
		return true
	}
	return false
}

// connectReadOnly opens the database to be read alone, after err refused
// to open it to be written too, and warns once that nothing will be kept.
// It returns err when the file cannot be read either.
func (d *DB) connectReadOnly(ctx context.Context, err error) error {
	for _, a := range readOnlyAccess {
		d.access = a
		if d.connect(ctx) == nil {
			d.warn(fmt.Sprintf("%s cannot be written (%v); the records are read, but no game is kept", d.path, err))
			return nil
		}
	}
	d.access = ""
	return err
}

// errCannotWrite is a write's error on a store opened to be read alone.
func (d *DB) errCannotWrite() error {
	return fmt.Errorf("%s cannot be written: it is opened read-only, as the system allows no more", d.path)
}

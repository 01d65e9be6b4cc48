package store

// A store the system lets the program read but not write: a read-only
// file system, a file or directory of another user's, a full disk. Its statistics and
// history are read; a game kept is refused, saying why.

import (
	"context"
	"errors"
	"fmt"

	"modernc.org/sqlite"
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

// diskFull reports whether err is SQLite's for a full disk: SQLITE_FULL,
// or the shared memory file of the WAL that cannot grow
// (SQLITE_IOERR_SHMSIZE), as a full file system refuses it.
func diskFull(err error) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	return se.Code()&0xff == sqlite3.SQLITE_FULL || se.Code() == sqlite3.SQLITE_IOERR_SHMSIZE
}

// connectReadOnly opens the database to be read alone, after err refused
// to open it to be written too, and warns once that nothing will be kept.
// It returns err when the file cannot be read either.
func (d *DB) connectReadOnly(ctx context.Context, err error) error {
	for _, a := range readOnlyAccess {
		d.access = a
		if d.connect(ctx) == nil {
			d.roCause = err
			d.warn(fmt.Sprintf("%s cannot be written (%v); the records are read, but no game is kept", d.path, err))
			return nil
		}
	}
	d.access = ""
	return err
}

// errCannotWrite is a write's error on a store opened to be read alone.
func (d *DB) errCannotWrite() error {
	return fmt.Errorf("%s cannot be written (%w): it was opened read-only", d.path, d.roCause)
}

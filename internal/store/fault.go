package store

import (
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
	sqlite3 "modernc.org/sqlite/lib"
)

// Fault is why the store refused a write, in words a player can be
// shown: no path, no error number (the error itself, for a log, has
// them).
type Fault uint8

// The faults.
const (
	NoFault       Fault = iota // the write was not refused
	FaultOther                 // another error
	FaultBusy                  // another writer held the records past the wait
	FaultFull                  // the disk is full
	FaultReadOnly              // the records cannot be written: a read-only file or file system, a newer minesweeper's
	FaultDamaged               // the database is damaged
)

// faultNames are the faults' words, in their order.
var faultNames = [...]string{
	NoFault:       "no fault",
	FaultOther:    "the records cannot be written now",
	FaultBusy:     "the records are busy",
	FaultFull:     "the disk is full",
	FaultReadOnly: "the records cannot be written",
	FaultDamaged:  "the records are damaged",
}

// String returns the fault in words a player can be shown.
func (f Fault) String() string {
	if int(f) < len(faultNames) {
		return faultNames[f]
	}
	return fmt.Sprintf("Fault(%d)", uint8(f))
}

// ErrDiskFull is the cause of an error of a write the disk had no room
// for.
var ErrDiskFull = errors.New("the disk is full")

// fullError is the database's error err for a full disk, the directory
// dir's. It reads as what the player can act on, without the database's
// words ("disk I/O error (4874)" for SQLite's shared memory file that
// cannot grow), and its causes are ErrDiskFull and err.
type fullError struct {
	dir string
	err error
}

func (e *fullError) Error() string   { return fmt.Sprintf("the disk is full (%s)", e.dir) }
func (e *fullError) Unwrap() []error { return []error{ErrDiskFull, e.err} }

// FaultOf returns why err, an error of a write to the store, refused it.
func FaultOf(err error) Fault {
	switch {
	case err == nil:
		return NoFault
	case errors.Is(err, ErrDiskFull):
		return FaultFull
	case errors.Is(err, ErrReadOnly):
		return FaultReadOnly
	}
	switch code(err) {
	case sqlite3.SQLITE_FULL:
		return FaultFull
	case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED:
		return FaultBusy
	case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM:
		return FaultReadOnly
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		return FaultDamaged
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch {
		case pe.Code == "53100": // disk_full
			return FaultFull
		case pe.Code == "40001", pe.Code == "40P01", pe.Code == "55P03": // serialization_failure, deadlock_detected, lock_not_available
			return FaultBusy
		case pe.Code == "25006": // read_only_sql_transaction
			return FaultReadOnly
		case pe.Code == "XX001", pe.Code == "XX002": // data_corrupted, index_corrupted
			return FaultDamaged
		}
	}
	return FaultOther
}

// fullDisk is the room under which a file system is full: a write that
// fails there failed for want of room.
const fullDisk = 64 << 10

// isFull reports whether the file system of dir has no room left (less
// than fullDisk); false where that cannot be told.
func isFull(dir string) bool {
	free, ok := freeSpace(dir)
	return ok && free < fullDisk
}

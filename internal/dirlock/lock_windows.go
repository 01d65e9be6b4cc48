//go:build windows

package dirlock

import (
	"os"

	"golang.org/x/sys/windows"
)

// errWouldBlock is what lockFile returns when another holds the lock.
var errWouldBlock = windows.ERROR_LOCK_VIOLATION

// lockFile takes an exclusive lock on f's first byte without waiting.
func lockFile(f *os.File) error {
	ol := new(windows.Overlapped)
	return windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
}

// unlockFile lets f's lock go.
func unlockFile(f *os.File) error {
	ol := new(windows.Overlapped)
	return windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, ol)
}

//go:build unix

package dirlock

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// errWouldBlock is what lockFile returns when another holds the lock.
var errWouldBlock = unix.EWOULDBLOCK

// lockFile takes an exclusive flock on f without waiting. A flock belongs
// to the open file, so a second open of the same file in this process is
// refused as another process's would be.
func lockFile(f *os.File) error {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if !errors.Is(err, unix.EINTR) {
			return err
		}
	}
}

// unlockFile lets f's flock go.
func unlockFile(f *os.File) error { return unix.Flock(int(f.Fd()), unix.LOCK_UN) }

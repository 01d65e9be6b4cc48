// Package dirlock is a lock on a directory that one process at a time may
// hold: the operating system's advisory lock on a file in it (flock on
// Unix, LockFileEx on Windows), which the system lets go of when the
// holder exits, however it exits, so a killed holder never leaves the
// directory locked.
package dirlock

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrHeld is the error Lock returns, wrapped, when another process holds
// the lock.
var ErrHeld = errors.New("the directory is in use by another process")

// Lock is a held lock; Unlock lets it go.
type Lock struct {
	f *os.File
}

// Take takes the lock named name (a file of dir) without waiting, and
// writes the process's id in its file for the message another process
// reads. It returns an error wrapping ErrHeld, and naming the holder's
// process id when its file tells it, if another process holds it.
func Take(dir, name string) (*Lock, error) {
	path := filepath.Join(dir, name)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := lockFile(f); err != nil {
		holder := ""
		if pid := readPID(f); pid > 0 {
			holder = fmt.Sprintf(" (process %d)", pid)
		}
		f.Close()
		if errors.Is(err, errWouldBlock) {
			return nil, fmt.Errorf("%w%s", ErrHeld, holder)
		}
		return nil, err
	}
	// The id is a courtesy for the message: the lock is the system's.
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &Lock{f: f}, nil
}

// Unlock lets the lock go. The file stays: removing it could let a
// process that opened it before lock a file nobody else sees.
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := unlockFile(l.f)
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	return err
}

// readPID returns the process id written in f, or 0.
func readPID(f *os.File) int {
	buf := make([]byte, 32)
	n, _ := f.ReadAt(buf, 0)
	pid, err := strconv.Atoi(strings.TrimSpace(string(buf[:n])))
	if err != nil || pid <= 0 {
		return 0
	}
	return pid
}

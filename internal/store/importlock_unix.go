//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
)

// lockImport takes the lock of the imports of the directory's store, the
// file path, without waiting: the system lets it go when the process
// ends, killed or not. It reports false, and no error, when another
// process holds it; unlock lets it go.
func lockImport(path string) (unlock func(), ok bool, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, false, err
	}
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		f.Close()
		return nil, false, nil
	}
	if err != nil {
		f.Close()
		return nil, false, err
	}
	return func() { f.Close() }, true, nil
}

//go:build !unix && !windows

package dirlock

import (
	"errors"
	"os"
)

// errWouldBlock is never returned here.
var errWouldBlock = errors.New("locked")

// lockFile does nothing where the system has no file locks (Plan 9,
// WebAssembly): a directory is not guarded there.
func lockFile(*os.File) error { return nil }

// unlockFile does nothing.
func unlockFile(*os.File) error { return nil }

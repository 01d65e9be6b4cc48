//go:build !unix

package term

import "os"

// stopSignals is empty where there is no job control.
var stopSignals []os.Signal

// isStopSignal reports whether sig suspends the game: never, here.
func isStopSignal(os.Signal) bool { return false }

// SuspendSelf does nothing where there is no job control.
func SuspendSelf() {}

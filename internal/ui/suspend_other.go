//go:build !unix

package ui

import "os"

// stopSignals is empty where there is no job control.
var stopSignals []os.Signal

// isStopSignal reports whether sig suspends the game: never, here.
func isStopSignal(os.Signal) bool { return false }

// suspendSelf does nothing where there is no job control.
func suspendSelf() {}

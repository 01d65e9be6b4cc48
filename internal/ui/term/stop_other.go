//go:build unix && !(linux && !mips && !mipsle && !mips64 && !mips64le)

package term

import "os"

// stopSignals is empty here: without a way to give SIGTSTP its default
// action back once caught (see stop_linux.go), catching it would leave the
// game unable to stop itself on Ctrl-Z. kill -TSTP stops the game with the
// screen as it is, and fg brings it back after Ctrl-L.
var stopSignals []os.Signal

// withDefaultStop runs stop: SIGTSTP is never caught here.
func withDefaultStop(stop func()) error {
	stop()
	return nil
}

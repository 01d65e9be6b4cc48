//go:build unix

package term

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// isStopSignal reports whether sig suspends the game.
func isStopSignal(sig os.Signal) bool { return sig == syscall.SIGTSTP }

// SuspendSelf stops the process group as the shell's Ctrl-Z would, and
// returns once the shell continues it (fg).
//
// SIGTSTP takes its default action, stopping, only while withDefaultStop
// runs: the game otherwise catches it (see stopSignals). The signal is
// taken by some thread after kill returns, so the default action stays
// until SIGCONT arrives. A process group with no shell to continue it (an
// orphaned one) is never stopped, so SuspendSelf waits a second at most.
func SuspendSelf() {
	cont := make(chan os.Signal, 1)
	signal.Notify(cont, syscall.SIGCONT)
	defer signal.Stop(cont)
	_ = withDefaultStop(func() {
		if err := syscall.Kill(0, syscall.SIGTSTP); err != nil {
			return
		}
		select {
		case <-cont:
		case <-time.After(time.Second):
		}
	})
}

//go:build unix

package ui

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// suspendSelf stops the process group as the shell's Ctrl-Z would, and
// returns once the shell continues it (fg).
//
// The stop is not immediate: the runtime takes SIGTSTP on some thread and
// raises it again, so kill returns first. suspendSelf waits for SIGCONT, or
// a second at most, since a process group with no shell to continue it
// (an orphaned one) is never stopped.
func suspendSelf() {
	cont := make(chan os.Signal, 1)
	signal.Notify(cont, syscall.SIGCONT)
	defer signal.Stop(cont)
	if err := syscall.Kill(0, syscall.SIGTSTP); err != nil {
		return
	}
	select {
	case <-cont:
	case <-time.After(time.Second):
	}
}

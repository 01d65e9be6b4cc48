//go:build unix

package ui

import "syscall"

// suspendSelf stops the process group as the shell's Ctrl-Z would, and
// returns when the shell continues it (fg).
func suspendSelf() { _ = syscall.Kill(0, syscall.SIGTSTP) }

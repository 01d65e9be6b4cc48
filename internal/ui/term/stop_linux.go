//go:build linux && !mips && !mipsle && !mips64 && !mips64le

package term

import (
	"os"
	"syscall"
	"unsafe"
)

// stopSignals suspend the game: SIGTSTP, which kill -TSTP sends, is taken
// as the in-game Ctrl-Z, so the screen is released before the process stops
// and taken back when it continues.
var stopSignals = []os.Signal{syscall.SIGTSTP}

// withDefaultStop runs stop with SIGTSTP's default action, stopping, in
// force, then puts the Go runtime's handler back.
//
// Once os/signal has caught SIGTSTP, the runtime keeps its handler even
// after signal.Reset, and drops a SIGTSTP that no channel wants: the
// process could not stop itself. So the kernel's action is set to SIG_DFL
// directly. Only the zero action is written and the old one is handed back
// byte for byte, so the layout of struct sigaction, which differs between
// architectures, does not matter; the buffers exceed its size on all of
// them but MIPS, whose signal set is larger and which is left out.
func withDefaultStop(stop func()) error {
	var dfl, old [64]byte // SIG_DFL is 0, and so are the flags and mask
	const setSize = 8     // bytes in the kernel's signal set: 64 signals
	if _, _, e := syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(syscall.SIGTSTP),
		uintptr(unsafe.Pointer(&dfl)), uintptr(unsafe.Pointer(&old)), setSize, 0, 0); e != 0 {
		return e
	}
	defer syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(syscall.SIGTSTP),
		uintptr(unsafe.Pointer(&old)), 0, setSize, 0, 0)
	stop()
	return nil
}

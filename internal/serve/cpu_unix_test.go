//go:build unix

package serve

import (
	"bytes"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/cputime"
	"golang.org/x/sys/unix"
)

// processCPU returns the CPU time the whole process has used, user and
// system: internal/cputime reads a thread's only.
func processCPU(tb testing.TB) time.Duration {
	tb.Helper()
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		tb.Fatalf("getrusage: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// othersCPU works for own of this thread's CPU time (cputime.Thread) and
// returns the CPU time the rest of the process used meanwhile: about none
// when the process is idle but for the test, about as much as own or more
// for each goroutine left spinning, however busy the machine is, for a
// spinning goroutine and this one share the cores alike.
func othersCPU(tb testing.TB, own time.Duration) time.Duration {
	tb.Helper()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	p0, t0 := processCPU(tb), cputime.Thread()
	for cputime.Thread()-t0 < own {
	}
	return processCPU(tb) - p0 - (cputime.Thread() - t0)
}

// checkIdle fails the test if the rest of the process works while this
// goroutine works: a session's goroutine left spinning after its client
// has gone.
func checkIdle(t *testing.T) {
	t.Helper()
	if !cputime.Supported() {
		return
	}
	const own = 100 * time.Millisecond
	if others := othersCPU(t, own); others > own/2 {
		t.Errorf("the process used %v of CPU beside the test's %v: something still works", others, own)
	}
}

// BenchmarkPaste measures the CPU time a mebibyte pasted into a session
// costs, the q after it answered and the session ended: the whole
// process's, the client's encryption and the test's terminal included, so
// the server's is less. Issue 37 measured 244 CPU-s before the input's
// budget. The zeros are ssh -tt host < /dev/zero.
func BenchmarkPaste(b *testing.B) {
	for _, bb := range []struct {
		name string
		key  byte
	}{{"text", 'x'}, {"zeros", 0}} {
		b.Run(bb.name, func(b *testing.B) {
			clk := newTestClock()
			ts := startServer(b, Config{Now: clk.now, Limits: limits(func(l *Limits) { l.Handshake = 0 })})
			c := ts.dial(b, nil)
			paste := string(bytes.Repeat([]byte{bb.key}, 1<<20))
			var cpu time.Duration
			for b.Loop() {
				tm := open(b, c, 80, 24)
				tm.waitFor("q quit")
				start := processCPU(b)
				tm.send(paste)
				tm.waitFor(fmt.Sprintf("%d ignored", len(paste)-inputBurst))
				clk.advance(time.Second)
				tm.send("q")
				tm.wait()
				cpu += processCPU(b) - start
			}
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/MiB")
		})
	}
}

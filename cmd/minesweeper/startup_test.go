//go:build linux

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// BenchmarkStartup builds the binary and a Go hello world (testdata/hello)
// and starts each in turn, b.N times: hello and "minesweeper version" from
// the process's start to its exit, and the game from its start in a pty to
// its first frame (the alternate screen and the status line arriving on
// the pty). It reports the median of each in ms and the ratios the issue
// sets targets for: version/hello (2x) and firstframe/hello (3x). The
// binary is built as go install builds it (with cgo where a C compiler is
// found, so linked to the C library at run time); the static-* figures are
// those of the binary built with CGO_ENABLED=0, as the README's container
// builds it.
//
//	go test -run '^$' -bench Startup -benchtime 30x ./cmd/minesweeper/
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	bin, static, hello := filepath.Join(dir, "minesweeper"), filepath.Join(dir, "static"), filepath.Join(dir, "hello")
	for _, build := range []struct {
		cgo  string
		args []string
	}{{"", []string{"-o", bin, "."}}, {"CGO_ENABLED=0", []string{"-o", static, "."}}, {"", []string{"-o", hello, "./testdata/hello"}}} {
		cmd := exec.Command("go", append([]string{"build"}, build.args...)...)
		if cmd.Env = os.Environ(); build.cgo != "" {
			cmd.Env = append(cmd.Env, build.cgo)
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("%s go build %v: %v\n%s", build.cgo, build.args, err, out)
		}
	}
	home := filepath.Join(dir, "home")
	// hello, version, first frame, and both of the static binary: the
	// time each takes, and the CPU time of those that exit (which a busy
	// machine changes less).
	var times, cpus [5][]time.Duration
	b.ResetTimer()
	for range b.N {
		for i, start := range []func() (time.Duration, time.Duration, error){
			func() (time.Duration, time.Duration, error) { return timeRun(hello) },
			func() (time.Duration, time.Duration, error) { return timeRun(bin, "version") },
			func() (time.Duration, time.Duration, error) { return timeFirstFrame(bin, home) },
			func() (time.Duration, time.Duration, error) { return timeRun(static, "version") },
			func() (time.Duration, time.Duration, error) { return timeFirstFrame(static, home) },
		} {
			d, cpu, err := start()
			if err != nil {
				b.Fatal(err)
			}
			times[i], cpus[i] = append(times[i], d), append(cpus[i], cpu)
		}
	}
	b.StopTimer()
	var m, c [5]time.Duration
	for i := range times {
		m[i], c[i] = median(times[i]), median(cpus[i])
	}
	b.ReportMetric(ms(m[0]), "hello-ms")
	b.ReportMetric(ms(m[1]), "version-ms")
	b.ReportMetric(ms(m[2]), "firstframe-ms")
	b.ReportMetric(float64(m[1])/float64(m[0]), "version/hello")
	b.ReportMetric(float64(m[2])/float64(m[0]), "firstframe/hello")
	b.ReportMetric(float64(m[3])/float64(m[0]), "static-version/hello")
	b.ReportMetric(float64(m[4])/float64(m[0]), "static-firstframe/hello")
	b.ReportMetric(float64(c[1])/float64(c[0]), "version-cpu/hello-cpu")
	b.ReportMetric(float64(c[3])/float64(c[0]), "static-version-cpu/hello-cpu")
}

// timeRun returns how long the program takes from its start to its exit,
// and the CPU time it used (user and system).
func timeRun(name string, args ...string) (wall, cpu time.Duration, err error) {
	cmd := exec.Command(name, args...)
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, 0, fmt.Errorf("%s %v: %v\n%s", name, args, err, out)
	}
	wall = time.Since(start)
	return wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

// firstFrame is what the game's first frame shows on an 80x24 terminal:
// the switch to the alternate screen, then the status line.
var firstFrame = [][]byte{[]byte("\x1b[?1049h"), []byte("playing")}

// timeFirstFrame starts the game in a new 80x24 pty, with its history in
// home, and returns how long its first frame takes to arrive (and no CPU
// time: the game is still running); it then ends the game.
func timeFirstFrame(bin, home string) (wall, cpu time.Duration, err error) {
	ptm, pts, err := openPTY(24, 80)
	if err != nil {
		return 0, 0, err
	}
	defer ptm.Close()
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "MINESWEEPER_HOME="+home, "TERM=xterm-256color", "NO_COLOR=", "LANG=C.UTF-8")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pts, pts, pts
	cmd.SysProcAttr = &unix.SysProcAttr{Setsid: true, Setctty: true}
	start := time.Now()
	err = cmd.Start()
	pts.Close()
	if err != nil {
		return 0, 0, err
	}
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	var seen []byte
	buf := make([]byte, 64<<10)
	for {
		n, err := ptm.Read(buf)
		seen = append(seen, buf[:n]...)
		if i := bytes.Index(seen, firstFrame[0]); i >= 0 && bytes.Contains(seen[i:], firstFrame[1]) {
			return time.Since(start), 0, nil
		}
		if err != nil {
			return 0, 0, fmt.Errorf("no first frame (%v) in %q", err, seen)
		}
	}
}

// openPTY opens a new pseudo-terminal of rows x cols and returns its
// master and its slave.
func openPTY(rows, cols int) (ptm, pts *os.File, err error) {
	fd, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, nil, err
	}
	ptm = os.NewFile(uintptr(fd), "/dev/ptmx")
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err == nil {
		err = unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0)
	}
	if err == nil {
		err = unix.IoctlSetWinsize(fd, unix.TIOCSWINSZ, &unix.Winsize{Row: uint16(rows), Col: uint16(cols)})
	}
	if err == nil {
		pts, err = os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	}
	if err != nil {
		ptm.Close()
		return nil, nil, errors.Join(errors.New("open a pty"), err)
	}
	return ptm, pts, nil
}

// median returns the median of ds (which it sorts).
func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// ms returns d in milliseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

//go:build unix

package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/testwait"
)

// tmuxControl is a tmux client in control mode (tmux -C) attached to a
// test's session for the whole test. The test's commands go to it a line
// each and their output comes back between %begin and %end: no tmux
// client is started per command, where a test that looked at its screen
// every 50 ms started twenty a second, the more the busier the machine.
// Its %output notifications say when the pane wrote, so that a wait looks
// at the screen again when it changed.
//
// A command the client has not answered within controlPatience (a stall of
// the client, never seen but once, on a loaded machine) is run by a tmux
// client of its own, as is every later one: the client still tells of the
// pane's changes.
type tmuxControl struct {
	sock    string
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	stderr  strings.Builder
	mu      sync.Mutex // one command at a time: replies come in order
	stalled bool       // the client did not answer a command: commands start clients of their own
	replies chan tmuxReply
	changed chan struct{} // holds a value when the pane wrote since the last drain
	done    chan struct{} // closed when the client's output ends
	// midFrame reports whether the pane's program began a frame of
	// synchronized output (as tcell writes each) and has not ended it: a
	// frame larger than the pty's buffer comes in pieces, between which
	// a busy machine may leave the screen half drawn.
	midFrame atomic.Bool
}

// The marks of synchronized output around a frame, as an %output line
// escapes them.
const (
	frameBegin = `\033[?2026h`
	frameEnd   = `\033[?2026l`
)

// outputData returns what the pane wrote, as an %output or
// %extended-output line of the control client gives it: "%output PANE
// DATA", "%extended-output PANE AGE ... : DATA".
func outputData(line string) string {
	if strings.HasPrefix(line, "%extended-output ") {
		if _, data, ok := strings.Cut(line, " : "); ok {
			return data
		}
		return ""
	}
	f := strings.SplitN(line, " ", 3)
	if len(f) < 3 {
		return ""
	}
	return f[2]
}

// frameMarks notes in c.midFrame where the output so far leaves the
// frames: tail is the end of the output before out, for a mark cut in
// two; it returns the new tail.
func (c *tmuxControl) frameMarks(tail, out string) string {
	s := tail + out
	if b, e := strings.LastIndex(s, frameBegin), strings.LastIndex(s, frameEnd); b != e {
		c.midFrame.Store(b > e)
	}
	return s[max(len(s)-len(frameBegin)+1, 0):]
}

// controlPatience is how long a command waits for the control client's
// answer before it is run by a client of its own. It decides nothing of
// the test's: the command runs either way.
const controlPatience = 10 * time.Second

// tmuxReply is the output of one command, and whether it failed.
type tmuxReply struct {
	out    string
	failed bool
}

// startControl attaches a control client to the session e2e of the tmux
// server at sock.
func startControl(sock string) (*tmuxControl, error) {
	c := &tmuxControl{
		sock:    sock,
		cmd:     exec.Command("tmux", "-L", sock, "-C", "attach-session", "-t", "e2e"),
		replies: make(chan tmuxReply, 64),
		changed: make(chan struct{}, 1),
		done:    make(chan struct{}),
	}
	c.cmd.Env = append(os.Environ(), "NO_COLOR=", "TERM=xterm-256color")
	c.cmd.Stderr = &c.stderr
	var err error
	if c.stdin, err = c.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := c.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := c.cmd.Start(); err != nil {
		return nil, err
	}
	go c.read(stdout)
	return c, nil
}

// read reads the client's output to its end: the blocks that answer the
// commands this client sent (flags 1) go to replies, in order, and any
// %output marks the pane changed.
func (c *tmuxControl) read(stdout io.Reader) {
	defer close(c.done)
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64<<10), 16<<20) // an %output line holds what the pane wrote at once
	var (
		block []string
		guard string // "TIME NUMBER FLAGS" of the block being read, or ""
		tail  string // the end of the pane's output, for frameMarks
	)
	for sc.Scan() {
		line := sc.Text()
		if guard != "" {
			end, failed := line == "%end "+guard, line == "%error "+guard
			if !end && !failed {
				block = append(block, line)
				continue
			}
			if strings.HasSuffix(guard, " 1") {
				out := ""
				if len(block) > 0 {
					out = strings.Join(block, "\n") + "\n"
				}
				select {
				case c.replies <- tmuxReply{out, failed}:
				default: // answers no one reads, once the client stalled: the reading goes on
				}
			}
			guard, block = "", nil
			continue
		}
		switch {
		case strings.HasPrefix(line, "%begin "):
			guard = strings.TrimPrefix(line, "%begin ")
		case strings.HasPrefix(line, "%output "), strings.HasPrefix(line, "%extended-output "):
			tail = c.frameMarks(tail, outputData(line))
			select {
			case c.changed <- struct{}{}:
			default:
			}
		}
	}
	go io.Copy(io.Discard, stdout) // a line too long ends the reading, not the client
}

// run sends one command, its arguments quoted for tmux's parser, and
// returns its output. It gives up at the test's deadline.
func (c *tmuxControl) run(t testing.TB, args []string) (string, error) {
	quoted := make([]string, len(args))
	for i, a := range args {
		if strings.ContainsAny(a, "\n\r") {
			return "", errors.New("an argument with a line break: the control client would take two commands")
		}
		quoted[i] = tmuxQuote(a)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stalled {
		return c.spawn(args)
	}
	if _, err := io.WriteString(c.stdin, strings.Join(quoted, " ")+"\n"); err != nil {
		return "", fmt.Errorf("the control client: %v; %s", err, c.stderr.String())
	}
	patience := time.NewTimer(controlPatience)
	defer patience.Stop()
	select {
	case r := <-c.replies:
		if r.failed {
			return r.out, errors.New("refused")
		}
		return r.out, nil
	case <-c.done:
		return "", fmt.Errorf("the control client ended: %s", c.stderr.String())
	case <-patience.C:
		t.Logf("the tmux control client did not answer %q in %v: each command starts a tmux client from now on", args, controlPatience)
		c.stalled = true
		return c.spawn(args)
	}
}

// spawn runs one command in a tmux client of its own.
func (c *tmuxControl) spawn(args []string) (string, error) {
	cmd := exec.Command("tmux", append([]string{"-L", c.sock}, args...)...)
	cmd.Env = append(os.Environ(), "NO_COLOR=", "TERM=xterm-256color")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// wrote reports whether the pane wrote since the last drain, and drains.
func (c *tmuxControl) wrote() bool {
	select {
	case <-c.changed:
		return true
	default:
		return false
	}
}

// drain forgets the pane's changes so far.
func (c *tmuxControl) drain() {
	select {
	case <-c.changed:
	default:
	}
}

// close detaches the client and waits for it to end (the server, killed
// after, ends a client that stalled).
func (c *tmuxControl) close() {
	c.stdin.Close()
	if !c.stalled {
		<-c.done
	}
}

// wait reaps the client, once the server is killed.
func (c *tmuxControl) wait() { _ = c.cmd.Wait() }

// tmuxQuote quotes s as one argument for tmux's command parser: in double
// quotes, where a backslash escapes '\', '"' and '$' (which would name an
// environment variable).
func tmuxQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, `$`, `\$`).Replace(s) + `"`
}

// lookAgain is how long a wait for a screen goes without a notification
// before it looks again: a change that writes nothing to the pane (its
// command's end) sends none.
const lookAgain = 200 * time.Millisecond

// waitUntil looks at the pane until its screen satisfies ok, and returns
// the screen; what says what the test waits for. It looks again when the
// pane wrote, or lookAgain after the last look. A screen that satisfies ok
// is taken once the pane wrote nothing during the look and no frame is
// half written (midFrame): a look as the first part of a frame arrives
// would show the header of a screen over the board of the one before. Only a hang fails it: it gives up at the
// test's deadline (testwait.Limit).
func (tm *tmuxGame) waitUntil(what string, ok func(screen string) bool) string {
	tm.t.Helper()
	limit := testwait.After(tm.t)
	tick := time.NewTicker(lookAgain)
	defer tick.Stop()
	for {
		// Changes after the drain wake the wait below: none is missed
		// between the look and the wait.
		tm.ctl.drain()
		screen := tm.capture()
		if ok(screen) && !tm.ctl.midFrame.Load() {
			if !tm.ctl.wrote() {
				return screen
			}
			continue // the rest of the frame: look again
		}
		select {
		case <-tm.ctl.changed:
		case <-tick.C:
		case <-limit:
			if screen = tm.capture(); ok(screen) {
				return screen
			}
			tm.t.Fatalf("the screen never showed %s by the test's deadline; it shows:\n%s", what, screen)
		}
	}
}

// TestFrameMarks checks that the control client knows when the pane is
// in the middle of a frame, its marks whole or cut between two %output
// lines.
func TestFrameMarks(t *testing.T) {
	tests := []struct {
		name string
		outs []string
		want bool
	}{
		{"no marks", []string{`%output %1 abc`}, false},
		{"a frame begun", []string{`%output %1 \033[?2026h\033[H|  `}, true},
		{"a frame ended", []string{`%output %1 \033[?2026hab`, `%output %1 cd\033[?2026l`}, false},
		{"ended, then another begun", []string{`%output %1 \033[?2026l x \033[?2026h`}, true},
		{"the end cut in two", []string{`%output %1 \033[?2026h abc\033[?20`, `%output %1 26l`}, false},
		{"the beginning cut in two", []string{`%output %1 \033[?2026l \033[`, `%output %1 ?2026h x`}, true},
		{"a line without marks keeps the state", []string{`%output %1 \033[?2026h`, `%output %1 more`}, true},
	}
	for _, tt := range tests {
		var c tmuxControl
		tail := ""
		for _, o := range tt.outs {
			tail = c.frameMarks(tail, outputData(o))
		}
		if got := c.midFrame.Load(); got != tt.want {
			t.Errorf("%s: midFrame = %v; want %v", tt.name, got, tt.want)
		}
	}
}

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
type tmuxControl struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	stderr  strings.Builder
	mu      sync.Mutex // one command at a time: replies come in order
	replies chan tmuxReply
	changed chan struct{} // holds a value when the pane wrote since the last drain
	done    chan struct{} // closed when the client's output ends
}

// tmuxReply is the output of one command, and whether it failed.
type tmuxReply struct {
	out    string
	failed bool
}

// startControl attaches a control client to the session e2e of the tmux
// server at sock.
func startControl(sock string) (*tmuxControl, error) {
	c := &tmuxControl{
		cmd:     exec.Command("tmux", "-L", sock, "-C", "attach-session", "-t", "e2e"),
		replies: make(chan tmuxReply, 1), // a reply no one waits for any more does not stop the reading
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
				c.replies <- tmuxReply{out, failed}
			}
			guard, block = "", nil
			continue
		}
		switch {
		case strings.HasPrefix(line, "%begin "):
			guard = strings.TrimPrefix(line, "%begin ")
		case strings.HasPrefix(line, "%output "), strings.HasPrefix(line, "%extended-output "):
			select {
			case c.changed <- struct{}{}:
			default:
			}
		}
	}
	io.Copy(io.Discard, stdout)
}

// run sends one command, its arguments quoted for tmux's parser, and
// returns its output. It gives up at the test's deadline.
func (c *tmuxControl) run(t testing.TB, args []string) (string, error) {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = tmuxQuote(a)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := io.WriteString(c.stdin, strings.Join(quoted, " ")+"\n"); err != nil {
		return "", fmt.Errorf("the control client: %v; %s", err, c.stderr.String())
	}
	select {
	case r := <-c.replies:
		if r.failed {
			return r.out, errors.New("refused")
		}
		return r.out, nil
	case <-c.done:
		return "", fmt.Errorf("the control client ended: %s", c.stderr.String())
	case <-testwait.After(t):
		return "", errors.New("no answer by the test's deadline")
	}
}

// drain forgets the pane's changes so far.
func (c *tmuxControl) drain() {
	select {
	case <-c.changed:
	default:
	}
}

// close detaches the client and waits for it to end.
func (c *tmuxControl) close() {
	c.stdin.Close()
	<-c.done
	_ = c.cmd.Wait()
}

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
// pane wrote, or lookAgain after the last look. Only a hang fails it: it
// gives up at the test's deadline (testwait.Limit).
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
		if ok(screen) {
			return screen
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

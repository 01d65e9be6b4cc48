//go:build unix

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/testwait"
	"github.com/minesweeper-go/minesweeper/internal/userfile"
)

// e2eBinary skips the test without tmux (or fails it when CI is set) and
// returns a new temporary directory and the binary's path. The binary is
// built once, by the first test to ask, for every test: they run it and
// none changes it.
//
// The end-to-end tests run in parallel (t.Parallel): each waits on its
// terminal most of the time, and each has tmux servers, state directories
// and files of its own, and sets no environment variable.
//
// They drive the binary, which is built without the race detector, from
// the outside: under it, only the test's own waiting on tmux is checked,
// at a third more CPU. So they skip themselves there, and make test runs
// them, TestE2E followed by anything (NORACE_TESTS), in its run without
// it; a test that asks for the binary must be named so.
func e2eBinary(t *testing.T) (dir, bin string) {
	t.Helper()
	if !strings.HasPrefix(t.Name(), "TestE2E") {
		t.Fatalf("%s: an end-to-end test's name starts with TestE2E, as make test's run without the race detector lists them", t.Name())
	}
	if raceEnabled {
		t.Skip("the end-to-end tests run without the race detector (make test's test-norace)")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("tmux is needed for the end-to-end test in CI: %v", err)
		}
		t.Skipf("tmux not found: %v", err)
	}
	bin, err := buildBinary()
	if err != nil {
		t.Fatal(err)
	}
	return t.TempDir(), bin
}

// releaseFlags are the -ldflags a release sets, as .goreleaser.yaml does:
// the binary of the tests is built with them, which TestVersionLinked
// checks.
const releaseFlags = "-X main.version=v1.2.3 -X main.commit=abc123 -X main.date=2026-01-02T15:04:05Z"

// buildBinary builds the binary into binDir, once, and returns its path:
// the end-to-end tests and TestVersionLinked share it (each build is a
// link of the whole program).
var buildBinary = sync.OnceValues(func() (string, error) {
	bin := filepath.Join(binDir, "minesweeper")
	if out, err := exec.Command("go", "build", "-ldflags", releaseFlags, "-o", bin, ".").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build -ldflags %q: %v\n%s", releaseFlags, err, out)
	}
	return bin, nil
})

// TestE2E plays the built binary in a real terminal: tmux, 80x24. It needs
// tmux; without it the test is skipped, or fails when CI is set.
func TestE2E(t *testing.T) {
	t.Parallel()
	dir, bin := e2eBinary(t)
	// The 5x4 board of the ui tests: mines at row 0 column 0 and row 3
	// column 3. Opening the top-right corner floods all but (4,3).
	rec := filepath.Join(dir, "small.txt")
	if err := os.WriteFile(rec, []byte("4 5 2 0\n0 0\n3 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The same board with the flood already clicked.
	clicked := filepath.Join(dir, "clicked.txt")
	if err := os.WriteFile(clicked, []byte("4 5 2 1\n0 0\n3 3\n0 4\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	t.Run("open flag chord win, q", func(t *testing.T) {
		tm := startTmux(t, bin, "-ascii", "-board", rec)
		tm.waitFor("[ playing ]")
		tm.keys("$", "Enter")
		tm.waitFor("|    1 # # |") // row 3 after the flood
		tm.keys("j", "j", "j", "h", "f")
		tm.waitFor("|    1 F # |")
		tm.waitFor("Mines 1/2 ")
		tm.keys("k", "l", "Enter") // chord on the 1 at (4,2)
		tm.waitFor("[ You win ]")
		tm.waitFor("|    1 F 1 |")
		tm.keys("q")
		tm.checkExit(" on 5x4n2, board " + rec)
		tm.checkLine(`^You win in \d+\.\d\ds on 5x4n2, board .*; 3BV 2, .* 3BV/s, 3 clicks, 67% efficiency; (IOS [\d.]+, )?RQP [\d.]+, ZiNi 2, ZNE 67%, 1 open, 1 chord, 1 flag, 0 wasted, correctness 100%, throughput 0.67, 1 opening, 1 island; known board: not in the records; no guess forced; replay: minesweeper replay 1$`)
		// The won game was kept: stats reads it back.
		stats := exec.Command(bin, "stats", "-json")
		stats.Env = append(os.Environ(), "MINESWEEPER_HOME="+tm.home)
		out, err := stats.Output()
		if err != nil {
			t.Fatalf("minesweeper stats -json: %v", err)
		}
		var kinds []struct {
			Played, Won int
		}
		if err := json.Unmarshal(out, &kinds); err != nil || len(kinds) != 1 || kinds[0].Played != 1 || kinds[0].Won != 1 {
			t.Errorf("stats -json after one won game = %s (%v); want one kind, played 1, won 1", out, err)
		}
		// The command the line ends with plays the game back to its end.
		rp := startTmuxIn(t, tm.home, bin, "replay", "-ascii", "1")
		rp.waitFor("[ replay 1x ]")
		rp.keys("End")
		rp.waitFor("[ You win ]")
		rp.waitFor("|    1 F 1 |")
		rp.waitFor("3BV 2")
		rp.keys("q")
		rp.checkExit("")
	})
	t.Run("lose with a wrong flag, Ctrl-C", func(t *testing.T) {
		tm := startTmux(t, bin, "-ascii", "-board", clicked)
		tm.waitFor("|    1 # # |") // the record's click was replayed
		tm.keys("G", "$", "f")     // a wrong flag on (4,3)
		tm.keys("k", "Enter")      // chord: the flag is wrong, (3,3) is the mine
		tm.waitFor("[ You lose ]")
		tm.waitFor("|    1 X ! |")
		tm.waitFor("|* 1       |")
		tm.keys("C-c")
		tm.checkExit(" on 5x4n2, board " + clicked)
		// The wrong flag stands at the end: no click was wasted.
		tm.checkLine(`^You lose after \d+\.\d\ds on 5x4n2, board .*; 3 clicks; 3BV 1 of 2 solved(, estimated [\d.]+ s)?, ZiNi 2, 1 open, 1 chord, 1 flag, 0 wasted, correctness 100%, 1 opening, 1 island; known board: not in the records; no guess forced; replay: minesweeper replay 1$`)
	})
	t.Run("random board, Esc", func(t *testing.T) {
		tm := startTmux(t, bin, "-seed", "1")
		tm.waitFor("9x9, seed 1")
		tm.waitFor("┌──────────────────┐")
		tm.keys("Enter")
		tm.waitFor("│  ") // the opening rule: the corner is a zero
		tm.keys("Escape")
		// A seed the player chose lays a board the player can know: it is
		// saved, as any started game is, and counts for nothing.
		tm.checkExit(" on beginner, seed 1; saved, to go on: minesweeper -level beginner -resume; a known board, so it counts for nothing")
	})
	t.Run("standard output to a file", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "results.txt")
		tm := newTmux(t, "sh", "-c", fmt.Sprintf("%s -ascii -board %s >> %s; echo EXIT=$?; exec sleep 600",
			userfile.ShellQuote(bin), userfile.ShellQuote(rec), userfile.ShellQuote(out)))
		tm.waitFor("[ playing ]")
		tm.keys("$", "Enter")
		tm.waitFor("|    1 # # |")
		tm.keys("q")
		tm.waitFor("EXIT=0")
		// The clock is the game's, which ticks on a busy machine.
		b, err := os.ReadFile(out)
		if want := regexp.MustCompile(`^Quit after \d+s on 5x4n2, board ` + regexp.QuoteMeta(rec+" (again: minesweeper -board "+rec+")\n") + `$`); err != nil || !want.Match(b) {
			t.Errorf("results.txt = %q, %v; want a match of %q", b, err, want)
		}
	})
	t.Run("NO_COLOR", func(t *testing.T) {
		tm := startTmux(t, "env", "NO_COLOR=1", bin, "-board", rec)
		tm.waitFor("[ playing ]")
		tm.keys("$", "Enter")
		tm.waitFor("│    1 ░░░░│")
		screen := tm.tmux("capture-pane", "-p", "-e", "-t", "e2e")
		if strings.Contains(screen, "38;") || strings.Contains(screen, "48;") || strings.Contains(screen, "[9") {
			t.Errorf("colours with NO_COLOR set:\n%q", screen)
		}
		if !strings.Contains(screen, "\x1b[7m") {
			t.Errorf("no reverse video for the cursor with NO_COLOR set:\n%q", screen)
		}
		tm.keys("q")
		tm.checkExit(" on 5x4n2")
		tm.checkLine(`^Quit after \d+s on 5x4n2`)
	})
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT} {
		t.Run(sig.String(), func(t *testing.T) {
			tm := startTmux(t, bin, "-seed", "2", "-level", "expert")
			tm.waitFor("30x16, seed 2")
			tm.kill(sig)
			tm.checkExitStatus(128+int(sig), "Quit before the first move on expert, seed 2")
		})
	}
	for _, stop := range []struct {
		name string
		do   func(tm *tmuxGame)
	}{
		{"Ctrl-Z", func(tm *tmuxGame) { tm.keys("C-z") }},
		{"kill -TSTP", func(tm *tmuxGame) { tm.kill(syscall.SIGTSTP) }},
	} {
		t.Run(stop.name+" suspends, fg resumes", func(t *testing.T) {
			tm := bashTmux(t)
			tm.keys("-l", userfile.ShellQuote(bin)+" -ascii -board "+userfile.ShellQuote(rec))
			tm.keys("Enter")
			tm.waitFor("[ playing ]")
			tm.keys("$", "Enter")
			tm.waitFor("|    1 # # |")
			stop.do(tm)
			tm.waitFor("Stopped")
			if alt := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", "e2e", "#{alternate_on}")); alt != "0" {
				t.Errorf("alternate_on = %s while stopped; want 0", alt)
			}
			tm.keys("-l", "fg")
			tm.keys("Enter")
			tm.waitFor("[ paused ]") // it comes back paused, the board hidden
			tm.keys("p")
			tm.waitFor("|    1 # # |")
			tm.keys("q")
			tm.waitFor("Quit after ")
			tm.keys("-l", "echo EXIT=$?")
			tm.keys("Enter")
			tm.waitFor("EXIT=0")
		})
	}
	// Bytes no UTF-8 terminal sends but others do: a Latin-1 "é", an X10
	// mouse report past column 95. tcell v2.13 alone spun on them for ever.
	for _, input := range []string{"e9 78", "1b 5b 4d 21 bf 52"} {
		t.Run("bytes "+input+", q", func(t *testing.T) {
			tm := startTmux(t, bin, "-board", rec)
			tm.waitFor("[ playing ]")
			tm.keys(append([]string{"-H"}, strings.Fields(input)...)...)
			tm.keys("$", "Enter")
			tm.waitFor("│    1 ░░░░│")
			tm.keys("q")
			tm.checkExit(" on 5x4n2")
			tm.checkLine(`^Quit after \d+s on 5x4n2`)
		})
	}
	for _, locale := range []string{"C", "fr_FR.ISO-8859-1"} {
		t.Run("locale "+locale+" -ascii", func(t *testing.T) {
			tm := startTmux(t, "env", "LC_ALL="+locale, bin, "-ascii", "-board", rec)
			tm.waitFor("[ playing ]")
			tm.keys("-H", "e9")
			tm.keys("$", "Enter")
			tm.waitFor("|    1 # # |")
			tm.keys("q")
			tm.checkExit(" on 5x4n2")
			tm.checkLine(`^Quit after \d+s on 5x4n2`)
		})
	}
	t.Run("16384x16384: SIGTERM during the first click", func(t *testing.T) {
		if testing.Short() {
			t.Skip("a 16384x16384 board takes 256 MB and a second or more of work")
		}
		tm := startTmux(t, bin, "-width", "16384", "-height", "16384", "-seed", "3")
		tm.waitFor("16384x16384")
		tm.keys("Enter")
		tm.kill(syscall.SIGTERM) // while the mines are laid, or just after
		tm.checkExitStatus(143, "on 16384x16384n44739242, seed 3")
	})
}

// TestE2EResume leaves a game unfinished, then goes on with it from the
// prompt of the next run, which starts on the board played last, and
// checks -new (it asks, and gives the game up) and -resume.
func TestE2EResume(t *testing.T) {
	t.Parallel()
	_, bin := e2eBinary(t)
	home := t.TempDir()
	tm := startTmuxIn(t, home, bin, "-ascii", "-width", "12", "-height", "8", "-mines", "10")
	tm.waitFor("12x8, seed ")
	tm.keys("g", "0", "Enter") // the top-left corner, whose opening reaches the frame
	tm.waitFor("|  ")          // the opening rule: the corner is a zero, open
	left := boardLines(tm.capture())
	if strings.Count(left, "\n") != 7 {
		t.Fatalf("the board's rows:\n%s\nwant 8 rows", left)
	}
	tm.keys("q")
	tm.checkExit("; saved, to go on: minesweeper -width 12 -height 8 -mines 10 -resume")

	tm = startTmuxIn(t, home, bin, "-ascii") // no flag: the board played last
	tm.waitFor("left unfinished")
	tm.keys("y")
	tm.waitFor("[ playing ]  12x8, seed ")
	if got := boardLines(tm.capture()); got != left {
		t.Errorf("the board resumed:\n%s\nwant the board left:\n%s", got, left)
	}
	tm.keys("q")
	tm.checkExit("; saved, to go on: minesweeper -width 12 -height 8 -mines 10 -resume")

	// -new asks to give it up, as n does in a game: n does, a loss.
	tm = startTmuxIn(t, home, bin, "-ascii", "-new")
	tm.waitFor("-new gives it up for a new game: it counts as a loss.")
	tm.keys("n")
	tm.waitFor("[ playing ]  12x8")
	tm.keys("q")
	tm.checkExit("Quit before the first move on 12x8n10")

	tm = startTmuxIn(t, home, bin, "-resume")
	tm.checkExitStatus(1, "minesweeper: -resume: no game of 12x8n10 was left unfinished")
}

// boardLines returns the lines of a screen inside the board's frame.
func boardLines(screen string) string {
	var rows []string
	for _, l := range strings.Split(screen, "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "|") {
			rows = append(rows, l)
		}
	}
	return strings.Join(rows, "\n")
}

// tmuxGame is the game running in a tmux session of its own.
type tmuxGame struct {
	t        *testing.T
	sock     string
	exitFile string
	home     string // MINESWEEPER_HOME: where the game keeps its history
	ctl      *tmuxControl
}

// startTmux runs bin with args in a new 80x24 tmux server of its own, killed
// when the test ends, keeping its history in a new directory. bin may be
// "env" followed by variables.
func startTmux(t *testing.T, bin string, args ...string) *tmuxGame {
	t.Helper()
	return startTmuxIn(t, t.TempDir(), bin, args...)
}

// startTmuxIn is startTmux with the history kept in home.
func startTmuxIn(t *testing.T, home, bin string, args ...string) *tmuxGame {
	t.Helper()
	exitFile := filepath.Join(t.TempDir(), "exit")
	quoted := []string{userfile.ShellQuote(bin)}
	for _, a := range args {
		quoted = append(quoted, userfile.ShellQuote(a))
	}
	// The shell lives on after the game, so that the pane keeps the modes
	// the game left it in (a dead pane shows no cursor).
	script := fmt.Sprintf("MINESWEEPER_HOME=%s %s; echo EXIT=$? > %s; exec sleep 600",
		userfile.ShellQuote(home), strings.Join(quoted, " "), userfile.ShellQuote(exitFile))
	tm := newTmux(t, "sh", "-c", script)
	tm.exitFile, tm.home = exitFile, home
	return tm
}

// tmuxServers counts the tmux servers the tests start: the count tells
// apart the sockets of servers started at once by tests in parallel.
var tmuxServers atomic.Int64

// newTmux runs command in a new 80x24 tmux server of its own, killed when
// the test ends; the pane stays when the command exits.
func newTmux(t *testing.T, command ...string) *tmuxGame {
	t.Helper()
	tm := &tmuxGame{t: t, sock: fmt.Sprintf("ms-e2e-%d-%d-%d", os.Getpid(), time.Now().UnixNano(), tmuxServers.Add(1))}
	args := append([]string{"-L", tm.sock, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "-s", "e2e"}, command...)
	cmd := exec.Command("tmux", args...)
	cmd.Env = append(os.Environ(), "NO_COLOR=", "TERM=xterm-256color")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	kill := func() { _ = exec.Command("tmux", "-L", tm.sock, "kill-server").Run() }
	ctl, err := startControl(tm.sock)
	if err != nil {
		kill()
		t.Fatalf("tmux -C: %v", err)
	}
	tm.ctl = ctl
	t.Cleanup(func() {
		ctl.close()
		kill()
		ctl.wait()
	})
	tm.tmux("set-option", "-t", "e2e", "remain-on-exit", "on")
	return tm
}

// tmux runs a tmux command on the test's server, through its control
// client, and returns its output.
func (tm *tmuxGame) tmux(args ...string) string {
	tm.t.Helper()
	out, err := tm.ctl.run(tm.t, args)
	if err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// keys sends tmux key names ("Enter", "C-c") or single characters.
func (tm *tmuxGame) keys(keys ...string) {
	tm.t.Helper()
	tm.tmux(append([]string{"send-keys", "-t", "e2e"}, keys...)...)
}

func (tm *tmuxGame) capture() string {
	tm.t.Helper()
	return tm.tmux("capture-pane", "-p", "-t", "e2e")
}

// waitFor polls the pane until it shows want.
func (tm *tmuxGame) waitFor(want string) {
	tm.t.Helper()
	tm.waitUntil(fmt.Sprintf("%q", want), func(screen string) bool { return strings.Contains(screen, want) })
}

// bashTmux runs an interactive bash, for job control, in a new tmux
// server of its own.
func bashTmux(t *testing.T) *tmuxGame {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skipf("no bash for job control: %v", err)
	}
	tm := newTmux(t, bash, "--norc", "--noprofile", "-i")
	tm.keys("-l", "PS1='$ '")
	tm.keys("Enter")
	return tm
}

// kill sends sig to the game: the one child of the pane's shell.
func (tm *tmuxGame) kill(sig syscall.Signal) {
	tm.t.Helper()
	sh := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", "e2e", "#{pane_pid}"))
	if _, err := exec.LookPath("pgrep"); err != nil {
		tm.t.Skipf("no pgrep: %v", err)
	}
	var out []byte
	var err error
	if !testwait.Until(tm.t, func() bool {
		out, err = exec.Command("pgrep", "-P", sh).Output()
		return err == nil
	}) {
		tm.t.Fatalf("pgrep -P %s by the test's deadline: %v", sh, err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		tm.t.Fatalf("pgrep -P %s = %q", sh, out)
	}
	if err := syscall.Kill(pid, sig); err != nil {
		tm.t.Fatal(err)
	}
}

// checkExit is checkExitStatus for a program that exits 0.
// checkLine checks that a line of the terminal, joined where it wrapped,
// matches the regular expression re.
func (tm *tmuxGame) checkLine(re string) {
	tm.t.Helper()
	screen := tm.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "e2e")
	if !regexp.MustCompile("(?m)" + re).MatchString(screen) {
		tm.t.Errorf("the terminal has no line matching %q:\n%s", re, screen)
	}
}

func (tm *tmuxGame) checkExit(want string) {
	tm.t.Helper()
	tm.checkExitStatus(0, want)
}

// checkExitStatus waits for the program to end and checks that it exited
// with status, left the alternate screen, showed the cursor, stopped
// reporting the mouse and printed a line containing want.
func (tm *tmuxGame) checkExitStatus(status int, want string) {
	tm.t.Helper()
	var b []byte
	if !testwait.Until(tm.t, func() bool {
		var err error
		b, err = os.ReadFile(tm.exitFile)
		return err == nil && len(b) > 0
	}) {
		tm.t.Fatalf("the program did not exit by the test's deadline; the screen shows:\n%s", tm.capture())
	}
	if got, want := strings.TrimSpace(string(b)), fmt.Sprintf("EXIT=%d", status); got != want {
		tm.t.Errorf("exit status: %s; want %s", got, want)
	}
	modes := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", "e2e",
		"alternate_on=#{alternate_on} cursor_flag=#{cursor_flag} mouse_any_flag=#{mouse_any_flag} mouse_standard_flag=#{mouse_standard_flag} mouse_button_flag=#{mouse_button_flag}"))
	if want := "alternate_on=0 cursor_flag=1 mouse_any_flag=0 mouse_standard_flag=0 mouse_button_flag=0"; modes != want {
		tm.t.Errorf("terminal after exit: %s; want %s", modes, want)
	}
	// -J joins the line where it wrapped at 80 columns; -S - includes what
	// scrolled off the top.
	screen := tm.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "e2e")
	if !strings.Contains(screen, want) {
		tm.t.Errorf("the terminal after exit lacks %q:\n%s", want, screen)
	}
}

// TestE2ETerminals plays in tmux under three terminal types: the game
// draws in the colours each can show, the cursor stays visible, and the
// terminal is restored at the end.
func TestE2ETerminals(t *testing.T) {
	t.Parallel()
	dir, bin := e2eBinary(t)
	rec := filepath.Join(dir, "small.txt")
	if err := os.WriteFile(rec, []byte("4 5 2 0\n0 0\n3 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	colours8 := regexp.MustCompile(`\x1b\[(?:[0-9;]*;)?(?:3[0-7]|4[0-7])(?:;[0-9;]*)?m`)
	colours256 := regexp.MustCompile(`[34]8;5;`)
	reverse := regexp.MustCompile(`\x1b\[(?:[0-9;]*;)?7(?:;[0-9;]*)?m`)
	tests := []struct {
		term      string
		want      []*regexp.Regexp // in the screen's escape sequences
		forbidden []*regexp.Regexp
	}{
		// 256 colours: the theme's colours from the palette's 16-255.
		{"xterm-256color", []*regexp.Regexp{colours256}, nil},
		// 8 colours: nothing beyond them; closed cells grey or black,
		// never cyan (46); the cursor on its yellow (43).
		{"xterm", []*regexp.Regexp{colours8, regexp.MustCompile(`\x1b\[43m`)}, []*regexp.Regexp{colours256, regexp.MustCompile(`\x1b\[46m`)}},
		// No colours: reverse video, for open cells and the cursor.
		{"vt100", []*regexp.Regexp{reverse}, []*regexp.Regexp{colours8, colours256}},
	}
	for _, tt := range tests {
		t.Run(tt.term, func(t *testing.T) {
			tm := startTmux(t, "env", "TERM="+tt.term, bin, "-ascii", "-board", rec)
			tm.waitFor("[ playing ]")
			tm.keys("$", "Enter")
			tm.waitFor("|    1 # # |")
			tm.keys("j", "j", "j", "f")
			tm.waitFor("Mines 1/2 ")
			screen := tm.tmux("capture-pane", "-p", "-e", "-t", "e2e")
			for _, w := range tt.want {
				if !w.MatchString(screen) {
					t.Errorf("TERM=%s: the screen has nothing matching %q:\n%q", tt.term, w, screen)
				}
			}
			for _, f := range tt.forbidden {
				if m := f.FindString(screen); m != "" {
					t.Errorf("TERM=%s: the screen has %q:\n%q", tt.term, m, screen)
				}
			}
			tm.keys("k", "Enter") // chord on (4,2): the flag on (4,3) is wrong
			tm.waitFor("[ You lose ]")
			tm.keys("q")
			tm.checkExit("You lose after")
		})
	}
}

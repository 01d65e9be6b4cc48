//go:build unix

package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestE2EReader plays a game won entirely in lines (-reader, and TERM=dumb
// choosing it), reading only the lines said, in a real terminal: tmux,
// 80x24. The records keep the win, as the full screen's game does.
func TestE2EReader(t *testing.T) {
	t.Parallel()
	dir, bin := e2eBinary(t)
	// The 5x4 board of TestE2E: mines at (1,1) and (4,4) counted from 1.
	// Opening (5,1) floods all but (5,4).
	rec := filepath.Join(dir, "small.txt")
	if err := os.WriteFile(rec, []byte("4 5 2 0\n0 0\n3 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		cmd  []string
	}{
		{"-reader", []string{bin, "-reader", "-board", rec}},
		{"TERM=dumb", []string{"env", "TERM=dumb", bin, "-board", rec}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tm := startTmux(t, tt.cmd[0], tt.cmd[1:]...)
			tm.waitFor("5 columns, 4 rows, 2 mines; column then row, from 1")
			say := func(line, want string) {
				t.Helper()
				tm.keys("-l", line)
				tm.keys("Enter")
				tm.waitFor(want)
			}
			say("zap", `"zap" is no command: say o 4 7`)
			say("o 5 1", "opened 17 cells")
			if alt := strings.TrimSpace(tm.tmux("display-message", "-p", "-t", "e2e", "#{alternate_on}")); alt != "0" {
				t.Errorf("alternate_on = %s in lines; want 0", alt)
			}
			say("f 4 4", "flag at (4,4), 1 mine left")
			say("s", "hint (5,4), safe: the 1 at (4,3) already touches the mine at (4,4)")
			say("o", "you win in ")
			tm.keys("-l", "q")
			tm.keys("Enter")
			tm.checkExit(" on 5x4n2, assisted, board " + rec)
			tm.checkLine(`^5 columns, 4 rows, 2 mines; column then row, from 1 at top left; help: \?$`)
			tm.checkLine(`^you win in \d+\.\d s, known board: not in the records$`)
			tm.checkLine(`^You win in \d+\.\d\ds on 5x4n2, assisted, board .*; replay: minesweeper replay 1$`)
			// Each line said is one line of the terminal: nothing drawn
			// over another.
			screen := tm.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "e2e")
			for _, want := range []string{"zap\n\"zap\" is no command", "o 5 1\nopened 17 cells\n", "f 4 4\nflag at (4,4), 1 mine left\n"} {
				if !strings.Contains(screen, want) {
					t.Errorf("the terminal lacks the lines %q:\n%s", want, screen)
				}
			}
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
				t.Errorf("stats -json after one game won in lines = %s (%v); want one kind, played 1, won 1", out, err)
			}
		})
	}
	t.Run("SIGTERM while a line is read", func(t *testing.T) {
		tm := startTmux(t, bin, "-reader", "-board", rec)
		tm.waitFor("5 columns, 4 rows")
		tm.keys("-l", "o 5 1")
		tm.keys("Enter")
		tm.waitFor("opened 17 cells")
		tm.kill(syscall.SIGTERM)
		tm.checkExitStatus(128+int(syscall.SIGTERM), "Quit after ")
	})
}

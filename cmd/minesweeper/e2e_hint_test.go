//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestE2EHint wins no-guess boards from record files by pressing only s and
// Enter: each s must move the cursor to a certainly safe cell, whose
// opening must never lose, until the game is won. It needs tmux, as
// TestE2E does.
func TestE2EHint(t *testing.T) {
	t.Parallel()
	_, bin := e2eBinary(t)
	for _, tc := range []struct {
		level string
		cells int    // the most hints a win can take
		board string // as the summary names it
	}{
		{"beginner", 9 * 9, "beginner"},
		{"intermediate", 16 * 16, "intermediate"},
	} {
		t.Run(tc.level, func(t *testing.T) {
			t.Parallel()
			// The record holds the board and its start click, which the
			// game replays on load: the board starts opened.
			out, err := exec.Command(bin, "gen", "-no-guess", "-level", tc.level, "-seed", "11").Output()
			if err != nil {
				t.Fatalf("minesweeper gen: %v", err)
			}
			rec := filepath.Join(t.TempDir(), tc.level+".txt")
			if err := os.WriteFile(rec, out, 0o644); err != nil {
				t.Fatal(err)
			}
			tm := startTmux(t, bin, "-ascii", "-board", rec)
			tm.waitFor("[ playing ]")
			hints := 0
			for ; !strings.Contains(tm.header(), "You win"); hints++ {
				if hints == tc.cells {
					t.Fatalf("not won after %d hints; the screen shows:\n%s", hints, tm.capture())
				}
				tm.keys("s")
				safe := tm.waitHint()
				tm.keys("Enter")
				// The footer drops the hint once Enter is played: the
				// next s is then asked of the board it opened.
				screen := tm.waitForFooter(func(footer string) bool { return !strings.Contains(footer, safe) })
				if strings.Contains(screen, "You lose") {
					t.Fatalf("the hint %q opened a mine; the screen shows:\n%s", safe, screen)
				}
			}
			t.Logf("won with %d hints", hints)
			tm.keys("q")
			tm.checkExit(" on " + tc.board + ", assisted, board " + rec)
			screen := tm.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "e2e")
			won := regexp.MustCompile(`(?m)^You win in \d+\.\d\ds on ` + regexp.QuoteMeta(tc.board+", assisted, board "+rec))
			if !won.MatchString(screen) {
				t.Errorf("the terminal after exit has no line matching %q:\n%s", won, screen)
			}
		})
	}
}

// header returns the first line of the pane with text, where the game's
// state is: the board is centred, with the header above it.
func (tm *tmuxGame) header() string {
	tm.t.Helper()
	header, _, _ := strings.Cut(strings.TrimLeft(tm.capture(), " \n"), "\n")
	return header
}

// clockText matches the game's clock in a header: "Time 12", or "12s"
// where the header is narrow.
var clockText = regexp.MustCompile(`\bTime \d+\b|\b\d+s\b`)

// untimed returns header with its clock, which ticks however long a test
// takes between two captures, as "Time _".
func untimed(header string) string { return clockText.ReplaceAllString(header, "Time _") }

// footerOf returns the footer of an ASCII screen: the line under the
// board's frame, the last line that starts with '+' after the spaces that
// centre it.
func footerOf(screen string) string {
	lines := strings.Split(screen, "\n")
	for i := len(lines) - 1; i > 0; i-- {
		if strings.HasPrefix(strings.TrimLeft(lines[i-1], " "), "+") {
			return lines[i]
		}
	}
	return ""
}

// waitForFooter polls the pane until its footer satisfies ok, and returns
// the screen.
func (tm *tmuxGame) waitForFooter(ok func(footer string) bool) string {
	tm.t.Helper()
	return tm.waitUntil("the footer expected", func(screen string) bool { return ok(footerOf(screen)) })
}

// waitHint waits for the answer to s, which the solver gives off the
// event loop, and returns it ("safe: (3,4)"). It fails the test when the
// answer is that no cell is certainly safe.
func (tm *tmuxGame) waitHint() string {
	tm.t.Helper()
	screen := tm.waitForFooter(func(footer string) bool {
		return strings.Contains(footer, "safe: (") || strings.Contains(footer, "no safe cell")
	})
	footer := footerOf(screen)
	if strings.Contains(footer, "no safe cell") {
		tm.t.Fatalf("s found no safe cell on a no-guess board; the screen shows:\n%s", screen)
	}
	_, after, _ := strings.Cut(footer, "safe: (")
	cell, _, _ := strings.Cut(after, ")")
	return "safe: (" + cell + ")"
}

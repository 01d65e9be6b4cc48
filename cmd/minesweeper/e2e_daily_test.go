//go:build unix

package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// TestE2EDaily plays today's daily board in a real terminal as two
// machines would: two builds of the program, each with a state directory
// of its own. Each shows the same board, its start cell marked and the
// cursor on it, the board gen -daily writes; the first game of the day
// counts for it and prints the line to share; a second is practice.
func TestE2EDaily(t *testing.T) {
	t.Parallel()
	dir, bin := e2eBinary(t)
	other := filepath.Join(dir, "minesweeper-trimpath")
	if out, err := exec.Command("go", "build", "-trimpath", "-o", other, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -trimpath: %v\n%s", err, out)
	}
	today := daily.Today(time.Now())
	rec, err := record.Read(strings.NewReader(runWithHome(t, t.TempDir(), bin, "gen", "-daily", "-date", today)))
	if err != nil {
		t.Fatal(err)
	}
	mine := rec.Mines[len(rec.Mines)-1]
	share := regexp.QuoteMeta("minesweeper daily "+today+" beginner") + `%s: lost after \d+\.\d\d s, no help; play it: ` +
		regexp.QuoteMeta(daily.Command(today, "beginner")) + "$"

	var opened []string
	for i, b := range []string{bin, other} {
		home := t.TempDir()
		tm := startTmuxIn(t, home, b, "daily", "-ascii")
		tm.waitFor("9x9, no-guess, daily " + today)
		tm.waitFor("daily: open the marked cell")
		start := tm.capture()
		if strings.Count(boardLines(start), "<>") != 1 {
			t.Fatalf("build %d: the board does not mark one start cell:\n%s", i+1, start)
		}
		tm.keys("Enter") // the cursor starts on the start cell
		screen := tm.waitUntil("the board opened", func(screen string) bool { return !strings.Contains(boardLines(screen), "<>") })
		opened = append(opened, boardLines(screen))
		tm.moveTo(mine)
		tm.keys("Enter")
		tm.waitFor("[ You lose ]")
		tm.keys("q")
		tm.checkExit("daily board of " + today + "; ")
		tm.checkLine(strings.Replace(share, "%s", "", 1))

		games := historyOf(t, b, home)
		if len(games) != 1 || games[0].Daily != today || games[0].Known || games[0].Result != "lost" {
			t.Fatalf("build %d: the history holds %+v; want today's daily game, lost, counted", i+1, games)
		}
		var laid []board.Point
		for _, c := range games[0].Layout {
			laid = append(laid, board.Point{X: c[0], Y: c[1]})
		}
		var got, want bytes.Buffer
		record.Write(&got, &record.Record{Rows: 9, Cols: 9, Mines: laid})
		record.Write(&want, &record.Record{Rows: 9, Cols: 9, Mines: rec.Mines})
		if got.String() != want.String() {
			t.Errorf("build %d: the game's layout\n%s\nwant gen -daily's\n%s", i+1, got.String(), want.String())
		}
		if i > 0 {
			continue
		}
		// Again the same day: practice, kept as a known board.
		tm = startTmuxIn(t, home, b, "daily", "-ascii")
		tm.waitFor("practice, this daily was played before")
		tm.keys("Enter")
		tm.waitUntil("the board opened", func(screen string) bool { return !strings.Contains(boardLines(screen), "<>") })
		tm.moveTo(mine)
		tm.keys("Enter")
		tm.waitFor("[ You lose ]")
		tm.keys("q")
		tm.checkExit("practice: this daily board was played before")
		tm.checkLine(strings.Replace(share, "%s", regexp.QuoteMeta(" (practice)"), 1))
		if games := historyOf(t, b, home); len(games) != 2 || !games[0].Known || games[1].Known {
			t.Errorf("the history after a second game: %+v; want the second known, the first not", games)
		}
		if out := runWithHome(t, home, b, "stats", "-daily"); !regexp.MustCompile(`(?m)^beginner +1 +0 +0/0 +- +` + today + `$`).MatchString(out) {
			t.Errorf("stats -daily =\n%s\nwant beginner played 1, won 0", out)
		}
	}
	if opened[0] != opened[1] {
		t.Errorf("two builds, two state directories, two boards:\n%s\n\n%s", opened[0], opened[1])
	}
}

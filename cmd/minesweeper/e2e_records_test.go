//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// TestE2ERecords plays, in tmux, the rules of what a game counts for and
// what the history keeps of it: the solver's flags are moves (undone,
// saved, replayed), a known board sets no record, a restart after a loss
// is known, giving up asks and is kept as a loss, an overlay hides the
// board, and a chosen seed's game is saved beside the saved game. Each case keeps
// its history in a directory of its own, read back with the binary's
// history and stats commands. It needs tmux, as TestE2E does.
func TestE2ERecords(t *testing.T) {
	t.Parallel()
	dir, bin := e2eBinary(t)
	t.Run("m flags, u takes a flag back", func(t *testing.T) { testFlagsUndone(t, dir, bin) })
	t.Run("m flags, q saves them, -resume shows them", func(t *testing.T) { testFlagsResumed(t, bin) })
	t.Run("m flags, the replay shows them", func(t *testing.T) { testFlagsReplayed(t, dir, bin) })
	t.Run("a board file's win is known", func(t *testing.T) { testKnownBoardWin(t, dir, bin) })
	t.Run("a restart after a loss is known", func(t *testing.T) { testRestartAfterLoss(t, bin) })
	t.Run("giving up asks", func(t *testing.T) { testGiveUp(t, bin) })
	t.Run("an overlay hides the board", func(t *testing.T) { testOverlayHides(t, bin) })
	t.Run("a chosen seed's game is saved, known", func(t *testing.T) { testSeedLeavesSaved(t, bin) })
}

// The 7x3 board of the flag tests, opened by its click at column 2, row 2:
// the mine at (0,0) is certain from the 1s beside it, the one at (5,1)
// from the 1s of column 4; the third is somewhere in column 6, uncertain.
const (
	flagsBoard = "3 7 3 1\n0 0\n1 5\n2 6\n2 2\n"
	// The board as it opens, and with m's flags.
	flagsOpened  = "|# 1     1 # # |\n|1 1     1 # # |\n|        1 # # |"
	flagsFlagged = "|F 1     1 # # |\n|1 1     1 F # |\n|        1 # # |"
)

// testFlagsUndone presses m, which flags both certain mines, then u twice:
// each flag of m is a move of its own, and undo takes them back one by one.
func testFlagsUndone(t *testing.T, dir, bin string) {
	rec := writeBoard(t, dir, "flags.txt", flagsBoard)
	tm := startTmuxIn(t, t.TempDir(), bin, "-ascii", "-board", rec)
	tm.waitFor("[ playing ]")
	tm.waitForBoard(flagsOpened)
	tm.keys("m")
	tm.waitFor("2 mines are certain: all flagged")
	tm.waitForBoard(flagsFlagged)
	tm.waitFor("Mines 1/3 ")
	tm.waitFor("assisted")
	tm.keys("u")
	tm.waitFor("Mines 2/3 ")
	tm.waitFor("undone")
	if got := strings.Count(boardLines(tm.capture()), "F"); got != 1 {
		t.Errorf("after m and one u, %d flags; want 1:\n%s", got, tm.capture())
	}
	tm.keys("u")
	tm.waitFor("Mines 3/3 ")
	tm.waitForBoard(flagsOpened)
	tm.keys("q")
	tm.checkExit("Quit after ")
	tm.checkLine(`^Quit after \d+s on 7x3n3, assisted, undone, board .*flags\.txt \(again: minesweeper -board .*\)$`)
}

// testFlagsResumed presses m on a random board (hints open cells until
// some mine is certain), leaves with q, and goes on with -resume: the
// board comes back with its flags, which the saved game holds as moves.
func testFlagsResumed(t *testing.T, bin string) {
	home := t.TempDir()
	tm := startTmuxIn(t, home, bin, "-ascii", "-level", "beginner")
	tm.waitFor("[ playing ]  9x9, seed ")
	tm.keys("g", "0", "Enter") // the top-left corner, whose opening reaches the frame
	tm.waitFor("|  ")          // the opening rule: the corner floods
	for tries := 0; ; tries++ {
		if tries == 81 {
			t.Fatalf("no mine certain after %d hints; the screen shows:\n%s", tries, tm.capture())
		}
		tm.keys("m")
		screen := tm.waitForFooter(func(footer string) bool {
			return strings.Contains(footer, "certain: all flagged") || strings.Contains(footer, "no mine is certain yet")
		})
		if strings.Contains(footerOf(screen), "certain: all flagged") {
			break
		}
		// No mine is certain yet: open a cell the hint shows safe. (A
		// board where no cell is safe either is given up for another.)
		tm.keys("s")
		screen = tm.waitForFooter(func(footer string) bool {
			return strings.Contains(footer, "safe: (") || strings.Contains(footer, "no safe cell")
		})
		if strings.Contains(footerOf(screen), "no safe cell") {
			tm.keys("n", "n", "Enter")
		} else {
			tm.keys("Enter")
		}
		tm.waitForFooter(func(footer string) bool { return !strings.Contains(footer, "safe") })
	}
	left := boardLines(tm.capture())
	if !strings.Contains(left, "F") {
		t.Fatalf("m said its mines are flagged, but the board shows no flag:\n%s", left)
	}
	tm.keys("q")
	tm.checkExit("; saved, to go on: minesweeper -level beginner -resume")

	tm = startTmuxIn(t, home, bin, "-ascii", "-level", "beginner", "-resume")
	tm.waitFor("[ playing ]")
	if got := boardLines(tm.capture()); got != left {
		t.Errorf("the board resumed:\n%s\nwant the board left, with its flags:\n%s", got, left)
	}
	tm.keys("q")
	tm.checkExit("; saved, to go on: minesweeper -level beginner -resume")
}

// testFlagsReplayed loses a game after m, then replays it: the replay's
// last screen shows m's flags, which a loss alone would show as mines.
func testFlagsReplayed(t *testing.T, dir, bin string) {
	rec := writeBoard(t, dir, "flags-lost.txt", flagsBoard)
	tm := startTmuxIn(t, t.TempDir(), bin, "-ascii", "-board", rec)
	tm.waitForBoard(flagsOpened)
	tm.keys("m")
	tm.waitForBoard(flagsFlagged)
	tm.keys("G", "$", "Enter") // (6,2): the uncertain mine
	tm.waitFor("[ You lose ]")
	lost := "|F 1     1 # # |\n|1 1     1 F # |\n|        1 # X |"
	tm.waitForBoard(lost)
	tm.keys("q")
	tm.checkExit("You lose after ")
	tm.checkLine(`^You lose after \d+\.\d\ds on 7x3n3, assisted, board .*; known board: not in the records; .*; replay: minesweeper replay 1$`)

	games := historyOf(t, bin, tm.home)
	if len(games) != 1 {
		t.Fatalf("history: %d games; want 1", len(games))
	}
	var moves []string
	for _, m := range games[0].Moves {
		moves = append(moves, m.Move.String())
	}
	if want := []string{"O2,2", "M0,0", "M5,1", "O6,2"}; !slices.Equal(moves, want) {
		t.Errorf("history: the moves are %q; want %q", moves, want)
	}

	rp := startTmuxIn(t, tm.home, bin, "replay", "-ascii", "1")
	rp.waitFor("[ replay 1x ]")
	rp.keys("$")
	rp.waitFor("[ You lose ]")
	rp.waitForBoard(lost)
	rp.keys("q")
	rp.checkExit("")
}

// testKnownBoardWin wins a board file's game: the printed line says it is
// not in the records, stats lists it on a row of its own, with no best
// time.
func testKnownBoardWin(t *testing.T, dir, bin string) {
	// The 5x4 board of TestE2E with its flood clicked: (4,3) is the one
	// safe cell left.
	rec := writeBoard(t, dir, "known.txt", "4 5 2 1\n0 0\n3 3\n0 4\n")
	tm := startTmuxIn(t, t.TempDir(), bin, "-ascii", "-board", rec)
	// The numbers under the board are longer than 80 columns: the line
	// would stop at "known board: not in the".
	tm.tmux("resize-window", "-t", "e2e", "-x", "120", "-y", "24")
	tm.waitFor("|    1 # # |")
	tm.keys("G", "$", "Enter")
	tm.waitFor("[ You win ]")
	tm.waitFor("known board: not in the records; ")
	tm.keys("q")
	tm.checkExit("You win in ")
	tm.checkLine(`^You win in \d+\.\d\ds on 5x4n2, board .*known\.txt; 3BV 2, .*; known board: not in the records; no guess forced; replay: minesweeper replay 1$`)
	screen := tm.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "e2e")
	if strings.Contains(screen, "new best time") {
		t.Errorf("a board file's win says new best time:\n%s", screen)
	}

	stats := runWithHome(t, tm.home, bin, "stats")
	if !regexp.MustCompile(`(?m)^5x4n2 known +1 +1 +100% +1/1 +- `).MatchString(stats) {
		t.Errorf("minesweeper stats =\n%s\nwant one row \"5x4n2 known\", played 1, won 1, no best time", stats)
	}
	if n := strings.Count(strings.TrimSpace(stats), "\n"); n != 1 {
		t.Errorf("minesweeper stats =\n%s\nwant the heading and one row", stats)
	}
	games := historyOf(t, bin, tm.home)
	if len(games) != 1 || games[0].Result != "won" || !games[0].IsKnown() {
		t.Errorf("history = %+v; want one game, won, known", games)
	}
}

// testRestartAfterLoss loses a random game, restarts it (no question: it
// is over) and wins it: the win is on a board the loss showed, so it is
// known and restarted, and sets no best time. The loss counts. The layout
// comes from minesweeper gen with the seed the header shows and the first
// click, as the README promises; 3x3 with 7 mines and a safe first click
// leaves one safe cell past the first, so the game does not end on it.
func testRestartAfterLoss(t *testing.T, bin string) {
	tm := startTmuxIn(t, t.TempDir(), bin, "-ascii", "-width", "3", "-height", "3", "-mines", "7", "-first-click", "safe")
	tm.waitFor("[ playing ]")
	m := regexp.MustCompile(`seed (\d+)`).FindStringSubmatch(tm.header())
	if m == nil {
		t.Fatalf("the header shows no seed: %q", tm.header())
	}
	seed := m[1]
	out, err := exec.Command(bin, "gen", "-width", "3", "-height", "3", "-mines", "7", "-first-click", "safe", "-seed", seed, "-start", "0,0").Output()
	if err != nil {
		t.Fatalf("minesweeper gen: %v", err)
	}
	rec, err := record.Read(bytes.NewReader(out))
	if err != nil || len(rec.Mines) != 7 {
		t.Fatalf("minesweeper gen wrote %q (%v); want a record of 7 mines", out, err)
	}
	var safe []board.Point
	for y := range 3 {
		for x := range 3 {
			if p := (board.Point{X: x, Y: y}); !slices.Contains(rec.Mines, p) {
				safe = append(safe, p)
			}
		}
	}
	if len(safe) != 2 || safe[0] != (board.Point{}) {
		t.Fatalf("gen -start 0,0: the safe cells are %v; want (0,0) and one more", safe)
	}

	near := 0 // the number (0,0) shows
	for _, p := range []board.Point{{X: 1}, {Y: 1}, {X: 1, Y: 1}} {
		if slices.Contains(rec.Mines, p) {
			near++
		}
	}
	tm.moveTo(board.Point{})
	tm.keys("Enter")
	tm.waitFor(fmt.Sprintf("|%d # # |", near))
	tm.moveTo(rec.Mines[0])
	tm.keys("Enter")
	tm.waitFor("[ You lose ]")
	tm.keys("r")
	tm.waitFor("[ playing ]")
	tm.waitFor("restarted")
	for _, p := range safe {
		tm.moveTo(p)
		tm.keys("Enter")
	}
	tm.waitFor("[ You win ]")
	tm.keys("q")
	tm.checkExit("You win in ")
	tm.checkLine(`^You win in \d+\.\d\ds on 3x3n7 safe, restarted, seed ` + seed + `; .*; known board: not in the records; .*replay: minesweeper replay 2$`)

	games := historyOf(t, bin, tm.home) // newest first
	if len(games) != 2 {
		t.Fatalf("history: %d games; want 2", len(games))
	}
	if g := games[0]; g.Result != "won" || !g.Known || !g.Restarted {
		t.Errorf("history, the last game: %s, known %t, restarted %t; want won, known, restarted", g.Result, g.Known, g.Restarted)
	}
	if g := games[1]; g.Result != "lost" || g.Known || g.Restarted || g.GaveUp {
		t.Errorf("history, the first game: %s, known %t, restarted %t, gave up %t; want lost and nothing else", g.Result, g.Known, g.Restarted, g.GaveUp)
	}
	stats := runWithHome(t, tm.home, bin, "stats")
	for _, re := range []string{
		`(?m)^3x3n7 safe +1 +0 +0% +0/0 +- `,         // the loss counts
		`(?m)^3x3n7 safe known +1 +1 +100% +1/1 +- `, // the win apart, no best time
	} {
		if !regexp.MustCompile(re).MatchString(stats) {
			t.Errorf("minesweeper stats =\n%s\nwant a row matching %q", stats, re)
		}
	}
}

// testGiveUp asks to give up a started game, with n or r: the same key
// again keeps it as a loss; any other key takes the question back (the
// key asks again, rather than confirm), and q then saves the game.
func testGiveUp(t *testing.T, bin string) {
	const (
		newGame = "give up this game for a new game? it counts as a loss: n again"
		restart = "give up this game for a restart? it counts as a loss: r again"
	)
	for _, tc := range []struct {
		key, answer string
		question    string
		lost        bool // the answer gives the game up
	}{
		{"n", "n", newGame, true},
		{"r", "r", restart, true},
		{"n", "h", newGame, false},
		{"r", "j", restart, false},
	} {
		t.Run(tc.key+" "+tc.answer, func(t *testing.T) {
			tm := startTmuxIn(t, t.TempDir(), bin, "-ascii", "-level", "beginner")
			// The question is longer than 80 columns leave it beside q
			// and ?: there the footer drops its last words.
			tm.tmux("resize-window", "-t", "e2e", "-x", "100", "-y", "24")
			tm.waitFor("[ playing ]  9x9, seed ")
			header := tm.header()
			tm.keys("g", "0", "Enter") // the top-left corner, whose opening reaches the frame
			tm.waitFor("|  ")
			tm.keys(tc.key)
			tm.waitForFooter(func(footer string) bool { return strings.Contains(footer, tc.question) })
			tm.keys(tc.answer)
			tm.waitForFooter(func(footer string) bool { return !strings.Contains(footer, "give up") })
			if tc.lost {
				tm.waitFor("|# # # # # # # # # |") // a board not started
				tm.keys("q")
				tm.checkExit("Quit before the first move on beginner")
				tm.checkLine(`; 1 game given up before it, kept as a loss$`)
				games := historyOf(t, bin, tm.home)
				if len(games) != 1 || games[0].Result != "lost" || !games[0].GaveUp || games[0].IsKnown() {
					t.Errorf("history = %+v; want one game, lost, given up, not known", games)
				}
				return
			}
			opened := boardLines(tm.capture())
			tm.keys(tc.key) // asks again: the answer took the question back
			tm.waitForFooter(func(footer string) bool { return strings.Contains(footer, tc.question) })
			// The same game: its board, and its header but for the clock,
			// which ticks on however long the keys take.
			if got := boardLines(tm.capture()); got != opened || untimed(tm.header()) != untimed(header) {
				t.Errorf("%s asked again, and the game changed:\n%s\n%s\nwant:\n%s\n%s", tc.key, tm.header(), got, header, opened)
			}
			tm.keys("q") // q is no answer either: it saves the game
			tm.checkExit("; saved, to go on: minesweeper -level beginner -resume")
			if games := historyOf(t, bin, tm.home); len(games) != 0 {
				t.Errorf("history = %+v; want no game", games)
			}
		})
	}
}

// testOverlayHides opens the help and the statistics over a game in
// play: no closed cell and no row of the board shows while they do, and
// the board comes back as it was once a key closes them.
func testOverlayHides(t *testing.T, bin string) {
	for _, tc := range []struct{ key, shows string }{
		{"?", "Keys"},
		{"i", "Statistics: beginner"},
	} {
		t.Run(tc.key, func(t *testing.T) {
			tm := startTmuxIn(t, t.TempDir(), bin, "-ascii", "-level", "beginner")
			tm.waitFor("[ playing ]")
			tm.keys("g", "0", "Enter") // the top-left corner, whose opening reaches the frame
			tm.waitFor("|  ")
			before := boardLines(tm.capture())
			if !strings.Contains(before, "# #") || !regexp.MustCompile(`[1-8]`).MatchString(before) {
				t.Fatalf("after the first opening, the board shows no closed cells or no numbers:\n%s", before)
			}
			tm.keys(tc.key)
			tm.waitUntil(tc.shows+" over no board", func(screen string) bool {
				if !strings.Contains(screen, tc.shows) || strings.Contains(screen, "# #") {
					return false
				}
				for _, row := range strings.Split(before, "\n") {
					if strings.Trim(row, "| ") != "" && strings.Contains(screen, row) {
						return false
					}
				}
				return true
			})
			tm.keys("x")
			tm.waitForBoard(before)
			if screen := tm.capture(); strings.Contains(screen, tc.shows) {
				t.Errorf("%s: x did not close the overlay:\n%s", tc.key, screen)
			}
			tm.keys("q")
			tm.checkExit("; saved, to go on: ")
		})
	}
}

// testSeedLeavesSaved leaves a random beginner game, then plays beginner
// with -seed 7: no offer to resume, that seed's board, saved when left as
// any started game is, known still; the next run offers it, the newest,
// and the random game stays saved beside it.
func testSeedLeavesSaved(t *testing.T, bin string) {
	home := t.TempDir()
	tm := startTmuxIn(t, home, bin, "-ascii", "-level", "beginner")
	tm.waitFor("[ playing ]  9x9, seed ")
	tm.keys("g", "0", "Enter") // the top-left corner, whose opening reaches the frame
	tm.waitFor("|  ")
	tm.keys("q")
	tm.checkExit("; saved, to go on: minesweeper -level beginner -resume")

	tm = startTmuxIn(t, home, bin, "-ascii", "-level", "beginner", "-seed", "7")
	tm.waitFor("[ playing ]  9x9, seed 7")
	if screen := tm.capture(); strings.Contains(screen, "left unfinished") {
		t.Errorf("-seed 7 offers the saved game:\n%s", screen)
	}
	tm.keys("g", "0", "Enter") // the top-left corner, whose opening reaches the frame
	tm.waitFor("|  ")
	left := boardLines(tm.capture())
	tm.keys("q")
	tm.checkExit(" on beginner, seed 7; saved, to go on: minesweeper -level beginner -resume; a known board, so it counts for nothing")

	tm = startTmuxIn(t, home, bin, "-ascii", "-level", "beginner")
	tm.waitFor("left unfinished (and 1 more, older)")
	tm.keys("y")
	tm.waitFor("[ playing ]  9x9, seed 7")
	if got := boardLines(tm.capture()); got != left {
		t.Errorf("the board resumed:\n%s\nwant the board left:\n%s", got, left)
	}
	tm.keys("q")
	tm.checkExit("; saved, to go on: minesweeper -level beginner -resume; a known board, so it counts for nothing")
	if games := historyOf(t, bin, home); len(games) != 0 {
		t.Errorf("history = %+v; want no game", games)
	}
}

// writeBoard writes a record file named name in dir and returns its path.
func writeBoard(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// runWithHome runs bin with args and the history in home, and returns its
// standard output.
func runWithHome(t *testing.T, home, bin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "MINESWEEPER_HOME="+home)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("minesweeper %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// historyOf returns every game of the history in home, newest first, as
// minesweeper history -json prints them.
func historyOf(t *testing.T, bin, home string) []history.Game {
	t.Helper()
	out := runWithHome(t, home, bin, "history", "-json", "-n", "0")
	games := []history.Game{}
	for line := range strings.Lines(out) { // JSON lines: a game a line
		var g history.Game
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatalf("minesweeper history -json = %q: %v", out, err)
		}
		games = append(games, g)
	}
	return games
}

// moveTo moves the cursor to p from the top-left corner.
func (tm *tmuxGame) moveTo(p board.Point) {
	tm.t.Helper()
	keys := []string{"g", "0"}
	for range p.Y {
		keys = append(keys, "j")
	}
	for range p.X {
		keys = append(keys, "l")
	}
	tm.keys(keys...)
}

// waitForBoard polls the pane until the rows inside the board's frame are
// want (an ASCII screen).
func (tm *tmuxGame) waitForBoard(want string) {
	tm.t.Helper()
	tm.waitUntil("the board\n"+want, func(screen string) bool { return boardLines(screen) == want })
}

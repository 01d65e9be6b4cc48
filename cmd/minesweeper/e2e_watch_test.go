//go:build unix

package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/solver"
	"github.com/minesweeper-go/minesweeper/internal/ui/remote"
)

// framed returns the cells of the board framed on screen: each row's
// text between the frame's sides ('|' in ASCII), whatever stands beside
// the frame (a racer's table).
func framed(screen string) string {
	var rows []string
	for _, l := range strings.Split(screen, "\n") {
		_, rest, ok := strings.Cut(l, "|")
		if !ok {
			continue
		}
		if cells, _, ok := strings.Cut(rest, "|"); ok {
			rows = append(rows, cells)
		}
	}
	return strings.Join(rows, "\n")
}

// namedKey makes a player of the server on port called name, through
// OpenSSH's client (the first visit asks for the name), and returns their
// key file.
func namedKey(t *testing.T, port, name string) string {
	t.Helper()
	key := sshTools(t, t.TempDir())
	tm := startTmux(t, "env", append([]string{"LANG=C", "ssh", "-tt"}, sshArgs(port, key)...)...)
	tm.waitFor("Choose a display name")
	tm.keys("-l", name)
	tm.keys("Enter")
	tm.waitFor("[ playing ]")
	tm.keys("q")
	tm.checkExit("")
	return key
}

// TestE2EWatch: one player plays through OpenSSH's client in tmux while a
// second terminal watches (ssh -t HOST watch NAME), and sees the same
// cells open, the game anew after n.
func TestE2EWatch(t *testing.T) {
	t.Parallel()
	_, bin := e2eBinary(t)
	srv := startServe(t, bin, t.TempDir())
	key := namedKey(t, srv.port, "Wanda")
	player := startTmux(t, "env", append([]string{"LANG=C", "ssh", "-tt"}, sshArgs(srv.port, key)...)...)
	player.waitFor("[ playing ]")
	viewer := startTmux(t, "env", append(append([]string{"LANG=C", "ssh", "-tt"}, sshArgs(srv.port, "")...), "watch", "Wanda")...)
	viewer.waitFor("watching Wanda")
	player.waitFor("1 watching")
	for _, k := range [][]string{{"Enter"}, {"n", "n"}} { // the corner opened, then a new game (n again gives the game up)
		before := framed(player.capture())
		player.keys(k...)
		shown := player.waitUntil("the board changed", func(s string) bool { f := framed(s); return f != before && f != "" })
		want := framed(shown)
		viewer.waitUntil("the player's board:\n"+want, func(s string) bool { return framed(s) == want })
	}
	viewer.keys("q")
	viewer.checkExit("")
	player.keys("q")
	player.checkExit("")
}

// TestE2ERace: two players race through OpenSSH's client in tmux (ssh -t
// HOST race, race CODE): both get ready, both are shown the same board;
// one clears it, the other gives up, and both see the result table, and
// print it.
func TestE2ERace(t *testing.T) {
	t.Parallel()
	_, bin := e2eBinary(t)
	srv := startServe(t, bin, t.TempDir())
	ann, bob := namedKey(t, srv.port, "Ann"), namedKey(t, srv.port, "Bob")
	first := startTmux(t, "env", append(append([]string{"LANG=C", "ssh", "-tt"}, sshArgs(srv.port, ann)...), "race")...)
	screen := first.waitUntil("a race's code", func(s string) bool { return strings.Contains(s, "others join with") })
	m := regexp.MustCompile(`Race ([a-z0-9]+): `).FindStringSubmatch(screen)
	if m == nil {
		t.Fatalf("no race code on the screen:\n%s", screen)
	}
	code := m[1]
	second := startTmux(t, "env", append(append([]string{"LANG=C", "ssh", "-tt"}, sshArgs(srv.port, bob)...), "race", code)...)
	first.waitFor("Bob")
	second.waitFor("Ann")
	first.keys("Space")
	second.keys("Space")
	a := framed(first.waitUntil("the race's board", func(s string) bool { return strings.Contains(s, "space opens") }))
	b := framed(second.waitUntil("the race's board", func(s string) bool { return strings.Contains(s, "space opens") }))
	if a != b || a == "" {
		t.Errorf("the racers' boards at the start:\nAnn's:\n%s\nBob's:\n%s\nwant the same", a, b)
	}
	// Ann clears the board, as logic alone can (a no-guess board), and
	// Bob gives up.
	solveRace(t, first)
	second.waitFor("cleared in")
	second.keys("q")
	for _, tm := range []*tmuxGame{first, second} {
		tm.waitFor("Results")
		tm.waitFor("1. Ann")
		tm.waitFor("2. Bob")
		tm.keys("q")
		tm.checkExit("race " + code + ":")
	}
	first.checkLine(`^1\. Ann cleared in [0-9.]+s`)
}

// keyPace keeps a test's keys within a server's input budget (see
// remote.InputBurst): keys past it are dropped, as a flood's are. It
// paces the input; no state is decided by the time it waits.
type keyPace struct {
	credit float64 // keys that may be sent now
	last   time.Time
}

// keyRate is the keys a second the budget refills, as the server's.
const keyRate = 50 // under remote's 60, for the clocks' drift

// take waits until n keys may be sent, and counts them sent.
func (k *keyPace) take(n int) {
	now := time.Now()
	k.credit = min(k.credit+now.Sub(k.last).Seconds()*keyRate, remote.InputBurst/2)
	k.last = now
	if short := float64(n) - k.credit; short > 0 {
		wait := time.Duration(short / keyRate * float64(time.Second))
		time.Sleep(wait)
		k.credit += wait.Seconds() * keyRate
		k.last = k.last.Add(wait)
	}
	k.credit -= float64(n)
}

// raceSize is the race board's size, intermediate's.
const raceSize, raceMines = 16, 40

// shownTiles reads the race board framed on screen, drawn in ASCII: '#'
// a closed cell, ' ' an open 0, a digit an open number.
func shownTiles(t *testing.T, screen string) []board.Tile {
	t.Helper()
	rows := strings.Split(framed(screen), "\n")
	if len(rows) != raceSize {
		t.Fatalf("the race's board has %d rows; want %d:\n%s", len(rows), raceSize, screen)
	}
	tiles := make([]board.Tile, 0, raceSize*raceSize)
	for _, r := range rows {
		if len(r) < 2*raceSize {
			t.Fatalf("a row of the race's board %q; want %d cells", r, raceSize)
		}
		for x := range raceSize {
			switch c := r[2*x]; {
			case c == '#':
				tiles = append(tiles, board.TileClosed)
			case c == ' ':
				tiles = append(tiles, 0)
			case c >= '1' && c <= '8':
				tiles = append(tiles, board.Tile(c-'0'))
			default:
				t.Fatalf("a cell %q of the race's board", c)
			}
		}
	}
	return tiles
}

// solveRace clears the race board on tm's screen by keys, as a player
// who reasons alone would: the solver's safe cells of the board shown,
// opened a few at a time, until none is left closed but the mines.
func solveRace(t *testing.T, tm *tmuxGame) {
	t.Helper()
	at := board.Point{X: raceSize / 2, Y: raceSize / 2} // the start cell, where the cursor starts
	pace := keyPace{credit: remote.InputBurst / 2, last: time.Now()}
	screen := tm.capture()
	for !strings.Contains(screen, "waiting for the others") {
		tiles := shownTiles(t, screen)
		v, err := solver.NewView(raceSize, raceSize, raceMines, tiles)
		if err != nil {
			t.Fatal(err)
		}
		an, err := solver.Analyze(v)
		if err != nil {
			t.Fatal(err)
		}
		var keys strings.Builder
		var opened []board.Point
		for _, p := range an.Safe() {
			if tiles[p.Y*raceSize+p.X] != board.TileClosed || keys.Len() > 40 {
				continue
			}
			for ; at.X < p.X; at.X++ {
				keys.WriteByte('l')
			}
			for ; at.X > p.X; at.X-- {
				keys.WriteByte('h')
			}
			for ; at.Y < p.Y; at.Y++ {
				keys.WriteByte('j')
			}
			for ; at.Y > p.Y; at.Y-- {
				keys.WriteByte('k')
			}
			keys.WriteByte(' ')
			opened = append(opened, p)
		}
		if len(opened) == 0 {
			t.Fatalf("the solver finds no safe cell on the race's board:\n%s", screen)
		}
		pace.take(keys.Len())
		tm.keys("-l", keys.String())
		screen = tm.waitUntil("the cells opened", func(s string) bool {
			if strings.Contains(s, "waiting for the others") {
				return true
			}
			if strings.Contains(framed(s), "F") {
				return false // the board cleared, its mines flagged: the text comes next
			}
			now := shownTiles(t, s)
			for _, p := range opened {
				if now[p.Y*raceSize+p.X] == board.TileClosed {
					return false
				}
			}
			return true
		})
	}
}

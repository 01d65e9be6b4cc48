//go:build unix

package main

import (
	"regexp"
	"strings"
	"testing"
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
// HOST race, race CODE): both get ready, both are shown the same board,
// each gives up, and both see the result table, and print it.
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
	first.keys("q") // gives up
	second.waitFor("out")
	second.keys("q")
	for _, tm := range []*tmuxGame{first, second} {
		tm.waitFor("Results")
		tm.waitFor("1. ")
		tm.keys("q")
		tm.checkExit("race " + code + ":")
	}
}

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestModerate runs minesweeper moderate's actions in order on one
// server's directory: each says nothing on success, the lists print what
// the actions did, and a bad call gets one line and exit status 2.
func TestModerate(t *testing.T) {
	data := t.TempDir()
	steps := []struct {
		args []string
		code int
		out  string // a regular expression the output matches
		err  string // the whole standard error
	}{
		{[]string{"ban", "key", "SHA256:cheatercheatercheatercheater", "scripted", "runs"}, exitOK, `^$`, ""},
		{[]string{"ban", "addr", "2001:db8::7/64", "a", "flood"}, exitOK, `^$`, ""},
		{[]string{"bans"}, exitOK, `(?s)^since +kind +target +reason\n.* addr +2001:db8::/64 +a flood\n.* key +SHA256:cheatercheatercheatercheater +scripted runs\n$`, ""},
		{[]string{"unban", "addr", "2001:db8::7/64", "done"}, exitOK, `^$`, ""},
		{[]string{"unban", "addr", "2001:db8::7/64", "again"}, exitFailure, `^$`, "minesweeper moderate: no such ban: addr 2001:db8::/64\n"},
		{[]string{"unverified"}, exitOK, `^ *game +player +level +time +3BV/s +clicks/s +ended *\n$`, ""},
		{[]string{"remove", "7", "cheat"}, exitFailure, `^$`, "minesweeper moderate: no such game: 7\n"},
		{[]string{"log"}, exitOK, `(?s)^when +action +target +reason\n.* unban +addr 2001:db8::/64 +done\n.* ban +addr 2001:db8::/64 +a flood\n.* ban +key SHA256:\S+ +scripted runs\n$`, ""},
		{[]string{"ban", "key", "SHA256:x"}, exitUsage, `^$`, "minesweeper moderate: ban: want key|addr, the key or address and a reason\n"},
		{[]string{"shout"}, exitUsage, `^$`, "minesweeper moderate: \"shout\": no such action (ban, unban, remove, verify, rename, bans, unverified or log)\n"},
	}
	for _, st := range steps {
		var stdout, stderr strings.Builder
		code := run(append([]string{"moderate", "-data", data}, st.args...), strings.NewReader(""), &stdout, &stderr)
		if code != st.code || !regexp.MustCompile(st.out).MatchString(stdout.String()) || stderr.String() != st.err {
			t.Errorf("moderate %q: exit %d, stdout %q, stderr %q; want %d, %s, %q", st.args, code, stdout.String(), stderr.String(), st.code, st.out, st.err)
		}
	}
	// -data is required as leaderboard requires it, with -db too (the
	// server's directory holds its lock and its secret).
	for _, args := range [][]string{{"moderate", "bans"}, {"moderate", "-db", "postgres://nowhere/x", "bans"}} {
		var stderr strings.Builder
		want := "minesweeper moderate: -data: missing: the directory of the server's data, as minesweeper serve -data names it\n"
		if code := run(args, strings.NewReader(""), new(strings.Builder), &stderr); code != exitUsage || stderr.String() != want {
			t.Errorf("%q: exit %d, stderr %q; want %d, %q", args, code, stderr.String(), exitUsage, want)
		}
	}
}

// TestModerateWarningsPrintable checks that what moderate says of a
// server's records reaches the terminal cleaned, as leaderboard's does:
// a directory's name with an escape sequence in it is not sent as one.
func TestModerateWarningsPrintable(t *testing.T) {
	data := filepath.Join(t.TempDir(), "evil\x1b]0;owned\x07")
	if err := os.WriteFile(data, []byte("not a directory"), 0o600); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	code := run([]string{"moderate", "-data", data, "bans"}, strings.NewReader(""), new(strings.Builder), &stderr)
	if code != exitFailure || strings.ContainsAny(stderr.String(), "\x1b\x07") {
		t.Errorf("moderate -data %q: exit %d, stderr %q; want %d, no control characters", data, code, stderr.String(), exitFailure)
	}
}

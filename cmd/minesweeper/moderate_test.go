package main

import (
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
	var stderr strings.Builder
	if code := run([]string{"moderate", "bans"}, strings.NewReader(""), new(strings.Builder), &stderr); code != exitUsage {
		t.Errorf("moderate without -data: exit %d, stderr %q; want %d", code, stderr.String(), exitUsage)
	}
}

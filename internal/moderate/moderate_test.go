package moderate

import "testing"

// TestParse checks the actions that are refused before the records are
// opened, each with one line that says why.
func TestParse(t *testing.T) {
	tests := []struct {
		args []string
		want string // the error; "" for an action
	}{
		{[]string{"ban", "key", "SHA256:x", "why"}, ""},
		{[]string{"unban", "addr", "2001:db8::7/64", "done"}, ""},
		{[]string{"remove", "7", "cheat"}, ""},
		{[]string{"verify", "7", "seen", "live"}, ""},
		{[]string{"rename", "ann", "bea", "asked"}, ""},
		{[]string{"bans"}, ""},
		{[]string{"unverified"}, ""},
		{[]string{"log"}, ""},
		{[]string{"ban", "key", "SHA256:x"}, "ban: want key|addr, the key or address and a reason"},
		{[]string{"ban", "user", "ann", "why"}, `ban: "user": a ban is of a key or an addr`},
		{[]string{"remove", "x", "why"}, `remove: "x" is not a game's number`},
		{[]string{"verify", "0", "why"}, `verify: "0" is not a game's number`},
		{[]string{"rename", "ann"}, "rename: want the name and the new one and a reason"},
		{[]string{"shout"}, `"shout": no such action (ban, unban, remove, verify, rename, bans, unverified or log)`},
		{[]string{"bans", "all"}, `bans: unexpected argument "all"`},
	}
	for _, tt := range tests {
		act, err := Parse(tt.args)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want || (err == nil) != (act != nil) {
			t.Errorf("Parse(%q) = %v, %q; want an action: %v, %q", tt.args, act != nil, got, tt.want == "", tt.want)
		}
	}
}

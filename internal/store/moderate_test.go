package store

import (
	"errors"
	"net/netip"
	"slices"
	"testing"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// TestBans checks the bans of keys and addresses: a key's own, an
// address's own or its prefix's, lifted by Unban, each action in the log.
func TestBans(t *testing.T) {
	eachServer(t, func(t *testing.T, _ backend, s *players) {
		const key = "SHA256:cheatercheatercheatercheater"
		for _, b := range []Ban{
			{Kind: BanKey, Target: key, Reason: "scripted runs"},
			{Kind: BanAddr, Target: "2001:db8:1:2::9/64", Reason: "a flood"},
			{Kind: BanAddr, Target: "203.0.113.7", Reason: "a flood"},
		} {
			if err := s.Ban(ctx, b); err != nil {
				t.Fatalf("Ban(%v) = %v", b, err)
			}
		}
		tests := []struct {
			key    string
			addr   string
			target string // of the ban found; "" for none
		}{
			{key, "192.0.2.1", key},
			{"SHA256:honest", "192.0.2.1", ""},
			{"", "203.0.113.7", "203.0.113.7"},
			{"", "::ffff:203.0.113.7", "203.0.113.7"},
			{"", "203.0.113.8", ""},
			{"", "2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"},
			{"", "2001:db8:1:3::1", ""},
		}
		for _, tt := range tests {
			b, banned, err := s.Banned(ctx, tt.key, netip.MustParseAddr(tt.addr))
			if err != nil || banned != (tt.target != "") || banned && b.Target != tt.target {
				t.Errorf("Banned(%q, %s) = %q, %v, %v; want %q", tt.key, tt.addr, b.Target, banned, err, tt.target)
			}
		}
		if err := s.Unban(ctx, BanAddr, "203.0.113.7", "served its time"); err != nil {
			t.Fatalf("Unban() = %v", err)
		}
		if _, banned, _ := s.Banned(ctx, "", netip.MustParseAddr("203.0.113.7")); banned {
			t.Errorf("Banned() after Unban = true; want false")
		}
		if err := s.Unban(ctx, BanAddr, "203.0.113.7", "again"); !errors.Is(err, ErrNoBan) {
			t.Errorf("Unban() of no ban = %v; want %v", err, ErrNoBan)
		}
		for _, bad := range []Ban{{Kind: BanKey, Target: "ann"}, {Kind: BanAddr, Target: "somewhere"}} {
			if err := s.Ban(ctx, bad); err == nil {
				t.Errorf("Ban(%v) = nil; want an error", bad)
			}
		}
		log, err := s.Audit(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, a := range log {
			got = append(got, a.Action+" "+a.Target+": "+a.Reason)
		}
		want := []string{
			"unban addr 203.0.113.7: served its time",
			"ban addr 203.0.113.7: a flood",
			"ban addr 2001:db8:1:2::/64: a flood",
			"ban key " + key + ": scripted runs",
		}
		if !slices.Equal(got, want) {
			t.Errorf("Audit() = %q; want %q", got, want)
		}
	})
}

// TestUnverifiedRuns checks that a run no human can play (a script's
// 0.92 s expert, 178 3BV/s) is kept but left off the ranked boards, and
// listed, until an operator verifies it; that a removed game leaves them;
// and that a daily attempt off the board keeps its player off the day's
// board (their first attempt stands) rather than ranking a later one.
func TestUnverifiedRuns(t *testing.T) {
	eachServer(t, func(t *testing.T, _ backend, s *players) {
		human := lbGame(1, 40000, 160) // 4 3BV/s
		human.Board, human.Level = expert, "expert"
		script := lbGame(2, 920, 165) // 179 3BV/s
		script.Board, script.Level = expert, "expert"
		clicker := lbGame(3, 30000, 150) // 5 3BV/s, but 30 clicks a second
		clicker.Board, clicker.Level, clicker.Clicks = expert, "expert", 900
		scriptDaily, later := daily(lbGame(4, 500, 30)), daily(lbGame(5, 20000, 30))
		for _, p := range []struct {
			id, name string
			games    []history.Game
		}{
			{"SHA256:ann", "Ann", []history.Game{human}},
			{"SHA256:bot", "Bot", []history.Game{script, scriptDaily, later}},
			{"SHA256:cly", "Cly", []history.Game{clicker}},
		} {
			if _, err := s.view(p.id).AppendAll(ctx, p.games); err != nil {
				t.Fatal(err)
			}
			if err := s.SetName(ctx, p.id, p.name); err != nil {
				t.Fatal(err)
			}
		}
		names := func(lb history.Leaderboard) []string {
			var n []string
			for _, e := range lb.Entries {
				n = append(n, e.Name)
			}
			return n
		}
		board := func() []string {
			lb, err := s.AllTime(ctx, "expert", false, 0)
			if err != nil {
				t.Fatal(err)
			}
			return names(lb)
		}
		if got, want := board(), []string{"Ann"}; !slices.Equal(got, want) {
			t.Errorf("AllTime(expert) = %q; want %q: the script's and the clicker's runs off it", got, want)
		}
		if lb, err := s.Daily(ctx, scriptDaily.Daily, "beginner", 0); err != nil || len(lb.Entries) != 0 {
			t.Errorf("Daily() = %q, %v; want nobody: the bot's first attempt is off the board, and a later one is not counted", names(lb), err)
		}
		runs, err := s.Unverified(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		var listed []string
		for _, r := range runs {
			listed = append(listed, r.Player+" "+r.Level)
		}
		if want := []string{"Bot beginner", "Cly expert", "Bot expert"}; !slices.Equal(listed, want) {
			t.Errorf("Unverified() = %q; want %q", listed, want)
		}
		n := runs[1].N // the clicker's: a human after all
		if err := s.Rule(ctx, n, Verified, "watched the video"); err != nil {
			t.Fatal(err)
		}
		if got, want := board(), []string{"Cly", "Ann"}; !slices.Equal(got, want) {
			t.Errorf("AllTime(expert) after the clicker was verified = %q; want %q", got, want)
		}
		if err := s.Rule(ctx, n, Removed, "no: a macro"); err != nil {
			t.Fatal(err)
		}
		if got, want := board(), []string{"Ann"}; !slices.Equal(got, want) {
			t.Errorf("AllTime(expert) after the clicker's game was removed = %q; want %q", got, want)
		}
		if runs, _ := s.Unverified(ctx, 0); len(runs) != 2 {
			t.Errorf("Unverified() after a ruling = %d runs; want 2", len(runs))
		}
		if err := s.Rule(ctx, 999999, Removed, "typo"); !errors.Is(err, ErrNoGame) {
			t.Errorf("Rule() of no game = %v; want %v", err, ErrNoGame)
		}
	})
}

// TestRename checks that an operator renames a player by their name,
// under the rules of names: not to another's.
func TestRename(t *testing.T) {
	eachServer(t, func(t *testing.T, _ backend, s *players) {
		for id, name := range map[string]string{"SHA256:a": "Ann", "SHA256:b": "Bob"} {
			if err := s.SetName(ctx, id, name); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Rename(ctx, "bob", "ANN", "impersonation"); !errors.Is(err, ErrNameTaken) {
			t.Errorf("Rename() to another's name = %v; want %v", err, ErrNameTaken)
		}
		if err := s.Rename(ctx, "nobody", "Zed", "typo"); !errors.Is(err, ErrNoPlayer) {
			t.Errorf("Rename() of nobody = %v; want %v", err, ErrNoPlayer)
		}
		if err := s.Rename(ctx, "BOB", "Robert", "a rude name"); err != nil {
			t.Fatalf("Rename() = %v", err)
		}
		if got, err := s.Name(ctx, "SHA256:b"); got != "Robert" || err != nil {
			t.Errorf("Name() after Rename = %q, %v; want Robert", got, err)
		}
	})
}

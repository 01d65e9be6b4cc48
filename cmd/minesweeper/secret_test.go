package main

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/record"
	"github.com/minesweeper-go/minesweeper/internal/store"
)

// TestLeaderboardRevealsPastSecrets checks the server's daily secrets
// through minesweeper leaderboard on a server's SQLite store: on its day
// the board's commitment is printed and its secret never, nor the day
// before; the day after, the secret is printed, and minesweeper gen
// -daily -secret lays the server's board with it, checks the commitment
// printed before, and refuses another.
func TestLeaderboardRevealsPastSecrets(t *testing.T) {
	dir := t.TempDir()
	const date = "2026-11-25"
	p, err := store.OpenPlayers(context.Background(), dir, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	secret, err := p.DailySecret(context.Background(), date)
	p.Close()
	if err != nil {
		t.Fatal(err)
	}
	hexSecret := daily.Secret(secret).String()
	board := func(day time.Time) string {
		t.Helper()
		env := leaderEnv{open: openPlayers, now: func() time.Time { return day }}
		var stdout, stderr bytes.Buffer
		if code := leaderboardMain([]string{"-data", dir, "-level", "expert", "-date", date}, &stdout, &stderr, env); code != exitOK {
			t.Fatalf("leaderboard -date %s on %v = %d; stderr %q", date, day, code, stderr.String())
		}
		return stdout.String()
	}
	commit := daily.Commitment(date, "expert", daily.Secret(secret))
	for _, day := range []time.Time{
		time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC),
		time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC),
		time.Date(2026, 11, 25, 23, 59, 59, 0, time.UTC),
	} {
		out := board(day)
		if strings.Contains(out, hexSecret) || !strings.Contains(out, commit) {
			t.Errorf("leaderboard -date %s on %v:\n%s\nwant the commitment %s and not the secret", date, day, out, commit)
		}
	}
	out := board(time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC))
	shown := regexp.MustCompile(`secret:\n +([0-9a-f]{64})\n`).FindStringSubmatch(out)
	if shown == nil || shown[1] != hexSecret {
		t.Fatalf("leaderboard -date %s the day after:\n%s\nwant the secret %s", date, out, hexSecret)
	}

	ranked, err := daily.OfSecret(date, "expert", daily.Secret(secret))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ranked.Record()
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := record.Write(&want, rec); err != nil {
		t.Fatal(err)
	}
	other := daily.Commitment(date, "beginner", daily.Secret(secret))
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"checked", []string{"-commitment", commit}, exitOK, want.String(), ""},
		{"commitment printed", nil, exitOK, want.String(), "minesweeper gen: the commitment of the daily board of 2026-11-25, expert: " + commit + "\n"},
		{"another commitment", []string{"-commitment", other}, exitFailure, "",
			"minesweeper gen: -commitment: the secret does not match the commitment: its commitment for 2026-11-25, expert is " + commit + "\n"},
	}
	for _, tt := range tests {
		args := append([]string{"gen", "-daily", "-date", date, "-level", "expert", "-secret", shown[1]}, tt.args...)
		var stdout, stderr bytes.Buffer
		code := run(args, strings.NewReader(""), &stdout, &stderr)
		if code != tt.code || stdout.String() != tt.stdout || stderr.String() != tt.stderr {
			t.Errorf("%s: %v = %d, stdout %q, stderr %q; want %d, %q, %q", tt.name, args, code, stdout.String(), stderr.String(), tt.code, tt.stdout, tt.stderr)
		}
	}
	pub, _ := daily.Of(date, "expert")
	if pubRec, _ := pub.Record(); pubRec != nil && slices.Equal(pubRec.Mines, rec.Mines) {
		t.Error("the server's board is the public board of its date")
	}
}

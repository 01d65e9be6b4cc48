package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/board"
	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/leaderboard"
)

// fakePlayers is a leaderSource that remembers what it was asked.
type fakePlayers struct {
	asked  []string // "daily 2026-11-25 expert 20", "all-time expert 20"
	fail   error    // what every read returns, if not nil
	warn   string   // said through warn when opened
	closed bool
}

func (f *fakePlayers) Daily(_ context.Context, date, level string, limit int) (history.Leaderboard, error) {
	f.asked = append(f.asked, "daily "+date+" "+level+" "+fmt.Sprint(limit))
	if f.fail != nil {
		return history.Leaderboard{}, f.fail
	}
	at := time.Date(2026, 11, 25, 9, 5, 0, 0, time.UTC)
	switch level {
	case "expert":
		return history.Leaderboard{Level: level, Date: date, Players: 3, Entries: []history.Entry{
			{Rank: 1, Name: "山田太郎", Result: history.EntryWon, TimeMS: 61234, Speed: 2.5, Date: at},
			{Rank: 2, Name: "ada", Result: history.EntryWon, TimeMS: 123400, Speed: 1.25, Date: at.Add(5 * time.Hour)},
			{Name: "x\x1b]0;pwned\ay", Result: history.EntryAssisted, TimeMS: 99000, Date: at.Add(6 * time.Hour)},
		}}, nil
	case "beginner":
		return history.Leaderboard{Level: level, Date: date, Players: 1, Entries: []history.Entry{
			{Name: "bob", Result: history.EntryLost, TimeMS: 3100, Date: at},
		}}, nil
	}
	return history.Leaderboard{Level: level, Date: date}, nil
}

func (f *fakePlayers) AllTime(_ context.Context, level string, nf bool, limit int) (history.Leaderboard, error) {
	style := ""
	if nf {
		style = " NF"
	}
	f.asked = append(f.asked, "all-time "+level+style+" "+fmt.Sprint(limit))
	if nf {
		return history.Leaderboard{Level: level, NF: true}, nil
	}
	if f.fail != nil {
		return history.Leaderboard{}, f.fail
	}
	if level != "expert" {
		return history.Leaderboard{Level: level}, nil
	}
	return history.Leaderboard{Level: level, Players: 12, Entries: []history.Entry{
		{Rank: 1, Name: "ada", Result: history.EntryWon, TimeMS: 88120, Speed: 1.71, Date: time.Date(2026, 10, 3, 22, 0, 0, 0, time.UTC)},
	}}, nil
}

func (f *fakePlayers) Close() error { f.closed = true; return nil }

// fakeSecret returns the secret the fake server drew for a date: the
// bytes from, from+1, ..., from+31.
func fakeSecret(from byte) [32]byte {
	var s [32]byte
	for i := range s {
		s[i] = from + byte(i)
	}
	return s
}

// fakeSecrets are the fake server's secrets: today's in the tests (the
// 26th), and a past date's; none for other dates.
var fakeSecrets = map[string][32]byte{"2026-11-26": fakeSecret(0), "2026-11-20": fakeSecret(32)}

func (f *fakePlayers) KeptSecret(_ context.Context, date string) ([32]byte, bool, error) {
	f.asked = append(f.asked, "secret "+date)
	if f.fail != nil {
		return [32]byte{}, false, f.fail
	}
	s, ok := fakeSecrets[date]
	return s, ok, nil
}

func (f *fakePlayers) Unfinished(context.Context, []board.Settings) ([]string, error) {
	return nil, errors.New("not in a leaderboard")
}

// TestLeaderboard checks minesweeper leaderboard's output and exit status
// against golden files in testdata/leaderboard, and what it asked the
// store; go test -update rewrites the files.
func TestLeaderboard(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		fail  error // the store's
		open  error // the opener's
		code  int
		asked []string // nil: not checked
	}{
		{name: "default", args: []string{"-data", "d"}, code: exitOK, asked: []string{
			"secret 2026-11-26", "daily 2026-11-26 beginner 20", "daily 2026-11-26 intermediate 20", "daily 2026-11-26 expert 20",
			"all-time beginner 20", "all-time intermediate 20", "all-time expert 20",
		}},
		{name: "expert-date-n5", args: []string{"-data", "d", "-level", "expert", "-date", "2026-11-20", "-n", "5"}, code: exitOK,
			asked: []string{"secret 2026-11-20", "daily 2026-11-20 expert 5", "all-time expert 5"}},
		{name: "expert-capital", args: []string{"-data", "d", "-level", "Expert", "-date", "2026-11-20", "-n", "5"}, code: exitOK,
			asked: []string{"secret 2026-11-20", "daily 2026-11-20 expert 5", "all-time expert 5"}},
		{name: "expert-nf", args: []string{"-data", "d", "-level", "expert", "-nf"}, code: exitOK,
			asked: []string{"secret 2026-11-26", "daily 2026-11-26 expert 20", "all-time expert 20", "all-time expert NF 20"}},
		{name: "date-no-secret", args: []string{"-data", "d", "-level", "beginner", "-date", "2026-11-19"}, code: exitOK},
		{name: "json-past", args: []string{"-data", "d", "-level", "expert", "-date", "2026-11-20", "-json"}, code: exitOK},
		{name: "json", args: []string{"-data", "d", "-level", "expert", "-json"}, code: exitOK},
		{name: "no-data", args: nil, code: exitUsage},
		{name: "bad-level", args: []string{"-data", "d", "-level", "custom"}, code: exitUsage},
		{name: "bad-date", args: []string{"-data", "d", "-date", "25/11/2026"}, code: exitUsage},
		{name: "negative-n", args: []string{"-data", "d", "-n", "-1"}, code: exitUsage},
		{name: "argument", args: []string{"-data", "d", "expert"}, code: exitUsage},
		{name: "store-fails", args: []string{"-data", "d"}, fail: errors.New("database is locked\nretry"), code: exitFailure},
		{name: "open-fails", args: []string{"-data", "d"}, open: errors.New("cannot open the records: permission denied"), code: exitFailure},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakePlayers{fail: tt.fail, warn: "the database was made by a newer minesweeper: read only"}
			var gotDir string
			env := leaderEnv{
				open: func(_ context.Context, dir, dsn string, warn func(string)) (leaderboard.Source, error) {
					gotDir = dir
					if tt.open != nil {
						return nil, tt.open
					}
					warn(f.warn)
					return f, nil
				},
				now: func() time.Time { return time.Date(2026, 11, 25, 23, 30, 0, 0, time.FixedZone("UTC-3", -3*3600)) }, // the 26th in UTC
			}
			var stdout, stderr bytes.Buffer
			code := leaderboardMain(tt.args, &stdout, &stderr, env)
			if code != tt.code {
				t.Errorf("leaderboard(%q) = %d; want %d (stderr %q)", tt.args, code, tt.code, stderr.String())
			}
			got := "-- stdout --\n" + stdout.String() + "-- stderr --\n" + stderr.String()
			checkGolden(t, filepath.Join("testdata", "leaderboard", tt.name+".golden"), []byte(got), "minesweeper leaderboard "+strings.Join(tt.args, " "))
			if code != exitUsage && gotDir != "d" {
				t.Errorf("opened %q; want the -data directory %q", gotDir, "d")
			}
			if code == exitOK && !f.closed {
				t.Error("the store was not closed")
			}
			if tt.asked != nil && strings.Join(f.asked, "; ") != strings.Join(tt.asked, "; ") {
				t.Errorf("asked the store %q; want %q", f.asked, tt.asked)
			}
			if code != exitOK && strings.Count(strings.TrimSuffix(stderr.String(), "\n"), "\n") > 1 {
				t.Errorf("stderr %q; want the warning and one line", stderr.String())
			}
		})
	}
}

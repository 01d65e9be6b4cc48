package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/daily"
	"github.com/minesweeper-go/minesweeper/internal/record"
)

// TestDailyUsage checks the refusals of minesweeper daily: each one line,
// exit status 2, before any terminal is needed.
func TestDailyUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-date", "bad"}, `minesweeper daily: -date: "bad": not a date (want YYYY-MM-DD)` + "\n"},
		{[]string{"-date", "2026-02-30"}, `minesweeper daily: -date: "2026-02-30": not a date (want YYYY-MM-DD)` + "\n"},
		{[]string{"-date", "2026-2-3"}, `minesweeper daily: -date: "2026-2-3": not a date (want YYYY-MM-DD)` + "\n"},
		{[]string{"-level", "custom"}, `minesweeper daily: -level: "custom": unknown level (want beginner, intermediate or expert)` + "\n"},
		{[]string{"-theme", "pink"}, `minesweeper daily: -theme: unknown theme "pink": want default, colour-blind or mono` + "\n"},
		{[]string{"tomorrow"}, `minesweeper daily: unexpected argument "tomorrow"` + "\n"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"daily"}, tt.args...), strings.NewReader(""), &stdout, &stderr)
		if code != exitUsage || stderr.String() != tt.want || stdout.Len() != 0 {
			t.Errorf("daily %v: exit %d, stderr %q, stdout %q; want %d, %q, none", tt.args, code, stderr.String(), stdout.String(), exitUsage, tt.want)
		}
	}
}

// TestDailyNeedsTerminal checks that minesweeper daily with no terminal
// fails in one line that names gen -daily.
func TestDailyNeedsTerminal(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run([]string{"daily", "-date", "2026-11-25"}, strings.NewReader(""), &stdout, &stderr)
	if code != exitFailure || !strings.Contains(stderr.String(), "gen -daily") || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("daily without a terminal: exit %d, stderr %q; want %d, one line naming gen -daily", code, stderr.String(), exitFailure)
	}
}

// pinnedDaily returns the record of the daily board of date and level as
// the daily package's golden file pins it, its comment lines left out.
func pinnedDaily(t *testing.T, date, level string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "internal", "daily", "testdata", date+"-"+level+".golden"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if !strings.HasPrefix(line, "#") {
			b.WriteString(line)
		}
	}
	return b.String()
}

// TestGenDaily checks that gen -daily writes the daily board as the
// golden files of package daily pin it, the same from two fresh state
// directories, as two machines would, and that without -date it writes
// today's.
func TestGenDaily(t *testing.T) {
	for _, level := range []string{"beginner", "intermediate", "expert"} {
		want := pinnedDaily(t, "2026-11-25", level)
		for i := range 2 {
			t.Setenv("MINESWEEPER_HOME", filepath.Join(t.TempDir(), "fresh"))
			if got := string(genOut(t, "-daily", "-date", "2026-11-25", "-level", level)); got != want {
				t.Errorf("gen -daily -date 2026-11-25 -level %s, state directory %d:\n%s\nwant the pinned board:\n%s", level, i+1, got, want)
			}
		}
	}
	// -level beginner is the default; the date today's, in UTC.
	before := daily.Today(time.Now())
	got := genOut(t, "-daily")
	after := daily.Today(time.Now())
	for _, day := range []string{before, after} {
		b, err := daily.Of(day, "beginner")
		if err != nil {
			t.Fatal(err)
		}
		rec, err := b.Record()
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := record.Write(&want, rec); err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(got, want.Bytes()) {
			return
		}
	}
	t.Errorf("gen -daily wrote\n%s\nwant today's beginner board (%s)", got, before)
}

// TestGenDailyJudged checks that the record gen -daily writes is a record
// judge reads: the start click opens an area of the board.
func TestGenDailyJudged(t *testing.T) {
	rec := genRecord(t, "-daily", "-date", "2026-11-25", "-level", "expert")
	b, err := rec.Board()
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Clicks) != 1 || rec.Cols != 30 || rec.Rows != 16 || len(rec.Mines) != 99 {
		t.Fatalf("gen -daily -level expert: %dx%d, %d mines, %d clicks; want 30x16, 99, 1", rec.Cols, rec.Rows, len(rec.Mines), len(rec.Clicks))
	}
	if n, err := b.Reveal(rec.Clicks[0]); err != nil || n < 9 {
		t.Errorf("the start click opened %d cells, %v; want an opening", n, err)
	}
	var stdout, stderr bytes.Buffer
	in := genOut(t, "-daily", "-date", "2026-11-25", "-level", "expert")
	if code := run([]string{"judge"}, bytes.NewReader(in), &stdout, &stderr); code != exitOK {
		t.Errorf("judge < gen -daily: exit %d, %s", code, stderr.String())
	}
}

func TestGenDailyErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-daily", "-date", "2026-13-01"}, `-date: "2026-13-01": not a date (want YYYY-MM-DD)`},
		{[]string{"-daily", "-level", "hard"}, `-level: "hard": unknown level (want beginner, intermediate or expert)`},
		{[]string{"-daily", "-seed", "3"}, "-daily: cannot be combined with -seed (the date and the level fix the board)"},
		{[]string{"-daily", "-width", "20"}, "-daily: cannot be combined with -width (the date and the level fix the board)"},
		{[]string{"-daily", "-no-guess"}, "-daily: cannot be combined with -no-guess (the date and the level fix the board)"},
		{[]string{"-daily", "-start", "1,1"}, "-daily: cannot be combined with -start (the date and the level fix the board)"},
		{[]string{"-date", "2026-11-25"}, "-date: only with -daily"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"gen"}, tt.args...), strings.NewReader(""), &stdout, &stderr)
		if want := "minesweeper gen: " + tt.want + "\n"; code != exitUsage || stderr.String() != want || stdout.Len() != 0 {
			t.Errorf("gen %v: exit %d, stderr %q; want %d, %q", tt.args, code, stderr.String(), exitUsage, want)
		}
	}
}

// TestLevelAnyCase checks that a level is read in any case, as
// board.LevelNamed reads it: the board flags' -level and gen -daily's
// write the board of the level in small letters.
func TestLevelAnyCase(t *testing.T) {
	tests := []struct {
		args        []string
		level, want string
	}{
		{[]string{"-seed", "3", "-level"}, "Expert", "expert"},
		{[]string{"-seed", "3", "-level"}, "INTERMEDIATE", "intermediate"},
		{[]string{"-daily", "-date", "2026-11-25", "-level"}, "Expert", "expert"},
	}
	for _, tt := range tests {
		got := genOut(t, append(tt.args, tt.level)...)
		if want := genOut(t, append(tt.args, tt.want)...); !bytes.Equal(got, want) {
			t.Errorf("gen %v %s wrote\n%s\nwant, as with %s,\n%s", tt.args, tt.level, got, tt.want, want)
		}
	}
}

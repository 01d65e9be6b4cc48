package store

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// TestImportNamesCleaned checks that the name of a file in the state
// directory reaches the warnings of the import cleaned: an escape
// sequence in it would otherwise be read by the terminal.
func TestImportNamesCleaned(t *testing.T) {
	dir := t.TempDir()
	name := "saved-\x1b]0;pwned\x07\x1b[31m.json"
	if err := os.WriteFile(filepath.Join(dir, name), []byte("not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	d, w := openIn(t, dir)
	defer d.Close()
	msgs := w.all()
	if len(msgs) != 1 || !strings.Contains(msgs[0], "was not imported") {
		t.Fatalf("warnings %q; want one, that the file was not imported", msgs)
	}
	if strings.ContainsAny(msgs[0], "\x1b\x07") {
		t.Errorf("warning %q holds the name's control characters; want them cleaned", msgs[0])
	}
}

// stepClock is a clock that moves on by tick each time it is read.
type stepClock struct {
	now  time.Time
	tick time.Duration
}

func (c *stepClock) read() time.Time {
	c.now = c.now.Add(c.tick)
	return c.now
}

// TestImportSteps checks that an import ends each step once importStep
// has passed by the store's clock, keeps the position reached with it,
// and tells how far it has come every noticeEvery: with a clock that
// moves on 100 ms each time it is read, a step imports three lines.
func TestImportSteps(t *testing.T) {
	dir := t.TempDir()
	const games = 40
	all := make([]history.Game, games)
	want := make([]int, games)
	for i := range all {
		all[i], want[i] = testGame(i+1), i
	}
	log := strings.Join(logOf(t, all), "\n") + "\n"
	if err := os.WriteFile(filepath.Join(dir, oldLog), []byte(log), 0o600); err != nil {
		t.Fatal(err)
	}
	w := new(warnings)
	clock := &stepClock{now: day0, tick: 100 * time.Millisecond}
	var notices []string
	var steps []int
	d := &DB{path: filepath.Join(dir, FileName), warn: w.warn, stepNow: clock.read, notice: func(msg string) { notices = append(notices, msg) }}
	d.sleep = func(wait time.Duration) { clock.now = clock.now.Add(wait) }
	d.afterStep = func(p *logStep) error {
		got, err := readStep(ctx, d.db, oldLog)
		if err != nil || got == nil || got.lines != p.lines || got.pos != p.pos {
			t.Errorf("after a step of %d lines, the position kept is %+v, %v; want it", p.lines, got, err)
		}
		steps = append(steps, p.lines)
		return nil
	}
	if err := d.open(ctx, true); err != nil {
		t.Fatal(err)
	}
	d.importFiles(ctx, dir)
	checkImported(t, d, all, want)
	d.Close()
	// A step reads the clock at its start and before each line after
	// its first: the fourth line is read at 300 ms, past the step's end.
	var wantSteps []int
	for l := 3; l < games; l += 3 {
		wantSteps = append(wantSteps, l)
	}
	if fmt.Sprint(steps) != fmt.Sprint(wantSteps) {
		t.Errorf("the steps ended at lines %v; want %v, three lines a step", steps, wantSteps)
	}
	if len(notices) == 0 {
		t.Errorf("no notice of the import's progress; want one every 2 s of the clock")
	}
	for _, n := range notices {
		var line, games int
		if _, err := fmt.Sscanf(n, "importing history.jsonl: line %d of 40 (%d games so far), about", &line, &games); err != nil || line != games || !strings.HasSuffix(n, " left") {
			t.Errorf("notice %q; want how far the import has come", n)
		}
	}
	if msgs := w.all(); len(msgs) != 0 {
		t.Errorf("warnings %q; want none", msgs)
	}
}

// TestImportEstimate checks the time ImportNotice says an import takes.
func TestImportEstimate(t *testing.T) {
	tests := []struct {
		size int64
		want string
	}{
		{importRate, "a second or two"},
		{10 * importRate, "10 seconds"},
		{10*importRate + 1, "11 seconds"},
		{600 * importRate, "10 minutes"},
	}
	for _, tt := range tests {
		if got := estimate(tt.size); got != tt.want {
			t.Errorf("estimate(%d) = %q; want %q", tt.size, got, tt.want)
		}
	}
}

// TestThousands checks the numbers of an import's progress.
func TestThousands(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{{0, "0"}, {999, "999"}, {1000, "1,000"}, {100000, "100,000"}, {1234567, "1,234,567"}, {-1000, "-1,000"}}
	for _, tt := range tests {
		if got := thousands(tt.n); got != tt.want {
			t.Errorf("thousands(%d) = %q; want %q", tt.n, got, tt.want)
		}
	}
}

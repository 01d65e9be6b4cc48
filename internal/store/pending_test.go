package store

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// keepAsIs is a KeepPending decide that keeps each game as it is.
func keepAsIs(g history.Game, _ Prior) history.Game { return g }

// pendingFiles returns the names of the files in the pending directory
// of d, but the reserve.
func pendingFiles(t *testing.T, d *DB) []string {
	t.Helper()
	entries, err := os.ReadDir(d.pendingDir())
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.Name() != reserveName && !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names
}

// keptSeeds returns the seeds of the games d holds, by number.
func keptSeeds(t *testing.T, d *DB) []uint64 {
	t.Helper()
	n, err := d.Count(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var seeds []uint64
	for i := int64(1); i <= n; i++ {
		g, err := d.Game(t.Context(), i)
		if err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, g.Seed)
	}
	return seeds
}

// TestPendingOrder pends games out of the order they ended: KeepPending
// keeps them in the order they ended, each once, and removes their files.
func TestPendingOrder(t *testing.T) {
	d, err := Open(t.TempDir(), procNoWarning(t))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	// Seed i ends at minute i; one before 1970 sorts first.
	for _, seed := range []uint64{3, 1, 4, 2} {
		if _, err := d.Pend(procGame(seed, procBase.Add(time.Duration(seed)*time.Minute), 3), ""); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.Pend(procGame(9, time.Date(1960, 1, 1, 0, 0, 0, 0, time.UTC), 3), ""); err != nil {
		t.Fatal(err)
	}
	kept, left, err := d.KeepPending(t.Context(), keepAsIs)
	if kept != 5 || left != 0 || err != nil {
		t.Errorf("KeepPending() = %d, %d, %v; want 5, 0, nil", kept, left, err)
	}
	if got, want := keptSeeds(t, d), []uint64{9, 1, 2, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("the games kept are seeds %v; want %v", got, want)
	}
	if names := pendingFiles(t, d); len(names) != 0 {
		t.Errorf("pending files left: %v; want none", names)
	}
	kept, left, err = d.KeepPending(t.Context(), keepAsIs)
	if kept != 0 || left != 0 || err != nil || len(keptSeeds(t, d)) != 5 {
		t.Errorf("KeepPending() again = %d, %d, %v, %d games; want 0, 0, nil, 5 games", kept, left, err, len(keptSeeds(t, d)))
	}
}

// TestPendingOnce keeps a pending game and puts its file back, as a kill
// between the commit and the removal leaves it: it is kept once.
func TestPendingOnce(t *testing.T) {
	d, err := Open(t.TempDir(), procNoWarning(t))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	g := procGame(7, procBase, 5)
	if _, err := d.Pend(g, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Pend(procGame(8, procBase.Add(time.Minute), 5), ""); err != nil {
		t.Fatal(err)
	}
	names := pendingFiles(t, d)
	first := filepath.Join(d.pendingDir(), names[0])
	data, err := os.ReadFile(first)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.KeepPending(t.Context(), keepAsIs); err != nil {
		t.Fatal(err)
	}
	// The first game's file is there again, as a kill would leave it.
	if err := os.WriteFile(first, data, 0o600); err != nil {
		t.Fatal(err)
	}
	// A game of the same moment on the same board is another game.
	twin := g
	twin.Result, twin.TimeMS = "won", g.TimeMS+1
	if _, err := d.Pend(twin, ""); err != nil {
		t.Fatal(err)
	}
	kept, left, err := d.KeepPending(t.Context(), keepAsIs)
	if kept != 2 || left != 0 || err != nil {
		t.Errorf("KeepPending() with a file kept already = %d, %d, %v; want 2, 0, nil", kept, left, err)
	}
	if got, want := keptSeeds(t, d), []uint64{7, 8, 7}; !slices.Equal(got, want) {
		t.Errorf("the games kept are seeds %v; want %v (the first once, then its twin)", got, want)
	}
	st, err := d.Stats(t.Context(), &g.Board)
	if err != nil || len(st) != 1 || st[0].Played != 2 {
		t.Errorf("Stats(%v) = %+v, %v; want 2 games played", g.Board, st, err)
	}
	if names := pendingFiles(t, d); len(names) != 0 {
		t.Errorf("pending files left: %v; want none", names)
	}
}

// TestPendingCorrupt puts files that are not games among the pending
// ones: each is moved aside with one warning, and the games are kept.
func TestPendingCorrupt(t *testing.T) {
	var warnings []string
	d, err := Open(t.TempDir(), func(msg string) { warnings = append(warnings, msg) })
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Pend(procGame(1, procBase, 3), ""); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Pend(procGame(2, procBase.Add(2*time.Minute), 3), ""); err != nil {
		t.Fatal(err)
	}
	between := pendingPrefix + "09223372036854775808-x" + pendingSuffix // 1970: first
	bad := map[string]string{
		between:                             "{\"v\":1,\"date\":\x1b[31m",
		pendingPrefix + "1" + pendingSuffix: `{"v":1,"date":"2026-03-01T12:01:00Z","board":"9x9n10 opening","result":"playing","layout":[],"moves":[]}`,
		pendingPrefix + "2" + pendingSuffix: "",
	}
	for name, data := range bad {
		if err := os.WriteFile(filepath.Join(d.pendingDir(), name), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	kept, left, err := d.KeepPending(t.Context(), keepAsIs)
	if kept != 2 || left != 0 || err != nil {
		t.Errorf("KeepPending() = %d, %d, %v; want 2, 0, nil", kept, left, err)
	}
	if got, want := keptSeeds(t, d), []uint64{1, 2}; !slices.Equal(got, want) {
		t.Errorf("the games kept are seeds %v; want %v", got, want)
	}
	if len(warnings) != len(bad) {
		t.Errorf("warnings %q; want %d, one a bad file", warnings, len(bad))
	}
	for _, w := range warnings {
		if strings.ContainsRune(w, '\x1b') || !strings.Contains(w, asideSuffix) {
			t.Errorf("warning %q; want one naming where the file went, with no escape", w)
		}
	}
	names := pendingFiles(t, d)
	for name := range bad {
		if !slices.Contains(names, name+asideSuffix) {
			t.Errorf("pending files %v; want %s moved aside", names, name)
		}
	}
	warnings = nil
	if kept, _, err := d.KeepPending(t.Context(), keepAsIs); kept != 0 || err != nil || len(warnings) != 0 {
		t.Errorf("KeepPending() again = %d, %v, warnings %q; want nothing kept, no warning", kept, err, warnings)
	}
}

// TestPendingPlayers checks that the pending games of a server's players
// wait apart, each kept in its player's records.
func TestPendingPlayers(t *testing.T) {
	p, err := OpenPlayers(t.Context(), t.TempDir(), "", procNoWarning(t))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	ann, bob := p.Player("SHA256:ann/+x"), p.Player("SHA256:bob")
	if _, err := ann.Pend(procGame(1, procBase, 3), ""); err != nil {
		t.Fatal(err)
	}
	if kept, _, err := bob.KeepPending(t.Context(), keepAsIs); kept != 0 || err != nil {
		t.Errorf("bob's KeepPending() = %d, %v; want 0, nil", kept, err)
	}
	if kept, _, err := ann.KeepPending(t.Context(), keepAsIs); kept != 1 || err != nil {
		t.Errorf("ann's KeepPending() = %d, %v; want 1, nil", kept, err)
	}
	for _, tt := range []struct {
		name string
		st   Store
		want int64
	}{{"ann", ann, 1}, {"bob", bob, 0}} {
		if n, err := tt.st.Count(t.Context()); n != tt.want || err != nil {
			t.Errorf("%s's Count() = %d, %v; want %d", tt.name, n, err, tt.want)
		}
	}
}

// FuzzDecodePending feeds decodePending what a pending file may hold: a
// game, or an error, never a panic.
func FuzzDecodePending(f *testing.F) {
	g := procGame(3, procBase, 4)
	g.V = history.Version
	for _, seed := range []string{
		"",
		"{}",
		`{"v":1}`,
		`{"v":99,"date":"x"}`,
		`{"v":1,"date":"2026-03-01T12:00:00Z","board":"9x9n10 opening","result":"won","layout":[],"moves":[]}`,
		`{"v":1,"date":"2026-03-01T12:00:00Z","board":"9x9n10 opening","result":"draw","layout":[],"moves":[]}`,
	} {
		f.Add([]byte(seed))
	}
	if data, err := json.Marshal(&g); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := decodePending(data)
		if err == nil && g.Result != "won" && g.Result != "lost" {
			t.Errorf("decodePending(%q) = result %q, nil; want an error for a game not finished", data, g.Result)
		}
	})
}

package session

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/game"
	"github.com/minesweeper-go/minesweeper/internal/store"
	"github.com/minesweeper-go/minesweeper/internal/store/storetest"
)

// storeIn returns a session over the store in dir, as a run of the game
// opens it, its warnings kept, its clock a minute later at each call.
func storeIn(t *testing.T, dir string) *Session {
	t.Helper()
	var s *Session
	var early []string // the warnings of the open, before s is made
	st, err := store.Open(dir, func(msg string) {
		if s == nil {
			early = append(early, msg)
			return
		}
		s.Warn(msg)
	})
	if err != nil {
		t.Fatal(err)
	}
	s = Over(st)
	s.warnings = early
	n := 0
	s.Now = func() time.Time {
		n++
		return t0.Add(time.Duration(n) * time.Minute)
	}
	t.Cleanup(s.Close)
	return s
}

// waitingFiles returns the names of the games that wait in dir's pending files.
func waitingFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, "pending"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "game-") {
			names = append(names, e.Name())
		}
	}
	return names
}

// wonIn returns the record of a game of small won in secs seconds.
func wonIn(t *testing.T, secs int) game.Kept {
	return won(t, secs, game.Drawn).Kept(at(secs), true)
}

// keptTimes returns the times, in seconds, of the games dir holds, by
// number.
func keptTimes(t *testing.T, dir string) []int64 {
	t.Helper()
	var times []int64
	for _, g := range historyOf(t, dir) {
		times = append(times, g.TimeMS/1000)
	}
	return times
}

// TestPendingBusy ends a game while another connection holds the write
// lock past the wait: the game waits in a pending file, the player reads
// that it is not kept yet (no path, no error number), the log has why,
// and the next start keeps it, once.
func TestPendingBusy(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "state")
	s := storeIn(t, dir)
	var logged []string
	s.Log = func(msg string) { logged = append(logged, msg) }
	s.Stats(smallConfig(t).Settings) // the store is open: only the keep waits

	db, err := sql.Open("sqlite", filepath.Join(dir, store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(context.Background(), "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	c := s.Ended(wonIn(t, 10))
	if _, err := conn.ExecContext(context.Background(), "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	if want := "not kept yet: the records are busy; it will be at the next start"; c.Note() != want || c.Number != 0 {
		t.Errorf("Ended() while another holds the records = %+v, note %q; want not kept, note %q", c, c.Note(), want)
	}
	if names := waitingFiles(t, dir); len(names) != 1 {
		t.Errorf("pending files %v; want one", names)
	}
	if w := s.Warnings(); len(w) != 1 || strings.Contains(w[0], dir) || strings.Contains(w[0], "(5)") || !strings.Contains(w[0], "busy") {
		t.Errorf("warnings %q; want one saying the records are busy, without a path or an error number", w)
	}
	if len(logged) != 1 || !strings.Contains(logged[0], "SQLITE_BUSY") && !strings.Contains(logged[0], "locked") {
		t.Errorf("logged %q; want one line with SQLite's error", logged)
	}
	s.Close()

	s = storeIn(t, dir)
	s.Stats(smallConfig(t).Settings)
	if w := s.Warnings(); len(w) != 1 || !strings.Contains(w[0], "kept now") {
		t.Errorf("warnings of the next start %q; want one saying the game is kept now", w)
	}
	s.Close()
	if got := keptTimes(t, dir); !slices.Equal(got, []int64{10}) {
		t.Errorf("the games kept took %v s; want [10]", got)
	}
	if names := waitingFiles(t, dir); len(names) != 0 {
		t.Errorf("pending files after the start %v; want none", names)
	}
}

// TestPendingReadOnly ends games on records the store will not write (a
// newer minesweeper's schema; a read-only file where the user is not
// root): each waits, in order, and the start after the records can be
// written keeps them in the order they ended; a game that ends then is
// kept after them.
func TestPendingReadOnly(t *testing.T) {
	tests := []struct {
		name string
		// lock makes the records unwritable; unlock undoes it.
		lock, unlock func(t *testing.T, path string)
		fault        string
	}{
		{"newer schema", setVersion(99), setVersion(0), "the records cannot be written"},
		{"read-only file", chmod(0o400), chmod(0o600), "the records cannot be written"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "state")
			path := filepath.Join(dir, store.FileName)
			s := storeIn(t, dir)
			if c := s.Ended(wonIn(t, 5)); c.Number != 1 {
				t.Fatalf("Ended() = %+v; want game 1", c)
			}
			s.Close()
			tt.lock(t, path)
			s = storeIn(t, dir)
			for _, secs := range []int{20, 30} {
				c := s.Ended(wonIn(t, secs))
				if want := "not kept yet: " + tt.fault + "; it will be at the next start"; c.Note() != want || c.Number != 0 {
					t.Errorf("Ended() of a %d s win = %+v, note %q; want not kept, note %q", secs, c, c.Note(), want)
				}
			}
			g := newGame(t, smallConfig(t), 1, game.Drawn)
			apply(t, g, at(0), mv(game.Open, 4, 0))
			if c := s.GaveUp(g.Kept(at(40), true)); c.Number != 0 || !strings.HasPrefix(c.Note(), "not kept yet") {
				t.Errorf("GaveUp() = %+v, note %q; want not kept yet", c, c.Note())
			}
			s.Close()
			if names := waitingFiles(t, dir); len(names) != 3 {
				t.Errorf("pending files %v; want three", names)
			}
			tt.unlock(t, path)
			s = storeIn(t, dir)
			if c := s.Ended(wonIn(t, 50)); c.Number != 5 {
				t.Errorf("Ended() after the start = %+v; want game 5, after the three that waited", c)
			}
			s.Close()
			if got := keptTimes(t, dir); !slices.Equal(got, []int64{5, 20, 30, 40, 50}) {
				t.Errorf("the games kept took %v s; want [5 20 30 40 50]", got)
			}
			if names := waitingFiles(t, dir); len(names) != 0 {
				t.Errorf("pending files at the end %v; want none", names)
			}
		})
	}
}

// setVersion returns a lock that sets the schema's version of the
// database to v, or, for 0, back to the version it had.
func setVersion(v int) func(t *testing.T, path string) {
	return func(t *testing.T, path string) {
		t.Helper()
		db, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if v == 0 {
			v = schemaVersion(t)
		}
		if _, err := db.Exec(fmt.Sprintf("PRAGMA user_version = %d", v)); err != nil {
			t.Fatal(err)
		}
	}
}

// schemaVersion returns the version of the schema of a new store.
func schemaVersion(t *testing.T) int {
	t.Helper()
	dir := t.TempDir()
	st, err := store.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	db, err := sql.Open("sqlite", filepath.Join(dir, store.FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v int
	if err := db.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// chmod returns a lock that sets the mode of the database file, and
// skips a test run by root, who writes any file.
func chmod(mode os.FileMode) func(t *testing.T, path string) {
	return func(t *testing.T, path string) {
		t.Helper()
		if os.Geteuid() == 0 {
			t.Skip("root writes a read-only file")
		}
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPendingBehind pends a game as another process would: the next game
// kept keeps it first, in the order they ended.
func TestPendingBehind(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	s := storeIn(t, dir)
	s.Stats(smallConfig(t).Settings) // the start: nothing waits
	noWarnings(t, s)
	other, err := store.Open(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := HistoryGame(wonIn(t, 15), t0)
	if _, err := other.Pend(h, ""); err != nil {
		t.Fatal(err)
	}
	other.Close()
	if c := s.Ended(wonIn(t, 25)); c.Number != 2 {
		t.Errorf("Ended() = %+v; want game 2, after the one that waited", c)
	}
	s.Close()
	if got := keptTimes(t, dir); !slices.Equal(got, []int64{15, 25}) {
		t.Errorf("the games kept took %v s; want [15 25]", got)
	}
}

// TestPendingDiskFull ends a game on a full disk (a small file system
// filled, which needs root to mount): the player reads that the disk is
// full and that the game waits, with no error number; once there is room
// the next start keeps it.
func TestPendingDiskFull(t *testing.T) {
	dir := storetest.Mount(t, "2m")
	s := storeIn(t, dir)
	if c := s.Ended(wonIn(t, 5)); c.Number != 1 {
		t.Fatalf("Ended() = %+v; want game 1", c)
	}
	filler := storetest.Fill(t, dir, 64<<10)
	var logged []string
	s.Log = func(msg string) { logged = append(logged, msg) }
	c := s.Ended(wonIn(t, 20))
	if want := "not kept yet: the disk is full; it will be at the next start"; c.Note() != want || c.Number != 0 {
		t.Errorf("Ended() on a full disk = %+v, note %q; want not kept, note %q", c, c.Note(), want)
	}
	if w := s.Warnings(); len(w) != 1 || strings.Contains(w[0], dir) || strings.Contains(w[0], "I/O") || !strings.Contains(w[0], "the disk is full") {
		t.Errorf("warnings %q; want one saying the disk is full, without a path or an error number", w)
	}
	if len(logged) != 1 || !strings.Contains(logged[0], "the disk is full ("+dir+")") {
		t.Errorf("logged %q; want one line naming the disk full", logged)
	}
	s.Close()
	if names := waitingFiles(t, dir); len(names) != 1 {
		t.Errorf("pending files %v; want one", names)
	}
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	s = storeIn(t, dir)
	if c := s.Ended(wonIn(t, 30)); c.Number != 3 {
		t.Errorf("Ended() with room again = %+v; want game 3", c)
	}
	s.Close()
	if got := keptTimes(t, dir); !slices.Equal(got, []int64{5, 20, 30}) {
		t.Errorf("the games kept took %v s; want [5 20 30]", got)
	}
}

// TestPendingReopened ends a game while the records cannot take it, then
// takes its end back: it waits marked undone, and is kept so, no best
// time.
func TestPendingReopened(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	path := filepath.Join(dir, store.FileName)
	s := storeIn(t, dir)
	s.Stats(smallConfig(t).Settings)
	s.Close()
	setVersion(99)(t, path)
	s = storeIn(t, dir)
	g := won(t, 10, game.Drawn)
	c := s.Ended(g.Kept(at(10), true))
	if !c.Pending {
		t.Fatalf("Ended() = %+v; want it waiting", c)
	}
	if err := g.Undo(at(20)); err != nil {
		t.Fatal(err)
	}
	s.Reopened(g.Kept(at(20), true), c.Number)
	s.Close()
	if names := waitingFiles(t, dir); len(names) != 1 {
		t.Errorf("pending files %v; want one", names)
	}
	setVersion(0)(t, path)
	s = storeIn(t, dir)
	st := s.Stats(smallConfig(t).Settings)
	s.Close()
	games := historyOf(t, dir)
	if len(games) != 1 || !games[0].Undone || games[0].TimeMS != 10000 {
		t.Errorf("the history holds %+v; want one game won in 10 s, marked undone", games)
	}
	if st.Counted.Played != 1 || len(st.Counted.Best) != 0 {
		t.Errorf("Stats() = %+v; want one game played, no best time", st)
	}
}

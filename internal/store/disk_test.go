package store

// Tests of the store's file as the disk has it: a full disk, a file in
// its place that is not a minesweeper database, a database of a newer
// schema.

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
	"github.com/minesweeper-go/minesweeper/internal/store/storetest"
)

// TestDiskFull fills a small file system with games: the Append that
// does not fit fails saying the disk is full, the games kept before it
// are all there, a game saved fails as cleanly, and once there is room
// again the store goes on.
func TestDiskFull(t *testing.T) {
	dir := storetest.Mount(t, "2m")
	// Room to free once the disk is full.
	filler := filepath.Join(dir, "filler")
	if err := os.WriteFile(filler, make([]byte, 256<<10), 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := Open(dir, procNoWarning(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	ctx := t.Context()

	isFull := func(what string, err error) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), "disk is full") || !strings.Contains(err.Error(), dir) {
			t.Errorf("%s on a full disk: error %v; want one saying the disk of %s is full", what, err, dir)
		}
	}
	// Large games until one does not fit, then small ones for the last
	// pages.
	var kept int64
	for _, moves := range []int{2000, 3} {
		var err error
		for i := 0; err == nil; i++ {
			if i == 1000 {
				t.Fatalf("1000 games of %d moves fit in 2 MB", moves)
			}
			g := procGame(uint64(kept+1), procBase.Add(time.Duration(kept)*time.Minute), moves)
			var n int64
			if n, err = d.Append(ctx, g); err == nil {
				if kept++; n != kept {
					t.Fatalf("Append = %d; want %d", n, kept)
				}
			}
		}
		isFull(fmt.Sprintf("Append (a game of %d moves)", moves), err)
	}
	t.Logf("%d games kept before the disk was full", kept)

	big := procGame(5000, procBase, 2000)
	_, err = d.Save(ctx, big, Claim{})
	isFull("Save", err)
	if saved, err := d.Saved(ctx, big.Board); len(saved) != 0 || err != nil {
		t.Errorf("Saved(%v) after a Save that failed = %d games, %v; want none", big.Board, len(saved), err)
	}
	if n, err := d.Count(ctx); n != kept || err != nil {
		t.Errorf("Count() = %d, %v; want %d", n, err, kept)
	}
	if n, g, err := d.Last(ctx); n != kept || g.Seed != uint64(kept) || err != nil {
		t.Errorf("Last() = %d, seed %d, %v; want %d, seed %d", n, g.Seed, err, kept, kept)
	}
	for n := int64(1); n <= kept; n++ {
		if g, err := d.Game(ctx, n); g.Seed != uint64(n) || err != nil {
			t.Errorf("Game(%d) = seed %d, %v; want seed %d", n, g.Seed, err, n)
		}
	}

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	if n, err := d.Append(ctx, procGame(uint64(kept+1), procBase.Add(time.Duration(kept)*time.Minute), 3)); n != kept+1 || err != nil {
		t.Errorf("Append with room again = %d, %v; want %d, nil", n, err, kept+1)
	}
	id, err := d.Save(ctx, big, Claim{})
	if err != nil {
		t.Errorf("Save with room again: %v", err)
	}
	if saved, err := d.Saved(ctx, big.Board); len(saved) != 1 || saved[0].ID != id || err != nil {
		t.Errorf("Saved(%v) = %v, %v; want the game saved, %d", big.Board, saved, err, id)
	}
	procIntegrity(t, d)
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if d, err = Open(dir, procNoWarning(t)); err != nil {
		t.Fatal(err)
	}
	if n, err := d.Count(ctx); n != kept+1 || err != nil {
		t.Errorf("Count() opened again = %d, %v; want %d", n, err, kept+1)
	}
}

// diskShape returns what is at path, to be compared with what it became:
// a file's bytes, a directory's files, or that it is a FIFO.
func diskShape(t *testing.T, path string) string {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case fi.Mode().IsRegular():
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("file %q", data)
	case fi.IsDir():
		entries, err := os.ReadDir(path)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		b.WriteString("directory")
		for _, e := range entries {
			fmt.Fprintf(&b, " %s: %s;", e.Name(), diskShape(t, filepath.Join(path, e.Name())))
		}
		return b.String()
	case fi.Mode()&os.ModeNamedPipe != 0:
		return "FIFO"
	}
	return fi.Mode().String()
}

// diskJunk returns n bytes of noise, the same every time.
func diskJunk(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestDiskNotADatabase puts in the database's place what is not one: it
// is moved aside as it is, with one warning, and new records start.
func TestDiskNotADatabase(t *testing.T) {
	write := func(data []byte) func(t *testing.T, path string) {
		return func(t *testing.T, path string) {
			if err := os.WriteFile(path, data, 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	tests := []struct {
		name  string
		make  func(t *testing.T, path string)
		aside bool // moved aside, with a warning
		// intact, when set, checks the file moved aside.
		intact func(t *testing.T, aside string)
	}{
		{name: "junk", make: write(diskJunk(10000)), aside: true},
		{name: "a text log", make: write(bytes.Repeat([]byte("2026-03-01 12:00:00 minesweeper started\n"), 300)), aside: true},
		{name: "an SQLite header, then junk", make: write(append([]byte("SQLite format 3\x00"), diskJunk(8192)...)), aside: true},
		{name: "a directory", make: func(t *testing.T, path string) {
			if err := os.Mkdir(path, 0o700); err != nil {
				t.Fatal(err)
			}
			write([]byte("a file in it\n"))(t, filepath.Join(path, "note"))
		}, aside: true},
		{name: "a FIFO", make: func(t *testing.T, path string) {
			if err := syscall.Mkfifo(path, 0o600); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
		}, aside: true},
		{name: "a database of another program", make: func(t *testing.T, path string) {
			db, err := sql.Open("sqlite", path)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if _, err := db.Exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('not a game')`); err != nil {
				t.Fatal(err)
			}
		}, aside: true,
			intact: func(t *testing.T, aside string) {
				db, err := sql.Open("sqlite", aside)
				if err != nil {
					t.Fatal(err)
				}
				defer db.Close()
				var text string
				if err := db.QueryRow(`SELECT text FROM notes`).Scan(&text); err != nil || text != "not a game" {
					t.Errorf("the other program's table, moved aside: %q, %v; want %q", text, err, "not a game")
				}
			}},
		{name: "a database cut short", make: func(t *testing.T, path string) {
			d, err := Open(filepath.Dir(path), procNoWarning(t))
			if err != nil {
				t.Fatal(err)
			}
			for i := range 20 {
				if _, err := d.Append(t.Context(), procGame(uint64(i+1), procBase.Add(time.Duration(i)*time.Minute), 200)); err != nil {
					t.Fatal(err)
				}
			}
			if err := d.Close(); err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(path, 3000); err != nil {
				t.Fatal(err)
			}
		}, aside: true},
		{name: "an empty file, an empty database", make: write(nil)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, FileName)
			tt.make(t, path)
			was := diskShape(t, path)

			var warnings []string
			d, err := Open(dir, func(s string) { warnings = append(warnings, s) })
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			defer d.Close()
			aside, err := filepath.Glob(path + ".corrupt-*")
			if err != nil {
				t.Fatal(err)
			}
			// The WAL files of a database moved aside go with it.
			aside = slices.DeleteFunc(aside, func(s string) bool { return strings.HasSuffix(s, "-wal") || strings.HasSuffix(s, "-shm") })
			switch {
			case !tt.aside:
				if len(warnings) != 0 || len(aside) != 0 {
					t.Errorf("Open warned %q and moved aside %q; want neither", warnings, aside)
				}
			case len(aside) != 1:
				t.Errorf("moved aside as %q; want one %s.corrupt-TIME", aside, FileName)
			case len(warnings) != 1 || !strings.Contains(warnings[0], path) || !strings.Contains(warnings[0], aside[0]):
				t.Errorf("Open warned %q; want one warning naming %s and %s", warnings, path, aside[0])
			default:
				if tt.intact != nil {
					tt.intact(t, aside[0])
				}
				if got := diskShape(t, aside[0]); got != was {
					t.Errorf("%s is %.200s; want what was at %s, %.200s", aside[0], got, FileName, was)
				}
			}

			ctx := t.Context()
			if n, err := d.Append(ctx, procGame(1, procBase, 3)); n != 1 || err != nil {
				t.Errorf("Append = %d, %v; want 1, nil", n, err)
			}
			if n, err := d.Count(ctx); n != 1 || err != nil {
				t.Errorf("Count() = %d, %v; want 1", n, err)
			}
			if fi, err := os.Lstat(path); err != nil || !fi.Mode().IsRegular() {
				t.Errorf("%s after Open: %v, %v; want a regular file", FileName, fi.Mode(), err)
			}
			procIntegrity(t, d)
		})
	}
}

// TestDiskNewerSchema opens a database whose schema is newer than this
// program's: it is read, with one warning, and nothing is written to it,
// not even the old files' import.
func TestDiskNewerSchema(t *testing.T) {
	dir := t.TempDir()
	ctx := t.Context()
	d, err := Open(dir, procNoWarning(t))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		if _, err := d.Append(ctx, procGame(uint64(i+1), procBase.Add(time.Duration(i)*time.Minute), 3)); err != nil {
			t.Fatal(err)
		}
	}
	unfinished := procGame(7, procBase, 3)
	id, err := d.Save(ctx, unfinished, Claim{})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, FileName)
	userVersion := func(set string) int {
		t.Helper()
		db, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if set != "" {
			if _, err := db.Exec(set); err != nil {
				t.Fatal(err)
			}
		}
		var v int
		if err := db.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	userVersion("PRAGMA user_version = 99")
	// An old log, which a store that writes would import.
	line, err := json.Marshal(procGame(3, procBase.Add(time.Hour), 3))
	if err != nil {
		t.Fatal(err)
	}
	logPath := filepath.Join(dir, oldLog)
	if err := os.WriteFile(logPath, append(line, '\n'), 0o600); err != nil {
		t.Fatal(err)
	}

	var warnings []string
	d, err = Open(dir, func(s string) { warnings = append(warnings, s) })
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if !d.ReadOnly() {
		t.Errorf("ReadOnly() = false; want true")
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "newer") || !strings.Contains(warnings[0], path) {
		t.Errorf("Open warned %q; want one warning that %s is of a newer minesweeper", warnings, path)
	}

	if n, err := d.Count(ctx); n != 2 || err != nil {
		t.Errorf("Count() = %d, %v; want 2", n, err)
	}
	if g, err := d.Game(ctx, 2); g.Seed != 2 || err != nil {
		t.Errorf("Game(2) = seed %d, %v; want seed 2", g.Seed, err)
	}
	if stats, err := d.Stats(ctx, nil); len(stats) != 2 || err != nil {
		t.Errorf("Stats(nil) = %d kinds, %v; want 2", len(stats), err)
	}
	if latest, err := d.Latest(ctx, 0, true); len(latest) != 2 || err != nil {
		t.Errorf("Latest(0, true) = %d games, %v; want 2", len(latest), err)
	}
	if saved, err := d.Saved(ctx, unfinished.Board); len(saved) != 1 || saved[0].ID != id || err != nil {
		t.Errorf("Saved(%v) = %v, %v; want the game saved, %d", unfinished.Board, saved, err, id)
	}

	writes := []struct {
		name  string
		write func() error
	}{
		{"Append", func() error { _, err := d.Append(ctx, procGame(4, procBase.Add(2*time.Hour), 3)); return err }},
		{"Amend", func() error {
			was, err := d.Game(ctx, 1)
			if err != nil {
				return err
			}
			now := was
			now.Assisted = true
			return d.Amend(ctx, 1, was, now)
		}},
		{"Save", func() error { _, err := d.Save(ctx, unfinished, Claim{}); return err }},
		{"Save replacing", func() error { _, err := d.Save(ctx, unfinished, Claim{ID: id}); return err }},
		{"Discard", func() error { return d.Discard(ctx, Claim{ID: id}) }},
		{"SetAside", func() error { return d.SetAside(ctx, id, "a test") }},
		{"SavePrefs", func() error { return d.SavePrefs(ctx, history.Prefs{Board: unfinished.Board}) }},
	}
	for _, w := range writes {
		if err := w.write(); !errors.Is(err, ErrReadOnly) {
			t.Errorf("%s on a newer store: error %v; want ErrReadOnly", w.name, err)
		}
	}
	if n, err := d.Count(ctx); n != 2 || err != nil {
		t.Errorf("Count() after the writes refused = %d, %v; want 2", n, err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if v := userVersion(""); v != 99 {
		t.Errorf("user_version after a read-only use = %d; want 99", v)
	}
	if _, err := os.Stat(logPath); err != nil {
		t.Errorf("the old log was taken from a read-only store: %v", err)
	}
}

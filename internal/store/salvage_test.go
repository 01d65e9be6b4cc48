package store

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/minesweeper-go/minesweeper/internal/history"
)

// damageGames is how many games the damaged databases hold.
const damageGames = 2_000

// leafPage returns the page number of a leaf page of the table or index
// name in the database file path, the first in key order (first) or one
// in the middle, with how many cells it holds, and the file's page size,
// as SQLite's dbstat table has them.
func leafPage(t *testing.T, path, name string, first bool) (page, cells, size int64) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var leaves int64
	if err := db.QueryRow(`SELECT count(*) FROM dbstat WHERE name = ? AND pagetype = 'leaf'`, name).Scan(&leaves); err != nil {
		t.Fatal(err)
	}
	at := leaves / 2
	if first {
		at = 0
	}
	if err := db.QueryRow(`SELECT pageno, ncell FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY path LIMIT 1 OFFSET ?`, name, at).Scan(&page, &cells); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`PRAGMA page_size`).Scan(&size); err != nil {
		t.Fatal(err)
	}
	if leaves < 3 || cells == 0 {
		t.Fatalf("%s has %d leaf pages, the one chosen %d cells; want a tree of several", name, leaves, cells)
	}
	return page, cells, size
}

// flipPage overwrites the header of page (counted from 1) of the file
// path, its kind and cell count, as a disk's fault would.
func flipPage(t *testing.T, path string, page, size int64) {
	t.Helper()
	if _, err := os.Stat(path + "-wal"); err == nil {
		t.Fatalf("%s-wal is there: the pages of the file are not all in it", path)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, (page-1)*size); err != nil {
		t.Fatal(err)
	}
}

// TestDamagedPage damages one page, of an index or of the games' table,
// of a database of 10,000 games, and checks that the damage is found, at
// open or by the next game kept, and survived: the file is moved aside,
// the games of every other page are all there, counted as one warning
// says, the game being kept is kept, and the statistics and the history
// read them all.
func TestDamagedPage(t *testing.T) {
	if raceEnabled {
		t.Skip("a result check, slow under the race detector: make test runs it without")
	}
	tests := []struct {
		name   string
		object string // the index or table damaged
		first  bool   // its first leaf page, else one in the middle
		check  bool   // found at open: the check has time to end
		kept   bool   // the game kept next is kept before it is found
	}{
		// games_date holds the newest game first: the page a game kept
		// next changes.
		{"index page found at open", "games_date", true, true, false},
		{"index page found by a keep", "games_date", true, false, false},
		{"table page found at open", "games", false, true, false},
		// A keep does not read the page: the history does.
		{"table page found by the history", "games", false, false, true},
	}
	// The records, made once and copied for each case: the games, a
	// game saved and the preferences.
	all := benchGames(damageGames)
	made := t.TempDir()
	d, _ := openIn(t, made)
	if _, err := d.AppendAll(ctx, all); err != nil {
		t.Fatal(err)
	}
	saved := testGame(damageGames + 5)
	savedID, err := d.Save(ctx, saved, Claim{})
	if err != nil {
		t.Fatal(err)
	}
	prefs := history.Prefs{V: history.Version, Board: expert}
	if err := d.SavePrefs(ctx, prefs); err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	records, err := os.ReadFile(filepath.Join(made, FileName))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, FileName)
			if err := os.WriteFile(path, records, 0o600); err != nil {
				t.Fatal(err)
			}
			page, cells, size := leafPage(t, path, tt.object, tt.first)
			flipPage(t, path, page, size)
			lost := int64(0)
			if tt.object == "games" {
				lost = cells
			}

			was := checkBudget
			if tt.check {
				checkBudget = time.Hour
			} else {
				checkBudget = 0
			}
			t.Cleanup(func() { checkBudget = was })
			d, w := openIn(t, dir)
			next := testGame(damageGames + 1)
			n, err := d.Append(ctx, next)
			if n != int64(damageGames)+1 || err != nil {
				t.Errorf("Append on the damaged records = %d, %v; want %d, nil", n, err, damageGames+1)
			}
			msgs := w.all()
			if tt.kept {
				if len(msgs) != 0 {
					t.Errorf("warnings before the damage is met %q; want none", msgs)
				}
				if _, err := d.Latest(ctx, 0, false); err != nil {
					t.Errorf("Latest(0) on the damaged records: %v", err)
				}
				msgs = w.all()
			}
			want := fmt.Sprintf("%d games saved, %d could not be read", int64(damageGames)-lost+int64(b2i(tt.kept)), lost)
			if len(msgs) != 1 || !strings.Contains(msgs[0], want) || !strings.Contains(msgs[0], ".corrupt-") {
				t.Errorf("warnings %q; want one saying %q and where the file went", msgs, want)
			}
			aside, _ := filepath.Glob(path + ".corrupt-*")
			if len(aside) != 1 {
				t.Errorf("files moved aside %q; want one", aside)
			}

			wantCount := int64(damageGames) - lost + 1
			if c, err := d.Count(ctx); c != wantCount || err != nil {
				t.Errorf("Count() = %d, %v; want %d", c, err, wantCount)
			}
			latest, err := d.Latest(ctx, 0, true)
			if int64(len(latest)) != wantCount || err != nil {
				t.Fatalf("Latest(0) = %d games, %v; want %d", len(latest), err, wantCount)
			}
			slices.SortFunc(latest, func(a, b Numbered) int { return int(a.N - b.N) })
			games := make([]history.Game, len(latest))
			for i, l := range latest {
				games[i] = l.Game
				if l.N <= int64(damageGames) && l.Game.Seed != all[l.N-1].Seed {
					t.Fatalf("game %d has seed %d; want %d", l.N, l.Game.Seed, all[l.N-1].Seed)
				}
			}
			// The statistics counted again are Summarize's of the games
			// there (their numbers keep the gaps of the games lost).
			stats, err := d.Stats(ctx, nil)
			if g, w := asJSON(t, stats), asJSON(t, history.Summarize(games)); g != w || err != nil {
				t.Errorf("Stats(nil) = %s, %v; want Summarize's %s", g, err, w)
			}
			if s, err := d.Saved(ctx, saved.Board); len(s) != 1 || s[0].ID != savedID || err != nil {
				t.Errorf("Saved(%v) = %v, %v; want the game saved, %d", saved.Board, s, err, savedID)
			}
			if p, ok, err := d.Prefs(ctx); !ok || p.Board != prefs.Board || err != nil {
				t.Errorf("Prefs() = %v, %v, %v; want %v", p, ok, err, prefs)
			}
			procIntegrity(t, d)
			d.Close()

			d, w = openIn(t, dir)
			if n, err := d.Append(ctx, testGame(damageGames+2)); n != int64(damageGames)+2 || err != nil {
				t.Errorf("Append opened again = %d, %v; want %d, nil", n, err, damageGames+2)
			}
			if msgs := w.all(); len(msgs) != 0 {
				t.Errorf("warnings opened again %q; want none", msgs)
			}
		})
	}
}

// TestServerDamagedPage damages one page, of an index or of the games'
// table, of a server's SQLite database holding two players' games, and
// checks that the damage is found, at open or by the games the players
// keep next at once, and survived once: the file moved aside, one
// warning (the server's log) with the counts, both games kept, every
// other game of both players there, and their names.
//
// Under -race it runs the first case alone, at 150 games a player, about
// the fewest whose index has the three leaf pages leafPage asks for (the
// salvage's work is the same at any size); without, it runs them all.
func TestServerDamagedPage(t *testing.T) {
	perPlayer := 400
	if raceEnabled {
		perPlayer = 150
	}
	tests := []struct {
		name   string
		object string // the index or table damaged
		first  bool   // its first leaf page, else one in the middle
		check  bool   // found at open: the check has time to end
	}{
		{"index page found by the keeps", "games_date", true, false},
		{"index page found at open", "games_date", true, true},
		{"table page found at open", "games", false, true},
	}
	if raceEnabled {
		tests = tests[:1]
	}
	ids := []string{"SHA256:ann", "SHA256:bob"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, PlayersFileName)
			s, _ := openServer(t, dir, "")
			for i, id := range ids {
				if _, err := s.view(id).AppendAll(ctx, benchGames(perPlayer)); err != nil {
					t.Fatal(err)
				}
				if err := s.SetName(ctx, id, []string{"Ann", "Bob"}[i]); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			page, cells, size := leafPage(t, path, tt.object, tt.first)
			flipPage(t, path, page, size)
			lost := int64(0)
			if tt.object == "games" {
				lost = cells
			}

			was := checkBudget
			if tt.check {
				checkBudget = time.Hour
			} else {
				checkBudget = 0
			}
			t.Cleanup(func() { checkBudget = was })
			s, w := openServer(t, dir, "")
			// Both players' games end at once: one salvage, both kept.
			errs := make(chan error, len(ids))
			for i, id := range ids {
				go func() {
					g := testGame(perPlayer + i)
					g.Date = time.Now().Add(-time.Minute)
					_, err := s.Player(id).Keep(ctx, g, func(Prior) history.Game { return g })
					errs <- err
				}()
			}
			for range ids {
				if err := <-errs; err != nil {
					t.Errorf("Keep on the damaged database = %v; want nil", err)
				}
			}
			// A game whose keep read no damaged page (the other player's,
			// when the page is the first's) may be kept before the other
			// meets the damage, and then is saved with the rest.
			base := int64(len(ids)*perPlayer) - lost
			want := fmt.Sprintf("%d games saved, %d could not be read", base, lost)
			orWant := fmt.Sprintf("%d games saved, %d could not be read", base+1, lost)
			if msgs := w.all(); len(msgs) != 1 || !strings.Contains(msgs[0], want) && !strings.Contains(msgs[0], orWant) || !strings.Contains(msgs[0], ".corrupt-") {
				t.Errorf("warnings %q; want one saying %q (or %q) and where the file went", msgs, want, orWant)
			}
			if aside, _ := filepath.Glob(path + ".corrupt-*"); len(aside) != 1 {
				t.Errorf("files moved aside %q; want one", aside)
			}
			var total int64
			for i, id := range ids {
				c, err := s.Player(id).Count(ctx)
				if err != nil {
					t.Fatal(err)
				}
				total += c
				if _, g, err := s.Player(id).Last(ctx); err != nil || g.Seed != uint64(perPlayer+i) {
					t.Errorf("%s's last game = seed %d, %v; want the game kept, seed %d", id, g.Seed, err, perPlayer+i)
				}
				if name, err := s.Name(ctx, id); name != []string{"Ann", "Bob"}[i] || err != nil {
					t.Errorf("Name(%s) = %q, %v; want %q", id, name, err, []string{"Ann", "Bob"}[i])
				}
			}
			if want := int64(len(ids)*perPlayer) - lost + int64(len(ids)); total != want {
				t.Errorf("the players' games = %d; want %d", total, want)
			}
			procIntegrity(t, s.d)
		})
	}
}

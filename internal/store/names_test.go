package store

import (
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSetNameLookAlike checks that a name that can pass for another
// player's (the same after normalisation, case folding and the
// confusable skeleton) is taken, with a line that names the other.
func TestSetNameLookAlike(t *testing.T) {
	eachServer(t, func(t *testing.T, b backend, s *players) {
		const bob = "SHA256:bob"
		for _, name := range []string{"abcd", "ace", "José", "Neo", "Paul", "modern"} {
			if err := s.SetName(ctx, "SHA256:"+name, name+" "+name); err != nil {
				t.Fatalf("SetName(%s, %q) = %v", name, name, err)
			}
		}
		for _, tt := range []struct{ name, taken string }{
			{"\u0430bcd \u0430bcd", "abcd abcd"}, // a Cyrillic а
			{"асе асе", "ace ace"},               // all Cyrillic
			{"Jose\u0301 Jose\u0301", ""},        // NFD: kept as NFC, the name itself
			{"ＡＢＣＤ ＡＢＣＤ", "abcd abcd"},           // fullwidth
			{"𝐚𝐛𝐜𝐝 𝐚𝐛𝐜𝐝", "abcd abcd"},           // mathematical bold
			{"NEO neo", "Neo Neo"},               // case
			{"Ｎｅｏ Ｎｅｏ", "Neo Neo"},               // fullwidth
			{"PauI PauI", "Paul Paul"},           // a capital i for an l
			{"PAUI paul", "Paul Paul"},           // in any case
			{"rnodern rnodern", "modern modern"}, // rn for m
		} {
			err := s.SetName(ctx, bob, tt.name)
			want := fmt.Sprintf("%q looks like %q, another player's name", tt.name, tt.taken)
			if tt.taken == "" {
				want = ErrNameTaken.Error() + `: "José José"`
			}
			if !errors.Is(err, ErrNameTaken) || !strings.Contains(err.Error(), want) {
				t.Errorf("SetName(%s, %q) = %v; want ErrNameTaken saying %s", bob, tt.name, err, want)
			}
		}
		if got, err := s.Name(ctx, bob); got != "" || err != nil {
			t.Errorf("Name(%s) = %q, %v; want none", bob, got, err)
		}
		// A name is kept composed: Hangul in syllables, é one character.
		const kim = "SHA256:kim"
		if err := s.SetName(ctx, kim, "\u1100\u1161\u11a8 Kim Jose\u0301"); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Name(ctx, kim); got != "각 Kim José" || err != nil {
			t.Errorf("Name(%s) = %+q, %v; want %+q", kim, got, err, "각 Kim José")
		}
	})
}

// TestNamesRekeyed checks that the migration to NameKey keeps every
// player's name, gives each its key, and of two names that now look
// alike lets the older player's hold the key, the younger keeping its
// name with a warning, the name no third player can take.
func TestNamesRekeyed(t *testing.T) {
	parallel(t)
	dir := t.TempDir()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, PlayersFileName))
	if err != nil {
		t.Fatal(err)
	}
	// The schema before NameKey: the steps before the one that brought it.
	old := slices.IndexFunc(migrations, func(m string) bool { return strings.Contains(m, "CREATE TABLE players_new") })
	for _, m := range migrations[:old] {
		if _, err := db.Exec(m); err != nil {
			t.Fatal(err)
		}
	}
	players := []struct {
		id, name string
		created  int64
		keyed    bool // holds its key after the migration
	}{
		{"SHA256:young", "асе", 2, false}, // Cyrillic, named after ace
		{"SHA256:ace", "ace", 1, true},
		{"SHA256:jose", "José", 3, true},
		{"SHA256:nfd", "Jose\u0301", 4, false},
		{"SHA256:zoe", "Zoë", 5, true},
	}
	if _, err := db.Exec(fmt.Sprintf("PRAGMA user_version = %d; PRAGMA application_id = %d", old, appID)); err != nil {
		t.Fatal(err)
	}
	for _, p := range players {
		// The key as the store kept it before: the name's case folding.
		if _, err := db.Exec(`INSERT INTO players (id, name, name_key, created) VALUES ($1, $2, lower($2), $3)`, p.id, p.name, p.created); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	s, w := openServer(t, dir, "")
	for _, p := range players {
		if got, err := s.Name(ctx, p.id); got != p.name || err != nil {
			t.Errorf("Name(%s) = %q, %v; want %q, kept", p.id, got, err, p.name)
		}
		var key sql.NullString
		if err := s.d.db.QueryRow(`SELECT name_key FROM players WHERE id = $1`, p.id).Scan(&key); err != nil {
			t.Fatal(err)
		}
		want := sql.NullString{}
		if p.keyed {
			want = sql.NullString{String: nameKey(p.name), Valid: true}
		}
		if key != want {
			t.Errorf("%s's key = %+v; want %+v", p.id, key, want)
		}
	}
	want := "names that look like an older player's, which holds the name, are kept without it (2): \"асе\", \"Jose\u0301\""
	if msgs := w.all(); len(msgs) != 1 || msgs[0] != want {
		t.Errorf("warnings %q; want %q", msgs, want)
	}
	for _, name := range []string{"ace", "асе", "JOSÉ"} {
		if err := s.SetName(ctx, "SHA256:new", name); !errors.Is(err, ErrNameTaken) {
			t.Errorf("SetName(new, %q) = %v; want ErrNameTaken", name, err)
		}
	}
	// The older player renames: the younger gets the key at the next start.
	if err := s.SetName(ctx, "SHA256:ace", "Ace of spades"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, w = openServer(t, dir, "")
	if err := s.SetName(ctx, "SHA256:new", "ace"); !errors.Is(err, ErrNameTaken) || !strings.Contains(err.Error(), `looks like "асе"`) {
		t.Errorf("SetName(new, %q) = %v; want ErrNameTaken, the key the younger's", "ace", err)
	}
	if msgs := w.all(); len(msgs) != 1 || !strings.HasSuffix(msgs[0], "(1): \"Jose\u0301\"") {
		t.Errorf("warnings %q; want the NFD José's alone", msgs)
	}
}

// TestNamesRekeyedAsWritten checks that the names kept before NameKey
// took the skeleton of a name as written are keyed again: of "Paul" and
// "PauI", both keyed before, the older player's holds the key, and the
// younger's is kept without it, with a warning.
func TestNamesRekeyedAsWritten(t *testing.T) {
	parallel(t)
	dir := t.TempDir()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, PlayersFileName))
	if err != nil {
		t.Fatal(err)
	}
	old := slices.Index(migrations, "UPDATE players SET name_key = NULL;") // before the step that keys again
	if old < 0 {
		t.Fatal("no migration keys the names again")
	}
	for _, m := range migrations[:old] {
		if _, err := db.Exec(m); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec(fmt.Sprintf("PRAGMA user_version = %d; PRAGMA application_id = %d", old, appID)); err != nil {
		t.Fatal(err)
	}
	for i, p := range []struct{ id, name, key string }{
		{"SHA256:paul", "Paul", "paul"},
		{"SHA256:paui", "PauI", "paui"}, // the key the store gave it then
	} {
		if _, err := db.Exec(`INSERT INTO players (id, name, name_key, created) VALUES ($1, $2, $3, $4)`, p.id, p.name, p.key, i); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	s, w := openServer(t, dir, "")
	for _, tt := range []struct {
		id  string
		key sql.NullString
	}{
		{"SHA256:paul", sql.NullString{String: "paul", Valid: true}},
		{"SHA256:paui", sql.NullString{}},
	} {
		var key sql.NullString
		if err := s.d.db.QueryRow(`SELECT name_key FROM players WHERE id = $1`, tt.id).Scan(&key); err != nil {
			t.Fatal(err)
		}
		if key != tt.key {
			t.Errorf("%s's key = %+v; want %+v", tt.id, key, tt.key)
		}
	}
	if msgs := w.all(); len(msgs) != 1 || !strings.HasSuffix(msgs[0], `(1): "PauI"`) {
		t.Errorf("warnings %q; want PauI's alone", msgs)
	}
	if err := s.SetName(ctx, "SHA256:new", "PAUL"); !errors.Is(err, ErrNameTaken) {
		t.Errorf("SetName(new, PAUL) = %v; want ErrNameTaken", err)
	}
}

// BenchmarkRekeyNames measures the migration to NameKey: the keying at
// open of 10,000 players' names, none keyed yet.
func BenchmarkRekeyNames(b *testing.B) {
	const n = 10000
	s, _ := openServer(b, b.TempDir(), "")
	tx, err := s.d.db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	for i := range n {
		if _, err := tx.Exec(`INSERT INTO players (id, name, created) VALUES ($1, $2, $3)`, fmt.Sprintf("SHA256:%d", i), fmt.Sprintf("Player %d", i), i); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		if _, err := s.d.db.Exec(`UPDATE players SET name_key = NULL`); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := rekeyNames(ctx, s.d, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*n), "µs/player")
}
